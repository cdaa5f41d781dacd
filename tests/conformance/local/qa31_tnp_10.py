# tnp10: ndarray-style tensor methods BEFORE vs AFTER tnp.experimental_enable_numpy_behavior()
import tensorflow as tf
import tensorflow.experimental.numpy as tnp

x = tnp.array([[1, 2, 3], [4, 5, 6]])
probes = [
    ("x.reshape(3, 2)", lambda: x.reshape(3, 2)),
    ("x.reshape(-1)", lambda: x.reshape(-1)),
    ("x.T", lambda: x.T),
    ("x.astype(float32)", lambda: x.astype(tnp.float32)),
    ("x.ravel()", lambda: x.ravel()),
    ("x.clip(2, 5)", lambda: x.clip(2, 5)),
    ("x.transpose()", lambda: x.transpose()),
    ("x.tolist()", lambda: x.tolist()),
    ("x.ndim", lambda: x.ndim),
    ("x.size", lambda: x.size),
    ("x.shape", lambda: x.shape),
    ("x[x > 2]", lambda: x[x > 2]),
    ("x[[0, 1]]", lambda: x[[0, 1]]),
    ("x[:, [0, 2]]", lambda: x[:, [0, 2]]),
    ("x.numpy().tolist()", lambda: x.numpy().tolist()),
]


def run_all(stage):
    print("=====", stage)
    for name, fn in probes:
        try:
            r = fn()
            print(name, "->", type(r).__name__)
            print(r)
        except Exception as e:
            print(name, "RAISES", type(e).__name__)
            print(e)


run_all("before enable_numpy_behavior")
tnp.experimental_enable_numpy_behavior()
run_all("after enable_numpy_behavior")
print("x.T.shape:", x.T.shape)
print("x.astype(bool).dtype:", x.astype(bool).dtype)
print("x.astype('float16').dtype:", x.astype("float16").dtype)
print("tf.constant methods too:", tf.constant([3, 1, 2]).reshape(3, 1).shape)
