# tf.py_function / tf.numpy_function eagerly, in a tf.function, in Dataset.map (with set_shape after), gradients through py_function; Tensor.set_shape
import numpy as np
import tensorflow as tf

def f(x):
    return x.numpy() * 2
print(tf.py_function(f, [tf.constant([1., 2.])], tf.float32))
print(tf.py_function(lambda a, b: (a + b, a * b), [1, 2], [tf.int32, tf.int32]))
print(tf.numpy_function(lambda a: a + 1, [np.array([1, 2])], tf.int64))
r = tf.numpy_function(lambda a: (a * 2).astype(np.float32), [tf.constant([1., 3.])], tf.float32)
print(r, type(r).__name__)

@tf.function
def g(x):
    y = tf.py_function(lambda v: v * 10, [x], tf.float32)
    return y + 1
print(g(tf.constant(2.0)))
print(g(tf.constant(3.0)))

def upper(s):
    return s.numpy().decode().upper()
ds = tf.data.Dataset.from_tensor_slices(["ab", "cd"]).map(lambda s: tf.py_function(upper, [s], tf.string))
print(ds.element_spec)
print(list(ds.as_numpy_iterator()))

def load(i):
    i = int(i)
    return np.full((2,), i, np.float32), np.int64(i * 10)
ds2 = tf.data.Dataset.range(3).map(lambda i: tf.numpy_function(load, [i], [tf.float32, tf.int64]))
for a, b in ds2:
    print(a.numpy(), b.numpy())

def set_shapes(x, y):
    x.set_shape([2])
    return x, y
ds3 = tf.data.Dataset.range(2).map(lambda i: tf.numpy_function(load, [i], (tf.float32, tf.int64))).map(set_shapes).batch(2)
print(ds3.element_spec)
print([b[0].shape for b in ds3])

x = tf.Variable(3.0)
with tf.GradientTape() as t:
    y = tf.py_function(lambda v: v * v, [x], tf.float32)
print(t.gradient(y, x))
x = tf.constant([1, 2])
x.set_shape([2]); x.set_shape([None])
try:
    x.set_shape([3])
except ValueError as e:
    print(e)
@tf.function
def f(a):
    a.set_shape([None, 3])
    print(a.shape)
    try:
        a.set_shape([2, 4])
    except ValueError as e:
        print(e)
    try:
        a.set_shape([2])
    except ValueError as e:
        print(e)
    return a
f.get_concrete_function(tf.TensorSpec(None, tf.float32))
