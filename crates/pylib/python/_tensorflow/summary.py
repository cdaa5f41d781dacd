"""`tf.summary`: summary writers and the summaries TensorBoard reads (`scalar`, `histogram`,
`image`, `text`, `audio`, `write`), written as event files to the run's virtual file system.

An event file is what TensorFlow writes: TFRecord frames (length, masked CRC-32C) around
`Event` protocol buffers, the first one naming the file version, then one `Event` per
summary with the summary's tensor and its plugin's metadata, as TensorBoard's `summary_v2`
functions make them. Inside a `tf.function` a summary is staged as TensorFlow stages it only
in so far as the call returns `True`; its value is not known while tracing, so nothing is
written for it (the playground has no TensorBoard to show it)."""

import contextlib
import os
import struct
import time

import tensorflow as tf
from _tensorflow.example_pb import delimited, varint as _varint
from _tensorflow.tfrecord import crc, crc_table, frame as _tfrecord

_FILE_COUNT = [0]
_STATE = {"writer": None, "step": None, "record_if": True}


# --- the event file's encoding -------------------------------------------------------------

def _field(number, payload):
    """A length-delimited protocol buffer field."""
    if isinstance(payload, str):
        payload = payload.encode("utf-8")
    return delimited(number, payload)


def _int_field(number, value):
    return _varint(number << 3) + _varint(int(value))


def _double_field(number, value):
    return _varint(number << 3 | 1) + struct.pack("<d", value)


_DTYPE_ENUM = {"float32": 1, "float64": 2, "int32": 3, "uint8": 4, "string": 7,
               "int64": 9, "bool": 10, "float16": 19}
_PACK = {"float32": "<f", "float64": "<d", "int32": "<i", "int64": "<q", "uint8": "<B",
         "float16": "<e", "bool": "<?"}


def _tensor_proto(value):
    """A `TensorProto` of an eager tensor: its dtype, shape and content."""
    dtype = value.dtype.name
    shape = b"".join(_field(2, _int_field(1, dim)) for dim in value.shape)
    proto = _int_field(1, _DTYPE_ENUM.get(dtype, 1)) + _field(2, shape)
    flat = list(tf.reshape(value, [-1]).numpy())
    if dtype == "string":
        return proto + b"".join(_field(8, item) for item in flat)
    flat = [item.item() if hasattr(item, "item") else item for item in flat]
    fmt = _PACK.get(dtype, "<f")
    return proto + _field(4, b"".join(struct.pack(fmt, item) for item in flat))


def _metadata(plugin_name, description=None, content=b""):
    plugin = _field(1, plugin_name) + (_field(2, content) if content else b"")
    proto = _field(1, plugin)
    if description:
        proto += _field(3, description)
    return proto


def _event(step, summary_value=None, file_version=None):
    proto = _double_field(1, time.time()) + _int_field(2, step)
    if file_version is not None:
        proto += _field(3, file_version)
        proto += _field(10, _field(1, "tensorflow.core.util.events_writer"))
    if summary_value is not None:
        proto += _field(5, _field(1, summary_value))
    return proto


# --- writers -------------------------------------------------------------------------------

class SummaryWriter:
    """The interface of every summary writer (`tf.summary.SummaryWriter`)."""

    def set_as_default(self, step=None):
        """Makes this the default writer for the rest of the program."""
        self._check_open()
        _STATE["writer"] = self
        if step is not None:
            _STATE["step"] = step

    @contextlib.contextmanager
    def as_default(self, step=None):
        """The default writer (and step, if given) inside the `with` block."""
        self._check_open()
        previous = (_STATE["writer"], _STATE["step"])
        _STATE["writer"] = self
        if step is not None:
            _STATE["step"] = step
        try:
            yield self
        finally:
            self.flush()
            _STATE["writer"], _STATE["step"] = previous

    def init(self):
        """Nothing to initialise: the file is open from the start."""

    def flush(self):
        """Writes buffered events (events are written as they come)."""

    def close(self):
        """Closes the writer."""

    def _check_open(self):
        pass

    def _write(self, step, summary_value):
        raise NotImplementedError


class _ResourceSummaryWriter(SummaryWriter):
    """A writer of one event file under `logdir` (`tf.summary.create_file_writer`)."""

    __module__ = "tensorflow.python.ops.summary_ops_v2"

    def __init__(self, logdir, filename_suffix):
        os.makedirs(logdir, exist_ok=True)
        name = "events.out.tfevents.%010d.localhost.%d.%d.v2%s" % (
            int(time.time()), os.getpid(), _FILE_COUNT[0], filename_suffix or "")
        _FILE_COUNT[0] += 1
        self._path = os.path.join(logdir, name)
        self._closed = False
        with open(self._path, "wb") as handle:
            handle.write(_tfrecord(_event(0, file_version="brain.Event:2")))

    def _check_open(self):
        if self._closed:
            raise RuntimeError(f"SummaryWriter {self!r} is already closed")

    def close(self):
        self._closed = True

    def _write(self, step, summary_value):
        if self._closed:
            return
        with open(self._path, "ab") as handle:
            handle.write(_tfrecord(_event(step, summary_value)))


