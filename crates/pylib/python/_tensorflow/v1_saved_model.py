"""TensorFlow 1's SavedModel export: `tf.compat.v1.saved_model.Builder` (and
`builder.SavedModelBuilder`), `simple_save`, and the signature helpers
(`build_tensor_info`, `build_signature_def`, `predict_signature_def`,
`classification_signature_def`, `regression_signature_def`, `is_valid_signature`), on the
virtual file system.

`save` writes TensorFlow's layout (`saved_model.pb` and `variables/`, the variables'
values as a checkpoint bundle). As for the program's TF2 SavedModels, the graph itself is
kept for the run rather than serialized: `tf.saved_model.load` of such a directory gives
`signatures` that run the saved graph in a new session with the saved variable values, and
return a dict of tensors as TensorFlow's wrapped TF1 signatures do.
"""

import os

import numpy as np
import tensorflow as tf

from _tensorflow import checkpoint
from _tensorflow import saved_model
from _tensorflow import v1_saver

SERVING = "serve"
TRAINING = "train"
GPU = "gpu"
TPU = "tpu"
DEFAULT_SERVING_SIGNATURE_DEF_KEY = "serving_default"
PREDICT_INPUTS = "inputs"
PREDICT_OUTPUTS = "outputs"
PREDICT_METHOD_NAME = "tensorflow/serving/predict"
CLASSIFY_METHOD_NAME = "tensorflow/serving/classify"
REGRESS_METHOD_NAME = "tensorflow/serving/regress"

# `types.proto`'s names of the dtypes (what a `TensorInfo` prints).
_DT_NAMES = {
    "float32": "DT_FLOAT", "float64": "DT_DOUBLE", "int32": "DT_INT32", "uint8": "DT_UINT8",
    "int16": "DT_INT16", "int8": "DT_INT8", "string": "DT_STRING", "int64": "DT_INT64",
    "bool": "DT_BOOL", "bfloat16": "DT_BFLOAT16", "float16": "DT_HALF",
}
_DT_NUMBERS = {
    "float32": 1, "float64": 2, "int32": 3, "uint8": 4, "int16": 5, "int8": 6, "string": 7,
    "int64": 9, "bool": 10, "bfloat16": 14, "float16": 19,
}


def _indent(text, spaces=2):
    return "".join(" " * spaces + line + "\n" for line in text.splitlines())


class TensorInfo:
    """A signature's description of one tensor: its name in the graph, dtype and shape
    (the `TensorInfo` proto, printed in text format)."""

    __module__ = "tensorflow.core.protobuf.meta_graph_pb2"

    def __init__(self, tensor):
        self._tensor = tensor
        self.name = tensor.name
        self.dtype = _DT_NUMBERS.get(tensor.dtype.name, 0)
        self._shape = tensor.shape

    def __str__(self):
        lines = [f'name: "{self.name}"',
                 f"dtype: {_DT_NAMES.get(self._tensor.dtype.name, 'DT_INVALID')}",
                 "tensor_shape {"]
        if self._shape.rank is None:
            lines.append("  unknown_rank: true")
        else:
            for size in self._shape.as_list():
                lines += ["  dim {", f"    size: {-1 if size is None else size}", "  }"]
        lines.append("}")
        return "\n".join(lines) + "\n"

    __repr__ = __str__


class SignatureDef:
    """Named input and output tensors and a method name (the `SignatureDef` proto)."""

    __module__ = "tensorflow.core.protobuf.meta_graph_pb2"

    def __init__(self, inputs=None, outputs=None, method_name=""):
        self.inputs = dict(inputs or {})
        self.outputs = dict(outputs or {})
        self.method_name = method_name or ""

    def __str__(self):
        text = ""
        for field in ("inputs", "outputs"):
            for key, info in sorted(getattr(self, field).items()):
                text += f"{field} {{\n  key: \"{key}\"\n  value {{\n"
                text += _indent(str(info), 4) + "  }\n}\n"
        if self.method_name:
            text += f'method_name: "{self.method_name}"\n'
        return text

    __repr__ = __str__


def build_tensor_info(tensor):
    """The `TensorInfo` of a graph tensor."""
    if tf.executing_eagerly():
        raise RuntimeError("`build_tensor_info` is not supported in eager execution.")
    return TensorInfo(tensor)


