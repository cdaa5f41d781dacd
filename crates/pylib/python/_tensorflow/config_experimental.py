"""The switches of `tf.config.experimental` that programs flip for reproducibility or
speed: the playground's kernels are deterministic and its numbers do not depend on them,
so they record the setting (which the matching getter reports), as TensorFlow's context
does."""

_settings = {"tf32": True, "synchronous": True, "determinism": False}


def enable_op_determinism():
    _settings["determinism"] = True


def enable_tensor_float_32_execution(enabled):
    _settings["tf32"] = bool(enabled)


def tensor_float_32_execution_enabled():
    return _settings["tf32"]


def set_synchronous_execution(enable):
    _settings["synchronous"] = bool(enable)


def get_synchronous_execution():
    return _settings["synchronous"]


def enable_mlir_bridge():
    _settings["mlir_bridge"] = True


def disable_mlir_bridge():
    _settings["mlir_bridge"] = False
