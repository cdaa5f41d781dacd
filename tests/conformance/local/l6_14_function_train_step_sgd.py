import numpy as np
import tensorflow as tf
model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)])
model.set_weights([np.array([[0.1, -0.2, 0.3, 0.4], [0.5, -0.6, 0.7, -0.8]], dtype=np.float32),
                   np.array([0.0, 0.1, -0.1, 0.2], dtype=np.float32),
                   np.array([[0.3], [-0.4], [0.5], [0.6]], dtype=np.float32),
                   np.array([0.05], dtype=np.float32)])
loss_fn = tf.keras.losses.MeanSquaredError()
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)
x = tf.constant([[0.5, -1.0], [1.5, 0.25], [-2.0, 1.0], [0.0, 0.5]])
y = tf.constant([[1.0], [0.0], [-1.0], [0.5]])

@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss

for step in range(3):
    print(step, train_step(x, y).numpy().round(6))
print(optimizer.iterations.numpy())
print([w.round(5).tolist() for w in model.get_weights()])
