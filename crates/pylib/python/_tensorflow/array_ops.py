"""Array functions TensorFlow writes in Python over its ops (`tf.meshgrid`)."""

import tensorflow as tf


def meshgrid(*args, **kwargs):
    """N-D coordinate arrays from 1-D ones, `xy` (Cartesian) or `ij` (matrix) indexed,
    as `array_ops.meshgrid` builds them: reshape each input, multiply by ones."""
    indexing = kwargs.pop("indexing", "xy")
    name = kwargs.pop("name", "meshgrid")
    if kwargs:
        key = list(kwargs.keys())[0]
        raise TypeError(f"'{key}' is an invalid keyword argument for this function")
    if indexing not in ("xy", "ij"):
        raise ValueError("Argument `indexing` parameter must be either 'xy' or 'ij', got "
                         f"'{indexing}'")
    with tf.name_scope(name):
        ndim = len(args)
        s0 = (1,) * ndim
        if not ndim:
            return []
        output = []
        for i, x in enumerate(args):
            output.append(tf.reshape(tf.convert_to_tensor(x), s0[:i] + (-1,) + s0[i + 1:]))
        shapes = [tf.size(x) for x in args]
        output_dtype = tf.convert_to_tensor(args[0]).dtype.base_dtype
        if indexing == "xy" and ndim > 1:
            output[0] = tf.reshape(output[0], (1, -1) + (1,) * (ndim - 2))
            output[1] = tf.reshape(output[1], (-1, 1) + (1,) * (ndim - 2))
            shapes[0], shapes[1] = shapes[1], shapes[0]
        mult_fact = tf.ones(shapes, output_dtype)
        return [x * mult_fact for x in output]


def broadcast_static_shape(shape_x, shape_y):
    """The static shape two `TensorShape`s broadcast to (`common_shapes.broadcast_shape`):
    an unknown dimension meets a known one above 1 as that one, otherwise stays unknown."""
    shape_x = tf.TensorShape(shape_x)
    shape_y = tf.TensorShape(shape_y)
    if shape_x.rank is None or shape_y.rank is None:
        return tf.TensorShape(None)
    x, y = shape_x.as_list(), shape_y.as_list()
    longer, shorter = (x, y) if len(x) >= len(y) else (y, x)
    lead = longer[:len(longer) - len(shorter)]
    dims = []
    for dim_x, dim_y in zip(x[len(x) - len(shorter):], y[len(y) - len(shorter):]):
        if dim_x is None or dim_y is None:
            if dim_x is not None and dim_x > 1:
                dims.append(dim_x)
            elif dim_y is not None and dim_y > 1:
                dims.append(dim_y)
            else:
                dims.append(None)
        elif dim_x == 1:
            dims.append(dim_y)
        elif dim_y == 1 or dim_x == dim_y:
            dims.append(dim_x)
        else:
            raise ValueError(
                "Incompatible shapes for broadcasting. Two shapes are compatible if for each "
                "dimension pair they are either equal or one of them is 1. Received: "
                f"{shape_x} and {shape_y}.")
    return tf.TensorShape(lead + dims)


def dimension_value(dimension):
    """`tf.compat.v1.dimension_value`: a dimension's value (dimensions are plain ints or
    `None` here, as in TF 2's `TensorShape`)."""
    return getattr(dimension, "value", dimension)


def is_tensor(x):
    """`tf.is_tensor`: whether `x` is a TensorFlow tensor or variable (not an array)."""
    import tensorflow as tf

    return isinstance(x, (tf.Tensor, tf.Variable))



def _tensordot_axes(a_rank, b_rank, axes):
    if isinstance(axes, int):
        if axes < 0:
            raise ValueError(f"'axes' must be at least 0, got {axes}.")
        return list(range(a_rank - axes, a_rank)), list(range(axes))
    a_axes, b_axes = axes
    a_axes = [a_axes] if isinstance(a_axes, int) else list(a_axes)
    b_axes = [b_axes] if isinstance(b_axes, int) else list(b_axes)
    if len(a_axes) != len(b_axes):
        raise ValueError(
            f"Different number of contraction axes 'a' and 'b', {len(a_axes)} != "
            f"{len(b_axes)}.")
    return [x % a_rank for x in a_axes], [x % b_rank for x in b_axes]


