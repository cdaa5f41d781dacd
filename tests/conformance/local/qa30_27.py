# Time-series windows with tf.data: window, flat_map, split into inputs/targets
import numpy as np
import tensorflow as tf

series = np.arange(10, dtype=np.float32)
ds = tf.data.Dataset.from_tensor_slices(series)
win = ds.window(4, shift=2, drop_remainder=True)
win = win.flat_map(lambda w: w.batch(4))
for w in win:
    print(w.numpy())
pairs = win.map(lambda w: (w[:-1], w[-1]))
for x, y in pairs.take(2):
    print(x.numpy(), "->", y.numpy())
z = tf.data.Dataset.zip((tf.data.Dataset.range(3), tf.data.Dataset.range(10, 13)))
print(list(z.as_numpy_iterator()))
print(list(tf.data.Dataset.range(5).enumerate(start=1).as_numpy_iterator()))
rep = tf.data.Dataset.range(3).repeat(2).skip(1)
print(list(rep.as_numpy_iterator()))
sl = tf.keras.utils.timeseries_dataset_from_array(series, targets=series[3:], sequence_length=3, batch_size=4)
for xb, yb in sl:
    print(xb.numpy().tolist(), yb.numpy().tolist())
print(tf.data.Dataset.range(10).batch(3).cardinality().numpy())
