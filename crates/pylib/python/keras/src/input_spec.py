"""`keras.InputSpec`: what a layer expects of the first argument of its call (rank, dtype,
shape, particular axes). `Layer.__call__` checks it before building and again after, so
a wrong input raises Keras's `ValueError` naming the layer rather than an error from an op
deep inside `call`."""

from keras.src import tree


class InputSpec:
    def __init__(self, dtype=None, shape=None, ndim=None, max_ndim=None, min_ndim=None,
                 axes=None, allow_last_axis_squeeze=False, name=None, optional=False):
        self.dtype = _standardize_dtype(dtype) if dtype is not None else None
        if shape is not None:
            self.shape = _standardize_shape(shape)
            self.ndim = len(shape)
        else:
            self.ndim = ndim
            self.shape = None
        self.max_ndim = max_ndim
        self.min_ndim = min_ndim
        self.name = name
        self.optional = optional
        self.allow_last_axis_squeeze = allow_last_axis_squeeze
        try:
            axes = axes or {}
            self.axes = {int(k): axes[k] for k in axes}
        except (ValueError, TypeError):
            raise TypeError(
                "Argument `axes` must be a dict with integer keys. "
                f"Received: axes={axes}")
        if self.axes and (self.ndim is not None or self.max_ndim is not None):
            max_dim = (self.ndim if self.ndim else self.max_ndim) - 1
            max_axis = max(self.axes)
            if max_axis > max_dim:
                raise ValueError(
                    "Axis {} is greater than the maximum allowed value: {}".format(
                        max_axis, max_dim))

    def __repr__(self):
        spec = [
            ("dtype=" + str(self.dtype)) if self.dtype else "",
            ("shape=" + str(self.shape)) if self.shape else "",
            ("ndim=" + str(self.ndim)) if self.ndim else "",
            ("max_ndim=" + str(self.max_ndim)) if self.max_ndim else "",
            ("min_ndim=" + str(self.min_ndim)) if self.min_ndim else "",
            ("axes=" + str(self.axes)) if self.axes else "",
        ]
        return f"InputSpec({', '.join(x for x in spec if x)})"

    def get_config(self):
        return {"dtype": self.dtype, "shape": self.shape, "ndim": self.ndim,
                "max_ndim": self.max_ndim, "min_ndim": self.min_ndim, "axes": self.axes}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _standardize_dtype(dtype):
    name = getattr(dtype, "name", dtype)
    return str(name)


def _standardize_shape(shape):
    if shape is None:
        return None
    if hasattr(shape, "as_list"):
        shape = shape.as_list() if shape.rank is not None else None
        if shape is None:
            return None
    return tuple(None if d is None else int(d) for d in shape)


def assert_input_compatibility(input_spec, inputs, layer_name):
    if not input_spec:
        return
    input_spec = tree.flatten(input_spec)
    if isinstance(inputs, dict):
        names = [spec.name for spec in input_spec]
        if all(names):
            list_inputs = []
            for name in names:
                if name not in inputs:
                    raise ValueError(
                        f'Missing data for input "{name}". You passed a data dictionary '
                        f"with keys {list(inputs.keys())}. Expected the following keys: "
                        f"{names}")
                list_inputs.append(inputs[name])
            inputs = list_inputs
    inputs = tree.flatten(inputs)
    if len(inputs) != len(input_spec):
        spec_names = [spec.name for spec in input_spec if spec is not None]
        if len(spec_names) == len(input_spec) and all(spec_names):
            raise ValueError(
                f'Layer "{layer_name}" expects {len(input_spec)} named input(s) with keys '
                f"{spec_names}, but it received {len(inputs)} input tensors. Pass inputs "
                "as a dict, e.g. `layer({" + ", ".join(f"'{n}': ..." for n in spec_names)
                + "})`.")
        raise ValueError(
            f'Layer "{layer_name}" expects {len(input_spec)} input(s), but it received '
            f"{len(inputs)} input tensors. Inputs received: {inputs}")
    for input_index, (x, spec) in enumerate(zip(inputs, input_spec)):
        if spec is None:
            continue
        if x is None and spec.optional:
            continue
        if not hasattr(x, "shape"):
            raise ValueError(
                f"Inputs to a layer should be tensors. Got '{x}' (of type {type(x)}) as "
                f"input for layer '{layer_name}'.")
        shape = _standardize_shape(x.shape)
        if shape is None:
            continue
        ndim = len(shape)
        prefix = (f"Input {input_index} with name '{spec.name}' of layer '{layer_name}' is "
                  "incompatible with the layer: ")
        if spec.ndim is not None and not spec.allow_last_axis_squeeze:
            if ndim != spec.ndim:
                raise ValueError(
                    f"{prefix}expected ndim={spec.ndim}, found ndim={ndim}. Full shape "
                    f"received: {shape}")
        if spec.max_ndim is not None and ndim > spec.max_ndim:
            raise ValueError(f"{prefix}expected max_ndim={spec.max_ndim}, found ndim={ndim}")
        if spec.min_ndim is not None and ndim < spec.min_ndim:
            raise ValueError(
                f"{prefix}expected min_ndim={spec.min_ndim}, found ndim={ndim}. Full shape "
                f"received: {shape}")
        if spec.dtype is not None:
            dtype = _standardize_dtype(x.dtype)
            if dtype != spec.dtype:
                raise ValueError(f"{prefix}expected dtype={spec.dtype}, found dtype={dtype}")
        if spec.axes:
            for axis, value in spec.axes.items():
                if value is not None and shape[axis] not in {value, None}:
                    raise ValueError(
                        f"{prefix}expected axis {axis} of input shape to have value "
                        f"{value}, but received input with shape {shape}")
        if spec.shape is not None:
            spec_shape = spec.shape
            if spec.allow_last_axis_squeeze:
                if shape and shape[-1] == 1:
                    shape = shape[:-1]
                if spec_shape and spec_shape[-1] == 1:
                    spec_shape = spec_shape[:-1]
            for spec_dim, dim in zip(spec_shape, shape):
                if spec_dim is not None and dim is not None and spec_dim != dim:
                    raise ValueError(
                        f"{prefix}expected shape={spec.shape}, found shape={shape}")
