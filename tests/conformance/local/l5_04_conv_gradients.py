import tensorflow as tf
x = tf.Variable(tf.reshape(tf.range(1, 33, dtype=tf.float32), [1, 4, 4, 2]) / 7.0)
w = tf.Variable(tf.reshape(tf.range(1, 25, dtype=tf.float32), [2, 2, 2, 3]) / 11.0 - 1.0)
b = tf.Variable([0.5, -0.25, 1.0])
for strides, padding in [(1, 'VALID'), (2, 'SAME'), (1, 'SAME')]:
    with tf.GradientTape() as tape:
        y = tf.nn.bias_add(tf.nn.conv2d(x, w, strides, padding), b)
        loss = tf.reduce_sum(y * y) / 10.0
    dx, dw, db = tape.gradient(loss, [x, w, b])
    print(strides, padding, loss.numpy())
    print(dx[0, :, :, 0])
    print(dw[:, :, 1, :])
    print(db)
with tf.GradientTape() as tape:
    y = tf.nn.conv2d(x, w, 1, 'SAME', dilations=2)
    loss = tf.reduce_sum(tf.nn.relu(y))
try:
    tape.gradient(loss, w)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
for pool in [tf.nn.max_pool2d, tf.nn.avg_pool2d]:
    for k, s, p in [(2, 2, 'VALID'), (3, 2, 'SAME'), (3, 1, 'SAME')]:
        with tf.GradientTape() as tape:
            y = pool(x, k, s, p)
            count = 1
            for dim in y.shape:
                count *= dim
            loss = tf.reduce_sum(y * tf.reshape(tf.range(1.0, 1.0 + count), y.shape))
        print(pool.__name__, k, s, p)
        print(tape.gradient(loss, x)[0, :, :, 1])
ties = tf.Variable([[[[1.0], [3.0], [3.0]], [[3.0], [0.0], [2.0]]]])
with tf.GradientTape() as tape:
    y = tf.nn.max_pool2d(ties, 2, 1, 'VALID')
print(tape.gradient(y, ties)[0, :, :, 0])
