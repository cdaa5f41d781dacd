"""`GradientTape.jacobian` and `GradientTape.batch_jacobian`.

TensorFlow vectorises the gradient of each element of the target with `pfor`; here the
same gradients are taken one element at a time (each is the element's gradient either
way), with the tape kept and recording while the elements are read, as TensorFlow's
`_ensure_recording` does. The results are reshaped as TensorFlow reshapes them.
"""

import tensorflow as tf


def _flatten(structure):
    if isinstance(structure, dict):
        return [leaf for key in sorted(structure) for leaf in _flatten(structure[key])]
    if isinstance(structure, (list, tuple)):
        return [leaf for item in structure for leaf in _flatten(item)]
    return [structure]


def _pack(structure, leaves):
    if isinstance(structure, dict):
        return {key: _pack(structure[key], leaves) for key in sorted(structure)}
    if isinstance(structure, (list, tuple)):
        packed = [_pack(item, leaves) for item in structure]
        return type(structure)(packed) if isinstance(structure, tuple) else packed
    return next(leaves)


def _is_persistent(tape):
    persistent = tape._set_persistent(False)
    tape._set_persistent(persistent)
    return persistent


def _recorded(tape, fn):
    """`fn()` with the tape recording."""
    was = tape._set_recording(True)
    try:
        return fn()
    finally:
        tape._set_recording(was)


def _rows(tape, count, element, sources, unconnected_gradients):
    """Each source's gradients of the `count` elements `element(i)` picks, the tape kept
    until the last, which releases a tape that was not persistent."""
    persistent = tape._set_persistent(True)
    rows = [[] for _ in sources]
    try:
        for i in range(count):
            if i == count - 1:
                tape._set_persistent(persistent)
            y = _recorded(tape, lambda: element(i))
            grads = tape.gradient(y, sources, unconnected_gradients=unconnected_gradients)
            for row, grad in zip(rows, grads):
                row.append(grad)
    finally:
        tape._set_persistent(persistent)
    return rows


def _stacked(row, source, dtype):
    if all(grad is None for grad in row):
        return None
    return tf.stack([tf.zeros_like(source, dtype=dtype) if grad is None else grad
                     for grad in row])


def _static_size(tensor):
    size = tensor.shape[0]
    if size is None:
        raise ValueError(
            "jacobian of a target whose size is known only when the graph runs is not "
            "emulated in this playground yet.")
    return int(size)


def jacobian(tape, target, sources, unconnected_gradients=tf.UnconnectedGradients.NONE,
             parallel_iterations=None, experimental_use_pfor=True):
    """The jacobian of `target` with respect to each of `sources`: its shape is the
    target's followed by the source's."""
    if not experimental_use_pfor and tf.executing_eagerly() and not _is_persistent(tape):
        raise RuntimeError(
            "GradientTape must be created with persistent=True"
            " to compute the jacobian with eager execution enabled and with "
            " experimental_use_pfor set to False.")
    flat_sources = _flatten(sources)
    target_static_shape = target.shape
    target_shape = tf.shape(target)
    flat = _recorded(tape, lambda: tf.reshape(target, [-1]))
    count = _static_size(flat)
    rows = _rows(tape, count, lambda i: tf.gather(flat, i), flat_sources,
                 unconnected_gradients)
    output = []
    for row, source in zip(rows, flat_sources):
        out = _stacked(row, source, flat.dtype)
        if out is None and count == 0:
            out = tf.zeros(tf.concat([target_shape, tf.shape(source)], 0), flat.dtype)
        if out is not None:
            new_shape = tf.concat([target_shape, tf.shape(out)[1:]], axis=0)
            out = tf.reshape(out, new_shape)
            if tf.executing_eagerly():
                out.set_shape(target_static_shape.concatenate(source.shape))
        output.append(out)
    return _pack(sources, iter(output))


def batch_jacobian(tape, target, source, unconnected_gradients=tf.UnconnectedGradients.NONE,
                   parallel_iterations=None, experimental_use_pfor=True):
    """The jacobian of each row of `target` with respect to the same row of `source`:
    `[batch] + target.shape[1:] + source.shape[1:]`."""
    target_shape = target.shape
    for shape in (target_shape, source.shape):
        if shape.rank is not None and shape.rank < 2:
            raise ValueError(f"Shape {shape} must have rank at least 2")
    dim = target_shape[0] if target_shape.rank is not None else None
    if dim is not None and source.shape[0] is not None and dim != source.shape[0]:
        raise ValueError(
            "Need first dimension of target shape (%s) and "
            "source shape (%s) to match." % (target.shape, source.shape))
    if not target_shape.is_fully_defined():
        raise ValueError(
            "batch_jacobian of a target whose shape is known only when the graph runs is "
            "not emulated in this playground yet.")
    batch_size = int(target_shape[0])
    target_row_size = target_shape.num_elements() // batch_size if batch_size else 0
    source_shape = tf.shape(source)
    rows2d = _recorded(tape, lambda: tf.reshape(target, [batch_size, target_row_size]))
    if not experimental_use_pfor and target_row_size > 1 and not _is_persistent(tape):
        raise RuntimeError(
            "GradientTape must be created with persistent=True"
            " to compute the batch_jacobian.")
    rows = _rows(tape, target_row_size, lambda i: tf.gather(rows2d, i, axis=1), [source],
                 unconnected_gradients)
    output = _stacked(rows[0], source, rows2d.dtype)
    if output is None:
        return None
    output = tf.reshape(output, [target_row_size, batch_size, -1])
    output = tf.transpose(output, [1, 0, 2])
    new_shape = tf.concat([tf.shape(target), source_shape[1:]], axis=0)
    return tf.reshape(output, new_shape)
