import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(2,)),
    tf.keras.layers.Dense(3, kernel_initializer="ones", bias_initializer="zeros"),
])
acc = tf.keras.metrics.CategoricalAccuracy()
model.compile(
    optimizer=tf.keras.optimizers.SGD(learning_rate=0.0),
    loss=tf.keras.losses.CategoricalCrossentropy(from_logits=True),
    metrics=[acc, "mae", tf.keras.metrics.MeanSquaredError(name="my_mse"), "acc"],
)
x = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 0.0]], dtype="float32")
y = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]], dtype="float32")
history = model.fit(x, y, epochs=1, batch_size=2, verbose=0)
print(sorted(history.history))
print({k: [round(v, 5) for v in vals] for k, vals in history.history.items()})
print([round(v, 5) for v in model.evaluate(x, y, verbose=0)])
print({k: round(v, 5) for k, v in model.evaluate(x, y, verbose=0, return_dict=True).items()})
