# tf.nn.softmax / log_softmax / tf.math.softmax and Keras softmax along an axis other than the last
import numpy as np
import tensorflow as tf
logits = tf.constant([[2.0, 1.0, 0.1], [0.5, 2.5, -1.0]])
print(np.round(tf.nn.softmax(logits, axis=0).numpy(), 5))
print(np.round(tf.nn.log_softmax(logits, axis=0).numpy(), 5))
print(np.round(tf.nn.softmax(logits, axis=-2).numpy(), 5))
print(np.round(tf.math.softmax(tf.reshape(tf.range(24.0), [2, 3, 4]) / 10, axis=1).numpy(), 5))
print(np.round(tf.keras.activations.softmax(logits, axis=0).numpy(), 5))
print(np.round(tf.keras.layers.Softmax(axis=0)(logits).numpy(), 5))
print(tf.nn.softmax(tf.ones([2, 3, 4]), axis=1).shape)
try:
    tf.nn.softmax(logits, axis=2)
except Exception as e:
    print(type(e).__name__, e)
@tf.function
def f(x):
    return tf.nn.softmax(x, axis=0, name="sm")
print(np.round(f(logits).numpy(), 5), f(logits).name if not tf.executing_eagerly() else "")
