"""The structural `tf.linalg` functions (bands, diagonals, traces, matrix-vector
products, transposes), with TensorFlow's values; the graph shows the masking and gathering
ops they are built from, not TensorFlow's `MatrixBandPart` / `MatrixDiagPartV3`."""

import tensorflow as tf


def _rows_cols(shape):
    rows = tf.range(shape[-2])[:, None]
    cols = tf.range(shape[-1])[None, :]
    return rows, cols


def band_part(input, num_lower, num_upper, name=None):  # noqa: A002 - TensorFlow's name
    """Keeps the entries within `num_lower` below and `num_upper` above the diagonal (a
    negative count keeps the whole triangle), zeros elsewhere."""
    with tf.name_scope(name or "band_part"):
        input = tf.convert_to_tensor(input, name="input")
        rows, cols = _rows_cols(tf.shape(input))
        num_lower = tf.cast(num_lower, tf.int32)
        num_upper = tf.cast(num_upper, tf.int32)
        keep = tf.logical_and(
            tf.logical_or(num_lower < 0, rows - cols <= num_lower),
            tf.logical_or(num_upper < 0, cols - rows <= num_upper))
        return tf.where(keep, input, tf.zeros_like(input))


def _main_diagonal(t):
    """The main diagonals of `t`'s innermost matrices, read by position (a gather from
    the flattened matrices), so infinities and NaNs off the diagonal do not leak in."""
    shape = tf.shape(t)
    rows, cols = shape[-2], shape[-1]
    n = tf.minimum(rows, cols)
    flat = tf.reshape(t, tf.concat([shape[:-2], [rows * cols]], 0))
    return tf.gather(flat, tf.range(n) * (cols + 1), axis=-1)


def diag_part(input, name="diag_part", k=0, padding_value=0, align="RIGHT_LEFT"):  # noqa: A002
    """The main diagonal of the innermost matrices."""
    if k != 0:
        raise NotImplementedError("tf.linalg.diag_part(k=...) is not emulated in this "
                                  "playground yet.")
    with tf.name_scope(name):
        return _main_diagonal(tf.convert_to_tensor(input, name="input"))


def set_diag(input, diagonal, name="set_diag", k=0, align="RIGHT_LEFT"):  # noqa: A002
    """The innermost matrices of `input` with their main diagonal replaced by `diagonal`."""
    if k != 0:
        raise NotImplementedError("tf.linalg.set_diag(k=...) is not emulated in this "
                                  "playground yet.")
    with tf.name_scope(name):
        input = tf.convert_to_tensor(input, name="input")
        diagonal = tf.convert_to_tensor(diagonal, dtype=input.dtype, name="diagonal")
        shape = tf.shape(input)
        rows, cols = _rows_cols(shape)
        n = tf.minimum(shape[-2], shape[-1])
        square = tf.expand_dims(diagonal, -1) * tf.eye(n, dtype=input.dtype)
        placed = tf.pad(square, [[0, 0]] * (input.shape.rank - 2)
                        + [[0, shape[-2] - n], [0, shape[-1] - n]])
        return tf.where(tf.equal(rows, cols), placed, input)


def diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0,
         align="RIGHT_LEFT"):
    """Square matrices with `diagonal` on their main diagonal."""
    if k != 0 or num_rows != -1 or num_cols != -1:
        raise NotImplementedError("tf.linalg.diag with k, num_rows or num_cols is not "
                                  "emulated in this playground yet.")
    diagonal = tf.convert_to_tensor(diagonal, name="diagonal")
    n = tf.shape(diagonal)[-1]
    eye = tf.eye(n, dtype=diagonal.dtype)
    return tf.expand_dims(diagonal, -1) * eye


def trace(x, name=None):
    """The sum of each innermost matrix's diagonal."""
    with tf.name_scope(name or "Trace"):
        x = tf.convert_to_tensor(x, name="x")
        return tf.reduce_sum(diag_part(x), axis=-1)


