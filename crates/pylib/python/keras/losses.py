"""`keras.losses`."""

from keras.src.losses import (  # noqa: F401
    BCE, KLD, MAE, MAPE, MSE, MSLE, BinaryCrossentropy, BinaryFocalCrossentropy,
    CategoricalCrossentropy, CategoricalFocalCrossentropy, CategoricalHinge,
    CosineSimilarity, Hinge, Huber, KLDivergence, LogCosh, Loss, LossFunctionWrapper,
    MeanAbsoluteError, MeanAbsolutePercentageError, MeanSquaredError,
    MeanSquaredLogarithmicError, Poisson, SparseCategoricalCrossentropy, SquaredHinge, bce,
    binary_crossentropy, binary_focal_crossentropy, categorical_crossentropy,
    categorical_focal_crossentropy, categorical_hinge, cosine_similarity, deserialize, get,
    hinge, huber, kl_divergence, kld, log_cosh, mae, mape, mean_absolute_error,
    mean_absolute_percentage_error, mean_squared_error, mean_squared_logarithmic_error, mse,
    msle, poisson, serialize, sparse_categorical_crossentropy, squared_hinge,
)
