# Embedding gradients are IndexedSlices; Keras optimizers apply them as Keras 3 does
import numpy as np
import tensorflow as tf

v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as tape:
    rows = tf.gather(v, [2, 0, 2])
    loss = tf.reduce_sum(rows * rows) + tf.reduce_sum(tf.gather(v, [1]))
g = tape.gradient(loss, v)
print(type(g).__name__)
print(g)
print(tf.convert_to_tensor(g))
print(g.values.shape, g.indices.numpy(), g.dense_shape.numpy(), g.dtype)
with tf.GradientTape() as tape:
    mixed = tf.reduce_sum(tf.gather(v, [0, 0])) + tf.reduce_sum(v * 2.0)
print(tape.gradient(mixed, v))

tokens = np.array([[1, 2, 2, 3, 0], [4, 4, 4, 1, 0], [2, 3, 1, 1, 2], [5, 0, 0, 0, 0]] * 3)
labels = np.array([1.0, 0.0, 1.0, 0.0] * 3)
for name, make in [("sgd", lambda: tf.keras.optimizers.SGD(0.5)),
                   ("momentum", lambda: tf.keras.optimizers.SGD(0.3, momentum=0.9)),
                   ("nesterov", lambda: tf.keras.optimizers.SGD(0.3, momentum=0.9, nesterov=True)),
                   ("adam", lambda: tf.keras.optimizers.Adam(0.05)),
                   ("rmsprop", lambda: tf.keras.optimizers.RMSprop(0.01))]:
    tf.keras.utils.set_random_seed(3)
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(5,), dtype="int32"),
        tf.keras.layers.Embedding(8, 4),
        tf.keras.layers.GlobalAveragePooling1D(),
        tf.keras.layers.Dense(1, activation="sigmoid"),
    ])
    model.compile(optimizer=make(), loss="binary_crossentropy")
    history = model.fit(tokens, labels, epochs=4, batch_size=6, verbose=0, shuffle=False)
    print(name, [round(x, 6) for x in history.history["loss"]])
    print(np.round(model.layers[0].embeddings.numpy()[:3], 5))

tf.keras.utils.set_random_seed(11)
model = tf.keras.Sequential([
    tf.keras.Input(shape=(5,)),
    tf.keras.layers.Embedding(8, 3, mask_zero=True),
    tf.keras.layers.SimpleRNN(4, return_sequences=True),
    tf.keras.layers.GRU(3),
    tf.keras.layers.Dense(2),
])
for w in model.weights:
    print(w.name, np.round(w.numpy().ravel()[:3], 5))
