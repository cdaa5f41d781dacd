"""`keras.random`: Keras's seeded random ops (see `keras.src.random`)."""

from keras.src.random import (  # noqa: F401
    SeedGenerator, dropout, normal, randint, shuffle, truncated_normal, uniform,
)
