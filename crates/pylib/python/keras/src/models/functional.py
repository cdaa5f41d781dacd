"""`Functional`: a model defined by its symbolic inputs and outputs. Keras's `map_graph`
walks back from the outputs (depth first), orders the operations by depth (deepest
first, then by first visit), and a call runs the nodes from the deepest on real tensors."""

import tensorflow as tf

from keras.src import backend, tree
from keras.src.keras_tensor import KerasTensor
from keras.src.layer import Layer
from keras.src.models.model import Model
from keras.src.trainer import Trainer


def map_graph(inputs, outputs):
    """`(nodes_by_depth, operations)` of the graph from `inputs` to `outputs`."""
    finished = set()
    in_progress = set()
    ordered = []
    indices = {}
    input_ids = set(id(x) for x in inputs)

    def visit(tensor):
        history = tensor._keras_history
        if history is None:
            raise ValueError(
                "Output tensors of a Functional model must be the output of a Keras `Layer` "
                f"or a Keras `Operation`. Received: {tensor}"
            )
        operation, node_index, _ = history
        node = operation._inbound_nodes[node_index]
        if id(node) in finished:
            return
        if id(node) in in_progress:
            raise ValueError(f"Tensor {tensor} from operation '{operation.name}' is part of a cycle.")
        if id(operation) not in indices:
            indices[id(operation)] = len(indices)
        in_progress.add(id(node))
        if not node.is_input and id(tensor) not in input_ids:
            for parent in node.input_tensors:
                visit(parent)
        finished.add(id(node))
        in_progress.discard(id(node))
        ordered.append(node)

    for output in outputs:
        visit(output)

    node_depth = {}
    op_depth = {}
    ops_by_id = {}
    nodes_by_id = {}
    for node in reversed(ordered):
        nodes_by_id[id(node)] = node
        depth = node_depth.setdefault(id(node), 0)
        depth = max(depth, op_depth.get(id(node.operation), 0))
        op_depth[id(node.operation)] = depth
        ops_by_id[id(node.operation)] = node.operation
        node_depth[id(node)] = depth
        for parent in node.parent_nodes:
            nodes_by_id[id(parent)] = parent
            node_depth[id(parent)] = max(depth + 1, node_depth.get(id(parent), 0))
    for tensor in inputs:
        operation = tensor._keras_history[0]
        if id(operation) not in op_depth:
            op_depth[id(operation)] = 0
            ops_by_id[id(operation)] = operation
            indices[id(operation)] = -1
            node = operation._inbound_nodes[0]
            nodes_by_id[id(node)] = node
            node_depth[id(node)] = 0

    nodes_by_depth = {}
    for key, depth in node_depth.items():
        nodes_by_depth.setdefault(depth, []).append(nodes_by_id[key])
    ops_by_depth = {}
    for key, depth in op_depth.items():
        ops_by_depth.setdefault(depth, []).append(ops_by_id[key])
    operations = []
    for depth in sorted(ops_by_depth, reverse=True):
        group = ops_by_depth[depth]
        group.sort(key=lambda op: indices[id(op)])
        operations.extend(group)
    # Operation names must be unique: they identify operations when a model is saved.
    names = [operation.name for operation in operations]
    for name in names:
        if names.count(name) != 1:
            raise ValueError(
                f'The name "{name}" is used {names.count(name)} times in the model. '
                "All operation names should be unique."
            )
    return nodes_by_depth, operations


def _paths(structure, prefix=()):
    """The path of each leaf of `structure`, in `tree.flatten` order."""
    if isinstance(structure, (list, tuple)):
        out = []
        for index, item in enumerate(structure):
            out.extend(_paths(item, prefix + (index,)))
        return out
    if isinstance(structure, dict):
        out = []
        for key in sorted(structure):
            out.extend(_paths(structure[key], prefix + (key,)))
        return out
    return [prefix]


def _check_connected(inputs, outputs, outputs_struct, nodes_by_depth):
    """Keras's error for an output that cannot be computed from `inputs`."""
    known = set(id(x) for x in inputs)
    for depth in sorted(nodes_by_depth, reverse=True):
        for node in nodes_by_depth[depth]:
            if node.is_input or not node.operation:
                continue
            if all(id(x) in known for x in node.input_tensors):
                known.update(id(x) for x in node.output_tensors)
    for output, path in zip(outputs, _paths(outputs_struct)):
        if id(output) not in known:
            text = ".".join(str(p) for p in path)
            raise ValueError(f"Output with path `{text}` is not connected to `inputs`")


