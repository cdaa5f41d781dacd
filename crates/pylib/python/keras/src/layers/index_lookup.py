"""Vocabulary lookups: `StringLookup` and `IntegerLookup` map tokens to indices (or back,
with `invert=True`) through a `tf.lookup.StaticHashTable`, as Keras builds them on
TensorFlow. Indices start with the mask token (when there is one and the output is
`int`), then `num_oov_indices` out-of-vocabulary indices, then the vocabulary; `adapt`
learns the vocabulary from data, most frequent first, ties broken by the larger token."""

import collections

import numpy as np
import tensorflow as tf

from keras.src import backend
from keras.src.keras_tensor import KerasTensor
from keras.src.layer import Layer
from keras.src.layers.categorical import encode_categorical

_OUTPUT_MODES = ("int", "one_hot", "multi_hot", "count", "tf_idf")


def _listify(x):
    if tf.is_tensor(x):
        x = x.numpy()
    if isinstance(x, np.ndarray):
        x = x.tolist()
    return x


def _ensure_tensor(inputs, dtype):
    from _tensorflow import ragged, sparse
    if not isinstance(inputs, (ragged.RaggedTensor, sparse.SparseTensor)) and \
            not tf.is_tensor(inputs):
        inputs = tf.convert_to_tensor(inputs, dtype)
    if inputs.dtype != dtype:
        inputs = tf.cast(inputs, dtype)
    return inputs


def _validate_choice(value, allowed, caller, arg):
    if value not in allowed:
        raise ValueError(
            f"The `{arg}` argument of layer {caller} received an invalid value "
            f"`{value}`. Allowed values are: {list(allowed)}.")


def adapt_batches(data, steps, dtype):
    """The batches `adapt` learns from, as Keras's preprocessing layers take them: a
    dataset's (the first `steps`), an iterable's, or one array or tensor (a vector as a
    column)."""
    if isinstance(data, tf.data.Dataset):
        yield from (data.take(steps) if steps is not None else data)
    elif hasattr(data, "__iter__") and not (
            isinstance(data, (list, tuple, np.ndarray)) or tf.is_tensor(data)):
        for i, batch in enumerate(data):
            if steps is not None and i >= steps:
                break
            yield batch
    else:
        data = _ensure_tensor(data, dtype)
        yield tf.expand_dims(data, -1) if data.shape.rank == 1 else data


