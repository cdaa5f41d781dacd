"""`tf.feature_column`: the TF1-era description of model inputs (numeric, bucketized,
categorical, indicator, embedding, crossed columns), as TensorFlow's `feature_column_v2`
defines it.

Columns are immutable named tuples (their repr is the tuple's), validated when made. In TF
2.21 they turn into tensors through `tf.compat.v1.feature_column.input_layer` (Keras 3 has no
`DenseFeatures`); `make_parse_example_spec` gives the `tf.io.parse_example` spec they read.
"""

import collections
import math

import numpy as np
import tensorflow as tf


# --- the column kinds ---------------------------------------------------------------------


class FeatureColumn:
    """A description of how one input feature is read and represented."""

    @property
    def name(self):
        raise NotImplementedError("FeatureColumn.name")

    @property
    def parse_example_spec(self):
        raise NotImplementedError("FeatureColumn.parse_example_spec")


class DenseColumn(FeatureColumn):
    """A column that becomes a dense tensor of `variable_shape` per example."""


class CategoricalColumn(FeatureColumn):
    """A column that becomes sparse ids in `[0, num_buckets)` (with optional weights)."""


class SequenceDenseColumn(FeatureColumn):
    """A column of sequences (read by Keras 2's `SequenceFeatures`)."""


IdWeightPair = collections.namedtuple("IdWeightPair", ("id_tensor", "weight_tensor"))


class NumericColumn(DenseColumn, collections.namedtuple(
        "NumericColumn", ("key", "shape", "default_value", "dtype", "normalizer_fn"))):
    """Real-valued feature."""

    __slots__ = ()

    @property
    def name(self):
        return self.key

    @property
    def parse_example_spec(self):
        return {self.key: tf.io.FixedLenFeature(self.shape, self.dtype, self.default_value)}

    @property
    def variable_shape(self):
        return tf.TensorShape(self.shape)

    def _transform(self, cache):
        value = cache.raw(self.key)
        if isinstance(value, tf.SparseTensor):
            raise ValueError(
                "The corresponding Tensor of numerical column must be a Tensor. "
                f"SparseTensor is not supported. key: {self.key}")
        if self.normalizer_fn is not None:
            value = self.normalizer_fn(value)
        return tf.cast(value, tf.float32)

    def get_dense_tensor(self, cache):
        return cache.get(self)


class BucketizedColumn(DenseColumn, CategoricalColumn, collections.namedtuple(
        "BucketizedColumn", ("source_column", "boundaries"))):
    """A numeric feature split into buckets at `boundaries`."""

    __slots__ = ()

    @property
    def name(self):
        return f"{self.source_column.name}_bucketized"

    @property
    def parse_example_spec(self):
        return self.source_column.parse_example_spec

    @property
    def variable_shape(self):
        return tf.TensorShape(tuple(self.source_column.shape) + (len(self.boundaries) + 1,))

    @property
    def num_buckets(self):
        return (len(self.boundaries) + 1) * self.source_column.shape[0]

    def _transform(self, cache):
        # TensorFlow's `Bucketize`: the number of boundaries at or below each value.
        values = cache.get(self.source_column)
        boundaries = tf.constant([float(b) for b in self.boundaries], values.dtype)
        return tf.reduce_sum(
            tf.cast(tf.expand_dims(values, -1) >= boundaries, tf.int32), axis=-1)

    def get_dense_tensor(self, cache):
        return tf.one_hot(cache.get(self), depth=len(self.boundaries) + 1,
                          on_value=1.0, off_value=0.0)

    def get_sparse_tensors(self, cache):
        buckets = cache.get(self)
        batch = tf.shape(buckets)[0]
        width = self.source_column.shape[0]
        offsets = tf.range(width, dtype=tf.int32) * (len(self.boundaries) + 1)
        ids = tf.reshape(buckets + offsets, [-1])
        rows = tf.repeat(tf.range(batch), width)
        columns = tf.tile(tf.range(width), [batch])
        indices = tf.cast(tf.stack([rows, columns], axis=1), tf.int64)
        dense_shape = tf.cast(tf.stack([batch, width]), tf.int64)
        return IdWeightPair(tf.SparseTensor(indices, tf.cast(ids, tf.int64), dense_shape),
                            None)


