# tnp04: unary math (abs/exp/log/sqrt/trig), max/min/clip, rounding, sign, isnan/isfinite/isclose/allclose
import numpy as np
import tensorflow.experimental.numpy as tnp


def show(name, x):
    print(name, type(x).__name__, x.dtype, x.shape)
    print(x)


def attempt(name, fn):
    try:
        show(name, fn())
    except Exception as e:
        print(name, "->", type(e).__name__, str(e).splitlines()[0])


x = tnp.array([-2.5, -0.5, 0.0, 0.5, 1.5, 2.5])
i = tnp.array([-3, 0, 4])
attempt("abs", lambda: tnp.abs(x))
attempt("abs int", lambda: tnp.abs(i))
attempt("exp int tensor", lambda: tnp.exp(tnp.array([0, 1, 2])))
attempt("exp int list", lambda: tnp.exp([0, 1, 2]))
attempt("exp float list", lambda: tnp.exp([0.0, 1.0]))
attempt("log", lambda: tnp.log(tnp.array([1.0, 2.718281828459045, 0.0, -1.0])))
attempt("sqrt int tensor", lambda: tnp.sqrt(tnp.array([4, 9, 2])))
attempt("sqrt negative", lambda: tnp.sqrt(tnp.array([-1.0])))
attempt("square int", lambda: tnp.square(i))
attempt("sin", lambda: tnp.sin(tnp.array([0.0, np.pi / 2])))
attempt("cos", lambda: tnp.cos(tnp.array([0.0, np.pi])))
attempt("tanh", lambda: tnp.tanh(tnp.array([-1.0, 0.0, 1.0])))
attempt("sin float32", lambda: tnp.sin(tnp.array([1.0], dtype=tnp.float32)))
attempt("maximum", lambda: tnp.maximum(i, tnp.array([1, 1, 1])))
attempt("minimum broadcast scalar", lambda: tnp.minimum(x, 0))
attempt("maximum nan", lambda: tnp.maximum(tnp.array([np.nan, 1.0]), tnp.array([0.0, np.nan])))
attempt("clip", lambda: tnp.clip(x, -1, 1))
attempt("clip int with float bounds", lambda: tnp.clip(i, -1.5, 2.5))
attempt("round (half to even)", lambda: tnp.round(x))
attempt("around decimals=1", lambda: tnp.around(tnp.array([1.25, 1.35, -0.05]), decimals=1))
attempt("round int", lambda: tnp.round(i))
attempt("floor", lambda: tnp.floor(x))
attempt("ceil", lambda: tnp.ceil(x))
attempt("floor int", lambda: tnp.floor(i))
attempt("sign", lambda: tnp.sign(x))
attempt("sign int", lambda: tnp.sign(i))
v = tnp.array([1.0, np.nan, np.inf, -np.inf])
attempt("isnan", lambda: tnp.isnan(v))
attempt("isfinite", lambda: tnp.isfinite(v))
attempt("isinf", lambda: tnp.isinf(v))
attempt("isnan int", lambda: tnp.isnan(i))
attempt("isclose", lambda: tnp.isclose(tnp.array([1.0, 1.0, np.nan]), tnp.array([1.0 + 1e-9, 1.1, np.nan])))
attempt("isclose equal_nan", lambda: tnp.isclose(tnp.array([np.nan]), tnp.array([np.nan]), equal_nan=True))
r = tnp.allclose(tnp.array([1.0, 2.0]), tnp.array([1.0, 2.0 + 1e-7]))
print("allclose:", type(r).__name__, r.dtype, r)
print("allclose false:", tnp.allclose([1.0, 2.0], [1.0, 2.1]))
print("allclose as python bool:", bool(tnp.allclose([1.0], [1.0])))
attempt("exp on np.ndarray", lambda: tnp.exp(np.array([0.0, 1.0], dtype=np.float32)))
attempt("equal", lambda: tnp.equal(i, tnp.array([-3, 1, 4])))
attempt("less broadcast", lambda: tnp.less(x, 0.5))
