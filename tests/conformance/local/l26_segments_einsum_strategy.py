# tf.distribute.Strategy base class, einsum with ellipsis, segment reductions (sorted/unsorted, empty segments, gradient), EarlyStopping monitor direction
import numpy as np
import tensorflow as tf
print(tf.distribute.Strategy, tf.distribute.Strategy.__name__)
print(isinstance(tf.distribute.get_strategy(), tf.distribute.Strategy))
print(isinstance(tf.distribute.MirroredStrategy(), tf.distribute.Strategy))
print(tf.einsum("...ij->...ji", tf.reshape(tf.range(12), [2, 2, 3])))
print(tf.einsum("bij,...jk->bik", tf.ones([2, 2, 3]), tf.ones([3, 4])).shape)
print(tf.einsum("...i,...i->...", tf.ones([2, 3]), tf.ones([2, 3])))
print(tf.einsum("i...->...", tf.ones([2, 3])))
try:
    tf.einsum("...i,...i", tf.ones([2, 3]), tf.ones([2, 3]))
except Exception as e:
    print(type(e).__name__)
data = tf.constant([[1., 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]])
ids = tf.constant([0, 0, 2])
for f in [tf.math.segment_sum, tf.math.segment_mean, tf.math.segment_max, tf.math.segment_min, tf.math.segment_prod]:
    print(f.__name__, f(data, ids).numpy().tolist())
for f in [tf.math.unsorted_segment_sum, tf.math.unsorted_segment_mean, tf.math.unsorted_segment_max, tf.math.unsorted_segment_min, tf.math.unsorted_segment_prod, tf.math.unsorted_segment_sqrt_n]:
    print(f.__name__, f(data, tf.constant([1, 0, 1]), num_segments=3).numpy().tolist())
print(tf.math.unsorted_segment_sum(tf.constant([1, 2, 3, 4]), tf.constant([0, 1, 0, 1]), 2))
x = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as t:
    y = tf.reduce_sum(tf.math.unsorted_segment_sum(x * x, [0, 1, 0], 2) * tf.constant([1.0, 10.0]))
print(t.gradient(y, x))
import keras
keras.utils.set_random_seed(0)
m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
m.compile("sgd", "mse", metrics=["mae", "accuracy"])
xs = np.ones((8, 3), np.float32); ys = np.ones((8, 1), np.float32)
for mon in ["loss", "val_mae", "mae", "accuracy", "nonexistent"]:
    try:
        h = m.fit(xs, ys, validation_data=(xs, ys), epochs=2, verbose=0, callbacks=[keras.callbacks.EarlyStopping(monitor=mon)])
        print(mon, len(h.history["loss"]))
    except ValueError as e:
        print(mon, "ValueError", e)
