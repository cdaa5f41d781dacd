"""`keras.utils.Progbar`: the progress bar of `fit`, `evaluate`, `predict` and custom training
loops, written as Keras writes it to a terminal or a notebook: each redraw backspaces over the
previous one and returns the carriage, the count and elapsed time in bold and the bar in
green and white (ANSI escapes), at most every `interval` seconds of the (simulated) clock, and
a final line once the target is reached. The page's console draws it as a terminal does."""

import math
import sys
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
        # Keras redraws in place on a terminal, in a notebook and on any POSIX system, which
        # is where the programs the playground runs come from.
        self._dynamic_display = True
        self._seen_so_far = 0
        self._values = {}
        self._values_order = []
        self._start = time.time()
        self._last_update = 0
        self._time_at_epoch_start = self._start
        self._time_after_first_step = None
        self._prev_total_width = 0
        self._read = None

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
            if stateless and not finalize and value is not None:
                base = max(current - self._seen_so_far, 1)
                if name not in self._values:
                    self._values[name] = [value * base, base]
                else:
                    self._values[name][0] += value * base
                    self._values[name][1] += base
            else:
                self._values[name] = [value, 1]
        self._seen_so_far = current
        if self.verbose == 1 and not finalize and self._too_soon(current):
            return
        now = time.time()
        self._read = (current, now)
        time_per_unit = self._estimate_step_duration(current, now)
        if self.verbose == 1:
            if now - self._last_update < self.interval and not finalize:
                return
            self._draw(current, now, time_per_unit, finalize)
        elif self.verbose == 2 and finalize and self.target is not None and self.target > 0:
            count = f"{current:{int(math.log10(self.target)) + 1}d}/{self.target}"
            line = f"{count} - {now - self._start:.0f}s -" + \
                _format_time(time_per_unit, self.unit_name)
            for name in self._values_order:
                line += f" - {name}: {self._mean(name, signed=False)}"
            _write(line + "\n")
        self._last_update = now

    def _too_soon(self, current):
        """Whether a redraw at `current` would come sooner than `interval` after the last
        one, by the pace of the clock's last reads. Keras reads the clock at every update;
        here reading it means scheduling the ops the run recorded, so an update that surely
        comes too soon skips the read. Which intermediate states are drawn depends on timing
        in Keras too; the final line does not."""
        if self._read is None or self._time_after_first_step is None:
            return False
        step, then = self._read
        if current <= step:
            return False
        pace = (then - self._time_after_first_step) / (step - 1) if step > 1 else \
            then - self._start
        return then + pace * (current - step) - self._last_update < self.interval

    def _draw(self, current, now, time_per_unit, finalize):
        """One redraw of the bar, as `verbose=1` writes it."""
        message = "\b" * self._prev_total_width + "\r" if self._dynamic_display else "\n"
        escapes = 0
        known = self.target is not None and self.target > 0
        if known:
            count = f"{current:{int(math.log10(self.target)) + 1}d}/{self.target}"
            bar = f"\x1b[1m{count}\x1b[0m "
            escapes += 8
            done = int(self.width * (float(current) / self.target))
            if done > 0:
                bar += f"\x1b[32m{'━' * done}\x1b[0m"
                escapes += 9
            bar += f"\x1b[37m{'━' * (self.width - done)}\x1b[0m"
            escapes += 9
        else:
            bar = f"{current:7d}/Unknown"
        if known and not finalize:
            eta = time_per_unit * (self.target - current)
            if eta > 3600:
                eta_text = "%d:%02d:%02d" % (eta // 3600, (eta % 3600) // 60, eta % 60)
            elif eta > 60:
                eta_text = "%d:%02d" % (eta // 60, eta % 60)
            else:
                eta_text = "%ds" % eta
            info = f" \x1b[1m{eta_text}\x1b[0m"
        else:
            info = f" \x1b[1m{now - self._start:.0f}s\x1b[0m"
        escapes += 8
        info += _format_time(time_per_unit, self.unit_name)
        for name in self._values_order:
            info += f" - {name}: {self._mean(name, signed=True)}"
        total_width = len(bar) + len(info) - escapes
        message += bar + info
        if self._prev_total_width > total_width:
            message += " " * (self._prev_total_width - total_width)
        if finalize:
            message += "\n"
        _write(message)
        self._prev_total_width = total_width

    def _mean(self, name, signed):
        """The text of `name`'s value: its mean over the updates, in Keras's format
        (`verbose=1` compares its magnitude with 1e-3, `verbose=2` the signed value)."""
        total, count = self._values[name]
        if total is None:
            # A value beyond the run's work budget (values on demand).
            return "<not computed>"
        if not isinstance(total, float):
            total = np.mean(total)
        mean = total / max(1, count)
        large = abs(mean) > 1e-3 if signed else mean > 1e-3
        return f"{mean:.4f}" if large else f"{mean:.4e}"

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


def _write(message):
    sys.stdout.write(message)
    sys.stdout.flush()
