"""`tf.TensorArray`, as TensorFlow's eager implementation keeps it: a Python list of
tensors, written and read by index, stacked, gathered, concatenated, split. Inside a
`tf.function` the same list holds graph tensors, which serves Python loops (unrolled as
they trace). A TensorArray carried through a staged loop (`tf.while_loop`, or a
`tf.range` loop AutoGraph stages) becomes a `StagedTensorArray`: one tensor of all its
elements, `[size, *element_shape]`, written with `tensor_scatter_nd_update`, so an index
known only when the graph runs works."""

import numpy as np

import tensorflow as tf


def _out_of_range(message):
    return tf.errors.OutOfRangeError(None, None, message)


def _invalid(message):
    return tf.errors.InvalidArgumentError(None, None, message)


def _index(index, what):
    if isinstance(index, (tf.Tensor, tf.Variable)):
        value = tf.get_static_value(index)
        if value is None:
            raise NotImplementedError(
                f"A TensorArray {what} at an index known only when the graph runs is not "
                "emulated in this playground yet.")
        return int(value)
    return int(index)


class TensorArray:
    """A list of tensors of one dtype (and, once written, one shape)."""

    __module__ = "tensorflow.python.ops.tensor_array_ops"

    def __new__(cls, dtype=None, size=None, dynamic_size=None, *args, **kwargs):
        if cls is TensorArray and tf.is_tensor(size) and tf.get_static_value(size) is None:
            # A size known only when the graph runs: the array is staged from the start.
            return StagedTensorArray.make(dtype, None, bool(dynamic_size),
                                          kwargs.get("element_shape"), size)
        return object.__new__(cls)

    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None,
                 tensor_array_name=None, handle=None, flow=None, infer_shape=True,
                 element_shape=None, colocate_with_first_write_call=True, name=None):
        if handle is not None:
            raise ValueError("TensorArray handles are not supported when eager execution "
                             "is enabled.")
        if size is None:
            raise ValueError("Size must be declared for TensorArrays when eager execution "
                             "is enabled.")
        self._dtype = tf.as_dtype(dtype)
        self._dynamic_size = dynamic_size or False
        self._clear_after_read = True if clear_after_read is None else clear_after_read
        self._infer_shape = infer_shape
        self._element_shape = tf.TensorShape(element_shape)
        self._previously_read_indices = []
        self._tensor_array = [None] * _index(size, "size")

    @property
    def dtype(self):
        return self._dtype

    @property
    def element_shape(self):
        return self._element_shape

    @property
    def dynamic_size(self):
        return self._dynamic_size

    @property
    def flow(self):
        return tf.constant(0, dtype=tf.int32)

    @property
    def handle(self):
        return None

    def identity(self):
        return self

    def mark_used(self):
        pass

    def size(self, name=None):
        return tf.constant(len(self._tensor_array))

    def read(self, index, name=None):
        index = _index(index, "read")
        if index < 0:
            raise _out_of_range(
                "Reading from negative indices (index %d) is not allowed." % index)
        if index >= len(self._tensor_array):
            raise _out_of_range("Tried to read from index %d but array size is: %d "
                                % (index, len(self._tensor_array)))
        tensor = self._tensor_array[index]
        if tensor is None:
            if index in self._previously_read_indices:
                raise _invalid(
                    "Could not read index %d twice because it was cleared after a "
                    "previous read (perhaps try setting clear_after_read = false?)" % index)
            tensor = self._maybe_zero(index)
        if self._clear_after_read:
            self._tensor_array[index] = None
            self._previously_read_indices.append(index)
        return tensor

    def _write(self, index, value):
        index = _index(index, "write")
        if index < 0:
            raise _out_of_range(
                "Writing to negative indices (index %d) is not allowed." % index)
        size = len(self._tensor_array)
        if index >= size:
            if not self._dynamic_size:
                raise _out_of_range(
                    "Tried to write to index %d but array is not resizeable and size is: %d "
                    % (index, size))
            self._tensor_array.extend(None for _ in range(index - size + 1))
        if not isinstance(value, tf.Tensor):
            value = tf.convert_to_tensor(value, dtype_hint=self._dtype, name="value")
        if self._dtype != value.dtype:
            raise _invalid("TensorArray dtype is %s but Op is trying to write dtype %s "
                           % (self._dtype.name, value.dtype.name))
        if not self._element_shape.is_compatible_with(value.shape):
            raise ValueError("Incompatible shape for value (%s), expected (%s)"
                             % (value.shape, self._element_shape))
        if self._infer_shape:
            self._element_shape = self._element_shape.merge_with(value.shape)
        self._tensor_array[index] = value

    def write(self, index, value, name=None):
        self._write(index, value)
        return self

    def _maybe_zero(self, index):
        value = self._tensor_array[index]
        if value is None:
            if not self._element_shape.is_fully_defined():
                raise ValueError(f"Cannot convert a partially known TensorShape "
                                 f"{self._element_shape} to a Tensor.")
            value = self._tensor_array[index] = tf.zeros(self._element_shape, self._dtype)
        return value

    def stack(self, name=None):
        for index in range(len(self._tensor_array)):
            self._maybe_zero(index)
        if not self._tensor_array and self._element_shape.is_fully_defined():
            return tf.convert_to_tensor(
                np.ndarray([0] + self._element_shape.as_list()), dtype=self._dtype, name=name)
        return tf.convert_to_tensor(self._tensor_array, dtype=self._dtype, name=name)

    def gather(self, indices, name=None):
        if isinstance(indices, (tf.Tensor, tf.Variable)):
            indices = tf.get_static_value(indices)
        return tf.stack([self._maybe_zero(_index(i, "gather")) for i in indices])

    def concat(self, name=None):
        values = [self._maybe_zero(index) for index in range(len(self._tensor_array))]
        for index, value in enumerate(values):
            if value.shape.rank == 0:
                raise _invalid("Concat saw a scalar shape at index %d but requires at least "
                               "vectors." % index)
        return tf.concat(values, 0, name=name)

    def unstack(self, value, name=None):
        tensors = tf.unstack(value, name=name)
        if len(tensors) > len(self._tensor_array) and not self._dynamic_size:
            raise ValueError("Cannot unstack %d tensors into a TensorArray of static size %d "
                             % (len(tensors), len(self._tensor_array)))
        self._tensor_array = list(tensors)
        return self

    def scatter(self, indices, value, name=None):
        if isinstance(indices, (tf.Tensor, tf.Variable)):
            indices = tf.get_static_value(indices)
        for index, item in zip(indices, tf.unstack(value)):
            self._write(index, item)
        return self

    def split(self, value, lengths, name=None):
        value = tf.convert_to_tensor(value, dtype_hint=self._dtype, name="value")
        if value.dtype != self._dtype:
            raise _invalid("TensorArray dtype is %s but Op is trying to write dtype %s "
                           % (self._dtype.name, value.dtype.name))
        lengths = tf.convert_to_tensor(lengths)
        total = int(tf.reduce_sum(lengths))
        if lengths.shape.ndims != 1:
            raise _invalid("Expected lengths to be a vector, received shape: %s "
                           % lengths.shape.as_list())
        if value.shape.ndims == 0:
            raise _invalid("Expected value to be at least a vector, but received shape: %s "
                           % value.shape.as_list())
        if total != value.shape.as_list()[0]:
            raise _invalid("Expected sum of lengths to be equal to values.shape[0], but sum "
                           "of lengths is %d and value's shape is: %s "
                           % (total, value.shape.as_list()))
        if not self._dynamic_size and lengths.shape[0] != len(self._tensor_array):
            raise _invalid("TensorArray's size is not equal to the size of lengths (%d vs. "
                           "%d), and the TensorArray is not marked as dynamically "
                           "resizeable." % (len(self._tensor_array), lengths.shape[0]))
        self._tensor_array = list(tf.split(value, lengths, name=name))
        return self

    def close(self, name=None):
        del self._tensor_array[:]

    def grad(self, source, flow=None, name=None):
        raise NotImplementedError(
            "TensorArray.grad is not supported when executing eagerly; eager's gradient "
            "implementation does not use/need this function to compute gradients of "
            "operations that use TensorArrays.")


