"""Nested structures (lists, tuples, dicts) of tensors, as `keras.tree` walks them."""


def flatten(structure):
    out = []
    _flatten_into(structure, out)
    return out


def _flatten_into(structure, out):
    if isinstance(structure, (list, tuple)):
        for item in structure:
            _flatten_into(item, out)
    elif isinstance(structure, dict):
        for key in sorted(structure):
            _flatten_into(structure[key], out)
    else:
        out.append(structure)


def map_structure(fn, structure):
    if isinstance(structure, list):
        return [map_structure(fn, s) for s in structure]
    if isinstance(structure, tuple):
        return tuple(map_structure(fn, s) for s in structure)
    if isinstance(structure, dict):
        return {k: map_structure(fn, v) for k, v in structure.items()}
    return fn(structure)


def pack_sequence_as(structure, flat):
    it = iter(flat)

    def take(_):
        return next(it)

    return map_structure(take, structure)


def is_nested(structure):
    return isinstance(structure, (list, tuple, dict))


def flatten_with_path(structure):
    """`(path, leaf)` pairs in `flatten`'s order; a path is the tuple of indices and keys
    leading to the leaf."""
    out = []

    def walk(value, path):
        if isinstance(value, (list, tuple)):
            for index, item in enumerate(value):
                walk(item, path + (index,))
        elif isinstance(value, dict):
            for key in sorted(value):
                walk(value[key], path + (key,))
        else:
            out.append((path, value))

    walk(structure, ())
    return out