class _NoopSummaryWriter(SummaryWriter):
    """A writer that writes nothing (`tf.summary.create_noop_writer`)."""

    __module__ = "tensorflow.python.ops.summary_ops_v2"

    def _write(self, step, summary_value):
        pass


def create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None,
                       name=None, experimental_trackable=False, experimental_mesh=None):
    """A writer of an event file in `logdir` (made if missing)."""
    if logdir is None:
        return _NoopSummaryWriter()
    if tf.is_tensor(logdir):
        logdir = logdir.numpy()
    if isinstance(logdir, bytes):
        logdir = logdir.decode("utf-8")
    return _ResourceSummaryWriter(str(logdir), filename_suffix)


def create_noop_writer():
    """A writer that writes nothing."""
    return _NoopSummaryWriter()


# --- writing -------------------------------------------------------------------------------

def _recording():
    condition = _STATE["record_if"]
    if callable(condition):
        condition = condition()
    if tf.is_tensor(condition):
        condition = bool(condition.numpy()) if tf.executing_eagerly() else True
    return _STATE["writer"] is not None and bool(condition)


def should_record_summaries():
    """Whether a summary written now would be recorded: a default writer, and `record_if`."""
    return tf.constant(_recording())


@contextlib.contextmanager
def record_if(condition):
    """Records summaries inside the block only while `condition` (a bool, a boolean tensor
    or a function returning one) holds."""
    previous = _STATE["record_if"]
    _STATE["record_if"] = condition
    try:
        yield
    finally:
        _STATE["record_if"] = previous


def flush(writer=None, name=None):
    """Flushes `writer`, or the default writer."""
    writer = writer if writer is not None else _STATE["writer"]
    if writer is not None:
        writer.flush()


def _resolve_step(step):
    if step is None:
        step = _STATE["step"]
    if step is None:
        raise ValueError(
            "No step set. Please specify one either through the `step` argument or "
            "through tf.summary.experimental.set_step()")
    if isinstance(step, tf.Variable) or tf.is_tensor(step):
        if not tf.executing_eagerly():
            return None
        step = step.numpy()
    return int(step)


def _write(tag, tensor, step, metadata):
    """Writes `tensor` (or what the callable `tensor` makes, only when it is written) under
    `tag` at `step` with the serialized `SummaryMetadata` `metadata` (None: none); a boolean
    tensor, True when a default writer records it."""
    writer = _STATE["writer"]
    if writer is None or not _recording():
        return tf.constant(False)
    step = _resolve_step(step)
    if callable(tensor):
        tensor = tensor()
    tensor = tf.convert_to_tensor(tensor)
    if step is None or not tf.executing_eagerly():
        return tf.constant(True)
    value = _field(1, tag)
    if metadata is not None:
        value += _field(9, metadata)
    value += _field(8, _tensor_proto(tensor))
    writer._write(step, value)
    return tf.constant(True)


def write(tag, tensor, step=None, metadata=None, name=None):
    """Writes `tensor` under `tag` at `step` to the default writer; a boolean tensor, True
    when it was written."""
    if metadata is not None and not isinstance(metadata, bytes):
        metadata = b""
    return _write(tag, tensor, step, metadata)


def scalar(name, data, step=None, description=None):
    """Writes a scalar (TensorBoard's Scalars tab); its value as float32. The shape is
    checked whether or not anything is recorded, as TensorBoard's `scalar` asserts it."""
    data = tf.cast(data, tf.float32)
    if data.shape.rank != 0:
        raise ValueError(f"Expected scalar shape, saw shape: {data.shape}.")
    return _write(name, data, step, _metadata("scalars", description))


def histogram(name, data, step=None, buckets=None, description=None):
    """Writes a histogram of `data`'s values: `buckets` (30) ranges as `[left, right,
    count]` rows, computed only when it is recorded."""

    def rows():
        values = tf.reshape(tf.cast(data, tf.float64), [-1]).numpy().tolist()
        count = 30 if buckets is None else int(buckets)
        table = []
        if values and count > 0:
            low, high = min(values), max(values)
            if low == high:
                table = [[low - 0.5 + i / count, low - 0.5 + (i + 1) / count, 0.0]
                         for i in range(count)]
                table[-1][2] = float(len(values))
            else:
                width = (high - low) / count
                counts = [0.0] * count
                for value in values:
                    counts[min(int((value - low) / width), count - 1)] += 1.0
                table = [[low + i * width, low + (i + 1) * width, counts[i]]
                         for i in range(count)]
        return tf.constant(table, tf.float64) if table else tf.zeros([0, 3], tf.float64)

    return _write(name, rows, step, _metadata("histograms", description))


