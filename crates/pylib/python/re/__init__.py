"""Regular expressions with Python's syntax and matching rules (see ``re._engine``)."""

from re import _engine

__all__ = [
    "match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer",
    "compile", "purge", "template", "escape", "error", "Pattern", "Match", "A", "I", "L",
    "M", "S", "X", "U", "ASCII", "IGNORECASE", "LOCALE", "MULTILINE", "DOTALL", "VERBOSE",
    "UNICODE", "NOFLAG", "RegexFlag",
]

error = _engine.error


class RegexFlag(int):
    """A flag value that prints as ``re.IGNORECASE|re.MULTILINE``."""

    _names = (("TEMPLATE", 1), ("IGNORECASE", 2), ("LOCALE", 4), ("MULTILINE", 8),
              ("DOTALL", 16), ("UNICODE", 32), ("VERBOSE", 64), ("DEBUG", 128),
              ("ASCII", 256))

    def __repr__(self):
        value = int(self)
        names = [name for name, bit in self._names if value & bit]
        rest = value & ~sum(bit for _, bit in self._names)
        if rest or not names:
            names.append(hex(rest) if names else "re.NOFLAG" if value == 0 else hex(rest))
            if value == 0:
                return "re.NOFLAG"
        return "|".join("re." + n for n in names)

    __str__ = __repr__

    def __or__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) | int(other))

    __ror__ = __or__

    def __and__(self, other):
        if not isinstance(other, int):
            return NotImplemented
        return RegexFlag(int(self) & int(other))

    __rand__ = __and__

    def __invert__(self):
        return RegexFlag(~int(self) & 511)

    @property
    def name(self):
        for name, bit in self._names:
            if int(self) == bit:
                return name
        return None

    @property
    def value(self):
        return int(self)


NOFLAG = RegexFlag(0)
T = TEMPLATE = RegexFlag(1)
I = IGNORECASE = RegexFlag(2)
L = LOCALE = RegexFlag(4)
M = MULTILINE = RegexFlag(8)
S = DOTALL = RegexFlag(16)
U = UNICODE = RegexFlag(32)
X = VERBOSE = RegexFlag(64)
DEBUG = RegexFlag(128)
A = ASCII = RegexFlag(256)


def pattern_has_ascii(pattern, flags):
    """Whether a bytes pattern asked for ASCII itself (``(?a)``)."""
    return b"(?a" in pattern