def build_signature_def(inputs=None, outputs=None, method_name=None, defaults=None):
    return SignatureDef(inputs, outputs, method_name)


def _infos(tensors):
    return {key: build_tensor_info(tensor) for key, tensor in tensors.items()}


def predict_signature_def(inputs, outputs):
    if not inputs:
        raise ValueError("Prediction `inputs` cannot be None or empty.")
    if not outputs:
        raise ValueError("Prediction `outputs` cannot be None or empty.")
    return SignatureDef(_infos(inputs), _infos(outputs), PREDICT_METHOD_NAME)


def classification_signature_def(examples, classes, scores):
    if examples is None:
        raise ValueError("Classification `examples` cannot be None.")
    if classes is None and scores is None:
        raise ValueError("Classification `classes` and `scores` cannot both be None.")
    outputs = {}
    if classes is not None:
        outputs["classes"] = build_tensor_info(classes)
    if scores is not None:
        outputs["scores"] = build_tensor_info(scores)
    return SignatureDef({"inputs": build_tensor_info(examples)}, outputs,
                        CLASSIFY_METHOD_NAME)


def regression_signature_def(examples, predictions):
    if examples is None:
        raise ValueError("Regression `examples` cannot be None.")
    if predictions is None:
        raise ValueError("Regression `predictions` cannot be None.")
    return SignatureDef({"inputs": build_tensor_info(examples)},
                        {"outputs": build_tensor_info(predictions)}, REGRESS_METHOD_NAME)


def is_valid_signature(signature_def):
    if not isinstance(signature_def, SignatureDef):
        return False
    if signature_def.method_name in (PREDICT_METHOD_NAME, CLASSIFY_METHOD_NAME,
                                     REGRESS_METHOD_NAME):
        return bool(signature_def.inputs) and bool(signature_def.outputs)
    return False


class _SavedGraph:
    """What the run keeps of an export: the graph, its signatures and the variables'
    values, with the ops that load them into a new session."""

    def __init__(self, graph, signature_def_map, values, restore_ops):
        self.graph = graph
        self.signature_def_map = signature_def_map
        self.values = values
        self.restore_ops = restore_ops


class SavedModelBuilder:
    """Exports a graph's variables and signatures to `export_dir`."""

    __module__ = "tensorflow.python.saved_model.builder_impl"

    def __init__(self, export_dir):
        self._export_dir = os.fspath(export_dir)
        if os.path.exists(self._export_dir):
            if os.listdir(self._export_dir):
                raise AssertionError(
                    f"Export directory {self._export_dir} already exists, and isn't empty. "
                    "Please choose a different export directory, or delete all the "
                    "contents of the specified directory.")
        else:
            os.makedirs(self._export_dir)
        self._saved = None
        self._meta_graphs = []

    def add_meta_graph_and_variables(self, sess, tags, signature_def_map=None,
                                     assets_collection=None, legacy_init_op=None,
                                     clear_devices=False, main_op=None,
                                     strip_default_attrs=False, saver=None, init_op=None,
                                     train_op=None):
        if self._saved is not None:
            raise AssertionError("Graph state including variables and assets has already "
                                 "been saved. Please invoke `add_meta_graph()` instead.")
        signature_def_map = dict(signature_def_map or {})
        graph = sess.graph
        with graph.as_default():
            variables = tf.compat.v1.global_variables()
            keys = [variable.name.split(":")[0] for variable in variables]
            fetched = sess.run(variables) if variables else []
            restore_ops = []
            for variable in variables:
                value = tf.compat.v1.placeholder(variable.dtype.base_dtype, variable.shape)
                restore_ops.append((value, tf.compat.v1.assign(variable, value)))
        values = dict(zip(keys, fetched))
        self._saved = _SavedGraph(graph, signature_def_map, list(fetched), restore_ops)
        self._values = values
        self._meta_graphs.append((list(tags), signature_def_map))

    def add_meta_graph(self, tags, signature_def_map=None, assets_collection=None,
                       legacy_init_op=None, clear_devices=False, main_op=None,
                       strip_default_attrs=False, saver=None, init_op=None, train_op=None):
        if self._saved is None:
            raise AssertionError("Graph state including variables and assets has not been "
                                 "saved yet. Please invoke `add_meta_graph_and_variables()` "
                                 "first.")
        self._meta_graphs.append((list(tags), dict(signature_def_map or {})))

    def save(self, as_text=False):
        """Writes the SavedModel; returns the path of its `saved_model.pb` (bytes)."""
        if self._saved is None:
            raise AssertionError("Graph state including variables and assets has not been "
                                 "saved yet. Please invoke `add_meta_graph_and_variables()` "
                                 "first.")
        variables_dir = os.path.join(self._export_dir, "variables")
        os.makedirs(variables_dir, exist_ok=True)
        values = {key: v1_saver._Saved(value) for key, value in self._values.items()}
        checkpoint._write_bundle(os.path.join(variables_dir, "variables"), values)
        name = "saved_model.pbtxt" if as_text else "saved_model.pb"
        path = os.path.join(self._export_dir, name)
        with open(path, "wb") as handle:
            handle.write(b"playground SavedModel (TF1)\n")
        saved_model._SAVED[saved_model._key(self._export_dir)] = ("v1", self._saved)
        return path.encode()


