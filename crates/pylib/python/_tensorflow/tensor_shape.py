"""`tf.compat.v1.Dimension` and `TensorShape.dims`: one dimension of a shape, known or
not, with TensorFlow's compatibility rules (`is_compatible_with`, `merge_with`) and
arithmetic where an unknown dimension stays unknown."""


class Dimension:
    """A dimension: an int, or unknown (`None`)."""

    __module__ = "tensorflow.python.framework.tensor_shape"

    def __init__(self, value):
        if isinstance(value, Dimension):
            value = value.value
        if value is None:
            self._value = None
        else:
            if isinstance(value, bool) or not hasattr(value, "__index__"):
                raise TypeError(f"Dimension value must be integer or None or have an "
                                f"__index__ method, got value '{value!r}' with type "
                                f"'{type(value)}'")
            self._value = int(value.__index__())
            if self._value < 0:
                raise ValueError(f"Dimension {self._value} must be >= 0")

    @property
    def value(self):
        return self._value

    def __repr__(self):
        return f"Dimension({self._value!r})"

    def __str__(self):
        return "?" if self._value is None else str(self._value)

    def __int__(self):
        return self._value

    def __index__(self):
        return self._value

    def __bool__(self):
        return bool(self._value)

    def __hash__(self):
        return hash(self._value)

    def __eq__(self, other):
        try:
            other = as_dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        if self._value is None or other.value is None:
            return None
        return self._value == other.value

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is None or equal is NotImplemented else not equal

    def is_compatible_with(self, other):
        other = as_dimension(other)
        return self._value is None or other.value is None or self._value == other.value

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError(f"Dimensions {self} and {other} are not compatible")

    def merge_with(self, other):
        other = as_dimension(other)
        self.assert_is_compatible_with(other)
        return Dimension(self._value if self._value is not None else other.value)

    def _combine(self, other, fn):
        try:
            other = as_dimension(other)
        except (TypeError, ValueError):
            return NotImplemented
        if self._value is None or other.value is None:
            return Dimension(None)
        return Dimension(fn(self._value, other.value))

    def __add__(self, other):
        return self._combine(other, lambda a, b: a + b)

    __radd__ = __add__

    def __sub__(self, other):
        return self._combine(other, lambda a, b: a - b)

    def __rsub__(self, other):
        return self._combine(other, lambda a, b: b - a)

    def __mul__(self, other):
        return self._combine(other, lambda a, b: a * b)

    __rmul__ = __mul__

    def __floordiv__(self, other):
        return self._combine(other, lambda a, b: a // b)

    def __rfloordiv__(self, other):
        return self._combine(other, lambda a, b: b // a)

    def __mod__(self, other):
        return self._combine(other, lambda a, b: a % b)

    def _compare(self, other, fn):
        other = as_dimension(other)
        if self._value is None or other.value is None:
            return None
        return fn(self._value, other.value)

    def __lt__(self, other):
        return self._compare(other, lambda a, b: a < b)

    def __le__(self, other):
        return self._compare(other, lambda a, b: a <= b)

    def __gt__(self, other):
        return self._compare(other, lambda a, b: a > b)

    def __ge__(self, other):
        return self._compare(other, lambda a, b: a >= b)


def as_dimension(value):
    return value if isinstance(value, Dimension) else Dimension(value)


def dims_of(shape):
    """`TensorShape.dims`: its dimensions as `Dimension`s (`None` for an unknown rank)."""
    if shape.rank is None:
        return None
    return [Dimension(d) for d in shape.as_list()]


def dimension_value(dimension):
    return dimension.value if isinstance(dimension, Dimension) else dimension


def dimension_at_index(shape, index):
    import tensorflow as tf
    shape = tf.TensorShape(shape)
    if shape.rank is None:
        return Dimension(None)
    return Dimension(shape.as_list()[index])