class _LookupColumn(CategoricalColumn):
    """A categorical column whose ids come from one sparse input feature."""

    __slots__ = ()

    @property
    def name(self):
        return self.key

    @property
    def parse_example_spec(self):
        return {self.key: tf.io.VarLenFeature(self.dtype)}

    def _input(self, cache):
        sparse = cache.sparse(self.key)
        if self.dtype.is_integer != sparse.dtype.is_integer:
            raise ValueError(
                "Column dtype and SparseTensors dtype must be compatible. "
                f"key: {self.key}, column dtype: {self.dtype}, "
                f"tensor dtype: {sparse.dtype}")
        return sparse

    def get_sparse_tensors(self, cache):
        return IdWeightPair(cache.get(self), None)


def _hash_bucket(values, buckets):
    """Fingerprint64 buckets of string values; integers hash as their decimal strings."""
    if values.dtype != tf.string:
        values = tf.strings.as_string(values)
    return tf.strings.to_hash_bucket_fast(values, buckets)


def _vocabulary_ids(sparse, vocabulary, num_oov_buckets, default_value):
    """Ids of `sparse`'s values in `vocabulary`; others hash into the OOV buckets after it,
    or take `default_value`."""
    values = sparse.values
    if values.dtype != tf.string:
        values = tf.cast(values, tf.int64)
        keys = tf.constant(list(vocabulary), tf.int64)
    else:
        keys = tf.constant(list(vocabulary), tf.string)
    matches = tf.equal(tf.expand_dims(values, -1), keys)
    found = tf.reduce_any(matches, axis=-1)
    ids = tf.argmax(tf.cast(matches, tf.int32), axis=-1, output_type=tf.int64)
    if num_oov_buckets:
        missing = len(vocabulary) + _hash_bucket(values, num_oov_buckets)
    else:
        missing = tf.fill(tf.shape(ids), tf.constant(default_value, tf.int64))
    return tf.SparseTensor(sparse.indices, tf.where(found, ids, missing), sparse.dense_shape)


class VocabularyListCategoricalColumn(_LookupColumn, collections.namedtuple(
        "VocabularyListCategoricalColumn",
        ("key", "vocabulary_list", "dtype", "default_value", "num_oov_buckets"))):
    """Categorical feature whose ids are positions in an in-memory vocabulary."""

    __slots__ = ()

    @property
    def num_buckets(self):
        return len(self.vocabulary_list) + self.num_oov_buckets

    def _transform(self, cache):
        return _vocabulary_ids(self._input(cache), self.vocabulary_list,
                               self.num_oov_buckets, self.default_value)


class VocabularyFileCategoricalColumn(_LookupColumn, collections.namedtuple(
        "VocabularyFileCategoricalColumn",
        ("key", "vocabulary_file", "vocabulary_size", "num_oov_buckets", "dtype",
         "default_value", "file_format"))):
    """Categorical feature whose ids are line numbers in a vocabulary file."""

    __slots__ = ()

    @property
    def num_buckets(self):
        return self.vocabulary_size + self.num_oov_buckets

    def _transform(self, cache):
        with open(self.vocabulary_file) as f:
            lines = [line.rstrip("\n") for line in f][:self.vocabulary_size]
        if self.dtype.is_integer:
            lines = [int(line) for line in lines]
        return _vocabulary_ids(self._input(cache), lines, self.num_oov_buckets,
                               self.default_value)


class HashedCategoricalColumn(_LookupColumn, collections.namedtuple(
        "HashedCategoricalColumn", ("key", "hash_bucket_size", "dtype"))):
    """Categorical feature whose ids are hashes of its values."""

    __slots__ = ()

    @property
    def num_buckets(self):
        return self.hash_bucket_size

    def _transform(self, cache):
        sparse = self._input(cache)
        return tf.SparseTensor(sparse.indices, _hash_bucket(sparse.values,
                                                            self.hash_bucket_size),
                               sparse.dense_shape)


class IdentityCategoricalColumn(_LookupColumn, collections.namedtuple(
        "IdentityCategoricalColumn", ("key", "number_buckets", "default_value"))):
    """Categorical feature whose integer values are its ids."""

    __slots__ = ()

    @property
    def dtype(self):
        return tf.int64

    @property
    def num_buckets(self):
        return self.number_buckets

    def _transform(self, cache):
        sparse = cache.sparse(self.key)
        if not sparse.dtype.is_integer:
            raise ValueError(
                f"Invalid input, not integer. key: {self.key} dtype: {sparse.dtype}")
        values = tf.cast(sparse.values, tf.int64)
        if self.default_value is not None:
            # Out-of-range values take the default; without one they pass through.
            out_of_range = tf.logical_or(values < 0, values >= self.number_buckets)
            values = tf.where(out_of_range,
                              tf.fill(tf.shape(values),
                                      tf.constant(self.default_value, tf.int64)), values)
        return tf.SparseTensor(sparse.indices, values, sparse.dense_shape)


