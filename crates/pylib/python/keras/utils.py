"""`keras.utils`."""

import numpy as _np
import tensorflow as _tf

from keras.src.random import set_random_seed  # noqa: F401
from keras.src.file_utils import get_file  # noqa: F401
from keras.src.timeseries import timeseries_dataset_from_array  # noqa: F401
from keras.src.saving.object_registration import (  # noqa: F401
    CustomObjectScope, custom_object_scope, get_custom_objects, get_registered_name,
    get_registered_object, register_keras_serializable,
)
from keras.src.saving.serialization_lib import (  # noqa: F401
    deserialize_keras_object, serialize_keras_object,
)


def to_categorical(x, num_classes=None):
    x = _np.array(x, dtype="int64")
    shape = x.shape
    if shape and shape[-1] == 1 and len(shape) > 1:
        shape = shape[:-1]
    x = x.reshape(-1)
    if num_classes is None:
        num_classes = int(x.max()) + 1
    out = _np.zeros((x.shape[0], num_classes))
    out[_np.arange(x.shape[0]), x] = 1
    return out.reshape(tuple(shape) + (num_classes,))


def normalize(x, axis=-1, order=2):
    x = _np.asarray(x)
    norm = _np.atleast_1d(_np.linalg.norm(x, order, axis))
    norm[norm == 0] = 1
    return x / _np.expand_dims(norm, axis)


def pad_sequences(sequences, maxlen=None, dtype="int32", padding="pre", truncating="pre",
                  value=0.0):
    lengths = [len(s) for s in sequences]
    if maxlen is None:
        maxlen = max(lengths) if lengths else 0
    out = _np.full((len(sequences), maxlen), value, dtype=dtype)
    for i, seq in enumerate(sequences):
        if not len(seq):
            continue
        seq = list(seq)
        trunc = seq[-maxlen:] if truncating == "pre" else seq[:maxlen]
        if padding == "post":
            out[i, :len(trunc)] = trunc
        else:
            out[i, maxlen - len(trunc):] = trunc
    return out


class PyDataset:
    """A dataset written in Python: `__len__` batches, `__getitem__(index)` returns one
    (`(x, y)` or `(x, y, sample_weight)`); `fit`, `evaluate` and `predict` take it."""

    def __init__(self, workers=1, use_multiprocessing=False, max_queue_size=10):
        self._workers = workers
        self._use_multiprocessing = use_multiprocessing
        self._max_queue_size = max_queue_size

    @property
    def workers(self):
        return self._workers

    @property
    def use_multiprocessing(self):
        return self._use_multiprocessing

    @property
    def max_queue_size(self):
        return self._max_queue_size

    def __getitem__(self, index):
        raise NotImplementedError

    def __len__(self):
        raise NotImplementedError

    @property
    def num_batches(self):
        return len(self)

    def on_epoch_begin(self):
        pass

    def on_epoch_end(self):
        pass


Sequence = PyDataset

from keras.preprocessing.image import img_to_array, load_img  # noqa: E402,F401
from keras.src.progbar import Progbar  # noqa: E402,F401
