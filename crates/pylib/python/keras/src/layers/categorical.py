"""Categorical encodings: `CategoryEncoding` (integer ids to one-hot, multi-hot or count
vectors), `Hashing` (values to hash bins), and `encode_categorical`, the encoding the
lookup layers share. Counting is a scatter of each id into its row's bins, so it runs the
same eagerly and inside a `tf.function` or `Dataset.map`, for dense and ragged ids."""

import tensorflow as tf

from keras.src import backend
from keras.src.keras_tensor import KerasTensor
from keras.src.layer import Layer


def _rows_and_ids(inputs):
    """Each id's row and the ids, flat, with the number of rows (`None`: the ids are one
    sample, `inputs` was a vector)."""
    from _tensorflow import ragged
    if isinstance(inputs, ragged.RaggedTensor):
        return inputs.value_rowids(), inputs.flat_values, inputs.nrows()
    if inputs.shape.rank == 1:
        ids = inputs
        return tf.zeros_like(ids, dtype=tf.int64), ids, None
    shape = tf.shape(inputs, out_type=tf.int64)
    width = shape[1]
    ids = tf.reshape(inputs, [-1])
    rows = tf.range(tf.size(ids, out_type=tf.int64), dtype=tf.int64) // tf.maximum(width, 1)
    return rows, ids, shape[0]


def bincount(inputs, depth, binary, dtype, count_weights=None):
    """Per row, how often each id in `[0, depth)` occurs (or whether, when `binary`);
    other ids are dropped, as `tf.math.bincount` with `minlength=maxlength=depth` does."""
    rows, ids, nrows = _rows_and_ids(inputs)
    ids = tf.cast(ids, tf.int64)
    kept = tf.logical_and(ids >= 0, ids < depth)
    weights = tf.ones_like(ids, dtype=tf.float32) if count_weights is None else \
        tf.reshape(tf.cast(count_weights, tf.float32), [-1])
    updates = tf.boolean_mask(weights, kept)
    if nrows is None:
        indices = tf.expand_dims(tf.boolean_mask(ids, kept), 1)
        counts = tf.scatter_nd(indices, updates, tf.constant([depth], tf.int64))
    else:
        indices = tf.stack([tf.boolean_mask(rows, kept), tf.boolean_mask(ids, kept)], axis=1)
        counts = tf.scatter_nd(indices, updates, tf.stack([nrows, depth]))
    if binary:
        counts = tf.cast(counts > 0, tf.float32)
    return tf.cast(counts, dtype)


def encode_categorical(inputs, output_mode, depth, dtype, count_weights=None):
    """Ids as Keras's `encode_categorical_inputs` gives them for `output_mode`: `int`
    (cast), `one_hot` (a vector per id, scalars as one sample; a trailing dimension of 1
    is replaced),
    `multi_hot` or `count` (a vector per sample: the last dimension's ids)."""
    from _tensorflow import ragged
    if output_mode == "int":
        return tf.cast(inputs, dtype)
    if not isinstance(inputs, ragged.RaggedTensor):
        inputs = tf.convert_to_tensor(inputs)
        if inputs.shape.rank == 0:
            inputs = tf.expand_dims(inputs, -1)
        if output_mode == "one_hot":
            # A trailing dimension of 1 gives way to the one-hot axis.
            if inputs.shape.rank > 1 and inputs.shape[-1] == 1:
                inputs = tf.reshape(inputs, tf.shape(inputs)[:-1])
            return tf.one_hot(inputs, depth, dtype=dtype)
        elif inputs.shape.rank > 2:
            raise ValueError(
                "When output_mode is not `'int'`, maximum supported output rank is 2. "
                f"Received output_mode {output_mode} and input shape {inputs.shape}, "
                f"which would result in output rank {inputs.shape.rank}.")
    return bincount(inputs, depth, output_mode in ("multi_hot", "one_hot"), dtype,
                    count_weights)


