"""`tf.io`: reading and writing files of the run's virtual file system as string tensors
(`read_file`, `write_file`), `tf.io.gfile` (TensorFlow's file API over the same files),
`decode_raw`, TFRecord files (`TFRecordWriter`, and `tf.data.TFRecordDataset`) and the
parsing of `tf.train.Example`s (`parse_example`, `parse_single_example`)."""

import collections as _collections
import glob as _glob
import os
import shutil

import numpy as np
import tensorflow as tf
from _tensorflow.tfrecord import TFRecordWriter  # noqa: F401


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


def _parse_examples(serialized, features):
    """`ParseExampleV2` over `serialized` for `features`: a dict with the variable-length
    features (as `SparseTensor`s) first, then the fixed-length ones, each group sorted by
    name, as TensorFlow orders it."""
    if not features:
        raise ValueError("Argument `features` cannot be None.")
    sparse_keys = sorted(k for k, v in features.items() if isinstance(v, VarLenFeature))
    dense_keys = sorted(k for k, v in features.items() if isinstance(v, FixedLenFeature))
    other = [k for k in features if k not in sparse_keys and k not in dense_keys]
    if other:
        raise NotImplementedError(
            f"{type(features[other[0]]).__name__} is not emulated in this playground yet.")
    serialized = tf.convert_to_tensor(serialized, tf.string)
    defaults, shapes = [], []
    for key in dense_keys:
        spec = features[key]
        dtype = tf.as_dtype(spec.dtype)
        shape = [int(d) for d in tf.TensorShape(spec.shape).as_list()]
        if spec.default_value is None:
            defaults.append(tf.zeros([0], dtype))
        else:
            defaults.append(tf.reshape(tf.cast(spec.default_value, dtype)
                                       if dtype != tf.string else
                                       tf.convert_to_tensor(spec.default_value, tf.string),
                                       [-1]))
        shapes.append(shape)
    outputs = tf.raw_ops.ParseExampleV2(
        serialized=serialized, names=tf.constant([], tf.string),
        sparse_keys=tf.constant(sparse_keys, tf.string, shape=[len(sparse_keys)]),
        dense_keys=tf.constant(dense_keys, tf.string, shape=[len(dense_keys)]),
        ragged_keys=tf.constant([], tf.string), dense_defaults=defaults,
        num_sparse=len(sparse_keys),
        sparse_types=[tf.as_dtype(features[k].dtype) for k in sparse_keys],
        ragged_value_types=[], ragged_split_types=[], dense_shapes=shapes)
    indices, values, dense_shapes, dense = outputs[0], outputs[1], outputs[2], outputs[3]
    result = {}
    for i, key in enumerate(sparse_keys):
        result[key] = tf.sparse.SparseTensor(indices=indices[i], values=values[i],
                                             dense_shape=dense_shapes[i])
    for i, key in enumerate(dense_keys):
        result[key] = dense[i]
    return result


def parse_single_example(serialized, features, example_names=None, name=None):
    """One serialized `tf.train.Example` parsed by `features` (a dict of
    `FixedLenFeature` and `VarLenFeature`)."""
    return _parse_examples(serialized, features)


def parse_example(serialized, features, example_names=None, name=None):
    """A batch of serialized `tf.train.Example`s parsed by `features`."""
    return _parse_examples(serialized, features)


def TFRecordDataset(filenames, compression_type=None, buffer_size=None,  # noqa: N802
                    num_parallel_reads=None, name=None):
    """The records of TFRecord files, in order, as scalar strings."""
    from _tensorflow.tfrecord import read_records

    if compression_type not in (None, "", "NONE"):
        raise NotImplementedError(
            "Compressed TFRecord files are not emulated in this playground yet.")
    from _tensorflow.dataset_methods import file_names

    records = []
    for filename in file_names(filenames):
        records.extend(read_records(filename))
    return tf.data.Dataset.from_tensor_slices(tf.constant(records, tf.string, shape=[len(records)]))



class TFRecordOptions:
    """`tf.io.TFRecordOptions`: a TFRecord file's compression (none, here)."""

    def __init__(self, compression_type=None, **kwargs):
        self.compression_type = compression_type
