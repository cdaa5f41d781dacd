"""`keras.initializers`."""

from keras.src.initializers import (  # noqa: F401
    Constant, GlorotNormal, GlorotUniform, HeNormal, HeUniform, Ones, RandomNormal,
    RandomUniform, Zeros, get,
)
