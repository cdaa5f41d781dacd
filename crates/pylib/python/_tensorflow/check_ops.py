"""`tf.debugging`'s assertions, as TensorFlow writes them in Python: eagerly each checks
its condition at once and raises `InvalidArgumentError` with TensorFlow's message; inside
a `tf.function` it adds an `Assert` op that fails when the graph runs."""

import numpy as np

import _tf_control_flow
import tensorflow as tf


def _summarize_eager(tensor, summarize=None):
    """An eager tensor's first `summarize` values, as TensorFlow's eager `Assert` lists
    them."""
    if summarize is None:
        summarize = 3
    elif summarize < 0:
        summarize = int(tf.size(tensor))
    if tensor.shape.rank:
        flat = tensor.numpy().reshape((-1,))
        items = [str(x) for x in flat[:summarize]]
        if len(items) < flat.size:
            items.append("...")
    else:
        items = [str(tensor.numpy())] if summarize != 0 else []
    return ", ".join(items)


def Assert(condition, data, summarize=None, name=None):  # noqa: N802 - TensorFlow's name
    """Fails with `data` summarised when `condition` is false."""
    if tf.executing_eagerly():
        if not condition:
            xs = [tf.convert_to_tensor(x) for x in data]
            raise tf.errors.InvalidArgumentError(
                None, None, "Expected '%s' to be true. Summarized data: %s" % (
                    condition, "\n".join(_summarize_eager(x, summarize) for x in xs)))
        return None
    data = [tf.convert_to_tensor(x) for x in data]
    return _tf_control_flow.assert_op(condition, data, summarize, name)


def _pretty_print(item, summarize):
    if tf.is_tensor(item):
        array = item.numpy()
        if np.isscalar(array):
            return str(array)
        flat = array.reshape((-1,))
        items = [str(x) for x in flat[:summarize]]
        if len(items) < flat.size:
            items.append("...")
        return str(items)
    return str(item)


def _failure_data(symbol, x, y, summarize, holds):
    data = ["Condition x %s y did not hold." % symbol]
    if summarize > 0:
        if x.shape == y.shape and x.shape.as_list():
            mask = tf.logical_not(holds)
            indices = tf.where(mask).numpy()
            x_values = tf.boolean_mask(x, mask)
            y_values = tf.boolean_mask(y, mask)
            count = min(summarize, indices.shape[0])
            data.append("Indices of first %d different values:" % count)
            data.append(indices[:count])
            data.append("Corresponding x values:")
            data.append(x_values.numpy().reshape((-1,))[:count])
            data.append("Corresponding y values:")
            data.append(y_values.numpy().reshape((-1,))[:count])
        x_flat = x.numpy().reshape((-1,))
        y_flat = y.numpy().reshape((-1,))
        x_count = min(x_flat.size, summarize)
        y_count = min(y_flat.size, summarize)
        data.append("First %d elements of x:" % x_count)
        data.append(x_flat[:x_count])
        data.append("First %d elements of y:" % y_count)
        data.append(y_flat[:y_count])
    return data


def _binary_assert(opname, symbol, test, x, y, data, summarize, message, name):
    if not tf.executing_eagerly():
        with tf.name_scope(name or opname):
            return _graph_binary_assert(symbol, test, x, y, data, summarize, message)
    x = tf.convert_to_tensor(x, name="x")
    y = tf.convert_to_tensor(y, name="y")
    holds = test(x, y)
    if bool(tf.reduce_all(holds)):
        return None
    summarize = 3 if summarize is None else (10 ** 9 if summarize < 0 else summarize)
    if data is None:
        data = _failure_data(symbol, x, y, summarize, holds)
    if message is not None:
        data = [message] + list(data)
    raise tf.errors.InvalidArgumentError(
        None, None, "\n".join(_pretty_print(item, summarize) for item in data))


def _graph_binary_assert(symbol, test, x, y, data, summarize, message):
    x = tf.convert_to_tensor(x, name="x")
    y = tf.convert_to_tensor(y, name="y")
    if data is None:
        data = ["Condition x %s y did not hold element-wise:" % symbol,
                "x (%s) = " % x.name, x, "y (%s) = " % y.name, y]
    if message is not None:
        data = [message] + list(data)
    return Assert(tf.reduce_all(test(x, y)), data, summarize=summarize)


def assert_equal(x, y, message=None, summarize=None, name=None):
    return _binary_assert("assert_equal", "==", tf.equal, x, y, None, summarize, message, name)


def assert_none_equal(x, y, summarize=None, message=None, name=None):
    return _binary_assert("assert_none_equal", "!=", tf.not_equal, x, y, None, summarize, message, name)


def assert_less(x, y, message=None, summarize=None, name=None):
    return _binary_assert("assert_less", "<", tf.less, x, y, None, summarize, message, name)


def assert_less_equal(x, y, message=None, summarize=None, name=None):
    return _binary_assert("assert_less_equal", "<=", tf.less_equal, x, y, None, summarize, message, name)


def assert_greater(x, y, message=None, summarize=None, name=None):
    return _binary_assert("assert_greater", ">", tf.greater, x, y, None, summarize, message, name)


def assert_greater_equal(x, y, message=None, summarize=None, name=None):
    return _binary_assert("assert_greater_equal", ">=", tf.greater_equal, x, y, None, summarize, message, name)


def check_numerics(tensor, message, name=None):
    """`tensor`, after checking it has no NaN or infinity."""
    tensor = tf.convert_to_tensor(tensor)
    if tf.executing_eagerly():
        values = tensor.numpy()
        nan, inf = bool(np.isnan(values).any()), bool(np.isinf(values).any())
        if nan or inf:
            what = "Inf and NaN" if nan and inf else ("NaN" if nan else "Inf")
            raise tf.errors.InvalidArgumentError(
                None, None, "{{function_node __wrapped__CheckNumerics_device_%s}} %s : Tensor "
                "had %s values [Op:CheckNumerics] name: " % (tensor.device, message, what))
        return tensor
    finite = tf.reduce_all(tf.math.is_finite(tensor))
    with tf.control_dependencies([Assert(finite, [message + " : Tensor had NaN or Inf values"])]):
        return tf.identity(tensor)
