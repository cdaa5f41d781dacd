# keras.metrics.AUC: ROC and PR curves, summation methods, explicit thresholds, sample weights, from_logits, in compile
import numpy as np
import tensorflow as tf
import keras

y_true = [0, 0, 1, 1, 0, 1, 1, 0]
y_pred = [0.1, 0.4, 0.35, 0.8, 0.65, 0.9, 0.2, 0.05]
m = keras.metrics.AUC()
m.update_state(y_true, y_pred)
print(m.name, float(m.result()))
print(float(keras.metrics.AUC(curve="PR")(y_true, y_pred)))
print(float(keras.metrics.AUC(summation_method="minoring")(y_true, y_pred)))
print(float(keras.metrics.AUC(summation_method="majoring", num_thresholds=10)(y_true, y_pred)))
print(float(keras.metrics.AUC(thresholds=[0.3, 0.5, 0.7])(y_true, y_pred)))
print(float(keras.metrics.AUC(curve="PRGAIN")(y_true, y_pred)))
print(float(keras.metrics.AUC()(y_true, y_pred, sample_weight=[1, 2, 1, 2, 1, 2, 1, 2])))
print(float(keras.metrics.AUC(from_logits=True)(y_true, [-2.0, 0.5, 0.1, 3.0, 1.0, 2.0, -1.0, -3.0])))
m.reset_state()
print(float(m.result()), len(m.thresholds), m.variables[0].shape)
m.update_state([[1], [0]], [[0.7], [0.3]])
print(float(m.result()))
try:
    keras.metrics.AUC(num_thresholds=1)
except ValueError as e:
    print(e)
try:
    keras.metrics.AUC(curve="XY")
except ValueError as e:
    print(e)

keras.utils.set_random_seed(0)
rng = np.random.RandomState(0)
x = rng.rand(64, 3).astype("float32")
y = (x[:, 0] > 0.5).astype("float32")
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer="adam", loss="binary_crossentropy",
              metrics=[keras.metrics.AUC(name="auc"), keras.metrics.AUC(name="prc", curve="PR"), "AUC"])

h = model.fit(x, y, epochs=2, batch_size=16, shuffle=False, verbose=0)
print(sorted(h.history))
print([round(v, 4) for v in model.evaluate(x, y, verbose=0)])
