import keras
from keras import layers
import numpy as np

keras.utils.set_random_seed(7)
x = np.random.randn(32, 6).astype("float32") * 3 + 1
y = np.random.randint(0, 3, size=(32,))

norm = layers.Normalization()
norm.adapt(x)
print(np.round(norm.mean.numpy(), 4), np.round(norm.variance.numpy(), 4))
print(np.round(norm(x[:2]).numpy(), 4))

model = keras.Sequential([
    keras.Input((6,)),
    layers.Dense(8),
    layers.BatchNormalization(),
    layers.ReLU(),
    layers.LayerNormalization(),
    layers.Dropout(0.0),
    layers.Dense(3, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
h = model.fit(x, y, epochs=2, batch_size=8, verbose=0, shuffle=False)
print([round(v, 4) for v in h.history["loss"]])
bn = model.layers[1]
print(np.round(bn.moving_mean.numpy(), 4))
print(np.round(bn.moving_variance.numpy(), 4))
print(np.round(model.predict(x[:2], verbose=0), 4))
model.summary()
print([w.path for w in model.non_trainable_weights])