class WeightedCategoricalColumn(CategoricalColumn, collections.namedtuple(
        "WeightedCategoricalColumn", ("categorical_column", "weight_feature_key", "dtype"))):
    """A categorical column whose ids carry the weights of another feature."""

    __slots__ = ()

    @property
    def name(self):
        return f"{self.categorical_column.name}_weighted_by_{self.weight_feature_key}"

    @property
    def parse_example_spec(self):
        spec = dict(self.categorical_column.parse_example_spec)
        if self.weight_feature_key in spec:
            raise ValueError(f"Parse config {spec[self.weight_feature_key]} already exists "
                             f"for {self.weight_feature_key}.")
        spec[self.weight_feature_key] = tf.io.VarLenFeature(self.dtype)
        return spec

    @property
    def num_buckets(self):
        return self.categorical_column.num_buckets

    def get_sparse_tensors(self, cache):
        ids = self.categorical_column.get_sparse_tensors(cache).id_tensor
        weights = cache.sparse(self.weight_feature_key)
        return IdWeightPair(ids, tf.SparseTensor(weights.indices,
                                                 tf.cast(weights.values, tf.float32),
                                                 weights.dense_shape))


class CrossedColumn(CategoricalColumn, collections.namedtuple(
        "CrossedColumn", ("keys", "hash_bucket_size", "hash_key"))):
    """Hashed crosses of categorical features."""

    __slots__ = ()

    @property
    def name(self):
        names = [key if isinstance(key, str) else key.name for key in self.keys]
        return "_X_".join(sorted(names))

    @property
    def parse_example_spec(self):
        spec = {}
        for key in self.keys:
            if isinstance(key, FeatureColumn):
                spec.update(key.parse_example_spec)
            else:
                spec[key] = tf.io.VarLenFeature(tf.string)
        return spec

    @property
    def num_buckets(self):
        return self.hash_bucket_size

    def get_sparse_tensors(self, cache):
        raise NotImplementedError(
            "crossed_column's hashed crosses (SparseCrossHashed) are not emulated in this "
            "playground yet.")


class IndicatorColumn(DenseColumn, collections.namedtuple(
        "IndicatorColumn", ("categorical_column",))):
    """Multi-hot representation of a categorical column."""

    __slots__ = ()

    @property
    def name(self):
        return f"{self.categorical_column.name}_indicator"

    @property
    def parse_example_spec(self):
        return self.categorical_column.parse_example_spec

    @property
    def variable_shape(self):
        return tf.TensorShape([1, self.categorical_column.num_buckets])

    def get_dense_tensor(self, cache):
        pair = self.categorical_column.get_sparse_tensors(cache)
        depth = self.categorical_column.num_buckets
        if pair.weight_tensor is not None:
            weights = tf.SparseTensor(pair.weight_tensor.indices, pair.weight_tensor.values,
                                      pair.weight_tensor.dense_shape)
            rows = pair.id_tensor.indices[:, 0]
            batch = pair.id_tensor.dense_shape[0]
            return tf.math.unsorted_segment_sum(
                tf.expand_dims(weights.values, -1) * tf.one_hot(pair.id_tensor.values, depth),
                rows, batch)
        dense_ids = tf.sparse.to_dense(pair.id_tensor, default_value=-1)
        return tf.reduce_sum(tf.one_hot(dense_ids, depth, on_value=1.0, off_value=0.0),
                             axis=-2)


_COMBINERS = ("mean", "sqrtn", "sum")


def _embedding_lookup(table, pair, combiner, max_norm):
    """Rows of `table` for each example's ids, combined; examples without valid ids get
    zeros (TensorFlow's `safe_embedding_lookup_sparse`)."""
    if combiner not in _COMBINERS:
        raise ValueError(f"combiner must be one of 'mean', 'sqrtn' or 'sum', got {combiner}")
    ids = pair.id_tensor
    batch = ids.dense_shape[0]
    weights = (tf.ones(tf.shape(ids.values), tf.float32) if pair.weight_tensor is None
               else pair.weight_tensor.values)
    keep = ids.values >= 0
    if pair.weight_tensor is not None:
        keep = tf.logical_and(keep, weights > 0)
    values = tf.boolean_mask(ids.values, keep)
    rows = tf.boolean_mask(ids.indices[:, 0], keep)
    weights = tf.boolean_mask(weights, keep)
    vectors = tf.gather(table, values)
    if max_norm is not None:
        vectors = tf.clip_by_norm(vectors, max_norm, axes=[1])
    total = tf.math.unsorted_segment_sum(vectors * tf.expand_dims(weights, -1), rows, batch)
    if combiner == "sum":
        return total
    if combiner == "mean":
        scale = tf.math.unsorted_segment_sum(weights, rows, batch)
    else:
        scale = tf.sqrt(tf.math.unsorted_segment_sum(weights * weights, rows, batch))
    return tf.math.divide_no_nan(total, tf.expand_dims(scale, -1))


