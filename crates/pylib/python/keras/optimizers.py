"""`keras.optimizers`: the native optimizers `tf.keras` has (their update rules are
TensorFlow's, bit for bit), with Keras 3's `apply(grads, variables)`."""

import tensorflow as _tf


def _apply(self, grads, trainable_variables=None):
    if trainable_variables is None:
        raise ValueError(
            "When calling `apply` for the first time, `trainable_variables` must be provided."
        )
    return self.apply_gradients(zip(grads, trainable_variables))


class Adam(_tf.keras.optimizers.Adam):
    apply = _apply


class SGD(_tf.keras.optimizers.SGD):
    apply = _apply


class RMSprop(_tf.keras.optimizers.RMSprop):
    apply = _apply


def get(identifier):
    if isinstance(identifier, str):
        found = {"adam": Adam, "sgd": SGD, "rmsprop": RMSprop}.get(identifier.lower())
        if found is None:
            raise ValueError(f"Could not interpret optimizer identifier: {identifier}")
        return found()
    return identifier
