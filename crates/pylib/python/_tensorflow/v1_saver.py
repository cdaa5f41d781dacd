"""`tf.compat.v1.train.Saver`: name-based checkpoints of a graph's variables, on the
virtual file system. `save` fetches the variables in the session and writes the same files
as TensorFlow (`<path>.index`, `<path>.data-00000-of-00001`, `<path>.meta` and the
directory's `checkpoint` state, keeping the newest `max_to_keep`); `restore` assigns the
saved values through ops the saver made when it was built, as TensorFlow's restore ops."""

import os

import numpy as np
import tensorflow as tf

from _tensorflow import checkpoint


def _op_name(var):
    return var.name.split(":")[0]


class _Saved:
    """A fetched value as the bundle writer takes it."""

    def __init__(self, value):
        self._value = np.asarray(value)

    def numpy(self):
        return self._value


class Saver:
    def __init__(self, var_list=None, reshape=False, sharded=False, max_to_keep=5,
                 keep_checkpoint_every_n_hours=10000.0, name=None, restore_sequentially=False,
                 saver_def=None, builder=None, defer_build=False, allow_empty=False,
                 write_version=2, pad_step_number=False, save_relative_paths=False,
                 filename=None):
        if var_list is None:
            var_list = tf.compat.v1.global_variables()
        if isinstance(var_list, dict):
            self._variables = dict(var_list)
        else:
            self._variables = {_op_name(v): v for v in var_list}
        if not self._variables and not allow_empty:
            raise ValueError("No variables to save")
        self._max_to_keep = max_to_keep
        self._last = []
        self._eager = tf.executing_eagerly()
        self._restore_ops = {}
        if not self._eager:
            for key, var in self._variables.items():
                value = tf.compat.v1.placeholder(var.dtype.base_dtype, var.shape)
                self._restore_ops[key] = (value, tf.compat.v1.assign(var, value))

    def _values(self, sess):
        keys = sorted(self._variables)
        if self._eager:
            return {key: self._variables[key].numpy() for key in keys}
        fetched = sess.run([self._variables[key] for key in keys])
        return dict(zip(keys, fetched))

    def save(self, sess, save_path, global_step=None, latest_filename=None,
             meta_graph_suffix="meta", write_meta_graph=True, write_state=True,
             strip_default_attrs=False, save_debug_info=False):
        save_path = os.fspath(save_path)
        if global_step is not None:
            if not isinstance(global_step, (int, np.integer)):
                global_step = global_step.numpy() if self._eager else sess.run(global_step)
            save_path = f"{save_path}-{int(global_step)}"
        values = self._values(sess)
        checkpoint._write_bundle(save_path, {k: _Saved(v) for k, v in values.items()})
        if write_meta_graph:
            with open(f"{save_path}.{meta_graph_suffix}", "wb") as handle:
                handle.write(b"")
        if save_path in self._last:
            self._last.remove(save_path)
        self._last.append(save_path)
        while self._max_to_keep and len(self._last) > self._max_to_keep:
            old = self._last.pop(0)
            for suffix in (".index", checkpoint._DATA, "." + meta_graph_suffix):
                if os.path.exists(old + suffix):
                    os.remove(old + suffix)
        if write_state:
            directory = os.path.dirname(save_path)
            checkpoint._update_state(directory, save_path, self._last)
        return save_path

    def restore(self, sess, save_path):
        if save_path is None:
            raise ValueError("Can't load save_path when it is None.")
        save_path = os.fspath(save_path)
        if not os.path.exists(save_path + ".index"):
            raise ValueError(f"The passed save_path is not a valid checkpoint: {save_path}")
        reader = checkpoint.CheckpointReader(save_path)
        for key in self._variables:
            if not reader.has_tensor(key):
                raise tf.errors.NotFoundError(
                    None, None, f"Key {key} not found in checkpoint")
        if self._eager:
            for key, var in self._variables.items():
                var.assign(reader.get_tensor(key))
            return None
        feed = {}
        assigns = []
        for key, (value, assign) in self._restore_ops.items():
            feed[value] = reader.get_tensor(key)
            assigns.append(assign)
        sess.run(assigns, feed_dict=feed)
        return None

    @property
    def last_checkpoints(self):
        return list(self._last)