class EmbeddingColumn(DenseColumn, SequenceDenseColumn, collections.namedtuple(
        "EmbeddingColumn",
        ("categorical_column", "dimension", "combiner", "initializer", "ckpt_to_load_from",
         "tensor_name_in_ckpt", "max_norm", "trainable", "use_safe_embedding_lookup"))):
    """Dense, learned representation of a categorical column."""

    __slots__ = ()

    @property
    def name(self):
        return f"{self.categorical_column.name}_embedding"

    @property
    def parse_example_spec(self):
        return self.categorical_column.parse_example_spec

    @property
    def variable_shape(self):
        return tf.TensorShape([self.dimension])

    def get_dense_tensor(self, cache):
        table = cache.variable(self, "embedding_weights",
                               [self.categorical_column.num_buckets, self.dimension],
                               self.initializer, self.trainable)
        return _embedding_lookup(table, self.categorical_column.get_sparse_tensors(cache),
                                 self.combiner, self.max_norm)


class _TPUEmbeddingColumnV2(EmbeddingColumn):
    """`tf.compat.v1.tpu.experimental.embedding_column`: an embedding column that TPUEstimator
    places in the TPU's embedding tables; off TPU it embeds like `embedding_column`."""

    __slots__ = ()


class SequenceNumericColumn(SequenceDenseColumn, collections.namedtuple(
        "SequenceNumericColumn", ("key", "shape", "default_value", "dtype", "normalizer_fn"))):
    """Sequences of real values."""

    __slots__ = ()

    @property
    def name(self):
        return self.key

    @property
    def parse_example_spec(self):
        return {self.key: tf.io.VarLenFeature(self.dtype)}


class SequenceCategoricalColumn(CategoricalColumn, collections.namedtuple(
        "SequenceCategoricalColumn", ("categorical_column",))):
    """Sequences of categorical ids."""

    __slots__ = ()

    @property
    def name(self):
        return self.categorical_column.name

    @property
    def parse_example_spec(self):
        return self.categorical_column.parse_example_spec

    @property
    def num_buckets(self):
        return self.categorical_column.num_buckets


# --- constructors, validated as TensorFlow validates them ---------------------------------


def _check_key(key):
    if not isinstance(key, str):
        raise ValueError(f"key must be a string. Got: type {type(key)}. Given key: {key}.")


def _check_string_or_int(dtype, prefix):
    dtype = tf.as_dtype(dtype)
    if dtype != tf.string and not dtype.is_integer:
        raise ValueError(f"{prefix} dtype must be string or integer. dtype: {dtype}.")
    return dtype


def _check_shape(shape, key):
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    for dim in shape:
        if not isinstance(dim, (int, np.integer)):
            raise TypeError(f"shape dimensions must be integer. shape: {shape}, key: {key}")
        if dim < 1:
            raise ValueError(f"shape dimensions must be greater than 0. shape: {shape}, "
                             f"key: {key}")
    return tuple(int(dim) for dim in shape)


def _nested_tuple(value):
    return tuple(_nested_tuple(v) for v in value) if isinstance(value, list) else value


def _check_default_value(shape, default_value, dtype, key):
    if default_value is None:
        return None
    number = (int, float, np.integer, np.floating)
    if isinstance(default_value, number) and not isinstance(default_value, bool):
        if dtype.is_integer and not isinstance(default_value, (int, np.integer)):
            raise TypeError(f"The dtype of default_value must be integer if dtype of the "
                            f"column is integer. default_value: {default_value}, key: {key}")
        return _nested_tuple(np.full(shape, default_value).tolist())
    array = np.array(default_value)
    if array.shape != tuple(shape):
        raise ValueError(f"The shape of default_value must be equal to given shape. "
                         f"default_value: {default_value}, shape: {shape}, key: {key}")
    return _nested_tuple(array.tolist())


