# tnp05: reductions sum/mean/max/min/prod/std/var/argmax/argmin/all/any/cumsum with axis and keepdims
import tensorflow.experimental.numpy as tnp


def show(name, x):
    print(name, type(x).__name__, x.dtype, x.shape)
    print(x)


def attempt(name, fn):
    try:
        show(name, fn())
    except Exception as e:
        print(name, "->", type(e).__name__, str(e).splitlines()[0])


a = tnp.array([[1, 5, 3], [4, 2, 6]])
f = tnp.array([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])
attempt("sum", lambda: tnp.sum(a))
attempt("sum axis=0", lambda: tnp.sum(a, axis=0))
attempt("sum axis=1 keepdims", lambda: tnp.sum(a, axis=1, keepdims=True))
attempt("sum axis=(0,1)", lambda: tnp.sum(a, axis=(0, 1)))
attempt("sum axis=-1", lambda: tnp.sum(a, axis=-1))
attempt("sum dtype=float32", lambda: tnp.sum(a, dtype=tnp.float32))
attempt("sum bool", lambda: tnp.sum(tnp.array([True, True, False])))
attempt("mean int", lambda: tnp.mean(a))
attempt("mean float axis=0", lambda: tnp.mean(f, axis=0))
attempt("mean int axis=1", lambda: tnp.mean(a, axis=1))
attempt("max", lambda: tnp.max(a))
attempt("max axis=0", lambda: tnp.max(a, axis=0))
attempt("min axis=1 keepdims", lambda: tnp.min(f, axis=1, keepdims=True))
attempt("amax", lambda: tnp.amax(f))
attempt("prod", lambda: tnp.prod(a))
attempt("prod axis=1", lambda: tnp.prod(a, axis=1))
attempt("std float", lambda: tnp.std(f))
attempt("std int", lambda: tnp.std(a))
attempt("std axis=0 ddof=1", lambda: tnp.std(f, axis=0, ddof=1))
attempt("var float", lambda: tnp.var(f))
attempt("var int axis=1", lambda: tnp.var(a, axis=1))
attempt("argmax", lambda: tnp.argmax(a))
attempt("argmax axis=0", lambda: tnp.argmax(a, axis=0))
attempt("argmin axis=1", lambda: tnp.argmin(f, axis=1))
attempt("argmax ties", lambda: tnp.argmax(tnp.array([3, 7, 7, 1])))
attempt("all", lambda: tnp.all(a > 0))
attempt("all axis=0 on ints", lambda: tnp.all(tnp.array([[1, 0], [2, 3]]), axis=0))
attempt("any", lambda: tnp.any(a > 5))
attempt("any axis=1 keepdims", lambda: tnp.any(a > 4, axis=1, keepdims=True))
attempt("cumsum flat", lambda: tnp.cumsum(a))
attempt("cumsum axis=0", lambda: tnp.cumsum(a, axis=0))
attempt("cumsum axis=1 float", lambda: tnp.cumsum(f, axis=1))
attempt("cumprod", lambda: tnp.cumprod(tnp.array([1, 2, 3, 4])))
attempt("sum empty", lambda: tnp.sum(tnp.zeros((0,))))
attempt("max empty", lambda: tnp.max(tnp.zeros((0,))))
attempt("mean empty", lambda: tnp.mean(tnp.zeros((0,))))
attempt("sum axis out of range", lambda: tnp.sum(a, axis=2))
attempt("median", lambda: tnp.median(f))
attempt("average weights", lambda: tnp.average(tnp.array([1.0, 2.0, 3.0]), weights=[3.0, 1.0, 0.0]))
