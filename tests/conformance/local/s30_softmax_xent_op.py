# softmax cross-entropy in graphs, along axes and in keras
import numpy as np
import tensorflow as tf
labels = tf.constant([[[1.0, 0.0], [0.3, 0.7]], [[0.0, 1.0], [0.5, 0.5]]])
logits = tf.constant([[[2.0, -1.0], [0.1, 0.2]], [[1.5, 1.0], [-0.3, 0.9]]])
print(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))
print(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits, axis=0))
print(tf.nn.softmax_cross_entropy_with_logits(labels=tf.cast(labels, tf.float16), logits=tf.cast(logits, tf.float16)))

@tf.function
def step(x, y):
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=x))
    return loss, tape.gradient(loss, x)

l, g = step(logits[0], labels[0])
print(l, g)
cf = step.get_concrete_function(tf.TensorSpec([None, 2]), tf.TensorSpec([None, 2]))
print(sorted(set(op.type for op in cf.graph.get_operations())))
print([op.name for op in cf.graph.get_operations() if 'softmax' in op.name.lower()])

y2 = tf.Variable([[0.2, 0.8]])
with tf.GradientTape() as tape:
    loss = tf.nn.softmax_cross_entropy_with_logits(labels=y2, logits=[[1.0, 2.0]])
print(tape.gradient(loss, y2))
try:
    tf.nn.softmax_cross_entropy_with_logits(labels=[[1.0, 0.0, 0.0]], logits=[[1.0, 2.0]])
except Exception as e:
    print(type(e).__name__, e)

tf.keras.utils.set_random_seed(1)
x = np.random.rand(64, 5).astype("float32")
y = tf.keras.utils.to_categorical(np.random.randint(0, 3, 64), 3)
model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(3)])
model.compile(optimizer="adam", loss=tf.keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1))
h = model.fit(x, y, epochs=3, batch_size=16, verbose=0)
print([round(v, 5) for v in h.history["loss"]])
