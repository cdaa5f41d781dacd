# error texts: OneHot's TI attr, float()/int() of non-0-d tensors and arrays (NumPy 2), C-extension type names, Keras input rank checks
import numpy as np
import tensorflow as tf
from tensorflow import keras

def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__, e)

attempt("one_hot float", lambda: tf.one_hot(tf.constant([1.0, 2.0]), 3))
attempt("float vec", lambda: float(tf.constant([1.0, 2.0])))
attempt("float 1-elem", lambda: float(tf.constant([1.5])))
attempt("int 1-elem", lambda: int(tf.constant([[3]])))
attempt("bool 1-elem", lambda: bool(tf.constant([[3]])))
attempt("float scalar", lambda: float(tf.constant(2.5)))
attempt("np float", lambda: float(np.array([1.0])))
attempt("np int", lambda: int(np.array([4])))
attempt("np float 0d", lambda: float(np.array(4.5)))
attempt("np bool", lambda: bool(np.array([0])))
attempt("tensor item", lambda: tf.constant([1, 2]).item())
attempt("array attr", lambda: np.zeros(2).nonexistent)
attempt("tensor call", lambda: tf.constant(1)())

model = keras.Sequential([keras.Input((28, 28)), keras.layers.Flatten(), keras.layers.Dense(3)])
attempt("eager wrong rank", lambda: model(np.zeros((2, 784), "float32")))
m2 = keras.Sequential([keras.Input((4, 1)), keras.layers.Flatten(), keras.layers.Dense(2)])
attempt("expand last axis", lambda: m2(np.ones((3, 4), "float32")).shape)
m3 = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)])
attempt("squeeze last axis", lambda: m3(np.ones((3, 4, 1), "float32")).shape)
attempt("predict squeezed", lambda: m3.predict(np.ones((3, 4, 1), "float32"), verbose=0).shape)
