"""`keras.metrics`: `Metric` (state in non-trainable variables, so updates run inside a
`tf.function` step), `Mean`, `Sum`, `MeanMetricWrapper` and the accuracy and error
metrics, computed as Keras 3 computes them."""

import tensorflow as tf

import _keras_native
from keras.src import backend
from keras.src.losses import (
    binary_crossentropy, categorical_crossentropy, mean_absolute_error,
    mean_absolute_percentage_error, mean_squared_error, mean_squared_logarithmic_error,
    sparse_categorical_crossentropy, squeeze_or_expand_to_same_rank,
)


class Metric:
    def __init__(self, dtype=None, name=None):
        self.name = name or backend.unique_name(backend.snake_case(type(self).__name__))
        self._dtype = backend.standardize_dtype(dtype) if dtype is not None else backend.floatx()
        self._variables = []

    @property
    def dtype(self):
        return self._dtype

    def add_variable(self, shape, initializer="zeros", dtype=None, aggregation="sum",
                     name=None):
        from keras.src import initializers
        dtype = backend.standardize_dtype(dtype or self._dtype)
        if initializer in ("zeros", None):
            value = tf.zeros(shape, dtype)
        elif initializer == "ones":
            value = tf.ones(shape, dtype)
        else:
            value = tf.convert_to_tensor(initializers.get(initializer)(shape, dtype=dtype),
                                         dtype=dtype)
        variable = _keras_native.variable(value, f"{self.name}/{name}", False, False)
        self._variables.append(variable)
        return variable

    def add_weight(self, shape=(), initializer=None, dtype=None, name=None):
        """Keras 2's name for `add_variable` (a scalar by default)."""
        return self.add_variable(shape=shape, initializer=initializer, dtype=dtype, name=name)

    @property
    def variables(self):
        return list(self._variables)

    def reset_state(self):
        for v in self._variables:
            v.assign(tf.zeros(v.shape, v.dtype))

    def update_state(self, *args, **kwargs):
        raise NotImplementedError

    def result(self):
        raise NotImplementedError

    def __call__(self, *args, **kwargs):
        self.update_state(*args, **kwargs)
        return self.result()

    def get_config(self):
        return {"name": self.name, "dtype": self._dtype}

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}>"


def reduce_to_samplewise_values(values, sample_weight, reduce_fn, dtype):
    values = tf.cast(values, dtype)
    if sample_weight is not None:
        sample_weight = tf.cast(backend.convert_to_tensor(sample_weight), dtype)
        values, sample_weight = squeeze_or_expand_to_same_rank(values, sample_weight)
        weight_ndim = len(sample_weight.shape)
        values_ndim = len(values.shape)
        if values_ndim > weight_ndim:
            values = reduce_fn(values, axis=list(range(weight_ndim, values_ndim)))
        sample_weight = tf.broadcast_to(sample_weight, tf.shape(values))
        values = values * sample_weight
        if weight_ndim > 1:
            sample_weight = reduce_fn(sample_weight, axis=list(range(1, weight_ndim)))
    values_ndim = len(values.shape)
    if values_ndim > 1:
        values = reduce_fn(values, axis=list(range(1, values_ndim)))
    return values, sample_weight


class Sum(Metric):
    def __init__(self, name="sum", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), name="total")

    def update_state(self, values, sample_weight=None):
        values, _ = reduce_to_samplewise_values(values, sample_weight, tf.reduce_sum, self.dtype)
        self.total.assign_add(tf.reduce_sum(values))

    def result(self):
        return tf.identity(self.total)


class Mean(Metric):
    def __init__(self, name="mean", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), name="total")
        self.count = self.add_variable(shape=(), name="count")

    def update_state(self, values, sample_weight=None):
        values, sample_weight = reduce_to_samplewise_values(
            values, sample_weight, tf.reduce_mean, self.dtype)
        self.total.assign_add(tf.reduce_sum(values))
        if sample_weight is not None:
            count = tf.reduce_sum(sample_weight)
        elif len(values.shape) >= 1:
            count = tf.shape(values)[0]
        else:
            count = 1
        self.count.assign_add(tf.cast(count, self.dtype))

    def result(self):
        return tf.math.divide_no_nan(self.total, tf.cast(self.count, self.dtype))


