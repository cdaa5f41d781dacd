"""`keras.optimizers.schedules`."""

from keras.src.schedules import (  # noqa: F401
    CosineDecay, CosineDecayRestarts, ExponentialDecay, InverseTimeDecay, LearningRateSchedule,
    PiecewiseConstantDecay, PolynomialDecay, deserialize, serialize,
)
