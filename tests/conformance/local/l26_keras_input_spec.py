# Keras InputSpec checks (Dense, LSTM, Conv2D, pooling, functional input shape), data cardinality, cross-entropy rank check
import numpy as np
import tensorflow as tf
from tensorflow import keras
model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(3), keras.layers.Dense(1)])
def attempt(label, fn):
    try:
        fn()
        print(label, "ok")
    except Exception as e:
        print(label, "->", type(e).__name__, str(e)[:600])
attempt("predict", lambda: model.predict(np.zeros((2, 5)), verbose=0))
attempt("call", lambda: model(np.zeros((2, 5))))
x = keras.Input((4,)); f = keras.Model(x, keras.layers.Dense(2)(x))
attempt("fcall", lambda: f(np.zeros((2, 5))))
attempt("fpred", lambda: f.predict(np.zeros((2, 5)), verbose=0))
model.compile("adam", "mse")
attempt("fit", lambda: model.fit(np.zeros((10, 4)), np.zeros((9, 1)), verbose=0))
d = keras.layers.Dense(2)
d(tf.ones((1, 3)))
attempt("rebuilt", lambda: d(tf.ones((1, 4))))
attempt("rank1", lambda: keras.layers.Dense(2)(tf.ones((3,))))
attempt("lstm", lambda: keras.layers.LSTM(4)(tf.ones((2, 3))))
attempt("conv", lambda: keras.layers.Conv2D(4, 3)(tf.ones((2, 8, 8))))
attempt("pool", lambda: keras.layers.MaxPooling2D()(tf.ones((2, 8, 8))))
clf = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation="softmax")])
attempt("cce direct", lambda: keras.losses.categorical_crossentropy(np.array([0, 1, 2]), clf(np.zeros((3, 4)))))
attempt("bce direct", lambda: keras.ops.binary_crossentropy(np.zeros((3, 2)), np.zeros((3, 4))))
class Custom(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.input_spec = keras.layers.InputSpec(ndim=2, axes={1: 3})
    def call(self, x):
        return x
attempt("custom spec", lambda: Custom()(tf.ones((2, 4))))
print(keras.InputSpec(shape=(None, 3)), keras.layers.InputSpec(min_ndim=2, axes={-1: 4}))
