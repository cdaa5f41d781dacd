"""`Layer`, the base of every Keras layer and model: naming, weights (`add_weight`, in the
layer's name scope so their `path` is `dense/kernel`), building on the first call from
the input's shape, the training flag passed down to nested calls, casting inputs to the
compute dtype, tracking of sublayers set as attributes, and the functional API (called on
`KerasTensor`s, a layer records a node instead of computing)."""

import inspect
import warnings

import numpy as np
import tensorflow as tf

import _keras_native
from keras.src import backend, input_spec, tree
from keras.src.keras_tensor import KerasTensor, any_symbolic_tensors
from keras.src.operation import Operation, compute_output_spec, Node

_LAYER_KWARGS = ("input_shape", "input_dim", "batch_input_shape", "batch_size",
                 "weights", "activity_regularizer", "autocast")

_CALL_ARGS = {}


class _CallSignature:
    """What `Layer.__call__` needs of `cls.call`'s signature, read once per class: its
    parameter names, whether it takes `**kwargs`, and where `training` is (its index among
    the positional parameters after `self`, `None` when keyword-only or absent) and its
    default (`None` when it has none)."""

    def __init__(self, cls):
        try:
            params = list(inspect.signature(cls.call).parameters.values())
        except (TypeError, ValueError):
            self.names, self.var_kw = set(), True
            self.training_position = self.training_default = None
            return
        self.names = {p.name for p in params}
        self.var_kw = any(p.kind == p.VAR_KEYWORD for p in params)
        self.training_position = self.training_default = None
        for index, p in enumerate(params[1:]):
            if p.name == "training":
                if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                    self.training_position = index
                if p.default is not inspect.Parameter.empty:
                    self.training_default = p.default


def _call_signature(cls):
    found = _CALL_ARGS.get(cls)
    if found is None:
        found = _CALL_ARGS[cls] = _CallSignature(cls)
    return found


def default(method):
    """Marks a base class's `build` as Keras's default one (`utils.default`): a layer that
    keeps it is built by tracing its `call`."""
    method._keras_default = True
    return method


def is_default(method):
    """Whether `method` is a default marked by [`default`]."""
    return getattr(method, "_keras_default", False)


def _as_symbolic(x):
    """An eager tensor or array as a `KerasTensor` of its shape and dtype (what Keras's
    `compute_output_spec` traces on); anything else as it is."""
    if isinstance(x, KerasTensor):
        return x
    if tf.is_tensor(x) or isinstance(x, np.ndarray):
        return KerasTensor(tuple(x.shape), dtype=backend.standardize_dtype(x.dtype))
    return x


def _shape_of(x):
    if isinstance(x, KerasTensor):
        return x.shape
    if hasattr(x, "shape"):
        shape = x.shape
        if hasattr(shape, "as_list"):
            return tuple(shape.as_list()) if shape.rank is not None else None
        return tuple(shape)
    return None


