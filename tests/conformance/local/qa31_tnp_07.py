# tnp07: where (1-arg/3-arg), take, diag, outer, meshgrid, tnp.newaxis/basic indexing, tnp.shape/ndim/size
import numpy as np
import tensorflow as tf
import tensorflow.experimental.numpy as tnp


def show(name, x):
    if isinstance(x, (list, tuple)):
        print(name, type(x).__name__, "of", len(x))
        for p in x:
            show("  item", p)
        return
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


a = tnp.array([3, 0, 5, 0, 7])
m = tnp.array([[1, 2, 3], [4, 5, 6]])
attempt("where 1-arg", lambda: tnp.where(a))
attempt("where 1-arg 2d", lambda: tnp.where(m > 2))
attempt("nonzero", lambda: tnp.nonzero(a))
attempt("where 3-arg", lambda: tnp.where(a > 2, a, -1))
attempt("where 3-arg float other", lambda: tnp.where(a > 2, a, 0.5))
attempt("where 3-arg scalars", lambda: tnp.where(tnp.array([True, False]), 1, 2))
attempt("take", lambda: tnp.take(a, [0, 2, 4]))
attempt("take axis=1", lambda: tnp.take(m, [2, 0], axis=1))
attempt("take flat 2d", lambda: tnp.take(m, [5]))
attempt("take out of range", lambda: tnp.take(a, [10]))
attempt("take_along_axis", lambda: tnp.take_along_axis(m, tnp.array([[0], [2]]), axis=1))
attempt("diag of vector", lambda: tnp.diag(tnp.array([1, 2, 3])))
attempt("diag of matrix", lambda: tnp.diag(m))
attempt("diag k=1", lambda: tnp.diag(m, k=1))
attempt("outer", lambda: tnp.outer(tnp.array([1, 2]), tnp.array([3, 4, 5])))
attempt("meshgrid", lambda: tnp.meshgrid(tnp.array([1, 2, 3]), tnp.array([10, 20])))
attempt("meshgrid ij", lambda: tnp.meshgrid(tnp.arange(2), tnp.arange(3), indexing="ij"))
print("tnp.newaxis is None:", tnp.newaxis is None)
attempt("a[tnp.newaxis, :]", lambda: a[tnp.newaxis, :])
attempt("a[:, tnp.newaxis]", lambda: a[:, tnp.newaxis])
attempt("m[1]", lambda: m[1])
attempt("m[:, 1]", lambda: m[:, 1])
attempt("m[..., ::-1]", lambda: m[..., ::-1])
attempt("a[-1]", lambda: a[-1])
attempt("a[10]", lambda: a[10])
attempt("tnp.shape", lambda: tnp.shape(m))
attempt("tnp.ndim", lambda: tnp.ndim(m))
attempt("tnp.size", lambda: tnp.size(m))
attempt("tnp.shape of list", lambda: tnp.shape([[1, 2, 3]]))
attempt("tnp.size of np", lambda: tnp.size(np.zeros((4, 5))))
attempt("tf.rank", lambda: tf.rank(m))
