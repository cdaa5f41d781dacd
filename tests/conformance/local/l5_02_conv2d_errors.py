import tensorflow as tf
x = tf.reshape(tf.range(1, 33, dtype=tf.float32), [1, 4, 4, 2]) / 7.0
w = tf.ones([2, 2, 2, 3])
def attempt(f):
    try:
        print("ok", f().shape)
    except Exception as e:
        print(type(e).__name__, e)
attempt(lambda: tf.nn.conv2d(x, w, 1, 'valid'))
attempt(lambda: tf.nn.conv2d(x, w, 1, 'EXPLICIT'))
attempt(lambda: tf.nn.conv2d(x, w, 1, 'VALID', data_format='NCHW'))
attempt(lambda: tf.nn.conv2d(x, w, 1, 'VALID', data_format='NHCW'))
attempt(lambda: tf.nn.conv2d(x, tf.ones([2, 2, 1, 3]), 1, 'VALID'))
attempt(lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 3]), w, 1, 'VALID'))
attempt(lambda: tf.nn.conv2d(x[0], w, 1, 'VALID'))
attempt(lambda: tf.nn.conv2d(x, w[0], 1, 'VALID'))
attempt(lambda: tf.nn.conv2d(tf.ones([1, 2, 2, 2]), tf.ones([5, 5, 2, 1]), 1, 'VALID'))
attempt(lambda: tf.nn.conv2d(x, w, [1, 2, 2], 'VALID'))
attempt(lambda: tf.nn.conv2d(x, w, [2, 1, 1, 1], 'VALID'))
attempt(lambda: tf.nn.conv2d(x, w, 0, 'VALID'))
attempt(lambda: tf.nn.conv2d(x, w, 1, 'VALID', dilations=0))
attempt(lambda: tf.nn.conv2d(x, w, 1, 'VALID', dilations=[1, 1, 1, 2]))
attempt(lambda: tf.nn.conv2d(x, w, 1, [[0, 0], [-1, 1], [2, 0], [0, 0]]))
attempt(lambda: tf.nn.conv2d(x, w, 1, [[1, 1], [1, 1], [2, 0], [0, 0]]))
attempt(lambda: tf.nn.conv2d(x, w, 1, [[0, 0], [1, 1], [2, 0]]))
attempt(lambda: tf.nn.conv2d(x, tf.ones([2, 2, 2, 3], tf.float64), 1, 'VALID'))
attempt(lambda: tf.nn.conv2d(x, w, 1, 'VALID', name='named'))
attempt(lambda: tf.nn.bias_add(x, tf.ones([3])))
attempt(lambda: tf.nn.bias_add(tf.ones([3]), tf.ones([3])))
g = tf.Graph()
with g.as_default():
    attempt(lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 2]), tf.ones([2, 2, 2, 3]), 1, 'FOO'))
tf.nn.conv2d(x, tf.ones([3, 3, 1, 4]), 1, 'SAME')
print(tf.nn.conv2d(tf.ones([1, 4, 4, 3]), tf.ones([3, 3, 2, 4]), 1, 'SAME'))
