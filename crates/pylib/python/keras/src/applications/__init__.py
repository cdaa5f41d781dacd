"""`keras.applications`: the image-classification architectures Keras ships, built with the
playground's layers as Keras builds them (the same layers, names and shapes, so `summary()`
reads as Keras's). There is no network in the browser: `weights=None` builds the model with
fresh weights, and `weights='imagenet'` stops where Keras would download them, saying so."""
