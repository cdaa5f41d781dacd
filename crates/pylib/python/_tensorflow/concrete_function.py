"""What a `ConcreteFunction` derives from its outputs in Python, as TensorFlow's does:
`output_shapes` and `output_dtypes`, its structured outputs' shapes and dtypes."""

import tensorflow as tf


def output_shapes(function):
    return tf.nest.map_structure(lambda t: t.shape, function.structured_outputs)


def output_dtypes(function):
    return tf.nest.map_structure(lambda t: t.dtype, function.structured_outputs)


def inputs(function):
    """`ConcreteFunction.inputs`: the graph's placeholders, the arguments' and then the
    captured values', in the order the trace made them."""
    return [op.outputs[0] for op in function.graph.get_operations() if op.type == "Placeholder"]
