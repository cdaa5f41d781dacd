import numpy as np
import tensorflow as tf

def gen():
    print("gen start")
    for i in range(3):
        yield i, np.array([i, i + 1], dtype=np.float32)

ds = tf.data.Dataset.from_generator(gen, output_signature=(tf.TensorSpec(shape=(), dtype=tf.int32), tf.TensorSpec(shape=(2,), dtype=tf.float32)))
print(ds.element_spec)
print(ds.cardinality())
print(ds)
for a, b in ds:
    print("got", a, b)
print(list(ds.batch(2).as_numpy_iterator()))

def counter(n, step):
    for i in range(0, n, step):
        yield i
ds2 = tf.data.Dataset.from_generator(counter, args=(7, 2), output_signature=tf.TensorSpec(shape=(), dtype=tf.int64))
print(list(ds2.as_numpy_iterator()))
ds3 = tf.data.Dataset.from_generator(lambda: iter([[1, 2], [3, 4]]), output_types=tf.int32, output_shapes=(2,))
print(ds3.element_spec)
print(list(ds3.as_numpy_iterator()))
ds4 = tf.data.Dataset.from_generator(lambda: iter([1.5, 2.5]), output_types=tf.float32)
print(ds4.element_spec, list(ds4.as_numpy_iterator()))
def bad():
    yield [1, 2, 3]
ds5 = tf.data.Dataset.from_generator(bad, output_signature=tf.TensorSpec(shape=(2,), dtype=tf.int32))
try:
    for x in ds5:
        print(x)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
def raising():
    yield 1
    raise ValueError("boom")
try:
    for x in tf.data.Dataset.from_generator(raising, output_signature=tf.TensorSpec(shape=(), dtype=tf.int32)):
        print(x)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
    tf.data.Dataset.from_generator(gen)
except Exception as e:
    print(type(e).__name__, e)
try:
    tf.data.Dataset.from_generator(5, output_types=tf.int32)
except Exception as e:
    print(type(e).__name__, e)

def forever():
    i = 0
    while True:
        yield tf.constant(i) * 2
        i += 1
print(list(tf.data.Dataset.from_generator(forever, output_signature=tf.TensorSpec(shape=(), dtype=tf.int32)).take(4).as_numpy_iterator()))

def pairs():
    print("pairs called")
    yield {"x": [1.0, 2.0], "y": 0}
    yield {"x": [3.0, 4.0], "y": 1}
ds6 = tf.data.Dataset.from_generator(pairs, output_signature={"x": tf.TensorSpec(shape=(None,), dtype=tf.float32), "y": tf.TensorSpec(shape=(), dtype=tf.int64)})
print(ds6.element_spec)
for e in ds6.repeat(2).map(lambda d: d["x"] * 2.0):
    print(e)
print(ds6.take(1).cardinality(), ds6.repeat().cardinality())
