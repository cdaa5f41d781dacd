# Saving and loading Keras models and weights, as tutorials and notebooks do it.
import os
import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(7)
x = np.random.rand(32, 4).astype("float32")
y = (x.sum(axis=1, keepdims=True) > 2).astype("float32")

model = keras.Sequential([
    keras.Input(shape=(4,)),
    layers.Dense(8, activation="relu"),
    layers.Dropout(0.1),
    layers.Dense(1, activation="sigmoid"),
], name="classifier")
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
model.fit(x, y, epochs=2, batch_size=8, verbose=0, shuffle=False)
try:
    model.save("models/classifier.keras")
except FileNotFoundError as e:
    print("FileNotFoundError:", e)
os.makedirs("models")
model.save("models/classifier.keras")
print(sorted(os.listdir("models")))
restored = keras.models.load_model("models/classifier.keras")
print(type(restored).__name__, restored.name, [l.name for l in restored.layers])
print(np.allclose(model.predict(x, verbose=0), restored.predict(x, verbose=0)))
print(type(restored.optimizer).__name__, restored.loss)
print([round(v, 5) for v in restored.evaluate(x, y, verbose=0)])
print([round(v, 5) for v in model.evaluate(x, y, verbose=0)])
print([round(v, 5) for v in restored.fit(x, y, epochs=2, batch_size=8, verbose=0, shuffle=False).history["loss"]])
print([round(v, 5) for v in model.fit(x, y, epochs=2, batch_size=8, verbose=0, shuffle=False).history["loss"]])

# Weights only.
model.save_weights("classifier.weights.h5")
twin = keras.Sequential([
    keras.Input(shape=(4,)),
    layers.Dense(8, activation="relu"),
    layers.Dropout(0.1),
    layers.Dense(1, activation="sigmoid"),
])
twin.load_weights("classifier.weights.h5")
print(np.allclose(twin.predict(x, verbose=0), model.predict(x, verbose=0)))
other = keras.Sequential([keras.Input(shape=(4,)), layers.Dense(8), layers.Dense(3), layers.Dense(1)])
try:
    other.load_weights("classifier.weights.h5")
except ValueError as e:
    print("ValueError:", str(e).splitlines()[0])

# A functional model with a registered custom layer.
@keras.saving.register_keras_serializable(package="demo")
class Scale(layers.Layer):
    def __init__(self, factor=2.0, **kwargs):
        super().__init__(**kwargs)
        self.factor = factor

    def call(self, inputs):
        return inputs * self.factor

    def get_config(self):
        config = super().get_config()
        config.update({"factor": self.factor})
        return config

inputs = keras.Input(shape=(3,), name="features")
h = layers.Dense(4, activation="tanh", name="hidden")(inputs)
h = Scale(0.5, name="half")(h)
a = layers.Dense(2, name="a")(h)
b = layers.Dense(2, name="b")(h)
out = layers.Add(name="sum")([a, b])
fn = keras.Model(inputs, out, name="two_heads")
fn.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
xs = np.arange(12, dtype="float32").reshape(4, 3) / 10
fn.save("two_heads.keras")
back = keras.models.load_model("two_heads.keras")
print(back.name, [l.name for l in back.layers])
print(type(back.get_layer("half")).__name__, back.get_layer("half").factor)
print(np.allclose(fn.predict(xs, verbose=0), back.predict(xs, verbose=0)))
print(back.optimizer.get_config()["learning_rate"])
clone = keras.models.clone_model(fn)
print([l.name for l in clone.layers], len(clone.weights))

# A subclassed model: found only when registered or passed in custom_objects.
class Regressor(keras.Model):
    def __init__(self, units=3, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.hidden = layers.Dense(units, activation="relu")
        self.out = layers.Dense(1)

    def call(self, inputs):
        return self.out(self.hidden(inputs))

reg = Regressor(5)
reg(xs)
reg.save("regressor.keras")
try:
    keras.models.load_model("regressor.keras")
except TypeError as e:
    print("TypeError:", str(e)[:100])
print(sorted(reg.get_config()))

# Keras 3's errors for old tutorial code.
for call in (lambda: model.save("saved_model_dir"), lambda: model.save_weights("ckpt"),
             lambda: keras.models.load_model("missing.keras"),
             lambda: keras.models.load_model("saved_model_dir")):
    try:
        call()
    except ValueError as e:
        print("ValueError:", e)
