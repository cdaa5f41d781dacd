"""`tf.linspace` as TensorFlow 2 writes it (`math_ops.linspace_nd`): start and stop
broadcast, `num` evenly spaced values along `axis`, built from the same ops."""

import tensorflow as tf


def linspace(start, stop, num, name=None, axis=0):
    with tf.name_scope(name or "linspace"):
        start = tf.convert_to_tensor(start, name="start")
        stop = tf.convert_to_tensor(stop, name="stop", dtype=start.dtype)
        num_int = tf.convert_to_tensor(num, name="num")
        if not num_int.dtype.is_integer:
            raise TypeError(f"num must be an integer tensor, got {num_int.dtype!r}")
        broadcast_shape = tf.broadcast_dynamic_shape(tf.shape(start), tf.shape(stop))
        start = tf.broadcast_to(start, broadcast_shape)
        stop = tf.broadcast_to(stop, broadcast_shape)
        expanded_start = tf.expand_dims(start, axis=axis)
        expanded_stop = tf.expand_dims(stop, axis=axis)
        shape = tf.shape(expanded_start)
        ndims = tf.shape(shape)[0]
        axis = tf.where(axis >= 0, axis, ndims + axis)
        num_fill = tf.maximum(num_int - 2, 0)
        n_steps = tf.maximum(num_int - 1, 1)
        delta = (expanded_stop - expanded_start) / tf.cast(n_steps, expanded_stop.dtype)
        expanded_start = tf.cast(expanded_start, delta.dtype)
        expanded_stop = tf.cast(expanded_stop, delta.dtype)
        range_end = tf.where(num_int >= 0, n_steps, -1)
        desired_range = tf.cast(tf.range(1, range_end, dtype=tf.int64), delta.dtype)
        mask = tf.equal(axis, tf.range(ndims))
        desired_range_shape = tf.where(mask, num_fill, 1)
        desired_range = tf.reshape(desired_range, desired_range_shape)
        res = expanded_start + delta * desired_range
        concatenated = tf.concat((expanded_start, res, expanded_stop), axis=axis)
        begin = tf.zeros_like(shape)
        size = tf.concat((shape[0:axis], tf.reshape(num_int, [1]), shape[axis + 1:]), axis=0)
        return tf.slice(concatenated, begin, size)


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    """`tf.nn.sigmoid_cross_entropy_with_logits`, in TensorFlow's numerically stable form
    `max(x, 0) - x * z + log(1 + exp(-abs(x)))`."""
    import tensorflow as tf

    with tf.name_scope(name or "logistic_loss"):
        logits = tf.convert_to_tensor(logits)
        labels = tf.cast(labels, logits.dtype)
        if labels.shape.rank is not None and logits.shape.rank is not None:
            if not labels.shape.is_compatible_with(logits.shape):
                raise ValueError(
                    f"`logits` and `labels` must have the same shape, received "
                    f"({logits.shape} vs {labels.shape})."
                )
        zeros = tf.zeros_like(logits)
        cond = logits >= zeros
        relu_logits = tf.where(cond, logits, zeros)
        neg_abs_logits = tf.where(cond, -logits, logits)
        return tf.add(relu_logits - logits * labels, tf.math.log1p(tf.exp(neg_abs_logits)))


