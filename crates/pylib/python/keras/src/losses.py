"""`keras.losses`: the `Loss` base class (convert, compute per-sample losses, weight,
reduce to their mean over the batch) and the common losses, as Keras 3 computes them: a
cross-entropy of an output made by a `sigmoid` or `softmax` activation is computed from
its logits, as Keras does."""

import tensorflow as tf

from keras.src import backend, ops


def squeeze_or_expand_to_same_rank(x1, x2, expand_rank_1=True):
    """Makes `x1` and `x2` the same rank when they differ by a trailing 1."""
    r1, r2 = len(x1.shape), len(x2.shape)
    if r1 == r2:
        return x1, x2
    if r1 == r2 + 1 and x1.shape[-1] == 1:
        if r2 == 1 and expand_rank_1:
            x2 = tf.expand_dims(x2, -1)
        else:
            x1 = tf.squeeze(x1, -1)
    if r2 == r1 + 1 and x2.shape[-1] == 1:
        if r1 == 1 and expand_rank_1:
            x1 = tf.expand_dims(x1, -1)
        else:
            x2 = tf.squeeze(x2, -1)
    return x1, x2


_REDUCTIONS = ("sum_over_batch_size", "sum", None, "none", "mean", "mean_with_sample_weight")


def _standardize_reduction(reduction):
    if reduction not in _REDUCTIONS:
        # Keras prints its set of reductions; this is the order CPython 3.11 iterates it in
        # (PYTHONHASHSEED=0), where `None` hashes by address.
        allowed = ("{'sum_over_batch_size', 'sum', 'mean_with_sample_weight', 'mean', "
                   "'none', None}")
        raise ValueError(
            "Invalid value for argument `reduction`. "
            f"Expected one of {allowed}. Received: reduction={reduction}"
        )
    return reduction


def reduce_values(values, sample_weight=None, reduction="sum_over_batch_size"):
    if reduction is None or reduction == "none" or tuple(values.shape) in ((), (0,)):
        return values
    loss = tf.reduce_sum(values)
    if reduction in ("sum_over_batch_size", "mean", "mean_with_sample_weight"):
        if reduction == "mean_with_sample_weight" and sample_weight is not None:
            divisor = tf.cast(tf.reduce_sum(sample_weight), loss.dtype)
        else:
            divisor = tf.cast(tf.reduce_prod(tf.shape(values)), loss.dtype)
        loss = tf.math.divide_no_nan(loss, divisor)
        loss = scale_loss_for_distribution(loss)
    return loss


def scale_loss_for_distribution(value):
    """`value / replicas` under a strategy with several replicas, so that the SUM
    all-reduce of the replicas' gradients is the gradient of the global batch's mean."""
    replicas = tf.distribute.get_strategy().num_replicas_in_sync
    if replicas > 1:
        value = value * tf.cast(1.0 / replicas, value.dtype)
    return value


def unscale_loss_for_distribution(value):
    """The inverse of `scale_loss_for_distribution` (what the loss tracker records)."""
    replicas = tf.distribute.get_strategy().num_replicas_in_sync
    if replicas > 1:
        value = value * tf.cast(replicas, value.dtype)
    return value


def apply_mask(sample_weight, mask, dtype, reduction):
    """Keras's merge of a prediction mask into the sample weights: masked entries weigh
    0, and for a mean the others weigh `total / valid`, so the mean is over valid ones."""
    if mask is None:
        return sample_weight
    if reduction in ("mean", "sum_over_batch_size"):
        total = tf.cast(tf.reduce_prod(tf.shape(mask)), dtype)
        valid = tf.reduce_sum(tf.cast(mask, dtype))
        mask_weight = tf.math.divide_no_nan(total, valid)
        float_mask = tf.where(tf.cast(mask, "bool"), mask_weight, tf.zeros([], dtype))
    else:
        float_mask = tf.cast(mask, dtype)
    if sample_weight is None:
        return float_mask
    sample_weight = tf.cast(sample_weight, dtype)
    float_mask, sample_weight = squeeze_or_expand_to_same_rank(float_mask, sample_weight)
    return sample_weight * float_mask


def reduce_weighted_values(values, sample_weight=None, mask=None,
                           reduction="sum_over_batch_size", dtype=None):
    values = backend.convert_to_tensor(values, dtype)
    sample_weight = apply_mask(sample_weight, mask, values.dtype, reduction)
    if sample_weight is not None:
        sample_weight = tf.cast(backend.convert_to_tensor(sample_weight), values.dtype)
        values, sample_weight = squeeze_or_expand_to_same_rank(values, sample_weight)
        values = values * sample_weight
    return reduce_values(values, sample_weight, reduction)