class MeanMetricWrapper(Mean):
    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs
        # Keras marks a wrapped loss function as a metric to minimise (callbacks read it).
        from keras.src import losses as losses_module
        if fn in vars(losses_module).values():
            self._direction = "down"

    def update_state(self, y_true, y_pred, sample_weight=None):
        from keras.src.losses import apply_mask
        mask = getattr(y_pred, "_keras_mask", None)
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        sample_weight = apply_mask(sample_weight, mask, self.dtype, "sum")
        return Mean.update_state(self, values, sample_weight=sample_weight)


def accuracy(y_true, y_pred):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = backend.convert_to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return tf.cast(tf.equal(y_true, y_pred), backend.floatx())


def binary_accuracy(y_true, y_pred, threshold=0.5):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = backend.convert_to_tensor(y_true)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    y_pred = tf.cast(tf.greater(y_pred, tf.cast(threshold, y_pred.dtype)), y_true.dtype)
    return tf.cast(tf.equal(y_true, y_pred), backend.floatx())


def _matches(y_true, y_pred, squeeze_last):
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = backend.convert_to_tensor(y_true, y_pred.dtype)
    original = tf.shape(y_true)
    reshape = False
    if len(y_true.shape) == len(y_pred.shape) and (not squeeze_last or y_true.shape[-1] == 1):
        y_true = tf.squeeze(y_true, -1)
        reshape = True
    y_pred = tf.argmax(y_pred, axis=-1, output_type="int32")
    if y_pred.dtype != y_true.dtype:
        y_pred = tf.cast(y_pred, y_true.dtype)
    matches = tf.cast(tf.equal(y_true, y_pred), backend.floatx())
    if reshape:
        matches = tf.reshape(matches, original)
    return matches


def categorical_accuracy(y_true, y_pred):
    y_true = tf.argmax(y_true, axis=-1, output_type="int32")
    return _matches(y_true, y_pred, False)


def sparse_categorical_accuracy(y_true, y_pred):
    matches = _matches(y_true, y_pred, True)
    if len(matches.shape) > 1 and matches.shape[-1] == 1:
        matches = tf.squeeze(matches, -1)
    return matches


def _top_k_matches(y_true, y_pred, k, sparse, from_sorted_ids=False):
    y_pred = backend.convert_to_tensor(y_pred)
    if sparse:
        y_true = backend.convert_to_tensor(y_true, y_pred.dtype if from_sorted_ids else "int32")
    else:
        y_true = tf.argmax(backend.convert_to_tensor(y_true, y_pred.dtype), axis=-1)
    original_shape = tf.shape(y_true)
    reshape = False
    if len(y_pred.shape) > 2:
        y_pred = tf.reshape(y_pred, [-1, y_pred.shape[-1]])
    if len(y_true.shape) > 1:
        reshape = True
        y_true = tf.reshape(y_true, [-1])
    if from_sorted_ids:
        matches = tf.reduce_any(tf.equal(tf.expand_dims(y_true, axis=1), y_pred[:, :k]),
                                axis=1)
    else:
        matches = tf.math.in_top_k(tf.cast(y_true, "int32"), y_pred, k)
    matches = tf.cast(matches, backend.floatx())
    return tf.reshape(matches, original_shape) if reshape else matches


def top_k_categorical_accuracy(y_true, y_pred, k=5):
    return _top_k_matches(y_true, y_pred, k, sparse=False)


def sparse_top_k_categorical_accuracy(y_true, y_pred, k=5, from_sorted_ids=False):
    return _top_k_matches(y_true, y_pred, k, sparse=True, from_sorted_ids=from_sorted_ids)


