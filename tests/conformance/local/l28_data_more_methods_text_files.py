# tf.data: apply, get_single_element, take_while, scan, unique, counter, choose_from_datasets, TextLineDataset, list_files
import os
import tensorflow as tf

r = tf.data.Dataset.range(10)
print(list(r.apply(lambda d: d.filter(lambda x: x % 3 == 0)).as_numpy_iterator()))
print(tf.data.Dataset.from_tensors([1, 2]).get_single_element())
try:
  r.get_single_element()
except tf.errors.InvalidArgumentError as e:
  print(type(e).__name__, e.message)
print(list(r.take_while(lambda x: x < 4).as_numpy_iterator()))
print(list(r.take(5).scan(tf.constant(0, tf.int64), lambda s, x: (s + x, s * 10)).as_numpy_iterator()))
print(list(tf.data.Dataset.from_tensor_slices([3, 1, 3, 2, 1]).unique().as_numpy_iterator()))
print(list(tf.data.Dataset.counter(5, 2).take(3).as_numpy_iterator()))
print(list(tf.data.Dataset.counter().take(2).as_numpy_iterator()))
a = tf.data.Dataset.from_tensor_slices(["a0", "a1", "a2"])
b = tf.data.Dataset.from_tensor_slices(["b0", "b1"])
choice = tf.data.Dataset.from_tensor_slices(tf.constant([0, 1, 1, 0, 1, 0], tf.int64))
print(list(tf.data.Dataset.choose_from_datasets([a, b], choice).as_numpy_iterator()))

os.makedirs("data", exist_ok=True)
with open("data/one.txt", "w") as f:
  f.write("first line\nsecond line\r\n\nlast")
with open("data/two.txt", "w") as f:
  f.write("x\ny\n")
lines = tf.data.TextLineDataset(["data/one.txt", "data/two.txt"])
print(lines.element_spec)
print(list(lines.as_numpy_iterator()))
print(list(tf.data.Dataset.list_files("data/*.txt", shuffle=False).as_numpy_iterator()))
print(sorted(tf.data.Dataset.list_files("data/*.txt").as_numpy_iterator()))
print(list(tf.data.TextLineDataset("data/two.txt").map(lambda s: s + b"!").as_numpy_iterator()))
try:
  tf.data.Dataset.from_tensor_slices(([1], [2])).take(0).get_single_element()
except tf.errors.InvalidArgumentError as e:
  print(e.message)
