"""Models and weights in files on the run's virtual file system: `model.save("m.keras")`,
`keras.models.load_model`, `save_weights("w.weights.h5")` and `load_weights`, with Keras 3's
checks and errors. A `.keras` file is a zip archive, as Keras writes it, holding
`metadata.json` and `config.json` (the model's config, as Keras writes it); the weights go in
`model.weights.npz` (NumPy's format; Keras writes HDF5, which the playground does not
emulate), keyed by the path Keras gives each object (`layers/dense/vars/0`). `.weights.h5`
files hold the same weights archive."""

import datetime
import io
import json
import os
import sys

import numpy as np
# The `.keras` archive is written and read with NumPy's own zip code (`.npz` archives): the
# playground has no `zipfile` module.
from numpy import _npyio

from keras.src.saving import serialization_lib
from keras.src.saving.object_registration import CustomObjectScope

KERAS_VERSION = "3.15.1"
_WEIGHTS_MEMBER = "model.weights.npz"


def _absl_warning(message):
    sys.stderr.write(f"WARNING:absl:{message}\n")


# ---- the weights of an object tree -------------------------------------------------------


def _snake(name):
    out = ""
    for i, ch in enumerate(name):
        if ch.isupper() and i and (not name[i - 1].isupper() or
                                   (i + 1 < len(name) and name[i + 1].islower())):
            out += "_"
        out += ch.lower()
    return out


def _own_variables(obj):
    from keras.src.layer import Layer
    if isinstance(obj, Layer):
        return list(obj._trainable_weights) + list(obj._non_trainable_weights)
    return list(getattr(obj, "variables", []) or [])


def _has_state(value):
    # Seed generators are not saved: a loaded `Dropout` draws a fresh seed, as in Keras.
    from keras.src.layer import Layer
    return isinstance(value, Layer)


def _children(obj):
    """`(key, child)` of what `obj` holds that has state: its layers (Keras's container
    `layers` for models that list them), and a layer's sublayers by attribute."""
    from keras.src.layer import Layer
    from keras.src.models.functional import Functional
    from keras.src.models.sequential import Sequential
    if isinstance(obj, (Sequential, Functional)):
        yield "layers", list(obj.layers)
        return
    seen = set()
    if isinstance(obj, Layer):
        for attr in sorted(vars(obj)):
            if attr.startswith("_"):
                continue
            value = vars(obj)[attr]
            if _has_state(value) and value is not obj:
                seen.add(id(value))
                yield attr, value
            elif isinstance(value, (list, tuple)) and value and \
                    all(_has_state(v) for v in value):
                seen.update(id(v) for v in value)
                yield attr, list(value)
            elif isinstance(value, dict) and value and \
                    all(_has_state(v) for v in value.values()):
                seen.update(id(v) for v in value.values())
                yield attr, list(value.values())
        rest = [l for l in obj._layers if id(l) not in seen]
        if rest:
            yield "_layers", rest


def _walk(obj, path, visit, visited):
    if id(obj) in visited:
        return
    visited.add(id(obj))
    visit(path, obj)
    for key, child in _children(obj):
        base = f"{path}/{key}" if path else key
        if isinstance(child, list):
            used = {}
            for item in child:
                name = _snake(type(item).__name__)
                count = used.get(name, 0)
                used[name] = count + 1
                item_name = name if count == 0 else f"{name}_{count}"
                _walk(item, f"{base}/{item_name}", visit, visited)
        else:
            _walk(child, base, visit, visited)


def _weights_of(model, include_optimizer=True):
    arrays = {}

    def visit(path, obj):
        for i, variable in enumerate(_own_variables(obj)):
            key = f"{path}/vars/{i}" if path else f"vars/{i}"
            arrays[key] = np.asarray(variable.numpy())

    _walk(model, "", visit, set())
    optimizer = getattr(model, "optimizer", None)
    if include_optimizer and hasattr(optimizer, "_slot_values"):
        arrays["optimizer/iterations"] = np.asarray(int(optimizer.iterations), dtype="int64")
        for i, variable in enumerate(model.trainable_variables):
            for j, value in enumerate(optimizer._slot_values(variable) or []):
                arrays[f"optimizer/slots/{i}/{j}"] = np.asarray(value.numpy())
        for j, value in enumerate(getattr(optimizer, "_global_values", list)()):
            arrays[f"optimizer/globals/{j}"] = np.asarray(value.numpy())
    return arrays


