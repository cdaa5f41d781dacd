"""`keras.regularizers`."""

from keras.src.regularizers import L1, L1L2, L2, Regularizer, get, l1, l1_l2, l2  # noqa: F401
