import tensorflow as tf
x = tf.constant([[-2.0, -0.5, 0.0], [0.3, 3.0, 7.5]])
print(tf.nn.relu6(x), tf.nn.elu(x), tf.nn.leaky_relu(x), tf.nn.leaky_relu(x, alpha=0.01))
print(tf.nn.log_softmax(x), tf.math.log_softmax(tf.constant([1.0, 2.0], tf.float64)))
print(tf.nn.l2_loss(x), tf.math.divide_no_nan(x, tf.constant([0.0, 2.0, 0.0])))
print(tf.nn.elu(tf.constant([-1.0, 1.0], tf.bfloat16)), tf.nn.relu6(tf.constant([-1, 9])))
for f in [lambda: tf.nn.elu(tf.constant([1, 2])), lambda: tf.nn.leaky_relu(tf.constant([1, 2])), lambda: tf.nn.log_softmax(tf.constant([1, 2])), lambda: tf.nn.l2_loss(tf.constant([1, 2])), lambda: tf.math.divide_no_nan(tf.constant([1, 2]), tf.constant([1, 0])), lambda: tf.nn.log_softmax(tf.constant(1.0))]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
v = tf.Variable([[-2.0, -0.5, 0.1], [0.3, 3.0, 7.5]])
w = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
for name, fn in [("relu6", tf.nn.relu6), ("elu", tf.nn.elu), ("leaky", tf.nn.leaky_relu), ("logsm", tf.nn.log_softmax), ("l2", lambda t: tf.nn.l2_loss(t) * w), ("dnn", lambda t: tf.math.divide_no_nan(w, t - 0.1))]:
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(fn(v) * w)
    print(name, tape.gradient(y, v))
@tf.function
def g():
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.nn.log_softmax(v) * w) + tf.reduce_sum(tf.nn.elu(v)) + tf.nn.l2_loss(v)
    return tape.gradient(y, v)
print(g())