class IndexLookup(Layer):
    """The lookup both `StringLookup` and `IntegerLookup` are."""

    _allow_non_tensor_positional_args = True

    def __init__(self, max_tokens, num_oov_indices, mask_token, oov_token,
                 vocabulary_dtype, vocabulary=None, idf_weights=None, invert=False,
                 output_mode="int", sparse=False, pad_to_max_tokens=False,
                 oov_method="floormod", name=None, salt=None, **kwargs):
        if max_tokens is not None and max_tokens <= 1:
            raise ValueError("If set, `max_tokens` must be greater than 1. "
                             f"Received: max_tokens={max_tokens}")
        if pad_to_max_tokens and max_tokens is None:
            raise ValueError("If pad_to_max_tokens is True, must set `max_tokens`. "
                             f"Received: max_tokens={max_tokens}")
        if num_oov_indices < 0:
            raise ValueError("`num_oov_indices` must be greater than or equal to 0. "
                             f"Received: num_oov_indices={num_oov_indices}")
        if output_mode == "binary":
            output_mode = "multi_hot"
        if output_mode == "tf-idf":
            output_mode = "tf_idf"
        _validate_choice(output_mode, _OUTPUT_MODES, type(self).__name__, "output_mode")
        if invert and output_mode != "int":
            raise ValueError("`output_mode` must be `'int'` when `invert` is true. "
                             f"Received: output_mode={output_mode}")
        if sparse and output_mode == "int":
            raise ValueError(
                "`sparse` may only be true if `output_mode` is `'one_hot'`, `'multi_hot'`, "
                f"`'count'` or `'tf_idf'`. Received: sparse={sparse} and "
                f"output_mode={output_mode}")
        if sparse:
            raise NotImplementedError(
                f"{type(self).__name__}(sparse=True) is not emulated in this playground yet.")
        if idf_weights is not None and output_mode != "tf_idf":
            raise ValueError(
                "`idf_weights` should only be set if `output_mode` is `'tf_idf'`. "
                f"Received: idf_weights={idf_weights} and output_mode={output_mode}")
        frozen_size = kwargs.pop("vocabulary_size", None)
        self._has_input_vocabulary = kwargs.pop("has_input_vocabulary",
                                                vocabulary is not None)
        kwargs.pop("trainable", None)
        kwargs.pop("dtype", None)
        if kwargs:
            raise ValueError(f"Unrecognized keyword argument(s): {kwargs}")
        super().__init__(name=name)
        self.invert = invert
        self.max_tokens = max_tokens
        self.num_oov_indices = num_oov_indices
        self.mask_token = mask_token
        self.oov_token = oov_token
        self.output_mode = output_mode
        self.sparse = sparse
        self.pad_to_max_tokens = pad_to_max_tokens
        self.vocabulary_dtype = tf.as_dtype(vocabulary_dtype).name
        self.oov_method = oov_method
        self.salt = salt
        self._frozen_vocab_size = frozen_size
        self.input_vocabulary = vocabulary if not isinstance(vocabulary, str) else None
        self.input_idf_weights = idf_weights
        if invert:
            self._key_dtype, self._value_dtype = "int64", self.vocabulary_dtype
            mask_key, mask_value = 0, mask_token
            self._default_value = self.oov_token
        else:
            self._key_dtype, self._value_dtype = self.vocabulary_dtype, "int64"
            mask_key = mask_token
            # The mask maps to 0 for int output, and out of range (dropped) otherwise.
            mask_value = 0 if output_mode == "int" else tf.int64.max
            if num_oov_indices == 1:
                self._default_value = self._oov_start_index()
            else:
                self._default_value = -1
        if mask_token is not None:
            self._mask_key = tf.convert_to_tensor(mask_key, self._key_dtype)
            self._mask_value = tf.convert_to_tensor(mask_value, self._value_dtype)
        if output_mode == "tf_idf" and self._has_input_vocabulary and idf_weights is None:
            raise ValueError("When specifying the `vocabulary` argument, in TF-IDF output "
                             "mode, the `idf_weights` argument must also be provided.")
        self.lookup_table = None
        if vocabulary is not None:
            self.set_vocabulary(vocabulary, idf_weights)
        self._token_counts = None
        self.built = True

    # ---- indices ------------------------------------------------------------------------

    def _oov_start_index(self):
        return 1 if self.mask_token is not None and self.output_mode == "int" else 0

    def _token_start_index(self):
        return self._oov_start_index() + self.num_oov_indices

    @property
    def compute_dtype(self):
        return self.vocabulary_dtype

    @property
    def variable_dtype(self):
        return self.vocabulary_dtype

    def _table_size(self):
        return 0 if self.lookup_table is None else int(self.lookup_table.size().numpy())

    def vocabulary_size(self):
        """The vocabulary's size, counting the mask and out-of-vocabulary indices."""
        return self._table_size() + self._token_start_index()

    def get_vocabulary(self, include_special_tokens=True):
        if self._table_size() == 0:
            vocab, indices = [], []
        else:
            keys, values = self.lookup_table.export()
            vocab, indices = (values, keys) if self.invert else (keys, values)
            vocab, indices = self._tensor_vocab_to_numpy(vocab), indices.numpy()
        lookup = collections.defaultdict(lambda: self.oov_token,
                                         zip(indices.tolist() if hasattr(indices, "tolist")
                                             else indices, list(vocab)))
        vocab = [lookup[x] for x in range(self.vocabulary_size())]
        if self.mask_token is not None and self.output_mode == "int":
            vocab[0] = self.mask_token
        if not include_special_tokens:
            vocab = vocab[self._token_start_index():]
        if self.vocabulary_dtype == "string":
            return [v.decode("utf-8") if isinstance(v, bytes) else v for v in vocab]
        return vocab

    def _tensor_vocab_to_numpy(self, vocabulary):
        return list(vocabulary.numpy())

    def _as_vocabulary(self, vocabulary):
        """A vocabulary's entries as `np.array(vocabulary)` holds them (NumPy scalars)."""
        return list(np.array(vocabulary)) if vocabulary else []

    # ---- vocabulary ---------------------------------------------------------------------

    def _table_from_tokens(self, tokens):
        with tf.init_scope():
            start = self._token_start_index()
            tokens = tf.convert_to_tensor(tokens, self.vocabulary_dtype)
            count = int(tokens.shape[0])
            indices_dtype = self._key_dtype if self.invert else self._value_dtype
            indices = tf.range(start, start + count, dtype=indices_dtype)
            keys, values = (indices, tokens) if self.invert else (tokens, indices)
            initializer = tf.lookup.KeyValueTensorInitializer(keys, values, self._key_dtype,
                                                              self._value_dtype)
            return tf.lookup.StaticHashTable(initializer, self._default_value)

    def set_vocabulary(self, vocabulary, idf_weights=None):
        if self.output_mode == "tf_idf":
            if idf_weights is None:
                raise ValueError("`idf_weights` must be set if output_mode is 'tf_idf'.")
        elif idf_weights is not None:
            raise ValueError(
                "`idf_weights` should only be set if output_mode is `'tf_idf'`. Received: "
                f"output_mode={self.output_mode} and idf_weights={idf_weights}")
        if isinstance(vocabulary, str):
            vocabulary = self._read_vocabulary_file(vocabulary)
        if tf.is_tensor(vocabulary):
            vocabulary = self._tensor_vocab_to_numpy(vocabulary)
        else:
            vocabulary = self._as_vocabulary(list(vocabulary))
        if tf.is_tensor(idf_weights):
            idf_weights = idf_weights.numpy()
        if not vocabulary:
            raise ValueError("Cannot set an empty vocabulary. Received: vocabulary=[]")
        oov_start, token_start = self._oov_start_index(), self._token_start_index()
        special = [self.mask_token] * oov_start + [self.oov_token] * self.num_oov_indices
        found_special = vocabulary[:token_start] == special
        tokens = vocabulary[token_start:] if found_special else vocabulary
        repeated = [t for t, n in collections.Counter(tokens).items() if n > 1]
        if repeated:
            raise ValueError(
                "The passed vocabulary has at least one repeated term. Please uniquify your "
                f"dataset. The repeated terms are: {repeated}")
        if self.mask_token is not None and self.mask_token in tokens:
            index = [i for i, v in enumerate(vocabulary) if v == self.mask_token][-1]
            raise ValueError(
                "Found reserved mask token at unexpected location in `vocabulary`. Note that "
                "passed `vocabulary` does not need to include the OOV and mask tokens. Either "
                "remove all mask and OOV tokens, or include them only at the start of the "
                f"vocabulary in precisely this order: {special}. Received: "
                f"mask_token={self.mask_token} at vocabulary index [{index}]")
        if self.oov_token is not None and self.invert and self.oov_token in tokens:
            index = [i for i, v in enumerate(vocabulary) if v == self.oov_token][-1]
            raise ValueError(
                "Found reserved OOV token at unexpected location in `vocabulary`. Note that "
                "passed `vocabulary` does not need to include the OOV and mask tokens. Either "
                "remove all mask and OOV tokens, or include them only at the start of the "
                f"vocabulary in precisely this order: {special}. Received: "
                f"oov_token={self.oov_token} at vocabulary index [{index}]")
        size = token_start + len(tokens)
        if self.max_tokens is not None and size > self.max_tokens:
            raise ValueError(
                "Attempted to set a vocabulary larger than the maximum vocab size. Received "
                f"vocabulary size is {size}; `max_tokens` is {self.max_tokens}.")
        self.lookup_table = self._table_from_tokens(tokens)
        self._record_vocabulary_size()
        if self.output_mode == "tf_idf":
            weights = np.asarray(_listify(idf_weights), dtype="float64")
            if len(vocabulary) != len(weights):
                raise ValueError(
                    "`idf_weights` must be the same length as vocabulary. len(idf_weights) "
                    f"is {len(weights)}; len(vocabulary) is {len(vocabulary)}")
            front = 0 if found_special else token_start
            front_value = 0 if found_special else float(np.average(weights))
            back = 0
            if self.pad_to_max_tokens and self.max_tokens is not None:
                back = self.max_tokens - front - len(weights)
            weights = [front_value] * front + weights.tolist() + [0.0] * back
            self.idf_weights_const = tf.constant(weights, dtype=backend.floatx())

    def _read_vocabulary_file(self, path):
        if not tf.io.gfile.exists(path):
            raise ValueError(f"Vocabulary file {path} does not exist.")
        if self.output_mode == "tf_idf":
            raise ValueError(
                "output_mode `'tf_idf'` does not support loading a vocabulary from file.")
        with open(path, "r") as f:
            lines = f.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        return lines if self.vocabulary_dtype == "string" else [int(v) for v in lines]

    def _record_vocabulary_size(self):
        if self._frozen_vocab_size is not None and self.output_mode != "int" and \
                not self.pad_to_max_tokens and self.vocabulary_size() != self._frozen_vocab_size:
            raise RuntimeError(
                f"When using `output_mode={self.output_mode}` and `pad_to_max_tokens=False`, "
                "the vocabulary size cannot be changed after the layer is called. Old vocab "
                f"size is {self._frozen_vocab_size}, new vocab size is "
                f"{self.vocabulary_size()}")
        self._frozen_vocab_size = self.vocabulary_size()

    # ---- adapt --------------------------------------------------------------------------

    def adapt(self, data, steps=None):
        self.reset_state()
        for batch in adapt_batches(data, steps, self.vocabulary_dtype):
            self.update_state(batch)
        self.finalize_state()

    def reset_state(self):
        if self._has_input_vocabulary:
            return
        self._token_counts = tf.lookup.experimental.MutableHashTable(
            key_dtype=self.vocabulary_dtype, value_dtype="int64", default_value=0)
        self._document_counts = collections.Counter()
        self._num_documents = 0

    def update_state(self, data):
        if self._has_input_vocabulary:
            raise ValueError(
                f"Cannot adapt layer '{self.name}' after setting a static vocabulary via "
                "`vocabulary` argument or `set_vocabulary()` method.")
        from _tensorflow import ragged
        data = _ensure_tensor(data, self.vocabulary_dtype)
        if not isinstance(data, ragged.RaggedTensor):
            if data.shape.rank == 0:
                data = tf.expand_dims(data, 0)
            if data.shape.rank == 1:
                data = tf.expand_dims(data, 0)
        flat = data.flat_values if isinstance(data, ragged.RaggedTensor) else \
            tf.reshape(data, [-1])
        tokens, index = tf.unique(flat, out_idx=tf.int64)
        counts = tf.scatter_nd(tf.expand_dims(index, 1), tf.ones_like(index),
                               tf.shape(tokens, out_type=tf.int64))
        table = self._token_counts
        table.insert(tokens, counts + table.lookup(tokens))
        if self.output_mode == "tf_idf":
            rows = data.to_list() if isinstance(data, ragged.RaggedTensor) else \
                data.numpy().tolist()
            for row in rows:
                self._document_counts.update(set(row if isinstance(row, list) else [row]))
            self._num_documents += len(rows)

    def finalize_state(self):
        if self._has_input_vocabulary or self._token_counts is None or \
                self._token_counts.size().numpy() == 0:
            if self.lookup_table is not None:
                self._record_vocabulary_size()
            return
        table = self._token_counts
        for special in (self.mask_token, self.oov_token):
            if special is not None:
                table.remove(tf.convert_to_tensor([special], self.vocabulary_dtype))
        tokens, counts = table.export()
        pairs = sorted(zip(counts.numpy().tolist(), tokens.numpy().tolist()), reverse=True)
        if self.max_tokens:
            pairs = pairs[:self.max_tokens - self._token_start_index()]
        tokens = [token for _, token in pairs]
        self.lookup_table = self._table_from_tokens(
            tf.constant(tokens, dtype=self.vocabulary_dtype, shape=[len(tokens)]))
        if self.output_mode == "tf_idf":
            documents = np.array([self._document_counts[t] for t in tokens], dtype="float64")
            idf = np.log(1 + self._num_documents / (1 + documents)).astype("float32")
            mean = float(np.mean(idf)) if len(idf) else 0.0
            weights = [mean] * self._token_start_index() + idf.tolist()
            if self.pad_to_max_tokens and self.max_tokens is not None:
                weights += [0.0] * (self.max_tokens - len(weights))
            self.idf_weights_const = tf.constant(weights, dtype=backend.floatx())
        self._token_counts = None
        self._record_vocabulary_size()

    # ---- call ---------------------------------------------------------------------------

    def compute_output_shape(self, input_shape):
        if self.output_mode == "int":
            return tuple(input_shape)
        depth = self.max_tokens if self.pad_to_max_tokens else self._frozen_vocab_size
        input_shape = tuple(input_shape)
        if self.output_mode == "one_hot":
            if len(input_shape) > 1 and input_shape[-1] == 1:
                return input_shape[:-1] + (depth,)
            return input_shape + (depth,)
        return input_shape[:-1] + (depth,)

    def compute_output_spec(self, inputs):
        dtype = ("int64" if not self.invert else self.vocabulary_dtype) \
            if self.output_mode == "int" else backend.floatx()
        return KerasTensor(self.compute_output_shape(inputs.shape), dtype=dtype)

    def call(self, inputs):
        from _tensorflow import ragged, sparse
        if self.output_mode != "int" and not self.pad_to_max_tokens and \
                self._frozen_vocab_size is None:
            raise RuntimeError(
                f"When using `output_mode={self.output_mode}` and `pad_to_max_tokens=False`, "
                "you must set the layer's vocabulary before calling it. Either pass a "
                "`vocabulary` argument to the layer, or call `adapt` with some sample data.")
        if self.lookup_table is None:
            raise RuntimeError(
                f"Layer {self.name} has no vocabulary: pass `vocabulary=` or call `adapt` "
                "first.")
        with tf.device("CPU:0"):
            inputs = _ensure_tensor(inputs, self._key_dtype)
            scalar = not isinstance(inputs, (ragged.RaggedTensor, sparse.SparseTensor)) and \
                inputs.shape.rank == 0
            if scalar:
                inputs = tf.expand_dims(inputs, -1)
            if isinstance(inputs, sparse.SparseTensor):
                lookups = sparse.SparseTensor(inputs.indices, self._lookup_dense(inputs.values),
                                              inputs.dense_shape)
            elif isinstance(inputs, ragged.RaggedTensor):
                lookups = ragged.map_flat_values(self._lookup_dense, inputs)
            else:
                lookups = self._lookup_dense(inputs)
            if self.output_mode == "int":
                return tf.squeeze(lookups, -1) if scalar else lookups
            depth = self.max_tokens if self.pad_to_max_tokens else self._frozen_vocab_size
            mode = "count" if self.output_mode == "tf_idf" else self.output_mode
            output = encode_categorical(lookups, mode, depth, self._value_dtype)
            if self.output_mode == "tf_idf":
                output = tf.cast(output, backend.floatx()) * self.idf_weights_const
            return output

    def _lookup_dense(self, inputs):
        lookups = self.lookup_table.lookup(inputs)
        if self.mask_token is not None:
            lookups = tf.where(tf.equal(inputs, self._mask_key), self._mask_value, lookups)
        if self.invert:
            return lookups
        if self.num_oov_indices == 0:
            found_oov = tf.equal(lookups, -1)
            if tf.executing_eagerly() and bool(tf.reduce_any(found_oov)):
                oov = tf.boolean_mask(inputs, found_oov)
                raise tf.errors.InvalidArgumentError(
                    None, None,
                    "assertion failed: [When `num_oov_indices=0` all inputs should be in "
                    f"vocabulary, found OOV values {oov}, consider setting "
                    "`num_oov_indices=1`.]")
        elif self.num_oov_indices > 1:
            if tf.as_dtype(self._key_dtype).is_integer and self.oov_method != "farmhash":
                oov_indices = tf.math.floormod(inputs, self.num_oov_indices)
            else:
                hashed = inputs if inputs.dtype == tf.string else tf.strings.as_string(inputs)
                oov_indices = tf.strings.to_hash_bucket_fast(hashed, self.num_oov_indices)
            oov_indices = oov_indices + self._oov_start_index()
            lookups = tf.where(tf.equal(lookups, self._default_value), oov_indices, lookups)
        return tf.identity(lookups)

    def get_config(self):
        config = super().get_config()
        config.update({
            "invert": self.invert, "max_tokens": self.max_tokens,
            "num_oov_indices": self.num_oov_indices, "oov_token": self.oov_token,
            "mask_token": self.mask_token, "output_mode": self.output_mode,
            "sparse": self.sparse, "pad_to_max_tokens": self.pad_to_max_tokens,
            "vocabulary_dtype": self.vocabulary_dtype,
            "idf_weights": _listify(self.input_idf_weights),
            "vocabulary": _listify(self.input_vocabulary),
            "vocabulary_size": self._frozen_vocab_size,
            "oov_method": self.oov_method, "salt": self.salt,
        })
        return config


