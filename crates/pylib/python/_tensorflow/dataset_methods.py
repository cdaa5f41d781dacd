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
    """Folds the elements into a state: `reduce_func(state, element)` for each. As in
    TensorFlow the function is traced (a graph: its Python runs once per trace, and its
    errors are graph-building errors), and the new state must keep the initial state's
    dtypes."""
    state = nest.map_structure(tf.convert_to_tensor, initial_state)
    state_types = tuple(t.dtype for t in nest.flatten(state))
    traced = tf.function(reduce_func, autograph=True)
    for element in self:
        new_state = nest.map_structure(tf.convert_to_tensor, traced(state, element))
        new_types = tuple(t.dtype for t in nest.flatten(new_state))
        if new_types != state_types:
            raise TypeError(
                "The element types for the new state must match the initial state. "
                f"Expected {_types_text(state, state_types)} but got "
                f"{_types_text(new_state, new_types)}.")
        state = new_state
    return state


def _types_text(structure, types):
    return str(nest.pack_sequence_as(structure, list(types)))


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


def _finite_elements(dataset, method):
    if dataset.cardinality() == tf.data.INFINITE_CARDINALITY:
        raise NotImplementedError(
            f"{method}() over an infinite dataset is not emulated: the playground runs it "
            "over the elements of a finite dataset.")
    return list(dataset)


def _from_elements(elements, spec):
    """A dataset of `elements` (each structured as `spec`)."""
    leaves = nest.flatten(spec)
    if not elements:
        empty = [tf.zeros([0] + leaf.shape.as_list(), leaf.dtype) for leaf in leaves]
        return tf.data.Dataset.from_tensor_slices(nest.pack_sequence_as(spec, empty))
    flat = [nest.flatten(element) for element in elements]
    columns = [tf.stack([element[i] for element in flat]) for i in range(len(leaves))]
    return tf.data.Dataset.from_tensor_slices(nest.pack_sequence_as(elements[0], columns))


def apply(self, transformation_func):
    """`transformation_func(self)`, which must return a dataset."""
    dataset = transformation_func(self)
    if not isinstance(dataset, tf.data.Dataset):
        raise TypeError("`transformation_func` must return a `tf.data.Dataset` object. "
                        f"Got {type(dataset)}.")
    return dataset


def _single_element_error(spec, message):
    # The eager op's error, as TensorFlow words it.
    count = len(nest.flatten(spec))
    return tf.errors.InvalidArgumentError(
        None, None,
        "{{function_node __wrapped__DatasetToSingleElement_output_types_%d_device_/job:"
        "localhost/replica:0/task:0/device:CPU:0}} %s [Op:DatasetToSingleElement] name: "
        % (count, message))


def get_single_element(self, name=None):
    """The dataset's one element."""
    iterator = iter(self)
    try:
        element = next(iterator)
    except StopIteration:
        raise _single_element_error(self.element_spec, "Dataset was empty.") from None
    try:
        next(iterator)
    except StopIteration:
        return element
    raise _single_element_error(self.element_spec, "Dataset had more than one element.")


def _call(func, element):
    if isinstance(element, tuple):
        return func(*element)
    return func(element)


def take_while(self, predicate, name=None):
    """The elements up to the first for which `predicate` is false."""
    kept = []
    for element in self:
        if not bool(_call(predicate, element)):
            break
        kept.append(element)
    return _from_elements(kept, self.element_spec)


def scan(self, initial_state, scan_func, name=None):
    """`scan_func(state, element) -> (new_state, output)` over the elements: the outputs."""
    state = nest.map_structure(tf.convert_to_tensor, initial_state)
    outputs = []
    for element in _finite_elements(self, "scan"):
        args = (state,) + (element if isinstance(element, tuple) else (element,))
        state, output = scan_func(*args)
        outputs.append(nest.map_structure(tf.convert_to_tensor, output))
    if not outputs:
        raise NotImplementedError("scan() over an empty dataset is not emulated.")
    return _from_elements(outputs, outputs[0])


