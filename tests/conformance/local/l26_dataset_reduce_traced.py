# Dataset.reduce traces its function once per signature; state dtype checks and graph-time type errors
import tensorflow as tf
ds = tf.data.Dataset.range(5)
def f(s, x):
    print("tracing", s.dtype)
    return s + x
print(ds.reduce(tf.constant(0, tf.int64), f).numpy())
print(tf.data.Dataset.from_tensor_slices(([1., 2.], [3., 4.])).reduce((0., 0.), lambda s, e: (s[0] + e[0], s[1] * 1.0 + e[1])))
print(ds.reduce(tf.constant([], tf.int64), lambda s, x: tf.concat([s, [x]], 0)))
try:
    ds.reduce(tf.constant(0, tf.int32), lambda s, x: tf.cast(s, tf.int64) + x)
except TypeError as e:
    print(e)
try:
    ds.reduce(0, lambda s, x: s + x)
except TypeError as e:
    print(str(e).splitlines()[-1])