class Pattern:
    """A compiled regular expression."""

    def __init__(self, pattern, flags):
        self.pattern = pattern
        self._bytes = isinstance(pattern, bytes)
        text = pattern.decode("latin-1") if self._bytes else pattern
        if self._bytes:
            if flags & UNICODE:
                raise ValueError("cannot use UNICODE flag with a bytes pattern")
        elif flags & ASCII and flags & UNICODE:
            raise ValueError("ASCII and UNICODE flags are incompatible")
        # Bytes patterns match with ASCII classes, without reporting the flag.
        engine_flags = int(flags) | (int(ASCII) if self._bytes else 0)
        try:
            program, flags, groups, groupindex = _engine.compile_pattern(text, engine_flags)
        except _engine.error as e:
            raise error(e.msg, pattern, e.pos) from None
        if self._bytes and not pattern_has_ascii(pattern, flags):
            flags &= ~int(ASCII)
        if not self._bytes:
            flags |= UNICODE
        self._program = program
        self.flags = int(flags)
        self.groups = groups
        self.groupindex = groupindex

    def __repr__(self):
        text = repr(self.pattern)
        if len(text) > 200:
            text = text[:200]
        shown = self.flags & ~(UNICODE if not self._bytes else 0)
        if shown:
            return "re.compile(%s, %r)" % (text, RegexFlag(shown))
        return "re.compile(%s)" % text

    def __eq__(self, other):
        return (isinstance(other, Pattern) and self.pattern == other.pattern
                and self.flags == other.flags)

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def _text(self, string):
        if self._bytes:
            if isinstance(string, str):
                raise TypeError("cannot use a bytes pattern on a string-like object")
            return bytes(string).decode("latin-1")
        if not isinstance(string, str):
            raise TypeError("cannot use a string pattern on a bytes-like object"
                            if isinstance(string, (bytes, bytearray))
                            else "expected string or bytes-like object, got '%s'"
                            % type(string).__name__)
        return string

    def _run(self, string, pos, endpos, anchored, must_advance=False, full=False):
        text = self._text(string)
        n = len(text)
        if pos < 0:
            pos = 0
        if endpos is None or endpos > n:
            endpos = n
        if endpos < 0:
            endpos = 0
        if pos > endpos:
            return None
        if full:
            program = self._full_program()
        else:
            program = self._program
        caps = _engine.run(program, text, 0, endpos, pos, anchored, must_advance)
        if caps is None:
            return None
        return Match(self, string, text, caps, pos, endpos)

    def _full_program(self):
        program = getattr(self, "_full", None)
        if program is None:
            text = self.pattern.decode("latin-1") if self._bytes else self.pattern
            program = _engine.compile_pattern("(?:" + text + ")\\Z", self.flags)[0]
            self._full = program
        return program

    def match(self, string, pos=0, endpos=None):
        return self._run(string, pos, endpos, True)

    def fullmatch(self, string, pos=0, endpos=None):
        return self._run(string, pos, endpos, True, full=True)

    def search(self, string, pos=0, endpos=None):
        return self._run(string, pos, endpos, False)

    def finditer(self, string, pos=0, endpos=None):
        """Every non-overlapping match, left to right (an empty match right after another
        match is allowed, one at the same place twice is not)."""
        n = len(self._text(string))
        end = n if endpos is None else min(endpos, n)
        must_advance = False
        while pos <= end:
            m = self._run(string, pos, end, False, must_advance)
            if m is None:
                return
            yield m
            must_advance = m.end() == m.start()
            pos = m.end()

    def findall(self, string, pos=0, endpos=None):
        out = []
        for m in self.finditer(string, pos, endpos):
            if self.groups == 0:
                out.append(m.group())
            elif self.groups == 1:
                out.append(m.group(1) if m.group(1) is not None else m.string[:0])
            else:
                empty = m.string[:0]
                out.append(tuple(g if g is not None else empty for g in m.groups()))
        return out

    def split(self, string, maxsplit=0):
        out = []
        last = 0
        count = 0
        for m in self.finditer(string):
            if maxsplit and count >= maxsplit:
                break
            out.append(string[last:m.start()])
            out.extend(m.groups())
            last = m.end()
            count += 1
        out.append(string[last:])
        return out

    def subn(self, repl, string, count=0):
        if callable(repl):
            expand = repl
        else:
            template = _parse_template(repl, self)
            if len(template) == 1 and isinstance(template[0], (str, bytes)):
                literal = template[0]
                expand = lambda m: literal
            else:
                expand = lambda m: _expand(template, m)
        pieces = []
        last = 0
        n = 0
        for m in self.finditer(string):
            if count and n >= count:
                break
            pieces.append(string[last:m.start()])
            piece = expand(m)
            if piece is not None:
                pieces.append(piece)
            last = m.end()
            n += 1
        pieces.append(string[last:])
        return string[:0].join(pieces), n

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def scanner(self, string, pos=0, endpos=None):
        raise NotImplementedError("Pattern.scanner is not available in the playground")

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class Match:
    """The result of a successful match."""

    def __init__(self, pattern, string, text, caps, pos, endpos):
        self.re = pattern
        self.string = string
        self.pos = pos
        self.endpos = endpos
        self._caps = caps
        last = None
        last_end = -1
        # lastindex: the group that closed last (the outermost when several close together).
        for g in range(1, pattern.groups + 1):
            s, e = caps[2 * g], caps[2 * g + 1]
            if s is None or e is None:
                continue
            if e > last_end or (e == last_end and last is not None and
                                s <= caps[2 * last]):
                last, last_end = g, e
        self.lastindex = last
        self.lastgroup = None
        if last is not None:
            for name, index in pattern.groupindex.items():
                if index == last:
                    self.lastgroup = name

    def _index(self, group):
        if isinstance(group, int) and not isinstance(group, bool):
            if 0 <= group <= self.re.groups:
                return group
        elif isinstance(group, str):
            if group in self.re.groupindex:
                return self.re.groupindex[group]
        raise IndexError("no such group")

    def _get(self, index, default=None):
        s, e = self._caps[2 * index], self._caps[2 * index + 1]
        if s is None or e is None:
            return default
        return self.string[s:e]

    def group(self, *groups):
        if not groups:
            return self._get(0)
        if len(groups) == 1:
            return self._get(self._index(groups[0]))
        return tuple(self._get(self._index(g)) for g in groups)

    def __getitem__(self, group):
        return self._get(self._index(group))

    def groups(self, default=None):
        return tuple(self._get(g, default) for g in range(1, self.re.groups + 1))

    def groupdict(self, default=None):
        return {name: self._get(index, default) for name, index in self.re.groupindex.items()}

    def start(self, group=0):
        s = self._caps[2 * self._index(group)]
        return -1 if s is None or self._caps[2 * self._index(group) + 1] is None else s

    def end(self, group=0):
        index = self._index(group)
        e = self._caps[2 * index + 1]
        return -1 if e is None or self._caps[2 * index] is None else e

    def span(self, group=0):
        return self.start(group), self.end(group)

    @property
    def regs(self):
        return tuple(self.span(g) for g in range(self.re.groups + 1))

    def expand(self, template):
        return _expand(_parse_template(template, self.re), self)

    def __repr__(self):
        return "<re.Match object; span=%r, match=%r>" % (self.span(), self.group())

    def __bool__(self):
        return True

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _parse_template(template, pattern):
    """A replacement template as literal pieces and group numbers."""
    is_bytes = isinstance(template, bytes)
    text = template.decode("latin-1") if is_bytes else template
    if not isinstance(text, str):
        raise TypeError("expected str or bytes-like object, got '%s'" % type(template).__name__)
    pieces = []
    literal = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c != "\\":
            literal.append(c)
            i += 1
            continue
        i += 1
        if i >= n:
            raise error("bad escape (end of pattern)", template, i - 1)
        c = text[i]
        if c == "g":
            if i + 1 >= n or text[i + 1] != "<":
                raise error("missing <", template, i + 1)
            end = text.find(">", i + 2)
            if end < 0:
                raise error("missing group name", template, i + 2)
            name = text[i + 2:end]
            if not name:
                raise error("missing group name", template, i + 2)
            if name.isdigit():
                index = int(name)
                if index > pattern.groups:
                    raise error("invalid group reference %d" % index, template, i + 2)
            elif name.isidentifier():
                if name not in pattern.groupindex:
                    raise IndexError("unknown group name '%s'" % name)
                index = pattern.groupindex[name]
            else:
                raise error("bad character in group name '%s'" % name, template, i + 2)
            pieces.append("".join(literal))
            literal = []
            pieces.append(index)
            i = end + 1
            continue
        if c.isdigit():
            j = i
            while j < n and j < i + 2 and text[j].isdigit():
                j += 1
            if c == "0":
                digits = c
                k = i + 1
                while k < n and len(digits) < 3 and text[k] in "01234567":
                    digits += text[k]
                    k += 1
                literal.append(chr(int(digits, 8)))
                i = k
                continue
            index = int(text[i:j])
            if index > pattern.groups:
                raise error("invalid group reference %d" % index, template, i)
            pieces.append("".join(literal))
            literal = []
            pieces.append(index)
            i = j
            continue
        escapes = {"n": "\n", "t": "\t", "r": "\r", "f": "\f", "v": "\v", "a": "\a",
                   "b": "\b", "\\": "\\"}
        if c in escapes:
            literal.append(escapes[c])
        elif c.isascii() and c.isalpha():
            raise error("bad escape \\" + c, template, i - 1)
        else:
            literal.append("\\" + c)
        i += 1
    pieces.append("".join(literal))
    pieces = [p for p in pieces if p != ""]
    if is_bytes:
        pieces = [p.encode("latin-1") if isinstance(p, str) else p for p in pieces]
    if not pieces:
        pieces = [template[:0]]
    return pieces