class Layer(Operation):
    """The base class of layers."""

    def __init__(self, *, activity_regularizer=None, trainable=True, dtype=None,
                 autocast=True, name=None, **kwargs):
        if name is None:
            name = backend.unique_name(backend.snake_case(type(self).__name__))
        unknown = {k: v for k, v in kwargs.items() if k not in _LAYER_KWARGS}
        if unknown:
            raise ValueError(
                f"Unrecognized keyword arguments passed to {type(self).__name__}: {unknown}"
            )
        Operation.__init__(self, name=name)
        object.__setattr__(self, "_layers", [])
        self._trainable = trainable
        self._trainable_weights = []
        self._non_trainable_weights = []
        self._losses = []
        self._metrics_list = []
        self.built = False
        self.autocast = autocast
        from keras.src import dtype_policies
        self._dtype_policy = dtype_policies.get(dtype)
        # As Keras: a layer that implements `compute_mask` supports masking.
        self.supports_masking = type(self).compute_mask is not Layer.compute_mask
        self._input_spec = None
        from keras.src import regularizers
        self.activity_regularizer = regularizers.get(activity_regularizer)
        input_shape = kwargs.get("input_shape")
        if input_shape is None and kwargs.get("input_dim") is not None:
            input_shape = (kwargs["input_dim"],)
        batch_input_shape = kwargs.get("batch_input_shape")
        if batch_input_shape is not None:
            self._input_shape_arg = tuple(batch_input_shape)
        elif input_shape is not None:
            self._input_shape_arg = (kwargs.get("batch_size"),) + tuple(input_shape)
        else:
            self._input_shape_arg = None
        self._build_shapes = None

    # ---- attributes and tracking ------------------------------------------------------

    def __setattr__(self, name, value):
        private_layer = (name.startswith("_") and isinstance(value, Layer)
                         and name not in ("_functional",))
        if not name.startswith("_") or name == "_layers" or private_layer:
            layers = self.__dict__.get("_layers")
            if layers is not None:
                for item in tree.flatten(value) if isinstance(value, (list, tuple, dict)) else [value]:
                    if isinstance(item, Layer) and item is not self and not any(item is l for l in layers):
                        layers.append(item)
        object.__setattr__(self, name, value)

    def _flat_layers(self):
        out = []
        for layer in self._layers:
            out.append(layer)
            out.extend(layer._flat_layers())
        return out

    @property
    def dtype(self):
        return self._dtype_policy.variable_dtype

    @property
    def compute_dtype(self):
        return self._dtype_policy.compute_dtype

    @property
    def variable_dtype(self):
        return self._dtype_policy.variable_dtype

    @property
    def dtype_policy(self):
        return self._dtype_policy

    @dtype_policy.setter
    def dtype_policy(self, value):
        from keras.src import dtype_policies
        self._dtype_policy = dtype_policies.get(value)

    def _autocast_dtype(self):
        """The dtype Keras variables read as during this layer's call (Keras's
        `AutocastScope`): the compute dtype of a mixed-precision layer."""
        if self.autocast and self.compute_dtype != self.variable_dtype and \
                backend.is_float_dtype(self.compute_dtype):
            return self.compute_dtype
        return None

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)
        for layer in self._layers:
            layer.trainable = value

    @property
    def path(self):
        return self.name

    def _own_weights(self):
        return self._trainable_weights + self._non_trainable_weights

    def _all_weights(self):
        seen = set()
        out = []
        for w in self._own_weights() + [w for l in self._layers for w in l._all_weights()]:
            if id(w) not in seen:
                seen.add(id(w))
                out.append(w)
        return out

    @property
    def weights(self):
        return self._all_weights()

    @property
    def variables(self):
        return self._all_weights()

    def _collect(self, own, attribute):
        """`own` weights, then those of the sublayers' `attribute`, each once."""
        out = list(own)
        for layer in self._layers:
            for w in getattr(layer, attribute):
                if not any(w is o for o in out):
                    out.append(w)
        return out

    @property
    def trainable_weights(self):
        if not self.trainable:
            return []
        return self._collect(self._trainable_weights, "trainable_weights")

    trainable_variables = trainable_weights

    @property
    def non_trainable_weights(self):
        if not self.trainable:
            return self.weights
        return self._collect(self._non_trainable_weights, "non_trainable_weights")

    non_trainable_variables = non_trainable_weights

    @property
    def losses(self):
        out = list(self._losses)
        for variable, regularizer in getattr(self, "_regularizers", []):
            out.append(regularizer(variable))
        for layer in self._layers:
            out.extend(layer.losses)
        return out

    def add_loss(self, loss):
        self._losses.append(loss)

    def _clear_losses(self):
        self._losses = []
        for layer in self._layers:
            layer._clear_losses()

    @property
    def metrics(self):
        return list(self._metrics_list)

    def count_params(self):
        if not self.built:
            raise ValueError(
                f"You tried to call `count_params` on layer '{self.name}', but the layer "
                "isn't built. You can build it manually via: "
                f"`layer.build(input_shape)`."
            )
        total = 0
        for w in self.weights:
            n = 1
            for d in w.shape:
                n *= d
            total += n
        return total

    def get_weights(self):
        return [w.numpy() for w in self.weights]

    def set_weights(self, weights):
        mine = self.weights
        if len(mine) != len(weights):
            raise ValueError(
                f"You called `set_weights(weights)` on layer '{self.name}' with a weight list "
                f"of length {len(weights)}, but the layer was expecting {len(mine)} weights."
            )
        for variable, value in zip(mine, weights):
            variable.assign(value)

    # ---- weights ----------------------------------------------------------------------

    def add_weight(self, *args, shape=None, initializer=None, dtype=None, trainable=True,
                   autocast=True, regularizer=None, constraint=None, aggregation="none",
                   overwrite_with_gradient=False, name=None):
        if args:
            # Keras 2's positional style, `add_weight(shape, initializer, dtype)`, with
            # Keras 3's errors for a positional name or an argument given twice.
            if len(args) > 3:
                raise TypeError("add_weight() takes at most 3 positional arguments but "
                                f"{len(args)} were given.")
            if isinstance(args[0], str):
                raise ValueError(
                    "`name` must be passed as a keyword argument. Received: "
                    f"add_weight('{args[0]}', ...). Use: add_weight(shape=..., "
                    f"name='{args[0]}').")
            for index, (given, what) in enumerate(((shape, "shape"),
                                                   (initializer, "initializer"),
                                                   (dtype, "dtype"))):
                if index < len(args) and given is not None:
                    raise ValueError(f"`{what}` was passed both positionally and as a "
                                     "keyword argument.")
            shape = args[0]
            initializer = args[1] if len(args) > 1 else initializer
            dtype = args[2] if len(args) > 2 else dtype
        from keras.src import initializers
        shape = () if shape is None else tuple(shape)
        dtype = backend.standardize_dtype(dtype or self.variable_dtype)
        if initializer is None:
            initializer = "glorot_uniform" if backend.is_float_dtype(dtype) else "zeros"
        initializer = initializers.get(initializer)
        if name is None:
            name = backend.unique_name("variable")
        # Made eagerly even when the first call is being traced (`tf.init_scope`).
        with backend.name_scope(self.name, caller=self), tf.init_scope():
            value = initializer(shape, dtype=dtype)
            variable = _keras_native.variable(
                tf.convert_to_tensor(value, dtype=dtype), backend.current_path(name), trainable
            )
        if constraint is not None:
            from keras.src import constraints
            # Applied by the optimizer after every update of the weight.
            variable.constraint = constraints.get(constraint)
        if regularizer is not None:
            from keras.src import regularizers
            self._regularizers = getattr(self, "_regularizers", [])
            self._regularizers.append((variable, regularizers.get(regularizer)))
        if trainable:
            self._trainable_weights.append(variable)
        else:
            self._non_trainable_weights.append(variable)
        return variable

    # ---- building and calling ---------------------------------------------------------

    @default
    def build(self, input_shape=None):
        self.built = True

    def _maybe_build(self, args, kwargs):
        if self.built:
            return
        first = args[0] if args else next(iter(kwargs.values()), None)
        if isinstance(first, (list, tuple)):
            shapes = [_shape_of(x) for x in first]
        elif isinstance(first, dict):
            shapes = {k: _shape_of(v) for k, v in first.items()}
        else:
            shapes = _shape_of(first)
        self._build_shapes = shapes
        if is_default(type(self).build) and any(not layer.built for layer in self._layers):
            # As Keras builds a layer without its own `build` whose sublayers are unbuilt:
            # by tracing `call` on symbolic inputs of the arguments' shapes (so `call` runs
            # once more than the program calls it). Eagerly, a failed trace is left to the
            # call itself.
            eager = not any(isinstance(x, KerasTensor) for x in tree.flatten((args, kwargs)))
            try:
                symbolic_args, symbolic_kwargs = tree.map_structure(
                    _as_symbolic, (list(args), dict(kwargs)))
                with backend.name_scope(self.name, caller=self):
                    compute_output_spec(self.call, symbolic_args, symbolic_kwargs)
            except Exception as e:  # noqa: BLE001 - Keras catches any failure here
                if not eager:
                    warnings.warn(
                        f"Layer '{self.name}' looks like it has unbuilt state, but Keras is "
                        "not able to trace the layer `call()` in order to build it "
                        f"automatically. Exception encountered: ''{e}''")
        with backend.name_scope(self.name, caller=self):
            self.build(shapes)
        self.built = True
        self._assert_input_compatibility(first)

    # Keras lets only tensors be passed positionally, except to the layers that take raw
    # data (preprocessing layers, functional models), which set this.
    _allow_non_tensor_positional_args = False

    def _convert_input(self, x):
        if isinstance(x, KerasTensor):
            return x
        # Array-likes (NumPy arrays and scalars) become tensors; Python numbers and lists
        # do not (Keras converts what has `__array__`).
        if isinstance(x, (np.ndarray, np.generic)):
            x = tf.convert_to_tensor(x)
        if tf.is_tensor(x) and self.autocast and x.dtype.is_floating:
            if x.dtype.name != self.input_dtype:
                x = tf.cast(x, self.input_dtype)
        return x

    @property
    def input_dtype(self):
        """The dtype floating inputs are cast to (Keras's: the compute dtype)."""
        return self.compute_dtype

    def _convert_inputs(self, args):
        """`args` with their array-likes and tensors (at any depth of lists, tuples and
        dicts) converted as a layer converts its inputs (float inputs to the compute
        dtype)."""
        return tuple(self._convert_nested(arg) for arg in args)

    def _convert_nested(self, value):
        if isinstance(value, (list, tuple)) and not hasattr(type(value), "_fields"):
            return type(value)(self._convert_nested(x) for x in value)
        if isinstance(value, dict):
            return {k: self._convert_nested(v) for k, v in value.items()}
        return self._convert_input(value)

    @property
    def input_spec(self):
        return self._input_spec

    @input_spec.setter
    def input_spec(self, value):
        self._input_spec = value

    def _assert_input_compatibility(self, first):
        if self.input_spec:
            input_spec.assert_input_compatibility(self.input_spec, first, layer_name=self.name)

    def __call__(self, *args, **kwargs):
        args = self._convert_inputs(args)
        if not self._allow_non_tensor_positional_args:
            for arg in tree.flatten(args):
                if not (arg is None or tf.is_tensor(arg) or isinstance(arg, KerasTensor)):
                    raise ValueError(
                        "Only input tensors may be passed as positional arguments. The "
                        "following argument value should be passed as a keyword argument: "
                        f"{arg} (of type {type(arg)})")
        signature = _call_signature(type(self))
        names, var_kw = signature.names, signature.var_kw
        if "training" in names or var_kw:
            training = kwargs.get("training")
            position = signature.training_position
            if training is None and position is not None and len(args) > position:
                # Passed positionally: Keras's call spec binds it, and then passes it by
                # keyword too (a `TypeError`, as in Keras).
                training = args[position]
            if training is None:
                training = backend.outer_training()
            if training is None:
                training = signature.training_default
            if ("training" in names or "training" in kwargs) and training is not None:
                kwargs["training"] = training
        else:
            training = kwargs.pop("training", None)
            if training is None:
                training = backend.outer_training()
        if "mask" in kwargs and "mask" not in names and not var_kw:
            kwargs.pop("mask")
        first = args[0] if args else next(iter(kwargs.values()), None)
        # Keras's masks travel on tensors (`_keras_mask`): the first argument's is passed
        # to a `call` that takes `mask` when none is given.
        previous_mask = _keras_mask_of(first)
        node_kwargs = kwargs
        if "mask" in names and kwargs.get("mask") is None and previous_mask is not None:
            # The graph node keeps the call as written: when the model runs, the mask
            # comes again from the real tensor.
            node_kwargs = dict(kwargs)
            kwargs["mask"] = previous_mask
        # Keras checks the first argument against `input_spec` before building, and again
        # after (building may narrow the spec).
        self._assert_input_compatibility(args[0] if args else next(iter(kwargs.values()), None))
        self._maybe_build(args, kwargs)
        if any_symbolic_tensors(args, kwargs):
            return self._symbolic_call(args, kwargs, training, node_kwargs)
        if not backend._TRAINING:
            # The outermost call starts afresh: `losses` are those of this call.
            self._clear_losses()
        with backend.name_scope(self.name, caller=self), backend.call_context(training), \
                _Autocast(self._autocast_dtype()):
            outputs = _with_argument_info(self.call, f"{type(self).__name__}.call()",
                                          args, kwargs)
        if self.supports_masking:
            self._set_mask_metadata(first, outputs, previous_mask)
        if self.activity_regularizer is not None:
            for out in tree.flatten(outputs):
                if not tf.is_tensor(out):
                    continue
                loss = self.activity_regularizer(out)
                if out.shape.rank:
                    # Keras normalises the penalty by the batch size.
                    batch_size = tf.cast(tf.shape(out)[0], loss.dtype)
                    loss = tf.math.divide_no_nan(loss, batch_size)
                self.add_loss(loss)
        return outputs

    def compute_mask(self, inputs, previous_mask):
        return previous_mask

    def _set_mask_metadata(self, inputs, outputs, previous_mask):
        flat_outputs = [x for x in tree.flatten(outputs) if tf.is_tensor(x)]
        if not flat_outputs or all(
                getattr(x, "_keras_mask", None) is not None for x in flat_outputs):
            return
        output_masks = self.compute_mask(inputs, previous_mask)
        if output_masks is None:
            return
        for tensor, mask in zip(flat_outputs, tree.flatten(output_masks)):
            if getattr(tensor, "_keras_mask", None) is None and mask is not None:
                try:
                    tensor._keras_mask = mask
                except AttributeError:
                    pass

    def _symbolic_call(self, args, kwargs, training, node_kwargs=None):
        def run(*a, **k):
            # The traced inputs get the conversion real inputs get.
            a = self._convert_inputs(a)
            with backend.name_scope(self.name, caller=self), backend.call_context(training), \
                    _Autocast(self._autocast_dtype()):
                return self.call(*a, **k)

        def symbolic_call(*args, **kwargs):
            if type(self).compute_output_spec is not Layer.compute_output_spec or \
                    self._implements_output_shape(args, kwargs):
                # Models map their graph, and a layer that implements
                # `compute_output_shape` gives its spec from it, as Keras's
                # `compute_output_spec` does (no tracing).
                return self.compute_output_spec(*args, **kwargs)
            try:
                return compute_output_spec(run, args, kwargs)
            except Exception as e:
                if hasattr(e, "_keras_call_info_injected"):
                    raise
                name = type(self).__name__
                raise _same_error(e, (
                    f"Could not automatically infer the output shape / dtype of "
                    f"'{self.name}' (of type {name}). Either the `{name}.call()` method is "
                    f"incorrect, or you need to implement the `{name}.compute_output_spec() / "
                    f"compute_output_shape()` method. Error encountered:\n\n{_message(e)}"
                )) from None

        outputs = _with_argument_info(symbolic_call, f"{type(self).__name__}.call()",
                                      args, kwargs)
        # Losses added while tracing belong to the scratch graph, not to any real call.
        self._clear_losses()
        Node(self, args, kwargs if node_kwargs is None else node_kwargs, outputs)
        if self.supports_masking:
            self._set_symbolic_mask(args[0] if args else None, outputs)
        return outputs

    def _set_symbolic_mask(self, inputs, outputs):
        """The mask spec of symbolic outputs (`KerasTensor._keras_mask`), from tracing
        `compute_mask` on the input's spec and its mask's. It is for display; when the
        model runs, the masks travel on the real tensors."""
        if not isinstance(inputs, KerasTensor):
            return
        previous = getattr(inputs, "_keras_mask", None)
        if type(self).compute_mask is Layer.compute_mask:
            # The default passes the input's mask on as it is.
            if previous is not None:
                for tensor in tree.flatten(outputs):
                    if isinstance(tensor, KerasTensor):
                        tensor._keras_mask = previous
            return
        try:
            masks = compute_output_spec(lambda x, m: self.compute_mask(x, m),
                                        [inputs, previous], {})
        except Exception:
            return
        if masks is None:
            return
        for tensor, mask in zip(tree.flatten(outputs), tree.flatten(masks)):
            if isinstance(tensor, KerasTensor) and isinstance(mask, KerasTensor):
                tensor._keras_mask = mask

    def call(self, *args, **kwargs):
        raise NotImplementedError(
            f"Layer {type(self).__name__} does not have a `call()` method implemented."
        )

    def compute_output_shape(self, *args, **kwargs):
        # Keras's built-in layers each implement it; here they share one: the shapes of
        # tracing `call`. A user's layer that does not implement it has none, as in Keras.
        if not _is_builtin_layer(type(self)):
            raise NotImplementedError(
                f"Layer {type(self).__name__} does not have a `compute_output_shape` method "
                "implemented. Should implement `def compute_output_shape(self, input_shape)`."
            )
        specs = [KerasTensor(s) if isinstance(s, (tuple, list)) and
                 all(d is None or isinstance(d, int) for d in s) else s for s in args]
        out = compute_output_spec(self.call, specs, kwargs)
        return tree.map_structure(lambda t: t.shape, out)

    def _implements_output_shape(self, args, kwargs):
        return (type(self).compute_output_shape is not Layer.compute_output_shape
                and len(args) == 1 and isinstance(args[0], KerasTensor)
                and not kwargs.get("mask"))

    def compute_output_spec(self, *args, **kwargs):
        if self._implements_output_shape(args, kwargs):
            shape = self.compute_output_shape(args[0].shape)
            return KerasTensor(tuple(shape), dtype=self.compute_dtype)
        return compute_output_spec(self.call, args, kwargs)

    def get_config(self):
        """The arguments that rebuild this layer. Keras's own layers give their
        constructor's arguments; a user's layer that does not override `get_config` gives
        them too when they are plain values (Keras's auto-config), and otherwise must
        implement it."""
        from keras.src.saving.serialization_lib import serialize_keras_object
        config = {"name": self.name, "trainable": self.trainable,
                  "dtype": serialize_keras_object(self.dtype_policy)}
        auto = self.__dict__.get("_auto_config")
        if _is_keras_builtin(type(self)):
            from keras.src import initializers
            for key, value in (auto or {}).items():
                if key.endswith("_initializer") and isinstance(value, str):
                    # As Keras's layers write them: the initializer's full config.
                    value = initializers.serialize_name(value)
                config[key] = value
        elif not _overrides_get_config(type(self)):
            if auto is None or not self.__dict__.get("_auto_config_basic"):
                raise NotImplementedError(_get_config_help(
                    type(self).__name__, self.__dict__.get("_auto_config_error_args")))
            config.update(auto)
            params = inspect.signature(type(self).__init__).parameters
            if "name" not in params and not any(
                    p.kind == p.VAR_KEYWORD for p in params.values()):
                config.pop("name", None)
        config["trainable"] = self.trainable
        config["dtype"] = serialize_keras_object(self.dtype_policy)
        if self.activity_regularizer is not None:
            config["activity_regularizer"] = serialize_keras_object(self.activity_regularizer)
        return config

    def _serialized(self, *names):
        """The layer's attributes `names` (initializers, regularizers, constraints) as
        their configs, for a `get_config` written out as Keras's layers write theirs."""
        from keras.src.saving.serialization_lib import serialize_keras_object
        return {name: serialize_keras_object(getattr(self, name)) for name in names}

    def _base_config(self):
        """What Keras's `Layer.get_config` gives every layer: its name, whether it trains,
        its dtype policy and, when it has one, its activity regularizer. Keras's own layers
        that write their config out add their arguments to it."""
        from keras.src.saving.serialization_lib import serialize_keras_object
        config = {"name": self.name, "trainable": self.trainable,
                  "dtype": serialize_keras_object(self.dtype_policy)}
        if self.activity_regularizer is not None:
            config["activity_regularizer"] = serialize_keras_object(self.activity_regularizer)
        return config

    @classmethod
    def from_config(cls, config):
        from keras.src import dtype_policies
        config = dict(config)
        if isinstance(config.get("dtype"), dict):
            config["dtype"] = dtype_policies.get(config["dtype"])
        try:
            return cls(**config)
        except TypeError as e:
            raise TypeError(
                f"Error when deserializing class '{cls.__name__}' using config={config}.\n\n"
                f"Exception encountered: {e}"
            )

    def get_build_config(self):
        """The input shape this layer was built for, so a loaded copy builds the same
        weights before they are read back."""
        if self.built and self._build_shapes is not None:
            return {"input_shape": self._build_shapes}
        return None

    def build_from_config(self, config):
        if config and "input_shape" in config:
            shapes = config["input_shape"]
            with backend.name_scope(self.name, caller=self):
                self.build(shapes)
            self._build_shapes = shapes
            self.built = True

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}, built={self.built}>"