class Loss:
    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None):
        self.name = name or backend.snake_case(type(self).__name__)
        self.reduction = _standardize_reduction(reduction)
        self.dtype = dtype or backend.floatx()

    def __call__(self, y_true, y_pred, sample_weight=None):
        in_mask = getattr(y_pred, "_keras_mask", None)
        y_pred = _keep_logits(y_pred, backend.convert_to_tensor(y_pred, self.dtype))
        y_true = backend.convert_to_tensor(y_true, self.dtype)
        losses = self.call(y_true, y_pred)
        out_mask = getattr(losses, "_keras_mask", None)
        if in_mask is not None and out_mask is not None:
            mask = tf.logical_and(in_mask, out_mask)
        else:
            mask = in_mask if in_mask is not None else out_mask
        return reduce_weighted_values(losses, sample_weight=sample_weight, mask=mask,
                                      reduction=self.reduction, dtype=self.dtype)

    def call(self, y_true, y_pred):
        raise NotImplementedError

    def get_config(self):
        return {"name": self.name, "reduction": self.reduction}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _keep_logits(original, converted):
    logits = getattr(original, "_keras_logits", None)
    if logits is not None and converted is not original:
        converted._keras_logits = logits
    return converted


class LossFunctionWrapper(Loss):
    def __init__(self, fn, reduction="sum_over_batch_size", name=None, dtype=None,
                 **kwargs):
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        return self.fn(y_true, y_pred, **self._fn_kwargs)


def _mean(x, axis=-1):
    """`keras.ops.mean`: integers and booleans average as `floatx`."""
    if not x.dtype.is_floating:
        x = tf.cast(x, backend.floatx())
    return tf.reduce_mean(x, axis=axis)


def mean_squared_error(y_true, y_pred):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = backend.convert_to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return _mean(tf.square(y_true - y_pred))


def mean_absolute_error(y_true, y_pred):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = backend.convert_to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return _mean(tf.abs(y_true - y_pred))


def mean_absolute_percentage_error(y_true, y_pred):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = backend.convert_to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    eps = tf.cast(backend.epsilon(), y_pred.dtype)
    diff = tf.abs((y_true - y_pred) / tf.maximum(tf.abs(y_true), eps))
    return 100.0 * _mean(diff)


def mean_squared_logarithmic_error(y_true, y_pred):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = backend.convert_to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    eps = tf.cast(backend.epsilon(), y_pred.dtype)
    first = tf.math.log(tf.maximum(y_pred, eps) + 1.0)
    second = tf.math.log(tf.maximum(y_true, eps) + 1.0)
    return _mean(tf.square(first - second))


def huber(y_true, y_pred, delta=1.0):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = backend.convert_to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    delta = tf.cast(delta, y_pred.dtype)
    error = y_pred - y_true
    abs_error = tf.abs(error)
    half = tf.cast(0.5, y_pred.dtype)
    return tf.reduce_mean(
        tf.where(abs_error <= delta, half * tf.square(error),
                 delta * abs_error - half * tf.square(delta)),
        axis=-1,
    )


def _logits(output, from_logits, kind):
    logits = getattr(output, "_keras_logits", None)
    if logits is not None:
        return logits, True
    return output, from_logits


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    y_pred = _keep_logits(y_pred, backend.convert_to_tensor(y_pred))
    y_true = tf.cast(y_true, y_pred.dtype)
    ops.check_crossentropy_shapes(y_true, y_pred)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    output, from_logits = _logits(y_pred, from_logits, "Sigmoid")
    if from_logits:
        values = tf.nn.sigmoid_cross_entropy_with_logits(labels=y_true, logits=output)
    else:
        eps = backend.epsilon()
        output = tf.clip_by_value(output, eps, 1.0 - eps)
        bce = y_true * tf.math.log(output)
        bce += (1 - y_true) * tf.math.log(1 - output)
        values = -bce
    return tf.reduce_mean(values, axis=axis)


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    y_pred = _keep_logits(y_pred, backend.convert_to_tensor(y_pred))
    y_true = tf.cast(y_true, y_pred.dtype)
    ops.check_crossentropy_shapes(y_true, y_pred, at_least_rank_1=True)
    if label_smoothing:
        classes = tf.cast(tf.shape(y_true)[-1], y_pred.dtype)
        y_true = y_true * (1.0 - label_smoothing) + (label_smoothing / classes)
    output, from_logits = _logits(y_pred, from_logits, "Softmax")
    if from_logits:
        return tf.nn.softmax_cross_entropy_with_logits(labels=y_true, logits=output, axis=axis)
    output = output / tf.reduce_sum(output, axis, keepdims=True)
    eps = backend.epsilon()
    output = tf.clip_by_value(output, eps, 1.0 - eps)
    return -tf.reduce_sum(y_true * tf.math.log(output), axis)


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, ignore_class=None,
                                    axis=-1):
    y_pred = _keep_logits(y_pred, backend.convert_to_tensor(y_pred))
    y_true = backend.convert_to_tensor(y_true)
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
        y_true = tf.squeeze(y_true, -1)
    output, from_logits = _logits(y_pred, from_logits, "Softmax")
    target = tf.cast(y_true, "int64")
    if not from_logits:
        eps = backend.epsilon()
        output = tf.math.log(tf.clip_by_value(output, eps, 1 - eps))
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)


