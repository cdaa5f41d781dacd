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
