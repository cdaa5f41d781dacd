# keras.layers.Discretization with bin boundaries, and tf.math.bincount
import numpy as np
import tensorflow as tf
import keras

disc = keras.layers.Discretization(bin_boundaries=[0.0, 1.0, 2.0])
out = disc(np.array([[-1.0, 0.5], [1.0, 3.0]]))
print(out, out.dtype)
print(disc(tf.constant([0, 1, 2, 5])))
print(keras.layers.Discretization(bin_boundaries=[0.5], output_mode="one_hot")(
    np.array([0.1, 0.9, 0.5])))
print(keras.layers.Discretization(bin_boundaries=[1.0, 2.0], output_mode="count")(
    np.array([[0.0, 1.5, 2.5, 1.2]])))
print(disc.get_config()["bin_boundaries"], disc.compute_dtype)
inputs = keras.Input(shape=(3,))
print(keras.layers.Discretization(bin_boundaries=[0.0])(inputs))
try:
    keras.layers.Discretization()(np.array([1.0]))
except ValueError as e:
    print(e)
print(tf.math.bincount([1, 1, 2, 5]))
print(tf.math.bincount([1, 1, 2, 5], minlength=8))
print(tf.math.bincount([1, 1, 2, 5], maxlength=2))
print(tf.math.bincount([1, 1, 2], weights=[0.5, 0.25, 2.0]))
print(tf.math.bincount(tf.constant([[0, 3], [3, 3]]), binary_output=True))
