"""`Sequential`: a stack of layers. With an input shape (an `Input` first, or a first
layer given `input_shape`) it builds at once as a functional graph; otherwise on its
first call or `build`."""

import tensorflow as tf

from keras.src import backend
from keras.src.keras_tensor import KerasTensor
from keras.src.layer import Layer
from keras.src.layers.core import InputLayer
from keras.src.models.functional import Functional
from keras.src.models.model import Model
from keras.src.operation import compute_output_spec
from keras.src.trainer import Trainer


class Sequential(Model):
    def __init__(self, layers=None, trainable=True, name=None):
        Layer.__init__(self, trainable=trainable, name=name)
        Trainer.__init__(self)
        self._graph = None
        self._functional = None
        self._stack = []
        for layer in layers or []:
            self.add(layer, rebuild=False)
        self._maybe_rebuild()

    def add(self, layer, rebuild=True):
        if isinstance(layer, KerasTensor):
            layer = layer._keras_history[0]
        if not isinstance(layer, Layer):
            raise ValueError(
                "Only instances of `keras.Layer` can be added to a Sequential model. "
                f"Received: {layer} (of type {type(layer)})"
            )
        if isinstance(layer, InputLayer) and self._stack and isinstance(self._stack[0], InputLayer):
            raise ValueError(
                f"Sequential model '{self.name}' has already been configured to use input "
                f"shape {self._stack[0].batch_shape}. You cannot add a different Input layer "
                "to it."
            )
        names = [l.name for l in self._stack]
        if layer.name in names:
            raise ValueError(
                "All layers added to a Sequential model should have unique names. Name "
                f"'{layer.name}' is already the name of a layer in this model. Update the "
                "`name` argument to pass a unique name."
            )
        if not self._stack and not isinstance(layer, InputLayer) and layer._input_shape_arg is not None:
            self._stack.append(InputLayer(batch_shape=layer._input_shape_arg))
        self._stack.append(layer)
        self._layers = [l for l in self._stack if not isinstance(l, InputLayer)]
        if rebuild:
            self._maybe_rebuild()
        else:
            self.built = False
            self._functional = None

    def pop(self, rebuild=True):
        layer = self._stack.pop()
        self._layers = [l for l in self._stack if not isinstance(l, InputLayer)]
        self.built = False
        self._functional = None
        if rebuild:
            self._maybe_rebuild()
        return layer

    def _maybe_rebuild(self):
        self.built = False
        self._functional = None
        if self._stack and isinstance(self._stack[0], InputLayer) and len(self._stack) > 1:
            self.build(self._stack[0].batch_shape)
        elif self._stack and isinstance(self._stack[0], InputLayer):
            pass

    @property
    def layers(self):
        return [l for l in self._stack if not isinstance(l, InputLayer)]

    def get_config(self):
        from keras.src.saving.serialization_lib import serialize_keras_object
        config = Layer.get_config(self)
        config.pop("layers", None)
        config["name"] = self.name
        config["layers"] = [serialize_keras_object(layer) for layer in self._stack]
        if self._functional is not None:
            config["build_input_shape"] = tuple(self._stack[0].batch_shape)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from keras.src import dtype_policies
        from keras.src.saving.serialization_lib import deserialize_keras_object
        dtype = config.get("dtype")
        model = cls(name=config.get("name"), trainable=config.get("trainable", True))
        if dtype is not None:
            model.dtype_policy = dtype_policies.get(dtype)
        for layer_config in config["layers"]:
            model.add(deserialize_keras_object(layer_config, custom_objects=custom_objects),
                      rebuild=False)
        model._maybe_rebuild()
        shape = config.get("build_input_shape")
        if not model.built and isinstance(shape, (tuple, list)):
            model.build(shape)
        return model

    def get_build_config(self):
        return None

    def build(self, input_shape=None):
        if self._functional is not None:
            return
        if input_shape is None:
            raise ValueError("You must provide an `input_shape` argument.")
        input_shape = tuple(input_shape)
        if self._stack and isinstance(self._stack[0], InputLayer):
            inputs = self._stack[0]._output
        else:
            # The input takes the first layer's compute dtype (`string` for a
            # `TextVectorization`), as in Keras.
            dtype = self._stack[0].compute_dtype if self._stack else None
            layer = InputLayer(batch_shape=input_shape, dtype=dtype)
            self._stack.insert(0, layer)
            inputs = layer._output
        x = inputs
        with backend.name_scope(self.name, caller=self):
            for layer in self._stack[1:]:
                x = layer(x)
        self._functional = Functional(inputs=inputs, outputs=x)
        self.built = True

    def call(self, inputs, training=None, mask=None, **kwargs):
        if self._functional is not None:
            return self._functional.call(inputs, training=training)
        x = inputs
        for layer in self._stack:
            if isinstance(layer, InputLayer):
                continue
            x = layer(x, training=training) if training is not None else layer(x)
        return x

    def compute_output_spec(self, inputs, training=None, mask=None):
        if self._functional is not None:
            return self._functional.compute_output_spec(inputs, training=training)
        return compute_output_spec(self.call, (inputs,), {})

    def _maybe_build(self, args, kwargs):
        if self.built:
            return
        x = args[0] if args else None
        shape = getattr(x, "shape", None)
        if shape is not None:
            dims = shape.as_list() if hasattr(shape, "as_list") else list(shape)
            self.build(tuple(dims))
        self.built = True

    @property
    def inputs(self):
        return self._functional.inputs if self._functional is not None else None

    @property
    def outputs(self):
        return self._functional.outputs if self._functional is not None else None

    @property
    def input_shape(self):
        return self._functional.input_shape

    @property
    def output_shape(self):
        return self._functional.output_shape

    @property
    def input(self):
        return self._functional.input

    @property
    def output(self):
        return self._functional.output