class Functional(Model):
    def __init__(self, inputs, outputs, name=None, **kwargs):
        trainable = kwargs.pop("trainable", True)
        if name is None:
            name = backend.unique_name("functional")
        Layer.__init__(self, trainable=trainable, name=name, **kwargs)
        Trainer.__init__(self)
        if isinstance(inputs, dict):
            flat_inputs = list(inputs.values())
        else:
            flat_inputs = tree.flatten(inputs)
        for x in flat_inputs:
            if not isinstance(x, KerasTensor):
                raise ValueError(
                    "All `inputs` values must be KerasTensors. Received: "
                    f"inputs={inputs} including invalid value {x} of type {type(x)}"
                )
        flat_outputs = tree.flatten(outputs)
        for kind, flat in (("inputs", flat_inputs), ("outputs", flat_outputs)):
            if not flat:
                raise ValueError(
                    f"`{kind}` argument cannot be empty. Received:\n"
                    f"inputs={inputs}\noutputs={outputs}"
                )
        self._inputs_struct = inputs
        self._outputs_struct = outputs
        self.inputs = flat_inputs
        self.outputs = flat_outputs
        self._nodes_by_depth, self._operations = map_graph(flat_inputs, flat_outputs)
        _check_connected(flat_inputs, flat_outputs, outputs, self._nodes_by_depth)
        for op in self._operations:
            if isinstance(op, Layer) and not any(op is l for l in self._layers):
                self._layers.append(op)
        self.built = True
        self._graph = True

    @property
    def operations(self):
        return list(self._operations)

    @property
    def layers(self):
        return [op for op in self._operations if isinstance(op, Layer)]

    @property
    def input(self):
        return self._inputs_struct

    @property
    def output(self):
        return self._outputs_struct

    @property
    def input_shape(self):
        shapes = [x.shape for x in self.inputs]
        return shapes[0] if len(shapes) == 1 else shapes

    @property
    def output_shape(self):
        shapes = [x.shape for x in self.outputs]
        return shapes[0] if len(shapes) == 1 else shapes

    def _standardize(self, inputs):
        if isinstance(self._inputs_struct, dict) and isinstance(inputs, dict):
            flat = [inputs[k] for k in self._inputs_struct]
        elif isinstance(inputs, dict):
            flat = [inputs[x.name] for x in self.inputs]
        else:
            flat = tree.flatten(inputs)
        if len(flat) != len(self.inputs):
            raise ValueError(
                f"Layer \"{self.name}\" expects {len(self.inputs)} input(s), but it received "
                f"{len(flat)} input tensors. Inputs received: {inputs}"
            )
        out = []
        for x, spec in zip(flat, self.inputs):
            if isinstance(x, KerasTensor):
                out.append(x)
                continue
            if not tf.is_tensor(x):
                x = tf.convert_to_tensor(x)
            if x.dtype.name != spec.dtype and (x.dtype.is_floating or spec.dtype.startswith("float")):
                x = tf.cast(x, spec.dtype)
            out.append(x)
        return out

    def call(self, inputs, training=None, mask=None):
        flat = self._standardize(inputs)
        values = {}
        for tensor, value in zip(self.inputs, flat):
            values[id(tensor)] = value
        for depth in sorted(self._nodes_by_depth, reverse=True):
            for node in self._nodes_by_depth[depth]:
                if node.is_input:
                    continue
                if not all(id(t) in values for t in node.input_tensors):
                    continue

                def swap(x):
                    if isinstance(x, KerasTensor):
                        return values[id(x)]
                    return x

                args = tree.map_structure(swap, list(node.arguments_args))
                kwargs = tree.map_structure(swap, node.arguments_kwargs)
                if isinstance(node.operation, Layer) and training is not None:
                    kwargs = dict(kwargs)
                    kwargs["training"] = training
                outputs = node.operation(*args, **kwargs)
                for tensor, value in zip(node.output_tensors, tree.flatten(outputs)):
                    values[id(tensor)] = value
        return tree.map_structure(lambda t: values[id(t)], self._outputs_struct)

    def compute_output_spec(self, inputs, training=None, mask=None):
        """The outputs' specs for `inputs` (KerasTensors): each node's operation gives its
        own spec in graph order, as Keras's `_run_through_graph` does; no node is recorded."""
        if isinstance(inputs, dict) and isinstance(self._inputs_struct, dict):
            flat = [inputs[k] for k in self._inputs_struct]
        elif isinstance(inputs, dict):
            flat = [inputs[x.name] for x in self.inputs]
        else:
            flat = tree.flatten(inputs)
        values = {id(t): v for t, v in zip(self.inputs, flat)}
        for depth in sorted(self._nodes_by_depth, reverse=True):
            for node in self._nodes_by_depth[depth]:
                if node.is_input or not all(id(t) in values for t in node.input_tensors):
                    continue

                def swap(x):
                    if isinstance(x, KerasTensor):
                        return values[id(x)]
                    return x

                args = tree.map_structure(swap, list(node.arguments_args))
                kwargs = tree.map_structure(swap, node.arguments_kwargs)
                outputs = node.operation.compute_output_spec(*args, **kwargs)
                for tensor, value in zip(node.output_tensors, tree.flatten(outputs)):
                    values[id(tensor)] = value
        return tree.map_structure(lambda t: values[id(t)], self._outputs_struct)

    def get_config(self):
        return {"name": self.name, "trainable": self.trainable}
