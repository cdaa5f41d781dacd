# bitwise ops and the &, |, ^, ~ operators: bitwise on integers, logical on bools
import tensorflow as tf
x = tf.constant([12, -8, 1, 255])
y = tf.constant([10, 3, 40, 1])
print(x & y, x | y, x ^ y, ~x)
print(x & 6, 6 | x, 5 ^ x)
print(tf.bitwise.bitwise_and(x, y), tf.bitwise.bitwise_or(x, 1), tf.bitwise.bitwise_xor(x, y))
print(tf.bitwise.invert(tf.constant([0, 1], tf.uint8)), tf.bitwise.invert(tf.constant([0, 7], tf.int16)))
print(tf.bitwise.left_shift(x, 2), tf.bitwise.right_shift(x, 1), tf.bitwise.left_shift(tf.constant([1], tf.int8), tf.constant([9], tf.int8)))
print(tf.bitwise.right_shift(tf.constant([-16, 16]), tf.constant([2, 40])))
u = tf.constant([7, 8], tf.uint32)
print(u & 3, u | tf.constant(16, tf.uint32), u ^ 1, ~u)
b = tf.constant([True, False, True])
c = tf.constant([True, True, False])
print(b & c, b | c, b ^ c, ~b, tf.math.logical_xor(b, c))
m = tf.reshape(tf.range(6), [2, 3])
print(m & tf.constant([1, 2, 4]))
@tf.function
def f(a, s):
    return tf.bitwise.right_shift(a, s) & 1, ~a, a ^ a
print(f(tf.constant([5, 6, 7]), tf.constant(1)))
for bad in [lambda: tf.bitwise.bitwise_and(tf.constant([1.0]), tf.constant([2.0])), lambda: tf.constant([1.5]) & tf.constant([1.0])]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
