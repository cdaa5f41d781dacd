# probe q70_custom_grad_clip: user-style program (corpus 3)
import numpy as np
import tensorflow as tf

@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad

x = tf.constant([0.0, 10.0, 100.0])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = log1pexp(x)
print(np.round(tape.gradient(y, x).numpy(), 4))

@tf.custom_gradient
def clip_grad_layer(x):
    def grad(dy):
        return tf.clip_by_value(dy, -0.1, 0.1)
    return tf.identity(x), grad

v = tf.Variable([1.0, -2.0])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(clip_grad_layer(v) * tf.constant([5.0, -0.05]))
print(tape.gradient(loss, v).numpy())

grads = [tf.constant([3.0, 4.0]), tf.constant([[12.0]])]
clipped, gnorm = tf.clip_by_global_norm(grads, clip_norm=6.5)
print(round(float(gnorm), 4), [np.round(g.numpy(), 4).tolist() for g in clipped])
print(round(float(tf.linalg.global_norm(grads)), 4))
print(tf.clip_by_norm(tf.constant([3.0, 4.0]), 1.0).numpy())
print(tf.clip_by_value(tf.constant([-5, 0, 5]), -2, 2).numpy())
clipped_none, n2 = tf.clip_by_global_norm([tf.constant([1.0]), None], 5.0)
print(clipped_none[1], float(n2))

tf.keras.utils.set_random_seed(0)
model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(learning_rate=0.1, clipnorm=1.0)
X = tf.constant([[1.0, 2.0], [3.0, 4.0]])
Y = tf.constant([[10.0], [20.0]])
for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(X) - Y))
    g = tape.gradient(loss, model.trainable_variables)
    g, _ = tf.clip_by_global_norm(g, 5.0)
    opt.apply_gradients(zip(g, model.trainable_variables))
    print(step, round(float(loss), 3))
print(opt.iterations.numpy(), opt.clipnorm)
