# Q&A-style program (q51_tensorarray_while) written as users write them, recorded from TF 2.21
import tensorflow as tf

i0 = tf.constant(0)
s0 = tf.constant(0)
cond = lambda i, s: i < 10
body = lambda i, s: (i + 1, s + i * i)
i_final, s_final = tf.while_loop(cond, body, [i0, s0])
print(i_final.numpy(), s_final.numpy())

def fib_body(i, a, b, ta):
    ta = ta.write(i, a)
    return i + 1, b, a + b, ta

ta = tf.TensorArray(dtype=tf.int32, size=10)
_, _, _, ta = tf.while_loop(lambda i, *_: i < 10, fib_body,
                            [tf.constant(0), tf.constant(0), tf.constant(1), ta])
print(ta.stack().numpy())
print(ta.size().numpy(), ta.read(7).numpy())

x = tf.constant([1.0, 2.0])
shape_inv = tf.while_loop(lambda v: tf.shape(v)[0] < 8,
                          lambda v: (tf.concat([v, v], 0),), [x],
                          shape_invariants=[tf.TensorShape([None])])
print(shape_inv[0].numpy())

@tf.function
def running_mean(xs):
    n = tf.shape(xs)[0]
    out = tf.TensorArray(tf.float32, size=n, element_shape=[])
    total = 0.0
    for i in tf.range(n):
        total += xs[i]
        out = out.write(i, total / tf.cast(i + 1, tf.float32))
    return out.stack()

print(running_mean(tf.constant([2.0, 4.0, 6.0, 8.0])).numpy())

ta2 = tf.TensorArray(tf.float32, size=0, dynamic_size=True, clear_after_read=False)
for k in range(4):
    ta2 = ta2.write(k, tf.fill([2], float(k)))
print(ta2.stack().numpy())
print(ta2.concat().numpy())
print(ta2.gather([3, 0]).numpy())
ta3 = tf.TensorArray(tf.int32, size=3).unstack(tf.constant([[1, 2], [3, 4], [5, 6]]))
print(ta3.read(1).numpy())
split = tf.TensorArray(tf.float32, size=2).split(tf.constant([1.0, 2.0, 3.0]), lengths=[1, 2])
print(split.read(1).numpy())

res = tf.while_loop(lambda i: i < 100, lambda i: (i * 3,), (tf.constant(1),), maximum_iterations=3)
print(res)
try:
    t = tf.TensorArray(tf.float32, size=2)
    t = t.write(0, 1.0)
    t = t.write(0, 2.0)
    print(t.stack())
except Exception as e:
    print(type(e).__name__)
