"""`numpy.linalg` as programs use it next to TensorFlow: `norm`, `inv`, `solve`, `det`,
`slogdet`, `matrix_power`, raising `LinAlgError` as NumPy does.

Factorisations are LU with partial pivoting (LAPACK's `getrf` choice of pivot) in float64;
float32 inputs give float32 results. Results agree with NumPy's LAPACK to rounding, not
always to the last bit.
"""

import numpy as np


class LinAlgError(ValueError):
    __module__ = "numpy.linalg"


def _square_stack(a):
    a = np.asarray(a)
    if a.ndim < 2:
        raise LinAlgError(
            f"{a.ndim}-dimensional array given. Array must be at least two-dimensional")
    if a.shape[-1] != a.shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    return a


def _result_dtype(a):
    return a.dtype if a.dtype.kind == "f" and a.dtype != np.float16 else np.float64


def _lu(rows):
    """LU with partial pivoting of a list of row lists (changed in place): the pivot
    order's sign, or 0 when singular."""
    n = len(rows)
    sign = 1
    for k in range(n):
        pivot = max(range(k, n), key=lambda i: abs(rows[i][k]))
        if rows[pivot][k] == 0:
            return 0
        if pivot != k:
            rows[k], rows[pivot] = rows[pivot], rows[k]
            sign = -sign
        head = rows[k][k]
        for i in range(k + 1, n):
            factor = rows[i][k] / head
            rows[i][k] = factor
            if factor:
                row, top = rows[i], rows[k]
                for j in range(k + 1, n):
                    row[j] -= factor * top[j]
    return sign


def _matrices(a):
    """The stack's matrices as lists of float rows, and the stack's leading shape."""
    lead = a.shape[:-2]
    n = a.shape[-1]
    flat = a.astype(np.float64).reshape(-1, n, n).tolist()
    return flat, lead


def det(a):
    a = _square_stack(a)
    matrices, lead = _matrices(a)
    results = []
    for rows in matrices:
        sign = _lu(rows)
        value = float(sign)
        for i in range(len(rows)):
            value *= rows[i][i]
        results.append(value if sign else 0.0)
    return np.array(results, dtype=_result_dtype(a)).reshape(lead)


def slogdet(a):
    value = det(a)
    return np.sign(value), np.log(np.absolute(value))


def _solve_rows(rows, columns):
    """Solves rows · X = columns (both lists of rows), raising on a singular matrix."""
    n = len(rows)
    # Each row carries its original index after its values, so the pivoting can be
    # applied to the right-hand side (`_lu` reads only the first n values of a row).
    indexed = [rows[i][:] + [i] for i in range(n)]
    if _lu(indexed) == 0:
        raise LinAlgError("Singular matrix")
    width = len(columns[0]) if columns else 0
    permuted = [columns[row[-1]][:] for row in indexed]
    for col in range(width):
        for i in range(n):
            total = permuted[i][col]
            for j in range(i):
                total -= indexed[i][j] * permuted[j][col]
            permuted[i][col] = total
        for i in range(n - 1, -1, -1):
            total = permuted[i][col]
            for j in range(i + 1, n):
                total -= indexed[i][j] * permuted[j][col]
            permuted[i][col] = total / indexed[i][i]
    return permuted


def solve(a, b):
    a = _square_stack(a)
    b = np.asarray(b)
    n = a.shape[-1]
    vector = b.ndim == 1
    if vector:
        if b.shape[0] != n:
            raise ValueError(
                "solve1: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                f"signature (m,m),(m)->(m) (size {b.shape[0]} is different from {n})")
        b = b.reshape(n, 1)
    elif b.shape[-2] != n:
        raise ValueError(
            "solve: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
            f"signature (m,m),(m,n)->(m,n) (size {b.shape[-2]} is different from {n})")
    if a.ndim != 2 or b.ndim != 2:
        raise NotImplementedError("np.linalg.solve is emulated for one matrix")
    rows = a.astype(np.float64).tolist()
    columns = b.astype(np.float64).tolist()
    x = _solve_rows(rows, columns)
    dtype = _result_dtype(a) if b.dtype.kind != "f" or b.dtype == a.dtype else np.float64
    result = np.array(x, dtype=dtype)
    return result.reshape(n) if vector else result


def inv(a):
    a = _square_stack(a)
    n = a.shape[-1]
    matrices, lead = _matrices(a)
    identity = [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
    results = [_solve_rows(rows, identity) for rows in matrices]
    return np.array(results, dtype=_result_dtype(a)).reshape(lead + (n, n))


def norm(x, ord=None, axis=None, keepdims=False):
    x = np.asarray(x)
    if x.dtype.kind not in "fc":
        x = x.astype(np.float64)
    if axis is None and ord is None:
        flat = x.reshape(-1)
        result = np.sqrt(np.dot(flat, flat))
        if keepdims:
            result = result.reshape((1,) * x.ndim)
        return result
    if axis is None:
        axis = tuple(range(x.ndim))
    if isinstance(axis, int):
        axis = (axis,)
    if len(axis) == 1:
        absolute = np.absolute(x)
        if ord is None or ord == 2:
            return np.sqrt(np.sum(x * x, axis=axis, keepdims=keepdims))
        if ord == np.inf:
            return np.max(absolute, axis=axis, keepdims=keepdims)
        if ord == -np.inf:
            return np.min(absolute, axis=axis, keepdims=keepdims)
        if ord == 0:
            return np.sum(np.not_equal(x, 0), axis=axis, keepdims=keepdims).astype(x.dtype)
        if ord == 1:
            return np.sum(absolute, axis=axis, keepdims=keepdims)
        if isinstance(ord, str):
            raise ValueError(f"Invalid norm order '{ord}' for vectors")
        return np.sum(absolute ** ord, axis=axis, keepdims=keepdims) ** (1.0 / ord)
    if len(axis) == 2:
        row_axis, col_axis = axis
        absolute = np.absolute(x)
        if ord is None or ord == "fro" or ord == "f":
            return np.sqrt(np.sum(x * x, axis=axis, keepdims=keepdims))
        if ord == 1:
            return np.max(np.sum(absolute, axis=row_axis, keepdims=True), axis=axis,
                          keepdims=keepdims)
        if ord == np.inf:
            return np.max(np.sum(absolute, axis=col_axis, keepdims=True), axis=axis,
                          keepdims=keepdims)
        if ord == -1:
            return np.min(np.sum(absolute, axis=row_axis, keepdims=True), axis=axis,
                          keepdims=keepdims)
        if ord == -np.inf:
            return np.min(np.sum(absolute, axis=col_axis, keepdims=True), axis=axis,
                          keepdims=keepdims)
        if ord == "nuc" or ord in (2, -2):
            raise NotImplementedError(
                f"np.linalg.norm(ord={ord!r}) needs singular values, which are not emulated")
        raise ValueError("Invalid norm order for matrices.")
    raise ValueError("Improper number of dimensions to norm.")


def matrix_power(a, n):
    a = _square_stack(a)
    if n < 0:
        a = inv(a)
        n = -n
    result = np.eye(a.shape[-1], dtype=a.dtype)
    for _ in range(n):
        result = np.matmul(result, a)
    return result