class TopKCategoricalAccuracy(MeanMetricWrapper):
    _direction = "up"

    def __init__(self, k=5, name="top_k_categorical_accuracy", dtype=None):
        super().__init__(top_k_categorical_accuracy, name=name, dtype=dtype, k=k)
        self.k = k


class SparseTopKCategoricalAccuracy(MeanMetricWrapper):
    _direction = "up"

    def __init__(self, k=5, name="sparse_top_k_categorical_accuracy", dtype=None,
                 from_sorted_ids=False):
        super().__init__(sparse_top_k_categorical_accuracy, name=name, dtype=dtype, k=k,
                         from_sorted_ids=from_sorted_ids)
        self.k = k
        self.from_sorted_ids = from_sorted_ids


def cosine_similarity(y_true, y_pred, axis=-1):
    """The cosine of each pair of rows (the loss's negation)."""
    from keras.src.losses import _l2_normalize, squeeze_or_expand_to_same_rank
    y_pred = backend.convert_to_tensor(y_pred)
    y_true = backend.convert_to_tensor(y_true, y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return tf.reduce_sum(_l2_normalize(y_true, axis) * _l2_normalize(y_pred, axis), axis=axis)


class CosineSimilarity(MeanMetricWrapper):
    _direction = "up"

    def __init__(self, name="cosine_similarity", dtype=None, axis=-1):
        super().__init__(cosine_similarity, name=name, dtype=dtype, axis=axis)


class Accuracy(MeanMetricWrapper):
    _direction = "up"

    def __init__(self, name="accuracy", dtype=None):
        super().__init__(accuracy, name=name, dtype=dtype)


class BinaryAccuracy(MeanMetricWrapper):
    _direction = "up"

    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        super().__init__(binary_accuracy, name=name, dtype=dtype, threshold=threshold)


class CategoricalAccuracy(MeanMetricWrapper):
    _direction = "up"

    def __init__(self, name="categorical_accuracy", dtype=None):
        super().__init__(categorical_accuracy, name=name, dtype=dtype)


class SparseCategoricalAccuracy(MeanMetricWrapper):
    _direction = "up"

    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        super().__init__(sparse_categorical_accuracy, name=name, dtype=dtype)


class MeanSquaredError(MeanMetricWrapper):
    _direction = "down"

    def __init__(self, name="mean_squared_error", dtype=None):
        super().__init__(mean_squared_error, name=name, dtype=dtype)


class MeanAbsoluteError(MeanMetricWrapper):
    _direction = "down"

    def __init__(self, name="mean_absolute_error", dtype=None):
        super().__init__(mean_absolute_error, name=name, dtype=dtype)


class MeanAbsolutePercentageError(MeanMetricWrapper):
    _direction = "down"

    def __init__(self, name="mean_absolute_percentage_error", dtype=None):
        super().__init__(mean_absolute_percentage_error, name=name, dtype=dtype)


class RootMeanSquaredError(Mean):
    _direction = "down"

    def __init__(self, name="root_mean_squared_error", dtype=None):
        super().__init__(name=name, dtype=dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_pred = backend.convert_to_tensor(y_pred, self.dtype)
        y_true = backend.convert_to_tensor(y_true, y_pred.dtype)
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        return Mean.update_state(self, tf.square(y_pred - y_true), sample_weight=sample_weight)

    def result(self):
        return tf.sqrt(Mean.result(self))


class MeanSquaredLogarithmicError(MeanMetricWrapper):
    _direction = "down"

    def __init__(self, name="mean_squared_logarithmic_error", dtype=None):
        super().__init__(mean_squared_logarithmic_error, name=name, dtype=dtype)


class BinaryCrossentropy(MeanMetricWrapper):
    _direction = "down"

    def __init__(self, name="binary_crossentropy", dtype=None, from_logits=False,
                 label_smoothing=0):
        super().__init__(binary_crossentropy, name=name, dtype=dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing)


class CategoricalCrossentropy(MeanMetricWrapper):
    _direction = "down"

    def __init__(self, name="categorical_crossentropy", dtype=None, from_logits=False,
                 label_smoothing=0, axis=-1):
        super().__init__(categorical_crossentropy, name=name, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)


class SparseCategoricalCrossentropy(MeanMetricWrapper):
    _direction = "down"

    def __init__(self, name="sparse_categorical_crossentropy", dtype=None, from_logits=False,
                 axis=-1):
        super().__init__(sparse_categorical_crossentropy, name=name, dtype=dtype,
                         from_logits=from_logits, axis=axis)


_BY_NAME = {
    "binary_crossentropy": BinaryCrossentropy,
    "categorical_crossentropy": CategoricalCrossentropy,
    "sparse_categorical_crossentropy": SparseCategoricalCrossentropy,
    "msle": MeanSquaredLogarithmicError,
    "mean_squared_logarithmic_error": MeanSquaredLogarithmicError,
    "mse": MeanSquaredError, "mean_squared_error": MeanSquaredError,
    "mae": MeanAbsoluteError, "mean_absolute_error": MeanAbsoluteError,
    "binary_accuracy": BinaryAccuracy, "categorical_accuracy": CategoricalAccuracy,
    "sparse_categorical_accuracy": SparseCategoricalAccuracy,
    "root_mean_squared_error": RootMeanSquaredError,
    "mape": MeanAbsolutePercentageError,
    "mean_absolute_percentage_error": MeanAbsolutePercentageError,
    "top_k_categorical_accuracy": TopKCategoricalAccuracy,
    "cosine_similarity": CosineSimilarity,
    "sparse_top_k_categorical_accuracy": SparseTopKCategoricalAccuracy,
}


def get(identifier, loss=None):
    """A metric for `compile(metrics=[...])`; `"accuracy"` picks the accuracy that fits
    the loss, as Keras does."""
    if isinstance(identifier, Metric):
        return identifier
    if isinstance(identifier, str):
        if identifier in ("accuracy", "acc"):
            kind = getattr(loss, "fn", loss)
            name = getattr(kind, "__name__", str(kind))
            if "sparse_categorical" in name:
                return SparseCategoricalAccuracy(name=identifier)
            if "categorical" in name:
                return CategoricalAccuracy(name=identifier)
            if "binary" in name:
                return BinaryAccuracy(name=identifier)
            return Accuracy(name=identifier)
        cls = _BY_NAME.get(identifier)
        if cls is None:
            from keras.src import confusion_metrics
            cls = {"precision": confusion_metrics.Precision,
                   "recall": confusion_metrics.Recall,
                   "true_positives": confusion_metrics.TruePositives,
                   "false_positives": confusion_metrics.FalsePositives,
                   "true_negatives": confusion_metrics.TrueNegatives,
                   "false_negatives": confusion_metrics.FalseNegatives,
                   "auc": confusion_metrics.AUC, "AUC": confusion_metrics.AUC}.get(identifier)
        if cls is None:
            raise ValueError(f"Could not interpret metric identifier: {identifier}")
        return cls(name=identifier)
    if isinstance(identifier, type):
        return identifier()
    if callable(identifier):
        return MeanMetricWrapper(identifier, name=getattr(identifier, "__name__", None))
    raise ValueError(f"Could not interpret metric identifier: {identifier}")


class R2Score(Metric):
    _direction = "up"

    """The coefficient of determination, per output column, averaged as
    `class_aggregation` says; adjusted for `num_regressors` when given."""

    def __init__(self, class_aggregation="uniform_average", num_regressors=0,
                 name="r2_score", dtype=None):
        super().__init__(name=name, dtype=dtype)
        valid = (None, "uniform_average", "variance_weighted_average")
        if class_aggregation not in valid:
            raise ValueError(
                "Invalid value for argument `class_aggregation`. Expected one of "
                f"{valid}. Received: class_aggregation={class_aggregation}")
        if num_regressors < 0:
            raise ValueError(
                "Invalid value for argument `num_regressors`. Expected a value >= 0. "
                f"Received: num_regressors={num_regressors}")
        self.class_aggregation = class_aggregation
        self.num_regressors = num_regressors
        self.num_samples = self.add_variable(shape=(), name="num_samples")
        self._built = False

    def _build(self, y_true_shape, y_pred_shape):
        if len(y_pred_shape) != 2 or len(y_true_shape) != 2:
            raise ValueError(
                "R2Score expects 2D inputs with shape (batch_size, output_dim). Received "
                f"input shapes: y_pred.shape={y_pred_shape} and y_true.shape={y_true_shape}.")
        if y_pred_shape[-1] is None or y_true_shape[-1] is None:
            raise ValueError(
                "R2Score expects 2D inputs with shape (batch_size, output_dim), with "
                "output_dim fully defined (not None). Received input shapes: "
                f"y_pred.shape={y_pred_shape} and y_true.shape={y_true_shape}.")
        outputs = y_pred_shape[-1]
        self.squared_sum = self.add_variable(shape=[outputs], name="squared_sum")
        self.sum = self.add_variable(shape=[outputs], name="sum")
        self.total_mse = self.add_variable(shape=[outputs], name="residual")
        self.count = self.add_variable(shape=[outputs], name="count")
        self._built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        from keras.src.losses import squeeze_or_expand_to_same_rank
        y_true = tf.convert_to_tensor(y_true, dtype=self._dtype)
        y_pred = tf.convert_to_tensor(y_pred, dtype=self._dtype)
        y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
        if not self._built:
            self._build(tuple(y_true.shape), tuple(y_pred.shape))
        weight = tf.convert_to_tensor(1 if sample_weight is None else sample_weight,
                                      dtype=self._dtype)
        if len(weight.shape) == 1:
            weight = tf.expand_dims(weight, axis=1)
        weight = tf.cast(tf.broadcast_to(weight, tf.shape(y_true)), y_true.dtype)
        weighted = y_true * weight
        self.sum.assign(self.sum + tf.reduce_sum(weighted, axis=0))
        self.squared_sum.assign(self.squared_sum + tf.reduce_sum(y_true * weighted, axis=0))
        self.total_mse.assign(
            self.total_mse + tf.reduce_sum((y_true - y_pred) ** 2 * weight, axis=0))
        self.count.assign(self.count + tf.reduce_sum(weight, axis=0))
        self.num_samples.assign(self.num_samples + tf.cast(tf.size(y_true), self._dtype))

    def result(self):
        mean = self.sum / self.count
        total = self.squared_sum - self.sum * mean
        raw = 1 - (self.total_mse / total)
        raw = tf.where(tf.math.is_inf(raw), tf.zeros_like(raw), raw)
        if self.class_aggregation == "uniform_average":
            score = tf.reduce_mean(raw)
        elif self.class_aggregation == "variance_weighted_average":
            score = tf.reduce_sum(total * raw) / tf.reduce_sum(total)
        else:
            score = raw
        if self.num_regressors != 0:
            import warnings
            samples = float(self.num_samples.numpy())
            if self.num_regressors > samples - 1:
                warnings.warn("More independent predictors than datapoints in adjusted R2 "
                              "score. Falling back to standard R2 score.", stacklevel=2)
            elif self.num_regressors == samples - 1:
                warnings.warn("Division by zero in Adjusted R2 score. Falling back to "
                              "standard R2 score.", stacklevel=2)
            else:
                n = tf.convert_to_tensor(self.num_samples, dtype="float32")
                p = tf.convert_to_tensor(self.num_regressors, dtype="float32")
                score = 1.0 - (1.0 - score) * (n - 1.0) / (n - p - 1.0)
        return score

    def reset_state(self):
        for v in self.variables:
            v.assign(tf.zeros(v.shape, dtype=v.dtype))

    def get_config(self):
        return {"name": self.name, "dtype": self._dtype,
                "class_aggregation": self.class_aggregation,
                "num_regressors": self.num_regressors}
