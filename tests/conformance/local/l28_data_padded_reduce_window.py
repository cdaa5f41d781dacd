# tf.data: padded_batch, reduce, enumerate, flat_map, window
import tensorflow as tf

ds = tf.data.Dataset.from_generator(lambda: ([1] * n for n in range(1, 6)),
                                    output_signature=tf.TensorSpec([None], tf.int32))
for b in ds.padded_batch(2):
  print(b.numpy().tolist())
print(ds.padded_batch(2).element_spec)
for b in ds.padded_batch(3, padded_shapes=[6], padding_values=-1, drop_remainder=True):
  print(b.numpy().tolist())

words = tf.data.Dataset.from_tensor_slices(([[1, 2, 0], [3, 0, 0]], ["a", "bb"]))
for x, y in words.map(lambda x, y: (tf.boolean_mask(x, x > 0), y)).padded_batch(2, padded_shapes=([4], [])):
  print(x.numpy().tolist(), y.numpy().tolist())

r = tf.data.Dataset.range(5)
print(r.reduce(tf.constant(0, tf.int64), lambda s, x: s + x))
print(r.reduce((tf.constant(0, tf.int64), tf.constant(1, tf.int64)), lambda s, x: (s[0] + x, s[1] * (x + 1))))
for i, x in r.skip(2).enumerate(start=10):
  print(i.numpy(), x.numpy())
print(r.enumerate().element_spec)

fm = tf.data.Dataset.from_tensor_slices([[1, 2], [3, 4], [5, 6]]).flat_map(tf.data.Dataset.from_tensor_slices)
print(list(fm.as_numpy_iterator()))
fm2 = r.flat_map(lambda x: tf.data.Dataset.from_tensors(x).repeat(x))
print(list(fm2.as_numpy_iterator()))

w = tf.data.Dataset.range(7).window(3, shift=1, drop_remainder=True)
for win in w:
  print(list(win.as_numpy_iterator()))
seqs = w.flat_map(lambda win: win.batch(3))
print([s.tolist() for s in seqs.as_numpy_iterator()])
for win in tf.data.Dataset.range(7).window(3):
  print(list(win.as_numpy_iterator()))
for win in tf.data.Dataset.range(10).window(3, shift=2, stride=2):
  print(list(win.as_numpy_iterator()))
pairs = tf.data.Dataset.from_tensor_slices((tf.range(6), tf.range(6) * 10)).window(2, drop_remainder=True)
print([ (a.tolist(), b.tolist()) for a, b in pairs.flat_map(lambda a, b: tf.data.Dataset.zip((a.batch(2), b.batch(2)))).as_numpy_iterator()])