def numeric_column(key, shape=(1,), default_value=None, dtype=tf.float32,
                   normalizer_fn=None):
    """A real-valued feature of `shape` per example."""
    shape = _check_shape(shape, key)
    dtype = tf.as_dtype(dtype)
    if not (dtype.is_integer or dtype.is_floating):
        raise ValueError(f"dtype must be convertible to float. dtype: {dtype}, key: {key}")
    default_value = _check_default_value(shape, default_value, dtype, key)
    if normalizer_fn is not None and not callable(normalizer_fn):
        raise TypeError(f"normalizer_fn must be a callable. Given: {normalizer_fn}")
    _check_key(key)
    return NumericColumn(key, shape, default_value, dtype, normalizer_fn)


def bucketized_column(source_column, boundaries):
    """`source_column` split at `boundaries` (sorted, strictly increasing)."""
    if not isinstance(source_column, NumericColumn):
        raise ValueError("source_column must be a column generated with numeric_column(). "
                         f"Given: {source_column}")
    if len(source_column.shape) > 1:
        raise ValueError("source_column must be one-dimensional column. "
                         f"Given: {source_column}")
    if not boundaries:
        raise ValueError("boundaries must not be empty.")
    if not isinstance(boundaries, (list, tuple)):
        raise ValueError("boundaries must be a sorted list.")
    for low, high in zip(boundaries, boundaries[1:]):
        if low >= high:
            raise ValueError("boundaries must be a sorted list.")
    return BucketizedColumn(source_column, tuple(boundaries))


def _check_oov(num_oov_buckets, default_value, key):
    if num_oov_buckets:
        if default_value != -1:
            raise ValueError(
                f"Can't specify both num_oov_buckets and default_value in {key}.")
        if num_oov_buckets < 0:
            raise ValueError(f"Invalid num_oov_buckets {num_oov_buckets} in {key}.")


def categorical_column_with_vocabulary_list(key, vocabulary_list, dtype=None,
                                            default_value=-1, num_oov_buckets=0):
    """Ids are positions in `vocabulary_list`; other values hash into `num_oov_buckets`
    buckets after it, or take `default_value`."""
    if vocabulary_list is None or len(vocabulary_list) < 1:
        raise ValueError(f"vocabulary_list {vocabulary_list} must be non-empty, "
                         f"column_name: {key}")
    if len(set(vocabulary_list)) != len(vocabulary_list):
        raise ValueError(f"Duplicate keys in vocabulary_list {vocabulary_list}, "
                         f"column_name: {key}")
    vocabulary_dtype = tf.as_dtype(np.array(vocabulary_list).dtype)
    _check_oov(num_oov_buckets, default_value, key)
    _check_string_or_int(vocabulary_dtype, f"column_name: {key} vocabulary")
    if dtype is None:
        dtype = vocabulary_dtype
    else:
        dtype = tf.as_dtype(dtype)
        if dtype.is_integer != vocabulary_dtype.is_integer:
            raise ValueError(f"dtype {dtype} and vocabulary dtype {vocabulary_dtype} do not "
                             f"match, column_name: {key}")
    _check_string_or_int(dtype, f"column_name: {key}")
    _check_key(key)
    return VocabularyListCategoricalColumn(key, tuple(vocabulary_list), dtype, default_value,
                                           num_oov_buckets)


def categorical_column_with_vocabulary_file(key, vocabulary_file, vocabulary_size=None,
                                            num_oov_buckets=0, default_value=None,
                                            dtype=tf.string):
    """Ids are line numbers in `vocabulary_file`."""
    if not vocabulary_file:
        raise ValueError(f"Missing vocabulary_file in {key}.")
    if vocabulary_size is None:
        if not tf.io.gfile.exists(vocabulary_file):
            raise ValueError(f"vocabulary_file in {key} does not exist.")
        with open(vocabulary_file, "rb") as f:
            vocabulary_size = sum(1 for _ in f)
    if vocabulary_size < 1:
        raise ValueError(f"Invalid vocabulary_size in {key}.")
    if num_oov_buckets:
        if default_value is not None:
            raise ValueError(
                f"Can't specify both num_oov_buckets and default_value in {key}.")
        if num_oov_buckets < 0:
            raise ValueError(f"Invalid num_oov_buckets {num_oov_buckets} in {key}.")
    dtype = _check_string_or_int(dtype, f"column_name: {key}")
    _check_key(key)
    return VocabularyFileCategoricalColumn(
        key, vocabulary_file, vocabulary_size, 0 if num_oov_buckets is None else
        num_oov_buckets, dtype, -1 if default_value is None else default_value, None)