def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None, dim=None):
    """`tf.nn.softmax_cross_entropy_with_logits` as TensorFlow's
    `softmax_cross_entropy_with_logits_v2_helper` builds it: half-precision logits are
    computed in float32, the class axis is moved last, the outer axes are flattened, and
    the `SoftmaxCrossEntropyWithLogits` op's loss is reshaped back to the logits' shape
    without the class axis. Gradients reach both the logits and the labels."""
    import tensorflow as tf

    if dim is not None:
        if axis not in (None, -1):
            raise ValueError("Cannot specify both 'axis' and 'dim'")
        axis = dim
    if axis is None:
        axis = -1
    with tf.name_scope(name or "softmax_cross_entropy_with_logits") as scope:
        logits = tf.convert_to_tensor(logits, name="logits")
        labels = tf.convert_to_tensor(labels, name="labels")
        to_float32 = logits.dtype in (tf.float16, tf.bfloat16)
        precise_logits = tf.cast(logits, tf.float32) if to_float32 else logits
        labels = tf.cast(labels, precise_logits.dtype)
        input_rank = tf.rank(precise_logits)
        shape = logits.shape
        if axis != -1:
            def move_dim_to_end(tensor, dim_index, rank):
                return tf.transpose(tensor, tf.concat(
                    [tf.range(dim_index), tf.range(dim_index + 1, rank), [dim_index]], 0))

            precise_logits = move_dim_to_end(precise_logits, axis, input_rank)
            labels = move_dim_to_end(labels, axis, input_rank)
        input_shape = tf.shape(precise_logits)
        precise_logits = _flatten_outer_dims(precise_logits)
        labels = _flatten_outer_dims(labels)
        cost, _ = tf.raw_ops.SoftmaxCrossEntropyWithLogits(
            features=precise_logits, labels=labels, name=scope)
        output_shape = tf.slice(input_shape, [0], [tf.subtract(input_rank, 1)])
        cost = tf.reshape(cost, output_shape)
        if not tf.executing_eagerly() and shape.rank is not None:
            dims = shape.as_list()
            del dims[axis]
            cost.set_shape(dims)
        return tf.cast(cost, logits.dtype) if to_float32 else cost


def _flatten_outer_dims(logits):
    """`logits` as a matrix of its last axis (`nn_ops._flatten_outer_dims`)."""
    import tensorflow as tf

    rank = tf.rank(logits)
    last_dim_size = tf.slice(tf.shape(logits), [tf.subtract(rank, 1)], [1])
    output = tf.reshape(logits, tf.concat([[-1], last_dim_size], 0))
    if not tf.executing_eagerly() and logits.shape.rank is not None:
        dims = logits.shape.as_list()
        if all(d is not None for d in dims[:-1]):
            product = 1
            for d in dims[:-1]:
                product *= d
            output.set_shape([product, dims[-1]])
    return output


def moments(x, axes, shift=None, keepdims=False, name=None):
    """`tf.nn.moments`: the mean and the variance (the mean squared difference from the
    mean, which the gradient does not flow through) over `axes`."""
    import tensorflow as tf

    with tf.name_scope(name or "moments"):
        y = tf.cast(x, tf.float32) if x.dtype == tf.float16 else x
        mean = tf.reduce_mean(y, axes, keepdims=True, name="mean")
        variance = tf.reduce_mean(
            tf.math.squared_difference(y, tf.stop_gradient(mean)), axes, keepdims=True,
            name="variance",
        )
        if not keepdims:
            mean = tf.squeeze(mean, axes)
            variance = tf.squeeze(variance, axes)
        if x.dtype == tf.float16:
            return tf.cast(mean, tf.float16), tf.cast(variance, tf.float16)
        return mean, variance


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """`tf.nn.batch_normalization`: `x * inv + (offset - mean * inv)` with
    `inv = scale / sqrt(variance + epsilon)`, as TensorFlow composes it."""
    import tensorflow as tf

    with tf.name_scope(name or "batchnorm"):
        inv = tf.math.rsqrt(variance + variance_epsilon)
        if scale is not None:
            inv *= scale
        return x * tf.cast(inv, x.dtype) + tf.cast(
            offset - mean * inv if offset is not None else -mean * inv, x.dtype
        )


def confusion_matrix(labels, predictions, num_classes=None, weights=None, dtype=tf.int32,
                     name=None):
    """`tf.math.confusion_matrix`: counts (or `weights`) scattered at `(label, prediction)`
    into a `num_classes`-square matrix, as TensorFlow builds it."""
    with tf.name_scope(name or "confusion_matrix"):
        labels = tf.cast(tf.convert_to_tensor(labels, name="labels"), tf.int64)
        predictions = tf.cast(tf.convert_to_tensor(predictions, name="predictions"), tf.int64)
        if num_classes is None:
            num_classes = tf.maximum(tf.reduce_max(predictions), tf.reduce_max(labels)) + 1
        else:
            num_classes = tf.cast(num_classes, tf.int64)
        indices = tf.stack([labels, predictions], axis=1)
        if weights is None:
            values = tf.ones_like(predictions, dtype=dtype)
        else:
            values = tf.cast(weights, dtype)
        shape = tf.stack([num_classes, num_classes])
        return tf.scatter_nd(indices, values, tf.cast(shape, tf.int64))


