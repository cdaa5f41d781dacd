"""`tf.saved_model.save` and `tf.saved_model.load` within one run, on the virtual file system.

`save` writes the directory TensorFlow writes (`saved_model.pb`, `fingerprint.pb`,
`variables/variables.index` and `.data-00000-of-00001`, `assets/`) and traces each saved
`tf.function` once more for each of its signatures, as TensorFlow does. What it cannot write
is a serialized graph, so the program's own SavedModels are kept for the run: `load` builds
TensorFlow's `_UserObject`s from the saved structure, with new variables holding the values
read back from `variables/`, and functions that accept only the saved signatures (calling
them does not run the Python body again, as in TensorFlow). A SavedModel not saved by the
program raises a clear error.
"""

import io
import os
import sys
import types

import tensorflow as tf

from _tensorflow import checkpoint

_SAVED = {}
_DEFAULT_SIGNATURE = "serving_default"


def _key(path):
    return os.path.normpath(os.fspath(path))


def _functions_of(obj):
    """`{name: (python function, bound?, [signature, ...])}` for the `tf.function`s on an
    object: methods of its class and functions stored on it."""
    found = {}
    names = set()
    for klass in type(obj).__mro__:
        names.update(vars(klass))
    for name in sorted(names):
        attribute = getattr(type(obj), name, None)
        if type(attribute).__name__ != "Function" or not hasattr(attribute, "python_function"):
            continue
        bound = getattr(obj, name)
        signatures = []
        if attribute.input_signature is not None:
            signatures.append(_InputSignature(attribute.input_signature))
        for traced in bound._traced_arguments():
            signatures.append(tuple(traced))
        for traced in attribute._traced_arguments():
            if traced and traced[0] is None:
                signatures.append(tuple(traced[1:]))
        found[name] = (attribute.python_function, True, _unique(signatures))
    try:
        attributes = vars(obj)
    except TypeError:
        attributes = {}
    for name, value in sorted(attributes.items()):
        if type(value).__name__ == "Function" and hasattr(value, "python_function"):
            signatures = list(value._traced_arguments())
            if value.input_signature is not None:
                signatures.insert(0, _InputSignature(value.input_signature))
            found[name] = (value.python_function, False, _unique(signatures))
    return found


class _InputSignature(tuple):
    """The `input_signature` a `tf.function` was made with: a loaded function keeps
    binding its arguments to it (TensorFlow's `TypeError` for others)."""


def _unique(signatures):
    out, seen = [], set()
    for signature in signatures:
        if any(spec is None or not isinstance(spec, tf.TensorSpec) for spec in signature):
            continue
        text = repr(signature)
        if text not in seen:
            seen.add(text)
            out.append(signature)
    return out


def _blueprint(obj, keys, seen):
    """The saved structure of `obj`: its variables (by checkpoint key), trackable
    children and functions."""
    if isinstance(obj, (list, tuple)):
        return ("list", [_blueprint(item, keys, seen) for item in obj])
    if isinstance(obj, dict):
        return ("dict", {key: _blueprint(item, keys, seen) for key, item in obj.items()})
    if isinstance(obj, tf.Variable):
        return ("variable", keys.get(id(obj)), obj.name.split(":")[0], obj.trainable)
    if id(obj) in seen:
        return seen[id(obj)]
    node = ("object", {}, {})
    seen[id(obj)] = node
    for name, child in checkpoint._children(obj):
        node[1][name] = _blueprint(child, keys, seen)
    for name, function in _functions_of(obj).items():
        node[2][name] = function
    return node


def _retrace(python_function, owner, signature):
    """Traces the Python function again for one signature (TensorFlow traces each saved
    concrete function anew while saving)."""
    body = _bound_body(python_function, owner)
    return tf.function(body, input_signature=list(signature)).get_concrete_function()


def _bound_body(python_function, owner):
    """The Python function as a method of `owner` (its parameters keep their names, which
    name the traced graph's placeholders)."""
    if owner is None:
        return python_function
    return types.MethodType(python_function, owner)


