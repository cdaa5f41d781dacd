"""Merge layers, called on a list of tensors: `Add`, `Subtract`, `Multiply`, `Average`,
`Maximum`, `Minimum`, `Concatenate`."""

import tensorflow as tf

from keras.src.layer import Layer


class _Merge(Layer):
    def _compute_elemwise_op_output_shape(self, shape1, shape2):
        if shape1 is None or shape2 is None:
            return None
        if len(shape1) < len(shape2):
            return self._compute_elemwise_op_output_shape(shape2, shape1)
        if not shape2:
            return shape1
        output_shape = list(shape1[: -len(shape2)])
        for i, j in zip(shape1[-len(shape2):], shape2):
            if i is None or j is None:
                output_shape.append(None)
            elif i == 1:
                output_shape.append(j)
            elif j == 1:
                output_shape.append(i)
            else:
                if i != j:
                    raise ValueError(
                        f"Inputs have incompatible shapes. Received shapes {shape1} and {shape2}"
                    )
                output_shape.append(i)
        return tuple(output_shape)

    def build(self, input_shape):
        # Shape validation only, as Keras's merge layers build.
        if not isinstance(input_shape[0], (tuple, list)):
            raise ValueError(
                "A merge layer should be called on a list of inputs. "
                f"Received: input_shape={input_shape} (not a list of shapes)"
            )
        batch_sizes = {s[0] for s in input_shape if s} - {None}
        if len(batch_sizes) > 1:
            raise ValueError(
                "Cannot merge tensors with different batch sizes. "
                f"Received tensors with shapes {input_shape}"
            )
        output_shape = None if input_shape[0] is None else input_shape[0][1:]
        for shape in input_shape[1:]:
            shape = None if shape is None else shape[1:]
            output_shape = self._compute_elemwise_op_output_shape(output_shape, shape)
        self.built = True

    def call(self, inputs):
        out = inputs[0]
        for x in inputs[1:]:
            out = self._merge(out, x)
        return out


class Add(_Merge):
    def _merge(self, a, b):
        return tf.add(a, b)


class Subtract(_Merge):
    def call(self, inputs):
        if len(inputs) != 2:
            raise ValueError(
                "A `Subtract` layer should be called on exactly 2 inputs. "
                f"Received: inputs={inputs}"
            )
        return tf.subtract(inputs[0], inputs[1])


class Multiply(_Merge):
    def _merge(self, a, b):
        return tf.multiply(a, b)


class Maximum(_Merge):
    def _merge(self, a, b):
        return tf.maximum(a, b)


class Minimum(_Merge):
    def _merge(self, a, b):
        return tf.minimum(a, b)


class Average(_Merge):
    def call(self, inputs):
        out = inputs[0]
        for x in inputs[1:]:
            out = tf.add(out, x)
        return out / len(inputs)


class Concatenate(_Merge):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def build(self, input_shape):
        # Shape validation only, as Keras's `Concatenate` builds.
        if len(input_shape) < 1 or not isinstance(input_shape[0], (tuple, list)):
            raise ValueError(
                "A `Concatenate` layer should be called on a list of at least 1 input. "
                f"Received: input_shape={input_shape}"
            )
        if all(shape is None for shape in input_shape):
            self.built = True
            return
        reduced = [list(shape) for shape in input_shape]
        shape_set = set()
        for i in range(len(reduced)):
            concat_axis = self.axis % len(input_shape[i])
            for axis, value in enumerate(list(input_shape), start=1):
                # (Keras compares whole shapes with 1 here, so nothing is removed.)
                if axis != concat_axis and value == 1:
                    del reduced[i][axis]
            if len(reduced[i]) > self.axis:
                del reduced[i][self.axis]
            shape_set.add(tuple(reduced[i]))
        if len(shape_set) != 1:
            message = (
                "A `Concatenate` layer requires inputs with matching shapes except for the "
                f"concatenation axis. Received: input_shape={input_shape}"
            )
            ranks = set(len(shape) for shape in shape_set)
            if len(ranks) != 1:
                raise ValueError(message)
            (rank,) = ranks
            for axis in range(rank):
                dims = set(shape[axis] for shape in shape_set if shape[axis] is not None)
                if len(dims) > 1:
                    raise ValueError(message)
        self.built = True

    def call(self, inputs):
        return tf.concat(list(inputs), axis=self.axis)


def add(inputs, **kwargs):
    return Add(**kwargs)(inputs)


def concatenate(inputs, axis=-1, **kwargs):
    return Concatenate(axis=axis, **kwargs)(inputs)


def subtract(inputs, **kwargs):
    return Subtract(**kwargs)(inputs)


def multiply(inputs, **kwargs):
    return Multiply(**kwargs)(inputs)


def maximum(inputs, **kwargs):
    return Maximum(**kwargs)(inputs)


def minimum(inputs, **kwargs):
    return Minimum(**kwargs)(inputs)


def average(inputs, **kwargs):
    return Average(**kwargs)(inputs)
