"""`Model`: a layer with training (`compile`, `fit`, `evaluate`, `predict`; see
`trainer`) and `summary()`. `Model(inputs, outputs)` makes a `Functional` model."""

import inspect

from keras.src import backend
from keras.src.layer import Layer, default, is_default
from keras.src.trainer import Trainer


def _functional_arguments(args, kwargs):
    return len(args) == 2 or (len(args) == 1 and "outputs" in kwargs) or (
        "inputs" in kwargs and "outputs" in kwargs)


_FUNCTIONAL_SUBCLASSES = {}


def _with_functional(cls):
    """`cls` with `Functional` among its bases (same name), made once per class."""
    from keras.src.models.functional import Functional
    made = _FUNCTIONAL_SUBCLASSES.get(cls)
    if made is None:
        made = type(cls.__name__, (cls, Functional), {"__module__": cls.__module__})
        _FUNCTIONAL_SUBCLASSES[cls] = made
    return made


class Model(Trainer, Layer):
    def __new__(cls, *args, **kwargs):
        from keras.src.operation import capture_init_arguments
        made = cls
        if _functional_arguments(args, kwargs):
            from keras.src.models.functional import Functional
            if cls is Model:
                made = Functional
            elif not issubclass(cls, Functional):
                # A subclass (with its own `train_step`, say) built from inputs and
                # outputs runs as a functional model, as Keras injects `Functional`.
                made = _with_functional(cls)
        instance = object.__new__(made)
        capture_init_arguments(instance, cls, args, kwargs)
        return instance

    def __init__(self, *args, **kwargs):
        if _functional_arguments(args, kwargs):
            from keras.src.models.functional import Functional
            Functional.__init__(self, *args, **kwargs)
            return
        if args:
            # Keras 2 tutorials' `super().__init__(self)`: Keras 3's `Layer.__init__`
            # takes keywords only.
            raise TypeError(f"Layer.__init__() takes 1 positional argument but "
                            f"{len(args) + 1} were given")
        trainable = kwargs.pop("trainable", True)
        name = kwargs.pop("name", None)
        dtype = kwargs.pop("dtype", None)
        Layer.__init__(self, trainable=trainable, name=name, dtype=dtype, **kwargs)
        Trainer.__init__(self)
        self._graph = None

    @property
    def layers(self):
        return list(self._layers)

    def get_layer(self, name=None, index=None):
        if index is not None:
            if len(self.layers) <= index:
                raise ValueError(
                    f"Was asked to retrieve layer at index {index} but model only has "
                    f"{len(self.layers)} layers."
                )
            return self.layers[index]
        for layer in self.layers:
            if layer.name == name:
                return layer
        raise ValueError(
            f"No such layer: {name}. Existing layers are: {[l.name for l in self.layers]}."
        )

    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False,
                show_trainable=False, layer_range=None):
        from keras.src.models.summary import print_summary
        print_summary(self, line_length=line_length, positions=positions, print_fn=print_fn)

    @default
    def build(self, input_shape=None):
        # Keras's default build: a subclassed model is only marked built; its
        # layers build when it is first called (summary() then shows them unbuilt).
        if self.built:
            return
        self._build_shapes = input_shape
        self.built = True

    def build_from_config(self, config):
        # A loaded subclassed model without its own build() is built, as Keras does,
        # by running call() on placeholders of the recorded input shape.
        if not config or "input_shape" not in config:
            return
        shapes = config["input_shape"]
        if is_default(type(self).build):
            try:
                self._symbolic_build(shapes)
            except Exception:
                pass
        else:
            with backend.name_scope(self.name, caller=self):
                self.build(shapes)
        self._build_shapes = shapes
        self.built = True

    def _symbolic_build(self, input_shape):
        """Builds the model's layers by tracing its `call` on placeholders of
        `input_shape` (nothing is computed)."""
        from keras.src.keras_tensor import KerasTensor
        from keras.src.operation import compute_output_spec
        if isinstance(input_shape, list) and input_shape and isinstance(input_shape[0], (list, tuple)):
            spec = [KerasTensor(s) for s in input_shape]
        else:
            spec = KerasTensor(input_shape)
        self._build_shapes = input_shape
        with backend.name_scope(self.name, caller=self):
            compute_output_spec(self.call, (spec,), {})

    def call(self, *args, **kwargs):
        raise NotImplementedError(
            f"Model {type(self).__name__} does not have a `call()` method implemented."
        )

    # ---- saving -------------------------------------------------------------------------

    def save(self, filepath, overwrite=True, zipped=None, **kwargs):
        from keras.src.saving import saving_lib
        saving_lib.save_model(self, filepath, overwrite=overwrite, zipped=zipped, **kwargs)

    def export(self, filepath, format="tf_saved_model", verbose=None, input_signature=None,
               **kwargs):
        formats = ("tf_saved_model", "onnx", "openvino", "litert", "torch")
        if format not in formats:
            raise ValueError(f"Unrecognized format={format}. Supported formats are: "
                             f"{list(formats)}.")
        if format == "torch":
            raise ValueError("Torch export requires PyTorch backend.")
        if format != "tf_saved_model":
            raise NotImplementedError(
                f"Exporting to format={format!r} is not emulated in this playground: it "
                "needs a package TensorFlow does not ship. `tf_saved_model` is.")
        from keras.src.export import export_saved_model
        export_saved_model(self, filepath, verbose, input_signature)

    def save_weights(self, filepath, overwrite=True, max_shard_size=None):
        from keras.src.saving import saving_lib
        saving_lib.save_weights(self, filepath, overwrite=overwrite,
                                max_shard_size=max_shard_size)

    def load_weights(self, filepath, skip_mismatch=False, **kwargs):
        from keras.src.saving import saving_lib
        saving_lib.load_weights(self, filepath, skip_mismatch=skip_mismatch, **kwargs)

    def to_json(self, **kwargs):
        import json
        from keras.src.saving.serialization_lib import serialize_keras_object
        return json.dumps(serialize_keras_object(self), **kwargs)

    def get_compile_config(self):
        if getattr(self, "compiled", False) and getattr(self, "_compile_config", None):
            from keras.src.saving import serialization_lib
            return serialization_lib.serialize_keras_object(dict(self._compile_config))
        return None

    def compile_from_config(self, config):
        from keras.src.saving import serialization_lib
        config = serialization_lib.deserialize_keras_object(config)
        self.compile(**config)

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from keras.src.models.functional import Functional, functional_from_config
        functional_keys = ("name", "layers", "input_layers", "output_layers")
        is_functional = all(key in config for key in functional_keys)
        params = list(inspect.signature(cls.__init__).parameters.values())
        names = [p.name for p in params[1:] if p.kind in (p.POSITIONAL_ONLY,
                                                          p.POSITIONAL_OR_KEYWORD)]
        revivable = cls in (Functional, Model) or names == ["inputs", "outputs", "name"] or (
            any(p.kind == p.VAR_POSITIONAL and p.name == "args" for p in params)
            and any(p.kind == p.VAR_KEYWORD and p.name == "kwargs" for p in params))
        if is_functional and revivable:
            return functional_from_config(cls, config, custom_objects=custom_objects)
        try:
            return cls(**config)
        except TypeError as e:
            raise TypeError(
                "Unable to revive model from config. When overriding the `get_config()` "
                "method, make sure that the returned config contains all items used as "
                f"arguments in the  constructor to {cls}, which is the default behavior. "
                "You can override this default behavior by defining a `from_config(cls, "
                "config)` class method to specify how to create an instance of "
                f"{cls.__name__} from its config.\n\nReceived config={config}\n\n"
                f"Error encountered during deserialization: {e}"
            )

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}, built={self.built}>"
