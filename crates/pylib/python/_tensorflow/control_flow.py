"""`tf.while_loop` as TensorFlow 2 runs it: eagerly a Python loop; inside a `tf.function`
one `While` op whose condition and body are functions of their own
(`_tf_control_flow.while_graph`). Loop variables may be nested structures of tensors and
Python numbers."""

import _tf_control_flow
import tensorflow as tf
from _tensorflow import nest_api as nest
from _tensorflow.tensor_array import StagedTensorArray, TensorArray


def _as_tensor(value):
    if isinstance(value, tf.Variable):
        return tf.convert_to_tensor(value)
    if tf.is_tensor(value):
        return value
    return tf.convert_to_tensor(value)


def _eager_result(value):
    if tf.is_tensor(value) or isinstance(value, TensorArray) \
            or hasattr(type(value), "_tf_flatten_composite"):
        return value
    return tf.convert_to_tensor(value)


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10,
               back_prop=True, swap_memory=False, maximum_iterations=None, name=None):
    """Repeats `body` while `cond` is true."""
    if not callable(cond):
        raise TypeError("'cond' must be callable.")
    if not callable(body):
        raise TypeError("'body' must be callable.")
    if parallel_iterations < 1:
        raise TypeError("'parallel_iterations' must be a positive integer.")
    if maximum_iterations is not None:
        counter = (0 if tf.executing_eagerly() else tf.constant(0))
        limit = maximum_iterations
        user_cond, user_body = cond, body
        loop_vars = (counter, loop_vars)
        if shape_invariants is not None:
            shape_invariants = (tf.TensorShape([]), shape_invariants)

        def cond(i, vars_):
            if tf.executing_eagerly():
                return i < limit and bool(user_cond(*_as_args(vars_)))
            return tf.logical_and(i < limit, user_cond(*_as_args(vars_)))

        def body(i, vars_):
            return (i + 1, _from_body(user_body(*_as_args(vars_)), vars_))

        result = while_loop(cond, body, loop_vars, shape_invariants, parallel_iterations,
                            back_prop, swap_memory, None, name)
        return result[1]
    packed = not isinstance(loop_vars, (list, tuple))
    if packed:
        loop_vars = (loop_vars,)
    if tf.executing_eagerly():
        # As TensorFlow runs it eagerly: a Python loop whose body must keep the loop
        # variables' structure, and whose results are tensors (composites and TensorArrays
        # stay as they are).
        reference = list(loop_vars)
        while True:
            test = cond(*loop_vars)
            if not bool(test):
                break
            loop_vars = body(*loop_vars)
            if packed and not isinstance(loop_vars, (list, tuple)):
                loop_vars = (loop_vars,)
            nest.assert_same_structure(reference, list(loop_vars))
        loop_vars = nest.map_structure(_eager_result, loop_vars)
        return loop_vars[0] if packed else loop_vars
    structure = loop_vars
    leaves = nest.flatten(structure)
    arrays = _staged_arrays(leaves, structure, body)
    flat = [arrays[i]._buffer if i in arrays else _as_tensor(v) for i, v in enumerate(leaves)]
    invariants = None
    if shape_invariants is not None:
        if packed:
            shape_invariants = (shape_invariants,)
        invariants = [tf.TensorShape(s) if s is not None else None
                      for s in nest.flatten(shape_invariants)]
    for i, array in arrays.items():
        if array._dynamic_size:
            invariants = invariants or [None] * len(flat)
            invariants[i] = tf.TensorShape([None] + array._buffer.shape.as_list()[1:])

    def rebuild(args):
        return [StagedTensorArray.make(arrays[i]._dtype, value, arrays[i]._dynamic_size)
                if i in arrays else value for i, value in enumerate(args)]

    def flat_cond(*args):
        values = nest.pack_sequence_as(structure, rebuild(args))
        result = cond(*values)
        return tf.convert_to_tensor(result)

    def flat_body(*args):
        values = nest.pack_sequence_as(structure, rebuild(args))
        result = body(*values)
        if not isinstance(result, (list, tuple)):
            result = (result,)
        try:
            nest.assert_same_structure(list(structure), list(result))
        except (ValueError, TypeError) as e:
            raise ValueError(
                "The two structures don't have the same nested structure.\n\n"
                f"First structure: {list(structure)}\n\nSecond structure: {list(result)}"
                f"\n\nMore specifically: {e}") from None
        return [v._buffer if isinstance(v, StagedTensorArray) else _as_tensor(v)
                for v in nest.flatten(result)]

    outputs = _tf_control_flow.while_graph(flat_cond, flat_body, flat, invariants, name)
    result = nest.pack_sequence_as(structure, rebuild(list(outputs)))
    if packed:
        return result[0]
    return result


def _staged_arrays(leaves, structure, body):
    """The TensorArrays among the loop variables, staged (one tensor each); an array not
    written yet learns its element shape from one iteration staged in a scratch graph."""
    arrays = {i: StagedTensorArray.from_array(v) for i, v in enumerate(leaves)
              if isinstance(v, TensorArray)}
    pending = [i for i, array in arrays.items() if array._buffer is None]
    if not pending:
        return arrays

    def one_iteration():
        values = [arrays[i].copy() if i in arrays else value
                  for i, value in enumerate(leaves)]
        result = body(*nest.pack_sequence_as(structure, values))
        if not isinstance(result, (list, tuple)):
            result = (result,)
        return nest.flatten(result)

    after = _tf_control_flow.scratch(one_iteration)
    for i in pending:
        written = after[i] if i < len(after) else None
        if not isinstance(written, StagedTensorArray) or written._buffer is None:
            raise ValueError(
                "The TensorArray's element shape could not be inferred: write to it in the "
                "loop or give it an element_shape.")
        arrays[i] = arrays[i].allocated(written._element_shape.as_list())
    return arrays


def _as_args(vars_):
    return vars_ if isinstance(vars_, (list, tuple)) else (vars_,)


def _from_body(result, vars_):
    if isinstance(vars_, (list, tuple)):
        return result if isinstance(result, (list, tuple)) else [result]
    return result[0] if isinstance(result, (list, tuple)) and len(result) == 1 else result
