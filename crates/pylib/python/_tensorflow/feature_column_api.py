"""The public `tf.feature_column` namespace (TensorFlow 2.21's names, nothing more); the
columns themselves are in `_tensorflow.feature_column`."""

from _tensorflow.feature_column import (  # noqa: F401
    bucketized_column,
    categorical_column_with_hash_bucket,
    categorical_column_with_identity,
    categorical_column_with_vocabulary_file,
    categorical_column_with_vocabulary_list,
    crossed_column,
    embedding_column,
    indicator_column,
    make_parse_example_spec,
    numeric_column,
    sequence_categorical_column_with_hash_bucket,
    sequence_categorical_column_with_identity,
    sequence_categorical_column_with_vocabulary_file,
    sequence_categorical_column_with_vocabulary_list,
    sequence_numeric_column,
    shared_embeddings,
    weighted_categorical_column,
)
