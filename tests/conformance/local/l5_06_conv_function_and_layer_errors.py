import tensorflow as tf
@tf.function
def features(images, kernel):
    y = tf.nn.relu(tf.nn.conv2d(images, kernel, 2, 'SAME'))
    return tf.nn.max_pool2d(y, 2, 2, 'VALID')
images = tf.reshape(tf.range(2 * 8 * 8 * 3, dtype=tf.float32), [2, 8, 8, 3]) / 100.0
kernel = tf.reshape(tf.range(3 * 3 * 3 * 2, dtype=tf.float32), [3, 3, 3, 2]) / 50.0 - 0.5
out = features(images, kernel)
print(out.shape)
print(out[:, 0, 0, :])
def attempt(f):
    try:
        print("ok", f())
    except Exception as e:
        print(type(e).__name__, e)
attempt(lambda: tf.keras.layers.Conv2D(0, 3))
attempt(lambda: tf.keras.layers.Conv2D(4, 3, padding='full'))
attempt(lambda: tf.keras.layers.MaxPooling2D(pool_size=(2, 2, 2)))
attempt(lambda: tf.keras.layers.Conv2D(2, 0))
conv = tf.keras.layers.Conv2D(3, (2, 1), strides=(1, 2), kernel_initializer='ones', use_bias=False)
print(conv(tf.ones([1, 3, 4, 2])))
print(conv.count_params(), conv.kernel.shape, conv.filters)
pool = tf.keras.layers.AveragePooling2D(pool_size=(1, 2))
print(pool(tf.reshape(tf.range(8, dtype=tf.float32), [1, 2, 4, 1]))[0, :, :, 0])
gap = tf.keras.layers.GlobalAveragePooling2D(keepdims=True)
print(gap(tf.reshape(tf.range(8, dtype=tf.float32), [1, 2, 2, 2])))
