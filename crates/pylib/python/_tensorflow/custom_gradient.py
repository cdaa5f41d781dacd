"""`tf.custom_gradient`, as TensorFlow's decorators do it. Eagerly the function runs with
its variable reads watched, its outputs pass through `Identity`, and each recording tape
takes their gradients from the returned gradient function (given the gradient of each
output; returning one gradient per argument, and, when the function read variables, a
second list with one per variable, passed as `variables=`). In a graph (a `tf.function`,
a TF1 graph) its results, arguments and variables pass through one `IdentityN` op whose
gradient the gradient function builds there, with graph tensors."""

import functools
import inspect

import tensorflow as tf

import _tf_tape


def custom_gradient(f=None):
    if f is None:
        return lambda f: custom_gradient(f=f)

    @functools.wraps(f)
    def decorated(*args, **kwargs):
        if not tf.executing_eagerly():
            return _graph_mode_decorator(f, args, kwargs)
        return _eager_mode_decorator(f, args, kwargs)

    return decorated


def _graph_mode_decorator(f, args, kwargs):
    if kwargs:
        raise ValueError(
            "The custom_gradient decorator currently supports keywords arguments only "
            "when eager execution is enabled.")
    args = tf.nest.map_structure(tf.convert_to_tensor, args)
    with tf.GradientTape(persistent=True, watch_accessed_variables=True) as watcher:
        result, grad_fn = f(*args)
    flat_args = tf.nest.flatten(args)
    flat_result = tf.nest.flatten(result)
    flat_result_len = len(flat_result)
    variables = sorted(watcher.watched_variables(), key=lambda v: v.name)
    del watcher
    _check_variables_argument(grad_fn, variables)
    flat_result = [tf.convert_to_tensor(x) for x in flat_result]

    def tape_grad_fn(*result_grads):
        result_grads = [
            grad if grad is not None else tf.zeros_like(output)
            for grad, output in zip(result_grads[:flat_result_len], flat_result)]
        input_grads, variable_grads = _call_grad_fn(
            grad_fn, result_grads, variables, "@custom_gradient")
        return [None] * flat_result_len + input_grads + variable_grads

    all_tensors = _tf_tape.record_custom_graph(
        flat_result + list(flat_args) + list(variables), tape_grad_fn)
    return tf.nest.pack_sequence_as(result, all_tensors[:flat_result_len])


def _eager_mode_decorator(f, args, kwargs):
    with tf.GradientTape(persistent=True, watch_accessed_variables=True) as watcher:
        result, grad_fn = f(*args, **kwargs)
    flat_args = [a for a in tf.nest.flatten(args) if _is_differentiable(a)]
    flat_kwargs = [a for a in tf.nest.flatten(kwargs) if _is_differentiable(a)]
    all_inputs = flat_args + flat_kwargs
    variables = [v for v in watcher.watched_variables()
                 if all(v is not i for i in all_inputs)]
    del watcher
    _check_variables_argument(grad_fn, variables)
    flat_result = [tf.identity(x) for x in tf.nest.flatten(result)]
    input_tensors = [tf.convert_to_tensor(x) if not isinstance(x, tf.Variable) else x
                     for x in flat_args] + list(variables)
    arg_count = len(flat_args)

    def actual_grad_fn(*result_grads):
        result_grads = list(result_grads[:len(flat_result)])
        flat_grads, variable_grads = _call_grad_fn(
            grad_fn, result_grads, variables, "@tf.custom_gradient")
        if len(flat_grads) != arg_count:
            raise ValueError(
                f"custom_gradient function expected to return {arg_count} gradients, but "
                f"returned {len(flat_grads)} instead.")
        return flat_grads + variable_grads

    _tf_tape.record_custom(input_tensors, flat_result, actual_grad_fn)
    return tf.nest.pack_sequence_as(result, flat_result)


def _check_variables_argument(grad_fn, variables):
    """A function that read variables needs a gradient function taking `variables=`."""
    spec = inspect.getfullargspec(grad_fn)
    if variables and "variables" not in spec.args and \
            "variables" not in spec.kwonlyargs and not spec.varkw:
        raise TypeError(
            "@tf.custom_gradient grad_fn must accept keyword argument 'variables', since "
            f"function uses variables: {variables}")


def _call_grad_fn(grad_fn, result_grads, variables, decorator):
    """The gradient function's gradients of the arguments (flat) and of the variables."""
    if variables:
        input_grads, variable_grads = grad_fn(*result_grads, variables=variables)
        if len(variable_grads) != len(variables):
            raise ValueError(
                f"Must return gradient for each variable from {decorator} grad_fn.")
    else:
        input_grads = grad_fn(*result_grads)
        variable_grads = []
    return list(tf.nest.flatten(input_grads)), list(variable_grads)


def _is_differentiable(value):
    return isinstance(value, (tf.Tensor, tf.Variable))
