"""`tf.config.optimizer`: Grappler's experimental options and XLA auto-clustering as a
program sets and reads them back. The playground runs no Grappler passes, so the options
are only recorded; `get_experimental_options` lists them as TensorFlow reads them from
its `RewriterConfig` (in the proto's field order, the two boolean fields always)."""

_TOGGLES_BEFORE = ("layout_optimizer", "constant_folding", "shape_optimization",
                   "remapping", "arithmetic_optimization", "dependency_optimization",
                   "loop_optimization", "function_optimization", "debug_stripper")
_TOGGLES_MIDDLE = ("scoped_allocator_optimization", "pin_to_host_optimization",
                   "implementation_selector", "auto_mixed_precision",
                   "use_plugin_optimizers")
_TOGGLES_AFTER = ("auto_mixed_precision_onednn_bfloat16", "auto_mixed_precision_mkl")

_options = {}
_jit = False


def set_experimental_options(options):
    _options.update(options)


def get_experimental_options():
    result = {}
    for name in _TOGGLES_BEFORE:
        if _options.get(name) is not None:
            result[name] = bool(_options[name])
    result["disable_model_pruning"] = bool(_options.get("disable_model_pruning", False))
    for name in _TOGGLES_MIDDLE:
        if _options.get(name) is not None:
            result[name] = bool(_options[name])
    result["disable_meta_optimizer"] = bool(_options.get("disable_meta_optimizer", False))
    for name in _TOGGLES_AFTER:
        if _options.get(name) is not None:
            result[name] = bool(_options[name])
    if _options.get("min_graph_nodes"):
        result["min_graph_nodes"] = _options["min_graph_nodes"]
    return result


def set_jit(enabled):
    global _jit
    _jit = enabled in (True, "autoclustering")


def get_jit():
    return "autoclustering" if _jit else ""
