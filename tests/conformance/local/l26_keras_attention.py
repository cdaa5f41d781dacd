import keras
from keras import layers
import numpy as np
mha = layers.MultiHeadAttention(num_heads=2, key_dim=3)
x = np.linspace(-1, 1, 2 * 4 * 5, dtype="float32").reshape(2, 4, 5)
out, scores = mha(x, x, return_attention_scores=True)
print(out.shape, scores.shape)
print([w.path for w in mha.weights], [tuple(w.shape) for w in mha.weights])
for w in mha.weights:
    w.assign(np.full(w.shape, 0.1, "float32") * (1 + np.arange(np.prod(w.shape)).reshape(w.shape) % 3))
print(np.round(mha(x, x).numpy(), 4).tolist()[0][:2])
print(np.round(mha(x, x, use_causal_mask=True).numpy(), 4).tolist()[1][:2])
inp = keras.Input((4, 5))
y = layers.MultiHeadAttention(2, 8)(inp, inp)
y = layers.LayerNormalization()(y + inp)
m = keras.Model(inp, layers.GlobalAveragePooling1D()(y))
m.summary()
