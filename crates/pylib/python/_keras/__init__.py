"""Keras written in Python on the library layer: the parts issue by issue moved here from
the native Keras (`keras.callbacks` so far). `keras`'s native modules load these files on
first use of a name (see `tf_binding::python_names`)."""
