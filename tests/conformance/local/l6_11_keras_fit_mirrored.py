import numpy as np
import tensorflow as tf
cpus = tf.config.list_physical_devices('CPU')
tf.config.set_logical_device_configuration(cpus[0], [tf.config.LogicalDeviceConfiguration()] * 2)
strategy = tf.distribute.MirroredStrategy(['/cpu:0', '/cpu:1'])
x = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5], [-2.0, 1.0, 0.0], [0.0, 0.5, 1.0],
              [1.0, 1.0, 1.0], [-0.5, 2.0, -1.5], [2.5, -0.5, 0.5], [0.25, 0.75, -2.0]], dtype=np.float32)
y = np.array([[1.0], [0.0], [-1.0], [0.5], [2.0], [-0.5], [1.5], [0.0]], dtype=np.float32)
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input(shape=(3,)),
                                 tf.keras.layers.Dense(2, activation="relu"),
                                 tf.keras.layers.Dense(1)])
    model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.1), loss="mse")
print(strategy.num_replicas_in_sync, model.layers[0].kernel.shape)
model.set_weights([np.array([[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]], dtype=np.float32),
                   np.array([0.05, -0.05], dtype=np.float32),
                   np.array([[0.7], [-0.3]], dtype=np.float32),
                   np.array([0.1], dtype=np.float32)])
history = model.fit(x, y, batch_size=4, epochs=3, shuffle=False, verbose=0)
print([round(v, 6) for v in history.history["loss"]])
for w in model.get_weights():
    print(w.tolist())
print(model.optimizer.iterations.numpy())
print(model.predict(x[:2], verbose=0).tolist())

with strategy.scope():
    model2 = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
    model2.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9), loss="mae")
model2.set_weights([np.array([[0.2], [-0.1], [0.4]], dtype=np.float32), np.array([0.0], dtype=np.float32)])
history = model2.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0)
print([round(v, 6) for v in history.history["loss"]])
print([w.tolist() for w in model2.get_weights()])
print(model2.evaluate(x, y, verbose=0))
