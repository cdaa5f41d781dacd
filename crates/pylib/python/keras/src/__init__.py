"""Keras 3 written in Python on the library layer, over the playground's TensorFlow.

`import keras` loads this package. It is written for this project, structured as Keras 3
is (backend, ops, layers, models, trainer), and behaves as Keras 3.15 does with the
TensorFlow backend. Initializers, optimizers, losses and metrics are still the native
ones `tf.keras` uses; `tf.keras` itself moves here once this package covers what the
native Keras does."""