def tensordot(a, b, axes, name=None):
    """`tf.tensordot`: the free axes of `a` by the contracted ones, one `MatMul` with `b`
    reshaped the same way, then the free axes of both (TensorFlow's own reshaping)."""
    with tf.name_scope(name or "Tensordot"):
        a = tf.convert_to_tensor(a, name="a")
        b = tf.convert_to_tensor(b, name="b")
        a_shape, b_shape = a.shape.as_list(), b.shape.as_list()
        a_axes, b_axes = _tensordot_axes(len(a_shape), len(b_shape), axes)
        a_free = [i for i in range(len(a_shape)) if i not in a_axes]
        b_free = [i for i in range(len(b_shape)) if i not in b_axes]

        def prod(dims):
            out = 1
            for d in dims:
                out *= d
            return out

        a_perm = a_free + a_axes
        a_2d = tf.reshape(a if a_perm == list(range(len(a_shape))) else tf.transpose(a, a_perm),
                          [prod([a_shape[i] for i in a_free]), prod([a_shape[i] for i in a_axes])])
        b_perm = b_axes + b_free
        b_2d = tf.reshape(b if b_perm == list(range(len(b_shape))) else tf.transpose(b, b_perm),
                          [prod([b_shape[i] for i in b_axes]), prod([b_shape[i] for i in b_free])])
        product = tf.matmul(a_2d, b_2d)
        return tf.reshape(product, [a_shape[i] for i in a_free] + [b_shape[i] for i in b_free])


def einsum(equation, *inputs, **kwargs):
    """`tf.einsum` for one or two operands: transposes, sums of indices only one operand
    has, and one batched `MatMul` for the contraction (as TensorFlow's `Einsum` kernel
    reduces to a batch matmul)."""
    equation = equation.replace(" ", "")
    if "..." in equation:
        equation = _expand_ellipsis(equation, inputs)
    if "->" in equation:
        lhs, out = equation.split("->")
    else:
        lhs = equation
        letters = lhs.replace(",", "")
        out = "".join(sorted(c for c in set(letters) if letters.count(c) == 1))
    specs = lhs.split(",")
    if len(specs) != len(inputs):
        raise ValueError(f"Input count mismatch: equation has {len(specs)} inputs, got "
                         f"{len(inputs)}.")
    tensors = [tf.convert_to_tensor(x) for x in inputs]

    def reduce_unique(t, spec, keep):
        # As TensorFlow's `Einsum` reduces: the kept axes first, the summed ones last,
        # flattened to two dimensions and summed along the second.
        drop = [i for i, c in enumerate(spec) if c not in keep]
        if not drop:
            return t, spec
        kept = [i for i, c in enumerate(spec) if c in keep]
        dims = t.shape.as_list()
        if kept + drop != list(range(len(spec))):
            t = tf.transpose(t, kept + drop)
        kept_dims = [dims[i] for i in kept]
        size = 1
        for d in kept_dims:
            size *= d
        t = tf.reduce_sum(tf.reshape(t, [size, -1]), axis=1)
        return tf.reshape(t, kept_dims), "".join(spec[i] for i in kept)

    def take_diagonals(t, spec):
        # A label repeated within one operand reads that operand's diagonal.
        while len(set(spec)) != len(spec):
            c = next(c for c in spec if spec.count(c) > 1)
            first = spec.index(c)
            second = spec.index(c, first + 1)
            rest = [i for i in range(len(spec)) if i not in (first, second)]
            t = tf.transpose(t, rest + [first, second])
            t = tf.linalg.diag_part(t)
            spec = "".join(spec[i] for i in rest) + c
        return t, spec

    pairs = [take_diagonals(t, s) for t, s in zip(tensors, specs)]
    tensors = [t for t, _ in pairs]
    specs = [s for _, s in pairs]
    if len(tensors) == 1:
        t, spec = reduce_unique(tensors[0], specs[0], out)
        perm = [spec.index(c) for c in out]
        return t if perm == list(range(len(perm))) else tf.transpose(t, perm)
    if len(tensors) != 2:
        raise NotImplementedError("tf.einsum of more than two operands is not emulated yet.")
    (a, b), (sa, sb) = tensors, specs
    a, sa = reduce_unique(a, sa, sb + out)
    b, sb = reduce_unique(b, sb, sa + out)
    batch = [c for c in sa if c in sb and c in out]
    contract = [c for c in sa if c in sb and c not in out]
    free_a = [c for c in sa if c not in sb]
    free_b = [c for c in sb if c not in sa]
    sizes = {}
    for t, spec in ((a, sa), (b, sb)):
        for c, d in zip(spec, t.shape.as_list()):
            sizes[c] = d

    def prod(chars):
        out_size = 1
        for c in chars:
            out_size *= sizes[c]
        return out_size

    def arrange(t, spec, order):
        perm = [spec.index(c) for c in order]
        return t if perm == list(range(len(perm))) else tf.transpose(t, perm)

    lead = [prod(batch)] if batch else []
    a3 = tf.reshape(arrange(a, sa, batch + free_a + contract),
                    lead + [prod(free_a), prod(contract)])
    b3 = tf.reshape(arrange(b, sb, batch + contract + free_b),
                    lead + [prod(contract), prod(free_b)])
    product = tf.matmul(a3, b3)
    result_spec = batch + free_a + free_b
    result = tf.reshape(product, [sizes[c] for c in result_spec])
    return arrange(result, "".join(result_spec), list(out))


