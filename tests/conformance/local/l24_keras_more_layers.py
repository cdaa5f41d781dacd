# Keras layers users reach for: PReLU, ELU(alpha), GaussianNoise/Dropout, SpatialDropout, ActivityRegularization, UnitNormalization, Attention, AdditiveAttention
import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(1)
x = np.linspace(-1, 1, 24).reshape(2, 3, 4).astype("float32")
print(layers.PReLU(alpha_initializer=keras.initializers.Constant(0.25))(x).numpy()[0])
p = layers.PReLU(shared_axes=[1])
p(x)
print([w.shape for w in p.weights], p.weights[0].name)
print(layers.ELU(alpha=0.5)(x).numpy()[0, 0])
print(layers.UnitNormalization()(x).numpy()[1])
print(layers.UnitNormalization(axis=[1, 2])(x).numpy()[0, 0])
for layer in [layers.GaussianNoise(0.1, seed=3), layers.GaussianDropout(0.3, seed=4),
              layers.SpatialDropout1D(0.5, seed=5), layers.SpatialDropout2D(0.5, seed=6)]:
    data = x if not isinstance(layer, layers.SpatialDropout2D) else x.reshape(2, 3, 2, 2)
    print(type(layer).__name__, np.array_equal(layer(data).numpy(), data),
          np.round(layer(data, training=True).numpy().reshape(-1)[:6], 5))
reg = layers.ActivityRegularization(l1=0.01, l2=0.1)
print(reg(x).shape, [round(float(l), 5) for l in reg.losses])

q = np.linspace(0, 1, 2 * 3 * 4).reshape(2, 3, 4).astype("float32")
v = np.linspace(1, 0, 2 * 5 * 4).reshape(2, 5, 4).astype("float32")
att = layers.Attention()
out, scores = att([q, v], return_attention_scores=True)
print(out.shape, scores.shape)
print(np.round(out.numpy()[0], 5))
print(np.round(layers.Attention(use_scale=True, score_mode="concat")([q, v, v]).numpy()[1], 5))
print(np.round(layers.Attention()([q, q], use_causal_mask=True).numpy()[0], 5))
print(np.round(layers.Attention()([q, v], mask=[None, np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]], bool)]).numpy()[0], 5))
add = layers.AdditiveAttention()
print(np.round(add([q, v]).numpy()[1], 5), [w.name for w in add.weights])

inp_q = keras.Input((3, 4))
inp_v = keras.Input((5, 4))
h = layers.Attention()([inp_q, inp_v])
h = layers.PReLU()(h)
h = layers.GaussianNoise(0.1)(h)
h = layers.GlobalAveragePooling1D()(h)
out = layers.Dense(1)(layers.UnitNormalization()(h))
model = keras.Model([inp_q, inp_v], out)
model.summary()
model.compile("adam", "mse")
model.fit([q, v], np.ones((2, 1)), epochs=2, verbose=0)
print(model.predict([q, v], verbose=0).shape)
try:
    layers.Attention()(q)
except ValueError as e:
    print(e)
