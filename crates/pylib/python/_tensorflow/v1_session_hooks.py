"""`tf.compat.v1.train.SessionRunHook` and the values it is handed.

TF1 training loops (`MonitoredSession`, Estimator) call hooks around every `Session.run`.
The classes exist here so that programs which define hooks, as the migration guides do,
import and subclass them exactly as under TensorFlow; their semantics follow
`tensorflow/python/training/session_run_hook.py`.
"""

import collections


class SessionRunHook:
    """Hook to extend calls to MonitoredSession.run()."""

    def begin(self):
        """Called once before using the session."""
        pass

    def after_create_session(self, session, coord):
        """Called when a new TensorFlow session is created."""
        pass

    def before_run(self, run_context):
        """Called before each call to run(); may return a `SessionRunArgs`."""
        return None

    def after_run(self, run_context, run_values):
        """Called after each call to run()."""
        pass

    def end(self, session):
        """Called at the end of session."""
        pass


class SessionRunArgs(
        collections.namedtuple("SessionRunArgs", ["fetches", "feed_dict", "options"])):
    """Represents arguments to be added to a `Session.run()` call."""

    def __new__(cls, fetches, feed_dict=None, options=None):
        return super(SessionRunArgs, cls).__new__(cls, fetches, feed_dict, options)


class SessionRunContext:
    """Provides information about the `session.run()` call being made."""

    def __init__(self, original_args, session):
        self._original_args = original_args
        self._session = session
        self._stop_requested = False

    @property
    def original_args(self):
        return self._original_args

    @property
    def session(self):
        return self._session

    @property
    def stop_requested(self):
        return self._stop_requested

    def request_stop(self):
        self._stop_requested = True


class SessionRunValues(
        collections.namedtuple("SessionRunValues", ["results", "options", "run_metadata"])):
    """Contains the results of `Session.run()`."""
