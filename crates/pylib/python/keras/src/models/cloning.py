"""`clone_model` (a new model of the same architecture, fresh weights) and
`model_from_json`/`Model.to_json`, through the model's config."""

import json

from keras.src.saving import serialization_lib


def clone_model(model, input_tensors=None, clone_function=None, call_function=None,
                recursive=False, **kwargs):
    """A new model of `model`'s architecture with fresh weights: through its config, or for
    a `Sequential` with `clone_function`, from the layers that function makes."""
    from keras.src.layers.core import InputLayer
    from keras.src.models.sequential import Sequential
    if clone_function is not None:
        if not isinstance(model, Sequential):
            raise NotImplementedError(
                "clone_model(clone_function=...) is emulated for Sequential models only.")
        clone = Sequential(name=model.name)
        if model._functional is not None:
            clone.add(InputLayer(batch_shape=model._stack[0].batch_shape))
        for layer in model.layers:
            clone.add(clone_function(layer))
        return clone
    config = serialization_lib.serialize_keras_object(model)
    config.pop("compile_config", None)
    return serialization_lib.deserialize_keras_object(config)


def model_from_json(json_string, custom_objects=None):
    return serialization_lib.deserialize_keras_object(
        json.loads(json_string), custom_objects=custom_objects)
