# Keras's progress bars as a terminal shows them: fit with validation, evaluate, predict, verbose=2, a custom Progbar
import numpy as np
import keras

keras.utils.set_random_seed(1)
x = np.linspace(-1.0, 1.0, 192, dtype="float32").reshape(64, 3)
y = (x.sum(axis=1) > 0).astype("int32")
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu"),
                          keras.layers.Dense(2)])
model.compile(optimizer="adam", metrics=["accuracy"],
              loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
history = model.fit(x, y, batch_size=16, epochs=2, validation_split=0.25, shuffle=False)
print(sorted(history.history))
print(model.evaluate(x, y, batch_size=32))
print(model.predict(x[:5], batch_size=2).shape)
model.fit(x, y, batch_size=32, epochs=2, verbose=2, shuffle=False)
print(model.evaluate(x, y, verbose=2, return_dict=True))
bar = keras.utils.Progbar(3)
for step in range(3):
    bar.update(step + 1, values=[("loss", 1.0 / (step + 1)), ("tiny", 1e-5)])
bar = keras.utils.Progbar(2, verbose=2, stateful_metrics=["acc"])
bar.update(1, [("acc", 0.5)])
bar.update(2, [("acc", 0.75)])
print("done")