def _binary_crossentropy_values(target, output):
    """`ops.binary_crossentropy(target, output)` on probabilities (element-wise)."""
    eps = backend.epsilon()
    output = tf.clip_by_value(output, eps, 1.0 - eps)
    bce = target * tf.math.log(output)
    bce += (1 - target) * tf.math.log(1 - output)
    return -bce


def log_cosh(y_true, y_pred):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = backend.convert_to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    log2 = tf.cast(tf.math.log(2.0), y_pred.dtype)
    x = y_pred - y_true
    return _mean(x + tf.math.softplus(x * -2.0) - log2)


def kl_divergence(y_true, y_pred):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = backend.convert_to_tensor(y_true, y_pred.dtype)
    y_true = tf.clip_by_value(y_true, backend.epsilon(), 1)
    y_pred = tf.clip_by_value(y_pred, backend.epsilon(), 1)
    return tf.reduce_sum(y_true * tf.math.log(y_true / y_pred), axis=-1)


def poisson(y_true, y_pred):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = backend.convert_to_tensor(y_true, y_pred.dtype)
    epsilon = tf.cast(backend.epsilon(), y_pred.dtype)
    return _mean(y_pred - y_true * tf.math.log(y_pred + epsilon))


def _hinge_labels(y_true):
    """Labels of 0 and 1 become -1 and 1 (`convert_binary_labels_to_hinge`)."""
    binary = tf.reduce_all(tf.logical_or(tf.equal(y_true, 0), tf.equal(y_true, 1)))
    return tf.cond(binary, lambda: 2.0 * y_true - 1.0, lambda: y_true)


def hinge(y_true, y_pred):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = _hinge_labels(tf.cast(y_true, y_pred.dtype))
    return _mean(tf.maximum(1.0 - y_true * y_pred, 0.0))


def squared_hinge(y_true, y_pred):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = _hinge_labels(tf.cast(y_true, y_pred.dtype))
    return _mean(tf.square(tf.maximum(1.0 - y_true * y_pred, 0.0)))


def categorical_hinge(y_true, y_pred):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = tf.cast(y_true, y_pred.dtype)
    pos = tf.reduce_sum(y_true * y_pred, axis=-1)
    neg = tf.reduce_max((1.0 - y_true) * y_pred, axis=-1)
    return tf.maximum(neg - pos + 1.0, tf.cast(0.0, y_pred.dtype))


def _l2_normalize(x, axis):
    """`ops.normalize(x, axis)`: `x * rsqrt(sum(x²))`, the inverse norm at most 1/ε."""
    inv_norm = tf.math.rsqrt(tf.reduce_sum(tf.square(x), axis=axis, keepdims=True))
    return x * tf.minimum(inv_norm, 1.0 / backend.epsilon())


def cosine_similarity(y_true, y_pred, axis=-1):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = backend.convert_to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    y_pred = _l2_normalize(y_pred, axis)
    y_true = _l2_normalize(y_true, axis)
    return -tf.reduce_sum(y_true * y_pred, axis=axis)


