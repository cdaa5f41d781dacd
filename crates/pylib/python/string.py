"""Character classes as strings (``ascii_letters``, ``digits``, ``punctuation``, ...),
``capwords``, and ``Template`` for ``$name`` substitution, as CPython's ``string`` module
provides them, written for this playground."""

__all__ = ["ascii_letters", "ascii_lowercase", "ascii_uppercase", "capwords",
           "digits", "hexdigits", "octdigits", "printable", "punctuation",
           "whitespace", "Template"]

whitespace = " \t\n\r\x0b\x0c"
ascii_lowercase = "abcdefghijklmnopqrstuvwxyz"
ascii_uppercase = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ascii_letters = ascii_lowercase + ascii_uppercase
digits = "0123456789"
hexdigits = digits + "abcdef" + "ABCDEF"
octdigits = "01234567"
punctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    return (sep or " ").join(word.capitalize() for word in s.split(sep))


_IDENT_START = ascii_letters + "_"
_IDENT_CHARS = _IDENT_START + digits


class Template:

    delimiter = "$"

    def __init__(self, template):
        self.template = template

    def _scan(self, lookup, safe):
        """Build the result; lookup(name) returns the text for a placeholder."""
        text = self.template
        out = []
        i = 0
        n = len(text)
        while i < n:
            j = text.find(self.delimiter, i)
            if j < 0:
                out.append(text[i:])
                break
            out.append(text[i:j])
            k = j + 1
            if k < n and text[k] == self.delimiter:  # $$ is an escaped $
                out.append(self.delimiter)
                i = k + 1
                continue
            braced = k < n and text[k] == "{"
            start = k + 1 if braced else k
            end = start
            if end < n and text[end] in _IDENT_START:
                end += 1
                while end < n and text[end] in _IDENT_CHARS:
                    end += 1
            name = text[start:end]
            if name and (not braced or (end < n and text[end] == "}")):
                after = end + 1 if braced else end
                if safe:
                    try:
                        out.append(str(lookup(name)))
                    except KeyError:
                        out.append(text[j:after])
                else:
                    out.append(str(lookup(name)))
                i = after
                continue
            # An invalid placeholder.
            if safe:
                out.append(self.delimiter)
                i = k
                continue
            line = text.count("\n", 0, j) + 1
            col = j - (text.rfind("\n", 0, j) + 1) + 1
            raise ValueError(f"Invalid placeholder in string: line {line}, col {col}")
        return "".join(out)

    def _mapping(self, args, kws, method):
        if len(args) > 1:
            raise TypeError(f"{method}() takes from 1 to 2 positional arguments but "
                            f"{len(args) + 1} were given")
        if not args:
            return kws
        if kws:
            mapping, extra = args[0], kws
            return _ChainedLookup(extra, mapping)
        return args[0]

    def substitute(self, *args, **kws):
        mapping = self._mapping(args, kws, "substitute")
        return self._scan(lambda name: mapping[name], False)

    def safe_substitute(self, *args, **kws):
        mapping = self._mapping(args, kws, "safe_substitute")
        return self._scan(lambda name: mapping[name], True)

    def get_identifiers(self):
        names = []
        self._scan(lambda name: names.append(name) or "", True)
        return list(dict.fromkeys(names))

    def is_valid(self):
        try:
            self._scan(lambda name: "", False)
        except ValueError:
            return False
        return True


class _ChainedLookup:
    """Look names up in the keyword arguments first, then in the mapping."""

    def __init__(self, first, second):
        self.first = first
        self.second = second

    def __getitem__(self, key):
        if key in self.first:
            return self.first[key]
        return self.second[key]
