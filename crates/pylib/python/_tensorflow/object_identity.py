"""`Tensor.ref()` and `Variable.ref()`: a hashable reference to a tensor or variable, equal
to another only when both wrap the same object (TensorFlow's `object_identity.Reference`),
for sets and dict keys now that tensors compare element-wise."""


class Reference:
    __module__ = "tensorflow.python.util.object_identity"

    def __init__(self, wrapped):
        self._wrapped = wrapped

    def deref(self):
        return self._wrapped

    def __eq__(self, other):
        return isinstance(other, Reference) and self._wrapped is other._wrapped

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return id(self._wrapped)

    def __repr__(self):
        return f"<Reference wrapping {self._wrapped!r}>"


def ref(value):
    return Reference(value)
