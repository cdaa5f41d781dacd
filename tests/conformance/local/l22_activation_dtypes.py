import tensorflow as tf
for f in [lambda: tf.nn.relu6(tf.constant([True])), lambda: tf.nn.elu(tf.constant([1]))]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
@tf.function
def g():
    return tf.nn.relu6(tf.constant([True]))
@tf.function
def h():
    return tf.nn.elu(tf.constant([1]))
for f in [g, h]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[-1])
