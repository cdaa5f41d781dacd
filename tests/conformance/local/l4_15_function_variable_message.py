import tensorflow as tf
@tf.function
def f(x):
    v = tf.Variable(1.0)
    return v + x
try:
    print(f(1.0))
    print(f(2.0))
except Exception as e:
    print(type(e).__name__ + ": " + str(e))
