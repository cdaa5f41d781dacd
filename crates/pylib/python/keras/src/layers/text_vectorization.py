"""`TextVectorization`: text to token indices (or multi-hot, count, TF-IDF vectors), as
Keras builds it on TensorFlow: standardise (`tf.strings.lower`, punctuation removed by
`tf.strings.regex_replace`), split (`tf.strings.split`, a `RaggedTensor`), optionally make
n-grams (not emulated yet), then a `StringLookup` whose mask token is `""`. The same ops run
eagerly and in a `Dataset.map`."""

import tensorflow as tf

from keras.src import backend
from keras.src.keras_tensor import KerasTensor
from keras.src.layer import Layer
from keras.src.layers.index_lookup import StringLookup, _listify, adapt_batches

_PUNCTUATION = r'[!"#$%&()\*\+,-\./:;<=>?@\[\\\]^_`{|}~\']'


def _check_choice(value, allowed, arg):
    if value is None or callable(value) or value in allowed:
        return
    raise ValueError(
        f"The `{arg}` argument of layer TextVectorization received an invalid value "
        f"`{value}`. Allowed values are: {list(allowed)}, or a callable.")


class TextVectorization(Layer):
    """Strings to sequences of token indices, or to one vector per string."""

    _allow_non_tensor_positional_args = True

    def __init__(self, max_tokens=None, standardize="lower_and_strip_punctuation",
                 split="whitespace", ngrams=None, output_mode="int",
                 output_sequence_length=None, pad_to_max_tokens=False, vocabulary=None,
                 idf_weights=None, sparse=False, ragged=False, encoding="utf-8", name=None,
                 **kwargs):
        _check_choice(standardize, ("lower_and_strip_punctuation", "lower",
                                    "strip_punctuation"), "standardize")
        _check_choice(split, ("whitespace", "character"), "split")
        if output_mode == "binary":
            output_mode = "multi_hot"
        if output_mode == "tf-idf":
            output_mode = "tf_idf"
        if output_mode not in ("int", "one_hot", "multi_hot", "count", "tf_idf"):
            raise ValueError(
                "The `output_mode` argument of layer TextVectorization received an invalid "
                f"value `{output_mode}`. Allowed values are: ['int', 'one_hot', 'multi_hot', "
                "'count', 'tf_idf'].")
        if not (ngrams is None or isinstance(ngrams, int) or
                isinstance(ngrams, tuple) and all(isinstance(n, int) for n in ngrams)):
            raise ValueError("`ngrams` must be None, an integer, or a tuple of integers. "
                             f"Received: ngrams={ngrams}")
        if output_mode == "int" and not (output_sequence_length is None or
                                         isinstance(output_sequence_length, int)):
            raise ValueError(
                "`output_sequence_length` must be either None or an integer when "
                f"`output_mode` is 'int'. Received: output_sequence_length="
                f"{output_sequence_length}")
        if output_mode != "int" and output_sequence_length is not None:
            raise ValueError(
                "`output_sequence_length` must not be set if `output_mode` is not 'int'. "
                f"Received output_sequence_length={output_sequence_length}.")
        if ragged and output_mode != "int":
            raise ValueError(
                "`ragged` must not be true if `output_mode` is `'int'`. Received: "
                f"ragged={ragged} and output_mode={output_mode}")
        if ngrams is not None:
            raise NotImplementedError(
                "TextVectorization(ngrams=...) is not emulated in this playground yet.")
        self._max_tokens = max_tokens
        self._standardize = standardize
        self._split = split
        self._ngrams_arg = ngrams
        self._ragged = ragged
        self._output_mode = output_mode
        self._output_sequence_length = output_sequence_length
        self._encoding = encoding
        has_vocabulary = kwargs.pop("has_input_vocabulary", vocabulary is not None)
        vocabulary_size = kwargs.pop("vocabulary_size", None)
        super().__init__(name=name, **kwargs)
        self._lookup_layer = StringLookup(
            max_tokens=max_tokens, vocabulary=vocabulary, idf_weights=idf_weights,
            pad_to_max_tokens=pad_to_max_tokens, mask_token="", output_mode=output_mode,
            sparse=sparse, has_input_vocabulary=has_vocabulary, encoding=encoding,
            vocabulary_size=vocabulary_size)
        self.built = True

    @property
    def compute_dtype(self):
        return "string"

    @property
    def variable_dtype(self):
        return "string"

    def compute_output_shape(self, input_shape):
        if self._output_mode == "int":
            return (input_shape[0], self._output_sequence_length)
        if self._split is None:
            if len(input_shape) <= 1:
                input_shape = tuple(input_shape) + (1,)
        else:
            input_shape = tuple(input_shape) + (None,)
        return self._lookup_layer.compute_output_shape(input_shape)

    def compute_output_spec(self, inputs):
        dtype = "int64" if self._output_mode == "int" else backend.floatx()
        return KerasTensor(self.compute_output_shape(inputs.shape), dtype=dtype)

    def adapt(self, data, batch_size=None, steps=None):
        self.reset_state()
        for batch in adapt_batches(data, steps, "string"):
            self.update_state(batch)
        self.finalize_state()

    def update_state(self, data):
        self._lookup_layer.update_state(self._preprocess(data))

    def finalize_state(self):
        self._lookup_layer.finalize_state()

    def reset_state(self):
        self._lookup_layer.reset_state()

    def get_vocabulary(self, include_special_tokens=True):
        return self._lookup_layer.get_vocabulary(include_special_tokens)

    def vocabulary_size(self):
        return self._lookup_layer.vocabulary_size()

    def set_vocabulary(self, vocabulary, idf_weights=None):
        self._lookup_layer.set_vocabulary(vocabulary, idf_weights=idf_weights)

    def get_config(self):
        config = super().get_config()
        config.update({
            "max_tokens": self._lookup_layer.max_tokens, "standardize": self._standardize,
            "split": self._split, "ngrams": self._ngrams_arg,
            "output_mode": self._output_mode,
            "output_sequence_length": self._output_sequence_length,
            "pad_to_max_tokens": self._lookup_layer.pad_to_max_tokens,
            "sparse": self._lookup_layer.sparse, "ragged": self._ragged,
            "vocabulary": _listify(self._lookup_layer.input_vocabulary),
            "idf_weights": _listify(self._lookup_layer.input_idf_weights),
            "encoding": self._encoding, "vocabulary_size": self.vocabulary_size(),
        })
        return config

    def _preprocess(self, inputs):
        from _tensorflow import ragged
        with tf.device("CPU:0"):
            if not isinstance(inputs, ragged.RaggedTensor):
                inputs = tf.convert_to_tensor(inputs, dtype=tf.string)
            if self._standardize in ("lower", "lower_and_strip_punctuation"):
                inputs = tf.strings.lower(inputs)
            if self._standardize in ("strip_punctuation", "lower_and_strip_punctuation"):
                inputs = tf.strings.regex_replace(inputs, _PUNCTUATION, "")
            if callable(self._standardize):
                inputs = self._standardize(inputs)
            if self._split is not None:
                if inputs.shape.rank > 1:
                    if inputs.shape[-1] != 1:
                        raise ValueError(
                            "When using `TextVectorization` to tokenize strings, the input "
                            "rank must be 1 or the last shape dimension must be 1. Received: "
                            f"inputs.shape={inputs.shape} with rank={inputs.shape.rank}")
                    inputs = tf.squeeze(inputs, axis=-1)
                if self._split == "whitespace":
                    inputs = tf.strings.split(inputs)
                elif self._split == "character":
                    inputs = tf.strings.unicode_split(inputs, "UTF-8")
                else:
                    inputs = self._split(inputs)
            return inputs

    def call(self, inputs):
        from _tensorflow import ragged
        inputs = self._preprocess(inputs)
        lookup_data = self._lookup_layer.call(inputs)
        if self._output_mode != "int":
            return lookup_data
        length = self._output_sequence_length
        if isinstance(lookup_data, ragged.RaggedTensor) and not self._ragged:
            shape = lookup_data.shape.as_list()
            shape[-1] = length
            return lookup_data.to_tensor(default_value=0, shape=shape)
        if length is not None:
            outputs = lookup_data[..., :length]
            if not self._ragged:
                missing = length - tf.shape(outputs)[-1]
                rank = outputs.shape.rank
                paddings = [[0, 0]] * (rank - 1) + [[0, tf.maximum(missing, 0)]]
                outputs = tf.pad(outputs, paddings)
            return outputs
        return lookup_data
