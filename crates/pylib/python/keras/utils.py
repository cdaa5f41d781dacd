"""`keras.utils`."""

import numpy as _np
import tensorflow as _tf

from _keras.utils import set_random_seed  # noqa: F401
from keras.src.file_utils import get_file  # noqa: F401


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