def _expand_ellipsis(equation, inputs):
    """The equation with each `...` spelled out as letters the equation does not use, one
    per broadcast dimension, aligned from the right (the implicit output puts them first,
    as NumPy's and TensorFlow's `einsum` do)."""
    lhs, arrow, out = equation.partition("->")
    specs = lhs.split(",")
    spare = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" if c not in equation]
    widest = 0
    expanded = []
    for spec, x in zip(specs, inputs):
        if "..." not in spec:
            expanded.append(spec)
            continue
        rank = len(tf.convert_to_tensor(x).shape)
        count = rank - (len(spec) - 3)
        if count < 0:
            raise ValueError(f"Input {spec} has rank {rank}, fewer than the equation names.")
        widest = max(widest, count)
        expanded.append(spec.replace("...", "".join(spare[len(spare) - count:])))
    ellipsis = "".join(spare[len(spare) - widest:])
    if arrow:
        out = out.replace("...", ellipsis)
    elif widest:
        raise tf.errors.InvalidArgumentError(
            None, None,
            f"Output contains {widest} broadcasting dimension(s) but no ellipsis (...) was "
            "found in the output subscripts.")
    else:
        letters = "".join(spec.replace("...", "") for spec in specs)
        out = "".join(sorted(c for c in set(letters) if letters.count(c) == 1))
    return ",".join(expanded) + "->" + out


def group(*inputs, **kwargs):
    """`tf.group`: an op that runs after all `inputs` (nothing eagerly)."""
    if tf.executing_eagerly():
        return None
    name = kwargs.pop("name", None)
    deps = [x for x in inputs if x is not None]
    with tf.control_dependencies(deps):
        return tf.no_op(name=name)