class StagedTensorArray(TensorArray):
    """A TensorArray as a loop variable of a staged loop: its elements stacked in one
    tensor (`None` until the first write tells the element shape). Writes return the
    array, which is also updated in place."""

    def __init__(self, *args, **kwargs):
        # Made by `make`; `TensorArray(...)` with a graph-tensor size calls this after.
        pass

    @classmethod
    def make(cls, dtype, buffer, dynamic_size=False, element_shape=None, size=None):
        """A staged array of `buffer` (`None`: not written yet; `size` elements)."""
        array = object.__new__(cls)
        array._setup(dtype, buffer, dynamic_size, element_shape, size)
        return array

    def _setup(self, dtype, buffer, dynamic_size, element_shape, size):
        self._dtype = tf.as_dtype(dtype)
        self._dynamic_size = dynamic_size
        self._clear_after_read = False
        self._infer_shape = True
        self._buffer = buffer
        self._size = size
        if buffer is not None:
            element_shape = buffer.shape[1:]
        self._element_shape = tf.TensorShape(element_shape)

    @classmethod
    def from_array(cls, array):
        """The staged form of `array` (a list-backed TensorArray)."""
        if isinstance(array, StagedTensorArray):
            return array
        size = len(array._tensor_array)
        if array._element_shape.is_fully_defined():
            for index in range(size):
                array._maybe_zero(index)
            if size:
                buffer = tf.stack(array._tensor_array)
            else:
                buffer = tf.zeros([0] + array._element_shape.as_list(), array._dtype)
            return cls.make(array._dtype, buffer, array._dynamic_size)
        return cls.make(array._dtype, None, array._dynamic_size, array._element_shape, size)

    def copy(self):
        """An array with the same elements that later writes to this one do not change."""
        return StagedTensorArray.make(self._dtype, self._buffer, self._dynamic_size,
                                      self._element_shape, self._size)

    def allocated(self, element_shape):
        """This array with its buffer made for elements of `element_shape`."""
        if self._buffer is not None:
            return self
        size = 0 if self._size is None else self._size
        if tf.is_tensor(size) and tf.get_static_value(size) is None:
            shape = tf.concat([tf.reshape(tf.cast(size, tf.int32), [1]),
                               tf.constant(list(element_shape), tf.int32)], 0)
        else:
            shape = [int(tf.get_static_value(size)) if tf.is_tensor(size) else size]
            shape += list(element_shape)
        buffer = tf.zeros(shape, self._dtype)
        return StagedTensorArray.make(self._dtype, buffer, self._dynamic_size)

    def size(self, name=None):
        if self._buffer is None:
            return tf.convert_to_tensor(0 if self._size is None else self._size)
        return tf.shape(self._buffer)[0]

    def _value(self, value):
        if not tf.is_tensor(value):
            value = tf.convert_to_tensor(value, dtype_hint=self._dtype, name="value")
        if self._dtype != value.dtype:
            raise _invalid("TensorArray dtype is %s but Op is trying to write dtype %s "
                           % (self._dtype.name, value.dtype.name))
        return value

    def write(self, index, value, name=None):
        value = self._value(value)
        if self._buffer is None:
            self._element_shape = value.shape
            self._buffer = self.allocated(value.shape.as_list())._buffer
        index = tf.cast(index, tf.int32)
        if self._dynamic_size:
            missing = tf.maximum(index + 1 - tf.shape(self._buffer)[0], 0)
            padding = tf.zeros(tf.concat([[missing], tf.shape(self._buffer)[1:]], 0),
                               self._dtype)
            self._buffer = tf.concat([self._buffer, padding], 0)
        self._buffer = tf.tensor_scatter_nd_update(
            self._buffer, tf.reshape(index, [1, 1]), tf.expand_dims(value, 0))
        return self

    def read(self, index, name=None):
        if self._buffer is None:
            raise ValueError("Cannot read from a TensorArray that was never written in "
                             "this loop.")
        return tf.gather(self._buffer, index)

    def stack(self, name=None):
        if self._buffer is None:
            return tf.zeros([0], self._dtype)
        return tf.identity(self._buffer, name=name)

    def gather(self, indices, name=None):
        return tf.gather(self._buffer, indices)

    def concat(self, name=None):
        shape = tf.shape(self._buffer)
        return tf.reshape(self._buffer, tf.concat([[shape[0] * shape[1]], shape[2:]], 0))

    def unstack(self, value, name=None):
        self._buffer = self._value(value)
        self._element_shape = self._buffer.shape[1:]
        return self

    def scatter(self, indices, value, name=None):
        value = self._value(value)
        if self._buffer is None:
            self._buffer = self.allocated(value.shape.as_list()[1:])._buffer
        indices = tf.reshape(tf.cast(indices, tf.int32), [-1, 1])
        self._buffer = tf.tensor_scatter_nd_update(self._buffer, indices, value)
        return self

    def close(self, name=None):
        pass
