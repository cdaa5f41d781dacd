# Keras losses by name (functions and classes), new losses, metrics and schedules
import numpy as np
import tensorflow as tf
import keras
from keras import ops

y_true = np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0]], dtype="float32")
y_pred = np.array([[0.2, 0.7], [0.6, 0.1], [0.9, 0.4]], dtype="float32")
for name in ["mse", "MAE", "mean_squared_error", "log_cosh", "kl_divergence", "kld", "poisson",
             "hinge", "squared_hinge", "categorical_hinge", "cosine_similarity",
             "binary_focal_crossentropy", "MeanSquaredError", "LogCosh", "Hinge"]:
    fn = keras.losses.get(name)
    print(name, type(fn).__name__, np.round(ops.convert_to_numpy(fn(y_true, y_pred)), 5))
print(keras.losses.BinaryFocalCrossentropy(gamma=2.0, apply_class_balancing=True)(y_true, y_pred))
print(keras.losses.CategoricalFocalCrossentropy()(y_true, y_pred))
print(keras.losses.CosineSimilarity(axis=1)(y_true, y_pred))
print(keras.losses.Poisson(reduction="sum")(y_true, y_pred))
try:
    keras.losses.get("no_such_loss")
except ValueError as e:
    print(e)
x = np.array([-2.0, -0.5, 0.0, 0.5, 2.0], dtype="float32")
for act in ["selu", "softsign", "elu"]:
    print(act, keras.activations.get(act)(x).numpy())
print(tf.nn.selu(x), tf.nn.softsign(x))
with tf.GradientTape() as tape:
    t = tf.constant(x)
    tape.watch(t)
    s = tf.reduce_sum(tf.nn.selu(t) * tf.nn.softsign(t))
print(tape.gradient(s, t))

tf.keras.utils.set_random_seed(4)
inputs = keras.Input(shape=(3,))
outputs = keras.layers.Dense(4, activation="softmax")(inputs)
model = keras.Model(inputs, outputs)
model.compile(optimizer="sgd", loss="categorical_hinge",
              metrics=[keras.metrics.TopKCategoricalAccuracy(k=2), "cosine_similarity"])
data = np.random.rand(16, 3).astype("float32")
labels = keras.utils.to_categorical(np.random.randint(0, 4, 16), 4)
history = model.fit(data, labels, epochs=2, batch_size=8, verbose=0)
print(sorted(history.history))
print([round(v, 5) for v in history.history["loss"]])
print([round(v, 5) for v in model.evaluate(data, labels, verbose=0)])
print(model.output_names)
m = keras.metrics.SparseTopKCategoricalAccuracy(k=1)
m.update_state([2, 1], [[0.1, 0.2, 0.7], [0.5, 0.3, 0.2]])
print(float(m.result()))
print(tf.math.in_top_k([2, 0, 1], [[0.1, 0.2, 0.7], [0.5, 0.5, 0.2], [0.3, 0.3, 0.3]], 1))

sched = keras.optimizers.schedules.CosineDecayRestarts(1.0, 4, t_mul=2.0, m_mul=0.5, alpha=0.1)
print([round(float(sched(s)), 5) for s in range(0, 14, 2)])
flat = keras.optimizers.schedules.CosineDecayRestarts(0.5, 3, t_mul=1.0)
print([round(float(flat(s)), 5) for s in range(7)])
pw = keras.optimizers.schedules.PiecewiseConstantDecay([5, 15], [1.0, 0.5, 0.1])
config = keras.optimizers.schedules.serialize(pw)
print(config)
print(type(keras.optimizers.schedules.deserialize(config)).__name__)
print(tf.keras.backend.count_params(model.layers[1].kernel))
print(tf.image.transpose(tf.reshape(tf.range(12), [2, 3, 2])).shape)
print(tf.unique_with_counts([1, 1, 2, 4, 4, 4, 7]))