def _expand(template, m):
    empty = m.string[:0]
    out = []
    for piece in template:
        if isinstance(piece, int):
            value = m.group(piece)
            out.append(value if value is not None else empty)
        else:
            out.append(piece)
    return empty.join(out)


_cache = {}
_MAXCACHE = 512


def _compile(pattern, flags):
    if isinstance(flags, RegexFlag):
        flags = int(flags)
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    if not isinstance(pattern, (str, bytes)):
        raise TypeError("first argument must be string or compiled pattern")
    key = (type(pattern), pattern, flags)
    compiled = _cache.get(key)
    if compiled is None:
        compiled = Pattern(pattern, flags)
        if len(_cache) >= _MAXCACHE:
            _cache.clear()
        _cache[key] = compiled
    return compiled


def compile(pattern, flags=0):
    """Compiles a pattern into a ``Pattern``."""
    return _compile(pattern, flags)


def match(pattern, string, flags=0):
    """A match at the start of ``string``, or None."""
    return _compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    """A match of the whole of ``string``, or None."""
    return _compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    """The first match anywhere in ``string``, or None."""
    return _compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    """``string`` with matches replaced by ``repl`` (a template or a function)."""
    return _compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return _compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    """``string`` split at the matches (groups in the pattern are kept)."""
    return _compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    """Every match (or its groups) as a list."""
    return _compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return _compile(pattern, flags).finditer(string)


def purge():
    _cache.clear()


def template(pattern, flags=0):
    return _compile(pattern, flags | TEMPLATE)


_SPECIAL_CHARS = frozenset("()[]{}?*+-|^$\\.&~# \t\n\r\v\f")


def escape(pattern):
    """``pattern`` with every regular-expression special character escaped."""
    if isinstance(pattern, str):
        return "".join("\\" + c if c in _SPECIAL_CHARS else c for c in pattern)
    text = pattern.decode("latin-1")
    return "".join("\\" + c if c in _SPECIAL_CHARS else c for c in text).encode("latin-1")
