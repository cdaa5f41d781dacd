"""Keras 3 (`import keras`), written in Python for the playground: see `keras.src`."""

from keras import activations, applications, backend, callbacks, initializers, layers, losses
from keras import metrics
from keras import config, datasets, mixed_precision, models, ops, optimizers, random
from keras import constraints, export, preprocessing, regularizers, saving, utils
from keras.src.keras_tensor import KerasTensor
from keras.src.input_spec import InputSpec
from keras.src.layer import Layer
from keras.src.layers.core import Input
from keras.src.models.model import Model
from keras.src.models.sequential import Sequential
from keras.src.backend import Variable, name_scope

__version__ = "3.15.1"


def version():
    return __version__
