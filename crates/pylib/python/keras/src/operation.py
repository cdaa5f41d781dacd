"""`Operation` and `Node`: what the functional API records. Calling an operation (a layer,
or a Keras op such as `ops.add`) on `KerasTensor`s works out the outputs' shapes by
tracing the call into a scratch TensorFlow graph (nothing runs, nothing is reported) and
returns new `KerasTensor`s whose history points at a new `Node`."""

import inspect

import tensorflow as tf

from keras.src import backend, tree
from keras.src.keras_tensor import KerasTensor


class Node:
    """One call of `operation` on symbolic inputs."""

    def __init__(self, operation, call_args, call_kwargs, outputs):
        self.operation = operation
        self.arguments_args = call_args
        self.arguments_kwargs = call_kwargs
        self.input_tensors = [
            x for x in tree.flatten((call_args, call_kwargs)) if isinstance(x, KerasTensor)
        ]
        self.outputs = outputs
        self.output_tensors = [x for x in tree.flatten(outputs) if isinstance(x, KerasTensor)]
        node_index = len(operation._inbound_nodes)
        operation._inbound_nodes.append(self)
        for index, tensor in enumerate(self.output_tensors):
            tensor._keras_history = (operation, node_index, index)
        for tensor in self.input_tensors:
            if tensor._keras_history is not None:
                tensor._keras_history[0]._outbound_nodes.append(self)

    @property
    def is_input(self):
        return not self.input_tensors

    @property
    def parent_nodes(self):
        parents = []
        for tensor in self.input_tensors:
            history = tensor._keras_history
            if history is not None:
                node = history[0]._inbound_nodes[history[1]]
                if node not in parents:
                    parents.append(node)
        return parents


def compute_output_spec(fn, args, kwargs):
    """The `KerasTensor`s `fn(*args, **kwargs)` would return, found by tracing it on
    placeholders of the symbolic inputs' shapes and dtypes."""
    flat = [x for x in tree.flatten((args, kwargs)) if isinstance(x, KerasTensor)]
    specs = [tf.TensorSpec(x.shape, x.dtype) for x in flat]

    def traced(*placeholders):
        mapping = {id(x): p for x, p in zip(flat, placeholders)}

        def swap(x):
            if isinstance(x, KerasTensor):
                return mapping[id(x)]
            return x

        return fn(*tree.map_structure(swap, list(args)), **tree.map_structure(swap, kwargs))

    backend._SYMBOLIC.append(True)
    try:
        concrete = tf.function(traced, autograph=False).get_concrete_function(*specs)
    finally:
        backend._SYMBOLIC.pop()
    outputs = concrete.structured_outputs

    def to_keras(x):
        if tf.is_tensor(x):
            shape = x.shape
            dims = shape.as_list() if shape.rank is not None else []
            return KerasTensor(dims, dtype=x.dtype.name)
        return x

    return tree.map_structure(to_keras, outputs)


_BASIC = (str, int, float, bool, type(None))


def capture_init_arguments(instance, cls, args, kwargs):
    """Keras's auto-config: records the arguments `cls(*args, **kwargs)` binds (defaults
    included, `name` left out), from which `get_config` can rebuild the object. A user's
    class gets an auto-config only when every value is a plain `str`, number, bool or
    `None` (as in Keras); Keras's own classes serialize any argument."""
    arguments = None
    error_args = False
    try:
        signature = inspect.signature(cls.__init__)
        bound = signature.bind(None, *args, **kwargs)
    except (TypeError, ValueError):
        signature = None
    if signature is not None:
        params = list(signature.parameters.values())
        if any(p.kind == p.POSITIONAL_ONLY for p in params[1:]):
            error_args = True
        else:
            bound.apply_defaults()
            arguments = dict(bound.arguments)
            arguments.pop(params[0].name, None)
            for p in params[1:]:
                if p.kind == p.VAR_KEYWORD:
                    arguments.update(arguments.pop(p.name, {}))
                elif p.kind == p.VAR_POSITIONAL and arguments.pop(p.name, ()):
                    arguments = None
                    error_args = True
                    break
    if arguments is not None:
        arguments.pop("name", None)
    object.__setattr__(instance, "_auto_config", arguments)
    object.__setattr__(instance, "_auto_config_error_args", error_args)
    basic = arguments is not None
    if basic:
        try:
            basic = all(isinstance(v, _BASIC) for v in tree.flatten(arguments))
        except TypeError:
            basic = False
    object.__setattr__(instance, "_auto_config_basic", basic)


class Operation:
    """A computation the functional API can record: layers, and the Keras ops."""

    def __new__(cls, *args, **kwargs):
        instance = object.__new__(cls)
        capture_init_arguments(instance, cls, args, kwargs)
        return instance

    def __init__(self, name=None):
        if name is None:
            name = backend.unique_name(backend.snake_case(type(self).__name__))
        self.name = name
        self._inbound_nodes = []
        self._outbound_nodes = []

    def __call__(self, *args, **kwargs):
        from keras.src.keras_tensor import any_symbolic_tensors
        if any_symbolic_tensors(args, kwargs):
            return self.symbolic_call(*args, **kwargs)
        return self.call(*args, **kwargs)

    def symbolic_call(self, *args, **kwargs):
        outputs = self.compute_output_spec(*args, **kwargs)
        Node(self, args, kwargs, outputs)
        return outputs

    def compute_output_spec(self, *args, **kwargs):
        return compute_output_spec(self.call, args, kwargs)

    def __repr__(self):
        return f"<Operation name={self.name}>"

    @property
    def input(self):
        return self._node_attribute(0, "input")

    @property
    def output(self):
        return self._node_attribute(0, "output")

    def _node_attribute(self, index, what):
        if not self._inbound_nodes:
            raise AttributeError(
                f"The layer {self.name} has never been called and thus has no defined {what}."
            )
        if len(self._inbound_nodes) > 1:
            raise AttributeError(
                f"The layer {self.name} has multiple inbound nodes, with different {what}s. "
                f"Use `get_{what}_at(node_index)` instead."
            )
        node = self._inbound_nodes[index]
        if what == "input":
            tensors = node.input_tensors
        else:
            return node.outputs
        return tensors[0] if len(tensors) == 1 else tensors


class FunctionOperation(Operation):
    """A Keras op (`ops.add`, `x[:, 0]`) recorded in a functional model."""

    def __init__(self, fn, class_name, name, op_name=None):
        self._fn = fn
        self._class_name = class_name
        self._op_name = op_name
        super().__init__(name=name)

    def get_config(self):
        return {"name": self.name, "op_name": self._op_name}

    def call(self, *args, **kwargs):
        return self._fn(*args, **kwargs)


def _class_name(op_name):
    return "".join(part[:1].upper() + part[1:] for part in op_name.split("_"))


def symbolic_op(fn, op_name, args, kwargs):
    """Records `fn(*args, **kwargs)` on symbolic inputs as an operation named as Keras
    names its ops (`add`, `add_1`; class `Add`)."""
    type_name = _class_name(op_name)
    operation = _op_class(type_name)(fn, type_name, backend.unique_name(op_name), op_name)
    return operation.symbolic_call(*args, **kwargs)


_OP_CLASSES = {}


def _op_class(type_name):
    cls = _OP_CLASSES.get(type_name)
    if cls is None:
        cls = type(type_name, (FunctionOperation,), {"__module__": "keras.src.ops"})
        _OP_CLASSES[type_name] = cls
    return cls
