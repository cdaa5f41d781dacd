"""`keras.utils.Progbar`: the progress bar of custom training loops, as the line Keras's
dynamic display leaves once a bar is finished (Colab redraws the line in place; the page
shows its final state): the count, the bar, the elapsed time, the time per unit and the
running means of the values given."""

import time

import numpy as np


def _format_time(seconds, unit_name):
    if seconds >= 1 or seconds == 0:
        return f" {seconds:.0f}s/{unit_name}"
    if seconds >= 1e-3:
        return f" {seconds * 1e3:.0f}ms/{unit_name}"
    return f" {seconds * 1e6:.0f}us/{unit_name}"


class Progbar:
    """A progress bar over `target` units (None: unknown)."""

    __module__ = "keras.src.utils.progbar"

    def __init__(self, target, width=20, verbose=1, interval=0.05, stateful_metrics=None,
                 stateless_metrics=None, unit_name="step"):
        if stateful_metrics is not None and stateless_metrics is not None:
            raise ValueError(
                "Only one of `stateful_metrics` or `stateless_metrics` can be provided. "
                "`stateful_metrics` is used to make metrics stateless by default (with an "
                "exclusion list), while `stateless_metrics` is used to make metrics stateful "
                "by default (with an exclusion list).")
        self.target = target
        self.width = width
        self.verbose = verbose
        self.interval = interval
        self.unit_name = unit_name
        if stateful_metrics is not None:
            self.stateful_metrics, self.stateless_metrics = set(stateful_metrics), None
        elif stateless_metrics is not None:
            self.stateful_metrics, self.stateless_metrics = None, set(stateless_metrics)
        else:
            self.stateful_metrics, self.stateless_metrics = set(), None
        self._seen_so_far = 0
        self._values = {}
        self._values_order = []
        self._start = time.time()
        self._time_after_first_step = None

    def update(self, current, values=None, finalize=None):
        """Moves the bar to `current`. A value named in `values` (`(name, value)` pairs) is
        shown as the running mean of its updates, or as given for a stateful metric and at
        the final update."""
        if finalize is None:
            finalize = self.target is not None and current >= self.target
        for name, value in values or []:
            if name not in self._values_order:
                self._values_order.append(name)
            if self.stateful_metrics is not None:
                stateless = name not in self.stateful_metrics
            else:
                stateless = name in self.stateless_metrics
            if stateless and not finalize:
                base = max(current - self._seen_so_far, 1)
                if name not in self._values:
                    self._values[name] = [value * base, base]
                else:
                    self._values[name][0] += value * base
                    self._values[name][1] += base
            else:
                self._values[name] = [value, 1]
        self._seen_so_far = current
        now = time.time()
        time_per_unit = self._estimate_step_duration(current, now)
        if not finalize or self.verbose == 0:
            return
        known = self.target is not None and self.target > 0
        count = f"{current:{len(str(self.target))}d}/{self.target}" if known \
            else f"{current:7d}/Unknown"
        if self.verbose == 1:
            line = f"{count} {'━' * self.width}" if known else count
            line += f" {now - self._start:.0f}s" + _format_time(time_per_unit, self.unit_name)
        elif known:
            line = f"{count} - {now - self._start:.0f}s -" + \
                _format_time(time_per_unit, self.unit_name)
        else:
            return
        for name in self._values_order:
            total, count = self._values[name]
            if not isinstance(total, float):
                total = float(np.mean(total))
            mean = total / max(1, count)
            small = abs(mean) <= 1e-3 if self.verbose == 1 else mean <= 1e-3
            line += f" - {name}: {mean:.4e}" if small else f" - {name}: {mean:.4f}"
        print(line)

    def add(self, n, values=None):
        """Moves the bar `n` units on."""
        self.update(self._seen_so_far + n, values)

    def _estimate_step_duration(self, current, now):
        if not current:
            return 0
        if self._time_after_first_step is not None and current > 1:
            per_unit = (now - self._time_after_first_step) / (current - 1)
        else:
            per_unit = (now - self._start) / current
        if current == 1:
            self._time_after_first_step = now
        return per_unit
