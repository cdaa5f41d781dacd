"""Keras's confusion-matrix metrics: `TruePositives`, `FalsePositives`, `TrueNegatives`,
`FalseNegatives`, `Precision` and `Recall`, counted at one or more thresholds (a prediction
is positive when it is above the threshold; a label when it is non-zero), optionally for
one class (`class_id`), with sample weights."""

import tensorflow as tf

from keras.src.metrics import Metric

_DEFAULT_THRESHOLD = 0.5


def _thresholds(thresholds):
    if thresholds is None:
        return [_DEFAULT_THRESHOLD], True
    if isinstance(thresholds, (list, tuple)):
        values = list(thresholds)
    else:
        values = [thresholds]
    for value in values:
        if not 0 <= value <= 1:
            raise ValueError(
                f"Threshold values must be in [0, 1]. Received: {value}")
    return values, not isinstance(thresholds, (list, tuple))


def _counts(y_true, y_pred, thresholds, class_id, sample_weight, dtype):
    """Per threshold: the weighted counts of (true positive, false positive, true
    negative, false negative) predictions."""
    y_true = tf.convert_to_tensor(y_true)
    y_pred = tf.cast(tf.convert_to_tensor(y_pred), "float32")
    if class_id is not None:
        y_true = y_true[..., class_id]
        y_pred = y_pred[..., class_id]
    labels = tf.reshape(tf.cast(y_true, "bool"), [1, -1])
    predictions = tf.reshape(y_pred, [1, -1])
    cut = tf.reshape(tf.constant(thresholds, "float32"), [-1, 1])
    positive = predictions > cut
    if sample_weight is None:
        weights = tf.ones_like(predictions, dtype=dtype)
    else:
        weights = tf.reshape(
            tf.broadcast_to(tf.cast(sample_weight, dtype), tf.shape(y_pred)), [1, -1])

    def count(label, prediction):
        hit = tf.logical_and(label, prediction)
        return tf.reduce_sum(tf.cast(hit, dtype) * weights, axis=1)

    negative = tf.logical_not(positive)
    not_label = tf.logical_not(labels)
    return (count(labels, positive), count(not_label, positive),
            count(not_label, negative), count(labels, negative))


class _ConfusionCount(Metric):
    _INDEX = 0

    def __init__(self, thresholds=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.thresholds, self._single = _thresholds(thresholds)
        self.init_thresholds = thresholds
        self.accumulator = self.add_variable(shape=(len(self.thresholds),),
                                             name="accumulator")

    def update_state(self, y_true, y_pred, sample_weight=None):
        counts = _counts(y_true, y_pred, self.thresholds, None, sample_weight, self.dtype)
        self.accumulator.assign_add(counts[self._INDEX])

    def result(self):
        if self._single:
            return tf.identity(self.accumulator[0])
        return tf.identity(self.accumulator)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "thresholds": self.init_thresholds}


class TruePositives(_ConfusionCount):
    __module__ = "keras.src.metrics.confusion_metrics"
    _INDEX = 0


class FalsePositives(_ConfusionCount):
    __module__ = "keras.src.metrics.confusion_metrics"
    _INDEX = 1


class TrueNegatives(_ConfusionCount):
    __module__ = "keras.src.metrics.confusion_metrics"
    _INDEX = 2


class FalseNegatives(_ConfusionCount):
    __module__ = "keras.src.metrics.confusion_metrics"
    _INDEX = 3


class _Ratio(Metric):
    # Which count is divided by itself plus which (Precision: TP / (TP + FP)).
    _OTHER = 1
    _OTHER_NAME = "false_positives"

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        if top_k is not None:
            raise NotImplementedError(
                f"{type(self).__name__}(top_k=...) is not emulated in this playground yet.")
        self.init_thresholds = thresholds
        self.top_k = top_k
        self.class_id = class_id
        self.thresholds, self._single = _thresholds(thresholds)
        self.true_positives = self.add_variable(shape=(len(self.thresholds),),
                                                name="true_positives")
        self.other = self.add_variable(shape=(len(self.thresholds),), name=self._OTHER_NAME)

    def update_state(self, y_true, y_pred, sample_weight=None):
        counts = _counts(y_true, y_pred, self.thresholds, self.class_id, sample_weight,
                         self.dtype)
        self.true_positives.assign_add(counts[0])
        self.other.assign_add(counts[self._OTHER])

    def result(self):
        result = tf.math.divide_no_nan(self.true_positives,
                                       self.true_positives + self.other)
        return result[0] if self._single else result

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "thresholds": self.init_thresholds,
                "top_k": self.top_k, "class_id": self.class_id}


class Precision(_Ratio):
    __module__ = "keras.src.metrics.confusion_metrics"
    _OTHER = 1
    _OTHER_NAME = "false_positives"


class Recall(_Ratio):
    __module__ = "keras.src.metrics.confusion_metrics"
    _OTHER = 3
    _OTHER_NAME = "false_negatives"
