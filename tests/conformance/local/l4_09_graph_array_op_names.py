import tensorflow as tf
with tf.Graph().as_default() as g:
    x = tf.constant([[1., 2.], [3., 4.]])
    a = tf.random.uniform([2, 2], seed=1)
    b = tf.random.uniform([2], minval=0, maxval=10, dtype=tf.int32)
    c = tf.random.uniform([2], minval=-1., maxval=3.)
    d = tf.transpose(x)
    e = tf.concat([x, x], 0)
    f = tf.stack([x, x])
    h = tf.argmax(x, 1)
    i = tf.one_hot([0, 1], 2)
    j = x[0]
    k = x[:, 1]
    l = tf.fill([2], 3.0)
    m = tf.strings.to_number(["1"])
    n = tf.image.resize(tf.zeros([1, 4, 4, 1]), [2, 2])
    o = tf.expand_dims(x, 0)
    p = tf.squeeze(o)
    q = tf.nn.softmax(x)
    r = tf.shape(x)
    for op in g.get_operations():
        print(op.name, op.type, [t.name for t in op.inputs])
    print(j, k, a, b, h, i, n, m, r)
