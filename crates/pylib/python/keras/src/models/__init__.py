"""Keras models: `Model` (subclassed), `Functional` (a graph of layer calls) and
`Sequential` (a stack of layers)."""
