"""Threads in a playground that has one: ``Thread.start()`` runs the target to completion
at once, so ``start``/``join`` programs print what they would with one worker at a time.
Locks, events, conditions and semaphores work for that schedule; a wait that nothing in a
single thread could ever end raises ``RuntimeError`` instead of hanging."""

import time as _time

__all__ = ["Thread", "Lock", "RLock", "Event", "Condition", "Semaphore", "BoundedSemaphore",
           "Timer", "Barrier", "local", "current_thread", "main_thread", "active_count",
           "enumerate", "get_ident", "get_native_id", "TIMEOUT_MAX", "ThreadError"]

TIMEOUT_MAX = 9223372036.0
ThreadError = RuntimeError

_counter = 0
_current = []


def _deadlock(what):
    return RuntimeError("{} would wait forever: the playground runs each thread to the end "
                        "when it starts, so no other thread can release it".format(what))


class Thread:
    """A thread of work; here ``start()`` runs it to the end before returning."""

    def __init__(self, group=None, target=None, name=None, args=(), kwargs=None, *,
                 daemon=None):
        global _counter
        _counter += 1
        self._ident_number = _counter
        if name is None:
            name = "Thread-{}".format(_counter)
            if target is not None and getattr(target, "__name__", None):
                name += " ({})".format(target.__name__)
        self._name = str(name)
        self._target = target
        self._args = tuple(args)
        self._kwargs = dict(kwargs or {})
        self._daemon = bool(daemon) if daemon is not None else False
        self._started = False
        self._finished = False
        self._ident = None

    name = property(lambda self: self._name,
                    lambda self, value: setattr(self, "_name", str(value)))
    daemon = property(lambda self: self._daemon,
                      lambda self, value: setattr(self, "_daemon", bool(value)))
    ident = property(lambda self: self._ident)
    native_id = property(lambda self: self._ident)

    def getName(self):
        return self._name

    def setName(self, name):
        self._name = str(name)

    def isDaemon(self):
        return self._daemon

    def setDaemon(self, daemonic):
        self._daemon = bool(daemonic)

    def run(self):
        if self._target is not None:
            self._target(*self._args, **self._kwargs)

    def start(self):
        if self._started:
            raise RuntimeError("threads can only be started once")
        self._started = True
        self._ident = 140000000000000 + self._ident_number
        _current.append(self)
        try:
            self.run()
        except SystemExit:
            pass
        except BaseException as exc:
            import sys
            print("Exception in thread {}:".format(self._name), file=sys.stderr)
            import traceback
            traceback.print_exception(exc)
        finally:
            _current.pop()
            self._finished = True

    def join(self, timeout=None):
        if not self._started:
            raise RuntimeError("cannot join thread before it is started")
        if self is current_thread():
            raise RuntimeError("cannot join current thread")

    def is_alive(self):
        return self._started and not self._finished

    def __repr__(self):
        status = "initial"
        if self._started:
            status = "stopped" if self._finished else "started"
        if self._daemon:
            status += " daemon"
        if self._ident is not None:
            status += " {}".format(self._ident)
        return "<{}({}, {})>".format(type(self).__name__, self._name, status)


class _MainThread(Thread):
    def __init__(self):
        Thread.__init__(self, name="MainThread")
        self._started = True
        self._ident = 140000000000000

    def __repr__(self):
        return "<_MainThread(MainThread, started {})>".format(self._ident)


_counter = 0
_main = _MainThread()
_counter = 0


def current_thread():
    return _current[-1] if _current else _main


def main_thread():
    return _main


def active_count():
    return 1 + len(_current)


def enumerate():
    return [_main] + list(_current)


def get_ident():
    return current_thread()._ident


get_native_id = get_ident


class Lock:
    """A lock: acquiring one that is held can only fail here."""

    def __init__(self):
        self._locked = False

    def acquire(self, blocking=True, timeout=-1):
        if not self._locked:
            self._locked = True
            return True
        if not blocking:
            return False
        if timeout is not None and timeout >= 0:
            _time.sleep(timeout)
            return False
        raise _deadlock("acquiring a held lock")

    def release(self):
        if not self._locked:
            raise RuntimeError("release unlocked lock")
        self._locked = False

    def locked(self):
        return self._locked

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()

    def __repr__(self):
        return "<{} _thread.lock object at 0x{:x}>".format(
            "locked" if self._locked else "unlocked", id(self))


class RLock(Lock):
    """A lock its owner may take again."""

    def __init__(self):
        super().__init__()
        self._owner = None
        self._count = 0

    def acquire(self, blocking=True, timeout=-1):
        me = current_thread()
        if self._count and self._owner is me:
            self._count += 1
            return True
        if super().acquire(blocking, timeout):
            self._owner = me
            self._count = 1
            return True
        return False

    def release(self):
        if not self._count or self._owner is not current_thread():
            raise RuntimeError("cannot release un-acquired lock")
        self._count -= 1
        if not self._count:
            self._owner = None
            super().release()


class Event:
    """A flag threads wait on."""

    def __init__(self):
        self._flag = False

    def is_set(self):
        return self._flag

    isSet = is_set

    def set(self):
        self._flag = True

    def clear(self):
        self._flag = False

    def wait(self, timeout=None):
        if self._flag:
            return True
        if timeout is None:
            raise _deadlock("waiting for an event nobody set")
        _time.sleep(timeout)
        return False


class Condition:
    """A condition variable over a lock."""

    def __init__(self, lock=None):
        self._lock = lock if lock is not None else RLock()
        self.acquire = self._lock.acquire
        self.release = self._lock.release

    def __enter__(self):
        return self._lock.__enter__()

    def __exit__(self, *exc):
        return self._lock.__exit__(*exc)

    def wait(self, timeout=None):
        if timeout is None:
            raise _deadlock("waiting on a condition")
        _time.sleep(timeout)
        return False

    def wait_for(self, predicate, timeout=None):
        result = predicate()
        if result:
            return result
        return self.wait(timeout)

    def notify(self, n=1):
        pass

    def notify_all(self):
        pass


class Semaphore:
    """A counter of free slots."""

    def __init__(self, value=1):
        if value < 0:
            raise ValueError("semaphore initial value must be >= 0")
        self._value = value

    def acquire(self, blocking=True, timeout=None):
        if self._value > 0:
            self._value -= 1
            return True
        if not blocking:
            return False
        if timeout is not None:
            _time.sleep(timeout)
            return False
        raise _deadlock("acquiring a semaphore with no free slot")

    def release(self, n=1):
        self._value += n

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()


class BoundedSemaphore(Semaphore):
    def __init__(self, value=1):
        super().__init__(value)
        self._initial = value

    def release(self, n=1):
        if self._value + n > self._initial:
            raise ValueError("Semaphore released too many times")
        self._value += n


class Barrier:
    def __init__(self, parties, action=None, timeout=None):
        self.parties = parties
        self.n_waiting = 0
        self.broken = False

    def wait(self, timeout=None):
        if self.parties == 1:
            return 0
        raise _deadlock("waiting at a barrier")


class Timer(Thread):
    """Calls a function after ``interval`` seconds (of the simulated clock)."""

    def __init__(self, interval, function, args=None, kwargs=None):
        super().__init__()
        self.interval = interval
        self.function = function
        self.args = args if args is not None else []
        self.kwargs = kwargs if kwargs is not None else {}
        self._cancelled = False

    def cancel(self):
        self._cancelled = True

    def run(self):
        _time.sleep(self.interval)
        if not self._cancelled:
            self.function(*self.args, **self.kwargs)


class local:
    """Per-thread attributes; with one thread at a time, a plain namespace."""
