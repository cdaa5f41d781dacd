import numpy as np

def attempt(label, function):
    try:
        result = function()
        print(label, "->", result)
    except Exception as error:
        print(label, type(error).__name__, error)

a = np.arange(5)
b = np.zeros(3)
attempt("iadd float into int", lambda: a.__iadd__(1.5))
attempt("broadcast output", lambda: b.__iadd__(np.ones((2, 3))))
def fancy_set():
    b[[0, 1]] = [1, 2, 3]
attempt("fancy set shape", fancy_set)
def slice_set():
    b[0:2] = [1, 2, 3]
attempt("slice set shape", slice_set)
attempt("float index array", lambda: b[np.array([1.0])])
attempt("out of bounds", lambda: b[3])
attempt("fancy out of bounds", lambda: b[[0, 5]])
attempt("too many indices", lambda: b[0, 0])
attempt("two ellipses", lambda: b[..., ...])
attempt("mask mismatch", lambda: b[np.array([True, False])])
attempt("float index", lambda: b[1.5])
attempt("string index", lambda: b["x"])
attempt("index arrays mismatch", lambda: np.zeros((3, 3))[[0, 1], [0, 1, 2]])
def scalar_set():
    np.float64(1)[()] = 3
attempt("scalar item assignment", scalar_set)
attempt("matmul mismatch", lambda: np.ones((2, 3)) @ np.ones((2, 3)))
attempt("dot mismatch", lambda: np.dot(np.ones((2, 3)), np.ones((2, 3))))
attempt("matmul scalar", lambda: np.matmul(np.ones(3), 2.0))
c = np.zeros((2, 2), dtype=np.int8)
c[0, 1] = 2.7
c[1] = -1.9
print(c)
x = np.arange(4)
print(x.flags)
print(x[::2].flags['C_CONTIGUOUS'], x.flags.writeable, x.flags.owndata, x[1:].flags.owndata)
print(np.arange(6).reshape(2, 3).base)
attempt("transpose axes", lambda: np.zeros((2, 3)).transpose(0, 0))
attempt("step zero", lambda: b[::0])