def categorical_column_with_hash_bucket(key, hash_bucket_size, dtype=tf.string):
    """Ids are Fingerprint64 hashes of the values, modulo `hash_bucket_size`."""
    if hash_bucket_size is None:
        raise ValueError(f"hash_bucket_size must be set. key: {key}")
    if hash_bucket_size < 1:
        raise ValueError(f"hash_bucket_size must be at least 1. hash_bucket_size: "
                         f"{hash_bucket_size}, key: {key}")
    _check_key(key)
    dtype = _check_string_or_int(dtype, f"column_name: {key}")
    return HashedCategoricalColumn(key, hash_bucket_size, dtype)


def categorical_column_with_identity(key, num_buckets, default_value=None):
    """Ids are the integer values themselves, in `[0, num_buckets)`."""
    if num_buckets < 1:
        raise ValueError(f"num_buckets {num_buckets} < 1, column_name {key}")
    if default_value is not None and (default_value < 0 or default_value >= num_buckets):
        raise ValueError(f"default_value {default_value} not in range [0, {num_buckets}), "
                         f"column_name {key}")
    _check_key(key)
    return IdentityCategoricalColumn(key, num_buckets, default_value)


def weighted_categorical_column(categorical_column, weight_feature_key, dtype=tf.float32):
    """`categorical_column`'s ids weighted by the feature `weight_feature_key`."""
    dtype = None if dtype is None else tf.as_dtype(dtype)
    if dtype is None or not (dtype.is_integer or dtype.is_floating):
        raise ValueError(f"dtype {dtype} is not convertible to float.")
    return WeightedCategoricalColumn(categorical_column, weight_feature_key, dtype)


def crossed_column(keys, hash_bucket_size, hash_key=None):
    """Hashed crosses of string features and categorical columns."""
    if not hash_bucket_size or hash_bucket_size < 1:
        raise ValueError(f"hash_bucket_size must be > 1. hash_bucket_size: "
                         f"{hash_bucket_size}")
    if not keys or len(keys) < 2:
        raise ValueError(f"keys must be a list with length > 1. Given: {keys}")
    for key in keys:
        if not isinstance(key, (str, CategoricalColumn)):
            raise ValueError(
                "Unsupported key type. All keys must be either string, or categorical "
                f"column except HashedCategoricalColumn. Given: {key}")
        if isinstance(key, HashedCategoricalColumn):
            raise ValueError(
                "categorical_column_with_hash_bucket is not supported for crossing. Hashing "
                "before crossing will increase probability of collision. Instead, use the "
                f"feature name as a string. Given: {key}")
    return CrossedColumn(tuple(keys), hash_bucket_size, hash_key)


def indicator_column(categorical_column):
    """A multi-hot (count) vector over `categorical_column`'s buckets."""
    if not isinstance(categorical_column, CategoricalColumn):
        raise ValueError("Unsupported input type. Input must be a CategoricalColumn. "
                         f"Given: {categorical_column}")
    return IndicatorColumn(categorical_column)


def _is_v1_initializer(value):
    # TF1's initializer objects (`tf.compat.v1.truncated_normal_initializer()`) are made
    # natively here and read by `get_variable` rather than called.
    return type(value).__module__ == "tensorflow.python.ops.init_ops"


def _is_initializer(value):
    return callable(value) or _is_v1_initializer(value)


def _embedding_arguments(categorical_column, dimension, initializer, ckpt_to_load_from,
                         tensor_name_in_ckpt):
    if dimension is None or dimension < 1:
        raise ValueError(f"Invalid dimension {dimension}.")
    if (ckpt_to_load_from is None) != (tensor_name_in_ckpt is None):
        raise ValueError("Must specify both `ckpt_to_load_from` and `tensor_name_in_ckpt` or "
                         "none of them.")
    if initializer is not None and not _is_initializer(initializer):
        raise ValueError("initializer must be callable if specified. Embedding of "
                         f"column_name: {categorical_column.name}")
    if initializer is None:
        initializer = tf.compat.v1.truncated_normal_initializer(
            mean=0.0, stddev=1 / math.sqrt(dimension))
    return initializer


def embedding_column(categorical_column, dimension, combiner="mean", initializer=None,
                     ckpt_to_load_from=None, tensor_name_in_ckpt=None, max_norm=None,
                     trainable=True, use_safe_embedding_lookup=True):
    """A learned `dimension`-vector per bucket of `categorical_column`, combined per
    example by `combiner` ('mean', 'sqrtn' or 'sum')."""
    initializer = _embedding_arguments(categorical_column, dimension, initializer,
                                       ckpt_to_load_from, tensor_name_in_ckpt)
    return EmbeddingColumn(categorical_column, dimension, combiner, initializer,
                           ckpt_to_load_from, tensor_name_in_ckpt, max_norm, trainable,
                           use_safe_embedding_lookup)