class CategoryEncoding(Layer):
    """Integer ids to one-hot, multi-hot or count vectors of `num_tokens` bins."""

    _allow_non_tensor_positional_args = True

    def __init__(self, num_tokens=None, output_mode="multi_hot", sparse=False, **kwargs):
        super().__init__(**kwargs)
        if output_mode == "binary":
            output_mode = "multi_hot"
        if output_mode not in ("count", "one_hot", "multi_hot"):
            raise ValueError(f"Unknown arg for output_mode: {output_mode}")
        if num_tokens is None:
            raise ValueError(
                "num_tokens must be set to use this layer. If the number of tokens is not "
                "known beforehand, use the IntegerLookup layer instead.")
        if num_tokens < 1:
            raise ValueError(f"`num_tokens` must be >= 1. Received: num_tokens={num_tokens}.")
        if sparse:
            raise NotImplementedError(
                "CategoryEncoding(sparse=True) is not emulated in this playground yet.")
        self.num_tokens = num_tokens
        self.output_mode = output_mode
        self.sparse = sparse
        self.built = True

    def compute_output_shape(self, input_shape):
        input_shape = tuple(input_shape)
        if not input_shape:
            return (self.num_tokens,)
        if self.output_mode == "one_hot" and (input_shape[-1] != 1 or len(input_shape) == 1):
            return input_shape + (self.num_tokens,)
        return input_shape[:-1] + (self.num_tokens,)

    def compute_output_spec(self, inputs, count_weights=None):
        return KerasTensor(self.compute_output_shape(inputs.shape), dtype=self.compute_dtype)

    def call(self, inputs, count_weights=None):
        if count_weights is not None and self.output_mode != "count":
            raise ValueError(
                "`count_weights` is not used when `output_mode` is not `'count'`. "
                f"Received `count_weights={count_weights}`.")
        return encode_categorical(tf.convert_to_tensor(inputs), self.output_mode,
                                  self.num_tokens, self.compute_dtype, count_weights)

    def get_config(self):
        config = super().get_config()
        config.update({"num_tokens": self.num_tokens, "output_mode": self.output_mode,
                       "sparse": self.sparse})
        return config


class Hashing(Layer):
    """Values (strings, or integers as their decimal text) to `num_bins` FarmHash bins, or
    SipHash bins keyed by a `salt`; with a `mask_value`, that value is bin 0 and the others share the rest."""

    _allow_non_tensor_positional_args = True

    def __init__(self, num_bins, mask_value=None, salt=None, output_mode="int",
                 sparse=False, **kwargs):
        if kwargs.get("dtype") is None:
            kwargs["dtype"] = "int64" if output_mode == "int" else backend.floatx()
        super().__init__(**kwargs)
        if num_bins is None or num_bins <= 0:
            raise ValueError(
                "The `num_bins` for `Hashing` cannot be `None` or non-positive values. "
                f"Received: num_bins={num_bins}.")
        if output_mode == "binary":
            output_mode = "multi_hot"
        if output_mode not in ("int", "one_hot", "multi_hot", "count"):
            raise ValueError(
                "Invalid value for argument `output_mode`. Expected one of "
                "{'int', 'one_hot', 'multi_hot', 'count'}. "
                f"Received: output_mode={output_mode}")
        if salt is not None:
            if isinstance(salt, (tuple, list)) and len(salt) == 2:
                salt = list(salt)
            elif isinstance(salt, int):
                salt = [salt, salt]
            else:
                raise ValueError(
                    "The `salt` argument for `Hashing` can only be a tuple of size 2 "
                    f"integers, or a single integer. Received: salt={salt}.")
        self.num_bins = num_bins
        self.mask_value = mask_value
        self.salt = salt
        self.output_mode = output_mode
        self.sparse = sparse
        self.built = True

    def call(self, inputs):
        inputs = tf.convert_to_tensor(inputs)
        if self.output_mode == "one_hot" and inputs.shape[-1] == 1:
            inputs = tf.squeeze(inputs, axis=-1)
        return encode_categorical(self._bins(inputs), self.output_mode, self.num_bins,
                                  self.dtype)

    def _bins(self, values):
        bins, mask = self.num_bins, None
        if self.mask_value is not None and bins > 1:
            bins -= 1
            mask = tf.equal(values, self.mask_value)
        if values.dtype.is_floating:
            values = tf.cast(values, "int64")
        if values.dtype != tf.string:
            values = tf.strings.as_string(values)
        if self.salt is not None:
            hashed = tf.strings.to_hash_bucket_strong(values, bins, self.salt)
        else:
            hashed = tf.strings.to_hash_bucket_fast(values, bins)
        if mask is not None:
            hashed = tf.where(mask, tf.zeros_like(hashed), hashed + tf.ones_like(hashed))
        return hashed

    def compute_output_spec(self, inputs):
        shape = tuple(inputs.shape)
        if self.output_mode == "int":
            return KerasTensor(shape, dtype=self.dtype)
        if self.output_mode == "one_hot" and (not shape or shape[-1] != 1):
            return KerasTensor(shape + (self.num_bins,), dtype=backend.floatx())
        return KerasTensor(shape[:-1] + (self.num_bins,), dtype=backend.floatx())

    def get_config(self):
        config = super().get_config()
        config.update({"num_bins": self.num_bins, "salt": self.salt,
                       "mask_value": self.mask_value, "output_mode": self.output_mode,
                       "sparse": self.sparse})
        return config


