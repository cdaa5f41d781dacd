"""`tf.keras` (`keras._tf_keras.keras`): the same Keras 3 as `import keras`, as TensorFlow 2.21
ships it. Its own `layers`, `losses`, `metrics` and `backend` modules hold the same objects
under TensorFlow's module names (so an unknown name's error names `keras._tf_keras.keras.layers`,
as TensorFlow's does)."""

from keras import activations, applications, callbacks, datasets, initializers, models, ops
from keras import optimizers
from keras import config, constraints, mixed_precision, random, regularizers, saving, utils
from keras._tf_keras.keras import backend, layers, losses, metrics, preprocessing
from keras.src.backend import name_scope
from keras.src.keras_tensor import KerasTensor
from keras.src.input_spec import InputSpec
from keras.src.layer import Layer
from keras.src.layers.core import Input
from keras.src.models.model import Model
from keras.src.models.sequential import Sequential

__version__ = "3.15.1"


def version():
    return __version__
