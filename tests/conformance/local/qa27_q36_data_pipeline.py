# Q&A-style program (q36_data_pipeline) written as users write them, recorded from TF 2.21
import numpy as np
import tensorflow as tf

tf.random.set_seed(7)
ds = tf.data.Dataset.range(10)
ds = ds.map(lambda x: x * x, num_parallel_calls=tf.data.AUTOTUNE)
ds = ds.cache()
shuffled = ds.shuffle(buffer_size=10, seed=123, reshuffle_each_iteration=False)
print(list(shuffled.as_numpy_iterator()))
print(list(shuffled.as_numpy_iterator()))
batched = shuffled.batch(4).prefetch(tf.data.AUTOTUNE)
for b in batched:
    print(b.numpy())
print(batched.element_spec)
print(ds.batch(4, drop_remainder=True).element_spec)
print(tf.data.experimental.cardinality(ds.batch(3)).numpy())

seqs = tf.data.Dataset.from_generator(
    lambda: ([1] * n for n in [3, 1, 4, 2, 5]),
    output_signature=tf.TensorSpec(shape=[None], dtype=tf.int32))
pb = seqs.padded_batch(2, padded_shapes=[None], padding_values=0)
for b in pb:
    print(b.numpy().tolist())
pb2 = seqs.padded_batch(2, padded_shapes=[6], padding_values=-1)
print(next(iter(pb2)).numpy())

features = np.arange(12, dtype=np.float32).reshape(6, 2)
labels = np.array([0, 1, 0, 1, 1, 0])
xy = tf.data.Dataset.from_tensor_slices((features, labels))
xy = xy.map(lambda x, y: (x / 10.0, tf.one_hot(y, 2)))
for x, y in xy.batch(3).take(1):
    print(x.numpy())
    print(y.numpy())
d = tf.data.Dataset.from_tensor_slices({"a": [1, 2, 3], "b": [4.0, 5.0, 6.0]})
print(list(d.as_numpy_iterator()))
print(list(tf.data.Dataset.range(5).repeat(2).skip(3).take(4).as_numpy_iterator()))
print(tf.data.Dataset.range(5).reduce(np.int64(0), lambda a, b: a + b).numpy())
print(list(tf.data.Dataset.range(6).enumerate().filter(lambda i, x: i % 2 == 0).map(lambda i, x: x).as_numpy_iterator()))