class Discretization(Layer):
    """Buckets of continuous values at `bin_boundaries` (TensorFlow's `Bucketize`: the
    number of boundaries at or below each value), as ids or encoded vectors."""

    _allow_non_tensor_positional_args = True

    def __init__(self, bin_boundaries=None, num_bins=None, epsilon=0.01, output_mode="int",
                 sparse=False, dtype=None, name=None):
        super().__init__(name=name, dtype=dtype)
        if output_mode not in ("int", "one_hot", "multi_hot", "count"):
            raise ValueError(f"Unknown arg for output_mode: {output_mode}")
        if sparse:
            raise NotImplementedError(
                "Discretization(sparse=True) is not emulated in this playground yet.")
        if num_bins is not None and num_bins < 0:
            raise ValueError("`num_bins` must be greater than or equal to 0. "
                             f"Received: `num_bins={num_bins}`")
        if num_bins is not None and bin_boundaries is not None:
            raise ValueError(
                "Both `num_bins` and `bin_boundaries` should not be set. Received: "
                f"`num_bins={num_bins}` and `bin_boundaries={bin_boundaries}`")
        if num_bins is None and bin_boundaries is None:
            raise ValueError("You need to set either `num_bins` or `bin_boundaries`.")
        self.bin_boundaries = list(bin_boundaries) if bin_boundaries is not None else None
        self.num_bins = num_bins
        self.epsilon = epsilon
        self.output_mode = output_mode
        self.sparse = sparse
        self.built = True

    def adapt(self, data, steps=None):
        raise NotImplementedError(
            "Discretization.adapt (approximate quantiles) is not emulated in this playground "
            "yet; pass bin_boundaries.")

    def compute_output_shape(self, input_shape):
        if self.output_mode == "int":
            return tuple(input_shape)
        depth = len(self.bin_boundaries) + 1 if self.bin_boundaries is not None else \
            self.num_bins
        return tuple(input_shape)[:-1] + (depth,)

    @property
    def input_dtype(self):
        return backend.floatx()

    @property
    def output_dtype(self):
        return self.compute_dtype if self.output_mode != "int" else "int32"

    def compute_output_spec(self, inputs):
        return KerasTensor(self.compute_output_shape(inputs.shape), dtype=self.output_dtype)

    def call(self, inputs):
        if self.bin_boundaries is None:
            raise ValueError(
                "You need to either pass the `bin_boundaries` argument at construction time "
                "or call `adapt(dataset)` before you can start using the `Discretization` "
                "layer.")
        inputs = tf.convert_to_tensor(inputs)
        # `Bucketize` compares with float boundaries: integers as floats.
        if not inputs.dtype.is_floating:
            inputs = tf.cast(inputs, "float32")
        boundaries = tf.cast(tf.constant(self.bin_boundaries, "float32"), inputs.dtype)
        indices = tf.reduce_sum(
            tf.cast(tf.expand_dims(inputs, -1) >= boundaries, "int32"), axis=-1)
        if self.output_mode == "int":
            return indices
        return encode_categorical(indices, self.output_mode, len(self.bin_boundaries) + 1,
                                  self.compute_dtype, None)

    def get_config(self):
        config = super().get_config()
        config.update({"bin_boundaries": self.bin_boundaries, "num_bins": self.num_bins,
                       "epsilon": self.epsilon, "output_mode": self.output_mode,
                       "sparse": self.sparse})
        return config
