import tensorflow as tf
import numpy as np
s = tf.TensorShape([4, 3])
print(tf.constant(s), np.prod(s), np.array(s))
try:
    tf.constant(tf.TensorShape([None, 3]))
except Exception as e:
    print(type(e).__name__, e)
