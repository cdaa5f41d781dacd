"""`tf.keras.losses`: `keras.losses` under TensorFlow's module name."""

from keras.losses import *  # noqa: F401,F403


class Reduction:
    """`tf.keras.losses.Reduction`, kept from Keras 2 for old code: the reduction names."""

    AUTO = "auto"
    NONE = "none"
    SUM = "sum"
    SUM_OVER_BATCH_SIZE = "sum_over_batch_size"

    @classmethod
    def all(cls):
        return (cls.AUTO, cls.NONE, cls.SUM, cls.SUM_OVER_BATCH_SIZE)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError(f'Invalid Reduction Key: {key}. Expected keys are "{cls.all()}"')


def __getattr__(name):
    raise AttributeError(f"module 'keras._tf_keras.keras.losses' has no attribute '{name}'")
