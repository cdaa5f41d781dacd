"""`tf.compat.v1.summary.FileWriter`: TF1's event file writer, on the virtual file system
(`events.out.tfevents.<time>.<host>`, its first event the file version). Events and
serialized `Summary` protos given to it are written as TensorFlow frames them. The TF1
summary ops (`scalar`, `merge_all`, ...) are not emulated and say so."""

import os
import time

from _tensorflow import summary
from _tensorflow.tfrecord import frame


class FileWriter:
    def __init__(self, logdir, graph=None, max_queue=10, flush_secs=120, graph_def=None,
                 filename_suffix=None, session=None):
        self._logdir = str(logdir)
        os.makedirs(self._logdir, exist_ok=True)
        name = "events.out.tfevents.%010d.localhost%s" % (int(time.time()),
                                                          filename_suffix or "")
        self._path = os.path.join(self._logdir, name)
        self._closed = False
        with open(self._path, "wb") as handle:
            handle.write(frame(summary._event(0, file_version="brain.Event:2")))

    def get_logdir(self):
        return self._logdir

    def _append(self, event):
        if self._closed:
            return
        with open(self._path, "ab") as handle:
            handle.write(frame(event))

    def add_summary(self, summary_proto, global_step=None):
        """Writes a serialized `Summary` (bytes, as a TF1 summary op's value)."""
        if not isinstance(summary_proto, bytes):
            summary_proto = summary_proto.SerializeToString()
        step = int(global_step) if global_step is not None else 0
        event = summary._double_field(1, time.time()) + summary._int_field(2, step)
        self._append(event + summary._field(5, summary_proto))

    def add_graph(self, graph, global_step=None, graph_def=None):
        """Graphs are not serialized here: nothing is written."""

    def add_event(self, event):
        self._append(event if isinstance(event, bytes) else event.SerializeToString())

    def flush(self):
        pass

    def close(self):
        self._closed = True

    def reopen(self):
        self._closed = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


def _not_emulated(name):
    def op(*args, **kwargs):
        raise NotImplementedError(
            f"tf.compat.v1.summary.{name} (TF1 summary ops) is not emulated in this "
            "playground yet; use tf.summary (TF2) with tf.summary.create_file_writer.")
    op.__name__ = name
    return op


scalar = _not_emulated("scalar")
histogram = _not_emulated("histogram")
image = _not_emulated("image")
text = _not_emulated("text")
audio = _not_emulated("audio")
merge = _not_emulated("merge")
merge_all = _not_emulated("merge_all")
