# TensorFlow and Keras case-convert string arguments with Python's str.upper()/lower(), so
# Unicode case mappings reach them: 'ſ' (long s) uppercases to 'S', 'ǅ' lowers to 'ǆ'.
import tensorflow as tf

x = tf.constant([[1, 2], [3, 4]])
print(tf.pad(x, [[1, 1], [1, 1]], mode="ſymmetric"))
print(tf.pad(x, [[0, 1], [0, 0]], mode="Reflect"))
with tf.device("/job:localhost/Cpu:0"):
    y = tf.constant(1.0)
print(y.device)
try:
    tf.keras.layers.Conv2D(2, 3, padding="ǅALID")
except ValueError as e:
    print("ValueError:", e)
strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
print(strategy.reduce("ſum", tf.constant([1.0, 2.0]), axis=None))
