"""`tf.io`: reading and writing files of the run's virtual file system as string tensors
(`read_file`, `write_file`), `tf.io.gfile` (TensorFlow's file API over the same files), and
`decode_raw`."""

import glob as _glob
import os
import shutil

import numpy as np
import tensorflow as tf


def read_file(filename, name=None):
    path = tf.convert_to_tensor(filename).numpy()
    path = path.decode() if isinstance(path, bytes) else str(path)
    if not os.path.exists(path):
        raise tf.errors.NotFoundError(None, None, f"{path}; No such file or directory")
    with open(path, "rb") as handle:
        return tf.constant(handle.read())


def write_file(filename, contents, name=None):
    path = tf.convert_to_tensor(filename).numpy()
    path = path.decode() if isinstance(path, bytes) else str(path)
    data = tf.convert_to_tensor(contents).numpy()
    with open(path, "wb") as handle:
        handle.write(data if isinstance(data, bytes) else str(data).encode())


_DECODE_DTYPES = {"uint8": "uint8", "int8": "int8", "int16": "int16", "int32": "int32",
                  "int64": "int64", "float32": "float32", "float64": "float64"}


def decode_raw(input_bytes, out_type, little_endian=True, fixed_length=None, name=None):
    """Each string's bytes as numbers of `out_type`."""
    tensor = tf.convert_to_tensor(input_bytes, dtype=tf.string)
    out_type = tf.as_dtype(out_type)
    if not tf.executing_eagerly():
        raise NotImplementedError(
            "tf.io.decode_raw inside a tf.function is not emulated in this playground yet.")
    value = tensor.numpy()
    np_dtype = np.dtype(_DECODE_DTYPES[out_type.name])
    if isinstance(value, bytes):
        return tf.constant(np.frombuffer(value, dtype=np_dtype), dtype=out_type)
    rows = [np.frombuffer(v, dtype=np_dtype) for v in value.reshape(-1).tolist()]
    return tf.constant(np.stack(rows).reshape(tuple(value.shape) + rows[0].shape),
                       dtype=out_type)


class _GFile:
    """`tf.io.gfile.GFile`: an open file of the virtual file system."""

    def __init__(self, name, mode="r"):
        self._file = open(name, mode)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._file.close()
        return False

    def __getattr__(self, name):
        return getattr(self._file, name)

    def __iter__(self):
        return iter(self._file)

    def size(self):
        return os.path.getsize(self._file.name)


class gfile:  # noqa: N801 - TensorFlow's module name
    """`tf.io.gfile`."""

    GFile = _GFile
    Open = _GFile

    @staticmethod
    def exists(path):
        return os.path.exists(path)

    @staticmethod
    def isdir(path):
        return os.path.isdir(path)

    @staticmethod
    def listdir(path):
        if not os.path.isdir(path):
            raise tf.errors.NotFoundError(None, None, f"Could not find directory {path}")
        return sorted(os.listdir(path))

    @staticmethod
    def makedirs(path):
        os.makedirs(path, exist_ok=True)

    @staticmethod
    def mkdir(path):
        os.mkdir(path)

    @staticmethod
    def remove(path):
        os.remove(path)

    @staticmethod
    def rmtree(path):
        shutil.rmtree(path)

    @staticmethod
    def rename(src, dst, overwrite=False):
        if os.path.exists(dst) and not overwrite:
            raise tf.errors.AlreadyExistsError(None, None, f"file already exists: {dst}")
        os.replace(src, dst)

    @staticmethod
    def copy(src, dst, overwrite=False):
        if os.path.exists(dst) and not overwrite:
            raise tf.errors.AlreadyExistsError(None, None, f"file already exists: {dst}")
        shutil.copyfile(src, dst)

    @staticmethod
    def glob(pattern):
        return sorted(_glob.glob(pattern))

    @staticmethod
    def walk(top, topdown=True, onerror=None):
        return os.walk(top, topdown=topdown)

    @staticmethod
    def stat(path):
        return os.stat(path)


# --- tf.train.Example parsing ----------------------------------------------------------------

import collections as _collections


class FixedLenFeature(_collections.namedtuple(
        "FixedLenFeature", ["shape", "dtype", "default_value"])):
    """A feature of a fixed shape (`default_value` when an example lacks it)."""

    __module__ = "tensorflow.python.ops.parsing_config"

    def __new__(cls, shape, dtype, default_value=None):
        return super().__new__(cls, shape, dtype, default_value)


class VarLenFeature(_collections.namedtuple("VarLenFeature", ["dtype"])):
    """A feature of any length, parsed into a `SparseTensor`."""

    __module__ = "tensorflow.python.ops.parsing_config"


class FixedLenSequenceFeature(_collections.namedtuple(
        "FixedLenSequenceFeature", ["shape", "dtype", "allow_missing", "default_value"])):
    """A feature of a fixed-shape item repeated any number of times."""

    __module__ = "tensorflow.python.ops.parsing_config"

    def __new__(cls, shape, dtype, allow_missing=False, default_value=None):
        return super().__new__(cls, shape, dtype, allow_missing, default_value)


_LIST_OF_DTYPE = {"int64": ("int64_list", "int64"), "float32": ("float_list", "float"),
                  "string": ("bytes_list", "string")}
_KIND_NAME = {"int64_list": "int64", "float_list": "float", "bytes_list": "string"}


