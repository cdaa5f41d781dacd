"""Data pretty printer: a pure-Python pprint.

``pformat(obj)`` returns the repr of ``obj`` when it fits in the available width.  When it
does not, dicts, lists, tuples, sets, frozensets, strings and bytes are laid out over
several lines, one item per line (or packed, with ``compact=True``), each nested
container getting the same treatment with the remaining width.  Dict keys and set items
are sorted when the container has to be split (dict keys also in the one-line form,
unless ``sort_dicts=False``).  A container met again while it is being printed is shown
as ``<Recursion on TYPE with id=ID>``; one deeper than ``depth`` as ``[...]``, ``(...)``
or ``{...}``.

Not covered: the collections types (OrderedDict, defaultdict, Counter, deque, ChainMap,
UserDict/UserList/UserString), dataclasses, SimpleNamespace and mappingproxy are printed
with their plain repr.
"""

import sys as _sys

__all__ = ["pprint", "pformat", "isreadable", "isrecursive", "saferepr",
           "PrettyPrinter", "pp"]


def pprint(object, stream=None, indent=1, width=80, depth=None, *,
           compact=False, sort_dicts=True, underscore_numbers=False):
    PrettyPrinter(stream=stream, indent=indent, width=width, depth=depth,
                  compact=compact, sort_dicts=sort_dicts,
                  underscore_numbers=underscore_numbers).pprint(object)


_print_to_stream = pprint  # for pp(), which takes the same arguments


def pformat(object, indent=1, width=80, depth=None, *,
            compact=False, sort_dicts=True, underscore_numbers=False):
    return PrettyPrinter(indent=indent, width=width, depth=depth, compact=compact,
                         sort_dicts=sort_dicts,
                         underscore_numbers=underscore_numbers).pformat(object)


def pp(object, *args, sort_dicts=False, **kwargs):
    """Pretty-print a Python object, keeping dicts in insertion order by default."""
    _print_to_stream(object, *args, sort_dicts=sort_dicts, **kwargs)


def saferepr(object):
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[0]


def isreadable(object):
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[1]


def isrecursive(object):
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[2]


class _SortKey:
    """Orders arbitrary objects: by ``<`` when the objects support it, otherwise by
    type name, then id, so that mixed-type dict keys and set items can be sorted."""

    def __init__(self, obj):
        self.obj = obj

    def __lt__(self, other):
        try:
            return self.obj < other.obj
        except TypeError:
            return ((str(type(self.obj)), id(self.obj)) <
                    (str(type(other.obj)), id(other.obj)))


def _sorted_items(mapping):
    return sorted(mapping.items(), key=lambda item: _SortKey(item[0]))


def _recursion(object):
    return "<Recursion on %s with id=%s>" % (type(object).__name__, id(object))


def _plain_repr_of(typ, base):
    """Is ``typ`` the builtin ``base`` or a subclass that keeps its ``__repr__``?"""
    if typ is base:
        return True
    return (issubclass(typ, base) and
            getattr(typ, "__repr__", None) is getattr(base, "__repr__", None))


def _group_digits(n):
    digits = str(abs(n))
    groups = []
    while len(digits) > 3:
        groups.append(digits[-3:])
        digits = digits[:-3]
    groups.append(digits)
    return ("-" if n < 0 else "") + "_".join(reversed(groups))


def _word_runs(line):
    """Split ``line`` into pieces made of non-whitespace then whitespace characters."""
    parts = []
    start = 0
    pos = 0
    n = len(line)
    while pos < n:
        while pos < n and not line[pos].isspace():
            pos += 1
        while pos < n and line[pos].isspace():
            pos += 1
        parts.append(line[start:pos])
        start = pos
    return parts


class _TextSink:
    """Collects written text (a minimal stand-in for io.StringIO)."""

    def __init__(self):
        self._parts = []

    def write(self, text):
        self._parts.append(text)

    def getvalue(self):
        return "".join(self._parts)


