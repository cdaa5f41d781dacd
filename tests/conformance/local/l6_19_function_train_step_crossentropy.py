import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(4,)),
    tf.keras.layers.Dense(5, activation="relu"),
    tf.keras.layers.Dense(3),
])
model.set_weights([
    tf.reshape(tf.range(20, dtype=tf.float32), [4, 5]) / 20.0 - 0.4,
    tf.constant([0.1, -0.1, 0.05, 0.0, 0.2]),
    tf.reshape(tf.range(15, dtype=tf.float32), [5, 3]) / 15.0 - 0.5,
    tf.constant([0.0, 0.1, -0.1]),
])
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)

x = tf.reshape(tf.range(24, dtype=tf.float32), [6, 4]) / 24.0
y = tf.constant([0, 1, 2, 1, 0, 2])


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = loss_fn(y, logits)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step in range(3):
    print(step, round(float(train_step(x, y)), 5))
print(optimizer.iterations.numpy())
for w in model.get_weights():
    print(w.round(4))
