"""Timing small pieces of code, on the playground's simulated clock: a TensorFlow call is
timed as the emulated machine would run it, and the same program times the same on every
run.

Statements are callables (``timeit.timeit(lambda: f(x), number=10)``); a statement given as
a string needs ``exec``, which the playground does not have yet.
"""

import time

__all__ = ["Timer", "timeit", "repeat", "default_timer"]

default_number = 1000000
default_repeat = 5
default_timer = time.perf_counter


def _callable(stmt, name):
    if callable(stmt):
        return stmt
    if isinstance(stmt, str):
        if stmt.strip() in ("", "pass"):
            return lambda: None
        raise NotImplementedError(
            "timeit of a statement given as a string needs exec, which the playground "
            "does not support yet; pass a callable (timeit.timeit(lambda: ...))")
    raise ValueError("%s is neither a string nor callable" % name)


class Timer:
    """Times ``stmt`` after ``setup``."""

    def __init__(self, stmt="pass", setup="pass", timer=default_timer, globals=None):
        self.timer = timer
        self._stmt = _callable(stmt, "stmt")
        self._setup = _callable(setup, "setup")

    def timeit(self, number=default_number):
        """Seconds ``number`` runs of the statement take."""
        self._setup()
        stmt = self._stmt
        start = self.timer()
        for _ in range(number):
            stmt()
        return self.timer() - start

    def repeat(self, repeat=default_repeat, number=default_number):
        return [self.timeit(number) for _ in range(repeat)]

    def autorange(self, callback=None):
        i = 1
        while True:
            for j in 1, 2, 5:
                number = i * j
                time_taken = self.timeit(number)
                if callback:
                    callback(number, time_taken)
                if time_taken >= 0.2:
                    return (number, time_taken)
            i *= 10


def timeit(stmt="pass", setup="pass", timer=default_timer, number=default_number,
           globals=None):
    """Seconds ``number`` runs of ``stmt`` take."""
    return Timer(stmt, setup, timer, globals).timeit(number)


def repeat(stmt="pass", setup="pass", timer=default_timer, repeat=default_repeat,
           number=default_number, globals=None):
    return Timer(stmt, setup, timer, globals).repeat(repeat, number)
