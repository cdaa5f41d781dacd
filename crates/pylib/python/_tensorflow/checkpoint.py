"""`tf.train.Checkpoint`, `CheckpointManager`, `latest_checkpoint`, `list_variables` and
`load_checkpoint` on the run's virtual file system.

Objects are saved as TensorFlow names them: the path of attribute names from the
checkpoint's root to each variable (`net/layers/0/.ATTRIBUTES/VARIABLE_VALUE`), every
variable once, under the first path a breadth-first walk finds. Files are named as
TensorFlow names them (`ckpt-1.index`, `ckpt-1.data-00000-of-00001`, `checkpoint`); their
contents are this playground's own (a JSON index over the values' bytes), so they round-trip
here but are not TensorFlow's tensor bundles.
"""

import json
import os
import time

import numpy as np
import tensorflow as tf

_SUFFIX = "/.ATTRIBUTES/VARIABLE_VALUE"
_OBJECT_GRAPH = "_CHECKPOINTABLE_OBJECT_GRAPH"
_DATA = ".data-00000-of-00001"


def _is_variable(value):
    return isinstance(value, tf.Variable)


def _is_trackable(value):
    if _is_variable(value) or isinstance(value, (tf.Module, Checkpoint)):
        return True
    if isinstance(value, (list, tuple)):
        return any(_is_trackable(item) for item in value)
    if isinstance(value, dict):
        return any(_is_trackable(item) for item in value.values())
    # Keras objects (layers, models, optimizers, metrics), users' subclasses too.
    return any((getattr(klass, "__module__", "") or "").startswith("keras")
               for klass in type(value).__mro__)


def _children(obj):
    """The named trackable children of an object, as its checkpoint dependencies."""
    if isinstance(obj, Checkpoint):
        return list(obj._dependencies.items())
    if isinstance(obj, (list, tuple)):
        return [(str(index), item) for index, item in enumerate(obj) if _is_trackable(item)]
    if isinstance(obj, dict):
        return [(str(key), item) for key, item in obj.items() if _is_trackable(item)]
    if _is_variable(obj):
        return []
    if type(obj).__module__.startswith("keras"):
        variables = list(getattr(obj, "variables", []) or [])
        return [("_variables", variables)] if variables else []
    try:
        attributes = vars(obj)
    except TypeError:
        return []
    return [(name, value) for name, value in sorted(attributes.items())
            if _is_trackable(value)]


def _variables_by_key(root):
    """`{checkpoint key: variable}` over the object graph, breadth first."""
    found = {}
    seen = {id(root)}
    queue = [((), root)]
    while queue:
        path, obj = queue.pop(0)
        for name, child in _children(obj):
            if id(child) in seen:
                continue
            seen.add(id(child))
            child_path = path + (name,)
            if _is_variable(child):
                found["/".join(child_path) + _SUFFIX] = child
            else:
                queue.append((child_path, child))
    return found


def _write_bundle(prefix, variables):
    index = {}
    data = b""
    for key in sorted(variables):
        value = np.asarray(variables[key].numpy())
        raw = value.tobytes()
        index[key] = {"dtype": str(value.dtype), "shape": list(value.shape),
                      "offset": len(data), "size": len(raw)}
        data += raw
    directory = os.path.dirname(prefix)
    if directory:
        os.makedirs(directory, exist_ok=True)
    with open(prefix + _DATA, "wb") as handle:
        handle.write(data)
    with open(prefix + ".index", "w") as handle:
        handle.write(json.dumps(index))


def _not_found(path):
    return tf.errors.NotFoundError(
        None, None,
        f"Unsuccessful TensorSliceReader constructor: Failed to find any matching files for "
        f"{path}")


