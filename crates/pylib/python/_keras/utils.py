"""`keras.utils.set_random_seed`, as Keras 3 seeds every generator a program may draw
from: Python's `random`, NumPy's global state, (natively) TensorFlow's global seed and the
draws Keras's unseeded initializers make, and it resets Keras's global `SeedGenerator`."""

import random

import numpy as np

import _keras_native


def set_random_seed(seed):
    _keras_native.set_random_seed(seed)
    random.seed(seed)
    np.random.seed(seed)
    from keras.src.random import reset_global_seed_generator
    reset_global_seed_generator()