class StringLookup(IndexLookup):
    """Strings to indices (or indices to strings with `invert=True`)."""

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token="[UNK]",
                 vocabulary=None, idf_weights=None, invert=False, output_mode="int",
                 pad_to_max_tokens=False, sparse=False, encoding="utf-8", name=None,
                 salt=None, **kwargs):
        self.encoding = encoding
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices,
                         mask_token=mask_token, oov_token=oov_token, vocabulary=vocabulary,
                         idf_weights=idf_weights, invert=invert, output_mode=output_mode,
                         pad_to_max_tokens=pad_to_max_tokens, sparse=sparse, name=name,
                         salt=salt, vocabulary_dtype="string", **kwargs)

    def _tensor_vocab_to_numpy(self, vocabulary):
        return [np.str_(v.decode(self.encoding) if isinstance(v, bytes) else v)
                for v in vocabulary.numpy().tolist()]

    def _as_vocabulary(self, vocabulary):
        return [np.str_(v.decode(self.encoding) if isinstance(v, bytes) else v)
                for v in vocabulary]

    def get_config(self):
        config = super().get_config()
        del config["vocabulary_dtype"]
        config["encoding"] = self.encoding
        return config

    def call(self, inputs):
        if isinstance(inputs, (np.ndarray, list, tuple)):
            inputs = tf.convert_to_tensor(inputs)
        return super().call(inputs)


