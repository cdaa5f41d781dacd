# TF1 optimizers (SGD, Momentum, Nesterov, Adam, Adagrad, RMSProp) and v1 losses: slots, variables, collections, losses after 30 steps
import numpy as np
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
np.random.seed(0)
xs = np.random.rand(64, 4).astype(np.float32)
labels = (xs.sum(axis=1) > 2).astype(np.int64)
onehot = np.eye(2, dtype=np.float32)[labels]

def build(opt_fn, loss_kind):
    tf.reset_default_graph()
    tf.set_random_seed(1)
    x = tf.placeholder(tf.float32, [None, 4], name="x")
    y = tf.placeholder(tf.int64, [None], name="y")
    yo = tf.placeholder(tf.float32, [None, 2], name="yo")
    w1 = tf.Variable(tf.random_normal([4, 8], stddev=0.5, seed=3), name="w1")
    b1 = tf.get_variable("b1", [8], initializer=tf.zeros_initializer())
    w2 = tf.Variable(tf.random_uniform([8, 2], -0.5, 0.5, seed=4), name="w2")
    b2 = tf.Variable(tf.zeros([2]), name="b2")
    h = tf.nn.relu(tf.matmul(x, w1) + b1)
    logits = tf.matmul(h, w2) + b2
    if loss_kind == "sparse":
        loss = tf.losses.sparse_softmax_cross_entropy(labels=y, logits=logits)
    elif loss_kind == "softmax":
        loss = tf.losses.softmax_cross_entropy(onehot_labels=yo, logits=logits)
    else:
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=yo, logits=logits))
    accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), y), tf.float32))
    opt = opt_fn()
    train = opt.minimize(loss)
    return x, y, yo, loss, accuracy, train, opt

for name, opt_fn, kind in [
        ("sgd", lambda: tf.train.GradientDescentOptimizer(0.5), "sparse"),
        ("momentum", lambda: tf.train.MomentumOptimizer(0.1, 0.9), "softmax"),
        ("nesterov", lambda: tf.train.MomentumOptimizer(0.1, 0.9, use_nesterov=True), "mean"),
        ("adam", lambda: tf.train.AdamOptimizer(0.01), "sparse"),
        ("adagrad", lambda: tf.train.AdagradOptimizer(0.1), "softmax"),
        ("rmsprop", lambda: tf.train.RMSPropOptimizer(0.01), "sparse")]:
    x, y, yo, loss, accuracy, train, opt = build(opt_fn, kind)
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        for step in range(30):
            _, l = sess.run([train, loss], {x: xs, y: labels, yo: onehot})
        print(name, round(float(l), 5), sess.run(accuracy, {x: xs, y: labels}))
    print([v.name for v in tf.global_variables()])
    print(opt.get_slot_names(), len(tf.get_collection(tf.GraphKeys.LOSSES)))