def _default_signature(obj, functions):
    """TensorFlow's choice when `signatures` is omitted: the root's single `tf.function`
    with an input signature, if it returns tensors."""
    candidates = []
    for name, (python_function, bound, signatures) in functions.items():
        attribute = getattr(type(obj), name, None) if bound else getattr(obj, name)
        if attribute is not None and attribute.input_signature is not None:
            candidates.append((python_function, bound, tuple(attribute.input_signature)))
    if len(candidates) != 1:
        return None
    python_function, bound, signature = candidates[0]
    owner = obj if bound else None
    # Only a function returning tensors makes a signature (`valid_signature`).
    concrete = _quietly(lambda: tf.function(
        _bound_body(python_function, owner), input_signature=list(signature)
    ).get_concrete_function())
    if concrete.structured_outputs is None:
        return None
    return python_function, owner, signature


def _keras_signature(model):
    """A Keras model's serving signature (Keras's `_default_save_signature`): the model
    called on one `inputs` argument of its input's spec."""
    if not type(model).__module__.startswith("keras"):
        return None
    inputs = getattr(model, "inputs", None)
    if not inputs or len(inputs) != 1:
        return None
    spec = tf.TensorSpec(inputs[0].shape, inputs[0].dtype, name="inputs")

    def serve(inputs):
        return model(inputs)

    return serve, None, (spec,)


def _signature_from(value, obj):
    """A `signatures=` entry: a `tf.function` with an input signature, or a concrete
    function."""
    python_function = getattr(value, "python_function", None)
    if python_function is None and hasattr(value, "_python_function"):
        python_function = value._python_function
    signature = getattr(value, "input_signature", None)
    if signature is None and hasattr(value, "structured_input_signature"):
        signature = value.structured_input_signature[0]
    if python_function is None or signature is None:
        raise ValueError(
            "Expected a TensorFlow function for which to generate a signature (either a "
            "tf.function with an input_signature or a concrete function).")
    owner = getattr(python_function, "__self__", None)
    if owner is not None:
        python_function = python_function.__func__
    elif _takes_self(python_function):
        owner = obj
    return python_function, owner, tuple(signature)


def _takes_self(python_function):
    code = getattr(python_function, "__code__", None)
    return code is not None and code.co_argcount > 0 and code.co_varnames[0] == "self"


def save(obj, export_dir, signatures=None, options=None):
    """Exports `obj` (a `tf.Module`, Keras model or other trackable) to `export_dir`."""
    export_dir = os.fspath(export_dir)
    variables = checkpoint._variables_by_key(obj)
    keys = {id(variable): key for key, variable in variables.items()}
    structure = _blueprint(obj, keys, {})
    exported = {}
    if signatures is None:
        chosen = _keras_signature(obj)
        if chosen is None:
            chosen = _default_signature(obj, structure[2] if structure[0] == "object" else {})
        if chosen is not None:
            exported[_DEFAULT_SIGNATURE] = chosen
    elif isinstance(signatures, dict):
        for name, value in signatures.items():
            exported[name] = _signature_from(value, obj)
    else:
        exported[_DEFAULT_SIGNATURE] = _signature_from(signatures, obj)
    _retrace_all(obj, structure, set())
    os.makedirs(os.path.join(export_dir, "variables"), exist_ok=True)
    os.makedirs(os.path.join(export_dir, "assets"), exist_ok=True)
    checkpoint._write_bundle(os.path.join(export_dir, "variables", "variables"), variables)
    for name in ("saved_model.pb", "fingerprint.pb"):
        with open(os.path.join(export_dir, name), "wb") as handle:
            handle.write(b"playground SavedModel\n")
    _SAVED[_key(export_dir)] = (structure, exported)


def _retrace_all(obj, structure, done):
    if structure[0] != "object" or id(structure) in done:
        return
    done.add(id(structure))
    for name, (python_function, bound, signatures) in structure[2].items():
        for signature in signatures:
            _retrace(python_function, obj if bound else None, signature)
    for name, child in structure[1].items():
        value = getattr(obj, name, None) if not isinstance(obj, (list, dict)) else None
        if value is not None:
            _retrace_all(value, child, done)


class _UserObject:
    """A loaded object: the saved one's variables, trackable children and functions."""

    __module__ = "tensorflow.python.saved_model.load"


