"""Timing small pieces of code, on the playground's simulated clock: a TensorFlow call is
timed as the emulated machine would run it, and the same program times the same on every
run.

Statements are callables (``timeit.timeit(lambda: f(x), number=10)``) or source text, run
in ``globals`` (a fresh namespace by default, as in CPython: pass ``globals=globals()`` to
use the program's names).
"""

import time

__all__ = ["Timer", "timeit", "repeat", "default_timer"]

default_number = 1000000
default_repeat = 5
default_timer = time.perf_counter


_TEMPLATE = """
def inner(_it, _timer{init}):
    {setup}
    _t0 = _timer()
    for _i in _it:
        {stmt}
        pass
    _t1 = _timer()
    return _t1 - _t0
"""


def _indent(code, spaces):
    return code.replace("\n", "\n" + " " * spaces)


def _check(stmt, name):
    if not (callable(stmt) or isinstance(stmt, str)):
        raise ValueError("%s is neither a string nor callable" % name)


class Timer:
    """Times ``stmt`` after ``setup``."""

    def __init__(self, stmt="pass", setup="pass", timer=default_timer, globals=None):
        self.timer = timer
        _check(stmt, "stmt")
        _check(setup, "setup")
        namespace = {} if globals is None else globals
        local_ns = {}
        init = ""
        if isinstance(setup, str):
            compile(setup, "<timeit-src>", "exec")
            setup_text = _indent(setup, 4)
        else:
            local_ns["_setup"] = setup
            init += ", _setup=_setup"
            setup_text = "_setup()"
        if isinstance(stmt, str):
            compile(stmt, "<timeit-src>", "exec")
            stmt_text = _indent(stmt, 8)
        else:
            local_ns["_stmt"] = stmt
            init += ", _stmt=_stmt"
            stmt_text = "_stmt()"
        source = _TEMPLATE.format(stmt=stmt_text, setup=setup_text, init=init)
        exec(source, dict(namespace, **local_ns), local_ns)
        self.inner = local_ns["inner"]

    def timeit(self, number=default_number):
        """Seconds ``number`` runs of the statement take."""
        return self.inner(range(number), self.timer)

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
