"""`keras.optimizers`: Keras 3's optimizers, written in Python on its base
(`keras.src.optimizer`, `keras.src.update_rules`)."""

from keras.optimizers import legacy, schedules  # noqa: F401
from keras.src.loss_scale_optimizer import LossScaleOptimizer  # noqa: F401
from keras.src.optimizer import Optimizer  # noqa: F401
from keras.src.update_rules import SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, Nadam, \
    Adadelta, Ftrl, Lion  # noqa: F401


def get(identifier):
    if isinstance(identifier, str):
        found = {"adam": Adam, "adamw": AdamW, "sgd": SGD, "rmsprop": RMSprop,
                 "adagrad": Adagrad, "adamax": Adamax, "nadam": Nadam,
                 "adadelta": Adadelta, "ftrl": Ftrl, "lion": Lion}.get(identifier.lower())
        if found is None:
            raise ValueError(f"Could not interpret optimizer identifier: {identifier}")
        return found()
    return identifier
