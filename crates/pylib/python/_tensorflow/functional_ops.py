"""TensorFlow's functional ops written in Python over the others: `tf.foldl`,
`tf.foldr`, `tf.scan`, `tf.switch_case`, `tf.case`, `tf.vectorized_map`. Eagerly they
loop in Python; inside a `tf.function` a branch selection becomes `tf.cond`s and a loop
over a first dimension known while tracing is unrolled (TensorFlow stages a `While`; the
values are the same)."""

import tensorflow as tf
from _tensorflow import nest_api as nest


def _unstacked(elems):
    """The elements of `elems` (a nest of tensors) along their first dimension."""
    leaves = [tf.convert_to_tensor(leaf) for leaf in nest.flatten(elems)]
    if not leaves:
        raise ValueError("elems must be a non-empty nest of tensors.")
    count = leaves[0].shape[0]
    if count is None:
        raise NotImplementedError(
            "Looping over a first dimension known only when the graph runs is not "
            "emulated here; use a `for` loop over `tf.range` in a tf.function.")
    columns = [tf.unstack(leaf, num=count) for leaf in leaves]
    return [nest.pack_sequence_as(elems, [column[i] for column in columns])
            for i in range(count)]


def _fold(fn, items, initializer):
    if initializer is None:
        if not items:
            raise ValueError("elems must not be empty when no initializer is given.")
        accumulator, items = items[0], items[1:]
    else:
        accumulator = initializer
    for item in items:
        accumulator = fn(accumulator, item)
    return accumulator


def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
          swap_memory=False, name=None):
    """`fn(accumulator, element)` over the elements, first to last."""
    return _fold(fn, _unstacked(elems), initializer)


def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
          swap_memory=False, name=None):
    """`fn(accumulator, element)` over the elements, last to first."""
    return _fold(fn, _unstacked(elems)[::-1], initializer)


def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
         swap_memory=False, infer_shape=True, reverse=False, name=None):
    """Every accumulator of `fn(accumulator, element)` over the elements, stacked."""
    items = _unstacked(elems)
    if reverse:
        items = items[::-1]
    outputs = []
    if initializer is None:
        if not items:
            raise ValueError("elems must not be empty when no initializer is given.")
        accumulator, items = items[0], items[1:]
        outputs.append(accumulator)
    else:
        accumulator = initializer
    for item in items:
        accumulator = fn(accumulator, item)
        outputs.append(accumulator)
    if reverse:
        outputs = outputs[::-1]
    leaves = [nest.flatten(output) for output in outputs]
    stacked = [tf.stack([leaf[i] for leaf in leaves]) for i in range(len(leaves[0]))]
    return nest.pack_sequence_as(outputs[0], stacked)


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    """`fn` on each element along the first dimension, the results stacked."""
    outputs = [fn(item) for item in _unstacked(elems)]
    leaves = [nest.flatten(output) for output in outputs]
    stacked = [tf.stack([leaf[i] for leaf in leaves]) for i in range(len(leaves[0]))]
    return nest.pack_sequence_as(outputs[0], stacked)


def switch_case(branch_index, branch_fns, default=None, name="switch_case"):
    """The branch `branch_index` selects (`default`, else the last, when out of range)."""
    if not tf.is_tensor(branch_index):
        raise TypeError("'branch_index' must be a Tensor, got {}".format(type(branch_index)))
    if branch_index.dtype != tf.int32:
        raise TypeError("'branch_index' must be an int32 Tensor, got {}".format(
            branch_index.dtype))
    if isinstance(branch_fns, dict):
        pairs = sorted(branch_fns.items())
    else:
        pairs = list(enumerate(branch_fns))
        if pairs and isinstance(pairs[0][1], (list, tuple)):
            pairs = [(key, fn) for key, fn in branch_fns]
    if not pairs:
        raise ValueError("Must provide at least one item in `branch_fns`.")
    for key, fn in pairs:
        if not callable(fn):
            raise TypeError(f"`branch_fns[{key}]` must be callable.")
    if default is None:
        default = pairs[-1][1]
    index = tf.get_static_value(branch_index) if tf.is_tensor(branch_index) else branch_index
    if index is not None:
        for key, fn in pairs:
            if key == int(index):
                return fn()
        return default()
    result = default
    for key, fn in reversed(pairs):
        result = (lambda key=key, fn=fn, otherwise=result:
                  tf.cond(tf.equal(branch_index, key), fn, otherwise))
    return result()


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    """The function of the first predicate that holds (`default` when none does)."""
    if isinstance(pred_fn_pairs, dict):
        pred_fn_pairs = list(pred_fn_pairs.items())
    pairs = list(pred_fn_pairs)
    if not pairs and default is None:
        raise ValueError("Must provide at least one item in `pred_fn_pairs`.")
    if default is None:
        pairs, default = pairs[:-1], pairs[-1][1]
    result = default
    for pred, fn in reversed(pairs):
        result = (lambda pred=pred, fn=fn, otherwise=result: tf.cond(pred, fn, otherwise))
    return result()
