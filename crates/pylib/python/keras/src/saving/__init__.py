"""Keras's saving: object registration, serialization of objects to configs, and the
`.keras` / `.weights.h5` files on the run's virtual file system."""