def sequence_mask(lengths, maxlen=None, dtype=tf.bool, name=None):
    """`tf.sequence_mask`: `range(maxlen) < lengths[..., None]`, as TensorFlow builds it."""
    with tf.name_scope(name or "SequenceMask"):
        lengths = tf.convert_to_tensor(lengths)
        if maxlen is None:
            maxlen = tf.reduce_max(lengths)
            maxlen = tf.maximum(tf.constant(0, maxlen.dtype), maxlen)
        else:
            maxlen = tf.convert_to_tensor(maxlen)
        if maxlen.shape.ndims is not None and maxlen.shape.ndims != 0:
            raise ValueError("Argument `maxlen` must be scalar for sequence_mask, received "
                             f"`maxlen` = {maxlen} with shape '{maxlen.shape}' instead")
        row_vector = tf.range(tf.constant(0, maxlen.dtype), maxlen, tf.constant(1, maxlen.dtype))
        matrix = tf.cast(tf.expand_dims(lengths, -1), maxlen.dtype)
        result = row_vector < matrix
        if dtype is None or result.dtype == tf.as_dtype(dtype):
            return result
        return tf.cast(result, dtype)


def _static_ints(value, function, what):
    static = tf.get_static_value(tf.convert_to_tensor(value))
    if static is None:
        raise NotImplementedError(
            f"{function} with {what} known only when the graph runs is not emulated in this "
            "playground yet.")
    return static


def repeat(input, repeats, axis=None, name=None):  # noqa: A002 - TensorFlow's name
    """`tf.repeat`: each element (along `axis`; of the flattened input when `axis` is
    None) `repeats` times (a new axis tiled, then merged, as TensorFlow does for a scalar
    count), or `repeats[i]` times for element `i`."""
    with tf.name_scope(name or "Repeat"):
        input = tf.convert_to_tensor(input, name="input")
        if axis is None:
            input = tf.reshape(input, [-1])
            axis = 0
        rank = input.shape.rank
        axis = axis + rank if axis < 0 else axis
        counts = _static_ints(repeats, "tf.repeat", "repeats")
        if getattr(counts, "ndim", 0) == 0 or len(counts) == 1:
            count = int(counts) if getattr(counts, "ndim", 0) == 0 else int(counts[0])
            expanded = tf.expand_dims(input, axis + 1)
            multiples = [1] * (rank + 1)
            multiples[axis + 1] = count
            tiled = tf.tile(expanded, multiples)
            shape = tf.shape(input)
            dims = [shape[i] if input.shape[i] is None else input.shape[i]
                    for i in range(rank)]
            dims[axis] = dims[axis] * count
            dynamic = [d for d in dims if tf.is_tensor(d)]
            return tf.reshape(tiled, tf.stack(dims) if dynamic else dims)
        size = input.shape[axis]
        if size is None:
            raise NotImplementedError(
                "tf.repeat with per-element counts along an axis of unknown size is not "
                "emulated in this playground yet.")
        counts = [int(c) for c in counts]
        if len(counts) != size:
            raise tf.errors.InvalidArgumentError(
                None, None, f"Dimension 0 in both shapes must be equal: shape[0] = "
                f"[{size}] vs. shape[1] = [{len(counts)}]")
        indices = [i for i, count in enumerate(counts) for _ in range(count)]
        return tf.gather(input, tf.constant(indices, dtype=tf.int32), axis=axis)


def roll(input, shift, axis, name=None):  # noqa: A002 - TensorFlow's name
    """`tf.roll`: elements shifted along each axis, wrapping around."""
    with tf.name_scope(name or "Roll"):
        input = tf.convert_to_tensor(input, name="input")
        shifts = _static_ints(shift, "tf.roll", "shift")
        axes = _static_ints(axis, "tf.roll", "axis")
        shifts = [int(s) for s in (shifts.reshape(-1) if hasattr(shifts, "reshape") else [shifts])]
        axes = [int(a) for a in (axes.reshape(-1) if hasattr(axes, "reshape") else [axes])]
        if len(shifts) != len(axes):
            raise tf.errors.InvalidArgumentError(
                None, None, "shift and axis must have the same size")
        total = {}
        rank = input.shape.rank
        for s, a in zip(shifts, axes):
            a = a + rank if a < 0 else a
            total[a] = total.get(a, 0) + s
        result = input
        for a, s in total.items():
            n = result.shape[a]
            if not n:
                continue
            s %= n
            if s == 0:
                continue
            head = tf.gather(result, tf.range(n - s, n), axis=a)
            tail = tf.gather(result, tf.range(0, n - s), axis=a)
            result = tf.concat([head, tail], axis=a)
        return result