def binary_focal_crossentropy(y_true, y_pred, apply_class_balancing=False, alpha=0.25,
                              gamma=2.0, from_logits=False, label_smoothing=0.0, axis=-1):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = tf.cast(y_true, y_pred.dtype)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    if from_logits:
        y_pred = tf.sigmoid(y_pred)
    bce = _binary_crossentropy_values(y_true, y_pred)
    p_t = y_true * y_pred + (1 - y_true) * (1 - y_pred)
    focal_bce = tf.pow(1.0 - p_t, tf.cast(gamma, y_pred.dtype)) * bce
    if apply_class_balancing:
        weight = y_true * alpha + (1 - y_true) * (1 - alpha)
        focal_bce = weight * focal_bce
    return tf.reduce_mean(focal_bce, axis=axis)


def categorical_focal_crossentropy(y_true, y_pred, alpha=0.25, gamma=2.0, from_logits=False,
                                   label_smoothing=0.0, axis=-1):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = tf.cast(y_true, y_pred.dtype)
    if label_smoothing:
        classes = tf.cast(tf.shape(y_true)[-1], y_pred.dtype)
        y_true = y_true * (1.0 - label_smoothing) + label_smoothing / classes
    if from_logits:
        y_pred = tf.nn.softmax(y_pred, axis=axis)
    output = y_pred / tf.reduce_sum(y_pred, axis=axis, keepdims=True)
    output = tf.clip_by_value(output, backend.epsilon(), 1.0 - backend.epsilon())
    cce = -y_true * tf.math.log(output)
    modulating = tf.pow(1.0 - output, tf.cast(gamma, y_pred.dtype))
    return tf.reduce_sum(tf.multiply(tf.multiply(modulating, alpha), cce), axis=axis)


def _simple_loss(fn, default_name):
    """A `LossFunctionWrapper` class for a loss function without options."""

    class SimpleLoss(LossFunctionWrapper):
        def __init__(self, reduction="sum_over_batch_size", name=default_name, dtype=None):
            super().__init__(fn, reduction=reduction, name=name, dtype=dtype)

    return SimpleLoss


class LogCosh(_simple_loss(log_cosh, "log_cosh")):
    pass


class KLDivergence(_simple_loss(kl_divergence, "kl_divergence")):
    pass


class Poisson(_simple_loss(poisson, "poisson")):
    pass


class Hinge(_simple_loss(hinge, "hinge")):
    pass


class SquaredHinge(_simple_loss(squared_hinge, "squared_hinge")):
    pass


class CategoricalHinge(_simple_loss(categorical_hinge, "categorical_hinge")):
    pass


class CosineSimilarity(LossFunctionWrapper):
    def __init__(self, axis=-1, reduction="sum_over_batch_size", name="cosine_similarity",
                 dtype=None):
        super().__init__(cosine_similarity, reduction=reduction, name=name, dtype=dtype,
                         axis=axis)


