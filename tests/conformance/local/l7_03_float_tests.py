import tensorflow as tf

x = tf.constant([1.0, float("nan"), float("inf"), -float("inf"), 0.5, -0.0])
print(tf.math.is_nan(x))
print(tf.math.is_inf(x))
print(tf.math.is_finite(x))
print(tf.math.is_nan(tf.constant([[1.0, float("nan")]], dtype=tf.float64)))
print(tf.reduce_any(tf.math.is_nan(x)).numpy())
print(tf.where(tf.math.is_finite(x), x, tf.zeros_like(x)))


@tf.function
def finite(v):
    return tf.math.is_finite(v)


print(finite(x))
with tf.Graph().as_default() as g:
    p = tf.compat.v1.placeholder(tf.float32, [None])
    outs = [tf.math.is_nan(p), tf.math.is_inf(p, name="inf"), tf.math.is_finite(p)]
    print(outs)
    for op in g.get_operations():
        print(op.name, op.type, [t.name for t in op.inputs])

for bad in [lambda: tf.math.is_nan(tf.constant([1, 2])), lambda: tf.math.is_inf(tf.constant([True]))]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
