"""`keras.models`."""

from keras.src.models.functional import Functional
from keras.src.models.model import Model
from keras.src.models.sequential import Sequential
