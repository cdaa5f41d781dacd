# Keras layers re-raise errors from call() with the arguments they received (eager and symbolic)
import tensorflow as tf
import keras
try:
    keras.layers.Dense(3)(tf.ones([2, 3]), tf.ones([2]))
except Exception as e:
    print(type(e).__name__, e)
try:
    x = keras.Input((3,))
    keras.layers.Reshape((4,))(x)
except Exception as e:
    print(type(e).__name__, e)
class L(keras.layers.Layer):
    def call(self, x, training=None, scale=2):
        raise ValueError("boom")
try:
    L()(tf.ones([2]), training=True)
except Exception as e:
    print(type(e).__name__, e)
try:
    L()(keras.Input((3,)))
except Exception as e:
    print(type(e).__name__, e)
try:
    keras.layers.Concatenate()([tf.ones([2, 3]), tf.ones([3, 3])])
except Exception as e:
    print(type(e).__name__, e)