Builder = SavedModelBuilder


def simple_save(session, export_dir, inputs, outputs, legacy_init_op=None):
    """Exports `session`'s graph with one serving signature from `inputs` to `outputs`."""
    signature_def_map = {
        saved_model.DEFAULT_SERVING_SIGNATURE_DEF_KEY: predict_signature_def(inputs, outputs)
    }
    builder = SavedModelBuilder(export_dir)
    builder.add_meta_graph_and_variables(session, tags=[saved_model.SERVING],
                                         signature_def_map=signature_def_map,
                                         main_op=legacy_init_op, clear_devices=True)
    builder.save()


class _V1Signature:
    """A loaded TF1 signature: keyword arguments named as its inputs, a dict of tensors
    named as its outputs."""

    def __init__(self, saved, signature_def):
        self._saved = saved
        self._signature = signature_def

    @property
    def structured_outputs(self):
        return {key: tf.TensorSpec(info._shape, info._tensor.dtype, name=key)
                for key, info in self._signature.outputs.items()}

    def __call__(self, *args, **kwargs):
        if args:
            raise TypeError(f"signature_wrapper takes 0 positional arguments but "
                            f"{len(args)} were given")
        names = sorted(self._signature.inputs)
        for name in names:
            if name not in kwargs:
                raise TypeError(f"signature_wrapper missing required argument: '{name}'")
        for name in kwargs:
            if name not in names:
                raise TypeError(f"signature_wrapper got an unexpected keyword argument "
                                f"'{name}'")
        saved = self._saved
        feed = {}
        for name in names:
            info = self._signature.inputs[name]
            feed[info._tensor] = np.asarray(tf.convert_to_tensor(kwargs[name],
                                                                 info._tensor.dtype))
        fetches = {key: info._tensor for key, info in self._signature.outputs.items()}
        with tf.compat.v1.Session(graph=saved.graph) as sess:
            if saved.restore_ops:
                restore = {value: fetched for (value, _), fetched
                           in zip(saved.restore_ops, saved.values)}
                sess.run([assign for _, assign in saved.restore_ops], feed_dict=restore)
            results = sess.run(fetches, feed_dict=feed)
        return {key: tf.constant(results[key]) for key in sorted(results)}


def load_v1(saved):
    """`tf.saved_model.load` of a TF1 export: an object with its `signatures`."""
    loaded = saved_model._UserObject()
    loaded.signatures = {name: _V1Signature(saved, signature)
                         for name, signature in saved.signature_def_map.items()}
    return loaded


def loader_load(sess, tags, export_dir, import_scope=None, **saver_kwargs):
    """`tf.compat.v1.saved_model.load` / `loader.load`: importing a saved graph into a
    session is not emulated (the saved graph is not serialized)."""
    raise NotImplementedError(
        "tf.compat.v1.saved_model.load (importing a SavedModel's graph into a session) is "
        "not emulated in this playground; load it with tf.saved_model.load and call its "
        "signatures instead")