def unique(self, name=None):
    """The elements, each first occurrence only (scalars of int or string dtype)."""
    spec = self.element_spec
    if not isinstance(spec, tf.TensorSpec) or spec.shape.rank != 0:
        raise TypeError("`tf.data.Dataset.unique` does not support datasets whose elements "
                        "are not scalars.")
    seen, kept = set(), []
    for element in _finite_elements(self, "unique"):
        key = element.numpy().item() if hasattr(element.numpy(), "item") else element.numpy()
        if key not in seen:
            seen.add(key)
            kept.append(element)
    return _from_elements(kept, spec)


def counter(start=0, step=1, dtype=tf.int64, name=None):
    """`start`, `start + step`, ... without end."""
    dataset = tf.data.Dataset.range(start, 2 ** 63 - 1 if step > 0 else -(2 ** 63), step)
    if dtype != tf.int64:
        dataset = dataset.map(lambda x: tf.cast(x, dtype))
    return dataset


def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
    """Elements taken from `datasets[choice]` for each choice `choice_dataset` yields."""
    iterators = [iter(dataset) for dataset in datasets]
    exhausted = [False] * len(datasets)
    chosen = []
    for choice in _finite_elements(choice_dataset, "choose_from_datasets"):
        index = int(choice)
        if index < 0 or index >= len(iterators):
            raise tf.errors.InvalidArgumentError(
                None, None, f"Selector index out of range: {index} >= {len(iterators)}")
        if exhausted[index]:
            continue
        try:
            chosen.append(next(iterators[index]))
        except StopIteration:
            exhausted[index] = True
            if stop_on_empty_dataset:
                break
    return _from_elements(chosen, datasets[0].element_spec)


def file_names(filenames):
    """A file dataset's `filenames` argument (a name, a list of names, or a string tensor)
    as a list of `str`."""
    if tf.is_tensor(filenames):
        filenames = filenames.numpy()
    if isinstance(filenames, (str, bytes)):
        filenames = [filenames]
    names = []
    for filename in filenames:
        if hasattr(filename, "numpy"):
            filename = filename.numpy()
        if isinstance(filename, bytes):
            filename = filename.decode()
        names.append(str(filename))
    return names


def TextLineDataset(filenames, compression_type=None, buffer_size=None,
                    num_parallel_reads=None, name=None):  # noqa: N802 - TensorFlow's name
    """The lines of the files, in order, without their line endings."""
    lines = []
    for filename in file_names(filenames):
        try:
            with open(filename, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            raise tf.errors.NotFoundError(
                None, None, f"{filename}; No such file or directory") from None
        for line in data.split(b"\n"):
            lines.append(line[:-1] if line.endswith(b"\r") else line)
        if data.endswith(b"\n") or not data:
            lines.pop()
    return tf.data.Dataset.from_tensor_slices(tf.constant(lines, dtype=tf.string))


def list_files(file_pattern, shuffle=None, seed=None, name=None):
    """The files matching `file_pattern`, sorted, then shuffled unless `shuffle=False`."""
    import glob as _glob
    patterns = [file_pattern] if isinstance(file_pattern, (str, bytes)) else list(file_pattern)
    matches = []
    for pattern in patterns:
        if isinstance(pattern, bytes):
            pattern = pattern.decode()
        matches.extend(_glob.glob(pattern))
    matches = sorted(set(matches))
    if not matches:
        raise tf.errors.InvalidArgumentError(
            None, None, f"Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. "
            f"Summarized data: b'No files matched pattern: {', '.join(patterns)}'")
    dataset = tf.data.Dataset.from_tensor_slices(tf.constant(matches, dtype=tf.string))
    if shuffle is None or shuffle:
        dataset = dataset.shuffle(len(matches), seed=seed)
    return dataset
