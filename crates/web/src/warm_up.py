# The worker's warm-up (crates/web/src/warm_up.rs): the paths most programs take, run once
# while the user is still reading or typing. It prints nothing and its report is dropped.
import numpy as np
import tensorflow as tf

x = np.linspace(0.0, 1.0, 32, dtype=np.float32).reshape(8, 4)
y = np.arange(8, dtype=np.int32) % 3
model = tf.keras.Sequential([
    tf.keras.layers.Input((4,)),
    tf.keras.layers.Dense(8, activation="relu"),
    tf.keras.layers.Dense(3),
])
model.compile(
    optimizer="adam",
    loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    metrics=["accuracy"],
)
model.fit(x, y, batch_size=4, epochs=1, verbose=0)
model.predict(x, verbose=0)


@tf.function
def step(a):
    return tf.reduce_sum(tf.matmul(a, a, transpose_b=True))


step(tf.constant(x))