def _load_weights_into(model, arrays, skip_mismatch=False, include_optimizer=True):
    failed = []
    messages = []

    def visit(path, obj):
        variables = _own_variables(obj)
        prefix = f"{path}/vars/" if path else "vars/"
        stored = sorted((int(k[len(prefix):]), k) for k in arrays
                        if k.startswith(prefix) and k[len(prefix):].isdigit())
        if not variables and not stored:
            return
        if len(stored) != len(variables):
            if skip_mismatch:
                return
            failed.append(obj)
            names = [v.name for v in variables]
            messages.append(
                f"Layer '{getattr(obj, 'name', path)}' expected {len(variables)} variables, "
                f"but received {len(stored)} variables during loading. Expected: {names}"
            )
            return
        for variable, (_, key) in zip(variables, stored):
            value = arrays[key]
            if tuple(value.shape) != tuple(variable.shape):
                if skip_mismatch:
                    continue
                failed.append(obj)
                messages.append(
                    f"The shape of the target variable and the shape of the target value "
                    f"in `variable.assign(value)` must match. variable.shape="
                    f"{tuple(variable.shape)}, Received: value.shape={tuple(value.shape)}. "
                    f"Target variable: {variable}"
                )
                return
        for variable, (_, key) in zip(variables, stored):
            variable.assign(arrays[key])

    _walk(model, "", visit, set())
    if failed:
        raise ValueError(
            f"A total of {len(failed)} objects could not be loaded. Example error message "
            f"for object {failed[0]}:\n\n{messages[0]}\n\n"
            f"List of objects that could not be loaded:\n{failed}"
        )
    optimizer = getattr(model, "optimizer", None)
    if include_optimizer and "optimizer/iterations" in arrays and \
            hasattr(optimizer, "_restore_state"):
        # The saved optimizer's step count and each weight's slots (Adam's moments).
        slots = []
        for i, variable in enumerate(model.trainable_variables):
            values = []
            while f"optimizer/slots/{i}/{len(values)}" in arrays:
                values.append(arrays[f"optimizer/slots/{i}/{len(values)}"])
            if values:
                slots.append((variable, values))
        optimizer._restore_state(int(arrays["optimizer/iterations"]), slots)
        globals_ = []
        while f"optimizer/globals/{len(globals_)}" in arrays:
            globals_.append(arrays[f"optimizer/globals/{len(globals_)}"])
        if globals_ and hasattr(optimizer, "_restore_globals"):
            optimizer._restore_globals(globals_)


# ---- archives -----------------------------------------------------------------------------


def _npz_bytes(arrays):
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return buffer.getvalue()


def _npz_arrays(data):
    archive = np.load(io.BytesIO(data))
    return {name: archive[name] for name in archive.files}


def _write(path, data):
    with open(path, "wb") as handle:
        handle.write(data)


def _is_zip(path):
    try:
        with open(path, "rb") as handle:
            return handle.read(4) == b"PK\x03\x04"
    except OSError:
        return False


