"""Keras's layers, written on `keras.ops` and TensorFlow's ops."""
