# `/`, tf.divide, tf.truediv and tf.realdiv: results, names (truediv/Cast inside the
# scope), the eager placement log and the TypeErrors of each spelling.
import tensorflow as tf


def names(graph):
    return [op.name + ":" + op.type for op in graph.get_operations() if op.type != "Identity"]


@tf.function
def ints(a, b):
    return [a / b, a / 2, 2 / a, tf.divide(a, b), tf.divide(a, 2), tf.divide(2, a),
            tf.math.divide(a, b, name="q"), tf.truediv(a, b), tf.math.truediv(a, 4)]


print(names(ints.get_concrete_function(tf.TensorSpec([2], tf.int32), tf.TensorSpec([2], tf.int32)).graph))


@tf.function
def floats(a, b):
    return [a / b, a / 2, 2.5 / a, tf.divide(a, 2.5), tf.truediv(a, 3), tf.realdiv(a, b),
            tf.realdiv(a, 2.0), tf.compat.v1.realdiv(a, b, name="rd")]


print(names(floats.get_concrete_function(tf.TensorSpec([2], tf.float32), tf.TensorSpec([2], tf.float32)).graph))

x = tf.constant([1, 2])
y = tf.constant([4, 8])
f = tf.constant([1.0, 3.0])
print(x / y, x / 4, 8 / x, tf.divide(x, y), tf.divide(6, x), tf.truediv(x, 2))
print(tf.divide(2, 4), tf.truediv(3, 4), f / 2, tf.realdiv(f, 2.0))
print(tf.cast(x, tf.uint8) / tf.cast(y, tf.uint8), tf.cast(x, tf.int64) / 3)

attempts = [
    lambda t: t / 2.5,
    lambda t: 2.5 / t,
    lambda t: tf.divide(2.5, t),
    lambda t: tf.truediv(2.5, t),
    lambda t: t / tf.constant([1.0, 2.0]),
    lambda t: tf.constant([True]) / tf.constant([True]),
    lambda t: tf.constant(["a"]) / "b",
    lambda t: t / "b",
]
for attempt in attempts:
    try:
        print(attempt(x))
    except Exception as e:
        print(type(e).__name__, e)


@tf.function
def failing(t):
    for attempt in attempts[:6]:
        try:
            print(attempt(t))
        except Exception as e:
            print(type(e).__name__, e)
    return t


failing(x)

tf.debugging.set_log_device_placement(True)
z = tf.cast(tf.constant([1, 2]), tf.float64)
print("float64 / literal")
print(z / 2.0)
print("int64 + literal")
print(tf.cast(tf.constant([1, 2]), tf.int64) + 2)
print("int32 / int32")
print(tf.constant([3, 4]) / tf.constant([2, 2]))
