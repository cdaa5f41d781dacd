"""Variable operations TensorFlow writes in Python: assigning to a slice of a variable
(`v[0].assign(x)`, `v[:, 1].assign(y)`)."""

import enum

import tensorflow as tf


def sliced_assign(variable, key, value, use_locking=None, name=None, read_value=True):
    """Writes `value` (broadcast to the slice's shape) into `variable[key]`."""
    full = variable.read_value()
    positions = tf.reshape(tf.range(tf.size(full)), tf.shape(full))[key]
    value = tf.convert_to_tensor(value, dtype_hint=variable.dtype)
    if value.dtype != variable.dtype:
        raise TypeError(f"Cannot assign a {value.dtype.name} value to a slice of a "
                        f"{variable.dtype.name} variable.")
    value = tf.broadcast_to(value, tf.shape(positions))
    updated = tf.tensor_scatter_nd_update(
        tf.reshape(full, [-1]), tf.reshape(positions, [-1, 1]), tf.reshape(value, [-1]))
    return variable.assign(tf.reshape(updated, tf.shape(full)), read_value=read_value)


def _scattered(variable, indices, updates, scatter):
    updates = tf.convert_to_tensor(updates, dtype_hint=variable.dtype)
    return variable.assign(scatter(variable.read_value(), indices, updates))


def scatter_nd_update(variable, indices, updates, name=None):
    """Writes `updates` at `indices` of the variable (`tf.tensor_scatter_nd_update`)."""
    return _scattered(variable, indices, updates, tf.tensor_scatter_nd_update)


def scatter_nd_add(variable, indices, updates, name=None):
    """Adds `updates` at `indices` of the variable."""
    return _scattered(variable, indices, updates, tf.tensor_scatter_nd_add)


def scatter_nd_sub(variable, indices, updates, name=None):
    """Subtracts `updates` at `indices` of the variable."""
    return _scattered(variable, indices, updates, tf.tensor_scatter_nd_sub)


class VariableSynchronization(enum.Enum):
    """When a distributed variable's replicas agree: `AUTO` (the strategy decides),
    `NONE`, `ON_WRITE` (every update is mirrored) or `ON_READ` (each replica keeps its own
    value, combined by the aggregation when read)."""

    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


VariableSynchronization.__module__ = "tensorflow.python.ops.variables"


def synchronization(variable):
    """`Variable.synchronization`: what it was created with, `AUTO` by default."""
    chosen = getattr(variable, "_synchronization", None)
    return VariableSynchronization.AUTO if chosen is None else chosen