class IntegerLookup(IndexLookup):
    """Integers to indices (or back with `invert=True`)."""

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token=-1,
                 vocabulary=None, vocabulary_dtype="int64", idf_weights=None, invert=False,
                 output_mode="int", sparse=False, pad_to_max_tokens=False,
                 oov_method="floormod", salt=None, name=None, **kwargs):
        if max_tokens is not None and max_tokens <= 1:
            raise ValueError(
                "If `max_tokens` is set for `IntegerLookup`, it must be greater than 1. "
                f"Received: max_tokens={max_tokens}")
        if num_oov_indices < 0:
            raise ValueError(
                "The value of `num_oov_indices` argument for `IntegerLookup` must >= 0. "
                f"Received: num_oov_indices={num_oov_indices}")
        if vocabulary_dtype != "int64":
            raise ValueError("Only `vocabulary_dtype='int64'` is supported at this time. "
                             f"Received: vocabulary_dtype={vocabulary_dtype}")
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices,
                         mask_token=mask_token, oov_token=oov_token, vocabulary=vocabulary,
                         vocabulary_dtype=vocabulary_dtype, idf_weights=idf_weights,
                         invert=invert, output_mode=output_mode, sparse=sparse,
                         pad_to_max_tokens=pad_to_max_tokens, oov_method=oov_method,
                         salt=salt, name=name, **kwargs)
