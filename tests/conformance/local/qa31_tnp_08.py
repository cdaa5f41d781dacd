# tnp08: linear algebra (dot/matmul/@/tensordot/einsum/inner/cross/vdot) and sorting (sort/argsort)
import numpy as np
import tensorflow.experimental.numpy as tnp


def show(name, x):
    if not hasattr(x, "dtype"):
        print(name, type(x).__name__, x)
        return
    print(name, type(x).__name__, x.dtype, x.shape)
    print(x)


def attempt(name, fn):
    try:
        show(name, fn())
    except Exception as e:
        print(name, "->", type(e).__name__, str(e).splitlines()[0])


A = tnp.array([[1, 2], [3, 4]])
B = tnp.array([[5, 6], [7, 8]])
v = tnp.array([1, 2])
F = tnp.array([[1.0, 0.5], [0.0, 2.0]])
attempt("dot 2d", lambda: tnp.dot(A, B))
attempt("dot 1d", lambda: tnp.dot(v, v))
attempt("dot 2d,1d", lambda: tnp.dot(A, v))
attempt("dot scalar", lambda: tnp.dot(A, 2))
attempt("matmul", lambda: tnp.matmul(A, B))
attempt("matmul 2d,1d", lambda: tnp.matmul(A, v))
attempt("matmul int*float", lambda: tnp.matmul(A, F))
attempt("A @ B", lambda: A @ B)
attempt("matmul batched", lambda: tnp.matmul(tnp.ones((3, 2, 4)), tnp.ones((4, 5))).shape)
attempt("matmul with np", lambda: tnp.matmul(np.eye(2, dtype=np.float32), tnp.array([[1.0], [2.0]], dtype=tnp.float32)))
attempt("tensordot axes=1", lambda: tnp.tensordot(A, B, axes=1))
attempt("tensordot axes=2", lambda: tnp.tensordot(A, B, axes=2))
attempt("tensordot axes pair", lambda: tnp.tensordot(A, B, axes=([0], [1])))
attempt("einsum ij,jk->ik", lambda: tnp.einsum("ij,jk->ik", A, B))
attempt("einsum trace ii", lambda: tnp.einsum("ii", A))
attempt("einsum transpose", lambda: tnp.einsum("ij->ji", A))
attempt("einsum float", lambda: tnp.einsum("ij,j->i", F, tnp.array([1.0, 1.0])))
attempt("inner", lambda: tnp.inner(v, tnp.array([3, 4])))
attempt("inner 2d", lambda: tnp.inner(A, B))
attempt("cross", lambda: tnp.cross(tnp.array([1, 0, 0]), tnp.array([0, 1, 0])))
attempt("cross float", lambda: tnp.cross(tnp.array([1.0, 2.0, 3.0]), tnp.array([4.0, 5.0, 6.0])))
attempt("cross 2d vectors", lambda: tnp.cross(tnp.array([1, 2]), tnp.array([3, 4])))
attempt("vdot", lambda: tnp.vdot(A, B))
attempt("trace", lambda: tnp.trace(A))
s = tnp.array([3, 1, 2, 5, 4])
s2 = tnp.array([[3, 1, 2], [9, 7, 8]])
attempt("sort", lambda: tnp.sort(s))
attempt("sort 2d default axis", lambda: tnp.sort(tnp.array([[3, 1], [0, 2]])))
attempt("sort axis=0", lambda: tnp.sort(tnp.array([[3, 1], [0, 2]]), axis=0))
attempt("sort axis=None", lambda: tnp.sort(s2, axis=None))
attempt("sort float nan", lambda: tnp.sort(tnp.array([2.0, np.nan, -1.0])))
attempt("argsort", lambda: tnp.argsort(s))
attempt("argsort 2d", lambda: tnp.argsort(s2))
attempt("argsort ties stable", lambda: tnp.argsort(tnp.array([2, 1, 2, 1]), kind="stable"))
attempt("argsort descending trick", lambda: tnp.argsort(-s))
