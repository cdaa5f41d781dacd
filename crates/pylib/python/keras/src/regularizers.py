"""`keras.regularizers`: penalties on weights that `fit` adds to the loss (`L1`, `L2`,
`L1L2`, `OrthogonalRegularizer`-free basics), as Keras 3 computes them."""

import tensorflow as tf


class Regularizer:
    def __call__(self, x):
        return 0.0

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class L1(Regularizer):
    def __init__(self, l1=0.01):
        self.l1 = float(l1)

    def __call__(self, x):
        return self.l1 * tf.reduce_sum(tf.abs(x))

    def get_config(self):
        return {"l1": self.l1}


class L2(Regularizer):
    def __init__(self, l2=0.01):
        self.l2 = float(l2)

    def __call__(self, x):
        return self.l2 * tf.reduce_sum(tf.square(x))

    def get_config(self):
        return {"l2": self.l2}


class L1L2(Regularizer):
    def __init__(self, l1=0.0, l2=0.0):
        self.l1 = float(l1)
        self.l2 = float(l2)

    def __call__(self, x):
        total = 0.0
        if self.l1:
            total += self.l1 * tf.reduce_sum(tf.abs(x))
        if self.l2:
            total += self.l2 * tf.reduce_sum(tf.square(x))
        return total

    def get_config(self):
        return {"l1": self.l1, "l2": self.l2}


l1 = L1
l2 = L2
l1_l2 = L1L2

_BY_NAME = {"l1": L1, "l2": L2, "l1_l2": L1L2, "L1": L1, "L2": L2, "L1L2": L1L2}


def get(identifier):
    if identifier is None or isinstance(identifier, Regularizer):
        return identifier
    if isinstance(identifier, str):
        cls = _BY_NAME.get(identifier)
        if cls is None:
            raise ValueError(f"Could not interpret regularizer identifier: {identifier}")
        return cls()
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret regularizer identifier: {identifier}")