class BinaryFocalCrossentropy(LossFunctionWrapper):
    def __init__(self, apply_class_balancing=False, alpha=0.25, gamma=2.0, from_logits=False,
                 label_smoothing=0.0, axis=-1, reduction="sum_over_batch_size",
                 name="binary_focal_crossentropy", dtype=None):
        super().__init__(binary_focal_crossentropy, reduction=reduction, name=name,
                         dtype=dtype, apply_class_balancing=apply_class_balancing,
                         alpha=alpha, gamma=gamma, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits


class CategoricalFocalCrossentropy(LossFunctionWrapper):
    def __init__(self, alpha=0.25, gamma=2.0, from_logits=False, label_smoothing=0.0,
                 axis=-1, reduction="sum_over_batch_size",
                 name="categorical_focal_crossentropy", dtype=None):
        super().__init__(categorical_focal_crossentropy, reduction=reduction, name=name,
                         dtype=dtype, alpha=alpha, gamma=gamma, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits


class MeanSquaredError(LossFunctionWrapper):
    def __init__(self, reduction="sum_over_batch_size", name="mean_squared_error", dtype=None):
        super().__init__(mean_squared_error, reduction=reduction, name=name, dtype=dtype)


class MeanAbsoluteError(LossFunctionWrapper):
    def __init__(self, reduction="sum_over_batch_size", name="mean_absolute_error", dtype=None):
        super().__init__(mean_absolute_error, reduction=reduction, name=name, dtype=dtype)


class MeanAbsolutePercentageError(LossFunctionWrapper):
    def __init__(self, reduction="sum_over_batch_size",
                 name="mean_absolute_percentage_error", dtype=None):
        super().__init__(mean_absolute_percentage_error, reduction=reduction, name=name,
                         dtype=dtype)


class MeanSquaredLogarithmicError(LossFunctionWrapper):
    def __init__(self, reduction="sum_over_batch_size",
                 name="mean_squared_logarithmic_error", dtype=None):
        super().__init__(mean_squared_logarithmic_error, reduction=reduction, name=name,
                         dtype=dtype)


class Huber(LossFunctionWrapper):
    def __init__(self, delta=1.0, reduction="sum_over_batch_size", name="huber_loss", dtype=None):
        super().__init__(huber, reduction=reduction, name=name, dtype=dtype, delta=delta)


class BinaryCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1,
                 reduction="sum_over_batch_size", name="binary_crossentropy", dtype=None):
        super().__init__(binary_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits


class CategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1,
                 reduction="sum_over_batch_size", name="categorical_crossentropy", dtype=None):
        super().__init__(categorical_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits = from_logits


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, ignore_class=None, reduction="sum_over_batch_size",
                 name="sparse_categorical_crossentropy", dtype=None):
        super().__init__(sparse_categorical_crossentropy, reduction=reduction, name=name,
                         dtype=dtype, from_logits=from_logits)
        self.from_logits = from_logits

    def call(self, y_true, y_pred):
        return self.fn(y_true, y_pred, **self._fn_kwargs)


mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error
mape = MAPE = mean_absolute_percentage_error
msle = MSLE = mean_squared_logarithmic_error
kld = KLD = kl_divergence
bce = BCE = binary_crossentropy

_LOSS_CLASSES = (
    Loss, LossFunctionWrapper, MeanSquaredError, MeanAbsoluteError,
    MeanAbsolutePercentageError, MeanSquaredLogarithmicError, Huber, LogCosh, KLDivergence,
    Poisson, Hinge, SquaredHinge, CategoricalHinge, CosineSimilarity, BinaryCrossentropy,
    CategoricalCrossentropy, SparseCategoricalCrossentropy, BinaryFocalCrossentropy,
    CategoricalFocalCrossentropy,
)
_LOSS_FUNCTIONS = (
    mean_squared_error, mean_absolute_error, mean_absolute_percentage_error,
    mean_squared_logarithmic_error, huber, log_cosh, kl_divergence, poisson, hinge,
    squared_hinge, categorical_hinge, cosine_similarity, binary_crossentropy,
    categorical_crossentropy, sparse_categorical_crossentropy, binary_focal_crossentropy,
    categorical_focal_crossentropy,
)
# Keras's `ALL_OBJECTS_DICT`: classes and functions by their names, and the short aliases.
_BY_NAME = {obj.__name__: obj for obj in _LOSS_CLASSES + _LOSS_FUNCTIONS}
_BY_NAME.update({"bce": binary_crossentropy, "BCE": binary_crossentropy,
                 "kld": kl_divergence, "KLD": kl_divergence,
                 "mae": mean_absolute_error, "MAE": mean_absolute_error,
                 "mse": mean_squared_error, "MSE": mean_squared_error,
                 "mape": mean_absolute_percentage_error,
                 "MAPE": mean_absolute_percentage_error,
                 "msle": mean_squared_logarithmic_error,
                 "MSLE": mean_squared_logarithmic_error})


def serialize(loss):
    """A `Loss`'s config dict, or a loss function's name."""
    if isinstance(loss, Loss):
        return {"module": "keras.losses", "class_name": type(loss).__name__,
                "config": loss.get_config(), "registered_name": None}
    return getattr(loss, "__name__", None)


def deserialize(config, custom_objects=None):
    """A loss from `serialize`'s output."""
    if isinstance(config, str):
        return get(config)
    cls = (custom_objects or {}).get(config.get("class_name")) or _BY_NAME.get(
        config.get("class_name"))
    if cls is None:
        raise ValueError(f"Could not interpret loss identifier: {config}")
    return cls.from_config(config.get("config", {})) if isinstance(cls, type) else cls


def get(identifier):
    """A loss by name (a function for a function's name, an instance for a class name),
    a config dict, or a callable, as `keras.losses.get` resolves it."""
    from keras.src.saving import serialization_lib
    return serialization_lib.get_object(identifier, "loss", _BY_NAME, deserialize)


def loss_object(identifier):
    """What `compile(loss=...)` uses: `get`, with a loss function wrapped as a `Loss`
    named after it (Keras's `CompileLoss`)."""
    obj = get(identifier)
    if obj is None or isinstance(obj, Loss):
        return obj
    return LossFunctionWrapper(obj, name=getattr(obj, "__name__", None))