def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True,
           swap_memory=False, infer_shape=True, name=None, fn_output_signature=None):
    """`tf.map_fn`: `fn` applied to each slice of `elems` along its first axis (each leaf of
    a nested `elems` sliced alike), the results stacked. The slices are taken one by one,
    so the first axis must be known."""
    import _tensorflow.nest_api as nest
    with tf.name_scope(name or "map"):
        flat = [tf.convert_to_tensor(e) for e in nest.flatten(elems)]
        if not flat:
            raise ValueError("elems must be a Tensor or (possibly nested) sequence of Tensors. "
                             f"Got {elems}")
        n = flat[0].shape[0]
        if n is None:
            raise NotImplementedError(
                "tf.map_fn over a first axis of unknown size is not emulated in this "
                "playground yet."
            )
        signature = fn_output_signature if fn_output_signature is not None else dtype
        results = []
        for i in range(n):
            item = nest.pack_sequence_as(elems, [t[i] for t in flat])
            result = fn(item)
            # Without a signature, `fn` must return the structure of `elems`.
            nest.assert_same_structure(signature or elems, result)
            results.append(result)
        if not results:
            return tf.zeros([0], dtype=signature or flat[0].dtype)
        first = results[0]
        flat_results = [nest.flatten(r) for r in results]
        stacked = [tf.stack([tf.convert_to_tensor(r[j]) for r in flat_results])
                   for j in range(len(flat_results[0]))]
        if signature is not None and not nest.is_nested(signature):
            stacked = [tf.cast(s, signature) if isinstance(signature, tf.DType) else s
                       for s in stacked]
        return nest.pack_sequence_as(first, stacked)


def log_sigmoid(x, name=None):
    """`tf.math.log_sigmoid`: `-softplus(-x)`, as TensorFlow computes it."""
    with tf.name_scope(name or "LogSigmoid"):
        x = tf.convert_to_tensor(x, name="x")
        return tf.negative(tf.nn.softplus(-x))


def xlogy(x, y, name=None):
    """`tf.math.xlogy`: `x * log(y)`, 0 where `x` is 0."""
    with tf.name_scope(name or "Xlogy"):
        x = tf.convert_to_tensor(x, name="x")
        y = tf.convert_to_tensor(y, name="y", dtype=x.dtype)
        return tf.where(tf.equal(x, 0), tf.zeros_like(x * y), x * tf.math.log(y))


def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    """`tf.math.reduce_logsumexp`, with TensorFlow's max shift (a non-finite max is 0)."""
    with tf.name_scope(name or "ReduceLogSumExp"):
        input_tensor = tf.convert_to_tensor(input_tensor)
        raw_max = tf.reduce_max(input_tensor, axis=axis, keepdims=True)
        my_max = tf.stop_gradient(
            tf.where(tf.math.is_finite(raw_max), raw_max, tf.zeros_like(raw_max)))
        result = tf.math.log(tf.reduce_sum(tf.exp(input_tensor - my_max), axis=axis,
                                           keepdims=keepdims))
        if not keepdims:
            my_max = tf.reshape(my_max, tf.shape(result))
        return result + my_max


def polyval(coeffs, x, name=None):
    """The polynomial with coefficients `coeffs` (highest power first) at `x`, by
    Horner's rule."""
    if not isinstance(coeffs, list):
        raise ValueError(f"Argument coeffs must be list type. Received type {type(coeffs)}.")
    x = tf.convert_to_tensor(x, name="x")
    if len(coeffs) < 1:
        return tf.zeros_like(x, name=name)
    coeffs = [tf.convert_to_tensor(c, name="coeff_%d" % i) for i, c in enumerate(coeffs)]
    p = coeffs[0]
    for c in coeffs[1:]:
        p = c + p * x
    return p


def in_top_k(targets, predictions, k, name=None):
    """`InTopKV2`: whether each target's prediction is among the row's `k` largest, ties
    at the boundary counting as in, and a non-finite prediction as out."""
    with tf.name_scope(name or "in_top_k"):
        predictions = tf.convert_to_tensor(predictions)
        targets = tf.convert_to_tensor(targets)
        if predictions.shape.rank is not None and predictions.shape.rank != 2:
            raise ValueError(f"Shape must be rank 2 but is rank {predictions.shape.rank}")
        target_values = tf.gather(predictions, targets, batch_dims=1)
        larger = tf.reduce_sum(
            tf.cast(predictions > target_values[:, tf.newaxis], tf.int32), axis=1)
        finite = tf.math.is_finite(target_values)
        return tf.logical_and(finite, larger < tf.cast(k, tf.int32))


