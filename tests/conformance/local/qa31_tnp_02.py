# tnp02: zeros/ones/full/*_like/empty, arange, linspace, eye, identity and their default dtypes
import numpy as np
import tensorflow.experimental.numpy as tnp


def show(name, x):
    print(name, type(x).__name__, x.dtype, x.shape)
    print(x)


show("zeros(3)", tnp.zeros(3))
show("zeros((2,3))", tnp.zeros((2, 3)))
show("zeros int32", tnp.zeros((2, 2), dtype=tnp.int32))
show("ones((2,))", tnp.ones((2,)))
show("ones bool", tnp.ones(3, dtype=bool))
show("full 7", tnp.full((2, 2), 7))
show("full 7.5", tnp.full((2, 2), 7.5))
show("full dtype", tnp.full(3, 2, dtype=tnp.float32))
base = tnp.array([[1, 2], [3, 4]])
show("zeros_like", tnp.zeros_like(base))
show("ones_like float", tnp.ones_like(base, dtype=tnp.float32))
show("full_like", tnp.full_like(base, 9))
show("full_like 2.7 on int", tnp.full_like(base, 2.7))
show("zeros_like np", tnp.zeros_like(np.array([1.0, 2.0], dtype=np.float32)))
e = tnp.empty((2, 0))
print("empty (2,0):", type(e).__name__, e.dtype, e.shape)
show("empty (0,)", tnp.zeros((0,)))
show("arange(5)", tnp.arange(5))
show("arange(2,8)", tnp.arange(2, 8))
show("arange(0,10,3)", tnp.arange(0, 10, 3))
show("arange float", tnp.arange(0.0, 1.0, 0.25))
show("arange neg step", tnp.arange(5, 0, -2))
show("arange dtype", tnp.arange(4, dtype=tnp.float32))
show("arange empty", tnp.arange(5, 2))
show("linspace", tnp.linspace(0, 1, 5))
show("linspace endpoint=False", tnp.linspace(0, 1, 4, endpoint=False))
show("linspace int dtype", tnp.linspace(0, 10, 4, dtype=tnp.int32))
show("eye(3)", tnp.eye(3))
show("eye(2,3,k=1)", tnp.eye(2, 3, k=1))
show("eye int", tnp.eye(2, dtype=tnp.int64))
show("identity(2)", tnp.identity(2))
e = tnp.empty((2, 2), dtype=tnp.int32)
print("empty (2,2) int32:", e.dtype, e.shape)
try:
    tnp.zeros((-1, 2))
except Exception as e:
    print("zeros negative:", type(e).__name__, e)
