# Q&A-style program (q47_model_summary) written as users write them, recorded from TF 2.21
import tensorflow as tf

tf.keras.utils.set_random_seed(0)
model = tf.keras.Sequential([
    tf.keras.Input(shape=(28, 28, 1)),
    tf.keras.layers.Conv2D(8, 3, activation="relu", name="conv"),
    tf.keras.layers.MaxPooling2D(),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.BatchNormalization(),
    tf.keras.layers.Dense(10, activation="softmax"),
], name="mnist_cnn")
model.summary()
print("params:", model.count_params())

inp = tf.keras.Input(shape=(10,), name="features")
a = tf.keras.layers.Dense(4, name="branch_a")(inp)
b = tf.keras.layers.Dense(4, name="branch_b")(inp)
c = tf.keras.layers.Add(name="add")([a, b])
out = tf.keras.layers.Dense(1, name="out")(c)
fm = tf.keras.Model(inp, out, name="two_branch")
fm.summary()

model.layers[0].trainable = False
lines = []
model.summary(print_fn=lambda s, **kw: lines.append(s))
print(len(lines) > 0)
print(sum(tf.keras.backend.count_params(w) for w in model.trainable_weights))
print(sum(tf.keras.backend.count_params(w) for w in model.non_trainable_weights))
