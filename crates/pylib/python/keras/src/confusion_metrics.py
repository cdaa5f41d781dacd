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
    from keras.src.losses import squeeze_or_expand_to_same_rank
    y_true = tf.convert_to_tensor(y_true)
    y_pred = tf.cast(tf.convert_to_tensor(y_pred), "float32")
    # Keras's `update_confusion_matrix_variables`: targets, predictions and weights are
    # brought to one rank before the weights broadcast to the predictions' shape.
    y_pred, y_true = squeeze_or_expand_to_same_rank(y_pred, y_true)
    if sample_weight is not None:
        sample_weight = tf.expand_dims(tf.cast(sample_weight, dtype), axis=-1)
        _, sample_weight = squeeze_or_expand_to_same_rank(y_true, sample_weight,
                                                          expand_rank_1=False)
    if class_id is not None:
        y_true = y_true[..., class_id, None]
        y_pred = y_pred[..., class_id, None]
    labels = tf.reshape(tf.cast(y_true, "bool"), [1, -1])
    predictions = tf.reshape(y_pred, [1, -1])
    cut = tf.reshape(tf.constant(thresholds, "float32"), [-1, 1])
    positive = predictions > cut
    if sample_weight is None:
        weights = tf.ones_like(predictions, dtype=dtype)
    else:
        weights = tf.reshape(tf.broadcast_to(sample_weight, tf.shape(y_pred)), [1, -1])

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
    _direction = "up"

    __module__ = "keras.src.metrics.confusion_metrics"
    _OTHER = 1
    _OTHER_NAME = "false_positives"


class Recall(_Ratio):
    _direction = "up"

    __module__ = "keras.src.metrics.confusion_metrics"
    _OTHER = 3
    _OTHER_NAME = "false_negatives"


_CURVES = {"roc": "ROC", "ROC": "ROC", "pr": "PR", "PR": "PR", "prgain": "PRGAIN",
           "PRGAIN": "PRGAIN"}
_SUMMATIONS = {"interpolation": "interpolation", "Interpolation": "interpolation",
               "majoring": "majoring", "Majoring": "majoring", "minoring": "minoring",
               "Minoring": "minoring"}