def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0,
                  ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0, var=None,
                  name=None):
    """`tf.strided_slice`: the masks read back into the Python subscript they encode
    (bit i of `ellipsis_mask` an `...`, of `new_axis_mask` a new axis, of
    `shrink_axis_mask` an index, of `begin_mask`/`end_mask` an open bound), which the
    tensor's own subscript then slices."""
    del var  # the variable a slice assignment would write to; reading needs none
    begin, end = _slice_bounds(begin), _slice_bounds(end)
    strides = [1] * len(begin) if strides is None else _slice_bounds(strides)
    if not len(begin) == len(end) == len(strides):
        raise tf.errors.InvalidArgumentError(
            None, None,
            "{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/"
            "device:CPU:0}} Expected begin, end, and strides to be 1D equal size tensors, "
            f"but got shapes [{len(begin)}], [{len(end)}], and [{len(strides)}] instead. "
            "[Op:StridedSlice]")
    key = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        bit = 1 << i
        if ellipsis_mask & bit:
            key.append(Ellipsis)
        elif new_axis_mask & bit:
            key.append(None)
        elif shrink_axis_mask & bit:
            key.append(b)
        else:
            key.append(slice(None if begin_mask & bit else b,
                             None if end_mask & bit else e, s))
    with tf.name_scope(name or "StridedSlice"):
        return tf.convert_to_tensor(input_)[tuple(key)]


def _slice_bounds(value):
    """A begin, end or strides vector as a list of ints, or of scalar tensors when only
    the graph knows them."""
    if isinstance(value, (list, tuple)):
        return list(value)
    tensor = tf.convert_to_tensor(value)
    static = tf.get_static_value(tensor)
    if static is not None:
        return [int(v) for v in static.reshape(-1)]
    return [tensor[i] for i in range(tensor.shape[0])]


def _graph_bound(value):
    # Every tensor part gathers (the native subscript sent here those it cannot slice).
    return tf.is_tensor(value)


def dynamic_getitem(tensor, parts):
    """`tensor[parts]` where some index or slice bound is a tensor known only when the
    graph runs (a loop's iterate): the other parts slice as usual, each such part keeping
    its axis, then each gathers along its axis, last first."""
    static, dynamic = [], []
    for part in parts:
        is_slice = isinstance(part, slice)
        bounds = (part.start, part.stop, part.step) if is_slice else (part,)
        if any(_graph_bound(b) for b in bounds):
            dynamic.append((len(static), part))
            static.append(slice(None))
        else:
            static.append(part)
    result = tensor[tuple(static)]
    rank = tensor.shape.rank
    explicit = sum(1 for p in static if p is not None and p is not Ellipsis)
    axes, axis = [], 0
    for part in static:
        axes.append(axis)
        if part is None or isinstance(part, slice):
            axis += 1
        elif part is Ellipsis:
            if rank is None:
                raise ValueError("An index known only when the graph runs, with an "
                                 "ellipsis, needs a tensor of known rank.")
            axis += rank - explicit
    for position, part in reversed(dynamic):
        axis = axes[position]
        if isinstance(part, slice):
            result = tf.gather(result, _slice_indices(result, axis, part), axis=axis)
        else:
            n = tf.shape(result, out_type=part.dtype)[axis]
            result = tf.gather(result, tf.where(part < 0, part + n, part), axis=axis)
    return result


