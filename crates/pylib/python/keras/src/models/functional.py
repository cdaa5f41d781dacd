"""`Functional`: a model defined by its symbolic inputs and outputs. Keras's `map_graph`
walks back from the outputs (depth first), orders the operations by depth (deepest
first, then by first visit), and a call runs the nodes from the deepest on real tensors."""

import tensorflow as tf

from keras.src.input_spec import InputSpec

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
    _allow_non_tensor_positional_args = True

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
        # As Keras's `Functional`: the names of the layers that make the outputs.
        self.output_names = [x._keras_history[0].name for x in flat_outputs]

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
    def input_spec(self):
        if hasattr(self, "_manual_input_spec"):
            return self._manual_input_spec
        if not hasattr(self, "_inputs_struct"):
            return None

        def make_spec(x, name=None):
            shape = list(x.shape)
            if shape:
                shape[0] = None
            layer = x._keras_history[0] if x._keras_history else None
            return InputSpec(shape=tuple(shape), allow_last_axis_squeeze=True,
                             name=getattr(layer, "name", None) if name is None else name,
                             optional=bool(getattr(layer, "optional", False)))

        if isinstance(self._inputs_struct, dict):
            if all(isinstance(x, KerasTensor) for x in self._inputs_struct.values()):
                names = sorted(self._inputs_struct.keys())
                return [make_spec(self._inputs_struct[name], name=name) for name in names]
            return None
        return [make_spec(x) for x in self.inputs]

    @input_spec.setter
    def input_spec(self, value):
        self._manual_input_spec = value

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
        return self._adjust_input_rank(out)

    def _adjust_input_rank(self, flat_inputs):
        """Keras's rank reconciliation: an input one rank above its `Input` with a last
        axis of 1 is squeezed, one rank below an `Input` whose last axis is 1 is expanded,
        and any other rank is an error naming the input."""
        adjusted = []
        for i, x in enumerate(flat_inputs):
            ref_shape = self.inputs[i].shape
            if x is None or isinstance(x, KerasTensor):
                adjusted.append(x)
                continue
            x_rank, ref_rank = len(x.shape), len(ref_shape)
            if x_rank == ref_rank:
                adjusted.append(x)
                continue
            if x_rank == ref_rank + 1 and x.shape[-1] == 1:
                adjusted.append(tf.squeeze(x, axis=-1))
                continue
            if x_rank == ref_rank - 1 and ref_shape[-1] == 1:
                adjusted.append(tf.expand_dims(x, axis=-1))
                continue
            paths = tree.flatten_with_path(self._inputs_struct)
            path = ".".join(str(p) for p in paths[i][0])
            raise ValueError(
                f"Invalid input shape for input {x} with name '{self.inputs[i].name}' and "
                f"path '{path}'. Expected shape {ref_shape}, but input has incompatible "
                f"shape {x.shape}")
        return adjusted

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

    _raw_config = True

    def get_config(self):
        """Keras's functional config: each layer's config with the calls (`inbound_nodes`)
        that wire it, their tensors named `[layer, node, index]`, and the model's inputs
        and outputs named the same way."""
        from keras.src.saving.serialization_lib import serialize_keras_object
        kept = set()
        for nodes in self._nodes_by_depth.values():
            kept.update(id(node) for node in nodes)
        node_index = {}
        for operation in self._operations:
            index = 0
            for node in operation._inbound_nodes:
                if id(node) in kept:
                    node_index[id(node)] = index
                    index += 1

        def tensor_ref(tensor):
            operation, index, tensor_index = tensor._keras_history
            node = operation._inbound_nodes[index]
            return [operation.name, node_index.get(id(node), index), tensor_index]

        def argument(value):
            if isinstance(value, KerasTensor):
                return {"class_name": "__keras_tensor__",
                        "config": {"shape": list(value.shape), "dtype": value.dtype,
                                   "keras_history": tensor_ref(value)}}
            if isinstance(value, (list, tuple)):
                items = [argument(v) for v in value]
                return items if isinstance(value, list) else \
                    {"class_name": "__tuple__", "config": {"value": items}}
            if isinstance(value, dict):
                return {k: argument(v) for k, v in value.items()}
            return serialize_keras_object(value)

        layers = []
        for operation in self._operations:
            layer_config = serialize_keras_object(operation)
            layer_config["name"] = operation.name
            layer_config["inbound_nodes"] = [
                {"args": argument(list(node.arguments_args)),
                 "kwargs": argument(dict(node.arguments_kwargs))}
                for node in operation._inbound_nodes
                if id(node) in kept and not node.is_input
            ]
            layers.append(layer_config)

        def refs(structure):
            if isinstance(structure, dict):
                return {k: tensor_ref(v) for k, v in structure.items()}
            if isinstance(structure, (list, tuple)):
                return [refs(v) for v in structure]
            return tensor_ref(structure)

        inputs = refs(self._inputs_struct)
        outputs = refs(self._outputs_struct)
        if not isinstance(self._inputs_struct, (list, tuple, dict)):
            inputs = [inputs]
        if not isinstance(self._outputs_struct, (list, tuple, dict)):
            outputs = [outputs]
        return {"name": self.name, "trainable": self.trainable, "layers": layers,
                "input_layers": inputs, "output_layers": outputs}


