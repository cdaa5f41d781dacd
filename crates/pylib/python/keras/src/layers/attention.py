"""`MultiHeadAttention`: Keras's projections (`query`, `key`, `value`,
`attention_output`, each an einsum-style dense layer with kernels shaped
`(dim, heads, head_dim)`), scaled dot-product attention with an optional mask or causal
mask, and dropout on the attention scores."""

import math

import tensorflow as tf

from keras.src import backend, initializers
from keras.src.layer import Layer


class _Projection(Layer):
    """A dense projection of the last axis to `(heads, size)` (or back), as Keras's
    `EinsumDense` sublayers of the attention hold it."""

    def __init__(self, kernel_shape, bias_shape, kernel_initializer, bias_initializer,
                 use_bias, **kwargs):
        super().__init__(**kwargs)
        self.kernel_shape = kernel_shape
        self.bias_shape = bias_shape
        self.kernel_initializer = kernel_initializer
        self.bias_initializer = bias_initializer
        self.use_bias = use_bias

    def build(self, input_shape=None):
        self.kernel = self.add_weight(name="kernel", shape=self.kernel_shape,
                                      initializer=self.kernel_initializer)
        self.bias = self.add_weight(name="bias", shape=self.bias_shape,
                                    initializer=self.bias_initializer) if self.use_bias else None
        self.built = True


def _dims(x, tail):
    """`x`'s batch and time sizes (static where known) followed by `tail`."""
    dynamic = tf.shape(x)
    head = [dynamic[i] if x.shape[i] is None else x.shape[i] for i in range(2)]
    if any(tf.is_tensor(d) for d in head):
        return tf.stack(head + list(tail))
    return head + list(tail)


def _fresh(initializer):
    """A new initializer like `initializer` (an unseeded one draws its own seed), as
    Keras gives each sublayer its own copy."""
    if isinstance(initializer, str):
        return initializers.get(initializer)
    try:
        return type(initializer)(**initializer.get_config())
    except Exception:
        return initializer


