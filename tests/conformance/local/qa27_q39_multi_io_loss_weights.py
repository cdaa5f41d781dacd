# Q&A-style program (q39_multi_io_loss_weights) written as users write them, recorded from TF 2.21
import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(11)
n = 64
img_feats = np.random.rand(n, 8).astype("float32")
meta = np.random.rand(n, 3).astype("float32")
y_price = (img_feats.sum(1) + meta[:, 0]).reshape(-1, 1).astype("float32")
y_cat = (meta[:, 1] > 0.5).astype("int32")

inp_a = keras.Input(shape=(8,), name="image_features")
inp_b = keras.Input(shape=(3,), name="metadata")
xa = layers.Dense(16, activation="relu")(inp_a)
xb = layers.Dense(4, activation="relu")(inp_b)
merged = layers.concatenate([xa, xb])
h = layers.Dense(8, activation="relu")(merged)
price = layers.Dense(1, name="price")(h)
cat = layers.Dense(2, activation="softmax", name="category")(h)
model = keras.Model(inputs=[inp_a, inp_b], outputs=[price, cat])

model.compile(
    optimizer=keras.optimizers.Adam(0.01),
    loss={"price": "mse", "category": "sparse_categorical_crossentropy"},
    loss_weights={"price": 0.5, "category": 2.0},
    metrics={"category": ["accuracy"]},
)
print([i.name for i in model.inputs])
print(model.output_names)
hist = model.fit({"image_features": img_feats, "metadata": meta},
                 {"price": y_price, "category": y_cat},
                 epochs=5, batch_size=16, verbose=0)
print(sorted(hist.history.keys()))
for k in sorted(hist.history):
    print(k, [round(float(v), 4) for v in hist.history[k]])
res = model.evaluate([img_feats, meta], [y_price, y_cat], verbose=0, return_dict=True)
print({k: round(float(v), 4) for k, v in sorted(res.items())})
p, c = model.predict([img_feats[:3], meta[:3]], verbose=0)
print(p.shape, c.shape)
print(np.round(p.ravel(), 3))
print(c.argmax(axis=1))
print(len(model.layers), model.count_params())
