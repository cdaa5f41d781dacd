import tensorflow as tf
model = tf.keras.Sequential([
    tf.keras.Input(shape=(6, 6, 1)),
    tf.keras.layers.Conv2D(4, 3, activation='relu'),
    tf.keras.layers.MaxPooling2D(),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(2),
])
model.summary()
print(model.count_params(), [w.shape for w in model.get_weights()])
conv, pool, flat, dense = model.layers
print(conv.name, pool.name, conv.kernel.shape, conv.bias.shape, conv.kernel.path)
kernel = (tf.reshape(tf.range(36, dtype=tf.float32), [3, 3, 1, 4]) - 18.0) / 16.0
conv.set_weights([kernel.numpy(), tf.constant([0.125, -0.125, 0.0, 0.25]).numpy()])
dense.set_weights([((tf.reshape(tf.range(32, dtype=tf.float32), [16, 2]) - 16.0) / 32.0).numpy(),
                   tf.zeros([2]).numpy()])
x = tf.reshape(tf.range(72, dtype=tf.float32), [2, 6, 6, 1]) / 64.0
y = tf.constant([[1.0, 0.0], [0.0, 1.0]])
print(model(x))
model.compile(optimizer=tf.keras.optimizers.SGD(0.125), loss='mse')
history = model.fit(x, y, epochs=2, batch_size=2, verbose=0)
print([round(v, 5) for v in history.history['loss']])
print([round(v, 5) for v in tf.reshape(model(x), [-1]).numpy().tolist()])
print(conv.bias.numpy())
other = tf.keras.Sequential([
    tf.keras.Input(shape=(8, 8, 3)),
    tf.keras.layers.Conv2D(5, (3, 2), strides=2, padding='same', use_bias=False),
    tf.keras.layers.AveragePooling2D(pool_size=2, strides=1),
    tf.keras.layers.Conv2D(6, 2, padding='valid', kernel_initializer='zeros'),
    tf.keras.layers.MaxPooling2D(pool_size=(2, 2), padding='same'),
    tf.keras.layers.GlobalAveragePooling2D(),
])
other.summary()
print(other(tf.ones([1, 8, 8, 3])))
class Small(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.conv = tf.keras.layers.Conv2D(2, 2, kernel_initializer='ones', bias_initializer='ones')
        self.pool = tf.keras.layers.MaxPooling2D(2)
    def call(self, x):
        return self.pool(self.conv(x))
small = Small()
print(small(tf.reshape(tf.range(18, dtype=tf.float32), [1, 3, 3, 2])))
print(small.count_params())
