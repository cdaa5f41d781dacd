"""`tf.data.Dataset` methods TensorFlow writes in Python over its other methods:
`padded_batch`'s nested arguments (the padding itself is native), `reduce`, `enumerate`,
`flat_map` and `window`. The native `Dataset` class forwards to these."""

import tensorflow as tf
from _tensorflow import nest_api as nest


def _flatten_up_to(structure, value):
    """`value`'s parts at the leaves of `structure` (a leaf of `structure` may hold a
    nested value, such as a shape list)."""
    if isinstance(structure, dict):
        return [part for key in sorted(structure)
                for part in _flatten_up_to(structure[key], value[key])]
    if isinstance(structure, (list, tuple)):
        if not isinstance(value, (list, tuple)) or len(value) != len(structure):
            raise ValueError(
                f"The two structures don't have the same sequence length. Input structure "
                f"has length {len(structure)}, while shallow structure has length "
                f"{len(value) if isinstance(value, (list, tuple)) else 1}.")
        return [part for s, v in zip(structure, value) for part in _flatten_up_to(s, v)]
    return [value]


def padded_batch(self, batch_size, padded_shapes=None, padding_values=None,
                 drop_remainder=False, name=None):
    """Batches elements, padding each component to `padded_shapes` (by default, every
    dimension to the longest in the batch) with `padding_values` (zero or `b""`)."""
    spec = self.element_spec
    count = len(nest.flatten(spec))
    shapes = ([None] * count if padded_shapes is None
              else _flatten_up_to(spec, padded_shapes))
    values = ([None] * count if padding_values is None
              else _flatten_up_to(spec, padding_values))
    shapes = [None if s is None else tf.TensorShape(s) for s in shapes]
    return self._padded_batch(batch_size, drop_remainder, shapes, values)


def reduce(self, initial_state, reduce_func, name=None):
    """Folds the elements into a state: `reduce_func(state, element)` for each."""
    state = nest.map_structure(tf.convert_to_tensor, initial_state)
    for element in self:
        state = reduce_func(state, element)
        state = nest.map_structure(tf.convert_to_tensor, state)
    return state


def enumerate(self, start=0, name=None):
    """`(index, element)` pairs, the index an int64 counting from `start`."""
    indices = tf.data.Dataset.range(start, 2 ** 63 - 1)
    return tf.data.Dataset.zip((indices, self))


def flat_map(self, map_func, name=None):
    """The elements of the datasets `map_func` makes of each element, in order."""
    return self.interleave(map_func, cycle_length=1, block_length=1)


def window(self, size, shift=None, stride=1, drop_remainder=False, name=None):
    """Windows of `size` elements (every `stride`-th), one starting every `shift`
    elements; each window is a dataset (per component, for tuple elements)."""
    size = int(size)
    shift = size if shift is None else int(shift)
    stride = int(stride)
    if size <= 0:
        raise tf.errors.InvalidArgumentError(None, None, "Window size must be greater than zero, but got 0.")
    if shift <= 0:
        raise tf.errors.InvalidArgumentError(None, None, "Window shift must be greater than zero, but got 0.")
    if stride <= 0:
        raise tf.errors.InvalidArgumentError(None, None, "Window stride must be greater than zero, but got 0.")
    if self.cardinality() == tf.data.INFINITE_CARDINALITY:
        raise NotImplementedError(
            "window() over an infinite dataset is not emulated: the playground builds the "
            "windows of a finite dataset.")
    elements = list(self)
    spec = self.element_spec
    windows = []
    start = 0
    while start < len(elements):
        members = elements[start:start + size * stride:stride]
        if len(members) < size and drop_remainder:
            break
        windows.append(_window_of(spec, members))
        start += shift
    return _WindowDataset(windows, spec)


def _window_of(spec, members):
    """One window: a dataset of `members` per component, in the element's structure."""
    leaves = nest.flatten(spec)
    columns = [[nest.flatten(member)[i] for member in members] for i in range(len(leaves))]
    datasets = []
    for leaf, column in zip(leaves, columns):
        if column:
            datasets.append(tf.data.Dataset.from_tensor_slices(tf.stack(column)))
        else:
            empty = tf.zeros([0] + leaf.shape.as_list(), leaf.dtype)
            datasets.append(tf.data.Dataset.from_tensor_slices(empty))
    return nest.pack_sequence_as(spec, datasets)


class _WindowDataset:
    """What `window` returns: a finite sequence of windows, each a dataset (or a
    structure of datasets), that `flat_map` turns back into one dataset."""

    def __init__(self, windows, spec):
        self._windows = windows
        self._spec = spec

    def __iter__(self):
        return iter(self._windows)

    def __len__(self):
        return len(self._windows)

    def cardinality(self):
        return tf.constant(len(self._windows), tf.int64)

    def flat_map(self, map_func, name=None):
        results = []
        for window in self._windows:
            if isinstance(window, tuple):
                results.append(map_func(*window))
            else:
                results.append(map_func(window))
        return _joined(results)

    def take(self, count):
        return _WindowDataset(self._windows[:int(count)], self._spec)

    def skip(self, count):
        return _WindowDataset(self._windows[int(count):], self._spec)


def _joined(datasets):
    """One dataset of the elements of `datasets` in order: stacked into one when their
    elements agree in shape, concatenated otherwise."""
    if not datasets:
        return tf.data.Dataset.from_tensor_slices(tf.zeros([0]))
    elements = [element for dataset in datasets for element in dataset]
    if not elements:
        return datasets[0]
    leaves = [nest.flatten(element) for element in elements]
    shapes = [[leaf.shape for leaf in element] for element in leaves]
    if all(s == shapes[0] for s in shapes):
        columns = [tf.stack([element[i] for element in leaves])
                   for i in range(len(leaves[0]))]
        return tf.data.Dataset.from_tensor_slices(
            nest.pack_sequence_as(elements[0], columns))
    joined = datasets[0]
    for dataset in datasets[1:]:
        joined = joined.concatenate(dataset)
    return joined
