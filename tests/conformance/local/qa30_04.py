# Custom training loop with tf.GradientTape fitting y = 3x + 2
import tensorflow as tf

tf.random.set_seed(1)
x = tf.random.normal([100, 1])
y = 3.0 * x + 2.0 + tf.random.normal([100, 1], stddev=0.1)

w = tf.Variable(tf.zeros([1, 1]), name="w")
b = tf.Variable(tf.zeros([1]), name="b")
opt = tf.keras.optimizers.SGD(learning_rate=0.1)

for epoch in range(30):
    with tf.GradientTape() as tape:
        pred = tf.matmul(x, w) + b
        loss = tf.reduce_mean(tf.square(pred - y))
    grads = tape.gradient(loss, [w, b])
    opt.apply_gradients(zip(grads, [w, b]))
    if epoch % 5 == 0:
        print(f"epoch {epoch:2d} loss={loss.numpy():.4f}")

print("w =", round(float(w.numpy()[0, 0]), 3), "b =", round(float(b.numpy()[0]), 3))
print(opt.iterations.numpy())
