import numpy as np
import tensorflow as tf
model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse", metrics=["no_such_metric"])
print("compiled")
try:
    model.fit(np.ones((2, 2), dtype="float32"), np.ones((2, 1), dtype="float32"), verbose=0)
except ValueError as e:
    print("ValueError:", e)
try:
    model.compile(optimizer="sgd", loss="mse", metrics=[tf.keras.metrics.Mean()])
    model.fit(np.ones((2, 2), dtype="float32"), np.ones((2, 1), dtype="float32"), verbose=0)
    print("mean ok")
except Exception as e:
    print(type(e).__name__, e)