def tpu_embedding_column(categorical_column, dimension, combiner="mean", initializer=None,
                         max_sequence_length=0, learning_rate_fn=None,
                         embedding_lookup_device=None, tensor_core_shape=None,
                         use_safe_embedding_lookup=True):
    """`tf.compat.v1.tpu.experimental.embedding_column`."""
    if not isinstance(categorical_column, CategoricalColumn):
        raise TypeError("categorical_column for tpu  embedding_column was "
                        f"{type(categorical_column)} but must be one of the types "
                        "IdentityCategoricalColumn, VocabularyFileCategoricalColumn, "
                        "VocabularyListCategoricalColumn, WeightedCategoricalColumn, "
                        "SequenceCategoricalColumn")
    initializer = _embedding_arguments(categorical_column, dimension, initializer, None, None)
    return _TPUEmbeddingColumnV2(categorical_column, dimension, combiner, initializer, None,
                                 None, None, True, use_safe_embedding_lookup)


def shared_embeddings(categorical_columns, dimension, combiner="mean", initializer=None,
                      shared_embedding_collection_name=None, ckpt_to_load_from=None,
                      tensor_name_in_ckpt=None, max_norm=None, trainable=True,
                      use_safe_embedding_lookup=True):
    """Embeddings sharing one table: TensorFlow builds them only in graph mode."""
    if tf.executing_eagerly():
        raise RuntimeError("shared_embedding_columns are not supported when eager "
                           "execution is enabled.")
    raise NotImplementedError(
        "shared embedding columns in graphs are not emulated in this playground yet.")


def tpu_shared_embedding_columns(categorical_columns, dimension, combiner="mean",
                                 initializer=None, shared_embedding_collection_name=None,
                                 max_sequence_lengths=None, learning_rate_fn=None,
                                 embedding_lookup_device=None, tensor_core_shape=None,
                                 use_safe_embedding_lookup=True):
    """`tf.compat.v1.tpu.experimental.shared_embedding_columns`."""
    return shared_embeddings(categorical_columns, dimension, combiner, initializer)


def sequence_numeric_column(key, shape=(1,), default_value=0.0, dtype=tf.float32,
                            normalizer_fn=None):
    """Sequences of real values of `shape` per step."""
    shape = _check_shape(shape, key)
    dtype = tf.as_dtype(dtype)
    if not (dtype.is_integer or dtype.is_floating):
        raise ValueError(f"dtype must be convertible to float. dtype: {dtype}, key: {key}")
    if normalizer_fn is not None and not callable(normalizer_fn):
        raise TypeError(f"normalizer_fn must be a callable. Given: {normalizer_fn}")
    return SequenceNumericColumn(key, shape, default_value, dtype, normalizer_fn)


def sequence_categorical_column_with_identity(key, num_buckets, default_value=None):
    return SequenceCategoricalColumn(
        categorical_column_with_identity(key, num_buckets, default_value))


def sequence_categorical_column_with_hash_bucket(key, hash_bucket_size, dtype=tf.string):
    return SequenceCategoricalColumn(
        categorical_column_with_hash_bucket(key, hash_bucket_size, dtype))


def sequence_categorical_column_with_vocabulary_list(key, vocabulary_list, dtype=None,
                                                     default_value=-1, num_oov_buckets=0):
    return SequenceCategoricalColumn(categorical_column_with_vocabulary_list(
        key, vocabulary_list, dtype, default_value, num_oov_buckets))


def sequence_categorical_column_with_vocabulary_file(key, vocabulary_file,
                                                     vocabulary_size=None, num_oov_buckets=0,
                                                     default_value=None, dtype=tf.string):
    return SequenceCategoricalColumn(categorical_column_with_vocabulary_file(
        key, vocabulary_file, vocabulary_size, num_oov_buckets, default_value, dtype))


def make_parse_example_spec(feature_columns):
    """The `tf.io.parse_example` spec that reads every feature the columns need."""
    result = {}
    for column in feature_columns:
        if not isinstance(column, FeatureColumn):
            raise ValueError(
                f"All feature_columns must be FeatureColumn instances. Given: {column}")
        for key, value in column.parse_example_spec.items():
            if key in result and value != result[key]:
                raise ValueError(f"feature_columns contain different parse_spec for key "
                                 f"{key}. Given {value} and {result[key]}")
        result.update(column.parse_example_spec)
    return result


