"""`numpy.testing`'s assertions: the comparison, and NumPy's failure report (the header,
how many elements mismatched, the first five positions, the largest absolute and relative
differences among them, and the two arrays)."""

import numpy as np

__all__ = ["assert_allclose", "assert_array_equal", "assert_equal", "assert_array_almost_equal",
           "assert_almost_equal"]


def _scalar_text(value):
    # A 0-d result prints as an array element does (8 significant digits).
    return str(np.asarray(value).reshape(1))[1:-1].strip()


def _report(actual, desired, header, err_msg, remarks, verbose):
    lines = ["\n" + header]
    text = str(err_msg)
    if remarks:
        text += "\n" + "\n".join(remarks)
    if text:
        if "\n" not in text and len(text) < 79 - len(header):
            lines = [lines[0] + " " + text]
        else:
            lines.append(text)
    if verbose:
        for name, value in (("ACTUAL", actual), ("DESIRED", desired)):
            shown = repr(value)
            if shown.count("\n") > 3:
                shown = "\n".join(shown.splitlines()[:3]) + "..."
            lines.append(f" {name}: {shown}")
    return "\n".join(lines)


def _index_of(flat, shape):
    index = []
    for dim in reversed(shape):
        index.append(flat % dim)
        flat //= dim
    return list(reversed(index))


def _compare(actual, desired, matches, header, err_msg, verbose, equal_nan=True):
    x = np.asarray(actual)
    y = np.asarray(desired)
    if x.shape != y.shape and x.shape != () and y.shape != ():
        remark = f"(shapes {x.shape}, {y.shape} mismatch)"
        raise AssertionError(_report(x, y, header, err_msg, [remark], verbose))
    if equal_nan and x.shape == y.shape and "f" in (x.dtype.kind, y.dtype.kind):
        if not np.array_equal(np.not_equal(x, x), np.not_equal(y, y)):
            raise AssertionError(_report(x, y, header, err_msg,
                                         ["nan location mismatch:"], verbose))
    ok = matches(x, y)
    flat_ok = np.asarray(ok).reshape(-1).tolist()
    shape = x.shape if x.ndim >= y.ndim else y.shape
    if all(flat_ok):
        return
    mismatched = [i for i, good in enumerate(flat_ok) if not good]
    total = len(flat_ok)
    remarks = [f"Mismatched elements: {len(mismatched)} / {total} "
               f"({100 * len(mismatched) / total:.3g}%)"]
    if shape != ():
        rows = []
        for flat in mismatched[:5]:
            # A 0-d operand was broadcast: it is the value at every position.
            left = x.reshape(-1)[flat] if x.ndim else x
            right = y.reshape(-1)[flat] if y.ndim else y
            rows.append(f" {_index_of(flat, shape)}: {left} (ACTUAL), {right} (DESIRED)")
        if len(mismatched) == 1:
            title = "Mismatch at index:"
        elif len(mismatched) <= 5:
            title = "Mismatch at indices:"
        else:
            title = "First 5 mismatches are at indices:"
        remarks.append(title + "\n" + "\n".join(rows))
    if x.dtype.kind != "S":
        error = np.absolute(np.subtract(x, y))
        errors = np.asarray(error).reshape(-1).tolist()
        bad = [errors[i] for i in mismatched]
        remarks.append("Max absolute difference among violations: "
                       + _scalar_text(np.max(np.array(bad, dtype=error.dtype))))
        ys = np.asarray(y).reshape(-1).tolist()
        desired_at = [ys[i if len(ys) > 1 else 0] for i in mismatched]
        relative = [errors[i] / abs(d) for i, d in zip(mismatched, desired_at) if d != 0]
        if relative:
            remarks.append("Max relative difference among violations: "
                           + _scalar_text(np.max(np.array(relative))))
        else:
            remarks.append("Max relative difference among violations: inf")
    raise AssertionError(_report(x, y, header, err_msg, remarks, verbose))


def assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, err_msg="",
                    verbose=True, *, strict=False):
    header = f"Not equal to tolerance rtol={rtol:g}, atol={atol:g}"

    def matches(x, y):
        return np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan)

    _compare(actual, desired, matches, header, err_msg, verbose, equal_nan)


def assert_array_equal(actual, desired, err_msg="", verbose=True, *, strict=False):
    def matches(x, y):
        return np.logical_or(np.equal(x, y), np.logical_and(np.not_equal(x, x), np.not_equal(y, y)))

    _compare(actual, desired, matches, "Arrays are not equal", err_msg, verbose)


def assert_array_almost_equal(actual, desired, decimal=6, err_msg="", verbose=True):
    def matches(x, y):
        return np.less(np.absolute(np.subtract(x, y)), 1.5 * 10.0 ** (-decimal))

    _compare(actual, desired, matches, f"Arrays are not almost equal to {decimal} decimals",
             err_msg, verbose)


def assert_equal(actual, desired, err_msg="", verbose=True, *, strict=False):
    if isinstance(actual, np.ndarray) or isinstance(desired, np.ndarray):
        return assert_array_equal(actual, desired, err_msg, verbose)
    if actual != desired:
        message = "\nItems are not equal:"
        if err_msg:
            message += " " + str(err_msg) if "\n" not in str(err_msg) else "\n" + str(err_msg)
        message += f"\n ACTUAL: {actual!r}\n DESIRED: {desired!r}"
        raise AssertionError(message)


def assert_almost_equal(actual, desired, decimal=7, err_msg="", verbose=True):
    if isinstance(actual, np.ndarray) or isinstance(desired, np.ndarray):
        return assert_array_almost_equal(actual, desired, decimal, err_msg, verbose)
    if abs(desired - actual) >= 1.5 * 10.0 ** (-decimal):
        message = f"\nArrays are not almost equal to {decimal} decimals"
        if err_msg:
            message += " " + str(err_msg)
        message += f"\n ACTUAL: {actual!r}\n DESIRED: {desired!r}"
        raise AssertionError(message)
