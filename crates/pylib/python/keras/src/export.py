"""`model.export(filepath)` and `keras.export.ExportArchive`: a model as a TensorFlow
SavedModel for inference, as Keras 3's TensorFlow backend writes it (an endpoint `serve`, the
model called on its inputs' specs, also under TF-Serving's `serving_default`), and
`keras.layers.TFSMLayer`, which calls such an artifact's endpoint as a layer."""

import tensorflow as tf

from keras.src.layer import Layer


class ExportArchive:
    """What a SavedModel export holds: the tracked models' variables and the endpoints
    added with `add_endpoint`."""

    def __init__(self):
        self._tf_trackable = tf.Module()
        self._endpoint_names = []
        self._tracked = []

    def track(self, resource):
        self._tracked.append(resource)
        # The module tracks the resource's variables so the artifact saves them.
        setattr(self._tf_trackable, f"_tracked_{len(self._tracked)}", resource)

    def add_endpoint(self, name, fn, input_signature=None):
        if name in self._endpoint_names:
            raise ValueError(f"Endpoint name '{name}' is already taken.")
        if input_signature is None:
            raise ValueError(
                "You must pass an `input_signature` to `add_endpoint()` for a function "
                "that is not a `tf.function`.")
        decorated = tf.function(fn, input_signature=input_signature, autograph=False)
        setattr(self._tf_trackable, name, decorated)
        self._endpoint_names.append(name)
        return decorated

    def track_and_add_endpoint(self, name, resource, input_signature):
        self.track(resource)

        # The resource called on the endpoint's arguments (`args_0`, ...), as Keras adds
        # its `__call__`.
        def call(*args):
            return resource(*args)

        return self.add_endpoint(name, call, input_signature)

    def write_out(self, filepath, options=None, verbose=True):
        if not self._endpoint_names:
            raise ValueError("No endpoints have been set yet. Call add_endpoint().")
        signatures = {name: getattr(self._tf_trackable, name).get_concrete_function()
                      for name in self._endpoint_names}
        if "serving_default" not in self._endpoint_names:
            signatures["serving_default"] = signatures[self._endpoint_names[0]]
        tf.saved_model.save(self._tf_trackable, filepath, signatures=signatures,
                            options=options)
        if verbose:
            endpoints = "\n\n".join(
                _endpoint_text(signatures[name], name) for name in self._endpoint_names)
            print(f"Saved artifact at '{filepath}'. "
                  "The following endpoints are available:\n\n" + endpoints)


def _endpoint_text(concrete, name):
    lines = concrete.pretty_printed_signature(verbose=True).split("\n")
    return "\n".join([f"* Endpoint '{name}'"] + lines[1:])


def _spec(x):
    return tf.TensorSpec((None,) + tuple(x.shape)[1:], x.dtype, name=x.name)


def input_signature(model):
    """The specs the `serve` endpoint takes, as Keras infers them: the model's inputs with
    any batch size, named after them (a functional model takes its inputs' structure as
    one argument, a Sequential model each input)."""
    from keras.src import tree
    from keras.src.models.sequential import Sequential
    inputs = getattr(model, "inputs", None)
    if not inputs:
        raise ValueError(
            "The model provided has never called. It must be called at least once before "
            "export.")
    if isinstance(model, Sequential):
        return [_spec(x) for x in inputs]
    struct = getattr(model, "_inputs_struct", None)
    if struct is not None:
        return [tree.map_structure(_spec, struct)]
    return [_spec(inputs[0])] if len(inputs) == 1 else [[_spec(x) for x in inputs]]


def export_saved_model(model, filepath, verbose=None, input_signature_=None):
    archive = ExportArchive()
    signature = input_signature_ if input_signature_ is not None else input_signature(model)
    archive.track_and_add_endpoint("serve", model, signature)
    archive.write_out(filepath, verbose=True if verbose is None else verbose)


class TFSMLayer(Layer):
    """A SavedModel's endpoint (by default `serve`), called as a layer for inference."""

    def __init__(self, filepath, call_endpoint="serve", call_training_endpoint=None,
                 trainable=True, name=None, dtype=None):
        super().__init__(trainable=trainable, name=name, dtype=dtype)
        self._reloaded = tf.saved_model.load(filepath)
        self.filepath = filepath
        self.call_endpoint = call_endpoint
        self.call_training_endpoint = call_training_endpoint
        self.call_endpoint_fn = self._endpoint(call_endpoint)
        self.call_training_endpoint_fn = (None if call_training_endpoint is None
                                          else self._endpoint(call_training_endpoint))
        self.built = True

    def _endpoint(self, name):
        fn = getattr(self._reloaded, name, None)
        if fn is None:
            fn = getattr(self._reloaded, "signatures", {}).get(name)
        if fn is None:
            raise ValueError(
                f"The endpoint '{name}' is neither an attribute of the reloaded SavedModel, "
                "nor an entry in the `signatures` field of the reloaded SavedModel. Select "
                "another endpoint via the `call_endpoint` argument. Available endpoints "
                f"for this SavedModel: {list(getattr(self._reloaded, 'signatures', {}))}")
        return fn

    def call(self, inputs, training=False, **kwargs):
        if training and self.call_training_endpoint_fn is not None:
            return self.call_training_endpoint_fn(inputs, **kwargs)
        return self.call_endpoint_fn(inputs, **kwargs)

    def get_config(self):
        return {**self._base_config(), "filepath": self.filepath,
                "call_endpoint": self.call_endpoint,
                "call_training_endpoint": self.call_training_endpoint}