def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=tf.int32, name=None,
             axis=None, binary_output=False):
    """How many times each value of `arr` occurs (or the sum of its `weights`), over
    `max(arr) + 1` bins, at least `minlength` and at most `maxlength`."""
    if axis is not None:
        raise NotImplementedError("tf.math.bincount(axis=...) is not emulated in this "
                                  "playground yet.")
    with tf.name_scope(name or "bincount"):
        arr = tf.convert_to_tensor(arr, name="arr")
        flat = tf.reshape(arr, [-1])
        size = tf.cast(tf.maximum(tf.reduce_max(flat) + 1, 0) if flat.shape[0] != 0
                       else tf.constant(0, arr.dtype), tf.int32)
        if minlength is not None:
            size = tf.maximum(size, minlength)
        if maxlength is not None:
            size = tf.minimum(size, maxlength)
            keep = flat < tf.cast(size, flat.dtype)
        else:
            keep = None
        if weights is not None:
            values = tf.reshape(tf.convert_to_tensor(weights), [-1])
            dtype = values.dtype
        else:
            values = tf.ones_like(flat, dtype=dtype)
        if binary_output:
            values = tf.ones_like(flat, dtype=dtype)
        if keep is not None:
            flat = tf.boolean_mask(flat, keep)
            values = tf.boolean_mask(values, keep)
        counts = tf.math.unsorted_segment_sum(values, flat, size)
        if binary_output:
            counts = tf.cast(counts > 0, dtype)
        return counts


def weighted_cross_entropy_with_logits(labels, logits, pos_weight, name=None):
    """`tf.nn.weighted_cross_entropy_with_logits`: the logistic loss with positives weighed
    by `pos_weight`, in TensorFlow's overflow-safe form
    `(1 - z) * x + (1 + (q - 1) * z) * (log1p(exp(-|x|)) + max(-x, 0))`."""
    with tf.name_scope(name or "logistic_loss") as scope:
        logits = tf.convert_to_tensor(logits, name="logits")
        labels = tf.convert_to_tensor(labels, name="labels")
        if not labels.shape.is_compatible_with(logits.shape):
            raise ValueError("`logits` and `labels` must have the same shape, "
                             f"received ({logits.shape} vs {labels.shape}).")
        log_weight = 1 + (pos_weight - 1) * labels
        return tf.add((1 - labels) * logits,
                      log_weight * (tf.math.log1p(tf.exp(-tf.abs(logits)))
                                    + tf.nn.relu(-logits)),
                      name=scope)


def conj(x, name=None):
    """`tf.math.conj`: the complex conjugate (`Conj`); a real tensor is its own conjugate,
    returned as it is (TensorFlow makes no op for it)."""
    import tensorflow as tf

    if isinstance(x, tf.Tensor) and (x.dtype.is_floating or x.dtype.is_integer):
        return x
    with tf.name_scope(name or "Conj") as scope:
        x = tf.convert_to_tensor(x, name="x")
        if x.dtype.is_complex:
            return tf.raw_ops.Conj(input=x, name=scope)
        if x.dtype.is_floating or x.dtype.is_integer:
            return x
        raise TypeError(f"Expected numeric or variant tensor, got dtype {x.dtype!r}.")


def real(input, name=None):
    """`tf.math.real`: the real parts of a complex tensor (`Real`, of its real dtype); a
    real tensor is returned as it is."""
    import tensorflow as tf

    with tf.name_scope(name or "Real") as scope:
        input = tf.convert_to_tensor(input, name="input")
        if input.dtype.is_complex:
            return tf.raw_ops.Real(input=input, Tout=input.dtype.real_dtype, name=scope)
        if input.dtype.is_numeric:
            return input
        raise TypeError(
            "input must be a numeric tensor, but got tensor with dtype {}".format(input.dtype))


