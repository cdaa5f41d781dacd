"""`tf.compat.v1.losses`: per-element losses reduced by `compute_weighted_loss` (by default
the weighted sum over the number of non-zero weights, `div_no_nan`), and added to the
`losses` collection, as TensorFlow's `losses_impl` does."""

import tensorflow as tf

from _tensorflow import v1_collections


class Reduction:
    """How `compute_weighted_loss` reduces the weighted losses."""

    NONE = "none"
    SUM = "weighted_sum"
    SUM_OVER_BATCH_SIZE = "weighted_sum_over_batch_size"
    MEAN = "weighted_mean"
    SUM_BY_NONZERO_WEIGHTS = "weighted_sum_by_nonzero_weights"
    SUM_OVER_NONZERO_WEIGHTS = SUM_BY_NONZERO_WEIGHTS

    @classmethod
    def all(cls):
        return (cls.NONE, cls.SUM, cls.MEAN, cls.SUM_OVER_BATCH_SIZE,
                cls.SUM_OVER_NONZERO_WEIGHTS, cls.SUM_BY_NONZERO_WEIGHTS)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError(f"Invalid Reduction Key {key}. Key should be one of "
                             f"{cls.all()}.")


def _num_present(losses, weights):
    if isinstance(weights, (int, float)) and weights != 0.0:
        return tf.cast(tf.size(losses), losses.dtype)
    weights = tf.cast(weights, losses.dtype)
    present = tf.where(tf.equal(weights, 0.0), tf.zeros_like(weights), tf.ones_like(weights))
    present = tf.broadcast_to(present, tf.shape(losses))
    return tf.reduce_sum(present)


def compute_weighted_loss(losses, weights=1.0, scope=None, loss_collection="losses",
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    Reduction.validate(reduction)
    losses = tf.convert_to_tensor(losses)
    input_dtype = losses.dtype
    losses = tf.cast(losses, tf.float32)
    weights = tf.cast(weights, tf.float32) if not isinstance(weights, (int, float)) \
        else weights
    weighted = tf.multiply(losses, weights)
    if reduction == Reduction.NONE:
        loss = weighted
    else:
        loss = tf.reduce_sum(weighted)
        if reduction == Reduction.MEAN:
            count = tf.reduce_sum(tf.ones_like(losses) * weights)
            loss = tf.math.divide_no_nan(loss, count)
        elif reduction == Reduction.SUM_BY_NONZERO_WEIGHTS:
            loss = tf.math.divide_no_nan(loss, _num_present(losses, weights))
        elif reduction == Reduction.SUM_OVER_BATCH_SIZE:
            loss = tf.math.divide_no_nan(loss, tf.cast(tf.size(losses), losses.dtype))
    loss = tf.cast(loss, input_dtype)
    if loss_collection and not tf.executing_eagerly():
        v1_collections.add_to_collection(loss_collection, loss)
    return loss


def _float(x):
    return tf.cast(x, tf.float32)


def mean_squared_error(labels, predictions, weights=1.0, scope=None,
                       loss_collection="losses", reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    if labels is None:
        raise ValueError("Argument `labels` must not be None.")
    if predictions is None:
        raise ValueError("Argument `predictions` must not be None.")
    losses = tf.math.squared_difference(_float(predictions), _float(labels))
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def absolute_difference(labels, predictions, weights=1.0, scope=None,
                        loss_collection="losses", reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    losses = tf.abs(tf.subtract(_float(predictions), _float(labels)))
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def log_loss(labels, predictions, weights=1.0, epsilon=1e-7, scope=None,
             loss_collection="losses", reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    predictions, labels = _float(predictions), _float(labels)
    losses = -tf.multiply(labels, tf.math.log(predictions + epsilon)) - tf.multiply(
        (1 - labels), tf.math.log(1 - predictions + epsilon))
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def hinge_loss(labels, logits, weights=1.0, scope=None, loss_collection="losses",
               reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    logits, labels = _float(logits), _float(labels)
    all_ones = tf.ones_like(labels)
    labels = tf.subtract(2 * labels, all_ones)
    losses = tf.nn.relu(tf.subtract(all_ones, tf.multiply(labels, logits)))
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def huber_loss(labels, predictions, weights=1.0, delta=1.0, scope=None,
               loss_collection="losses", reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    predictions, labels = _float(predictions), _float(labels)
    error = tf.subtract(predictions, labels)
    abs_error = tf.abs(error)
    quadratic = tf.minimum(abs_error, delta)
    linear = tf.subtract(abs_error, quadratic)
    losses = tf.add(tf.multiply(0.5, tf.multiply(quadratic, quadratic)),
                    tf.multiply(delta, linear))
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def sigmoid_cross_entropy(multi_class_labels, logits, weights=1.0, label_smoothing=0,
                          scope=None, loss_collection="losses",
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    logits = tf.convert_to_tensor(logits)
    labels = tf.cast(multi_class_labels, logits.dtype)
    if label_smoothing > 0:
        labels = labels * (1 - label_smoothing) + 0.5 * label_smoothing
    losses = tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def softmax_cross_entropy(onehot_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection="losses",
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    logits = tf.convert_to_tensor(logits)
    labels = tf.cast(onehot_labels, logits.dtype)
    if label_smoothing > 0:
        classes = tf.cast(tf.shape(labels)[-1], logits.dtype)
        labels = labels * (1 - label_smoothing) + label_smoothing / classes
    labels = tf.stop_gradient(labels)
    losses = tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def sparse_softmax_cross_entropy(labels, logits, weights=1.0, scope=None,
                                 loss_collection="losses",
                                 reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    losses = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    return compute_weighted_loss(losses, weights, scope, loss_collection, reduction)


def add_loss(loss, loss_collection="losses"):
    if loss_collection and not tf.executing_eagerly():
        v1_collections.add_to_collection(loss_collection, loss)


def get_losses(scope=None, loss_collection="losses"):
    return v1_collections.get_collection(loss_collection, scope)


def get_regularization_losses(scope=None):
    return v1_collections.get_collection("regularization_losses", scope)


def get_regularization_loss(scope=None, name="total_regularization_loss"):
    losses = get_regularization_losses(scope)
    if losses:
        return tf.add_n(losses, name=name)
    return tf.constant(0.0)


def get_total_loss(add_regularization_losses=True, name="total_loss", scope=None):
    losses = get_losses(scope=scope)
    if add_regularization_losses:
        losses += get_regularization_losses(scope=scope)
    return tf.add_n(losses, name=name)