class _ReplayedOperation:
    """A Keras op of a saved functional model (`ops.add`, `x[:, 0]`), called again by
    name on the rebuilt model's tensors."""

    def __init__(self, op_name):
        from keras.src import ops
        self._fn = getattr(ops, op_name or "", None)
        if self._fn is None:
            raise TypeError(f"Could not locate the Keras op '{op_name}' of a saved model.")

    def __call__(self, *args, **kwargs):
        return self._fn(*args, **kwargs)


def functional_from_config(cls, config, custom_objects=None):
    """The functional model `config` describes (see `Functional.get_config`): its layers
    made from their configs, then called on one another as the saved calls say."""
    from keras.src.saving.serialization_lib import deserialize_keras_object
    from keras.src.layers.core import InputLayer
    created = {}
    outputs_of = {}
    pending = []
    for layer_data in config["layers"]:
        name = layer_data["name"]
        if layer_data.get("module") == "keras.src.ops":
            created[name] = _ReplayedOperation(layer_data["config"].get("op_name"))
        else:
            data = {k: v for k, v in layer_data.items() if k not in ("name", "inbound_nodes")}
            created[name] = deserialize_keras_object(data, custom_objects=custom_objects)
        if isinstance(created[name], InputLayer):
            outputs_of[(name, 0)] = created[name]._output
        for node in layer_data.get("inbound_nodes", []):
            pending.append((name, node))
    counts = {}

    def ready(value):
        if isinstance(value, dict) and value.get("class_name") == "__keras_tensor__":
            name, index, _ = value["config"]["keras_history"]
            return (name, index) in outputs_of
        if isinstance(value, dict):
            if value.get("class_name") == "__tuple__":
                return all(ready(v) for v in value["config"]["value"])
            return all(ready(v) for v in value.values())
        if isinstance(value, list):
            return all(ready(v) for v in value)
        return True

    def resolve(value):
        if isinstance(value, dict) and value.get("class_name") == "__keras_tensor__":
            name, index, tensor_index = value["config"]["keras_history"]
            return tree.flatten(outputs_of[(name, index)])[tensor_index]
        if isinstance(value, dict) and value.get("class_name") == "__tuple__":
            return tuple(resolve(v) for v in value["config"]["value"])
        if isinstance(value, list):
            return [resolve(v) for v in value]
        if isinstance(value, dict) and "class_name" not in value:
            return {k: resolve(v) for k, v in value.items()}
        return deserialize_keras_object(value, custom_objects=custom_objects)

    while pending:
        progress = False
        for item in list(pending):
            name, node = item
            if not (ready(node["args"]) and ready(node["kwargs"])):
                continue
            index = counts.get(name, 0)
            outputs_of[(name, index)] = created[name](*resolve(node["args"]),
                                                      **resolve(node["kwargs"]))
            counts[name] = counts.get(name, 0) + 1
            pending.remove(item)
            progress = True
        if not progress:
            raise ValueError("The saved functional model's calls cannot be connected.")

    def structure(refs):
        if isinstance(refs, dict):
            return {k: structure(v) for k, v in refs.items()}
        if isinstance(refs, list) and len(refs) == 3 and isinstance(refs[0], str) and \
                isinstance(refs[1], int):
            name, index, tensor_index = refs
            return tree.flatten(outputs_of[(name, index)])[tensor_index]
        return [structure(v) for v in refs]

    inputs = structure(config["input_layers"])
    outputs = structure(config["output_layers"])
    if isinstance(inputs, list) and len(inputs) == 1:
        inputs = inputs[0]
    if isinstance(outputs, list) and len(outputs) == 1:
        outputs = outputs[0]
    model = cls(inputs=inputs, outputs=outputs, name=config.get("name"))
    model.trainable = config.get("trainable", True)
    return model