def _parse_error(message, dense, sparse):
    return tf.errors.InvalidArgumentError(
        None, None,
        "{{function_node __wrapped__ParseExampleV2_Tdense_%d_num_sparse_%d_ragged_split_types_0_"
        "ragged_value_types_0_sparse_types_%d_device_/job:localhost/replica:0/task:0/device:CPU:0}}"
        " %s [Op:ParseExampleV2]" % (dense, sparse, sparse, message))


def _parse_examples(serialized, features, single):
    from _tensorflow.example_pb import Example

    if not tf.executing_eagerly():
        raise NotImplementedError(
            "tf.io.parse_example and parse_single_example inside a tf.function or "
            "Dataset.map are not emulated in this playground yet; parse eagerly (for "
            "example over `for record in dataset`).")
    if not features:
        raise ValueError("Argument `features` cannot be None.")
    records = tf.convert_to_tensor(serialized, tf.string).numpy()
    records = [records] if single else list(np.asarray(records).reshape(-1))
    sparse_keys = sorted(k for k, v in features.items() if isinstance(v, VarLenFeature))
    dense_keys = sorted(k for k, v in features.items() if isinstance(v, FixedLenFeature))
    other = [k for k in features if k not in sparse_keys and k not in dense_keys]
    if other:
        raise NotImplementedError(
            f"{type(features[other[0]]).__name__} is not emulated in this playground yet.")

    def error(message):
        return _parse_error(message, len(dense_keys), len(sparse_keys))

    examples = []
    for record in records:
        try:
            examples.append(Example.FromString(bytes(record)))
        except Exception:
            raise error("Could not parse example input, value: '%s'" % record) from None

    def values_of(example, key, dtype):
        feature = example.features.feature.get(key)
        if feature is None or feature.WhichOneof("kind") is None:
            return None
        kind = feature.WhichOneof("kind")
        wanted, wanted_name = _LIST_OF_DTYPE[dtype.name]
        if kind != wanted:
            raise error(f"Key: {key}.  Data types don't match. Data type: {_KIND_NAME[kind]} "
                        f"but expected type: {wanted_name}")
        return list(getattr(feature, kind).value)

    result = {}
    for key in sparse_keys:
        dtype = tf.as_dtype(features[key].dtype)
        indices, values, longest = [], [], 0
        for row, example in enumerate(examples):
            items = values_of(example, key, dtype) or []
            longest = max(longest, len(items))
            for column, item in enumerate(items):
                indices.append([column] if single else [row, column])
                values.append(item)
        rank = 1 if single else 2
        shape = [longest] if single else [len(examples), longest]
        result[key] = tf.sparse.SparseTensor(
            indices=tf.constant(indices, tf.int64, shape=[len(indices), rank]),
            values=tf.constant(values, dtype, shape=[len(values)]),
            dense_shape=tf.constant(shape, tf.int64))
    for key in dense_keys:
        spec = features[key]
        dtype = tf.as_dtype(spec.dtype)
        shape = list(spec.shape) if isinstance(spec.shape, (list, tuple)) else \
            [int(d) for d in tf.TensorShape(spec.shape).as_list()]
        size = 1
        for dim in shape:
            size *= dim
        rows = []
        for example in examples:
            items = values_of(example, key, dtype)
            if items is None:
                if spec.default_value is None:
                    raise error(f"Feature: {key} (data type: {dtype.name}) is required but "
                                "could not be found.")
                rows.append(tf.broadcast_to(tf.cast(spec.default_value, dtype), shape))
                continue
            if len(items) != size:
                raise error(f"Key: {key}.  Can't parse serialized Example: Some "
                            f"{_LIST_OF_DTYPE[dtype.name][0]} slice was not parsed.")
            rows.append(tf.reshape(tf.constant(items, dtype), shape))
        result[key] = rows[0] if single else tf.stack(rows) if rows else \
            tf.zeros([0] + shape, dtype)
    return result


def parse_single_example(serialized, features, example_names=None, name=None):
    """One serialized `tf.train.Example` parsed by `features` (a dict of
    `FixedLenFeature` and `VarLenFeature`)."""
    return _parse_examples(serialized, features, True)


def parse_example(serialized, features, example_names=None, name=None):
    """A batch of serialized `tf.train.Example`s parsed by `features`."""
    return _parse_examples(serialized, features, False)


def TFRecordDataset(filenames, compression_type=None, buffer_size=None,  # noqa: N802
                    num_parallel_reads=None, name=None):
    """The records of TFRecord files, in order, as scalar strings."""
    from _tensorflow.tfrecord import read_records

    if compression_type not in (None, "", "NONE"):
        raise NotImplementedError(
            "Compressed TFRecord files are not emulated in this playground yet.")
    if tf.is_tensor(filenames):
        filenames = filenames.numpy()
    if isinstance(filenames, (str, bytes)):
        filenames = [filenames]
    records = []
    for filename in filenames:
        if hasattr(filename, "numpy"):
            filename = filename.numpy()
        if isinstance(filename, bytes):
            filename = filename.decode()
        records.extend(read_records(str(filename)))
    return tf.data.Dataset.from_tensor_slices(tf.constant(records, tf.string, shape=[len(records)]))


from _tensorflow.tfrecord import TFRecordWriter  # noqa: E402,F401


class TFRecordOptions:
    """`tf.io.TFRecordOptions`: a TFRecord file's compression (none, here)."""

    def __init__(self, compression_type=None, **kwargs):
        self.compression_type = compression_type