class _RestoredFunction:
    """A loaded `tf.function`: callable with the signatures it was saved with."""

    def __init__(self, python_function, owner, signatures):
        self._concrete = []
        for signature in signatures:
            function = tf.function(_bound_body(python_function, owner),
                                   input_signature=list(signature))
            _quietly(lambda: function.get_concrete_function())
            self._concrete.append((signature, function))
        self.__name__ = python_function.__name__

    def __call__(self, *args, **kwargs):
        for signature, function in self._concrete:
            if len(args) == len(signature) and all(
                    _matches(spec, arg) for spec, arg in zip(signature, args)):
                return function(*args, **kwargs)
        for signature, function in self._concrete:
            if isinstance(signature, _InputSignature):
                return function(*args, **kwargs)
        lines = ["Could not find matching concrete function to call loaded from the "
                 "SavedModel. Got:",
                 f"  Positional arguments ({len(args)} total):"]
        lines += [f"    * {arg!r}" for arg in args]
        lines.append(f"  Keyword arguments: {kwargs!r}")
        lines.append("")
        lines.append(f" Expected these arguments to match one of the following "
                     f"{len(self._concrete)} option(s):")
        for index, (signature, _) in enumerate(self._concrete, 1):
            lines.append("")
            lines.append(f"Option {index}:")
            lines.append(f"  Positional arguments ({len(signature)} total):")
            lines += [f"    * {spec!r}" for spec in signature]
            lines.append("  Keyword arguments: {}")
        raise ValueError("\n".join(lines))


def _matches(spec, value):
    try:
        tensor = tf.convert_to_tensor(value)
    except (TypeError, ValueError):
        return False
    if tensor.dtype != spec.dtype:
        return False
    return spec.shape.is_compatible_with(tensor.shape)


def _quietly(action):
    """Runs `action` with Python's prints discarded (a loaded function's body is a graph,
    so its Python side effects do not happen again)."""
    saved = sys.stdout
    sys.stdout = io.StringIO()
    try:
        return action()
    finally:
        sys.stdout = saved


class _SignatureFunction:
    """An entry of `loaded.signatures`: called with keyword arguments, returns a dict."""

    def __init__(self, python_function, owner, signature):
        self._signature = signature
        self._function = tf.function(_bound_body(python_function, owner),
                                     input_signature=list(signature))
        self._concrete = _quietly(lambda: self._function.get_concrete_function())
        code = getattr(python_function, "__code__", None)
        names = list(code.co_varnames[:code.co_argcount]) if code else []
        if owner is not None and names:
            names = names[1:]
        self._names = [spec.name or (names[index] if index < len(names) else f"arg_{index}")
                       for index, spec in enumerate(signature)]
        outputs = self._concrete.structured_outputs
        self.structured_outputs = {
            key: tf.TensorSpec(value.shape, value.dtype, name=key)
            for key, value in _as_dict(outputs).items()}

    def __call__(self, *args, **kwargs):
        if len(args) > len(self._names):
            raise TypeError(
                f"signature_wrapper takes {len(self._names)} positional arguments but "
                f"{len(args)} were given")
        values = list(args)
        for name in self._names[len(args):]:
            if name not in kwargs:
                raise TypeError(f"signature_wrapper missing required argument: '{name}'")
            values.append(kwargs[name])
        return _as_dict(self._function(*values))

    @property
    def structured_input_signature(self):
        return ((), {name: tf.TensorSpec(spec.shape, spec.dtype, name=name)
                     for name, spec in zip(self._names, self._signature)})


def _as_dict(outputs):
    if isinstance(outputs, dict):
        return dict(outputs)
    if isinstance(outputs, (list, tuple)):
        return {f"output_{index}": value for index, value in enumerate(outputs)}
    return {"output_0": outputs}


def _build(structure, reader, made):
    kind = structure[0]
    if kind == "list":
        return [_build(item, reader, made) for item in structure[1]]
    if kind == "dict":
        return {key: _build(item, reader, made) for key, item in structure[1].items()}
    if kind == "variable":
        _, key, name, trainable = structure
        if key not in made:
            made[key] = tf.Variable(reader.get_tensor(key), name=name, trainable=trainable)
        return made[key]
    if id(structure) in made:
        return made[id(structure)]
    if "__call__" in structure[2]:
        # Calls look `__call__` up on the type, so a callable object gets a class of its own.
        klass = type("_UserObject", (_UserObject,), {
            "__call__": lambda self, *args, **kwargs: self.__dict__["__call__"](*args, **kwargs),
            "__module__": _UserObject.__module__,
        })
        loaded = klass()
    else:
        loaded = _UserObject()
    made[id(structure)] = loaded
    for name, child in structure[1].items():
        setattr(loaded, name, _build(child, reader, made))
    for name, (python_function, bound, signatures) in structure[2].items():
        setattr(loaded, name,
                _RestoredFunction(python_function, loaded if bound else None, signatures))
    return loaded