class MultiHeadAttention(Layer):
    def __init__(self, num_heads, key_dim, value_dim=None, dropout=0.0, use_bias=True,
                 output_shape=None, attention_axes=None, flash_attention=None,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.num_heads = num_heads
        self.key_dim = key_dim
        self.value_dim = value_dim if value_dim else key_dim
        self.dropout = dropout
        self.use_bias = use_bias
        self._output_shape = output_shape
        self._kernel_initializer = kernel_initializer
        self._bias_initializer = bias_initializer
        self.supports_masking = True

    def build(self, query_shape, value_shape=None, key_shape=None):
        value_shape = value_shape or query_shape
        key_shape = key_shape or value_shape
        heads = self.num_heads

        def projection(name, dim, size):
            layer = _Projection((dim, heads, size), (heads, size),
                                _fresh(self._kernel_initializer),
                                _fresh(self._bias_initializer), self.use_bias, name=name)
            with backend.name_scope(name, caller=layer):
                layer.build()
            return layer

        self._query_dense = projection("query", query_shape[-1], self.key_dim)
        self._key_dense = projection("key", key_shape[-1], self.key_dim)
        self._value_dense = projection("value", value_shape[-1], self.value_dim)
        out_dim = self._output_shape or query_shape[-1]
        if isinstance(out_dim, (list, tuple)):
            out_dim = out_dim[-1]
        self._output_dense = _Projection((heads, self.value_dim, out_dim), (out_dim,),
                                         _fresh(self._kernel_initializer),
                                         _fresh(self._bias_initializer), self.use_bias,
                                         name="attention_output")
        with backend.name_scope("attention_output", caller=self._output_dense):
            self._output_dense.build()
        self.built = True

    def _maybe_build(self, args, kwargs):
        if self.built:
            return
        shapes = [tuple(a.shape) for a in args[:3] if a is not None]
        query_shape = shapes[0]
        value_shape = shapes[1] if len(shapes) > 1 else kwargs["value"].shape
        key = kwargs.get("key")
        key_shape = tuple(key.shape) if key is not None else value_shape
        with backend.name_scope(self.name, caller=self):
            self.build(query_shape, tuple(value_shape), tuple(key_shape))

    @staticmethod
    def _project(x, layer):
        """`einsum("abc,cde->abde")`: the last axis to `(heads, size)`."""
        dim, heads, size = layer.kernel.shape
        flat = tf.reshape(x, [-1, dim])
        out = tf.matmul(flat, tf.reshape(layer.kernel, [dim, heads * size]))
        out = tf.reshape(out, _dims(x, [heads, size]))
        if layer.bias is not None:
            out = out + layer.bias
        return out

    def call(self, query, value, key=None, query_mask=None, value_mask=None, key_mask=None,
             attention_mask=None, return_attention_scores=False, training=None,
             use_causal_mask=False):
        if key is None:
            key = value
        q = self._project(query, self._query_dense)
        k = self._project(key, self._key_dense)
        v = self._project(value, self._value_dense)
        q = q * tf.cast(1.0 / math.sqrt(float(self.key_dim)), q.dtype)
        # (batch, heads, query steps, key steps)
        scores = tf.matmul(tf.transpose(q, [0, 2, 1, 3]), tf.transpose(k, [0, 2, 3, 1]))
        mask = None
        if attention_mask is not None:
            mask = tf.cast(attention_mask, "bool")
        if use_causal_mask:
            tq, tk = query.shape[1], key.shape[1]
            causal = tf.range(tk)[None, :] <= tf.range(tq)[:, None]
            mask = causal if mask is None else tf.logical_and(mask, causal)
        if mask is not None:
            while len(mask.shape) < len(scores.shape):
                mask = tf.expand_dims(mask, -3)
            scores = tf.where(mask, scores, tf.cast(-1e9, scores.dtype) * tf.ones_like(scores))
        weights = tf.nn.softmax(scores, axis=-1)
        if training and self.dropout > 0:
            weights = tf.nn.dropout(weights, rate=self.dropout)
        attended = tf.matmul(weights, tf.transpose(v, [0, 2, 1, 3]))  # (b, h, tq, v)
        attended = tf.transpose(attended, [0, 2, 1, 3])  # (b, tq, h, v)
        heads, size, out_dim = self._output_dense.kernel.shape
        flat = tf.reshape(attended, [-1, heads * size])
        out = tf.matmul(flat, tf.reshape(self._output_dense.kernel, [heads * size, out_dim]))
        out = tf.reshape(out, _dims(query, [out_dim]))
        if self._output_dense.bias is not None:
            out = out + self._output_dense.bias
        if return_attention_scores:
            return out, weights
        return out


class Attention(Layer):
    """Dot-product (Luong-style) attention over `[query, value]` or `[query, value, key]`:
    scores `query @ key^T` (times a learned `scale` with `use_scale`, or the learned-weight
    `concat` form), masked, softmaxed over the value steps, then applied to `value`."""

    def __init__(self, use_scale=False, score_mode="dot", dropout=0.0, seed=None, **kwargs):
        super().__init__(**kwargs)
        self.use_scale = use_scale
        self.score_mode = score_mode
        self.dropout = dropout
        self.seed = seed
        self.supports_masking = True
        if self.dropout > 0:
            from keras.src.random import SeedGenerator
            self.seed_generator = SeedGenerator(seed)
        if score_mode not in ["dot", "concat"]:
            raise ValueError(
                "Invalid value for argument score_mode. Expected one of {'dot', 'concat'}. "
                f"Received: score_mode={score_mode}")

    def _validate_inputs(self, inputs, mask=None):
        class_name = type(self).__name__
        if not isinstance(inputs, list):
            raise ValueError(
                f"{class_name} layer must be called on a list of inputs, namely "
                f"[query, value] or [query, value, key]. Received: inputs={inputs}.")
        if len(inputs) < 2 or len(inputs) > 3:
            raise ValueError(
                f"{class_name} layer accepts inputs list of length 2 or 3, namely "
                f"[query, value] or [query, value, key]. Received length: {len(inputs)}.")
        if mask is not None:
            if not isinstance(mask, list):
                raise ValueError(
                    f"{class_name} layer mask must be a list, namely [query_mask, value_mask]. "
                    f"Received: mask={mask}.")
            if len(mask) < 2 or len(mask) > 3:
                raise ValueError(
                    f"{class_name} layer accepts mask list of length 2 or 3. "
                    f"Received: inputs={inputs}, mask={mask}.")

    def build(self, input_shape):
        self._validate_inputs(input_shape)
        self.scale = None
        self.concat_score_weight = None
        if self.use_scale:
            self.scale = self.add_weight(name="scale", shape=(), initializer="ones")
        if self.score_mode == "concat":
            self.concat_score_weight = self.add_weight(name="concat_score_weight", shape=(),
                                                       initializer="ones")
        self.built = True

    def _calculate_scores(self, query, key):
        if self.score_mode == "dot":
            scores = tf.matmul(query, tf.linalg.matrix_transpose(key))
            if self.scale is not None:
                scores = scores * self.scale
            return scores
        q = tf.expand_dims(query, axis=-2)
        k = tf.expand_dims(key, axis=-3)
        if self.scale is not None:
            return self.concat_score_weight * tf.reduce_sum(tf.tanh(self.scale * (q + k)),
                                                            axis=-1)
        return self.concat_score_weight * tf.reduce_sum(tf.tanh(q + k), axis=-1)

    def _apply_scores(self, scores, value, scores_mask=None, training=False):
        if scores_mask is not None:
            padding_mask = tf.logical_not(scores_mask)
            max_value = 65504.0 if scores.dtype == tf.float16 else 1.0e9
            if len(padding_mask.shape) == 2:
                padding_mask = tf.expand_dims(padding_mask, axis=-2)
            scores = tf.where(padding_mask, scores - max_value, scores)
        weights = tf.nn.softmax(scores, axis=-1)
        if training and self.dropout > 0:
            from keras.src.random import dropout
            weights = dropout(weights, self.dropout, seed=self.seed_generator)
        return tf.matmul(weights, value), weights

    def _calculate_score_mask(self, scores, v_mask, use_causal_mask):
        if not use_causal_mask:
            return v_mask
        score_shape = tf.shape(scores)
        ones = tf.ones(tf.stack([1, score_shape[-2], score_shape[-1]]), dtype=tf.int32)
        causal_mask = tf.greater_equal(tf.cumsum(ones, axis=-2), tf.cumsum(ones, axis=-1))
        if v_mask is not None:
            return tf.logical_and(tf.expand_dims(v_mask, axis=-2), causal_mask)
        return causal_mask

    def call(self, inputs, mask=None, training=False, return_attention_scores=False,
             use_causal_mask=False):
        self._validate_inputs(inputs, mask)
        q, v = inputs[0], inputs[1]
        k = inputs[2] if len(inputs) > 2 else v
        q_mask = mask[0] if mask else None
        v_mask = mask[1] if mask else None
        scores = self._calculate_scores(q, k)
        scores_mask = self._calculate_score_mask(scores, v_mask, use_causal_mask)
        output, weights = self._apply_scores(scores, v, scores_mask, training)
        if q_mask is not None:
            output = tf.where(tf.expand_dims(q_mask, axis=-1), output, 0)
        if return_attention_scores:
            return output, weights
        return output

    def compute_output_shape(self, input_shape):
        query_shape, value_shape = input_shape[0], input_shape[1]
        return tuple(query_shape[:-1]) + (value_shape[-1],)

    def get_config(self):
        config = super().get_config()
        config.update({"use_scale": self.use_scale, "score_mode": self.score_mode,
                       "dropout": self.dropout})
        return config


class AdditiveAttention(Attention):
    """Additive (Bahdanau-style) attention: scores `sum(scale * tanh(query + key))` over
    the feature axis, with a learned per-feature `scale` when `use_scale`."""

    def __init__(self, use_scale=True, dropout=0.0, **kwargs):
        super().__init__(use_scale=use_scale, dropout=dropout, **kwargs)

    def build(self, input_shape):
        self._validate_inputs(input_shape)
        dim = input_shape[0][-1]
        self.scale = None
        if self.use_scale:
            self.scale = self.add_weight(name="scale", shape=[dim],
                                         initializer="glorot_uniform")
        self.built = True

    def _calculate_scores(self, query, key):
        q = tf.expand_dims(query, axis=-2)
        k = tf.expand_dims(key, axis=-3)
        scale = self.scale if self.use_scale else 1.0
        return tf.reduce_sum(scale * tf.tanh(q + k), axis=-1)

    def get_config(self):
        config = super().get_config()
        del config["score_mode"]
        return config