class PrettyPrinter:
    def __init__(self, indent=1, width=80, depth=None, stream=None, *,
                 compact=False, sort_dicts=True, underscore_numbers=False):
        """Handle pretty printing operations onto a stream using a set of
        configured parameters.

        indent: number of spaces to indent for each level of nesting.
        width: attempted maximum number of columns in the output.
        depth: the maximum depth to print out nested structures.
        stream: the desired output stream (default: sys.stdout).
        compact: if true, several items are combined in one line.
        sort_dicts: if true, dict keys are sorted.
        underscore_numbers: if true, digit groups of ints are separated by '_'.
        """
        indent = int(indent)
        width = int(width)
        if indent < 0:
            raise ValueError("indent must be >= 0")
        if depth is not None and depth <= 0:
            raise ValueError("depth must be > 0")
        if not width:
            raise ValueError("width must be != 0")
        self._depth = depth
        self._indent_per_level = indent
        self._width = width
        self._stream = stream if stream is not None else _sys.stdout
        self._compact = bool(compact)
        self._sort_dicts = sort_dicts
        self._underscore_numbers = underscore_numbers
        self._readable = True
        self._recursive = False

    # -- public interface -------------------------------------------------------

    def pprint(self, object):
        if self._stream is not None:
            self._format(object, self._stream, 0, 0, {}, 0)
            self._stream.write("\n")

    def pformat(self, object):
        sink = _TextSink()
        self._format(object, sink, 0, 0, {}, 0)
        return sink.getvalue()

    def isrecursive(self, object):
        return self.format(object, {}, 0, 0)[2]

    def isreadable(self, object):
        rep, readable, recursive = self.format(object, {}, 0, 0)
        return readable and not recursive

    def format(self, object, context, maxlevels, level):
        """Return (repr, readable, recursive) for ``object`` on one line.

        ``context`` holds the ids of the containers being formatted (to detect
        recursion), ``maxlevels`` the depth limit, ``level`` the current depth."""
        return self._safe_repr(object, context, maxlevels, level)

    # -- multi-line layout ------------------------------------------------------

    def _format(self, object, stream, indent, allowance, context, level):
        """Write ``object`` starting at column ``indent``; ``allowance`` columns must
        stay free after it on its last line (for closing brackets and commas)."""
        objid = id(object)
        if objid in context:
            stream.write(_recursion(object))
            self._recursive = True
            self._readable = False
            return
        rep = self._repr(object, context, level)
        if len(rep) > self._width - indent - allowance:
            layout = self._layout_for(object)
            if layout is not None:
                context[objid] = 1
                layout(object, stream, indent, allowance, context, level + 1)
                del context[objid]
                return
        stream.write(rep)

    def _layout_for(self, object):
        typ = type(object)
        if _plain_repr_of(typ, dict):
            return self._pprint_dict
        if _plain_repr_of(typ, list):
            return self._pprint_list
        if _plain_repr_of(typ, tuple):
            return self._pprint_tuple
        if _plain_repr_of(typ, set) or _plain_repr_of(typ, frozenset):
            return self._pprint_set
        if _plain_repr_of(typ, str):
            return self._pprint_str
        if _plain_repr_of(typ, bytes):
            return self._pprint_bytes
        return None

    def _pprint_dict(self, object, stream, indent, allowance, context, level):
        stream.write("{")
        if self._indent_per_level > 1:
            stream.write((self._indent_per_level - 1) * " ")
        if object:
            items = _sorted_items(object) if self._sort_dicts else list(object.items())
            self._format_dict_items(items, stream, indent, allowance + 1, context, level)
        stream.write("}")

    def _pprint_list(self, object, stream, indent, allowance, context, level):
        stream.write("[")
        self._format_items(object, stream, indent, allowance + 1, context, level)
        stream.write("]")

    def _pprint_tuple(self, object, stream, indent, allowance, context, level):
        stream.write("(")
        closing = ",)" if len(object) == 1 else ")"
        self._format_items(object, stream, indent, allowance + len(closing),
                           context, level)
        stream.write(closing)

    def _pprint_set(self, object, stream, indent, allowance, context, level):
        if not object:
            stream.write(repr(object))
            return
        typ = type(object)
        if typ is set:
            stream.write("{")
            closing = "}"
        else:
            stream.write(typ.__name__ + "({")
            closing = "})"
            indent += len(typ.__name__) + 1
        items = sorted(object, key=_SortKey)
        self._format_items(items, stream, indent, allowance + len(closing),
                           context, level)
        stream.write(closing)

    def _pprint_str(self, object, stream, indent, allowance, context, level):
        """Split a long string into adjacent literals, one per line, breaking after
        newlines and, within a line, between words."""
        if not object:
            stream.write(repr(object))
            return
        if level == 1:  # top level: the literals get wrapped in parentheses
            indent += 1
            allowance += 1
        width = self._width - indent
        lines = object.splitlines(True)
        pieces = []
        for i, line in enumerate(lines):
            last_line = i == len(lines) - 1
            rep = repr(line)
            if len(rep) <= (width - allowance if last_line else width):
                pieces.append(rep)
                continue
            parts = _word_runs(line)
            limit = width
            current = ""
            for j, part in enumerate(parts):
                candidate = current + part
                if last_line and j == len(parts) - 1:
                    limit -= allowance
                if len(repr(candidate)) > limit:
                    if current:
                        pieces.append(repr(current))
                    current = part
                else:
                    current = candidate
            if current:
                pieces.append(repr(current))
        if len(pieces) == 1:
            stream.write(pieces[0])
            return
        if level == 1:
            stream.write("(")
        stream.write(("\n" + " " * indent).join(pieces))
        if level == 1:
            stream.write(")")

    def _pprint_bytes(self, object, stream, indent, allowance, context, level):
        """Split a long bytes object into literals of whole 4-byte groups."""
        if len(object) <= 4:
            stream.write(repr(object))
            return
        if level == 1:
            indent += 1
            allowance += 1
        width = self._width - indent
        last_start = len(object) // 4 * 4
        pieces = []
        current = b""
        for start in range(0, len(object), 4):
            part = object[start:start + 4]
            candidate = current + part
            if start == last_start:
                width -= allowance
            if len(repr(candidate)) > width:
                if current:
                    pieces.append(repr(current))
                current = part
            else:
                current = candidate
        if current:
            pieces.append(repr(current))
        if level == 1:
            stream.write("(")
        stream.write(("\n" + " " * indent).join(pieces))
        if level == 1:
            stream.write(")")

    def _format_dict_items(self, items, stream, indent, allowance, context, level):
        indent += self._indent_per_level
        separator = ",\n" + " " * indent
        last_index = len(items) - 1
        for i, (key, value) in enumerate(items):
            last = i == last_index
            rep = self._repr(key, context, level)
            stream.write(rep)
            stream.write(": ")
            self._format(value, stream, indent + len(rep) + 2,
                         allowance if last else 1, context, level)
            if not last:
                stream.write(separator)

    def _format_items(self, items, stream, indent, allowance, context, level):
        indent += self._indent_per_level
        if self._indent_per_level > 1:
            stream.write((self._indent_per_level - 1) * " ")
        items = list(items)
        newline = ",\n" + " " * indent
        # In compact mode ``room`` is what is left of the current line; the item after
        # the last one needs ``allowance`` columns instead of the ", " separator.
        full = self._width - indent + 1
        room = full
        separator = ""
        for i, item in enumerate(items):
            last = i == len(items) - 1
            if last:
                full -= allowance
                room -= allowance
            if self._compact:
                rep = self._repr(item, context, level)
                needed = len(rep) + 2
                if room < needed:
                    room = full
                    if separator:
                        separator = newline
                if room >= needed:
                    room -= needed
                    stream.write(separator)
                    separator = ", "
                    stream.write(rep)
                    continue
            stream.write(separator)
            separator = newline
            self._format(item, stream, indent, allowance if last else 1, context, level)

    def _repr(self, object, context, level):
        rep, readable, recursive = self.format(object, dict(context), self._depth, level)
        if not readable:
            self._readable = False
        if recursive:
            self._recursive = True
        return rep

    # -- one-line repr ----------------------------------------------------------

    def _safe_repr(self, object, context, maxlevels, level):
        typ = type(object)
        if typ is bool or typ is str or typ is float or typ is type(None):
            return repr(object), True, False
        if _plain_repr_of(typ, int):
            if self._underscore_numbers:
                return _group_digits(object), True, False
            return repr(object), True, False

        if _plain_repr_of(typ, dict):
            if not object:
                return "{}", True, False
            if self._sort_dicts:
                items = _sorted_items(object)
            else:
                items = list(object.items())
            return self._safe_join(object, "{%s}", items, context, maxlevels, level)

        if _plain_repr_of(typ, list):
            if not object:
                return "[]", True, False
            return self._safe_join(object, "[%s]", object, context, maxlevels, level)

        if _plain_repr_of(typ, tuple):
            if not object:
                return "()", True, False
            template = "(%s,)" if len(object) == 1 else "(%s)"
            return self._safe_join(object, template, object, context, maxlevels, level)

        rep = repr(object)
        return rep, (rep and not rep.startswith("<")), False

    def _safe_join(self, object, template, entries, context, maxlevels, level):
        """One-line repr of a dict (``entries`` are its items) or a list/tuple."""
        objid = id(object)
        if maxlevels and level >= maxlevels:
            return template % "...", False, objid in context
        if objid in context:
            return _recursion(object), False, True
        context[objid] = 1
        is_dict = template == "{%s}"
        readable = True
        recursive = False
        pieces = []
        for entry in entries:
            if is_dict:
                key, value = entry
                krep, kreadable, krecursive = self.format(key, context, maxlevels, level + 1)
                vrep, vreadable, vrecursive = self.format(value, context, maxlevels, level + 1)
                pieces.append("%s: %s" % (krep, vrep))
                readable = readable and kreadable and vreadable
                recursive = recursive or krecursive or vrecursive
            else:
                rep, ereadable, erecursive = self.format(entry, context, maxlevels, level + 1)
                pieces.append(rep)
                if not ereadable:
                    readable = False
                if erecursive:
                    recursive = True
        del context[objid]
        return template % ", ".join(pieces), readable, recursive
