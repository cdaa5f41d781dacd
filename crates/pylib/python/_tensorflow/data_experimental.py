"""`tf.data.experimental` functions TensorFlow writes in Python over the datasets' own
methods."""


def cardinality(input_dataset):
    """`tf.data.experimental.cardinality`: the dataset's `cardinality()` (an int64 tensor;
    `INFINITE_CARDINALITY` -1, `UNKNOWN_CARDINALITY` -2)."""
    return input_dataset.cardinality()
