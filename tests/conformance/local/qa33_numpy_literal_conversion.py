# NumPy values beside tensors convert to the tensor's dtype; tf.add converts x on its own
import tensorflow as tf, numpy as np
b = tf.constant(1)
for c in [np.array(1, np.float16), np.array(1.5, np.float16), np.array([1.0], np.float16), np.array([2], np.int8), np.array(2, np.int64), np.float32(3.0), np.array([1.0], np.float64)]:
    for f in [tf.add, tf.subtract, lambda x, y: x + y]:
        try:
            r = f(b, c); print(r.dtype.name, r.numpy())
        except Exception as e:
            print(type(e).__name__, str(e)[:90])
for f in [tf.add, tf.subtract, tf.multiply]:
    try:
        r = f(np.array(1, np.int8), b); print(r.dtype.name)
    except Exception as e:
        print(type(e).__name__, str(e)[:90])
for f in [tf.add, tf.subtract, tf.multiply, tf.maximum]:
    for x, y in [(1, tf.constant(2.0)), (np.array(1, np.int8), tf.constant(2)), (np.float32(1.5), tf.constant(2)), ([1.5], tf.constant([2]))]:
        try:
            r = f(x, y); print(r.dtype.name, r.numpy())
        except Exception as e:
            print(type(e).__name__, str(e)[:100])
