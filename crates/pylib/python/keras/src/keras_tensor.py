"""`KerasTensor`: a symbolic tensor of the functional API. It has a shape (batch first,
`None` where unknown) and a dtype, remembers the call that produced it
(`_keras_history`), and its operators are Keras ops, so `x * 2` or `x[:, 0]` on an
`Input` records an operation in the model being built."""

from keras.src import backend


class KerasTensor:
    def __init__(self, shape, dtype="float32", sparse=False, ragged=False, name=None):
        self._shape = tuple(None if d is None else int(d) for d in shape)
        self._dtype = backend.standardize_dtype(dtype)
        self.sparse = sparse
        self.ragged = ragged
        self.name = name if name is not None else backend.unique_name("keras_tensor")
        self._keras_history = None

    @property
    def shape(self):
        return self._shape

    @property
    def dtype(self):
        return self._dtype

    @property
    def ndim(self):
        return len(self._shape)

    def __repr__(self):
        return (
            f"<KerasTensor shape={self._shape}, dtype={self._dtype}, sparse={self.sparse}, "
            f"ragged={self.ragged}, name={self.name}>"
        )

    __str__ = __repr__

    def __len__(self):
        raise TypeError(
            "A symbolic KerasTensor cannot be used as input to a TensorFlow function. "
            "A KerasTensor is a symbolic placeholder for a shape and dtype, used when "
            "constructing Keras Functional models or Keras Functions. You can only use it "
            "as input to a Keras layer or a Keras operation (from the namespaces "
            "`keras.layers` and `keras.ops`). "
        )

    def __bool__(self):
        raise TypeError("A symbolic KerasTensor cannot be used as a boolean.")

    def __iter__(self):
        if not self._shape:
            raise TypeError("iteration over a 0-d tensor")
        if self._shape[0] is None:
            raise ValueError(
                "Cannot iterate over a KerasTensor with unknown first dimension."
            )
        return iter([self[i] for i in range(self._shape[0])])

    def __array__(self, *args, **kwargs):
        raise ValueError(
            "A KerasTensor is symbolic: it's a placeholder for a shape an a dtype. It doesn't "
            "have any actual numerical value. You cannot convert it to a NumPy array."
        )

    def __tf_tensor__(self, *args, **kwargs):
        raise ValueError(
            "A KerasTensor cannot be used as input to a TensorFlow function. A KerasTensor is "
            "a symbolic placeholder for a shape and dtype, used when constructing Keras "
            "Functional models or Keras Functions. You can only use it as input to a Keras "
            "layer or a Keras operation (from the namespaces `keras.layers` and "
            "`keras.operations`). You are likely doing something like:\n\n```\nx = Input(...)"
            "\n...\ntf_fn(x)  # Invalid.\n```\n\nWhat you should do instead is wrap `tf_fn` "
            "in a layer:\n\n```\nclass MyLayer(Layer):\n    def call(self, x):\n        "
            "return tf_fn(x)\n\nx = MyLayer()(x)\n```\n"
        )

    def _op(self, name, *args):
        from keras.src import ops
        return getattr(ops, name)(*args)

    def __add__(self, other):
        return self._op("add", self, other)

    def __radd__(self, other):
        return self._op("add", other, self)

    def __sub__(self, other):
        return self._op("subtract", self, other)

    def __rsub__(self, other):
        return self._op("subtract", other, self)

    def __mul__(self, other):
        return self._op("multiply", self, other)

    def __rmul__(self, other):
        return self._op("multiply", other, self)

    def __truediv__(self, other):
        return self._op("true_divide", self, other)

    def __rtruediv__(self, other):
        return self._op("true_divide", other, self)

    def __floordiv__(self, other):
        return self._op("floor_divide", self, other)

    def __rfloordiv__(self, other):
        return self._op("floor_divide", other, self)

    def __mod__(self, other):
        return self._op("mod", self, other)

    def __pow__(self, other):
        return self._op("power", self, other)

    def __rpow__(self, other):
        return self._op("power", other, self)

    def __matmul__(self, other):
        return self._op("matmul", self, other)

    def __rmatmul__(self, other):
        return self._op("matmul", other, self)

    def __neg__(self):
        return self._op("negative", self)

    def __pos__(self):
        return self

    def __abs__(self):
        return self._op("absolute", self)

    def __invert__(self):
        return self._op("logical_not", self)

    def __lt__(self, other):
        return self._op("less", self, other)

    def __le__(self, other):
        return self._op("less_equal", self, other)

    def __gt__(self, other):
        return self._op("greater", self, other)

    def __ge__(self, other):
        return self._op("greater_equal", self, other)

    def __and__(self, other):
        return self._op("logical_and", self, other)

    def __or__(self, other):
        return self._op("logical_or", self, other)

    def __getitem__(self, key):
        from keras.src import ops
        return ops.get_item(self, key)

    def __hash__(self):
        return id(self)


def is_keras_tensor(x):
    return isinstance(x, KerasTensor)


def any_symbolic_tensors(args=(), kwargs=None):
    from keras.src import tree
    for x in tree.flatten((args, kwargs or {})):
        if isinstance(x, KerasTensor):
            return True
    return False
