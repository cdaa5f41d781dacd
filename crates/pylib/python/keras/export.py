"""`keras.export`."""

from keras.src.export import ExportArchive  # noqa: F401