def imag(input, name=None):
    """`tf.math.imag`: the imaginary parts of a complex tensor (`Imag`); zeros for a real
    one."""
    import tensorflow as tf

    with tf.name_scope(name or "Imag") as scope:
        input = tf.convert_to_tensor(input, name="input")
        if input.dtype.is_complex:
            return tf.raw_ops.Imag(input=input, Tout=input.dtype.real_dtype, name=scope)
        return tf.zeros_like(input)


def angle(input, name=None):
    """`tf.math.angle`: the argument of each complex element (`Angle`); for real tensors
    pi where negative, else 0."""
    import math
    import tensorflow as tf

    with tf.name_scope(name or "Angle") as scope:
        input = tf.convert_to_tensor(input, name="input")
        if input.dtype.is_complex:
            return tf.raw_ops.Angle(input=input, Tout=input.dtype.real_dtype, name=scope)
        return tf.where(input < 0, math.pi * tf.ones_like(input), tf.zeros_like(input))


def complex(real, imag, name=None):
    """`tf.complex`: `real + imag * 1j` from two float32 (→ complex64) or two float64
    (→ complex128) tensors (`Complex`)."""
    import tensorflow as tf

    real = tf.convert_to_tensor(real, name="real")
    imag = tf.convert_to_tensor(imag, name="imag")
    with tf.name_scope(name or "Complex") as scope:
        input_types = (real.dtype, imag.dtype)
        if input_types == (tf.float64, tf.float64):
            tout = tf.complex128
        elif input_types == (tf.float32, tf.float32):
            tout = tf.complex64
        else:
            raise TypeError(
                f"The `real` and `imag` components have incorrect types: "
                f"{real.dtype.name} {imag.dtype.name}. They must be consistent, and "
                f"one of {[tf.float32, tf.float64]}")
        return tf.raw_ops.Complex(real=real, imag=imag, Tout=tout, name=scope)


# Significand bits (with the implicit one) of the float dtypes, for stepping to the
# neighbouring representable value.
_SIGNIFICAND_BITS = {"float16": 11, "bfloat16": 8, "float32": 24, "float64": 53}


def _toward_zero(x, dtype):
    """The `dtype` float next to `x` (a nonzero value of that dtype) in the direction of 0."""
    import math
    mantissa, exponent = math.frexp(abs(x))
    bits = _SIGNIFICAND_BITS[dtype.name]
    # Just below a power of two the spacing halves.
    step = 2.0 ** (exponent - bits - (1 if mantissa == 0.5 else 0))
    return math.copysign(abs(x) - step, x)


def _limit_in(limit, in_dtype, out_min, out_max):
    """`limit` as a value of `in_dtype` that does not overflow the output range (a float
    that rounded past it steps back toward 0, as TensorFlow's `nextafter`)."""
    if not in_dtype.is_floating:
        if isinstance(limit, float):
            # NumPy's C conversion of a float past the integer range gives the minimum
            # (x86), so TensorFlow clamps an int64 input to it when the upper limit is
            # float(int64.max) = 2**63.
            bits = in_dtype.size * 8
            if not -2.0 ** (bits - 1) <= limit < 2.0 ** (bits - 1):
                return -2 ** (bits - 1)
            return int(limit)
        return limit
    rounded = float(tf.cast(tf.constant(float(limit), tf.float64), in_dtype).numpy())
    if rounded < out_min or rounded > out_max:
        rounded = _toward_zero(rounded, in_dtype)
    return rounded


def saturate_cast(value, dtype, name=None):
    """`tf.dtypes.saturate_cast`: `value` clamped to the range of `dtype` (both limits
    representable in the input's dtype), then cast."""
    with tf.name_scope(name or "saturate_cast"):
        value = tf.convert_to_tensor(value, name="value")
        dtype = tf.as_dtype(dtype).base_dtype
        in_dtype = value.dtype
        out_min, out_max = dtype.min, dtype.max
        # The limits as TensorFlow computes them: the lower in the wider of the two types,
        # the upper through Python floats.
        low = max(in_dtype.min, out_min)
        if dtype.is_floating and not in_dtype.is_floating:
            low = float(low)
        low = _limit_in(low, in_dtype, out_min, out_max)
        high = _limit_in(min(float(in_dtype.max), float(out_max)), in_dtype, out_min, out_max)
        value = tf.clip_by_value(value, tf.constant(low, in_dtype), tf.constant(high, in_dtype),
                                 name="clamp")
        return tf.cast(value, dtype)
