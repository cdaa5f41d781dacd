import numpy as np
import tensorflow as tf
cpus = tf.config.list_physical_devices('CPU')
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy()
GLOBAL_BATCH = 4
x = np.array([[0.5, -1.0], [1.5, 0.25], [-2.0, 1.0], [0.0, 0.5], [1.0, 1.0], [-0.5, 2.0], [2.5, -0.5], [0.25, 0.75]], dtype=np.float32)
y = np.array([[1.0], [0.0], [-1.0], [0.5], [0.25], [2.0], [-0.5], [1.0]], dtype=np.float32)
dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(GLOBAL_BATCH)
dist_dataset = strategy.experimental_distribute_dataset(dataset)
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1)])
    optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)
model.set_weights([np.array([[0.3], [-0.2]], dtype=np.float32), np.array([0.1], dtype=np.float32)])

def step_fn(inputs):
    features, labels = inputs
    with tf.GradientTape() as tape:
        predictions = model(features, training=True)
        per_example = tf.reduce_sum(tf.square(labels - predictions), axis=1)
        loss = tf.nn.compute_average_loss(per_example, global_batch_size=GLOBAL_BATCH)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss

@tf.function
def train_step(inputs):
    per_replica_losses = strategy.run(step_fn, args=(inputs,))
    return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica_losses, axis=None)

for epoch in range(2):
    for batch in dist_dataset:
        print(epoch, train_step(batch).numpy().round(6))
print(optimizer.iterations.numpy())
print([w.round(5).tolist() for w in model.get_weights()])