class CheckpointReader:
    """What `tf.train.load_checkpoint` returns: the saved values by key."""

    def __init__(self, prefix):
        if os.path.isdir(prefix):
            prefix = latest_checkpoint(prefix) or prefix
        if not os.path.exists(prefix + ".index"):
            raise _not_found(prefix)
        with open(prefix + ".index") as handle:
            self._index = json.loads(handle.read())
        with open(prefix + _DATA, "rb") as handle:
            self._data = handle.read()

    def get_variable_to_shape_map(self):
        shapes = {key: entry["shape"] for key, entry in self._index.items()}
        shapes[_OBJECT_GRAPH] = []
        return shapes

    def get_variable_to_dtype_map(self):
        dtypes = {key: tf.as_dtype(entry["dtype"]) for key, entry in self._index.items()}
        dtypes[_OBJECT_GRAPH] = tf.string
        return dtypes

    def has_tensor(self, key):
        return key in self._index

    def get_tensor(self, key):
        if key not in self._index:
            raise tf.errors.NotFoundError(None, None, f"Key {key} not found in checkpoint")
        entry = self._index[key]
        flat = np.frombuffer(self._data[entry["offset"]:entry["offset"] + entry["size"]],
                             dtype=entry["dtype"])
        return flat.reshape(tuple(entry["shape"])).copy()

    def keys(self):
        return list(self._index)


def load_checkpoint(ckpt_dir_or_file):
    return CheckpointReader(str(ckpt_dir_or_file))


def list_variables(ckpt_dir_or_file):
    reader = load_checkpoint(ckpt_dir_or_file)
    return sorted(reader.get_variable_to_shape_map().items())


class _LoadStatus:
    """What `restore` returns: checks on how the checkpoint matched the objects."""

    def __init__(self, unused_keys, unmatched):
        self._unused = unused_keys
        self._unmatched = unmatched

    def assert_consumed(self):
        if self._unused:
            key = self._unused[0]
            path = key[:-len(_SUFFIX)].replace("/", ".")
            raise AssertionError(
                f"Unresolved object in checkpoint (root).{path}: attributes {{\n"
                f"  name: \"VARIABLE_VALUE\"\n  checkpoint_key: \"{key}\"\n}}\n")
        self.assert_existing_objects_matched()
        return self

    def assert_existing_objects_matched(self):
        if self._unmatched:
            raise AssertionError(
                "Some Python objects were not bound to checkpointed values, likely due to "
                f"changes in the Python program: {self._unmatched}")
        return self

    def assert_nontrivial_match(self):
        return self

    def expect_partial(self):
        return self

    def run_restore_ops(self, session=None):
        return None

    def initialize_or_restore(self, session=None):
        return None