def matvec(a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False,
           b_is_sparse=False, name=None):
    """`a @ b` for a batch of matrices and vectors, as TensorFlow composes it."""
    with tf.name_scope(name or "MatVec"):
        a = tf.convert_to_tensor(a, name="a")
        b = tf.convert_to_tensor(b, name="b")
        product = tf.linalg.matmul(a, tf.expand_dims(b, -1),
                                   transpose_a=transpose_a or adjoint_a)
        return tf.squeeze(product, axis=-1)


def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    """The innermost two dimensions swapped."""
    a = tf.convert_to_tensor(a, name="a")
    rank = a.shape.rank
    if rank is None:
        raise NotImplementedError("matrix_transpose of an input of unknown rank is not "
                                  "emulated in this playground yet.")
    if rank < 2:
        raise ValueError(f"Argument `a` should be a (batch) matrix with rank >= 2.  "
                         f"Received `a` = {a} with shape: {a.shape}")
    perm = list(range(rank - 2)) + [rank - 1, rank - 2]
    return tf.transpose(a, perm=perm)


def adjoint(matrix, name=None):
    """The conjugate transpose (the transpose, for real matrices)."""
    return matrix_transpose(matrix)


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):  # noqa: A002
    """`tf.norm`/`tf.linalg.norm` as TensorFlow composes it: the Euclidean (Frobenius)
    norm as `sqrt(reduce_sum(x * conj(x)))`, 1 and infinity norms from sums and maxima of
    `abs(x)`, other positive `p` as `pow(reduce_sum(pow(abs(x), p)), 1/p)`; a vector norm
    over one axis (or all), a matrix norm over two."""
    import numpy as np
    import tensorflow as tf

    keepdims = bool(keepdims)
    is_matrix_norm = isinstance(axis, (tuple, list)) and len(axis) == 2
    if is_matrix_norm:
        axis = tuple(axis)
        if not isinstance(axis[0], int) or not isinstance(axis[1], int) or axis[0] == axis[1]:
            raise ValueError("'axis' must be None, an integer, or a tuple of 2 unique "
                             f"integers, got {axis}")
        supported = ["euclidean", "fro", 1, 2, np.inf]
        if ord not in supported:
            raise ValueError(f"'ord' must be a supported matrix norm in {supported}, got {ord}")
    else:
        if not (isinstance(axis, int) or axis is None):
            raise ValueError("'axis' must be None, an integer, or a tuple of 2 unique "
                             f"integers, got {axis}")
        supported = ["euclidean", 1, 2, np.inf]
        if ord not in supported and (isinstance(ord, str) or not ord > 0):
            raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
        if axis is not None:
            axis = (axis,)
    with tf.name_scope(name or "norm"):
        tensor = tf.convert_to_tensor(tensor)
        if ord in ["fro", "euclidean", 2, 2.0]:
            if is_matrix_norm and ord in [2, 2.0]:
                raise NotImplementedError(
                    "tf.norm(ord=2) of matrices needs the singular values (Svd), which the "
                    "playground does not compute yet")
            result = tf.sqrt(tf.reduce_sum(tensor * tf.math.conj(tensor), axis, keepdims=True))
        else:
            result = tf.abs(tensor)
            if ord == 1:
                sum_axis = None if axis is None else axis[0]
                result = tf.reduce_sum(result, sum_axis, keepdims=True)
                if is_matrix_norm:
                    result = tf.reduce_max(result, axis[-1], keepdims=True)
            elif ord == np.inf:
                if is_matrix_norm:
                    result = tf.reduce_sum(result, axis[1], keepdims=True)
                max_axis = None if axis is None else axis[0]
                result = tf.reduce_max(result, max_axis, keepdims=True)
            else:
                result = tf.pow(tf.reduce_sum(tf.pow(result, ord), axis, keepdims=True),
                                1.0 / ord)
        if not keepdims:
            result = tf.squeeze(result, axis)
        return result
