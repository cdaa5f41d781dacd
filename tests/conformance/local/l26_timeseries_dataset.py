# keras.utils.timeseries_dataset_from_array: targets, strides, sampling rate, shuffle with seed, start/end index, errors
import numpy as np
import tensorflow as tf
import keras
print(hasattr(keras.preprocessing, "timeseries_dataset_from_array"))
data = np.arange(30).reshape(15, 2).astype("float32")
ds = keras.utils.timeseries_dataset_from_array(data, np.arange(15), sequence_length=4, batch_size=3)
print(ds.element_spec)
for x, y in ds.take(2):
    print(x.numpy().tolist(), y.numpy().tolist())
ds = tf.keras.utils.timeseries_dataset_from_array(data[:, 0], None, sequence_length=3, sequence_stride=2, sampling_rate=2, batch_size=None)
print([w.numpy().tolist() for w in ds])
ds = keras.utils.timeseries_dataset_from_array(data, data[3:, 1], sequence_length=3, shuffle=True, seed=7, batch_size=4, start_index=1, end_index=14)
for x, y in ds:
    print(x.shape, y.numpy().tolist())
try:
    keras.utils.timeseries_dataset_from_array(data, None, 3, sequence_stride=0)
except ValueError as e:
    print(e)
