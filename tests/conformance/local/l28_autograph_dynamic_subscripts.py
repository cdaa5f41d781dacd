# autograph: subscripts by graph tensors (indices and slice bounds) in staged loops and dataset maps
import tensorflow as tf

@tf.function
def windows(x, k):
  out = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
  for i in tf.range(tf.shape(x)[0] - k + 1):
    out = out.write(i, tf.reduce_sum(x[i:i + k]))
  return out.stack()

print(windows(tf.constant([1.0, 2.0, 3.0, 4.0, 5.0]), tf.constant(2)))

@tf.function
def pick(m, i, j):
  return m[i, j], m[i], m[:, j], m[i, 1:], m[-1:, j], m[::-1, j], m[i:, :j]

m = tf.reshape(tf.range(12), [3, 4])
for t in pick(m, tf.constant(1), tf.constant(2)):
  print(t)
print(pick(m, tf.constant(-1), tf.constant(-2))[0])

ds = tf.data.Dataset.from_tensor_slices([[1, 2, 3, 0], [4, 5, 0, 0]])
ds = ds.map(lambda x: x[:tf.reduce_sum(tf.cast(x > 0, tf.int32))])
for x in ds:
  print(x)
