"""`keras.optimizers.schedules`."""

from keras.src.schedules import (  # noqa: F401
    CosineDecay, ExponentialDecay, InverseTimeDecay, LearningRateSchedule,
    PiecewiseConstantDecay, PolynomialDecay,
)
