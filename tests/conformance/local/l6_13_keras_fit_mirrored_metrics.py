import numpy as np
import tensorflow as tf
cpus = tf.config.list_physical_devices('CPU')
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy()
x = np.array([[0.5, -1.0], [1.5, 0.25], [-2.0, 1.0], [0.0, 0.5], [1.0, 1.0], [-0.5, 2.0], [2.5, -0.5], [0.25, 0.75]], dtype=np.float32)
y = np.array([0, 1, 2, 1, 0, 2, 1, 0], dtype=np.int64)
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(3)])
    model.compile(optimizer=tf.keras.optimizers.RMSprop(learning_rate=0.01),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
model.set_weights([np.array([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]], dtype=np.float32), np.zeros(3, dtype=np.float32)])
history = model.fit(x, y, batch_size=4, epochs=3, shuffle=False, verbose=0)
for key in sorted(history.history):
    print(key, [round(v, 5) for v in history.history[key]])
print([w.round(5).tolist() for w in model.get_weights()])