def load(export_dir, tags=None, options=None):
    """Loads a SavedModel this program saved with `tf.saved_model.save`."""
    export_dir = os.fspath(export_dir)
    if not os.path.exists(os.path.join(export_dir, "saved_model.pb")):
        raise OSError(f"SavedModel file does not exist at: {export_dir}/"
                      "{saved_model.pbtxt|saved_model.pb}")
    if _key(export_dir) not in _SAVED:
        raise NotImplementedError(
            "tf.saved_model.load reads the SavedModels this program saved; loading one "
            "made elsewhere is not emulated in this playground")
    entry = _SAVED[_key(export_dir)]
    if entry[0] == "v1":
        from _tensorflow import v1_saved_model
        return v1_saved_model.load_v1(entry[1])
    structure, exported = entry
    reader = checkpoint.CheckpointReader(os.path.join(export_dir, "variables", "variables"))
    made = {}
    loaded = _build(structure, reader, made)
    if not isinstance(loaded, _UserObject):
        loaded = _UserObject()
    signatures = {}
    for name, (python_function, owner, signature) in exported.items():
        signatures[name] = _SignatureFunction(python_function, loaded if owner is not None
                                              else None, signature)
    loaded.signatures = signatures
    return loaded


def contains_saved_model(export_dir):
    """Whether `export_dir` holds a SavedModel (its `saved_model.pb` or `.pbtxt`)."""
    export_dir = os.fspath(export_dir)
    return any(os.path.isfile(os.path.join(export_dir, name))
               for name in ("saved_model.pb", "saved_model.pbtxt"))


DEFAULT_SERVING_SIGNATURE_DEF_KEY = _DEFAULT_SIGNATURE
SERVING = "serve"


class SaveOptions:
    """`tf.saved_model.SaveOptions`: what `save` is asked to include; the playground's
    SavedModels keep functions and variables only, so these are recorded, not acted on."""

    __slots__ = ("namespace_whitelist", "save_debug_info", "function_aliases",
                 "experimental_debug_stripper", "experimental_io_device",
                 "experimental_variable_policy", "experimental_custom_gradients",
                 "experimental_image_format", "experimental_skip_saver",
                 "experimental_sharding_callback", "extra_tags")

    def __init__(self, namespace_whitelist=None, save_debug_info=False,
                 function_aliases=None, experimental_debug_stripper=False,
                 experimental_io_device=None, experimental_variable_policy=None,
                 experimental_custom_gradients=True, experimental_image_format=False,
                 experimental_skip_saver=False, experimental_sharding_callback=None,
                 extra_tags=None):
        self.namespace_whitelist = namespace_whitelist or []
        self.save_debug_info = save_debug_info
        self.function_aliases = function_aliases if function_aliases else {}
        self.experimental_debug_stripper = experimental_debug_stripper
        self.experimental_io_device = experimental_io_device
        self.experimental_variable_policy = experimental_variable_policy
        self.experimental_custom_gradients = experimental_custom_gradients
        self.experimental_image_format = experimental_image_format
        self.experimental_skip_saver = experimental_skip_saver
        self.experimental_sharding_callback = experimental_sharding_callback
        self.extra_tags = extra_tags


class LoadOptions:
    """`tf.saved_model.LoadOptions`, recorded."""

    __slots__ = ("allow_partial_checkpoint", "experimental_io_device",
                 "experimental_skip_checkpoint", "experimental_variable_policy",
                 "experimental_load_function_aliases")

    def __init__(self, allow_partial_checkpoint=False, experimental_io_device=None,
                 experimental_skip_checkpoint=False, experimental_variable_policy=None,
                 experimental_load_function_aliases=False):
        self.allow_partial_checkpoint = allow_partial_checkpoint
        self.experimental_io_device = experimental_io_device
        self.experimental_skip_checkpoint = experimental_skip_checkpoint
        self.experimental_variable_policy = experimental_variable_policy
        self.experimental_load_function_aliases = experimental_load_function_aliases
