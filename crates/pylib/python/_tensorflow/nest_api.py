"""`tf.nest`: nested structures of lists, tuples, namedtuples and dicts (by sorted key), as
TensorFlow's `nest` flattens, maps and packs them. Everything else is a leaf (`None` too)."""

import collections.abc


def _is_namedtuple(value):
    return isinstance(value, tuple) and hasattr(type(value), "_fields")


def is_nested(seq):
    return isinstance(seq, (list, tuple, dict, collections.abc.Mapping))


def _children(value):
    if isinstance(value, (dict, collections.abc.Mapping)):
        return [value[key] for key in sorted(value)]
    return list(value)


def flatten(structure, expand_composites=False):
    if not is_nested(structure):
        # A composite (an extension type) expands into its component tensors on request.
        if expand_composites and hasattr(type(structure), "_tf_flatten_composite"):
            return list(structure._tf_flatten_composite()[1])
        return [structure]
    out = []
    for child in _children(structure):
        out.extend(flatten(child, expand_composites))
    return out


def _rebuild(structure, children):
    if isinstance(structure, (dict, collections.abc.Mapping)):
        by_key = dict(zip(sorted(structure), children))
        return type(structure)((key, by_key[key]) for key in structure)
    if _is_namedtuple(structure):
        return type(structure)(*children)
    if isinstance(structure, tuple):
        return tuple(children)
    return list(children)


def _pack(structure, flat, index):
    if not is_nested(structure):
        return flat[index], index + 1
    children = []
    for child in _children(structure):
        packed, index = _pack(child, flat, index)
        children.append(packed)
    return _rebuild(structure, children), index


def pack_sequence_as(structure, flat_sequence, expand_composites=False):
    if not is_nested(flat_sequence):
        raise TypeError(
            "Attempted to pack value:\n  {}\ninto a structure, but found incompatible type "
            "`{}` instead.".format(flat_sequence, type(flat_sequence))
        )
    flat_sequence = list(flat_sequence)
    expected = len(flatten(structure))
    if expected != len(flat_sequence):
        raise ValueError(
            "Could not pack sequence. Structure had {} atoms, but flat_sequence had {} "
            "items.  Structure: {}, flat_sequence: {}.".format(
                expected, len(flat_sequence), structure, flat_sequence)
        )
    packed, _ = _pack(structure, flat_sequence, 0)
    return packed


def _same_structure(a, b, check_types):
    if is_nested(a) != is_nested(b):
        return False
    if not is_nested(a):
        return True
    if check_types and type(a) is not type(b):
        if not (isinstance(a, (dict, collections.abc.Mapping)) and
                isinstance(b, (dict, collections.abc.Mapping))):
            return False
    if isinstance(a, (dict, collections.abc.Mapping)) and sorted(a) != sorted(b):
        return False
    ca, cb = _children(a), _children(b)
    if len(ca) != len(cb):
        return False
    return all(_same_structure(x, y, check_types) for x, y in zip(ca, cb))


def _shape_text(structure):
    """A structure with its leaves as `.` (`(., [., .])`), as TensorFlow's errors show it."""
    if not is_nested(structure):
        return "."
    if isinstance(structure, (dict, collections.abc.Mapping)):
        return "{" + ", ".join(f"{k!r}: {_shape_text(structure[k])}" for k in structure) + "}"
    inner = ", ".join(_shape_text(c) for c in structure)
    if isinstance(structure, list):
        return f"[{inner}]"
    if _is_namedtuple(structure):
        return f"{type(structure).__name__}({inner})"
    return f"({inner},)" if len(structure) == 1 else f"({inner})"


def _described(value):
    return f"type={type(value).__name__} str={value}"


def assert_same_structure(nest1, nest2, check_types=True, expand_composites=False):
    if _same_structure(nest1, nest2, check_types):
        return
    message = (
        "The two structures don't have the same nested structure.\n\n"
        f"First structure: {_described(nest1)}\n\nSecond structure: {_described(nest2)}"
    )
    if is_nested(nest1) != is_nested(nest2):
        nested, flat = (nest1, nest2) if is_nested(nest1) else (nest2, nest1)
        message += (
            f'\n\nMore specifically: Substructure "{_described(nested)}" is a sequence, '
            f'while substructure "{_described(flat)}" is not'
        )
    message += (
        f"\nEntire first structure:\n{_shape_text(nest1)}\n"
        f"Entire second structure:\n{_shape_text(nest2)}"
    )
    raise ValueError(message)


def map_structure(func, *structure, **kwargs):
    if not callable(func):
        raise TypeError(f"func must be callable, got: {func}")
    if not structure:
        raise ValueError("Must provide at least one structure")
    check_types = kwargs.pop("check_types", True)
    kwargs.pop("expand_composites", None)
    if kwargs:
        raise ValueError(
            "Only valid keyword arguments are `check_types` and `expand_composites`, "
            f"not: `{'`, `'.join(kwargs.keys())}`"
        )
    for other in structure[1:]:
        assert_same_structure(structure[0], other, check_types=check_types)
    flats = [flatten(s) for s in structure]
    return pack_sequence_as(structure[0], [func(*args) for args in zip(*flats)])