def save_model(model, filepath, overwrite=True, zipped=None, **kwargs):
    include_optimizer = kwargs.pop("include_optimizer", True)
    save_format = kwargs.pop("save_format", False)
    filepath = str(filepath)
    if save_format:
        if filepath.endswith((".h5", ".hdf5", ".keras")):
            _absl_warning(
                "The `save_format` argument is deprecated in Keras 3. We recommend "
                "removing this argument as it can be inferred from the file path. "
                f"Received: save_format={save_format}"
            )
        else:
            raise ValueError(
                "The `save_format` argument is deprecated in Keras 3. Please remove this "
                "argument and pass a file path with either `.keras` or `.h5` extension."
                f"Received: save_format={save_format}"
            )
    if kwargs:
        raise ValueError(f"The following argument(s) are not supported: {list(kwargs.keys())}")
    if filepath.endswith((".h5", ".hdf5")):
        _absl_warning(
            "You are saving your model as an HDF5 file via `model.save()` or "
            "`keras.saving.save_model(model)`. This file format is considered legacy. We "
            "recommend using instead the native Keras format, e.g. "
            "`model.save('my_model.keras')` or `keras.saving.save_model(model, "
            "'my_model.keras')`. "
        )
    elif not filepath.endswith(".keras"):
        raise ValueError(
            "Invalid filepath extension for saving. Please add either a `.keras` extension "
            "for the native Keras format (recommended) or a `.h5` extension. Use "
            "`model.export(filepath)` if you want to export a SavedModel for use with "
            f"TFLite/TFServing/etc. Received: filepath={filepath}."
        )
    if os.path.exists(filepath) and not overwrite:
        return
    config = serialization_lib.serialize_keras_object(model)
    metadata = {"keras_version": KERAS_VERSION,
                "date_saved": datetime.datetime.now().strftime("%Y-%m-%d@%H:%M:%S")}
    archive = _npyio._zip([
        ("metadata.json", json.dumps(metadata).encode("utf-8")),
        ("config.json", json.dumps(config).encode("utf-8")),
        (_WEIGHTS_MEMBER, _npz_bytes(_weights_of(model, include_optimizer))),
    ])
    _write(filepath, archive)


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    filepath = str(filepath)
    if not (filepath.endswith((".keras", ".h5", ".hdf5")) and os.path.exists(filepath)):
        if filepath.endswith(".keras"):
            raise ValueError(
                f"File not found: filepath={filepath}. Please ensure the file is an "
                "accessible `.keras` zip file."
            )
        raise ValueError(
            f"File format not supported: filepath={filepath}. Keras 3 only supports V3 "
            "`.keras` files, legacy H5 format files (`.h5` extension). Note that the legacy "
            "SavedModel format is not supported by `load_model()` in Keras 3. In order to "
            "reload a TensorFlow SavedModel as an inference-only layer in Keras 3, use "
            f"`keras.layers.TFSMLayer({filepath}, call_endpoint='serving_default')` (note "
            "that your `call_endpoint` might have a different name)."
        )
    with open(filepath, "rb") as handle:
        data = handle.read()
    try:
        members = _npyio._unzip(data)
    except ValueError:
        raise ValueError(f"Invalid .keras file: {filepath} is not a zip archive.")
    if "config.json" not in members:
        raise ValueError(f"Invalid .keras file: {filepath} holds no config.json.")
    config = json.loads(members["config.json"].decode("utf-8"))
    with CustomObjectScope(custom_objects or {}), \
            serialization_lib.SafeModeScope(safe_mode):
        model = serialization_lib.deserialize_keras_object(
            config, custom_objects=custom_objects, safe_mode=safe_mode)
        pending = getattr(model, "_pending_compile_config", None)
        if pending is not None:
            model.__dict__.pop("_pending_compile_config", None)
            if compile:
                model.compile_from_config(pending)
    arrays = _npz_arrays(members[_WEIGHTS_MEMBER]) if _WEIGHTS_MEMBER in members else {}
    _load_weights_into(model, arrays, include_optimizer=compile)
    return model


def save_weights(model, filepath, overwrite=True, max_shard_size=None):
    filepath = str(filepath)
    if not filepath.endswith(".weights.h5"):
        raise ValueError(
            f"The filename must end in `.weights.h5`. Received: filepath={filepath}"
        )
    if os.path.exists(filepath) and not overwrite:
        return
    _write(filepath, _npz_bytes(_weights_of(model, include_optimizer=False)))


def load_weights(model, filepath, skip_mismatch=False, **kwargs):
    filepath = str(filepath)
    kwargs.pop("objects_to_skip", None)
    by_name = kwargs.pop("by_name", None)
    if kwargs:
        raise ValueError(f"Invalid keyword arguments: {kwargs}")
    if filepath.endswith(".keras"):
        if by_name:
            raise ValueError(
                "`by_name` only supports loading legacy '.h5' or '.hdf5' files. "
                f"Received: {filepath}"
            )
        with open(filepath, "rb") as handle:
            members = _npyio._unzip(handle.read())
        arrays = _npz_arrays(members[_WEIGHTS_MEMBER])
    elif filepath.endswith((".weights.h5", ".h5", ".hdf5")):
        if not os.path.exists(filepath):
            raise FileNotFoundError(
                f"[Errno 2] Unable to synchronously open file (unable to open file: name = "
                f"'{filepath}', errno = 2, error message = 'No such file or directory', "
                "flags = 0, o_flags = 0)"
            )
        with open(filepath, "rb") as handle:
            data = handle.read()
        members = _npyio._unzip(data)
        arrays = _npz_arrays(members[_WEIGHTS_MEMBER]) if _WEIGHTS_MEMBER in members \
            else _npz_arrays(data)
    else:
        raise ValueError(
            f"File format not supported: filepath={filepath}. Keras 3 only supports V3 "
            "`.keras` files, `.weights.h5` files, legacy H5 format files (`.h5` "
            "extension), or Orbax checkpoints."
        )
    _load_weights_into(model, arrays, skip_mismatch=skip_mismatch, include_optimizer=False)
