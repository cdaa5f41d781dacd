# tnp01: array creation from Python scalars/lists/bools with and without dtype=, default dtypes
import tensorflow as tf
import tensorflow.experimental.numpy as tnp


def show(name, x):
    print(name, type(x), x.dtype, x.shape)
    print(x)


show("array int", tnp.array(3))
show("array float", tnp.array(3.5))
show("array bool", tnp.array(True))
show("array list int", tnp.array([1, 2, 3]))
show("array list float", tnp.array([1.0, 2.5, -3.0]))
show("array mixed", tnp.array([1, 2.5, 3]))
show("array nested", tnp.array([[1, 2, 3], [4, 5, 6]]))
show("array bool list", tnp.array([True, False, True]))
show("array dtype=float32", tnp.array([1, 2, 3], dtype=tnp.float32))
show("array dtype=int8", tnp.array([1, 2, 3], dtype="int8"))
show("array dtype=bool", tnp.array([0, 1, 2], dtype=bool))
show("asarray list", tnp.asarray([[1.5, 2.5], [3.5, 4.5]]))
show("asarray dtype", tnp.asarray([1.9, -1.9], dtype=tnp.int32))
t = tf.constant([1, 2, 3])
a = tnp.asarray(t)
show("asarray tensor", a)
print("asarray tensor same dtype:", a.dtype == t.dtype)
show("via tf.experimental.numpy", tf.experimental.numpy.array([1, 2]))
show("array 3d", tnp.array([[[1], [2]], [[3], [4]]]))
show("array empty list", tnp.array([]))
show("array copy=False", tnp.array([4, 5], copy=False))
show("array ndmin=3", tnp.array([1, 2], ndmin=3))
print("dtype names:", tnp.float32, tnp.int64, tnp.bool_)
print("tnp.array(1).dtype == tnp.int64:", tnp.array(1).dtype == tnp.int64)
print("tnp.array(1.).dtype == tnp.float64:", tnp.array(1.).dtype == tnp.float64)
print("tf.constant(1.).dtype:", tf.constant(1.).dtype)
try:
    tnp.array([[1, 2], [3]])
except Exception as e:
    print("ragged:", type(e).__name__, e)