def image(name, data, step=None, max_outputs=3, description=None):
    """Writes up to `max_outputs` images of a `[k, h, w, c]` batch (`c` 1, 3 or 4), encoded
    only when they are recorded."""

    def encoded():
        images = tf.convert_to_tensor(data)
        if images.shape.rank != 4:
            raise ValueError(
                f"Tensor  must have rank 4.  Received rank {images.shape.rank}, shape "
                f"{images.shape}")
        if images.dtype != tf.uint8:
            images = tf.cast(tf.clip_by_value(tf.cast(images, tf.float32) * 255.0 + 0.5, 0,
                                              255), tf.uint8)
        height, width = int(images.shape[1]), int(images.shape[2])
        pixels = images.numpy()[:max_outputs]
        return tf.constant([str(width), str(height)] + [_png(item) for item in pixels])

    return _write(name, encoded, step, _metadata("images", description))


def text(name, data, step=None, description=None):
    """Writes a string tensor (TensorBoard's Text tab); the dtype is checked whether or not
    anything is recorded."""
    data = tf.convert_to_tensor(data)
    if data.dtype != tf.string:
        raise TypeError(f"tensor must be of type tf.string; got tf.{data.dtype.name}")
    return _write(name, data, step, _metadata("text", description))


def audio(name, data, sample_rate, step=None, max_outputs=3, encoding=None, description=None):
    """Writes up to `max_outputs` clips of a `[k, t, c]` batch as their samples."""

    def clips():
        samples = tf.convert_to_tensor(data, tf.float32)
        if samples.shape.rank != 3:
            raise ValueError(
                f"Tensor  must have rank 3.  Received rank {samples.shape.rank}, shape "
                f"{samples.shape}")
        return samples[:max_outputs]

    return _write(name, clips, step, _metadata("audio", description))


def graph(graph_data):
    """Writes a graph (the playground shows graphs itself; nothing is written)."""
    return tf.constant(_STATE["writer"] is not None)


def trace_on(graph=True, profiler=False, profiler_outdir=None):
    """Starts collecting a trace (the playground's own trace is in every run's report)."""


def trace_off():
    """Stops collecting a trace."""


def trace_export(name, step=None, profiler_outdir=None):
    """Writes the collected trace (nothing is collected here)."""
    _resolve_step(step)


def _png(pixels):
    """An image as PNG: one stored (uncompressed) deflate stream, valid for any reader."""
    height, width, channels = pixels.shape
    color = {1: 0, 2: 4, 3: 2, 4: 6}[channels]
    raw = []
    for row in pixels.reshape(height, width * channels).tolist():
        raw.append(0)
        raw.extend(row)
    raw = bytes(raw)
    stream = b"\x78\x01"
    for start in range(0, max(len(raw), 1), 65535):
        block = raw[start:start + 65535]
        final = 1 if start + 65535 >= len(raw) else 0
        stream += bytes([final]) + struct.pack("<HH", len(block), len(block) ^ 0xFFFF) + block
    stream += struct.pack(">I", _adler32(raw))

    def chunk(kind, payload):
        return (struct.pack(">I", len(payload)) + kind + payload
                + struct.pack(">I", _crc32(kind + payload)))

    header = struct.pack(">IIBBBBB", width, height, 8, color, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", bytes(stream))
            + chunk(b"IEND", b""))


def _adler32(data):
    a, b = 1, 0
    for byte in data:
        a = (a + byte) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


_CRC32_TABLE = crc_table(0xEDB88320)


def _crc32(data):
    return crc(_CRC32_TABLE, data)


class _Experimental:
    """`tf.summary.experimental`: the default step."""

    __name__ = "tensorflow._api.v2.summary.experimental"

    @staticmethod
    def set_step(step):
        """Sets the step summaries use when they are given none."""
        _STATE["step"] = step

    @staticmethod
    def get_step():
        """The default step, or None."""
        return _STATE["step"]

    @staticmethod
    @contextlib.contextmanager
    def summary_scope(name, default_name=None, values=None):
        with tf.name_scope(name or default_name) as scope:
            yield scope, scope

    @staticmethod
    def write_raw_pb(data, step=None, name=None):
        return tf.constant(_STATE["writer"] is not None)


experimental = _Experimental()
