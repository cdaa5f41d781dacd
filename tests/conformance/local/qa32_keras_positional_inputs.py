# Keras 3 lets only tensors be passed to a layer positionally: NumPy arrays and scalars are converted (every positional argument, nested too), Python numbers, lists and strings raise its ValueError; preprocessing layers and functional models take raw data
import numpy as np
import tensorflow as tf
d = tf.keras.layers.Dense(2, kernel_initializer="ones")
print(d(np.ones((1, 3))).shape, d(np.ones((1, 3), np.float64)).dtype)
for arg in ([[1.0, 2.0, 3.0]], "abc", 3.0, (np.ones((1, 3)),), None):
  try:
    print(d(arg).shape)
  except Exception as e:
    print(type(e).__name__, e)

class Add(tf.keras.layers.Layer):
  def call(self, a, b):
    return a + b
for args, kwargs in [((tf.ones([2]), 3.0), {}), ((tf.ones([2]),), {"b": 3.0}), ((tf.ones([2]), np.float32(2.0)), {}), ((tf.ones([2]), [tf.ones([2])]), {})]:
  try:
    print(Add()(*args, **kwargs))
  except Exception as e:
    print(type(e).__name__, e)
try:
  d(tf.ones((1, 3)), True)
except Exception as e:
  print(type(e).__name__, e)
mha = tf.keras.layers.MultiHeadAttention(num_heads=1, key_dim=2)
x = np.ones((1, 2, 3), "float32")
print(mha(x, x).shape)
print(tf.keras.layers.Rescaling(2.0)(np.float32(3.0)))
print(tf.keras.layers.Normalization(mean=0.0, variance=4.0)(np.array([1.0, 2.0])))
print(tf.keras.layers.StringLookup(vocabulary=["a", "b"])(["b", "c"]))
print(tf.keras.layers.Hashing(num_bins=3)([["x"], ["y"]]).shape)
inp = tf.keras.Input((2,))
model = tf.keras.Model(inp, tf.keras.layers.Dense(1, kernel_initializer="ones")(inp))
print(model(np.array([[1.0, 2.0]])))