class Checkpoint:
    """Groups trackable objects (variables, modules, models, optimizers) to save and
    restore together: `tf.train.Checkpoint(model=model, step=step).save(prefix)`."""

    __module__ = "tensorflow.python.checkpoint.checkpoint"

    def __init__(self, root=None, **kwargs):
        self._dependencies = {}
        self._save_counter = None
        if root is not None:
            kwargs = dict(root=root, **kwargs)
        for name, value in sorted(kwargs.items()):
            if not _is_trackable(value):
                raise ValueError(
                    f"`Checkpoint` was expecting a trackable object (an object derived from "
                    f"`Trackable`), got {value}. If you believe this object should be "
                    "trackable (i.e. it is part of the TensorFlow Python API and manages "
                    "state), please open an issue.")
            self._dependencies[name] = value

    def __getattr__(self, name):
        dependencies = self.__dict__.get("_dependencies", {})
        if name in dependencies:
            return dependencies[name]
        raise AttributeError(f"'Checkpoint' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        if name.startswith("_"):
            object.__setattr__(self, name, value)
        else:
            self._dependencies[name] = value

    @property
    def save_counter(self):
        """How many times `save` has run (a variable, created on first use)."""
        if self._save_counter is None:
            self._save_counter = tf.Variable(0, dtype=tf.int64, trainable=False,
                                             name="save_counter")
            self._dependencies["save_counter"] = self._save_counter
        return self._save_counter

    def write(self, file_prefix, options=None):
        file_prefix = os.fspath(file_prefix)
        _write_bundle(file_prefix, _variables_by_key(self))
        return file_prefix

    def save(self, file_prefix, options=None):
        counter = self.save_counter
        counter.assign_add(1)
        path = self.write(f"{os.fspath(file_prefix)}-{int(counter.numpy())}")
        _update_state(os.path.dirname(path), path, [path])
        return path

    def read(self, save_path, options=None):
        return self.restore(save_path)

    def restore(self, save_path, options=None):
        if save_path is None:
            return _LoadStatus([], [])
        reader = CheckpointReader(os.fspath(save_path))
        if reader.has_tensor("save_counter" + _SUFFIX):
            self.save_counter
        variables = _variables_by_key(self)
        unused = []
        for key in sorted(reader.keys()):
            if key in variables:
                variables[key].assign(reader.get_tensor(key))
            else:
                unused.append(key)
        unmatched = [key for key in variables if not reader.has_tensor(key)]
        return _LoadStatus(unused, unmatched)


def _state_path(directory):
    return os.path.join(directory, "checkpoint") if directory else "checkpoint"


def _relative(directory, path):
    if directory and os.path.dirname(path) == directory:
        return os.path.basename(path)
    return path


def _update_state(directory, latest, paths, timestamps=None):
    lines = [f'model_checkpoint_path: "{_relative(directory, latest)}"']
    lines += [f'all_model_checkpoint_paths: "{_relative(directory, path)}"' for path in paths]
    if timestamps:
        lines += [f"all_model_checkpoint_timestamps: {stamp!r}" for stamp in timestamps]
        lines.append(f"last_preserved_timestamp: {timestamps[0]!r}")
    with open(_state_path(directory), "w") as handle:
        handle.write("\n".join(lines) + "\n")


def _read_state(directory):
    path = _state_path(directory)
    if not os.path.exists(path):
        return None, []
    latest, paths = None, []
    with open(path) as handle:
        for line in handle.read().splitlines():
            field, _, value = line.partition(":")
            value = value.strip().strip('"')
            if not os.path.isabs(value) and directory:
                value = os.path.join(directory, value)
            if field == "model_checkpoint_path":
                latest = value
            elif field == "all_model_checkpoint_paths":
                paths.append(value)
    return latest, paths


def latest_checkpoint(checkpoint_dir, latest_filename=None):
    latest, _ = _read_state(os.fspath(checkpoint_dir))
    if latest is not None and os.path.exists(latest + ".index"):
        return latest
    return None


class CheckpointManager:
    """Keeps the last `max_to_keep` checkpoints of a `Checkpoint` in `directory`."""

    def __init__(self, checkpoint, directory, max_to_keep, keep_checkpoint_every_n_hours=None,
                 checkpoint_name="ckpt", step_counter=None, checkpoint_interval=None,
                 init_fn=None):
        self._checkpoint = checkpoint
        self._directory = os.fspath(directory)
        self._max_to_keep = max_to_keep
        self._prefix = os.path.join(self._directory, checkpoint_name)
        latest, paths = _read_state(self._directory)
        self._checkpoints = [path for path in paths if os.path.exists(path + ".index")]
        self._latest = latest if latest in self._checkpoints else None

    @property
    def directory(self):
        return self._directory

    @property
    def checkpoints(self):
        return list(self._checkpoints)

    @property
    def latest_checkpoint(self):
        return self._checkpoints[-1] if self._checkpoints else None

    @property
    def checkpoint(self):
        return self._checkpoint

    def save(self, checkpoint_number=None, check_interval=True, options=None):
        counter = self._checkpoint.save_counter
        counter.assign_add(1)
        if checkpoint_number is None:
            checkpoint_number = int(counter.numpy())
        path = self._checkpoint.write(f"{self._prefix}-{int(checkpoint_number)}")
        if path in self._checkpoints:
            self._checkpoints.remove(path)
        self._checkpoints.append(path)
        if self._max_to_keep is not None:
            while len(self._checkpoints) > self._max_to_keep:
                old = self._checkpoints.pop(0)
                for suffix in (".index", _DATA):
                    if os.path.exists(old + suffix):
                        os.remove(old + suffix)
        _update_state(self._directory, path, self._checkpoints,
                      [time.time()] * len(self._checkpoints))
        return path

    def restore_or_initialize(self):
        if self.latest_checkpoint is not None:
            self._checkpoint.restore(self.latest_checkpoint)
            return self.latest_checkpoint
        return None