def _message(error):
    if isinstance(error, tf.errors.OpError):
        return error.message
    return error.args[0] if error.args else ""


def _same_error(error, message):
    """`error`'s class with `message` (a `RuntimeError` when the class will not take one)."""
    if isinstance(error, tf.errors.OpError):
        return type(error)(error.node_def, error.op, message)
    try:
        return type(error)(message)
    except TypeError:
        return RuntimeError(message)


def _format_argument(value):
    if tf.is_tensor(value):
        return f"tf.Tensor(shape={value.shape}, dtype={backend.standardize_dtype(value.dtype)})"
    return repr(value)


def _with_argument_info(fn, display_name, args, kwargs):
    """`fn(*args, **kwargs)`; an exception it raises is raised again, once, with the
    arguments it was called with, as Keras's `inject_argument_info_in_traceback` does."""
    try:
        return fn(*args, **kwargs)
    except Exception as e:
        if hasattr(e, "_keras_call_info_injected"):
            raise
        try:
            signature = inspect.signature(fn)
            bound = signature.bind(*args, **kwargs)
        except (TypeError, ValueError):
            raise e
        lines = []
        for parameter in signature.parameters.values():
            if parameter.name in bound.arguments:
                value = tree.map_structure(_format_argument, bound.arguments[parameter.name])
            else:
                value = parameter.default
            lines.append(f"  \u2022 {parameter.name}={value}")
        if not lines:
            raise
        message = (f"Exception encountered when calling {display_name}.\n\n"
                   f"\x1b[1m{_message(e)}\x1b[0m\n\n"
                   f"Arguments received by {display_name}:\n" + "\n".join(lines))
        new = _same_error(e, message)
        new._keras_call_info_injected = True
        raise new from None


