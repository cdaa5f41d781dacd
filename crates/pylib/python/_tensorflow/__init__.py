"""TensorFlow's API where TensorFlow writes it in Python (`tf.Module`, `tf.linspace`, ...),
written here in Python over the native `tensorflow` module. `tensorflow`'s modules load
these files on first use of a name (see `tf_binding::python_names`).
"""