def _slice_indices(tensor, axis, part):
    """The positions `part` (a slice, some bound a graph tensor) selects along `axis`,
    with Python's defaults, negative bounds and clamping."""
    step = 1 if part.step is None else part.step
    if tf.is_tensor(step):
        step = tf.get_static_value(step)
        if step is None:
            raise NotImplementedError("A slice step known only when the graph runs is not "
                                      "emulated.")
        step = int(step)
    if step == 0:
        raise ValueError("slice step cannot be zero")
    n = tf.shape(tensor)[axis]

    def bound(value, default, low, high):
        if value is None:
            return default
        value = tf.cast(value, tf.int32)
        value = tf.where(value < 0, value + n, value)
        return tf.clip_by_value(value, low, high)

    if step > 0:
        start = bound(part.start, 0, 0, n)
        stop = bound(part.stop, n, 0, n)
    else:
        start = bound(part.start, n - 1, -1, n - 1)
        stop = bound(part.stop, -1, -1, n - 1)
    return tf.range(start, stop, step)


def batch_gather(params, indices, axis, batch_dims, name=None):
    """`tf.gather` with `batch_dims`: for each index of the first `batch_dims` axes (which
    `params` and `indices` share), a gather of that slice of `params` along `axis` by that
    slice of `indices`. Written as TensorFlow's Python writes its batched gather: the axis
    moved next to the batch axes, the batch axes flattened with per-batch offsets added
    to the indices, one `GatherV2`, the shape restored."""
    params = tf.convert_to_tensor(params, name="params")
    indices = tf.convert_to_tensor(indices, name="indices")
    rank_p, rank_i = params.shape.rank, indices.shape.rank
    if batch_dims < 0:
        batch_dims += rank_i
    if axis is None:
        axis = batch_dims
    if axis < 0:
        axis += rank_p

    def invalid(message):
        return tf.errors.InvalidArgumentError(
            None, None,
            "{{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/"
            f"device:CPU:0}}}} {message} [Op:GatherV2] name: ")

    if batch_dims > axis:
        raise invalid(f"batch_dims ({batch_dims}) must be less than or equal to axis ({axis}).")
    if rank_p < batch_dims + 1 or rank_p <= axis:
        raise invalid(f"Shape must be at least rank {max(batch_dims, axis) + 1} but is rank "
                      f"{rank_p}")
    if axis != batch_dims:
        perm = list(range(batch_dims)) + [axis] + [
            d for d in range(batch_dims, rank_p) if d != axis]
        result = batch_gather(tf.transpose(params, perm), indices, batch_dims, batch_dims)
        k, pre = rank_i - batch_dims, axis - batch_dims
        total = batch_dims + k + pre + (rank_p - axis - 1)
        back = (list(range(batch_dims)) + list(range(batch_dims + k, batch_dims + k + pre))
                + list(range(batch_dims, batch_dims + k))
                + list(range(batch_dims + k + pre, total)))
        return tf.transpose(result, back)
    params_shape = tf.shape(params, out_type=indices.dtype)
    batch_shape = params_shape[:batch_dims]
    batch_size = tf.reduce_prod(batch_shape)
    dim = params_shape[axis]
    flat_params = tf.reshape(params, tf.concat([[batch_size * dim], params_shape[axis + 1:]], 0))
    index_shape = tf.shape(indices, out_type=indices.dtype)
    flat_indices = tf.reshape(indices, tf.concat([[batch_size], index_shape[batch_dims:]], 0))
    offsets = tf.reshape(tf.range(batch_size) * dim,
                         tf.concat([[batch_size], tf.ones([rank_i - batch_dims], indices.dtype)], 0))
    gathered = tf.gather(flat_params, flat_indices + offsets)
    return tf.reshape(gathered, tf.concat(
        [batch_shape, index_shape[batch_dims:], params_shape[axis + 1:]], 0))


_UniqueWithCounts = __import__("collections").namedtuple("UniqueWithCounts",
                                                         ["y", "idx", "count"])


def unique_with_counts(x, out_idx=tf.int32, name=None):
    """`tf.unique` with how many times each value occurs."""
    y, idx = tf.unique(x, out_idx=out_idx, name=name)
    count = tf.math.unsorted_segment_sum(tf.ones_like(idx), idx, tf.size(y, out_type=out_idx))
    return _UniqueWithCounts(y, idx, count)
