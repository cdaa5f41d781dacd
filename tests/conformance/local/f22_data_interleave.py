import tensorflow as tf

ds = tf.data.Dataset.range(1, 4).interleave(lambda x: tf.data.Dataset.from_tensors(x).repeat(x), cycle_length=2, block_length=2)
print(ds, ds.cardinality())
print(list(ds.as_numpy_iterator()))
ds = tf.data.Dataset.range(5).interleave(lambda x: tf.data.Dataset.range(x * 10, x * 10 + 3), cycle_length=3)
print(list(ds.as_numpy_iterator()))
ds = tf.data.Dataset.range(4).interleave(lambda x: tf.data.Dataset.range(x), cycle_length=2, num_parallel_calls=tf.data.AUTOTUNE, deterministic=True)
print(ds, list(ds.as_numpy_iterator()))
ds = tf.data.Dataset.range(3).interleave(lambda x: tf.data.Dataset.from_tensor_slices(tf.fill([2], x)), cycle_length=1)
print(ds.element_spec, list(ds.as_numpy_iterator()))
ds = tf.data.Dataset.from_tensor_slices(([1, 2], [3.0, 4.0])).interleave(lambda a, b: tf.data.Dataset.from_tensors((a, b)).repeat(2), cycle_length=2)
print(ds.element_spec, list(ds.as_numpy_iterator()))
files = tf.data.Dataset.from_tensor_slices([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
lines = files.interleave(lambda row: tf.data.Dataset.from_tensor_slices(row).map(lambda v: v * 10), cycle_length=2, block_length=1, num_parallel_calls=2)
print(list(lines.as_numpy_iterator()))
print(list(lines.batch(4).as_numpy_iterator()))
print(list(tf.data.Dataset.range(6).interleave(lambda x: tf.data.Dataset.range(2), cycle_length=4, block_length=3).as_numpy_iterator()))
try:
    tf.data.Dataset.range(3).interleave(lambda x: tf.data.Dataset.range(x), cycle_length=0)
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", e)
try:
    tf.data.Dataset.range(3).interleave(lambda x: tf.data.Dataset.range(x), cycle_length=2, block_length=-1)
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError:", e)
