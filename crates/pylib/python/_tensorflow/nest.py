"""The parts of `tf.nest` the library layer needs: structures flattened with their paths,
dicts by sorted key, as `nest.flatten_with_tuple_paths` does."""


def _is_namedtuple(value):
    return isinstance(value, tuple) and hasattr(type(value), "_fields")


def flatten_with_tuple_paths(structure):
    """`[(path, leaf), ...]` for every leaf of nested lists, tuples, namedtuples and dicts."""
    out = []
    _walk(structure, (), out)
    return out


def _walk(value, path, out):
    if isinstance(value, dict):
        for key in sorted(value):
            _walk(value[key], path + (key,), out)
    elif _is_namedtuple(value):
        for field in type(value)._fields:
            _walk(getattr(value, field), path + (field,), out)
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            _walk(item, path + (index,), out)
    else:
        out.append((path, value))
