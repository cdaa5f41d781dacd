# tf.norm with ord and axis
import numpy as np
import tensorflow as tf
A = tf.constant([[4.0, -1.0], [2.0, 3.0]])
v = tf.constant([3.0, -4.0, 1.0])
for ord_ in ["euclidean", 1, 2, np.inf, 3]:
    print(ord_, tf.norm(v, ord=ord_).numpy())
print(tf.norm(A, ord=1, axis=1), tf.norm(A, ord=np.inf, axis=0))
print(tf.norm(A, ord="fro", axis=[0, 1]), tf.norm(A, ord=1, axis=[0, 1]), tf.norm(A, ord=np.inf, axis=[-2, -1]))
print(tf.norm(A, axis=1, keepdims=True))
print(tf.linalg.norm(v, ord=1))
for bad in [dict(ord=0), dict(ord="fro", axis=0), dict(ord=-1)]:
    try:
        tf.norm(A, **bad)
    except Exception as e:
        print(type(e).__name__, e)
