"""`clone_model` (a new model of the same architecture, fresh weights) and
`model_from_json`/`Model.to_json`, through the model's config."""

import json

from keras.src.saving import serialization_lib


def clone_model(model, input_tensors=None, clone_function=None, call_function=None,
                recursive=False, **kwargs):
    from keras.src.models.functional import Functional
    from keras.src.models.sequential import Sequential
    if not isinstance(model, (Functional, Sequential)) and clone_function is None:
        # As Keras: a subclassed model is cloned through its config.
        return type(model).from_config(model.get_config())
    if clone_function is not None:
        from keras.src.models.sequential import Sequential as _Sequential
        if isinstance(model, _Sequential):
            layers = [clone_function(layer) for layer in model.layers]
            clone = _Sequential(name=model.name)
            if model._functional is not None:
                from keras.src.layers.core import InputLayer
                clone.add(InputLayer(batch_shape=model._stack[0].batch_shape))
            for layer in layers:
                clone.add(layer)
            return clone
    config = serialization_lib.serialize_keras_object(model)
    config.pop("compile_config", None)
    _rename_layers(config)
    return serialization_lib.deserialize_keras_object(config)


def _rename_layers(config):
    """Fresh layer names for the clone's layers would collide with nothing, as Keras gives
    cloned layers new names only for InputLayers; layers keep theirs."""
    return config


def model_from_json(json_string, custom_objects=None):
    return serialization_lib.deserialize_keras_object(
        json.loads(json_string), custom_objects=custom_objects)
