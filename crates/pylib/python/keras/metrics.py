"""`keras.metrics`."""

from keras.src.metrics import (  # noqa: F401
    Accuracy, BinaryAccuracy, BinaryCrossentropy, CategoricalAccuracy, CategoricalCrossentropy,
    CosineSimilarity, cosine_similarity,
    Mean, MeanAbsoluteError, MeanAbsolutePercentageError, MeanMetricWrapper, MeanSquaredError,
    MeanSquaredLogarithmicError, Metric, RootMeanSquaredError, SparseCategoricalAccuracy,
    SparseCategoricalCrossentropy, SparseTopKCategoricalAccuracy, Sum, R2Score,
    TopKCategoricalAccuracy, accuracy, binary_accuracy, categorical_accuracy, get,
    sparse_categorical_accuracy, sparse_top_k_categorical_accuracy,
    top_k_categorical_accuracy,
)
from keras.src.confusion_metrics import (  # noqa: F401
    AUC,
    FalseNegatives, FalsePositives, Precision, Recall, TrueNegatives, TruePositives,
)
from keras.src.losses import (  # noqa: F401
    binary_crossentropy, categorical_crossentropy, mean_absolute_error, mean_squared_error,
    sparse_categorical_crossentropy,
)
