"""What a `ConcreteFunction` derives from its outputs in Python, as TensorFlow's does:
`output_shapes` and `output_dtypes`, its structured outputs' shapes and dtypes."""

import tensorflow as tf


def output_shapes(function):
    return tf.nest.map_structure(lambda t: t.shape, function.structured_outputs)


def output_dtypes(function):
    return tf.nest.map_structure(lambda t: t.dtype, function.structured_outputs)


def inputs(function):
    """`ConcreteFunction.inputs`: the graph's placeholders, the arguments' and then the
    captured values', in the order the trace made them."""
    return [op.outputs[0] for op in function.graph.get_operations() if op.type == "Placeholder"]


def _output_type(value):
    """The trace type text of a traced output, as `FunctionType` prints it."""
    if tf.is_tensor(value):
        return repr(tf.TensorSpec(value.shape, value.dtype))
    if isinstance(value, dict):
        items = ", ".join(f"[{key!r}, {_output_type(item)}]" for key, item in value.items())
        return f"Dict[{items}]"
    if isinstance(value, list):
        return "List[" + ", ".join(_output_type(item) for item in value) + "]"
    if isinstance(value, tuple):
        return "Tuple[" + ", ".join(_output_type(item) for item in value) + "]"
    return f"Literal[{value!r}]"


def _parameters(function):
    """`(name, kind, type text)` of each parameter of the traced Python function: the
    trace's argument where it gave one, a default's `Literal` otherwise."""
    import inspect

    traced = list(function._trace_arguments)
    try:
        signature = inspect.signature(function._python_function)
    except (TypeError, ValueError):
        return [(f"arg_{i}", "POSITIONAL_OR_KEYWORD", repr(t) if not isinstance(t, str) else t)
                for i, t in enumerate(traced)]
    out = []
    for index, parameter in enumerate(signature.parameters.values()):
        if parameter.kind == parameter.VAR_POSITIONAL:
            # `*args` traced with values: one positional-only parameter each (`args_0`).
            for k, value in enumerate(traced[index:]):
                text = value if isinstance(value, str) else repr(value)
                out.append((f"{parameter.name}_{k}", "POSITIONAL_ONLY", text))
            continue
        if parameter.kind == parameter.VAR_KEYWORD:
            continue
        if index < len(traced) and parameter.kind != parameter.KEYWORD_ONLY:
            value = traced[index]
            text = value if isinstance(value, str) else repr(value)
        elif parameter.default is not parameter.empty:
            text = f"Literal[{parameter.default!r}]"
        else:
            continue
        out.append((parameter.name, parameter.kind.name, text))
    return out


def _captures(function):
    parameters = len(function._trace_arguments)
    placeholders = inputs(function)[parameters:]
    return [f"  {id(t)}: {_capture_spec(t)}" for t in placeholders]


def _capture_spec(placeholder):
    try:
        dtype = placeholder.dtype
    except tf.errors.InternalError:
        # A captured variable's handle: the playground's tensors have no `tf.resource`
        # dtype object, so its spec is written as TensorFlow prints it.
        return "TensorSpec(shape=(), dtype=tf.resource, name=None)"
    return repr(tf.TensorSpec(placeholder.shape, dtype))


def pretty_printed_signature(function, verbose=True):
    """`ConcreteFunction.pretty_printed_signature`: its `FunctionType` as TensorFlow
    prints it (verbose: parameters, output type and captures, one per line)."""
    parameters = _parameters(function)
    output = _output_type(function.structured_outputs)
    if not verbose:
        texts, keyword_only = [], False
        for name, kind, text in parameters:
            if kind == "KEYWORD_ONLY" and not keyword_only:
                texts.append("*")
                keyword_only = True
            texts.append(f"{name}: {text}")
        return "(" + ", ".join(texts) + ") -> " + output
    lines = ["Input Parameters:"]
    lines += [f"  {name} ({kind}): {text}" for name, kind, text in parameters]
    lines += ["Output Type:", f"  {output}", "Captures:"]
    lines += _captures(function) or ["  None"]
    return "\n".join(lines)


def concrete_str(function):
    return "ConcreteFunction " + pretty_printed_signature(function, verbose=True)


def concrete_repr(function):
    return "<ConcreteFunction {} at 0x{:X}>".format(
        pretty_printed_signature(function, verbose=False), id(function))


def pretty_printed_concrete_signatures(function, verbose=True):
    """`Function.pretty_printed_concrete_signatures`: each trace's signature (an
    `input_signature`'s trace made first), blank-line separated when verbose."""
    if function.input_signature is not None:
        function.get_concrete_function()
    joiner = "\n\n" if verbose else "\n"
    return joiner.join(pretty_printed_signature(c, verbose=verbose)
                       for c in function._list_all_concrete_functions())
