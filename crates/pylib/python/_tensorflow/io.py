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
