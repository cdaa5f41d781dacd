"""`keras.constraints`."""

from keras.src.constraints import (  # noqa: F401
    Constraint, MaxNorm, MinMaxNorm, NonNeg, UnitNorm, deserialize, get, max_norm,
    min_max_norm, non_neg, serialize, unit_norm)