def _is_keras_builtin(cls):
    from keras.src.saving.serialization_lib import is_keras_builtin
    return is_keras_builtin(cls)


def _overrides_get_config(cls):
    for klass in cls.__mro__:
        if "get_config" in vars(klass):
            return not _is_keras_builtin(klass)
    return False


def _get_config_help(class_name, error_args):
    example = """
class CustomLayer(keras.layers.Layer):
    def __init__(self, arg1, arg2, **kwargs):
        super().__init__(**kwargs)
        self.arg1 = arg1
        self.arg2 = arg2

    def get_config(self):
        config = super().get_config()
        config.update({
            "arg1": self.arg1,
            "arg2": self.arg2,
        })
        return config"""
    if error_args:
        return (
            f"\nObject {class_name} was created by passing\npositional only or variadic "
            "positional arguments (e.g.,\n`*args`) to `__init__()`, which is not supported "
            "by the\nautomatic config generation. Please remove all positional\nonly and "
            "variadic arguments from `__init__()`\nor override `get_config()` and "
            "`from_config()` to make\nthe object serializatble.\n\nExample:\n" + example
        )
    return (
        f"\nObject {class_name} was created by passing\nnon-serializable argument values "
        "in `__init__()`,\nand therefore the object must override `get_config()` in\n"
        "order to be serializable. Please implement `get_config()`.\n\nExample:\n" + example
    )


def _is_builtin_layer(cls):
    """Whether `cls` is (or derives from) one of the layers `keras.layers` defines, rather
    than only from the base `Layer` or a model."""
    return any(c.__module__.startswith("keras.src.layers.") for c in cls.__mro__)


class _Autocast:
    """Keras's `AutocastScope`: while a mixed-precision layer is called, its (float32) Keras
    variables read as its compute dtype (`None` leaves the current scope as it is)."""

    def __init__(self, dtype):
        self.dtype = dtype
        self.previous = None

    def __enter__(self):
        if self.dtype is not None:
            self.previous = _keras_native.set_autocast(self.dtype)
        return self

    def __exit__(self, *exc):
        if self.dtype is not None:
            _keras_native.set_autocast(self.previous)
        return False


def _keras_mask_of(value):
    """The mask a tensor (or the first tensor of a structure) carries, if any."""
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        masks = [_keras_mask_of(v) for v in value]
        return masks if any(m is not None for m in masks) else None
    if tf.is_tensor(value) or isinstance(value, KerasTensor):
        return getattr(value, "_keras_mask", None)
    return None
