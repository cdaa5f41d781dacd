import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.layers.Flatten(input_shape=(4, 3)),
    tf.keras.layers.Dense(8, activation="relu"),
    tf.keras.layers.Dropout(0.2),
    tf.keras.layers.Dense(2),
])
print(model.built, len(model.weights))
model.summary()

cnn = tf.keras.Sequential([
    tf.keras.layers.Conv2D(4, 3, activation="relu", input_shape=(8, 8, 1)),
    tf.keras.layers.MaxPooling2D(),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(3),
])
cnn.summary()

mlp = tf.keras.Sequential()
mlp.add(tf.keras.layers.Dense(5, input_dim=7))
mlp.add(tf.keras.layers.Dense(1))
print(mlp.built, [w.shape for w in mlp.weights])

later = tf.keras.Sequential([tf.keras.layers.Dense(3), tf.keras.layers.Dense(2, input_shape=(9,))])
print(later.built)
