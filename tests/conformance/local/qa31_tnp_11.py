# tnp11: numpy-style indexing and operator dtype promotion, before vs after experimental_enable_numpy_behavior
import numpy as np
import tensorflow as tf
import tensorflow.experimental.numpy as tnp

v = tnp.array([10, 20, 30, 40, 50])
m = tnp.reshape(tnp.arange(12), (3, 4))
f32 = tf.constant([1.0, 2.0], dtype=tf.float32)
i32 = tf.constant([1, 2], dtype=tf.int32)
probes = [
    ("v[[0, 2]]", lambda: v[[0, 2]]),
    ("v[[-1, 0, 0]]", lambda: v[[-1, 0, 0]]),
    ("v[tnp.array([4, 1])]", lambda: v[tnp.array([4, 1])]),
    ("v[v > 25]", lambda: v[v > 25]),
    ("v[(v > 15) & (v < 45)]", lambda: v[(v > 15) & (v < 45)]),
    ("m[m % 2 == 0]", lambda: m[m % 2 == 0]),
    ("m[[0, 2]]", lambda: m[[0, 2]]),
    ("m[[0, 2], [1, 3]]", lambda: m[[0, 2], [1, 3]]),
    ("m[tnp.array([True, False, True])]", lambda: m[tnp.array([True, False, True])]),
    ("m[1:, [0, -1]]", lambda: m[1:, [0, -1]]),
    ("m[np.array([2, 0])]", lambda: m[np.array([2, 0])]),
    ("i32 + 1.5", lambda: i32 + 1.5),
    ("i32 + f32", lambda: i32 + f32),
    ("f32 + tnp.array(1.0)", lambda: f32 + tnp.array(1.0)),
    ("f32 * 2", lambda: f32 * 2),
    ("i32 / 2", lambda: i32 / 2),
    ("tf.add(i32, tf.constant(1, tf.int64))", lambda: tf.add(i32, tf.constant(1, tf.int64))),
]


def run_all(stage):
    print("=====", stage)
    for name, fn in probes:
        try:
            r = fn()
            print(name, "->", r.dtype, r.shape, r.numpy().tolist())
        except Exception as e:
            print(name, "RAISES", type(e).__name__, str(e).splitlines()[0])


run_all("before")
tnp.experimental_enable_numpy_behavior()
run_all("after")
try:
    v[0] = 99
except Exception as e:
    print("item assignment:", type(e).__name__, e)
print("v[[True, False, True, False, True]]:", v[[True, False, True, False, True]].numpy().tolist())
print("m.T[0].tolist():", m.T[0].tolist())
print("m[m > 5].size:", m[m > 5].size)