class AUC(Metric):
    _direction = "up"

    """The area under the ROC (or precision-recall, or PR-gain) curve, approximated by a
    Riemann sum over confusion counts at `num_thresholds` thresholds, as Keras computes it
    (the PR curve with Davis & Goadrich's interpolation)."""

    __module__ = "keras.src.metrics.confusion_metrics"

    def __init__(self, num_thresholds=200, curve="ROC", summation_method="interpolation",
                 name=None, dtype=None, thresholds=None, multi_label=False, num_labels=None,
                 label_weights=None, from_logits=False):
        if curve not in _CURVES:
            raise ValueError(f'Invalid AUC curve value: "{curve}". '
                             'Expected values are ["PR", "ROC", "PRGAIN"]')
        if summation_method not in _SUMMATIONS:
            raise ValueError(f'Invalid AUC summation method value: "{summation_method}". '
                             'Expected values are ["interpolation", "majoring", "minoring"]')
        if multi_label:
            raise NotImplementedError(
                "AUC(multi_label=True) is not emulated in this playground yet.")
        super().__init__(name=name, dtype=dtype)
        self._init_from_thresholds = thresholds is not None
        if thresholds is not None:
            self.num_thresholds = len(thresholds) + 2
            thresholds = sorted(thresholds)
        else:
            if num_thresholds <= 1:
                raise ValueError("Argument `num_thresholds` must be an integer > 1. "
                                 f"Received: num_thresholds={num_thresholds}")
            self.num_thresholds = num_thresholds
            thresholds = [(i + 1) * 1.0 / (num_thresholds - 1)
                          for i in range(num_thresholds - 2)]
        self._thresholds = [0.0 - 1e-7] + list(thresholds) + [1.0 + 1e-7]
        self.curve = _CURVES[curve]
        self.summation_method = _SUMMATIONS[summation_method]
        self.multi_label = multi_label
        self.num_labels = num_labels
        self.label_weights = label_weights
        self._from_logits = from_logits
        shape = (self.num_thresholds,)
        self.true_positives = self.add_variable(shape=shape, name="true_positives")
        self.false_positives = self.add_variable(shape=shape, name="false_positives")
        self.true_negatives = self.add_variable(shape=shape, name="true_negatives")
        self.false_negatives = self.add_variable(shape=shape, name="false_negatives")

    @property
    def thresholds(self):
        return list(self._thresholds)

    def update_state(self, y_true, y_pred, sample_weight=None):
        if self._from_logits:
            y_pred = tf.sigmoid(y_pred)
        tp, fp, tn, fn = _counts(y_true, y_pred, self._thresholds, None, sample_weight,
                                 self.dtype)
        self.true_positives.assign_add(tp)
        self.false_positives.assign_add(fp)
        self.true_negatives.assign_add(tn)
        self.false_negatives.assign_add(fn)

    def interpolate_pr_auc(self):
        n = self.num_thresholds
        tp, fp, fn = self.true_positives, self.false_positives, self.false_negatives
        dtp = tp[: n - 1] - tp[1:]
        p = tp + fp
        dp = p[: n - 1] - p[1:]
        prec_slope = tf.math.divide_no_nan(dtp, tf.maximum(dp, 0))
        intercept = tp[1:] - prec_slope * p[1:]
        safe_p_ratio = tf.where(tf.logical_and(p[: n - 1] > 0, p[1:] > 0),
                                tf.math.divide_no_nan(p[: n - 1], tf.maximum(p[1:], 0)),
                                tf.ones_like(p[1:]))
        increment = tf.math.divide_no_nan(
            prec_slope * (dtp + intercept * tf.math.log(safe_p_ratio)),
            tf.maximum(tp[1:] + fn[1:], 0))
        return tf.reduce_sum(increment)

    def result(self):
        if self.curve == "PR" and self.summation_method == "interpolation":
            return self.interpolate_pr_auc()
        tp, fp = self.true_positives, self.false_positives
        tn, fn = self.true_negatives, self.false_negatives
        recall = tf.math.divide_no_nan(tp, tp + fn)
        if self.curve == "ROC":
            x, y = tf.math.divide_no_nan(fp, fp + tn), recall
        elif self.curve == "PR":
            x, y = recall, tf.math.divide_no_nan(tp, tp + fp)
        else:
            scaling = tf.math.divide_no_nan(tp + fn, tn + fp)
            recall_gain = 1.0 - scaling * tf.math.divide_no_nan(fn, tp)
            precision_gain = 1.0 - scaling * tf.math.divide_no_nan(fp, tp)
            recall_gain = tf.maximum(tf.where(tf.equal(tp, 0.0), 0.0, recall_gain), 0.0)
            precision_gain = tf.where(tf.equal(tp, 0.0), 1.0, precision_gain)
            x, y = recall_gain, precision_gain
        n = self.num_thresholds
        if self.summation_method == "interpolation":
            heights = (y[: n - 1] + y[1:]) / 2.0
        elif self.summation_method == "minoring":
            heights = tf.minimum(y[: n - 1], y[1:])
        else:
            heights = tf.maximum(y[: n - 1], y[1:])
        return tf.reduce_sum((x[: n - 1] - x[1:]) * heights)

    def reset_state(self):
        for variable in (self.true_positives, self.false_positives, self.true_negatives,
                         self.false_negatives):
            variable.assign(tf.zeros_like(variable))

    def get_config(self):
        config = {"num_thresholds": self.num_thresholds, "curve": self.curve.lower(),
                  "summation_method": self.summation_method, "multi_label": self.multi_label,
                  "num_labels": self.num_labels, "label_weights": self.label_weights}
        if self._init_from_thresholds:
            config["thresholds"] = self.thresholds[1:-1]
        return {"name": self.name, "dtype": self.dtype, **config}
