"""`keras.models`."""

from keras.src.models.cloning import clone_model, model_from_json  # noqa: F401
from keras.src.models.functional import Functional  # noqa: F401
from keras.src.models.model import Model  # noqa: F401
from keras.src.models.sequential import Sequential  # noqa: F401
from keras.src.saving.saving_lib import load_model, save_model  # noqa: F401
