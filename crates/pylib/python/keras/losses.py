"""`keras.losses`."""

from keras.src.losses import (  # noqa: F401
    BinaryCrossentropy, CategoricalCrossentropy, Huber, Loss, LossFunctionWrapper, MAE,
    MeanAbsolutePercentageError, MeanSquaredLogarithmicError,
    MSE, MeanAbsoluteError, MeanSquaredError, SparseCategoricalCrossentropy,
    binary_crossentropy, categorical_crossentropy, get, huber, mae, mean_absolute_error,
    mean_squared_error, mse, sparse_categorical_crossentropy,
)
