import tensorflow as tf
tf.random.set_seed(0)
w = tf.Variable(tf.random.normal([4, 3]))
b = tf.Variable(tf.zeros([3]))
x = tf.random.normal([8, 4])
y = tf.constant([0, 1, 2, 1, 0, 2, 2, 1])
opt = tf.keras.optimizers.SGD(0.5)

@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = tf.matmul(x, w) + b
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, [w, b])
    opt.apply_gradients(zip(grads, [w, b]))
    return loss

for step in range(5):
    print(step, float(train_step(x, y)))
logits3 = tf.reshape(tf.range(24, dtype=tf.float64), [2, 4, 3]) / 10
labels3 = tf.constant([[0, 1, 2, 0], [2, 2, 1, 0]])
with tf.GradientTape() as tape:
    tape.watch(logits3)
    l3 = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels3, logits=logits3)
print(l3)
print(tape.gradient(l3, logits3))
print(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1], logits=[[1.0, 2.0]]))
try:
    tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[1, 0], logits=tf.zeros([2, 0]))
except Exception as e:
    print(type(e).__name__, e)