# --- turning columns into tensors ----------------------------------------------------------


class _TransformationCache:
    """Each feature's and column's tensor, computed once per `input_layer` call."""

    def __init__(self, features, variables):
        self._features = features
        self._values = {}
        self._variables = variables

    def raw(self, key):
        """The feature `key` as a tensor (rank 1 becomes a column), or a SparseTensor."""
        if key not in self._features:
            raise ValueError(f"Feature {key} is not in features dictionary.")
        value = self._features[key]
        if isinstance(value, tf.SparseTensor):
            return value
        value = tf.convert_to_tensor(value)
        if value.shape.rank == 0:
            raise ValueError(f"Feature (key: {key}) cannot have rank 0. Given: {value}")
        if value.shape.rank == 1:
            value = tf.expand_dims(value, -1)
        return value

    def sparse(self, key):
        """The feature `key` as a SparseTensor, without its missing values ('' for strings,
        -1 for integers, 0 for floats)."""
        value = self.raw(key)
        if isinstance(value, tf.SparseTensor):
            return value
        if value.dtype == tf.string:
            ignore = ""
        else:
            ignore = tf.constant(-1 if value.dtype.is_integer else 0, value.dtype)
        indices = tf.where(tf.not_equal(value, ignore))
        return tf.SparseTensor(indices, tf.gather_nd(value, indices),
                               tf.shape(value, out_type=tf.int64))

    def get(self, column):
        if column not in self._values:
            self._values[column] = column._transform(self)
        return self._values[column]

    def variable(self, column, name, shape, initializer, trainable):
        key = (column.name, name)
        if key not in self._variables:
            full_name = f"input_layer/{column.name}/{name}"
            if _is_v1_initializer(initializer):
                self._variables[key] = tf.compat.v1.get_variable(
                    full_name, shape, tf.float32, initializer=initializer,
                    trainable=trainable)
            else:
                self._variables[key] = tf.Variable(
                    initializer(shape, dtype=tf.float32), trainable=trainable,
                    name=full_name)
        return self._variables[key]


def _normalize_feature_columns(feature_columns):
    if isinstance(feature_columns, FeatureColumn):
        feature_columns = [feature_columns]
    feature_columns = list(feature_columns)
    if not feature_columns:
        raise ValueError("feature_columns must not be empty.")
    names = {}
    for column in feature_columns:
        if not isinstance(column, FeatureColumn):
            raise ValueError(f"Items of feature_columns must be a FeatureColumn. "
                             f"Given (type {type(column)}): {column}.")
        if column.name in names:
            raise ValueError(
                f"Duplicate feature column name found for columns: {column} and "
                f"{names[column.name]}. This usually means that these columns refer to same "
                "base feature. Either one must be discarded or a duplicated but renamed item "
                "must be inserted in features dict.")
        names[column.name] = column
    return sorted(feature_columns, key=lambda column: column.name)


def input_layer(features, feature_columns, weight_collections=None, trainable=True,
                cols_to_vars=None, cols_to_output_tensors=None):
    """`tf.compat.v1.feature_column.input_layer`: each dense column's tensor, flattened per
    example, concatenated in the order of the columns' names."""
    columns = _normalize_feature_columns(feature_columns)
    for column in columns:
        if not isinstance(column, DenseColumn):
            raise ValueError(
                "Items of feature_columns must be a _DenseColumn. You can wrap a categorical "
                f"column with an embedding_column or indicator_column. Given: {column}")
    variables = {}
    cache = _TransformationCache(features, variables)
    outputs = []
    batch_sizes = []
    for column in columns:
        tensor = column.get_dense_tensor(cache)
        batch = tensor.shape[0]
        batch_sizes.append((column, batch))
        for earlier, size in batch_sizes:
            if batch is not None and size is not None and size != batch:
                raise ValueError(
                    "Batch size (first dimension) of each feature must be same. Batch size "
                    f"of columns ({earlier.name}, {column.name}): ({size}, {batch})")
        elements = column.variable_shape.num_elements()
        output = tf.reshape(tensor, (tf.shape(tensor)[0], elements))
        outputs.append(output)
        if cols_to_output_tensors is not None:
            cols_to_output_tensors[column] = output
        if cols_to_vars is not None:
            cols_to_vars[column] = [v for (name, _), v in variables.items()
                                    if name == column.name]
    return tf.concat(outputs, axis=1)
