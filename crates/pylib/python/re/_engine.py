"""The regular expression engine behind ``re``: a parser of Python's pattern syntax, a
compiler to a small instruction set, and a backtracking machine with an explicit stack.

Matching follows Python's rules (leftmost match, alternatives and repeats tried in order,
greedy or lazy). Without backreferences, lookarounds or loops that can match empty, the
machine remembers each (instruction, position) pair that failed, so no pattern takes more than
time proportional to its length times the text's.
"""

FLAG_TEMPLATE = 1
FLAG_IGNORECASE = 2
FLAG_LOCALE = 4
FLAG_MULTILINE = 8
FLAG_DOTALL = 16
FLAG_UNICODE = 32
FLAG_VERBOSE = 64
FLAG_DEBUG = 128
FLAG_ASCII = 256

_INLINE_FLAGS = {"i": FLAG_IGNORECASE, "L": FLAG_LOCALE, "m": FLAG_MULTILINE,
                 "s": FLAG_DOTALL, "u": FLAG_UNICODE, "x": FLAG_VERBOSE, "a": FLAG_ASCII}
_REPEAT_CHARS = "*+?{"
_SPECIAL_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t",
                    "v": "\v", "\\": "\\"}
_MAX_REPEAT = 4294967295


class error(Exception):
    """A pattern that is not a valid regular expression."""

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            newline = "\n" if isinstance(pattern, str) else b"\n"
            self.lineno = pattern.count(newline, 0, pos) + 1
            self.colno = pos - pattern.rfind(newline, 0, pos)
            if newline in pattern:
                msg = "%s (line %d, column %d)" % (msg, self.lineno, self.colno)
            else:
                msg = "%s at position %d" % (msg, pos)
        else:
            self.lineno = self.colno = None
        super().__init__(msg)


error.__module__ = "re"


class _Parser:
    """Pattern text to a tree of tuples (see ``_compile``)."""

    def __init__(self, pattern, flags):
        self.pattern = pattern
        self.text = pattern
        self.pos = 0
        self.flags = flags
        self.groups = 1
        self.groupindex = {}
        self.open_groups = []
        self.has_backtracking_state = False

    def error(self, msg, pos=None):
        return error(msg, self.pattern, self.pos if pos is None else pos)

    def peek(self):
        return self.text[self.pos] if self.pos < len(self.text) else None

    def next(self):
        c = self.peek()
        self.pos += 1
        return c

    def skip_verbose(self):
        if not self.flags & FLAG_VERBOSE:
            return
        while self.pos < len(self.text):
            c = self.text[self.pos]
            if c in " \t\n\r\v\f":
                self.pos += 1
            elif c == "#":
                while self.pos < len(self.text) and self.text[self.pos] != "\n":
                    self.pos += 1
            else:
                break

    def parse(self):
        self.parse_leading_flags()
        node = self.parse_alternation()
        if self.pos < len(self.text):
            if self.text[self.pos] == ")":
                raise self.error("unbalanced parenthesis")
            raise self.error("unexpected end of pattern")
        return node

    def parse_leading_flags(self):
        # Global inline flags (?aiLmsux) anywhere at the start.
        while self.text.startswith("(?", self.pos):
            end = self.pos + 2
            letters = ""
            while end < len(self.text) and self.text[end] in _INLINE_FLAGS:
                letters += self.text[end]
                end += 1
            if not letters or end >= len(self.text) or self.text[end] != ")":
                return
            for letter in letters:
                self.flags |= _INLINE_FLAGS[letter]
            self.pos = end + 1

    def parse_alternation(self):
        branches = [self.parse_sequence()]
        while self.peek() == "|":
            self.pos += 1
            branches.append(self.parse_sequence())
        if len(branches) == 1:
            return branches[0]
        return ("alt", branches)

    def parse_sequence(self):
        items = []
        while True:
            self.skip_verbose()
            c = self.peek()
            if c is None or c in "|)":
                break
            start = self.pos
            atom = self.parse_atom()
            if atom is None:
                continue
            atom = self.parse_repeat(atom, start)
            items.append(atom)
        return ("seq", items)

    def parse_repeat(self, atom, start):
        while True:
            self.skip_verbose()
            c = self.peek()
            if c is None or c not in _REPEAT_CHARS:
                return atom
            here = self.pos
            if c == "{":
                bounds = self.parse_braces()
                if bounds is None:
                    return atom
                lo, hi = bounds
            else:
                self.pos += 1
                lo, hi = {"*": (0, None), "+": (1, None), "?": (0, 1)}[c]
            if atom[0] in ("bol", "eol", "start", "end", "wordb", "nwordb") or \
                    (atom[0] == "seq" and not atom[1]):
                raise self.error("nothing to repeat", here)
            greedy = True
            if self.peek() == "?":
                self.pos += 1
                greedy = False
            atom = ("repeat", atom, lo, hi, greedy, False)
            self.skip_verbose()
            if self.peek() is not None and self.peek() in "*+?":
                raise self.error("multiple repeat", self.pos)
            if self.peek() == "{" and self.parse_braces_lookahead_here():
                raise self.error("multiple repeat", self.pos)

    def parse_braces(self):
        """``{m}``, ``{m,}``, ``{,n}``, ``{m,n}``; None when the brace is a literal."""
        end = self.text.find("}", self.pos)
        if end < 0:
            return None
        body = self.text[self.pos + 1:end]
        lo_text, comma, hi_text = body.partition(",")
        if not (lo_text.isdigit() or lo_text == "") or not (hi_text.isdigit() or hi_text == ""):
            return None
        if not comma and not lo_text:
            return None
        here = self.pos
        self.pos = end + 1
        lo = int(lo_text) if lo_text else 0
        if comma:
            hi = int(hi_text) if hi_text else None
        else:
            hi = lo
        if lo > _MAX_REPEAT or (hi is not None and hi > _MAX_REPEAT):
            raise self.error("the repetition number is too large", here)
        if hi is not None and hi < lo:
            raise self.error("min repeat greater than max repeat", here + 1)
        return lo, hi

    def parse_atom(self):
        c = self.next()
        if c == "(":
            return self.parse_group()
        if c == "[":
            return self.parse_class()
        if c == ".":
            return ("any",)
        if c == "^":
            return ("bol",)
        if c == "$":
            return ("eol",)
        if c == "\\":
            return self.parse_escape(in_class=False)
        if c in "*+?":
            raise self.error("nothing to repeat", self.pos - 1)
        if c == "{" and self.parse_braces_lookahead():
            raise self.error("nothing to repeat", self.pos - 1)
        return ("lit", c)

    def parse_braces_lookahead_here(self):
        save = self.pos
        try:
            return self.parse_braces() is not None
        finally:
            self.pos = save

    def parse_braces_lookahead(self):
        save = self.pos
        self.pos -= 1
        try:
            return self.parse_braces() is not None
        finally:
            self.pos = save

    def parse_group(self):
        start = self.pos - 1
        name = None
        capture = True
        if self.peek() == "?":
            self.pos += 1
            c = self.next()
            if c == ":":
                capture = False
            elif c == "P":
                kind = self.next()
                if kind == "<":
                    end = self.text.find(">", self.pos)
                    if end < 0:
                        raise self.error("missing >, unterminated name")
                    name = self.text[self.pos:end]
                    if not name:
                        raise self.error("missing group name")
                    if not name.isidentifier():
                        raise self.error("bad character in group name %r" % name)
                    if name in self.groupindex:
                        raise self.error("redefinition of group name %r as group %d; was "
                                         "group %d" % (name, self.groups,
                                                       self.groupindex[name]))
                    self.pos = end + 1
                elif kind == "=":
                    end = self.text.find(")", self.pos)
                    if end < 0:
                        raise self.error("missing ), unterminated name")
                    ref = self.text[self.pos:end]
                    if ref not in self.groupindex:
                        raise self.error("unknown group name %r" % ref)
                    self.pos = end + 1
                    self.has_backtracking_state = True
                    return ("backref", self.groupindex[ref])
                else:
                    raise self.error("unknown extension ?P" + (kind or ""), self.pos - 2)
            elif c in "=!":
                node = self.parse_alternation()
                self.expect_close(start)
                self.has_backtracking_state = True
                return ("look", node, True, c == "!", 0)
            elif c == "<" and self.peek() in ("=", "!"):
                negate = self.next() == "!"
                node = self.parse_alternation()
                self.expect_close(start)
                width = _fixed_width(node)
                if width is None:
                    raise error("look-behind requires fixed-width pattern")
                self.has_backtracking_state = True
                return ("look", node, False, negate, width)
            elif c == "#":
                end = self.text.find(")", self.pos)
                if end < 0:
                    raise self.error("missing ), unterminated comment", start)
                self.pos = end + 1
                return None
            elif c is not None and (c in _INLINE_FLAGS or c == "-"):
                self.pos -= 1
                return self.parse_scoped_flags(start)
            else:
                raise self.error("unknown extension ?" + (c or ""), self.pos - 2)
        index = None
        if capture:
            index = self.groups
            self.groups += 1
            if name is not None:
                self.groupindex[name] = index
        self.open_groups.append(index)
        node = self.parse_alternation()
        self.open_groups.pop()
        self.expect_close(start)
        return ("group", index, node)

    def parse_scoped_flags(self, start):
        on = 0
        off = 0
        while self.peek() is not None and self.peek() in _INLINE_FLAGS:
            on |= _INLINE_FLAGS[self.next()]
        if self.peek() == "-":
            self.pos += 1
            while self.peek() is not None and self.peek() in _INLINE_FLAGS:
                off |= _INLINE_FLAGS[self.next()]
        c = self.next()
        if c == ")":
            raise self.error("global flags not at the start of the expression", start)
        if c != ":":
            raise self.error("missing :", self.pos - 1)
        saved = self.flags
        self.flags = (self.flags | on) & ~off
        node = self.parse_alternation()
        scoped = self.flags
        self.flags = saved
        self.expect_close(start)
        return ("flags", scoped, node)

    def expect_close(self, start):
        if self.peek() != ")":
            raise self.error("missing ), unterminated subpattern", start)
        self.pos += 1

    def parse_class(self):
        start = self.pos - 1
        negated = False
        if self.peek() == "^":
            negated = True
            self.pos += 1
        items = []
        first = True
        while True:
            c = self.next()
            if c is None:
                raise self.error("unterminated character set", start)
            if c == "]" and not first:
                break
            first = False
            if c == "\\":
                item = self.parse_escape(in_class=True)
            else:
                item = ("lit", c)
            if self.peek() == "-" and self.pos + 1 < len(self.text) and \
                    self.text[self.pos + 1] != "]":
                range_pos = self.pos - 1
                self.pos += 1
                c2 = self.next()
                if c2 == "\\":
                    hi = self.parse_escape(in_class=True)
                else:
                    hi = ("lit", c2)
                if item[0] != "lit" or hi[0] != "lit":
                    raise self.error("bad character range %s" %
                                     self.text[range_pos:self.pos], range_pos)
                if ord(hi[1]) < ord(item[1]):
                    raise self.error("bad character range %s" %
                                     self.text[range_pos:self.pos], range_pos)
                items.append(("range", item[1], hi[1]))
            elif item[0] == "lit":
                items.append(("ch", item[1]))
            else:
                items.append(item)
        return ("set", items, negated)

    def parse_escape(self, in_class):
        start = self.pos - 1
        c = self.next()
        if c is None:
            raise self.error("bad escape (end of pattern)", start)
        if c in "dDwWsS":
            return ("cat", c)
        if c in _SPECIAL_ESCAPES and not (c == "b" and not in_class):
            return ("lit", _SPECIAL_ESCAPES[c])
        if not in_class:
            if c == "b":
                return ("wordb",)
            if c == "B":
                return ("nwordb",)
            if c == "A":
                return ("start",)
            if c == "Z":
                return ("end",)
        if c == "x":
            digits = self.text[self.pos:self.pos + 2]
            if len(digits) != 2 or not all(d in "0123456789abcdefABCDEF" for d in digits):
                raise self.error("incomplete escape \\x" + digits, start)
            self.pos += 2
            return ("lit", chr(int(digits, 16)))
        if c in "uU" and isinstance(self.pattern, str):
            n = 4 if c == "u" else 8
            digits = self.text[self.pos:self.pos + n]
            if len(digits) != n or not all(d in "0123456789abcdefABCDEF" for d in digits):
                raise self.error("incomplete escape \\%s%s" % (c, digits), start)
            self.pos += n
            return ("lit", chr(int(digits, 16)))
        if c == "0":
            digits = c
            while len(digits) < 3 and self.peek() is not None and self.peek() in "01234567":
                digits += self.next()
            return ("lit", chr(int(digits, 8)))
        if c in "123456789":
            digits = c
            if self.peek() is not None and self.peek().isdigit():
                digits += self.next()
                if (digits[0] in "01234567" and digits[1] in "01234567" and
                        self.peek() is not None and self.peek() in "01234567"):
                    digits += self.next()
                    value = int(digits, 8)
                    if value > 0o377:
                        raise self.error("octal escape value \\%s outside of range 0-0o377"
                                         % digits, start)
                    return ("lit", chr(value))
            if in_class:
                raise self.error("bad escape \\" + digits, start)
            group = int(digits)
            if group >= self.groups:
                raise self.error("invalid group reference %d" % group, start + 1)
            if group in self.open_groups:
                raise self.error("cannot refer to an open group", start)
            self.has_backtracking_state = True
            return ("backref", group)
        if c.isascii() and c.isalnum():
            raise self.error("bad escape \\" + c, start)
        return ("lit", c)


def _fixed_width(node):
    """The number of characters ``node`` always matches, or None when it varies."""
    kind = node[0]
    if kind in ("lit", "any", "set", "cat"):
        return 1
    if kind in ("bol", "eol", "start", "end", "wordb", "nwordb", "look"):
        return 0
    if kind == "seq":
        total = 0
        for item in node[1]:
            w = _fixed_width(item)
            if w is None:
                return None
            total += w
        return total
    if kind == "alt":
        widths = {_fixed_width(b) for b in node[1]}
        return widths.pop() if len(widths) == 1 else None
    if kind == "group":
        return _fixed_width(node[2])
    if kind == "flags":
        return _fixed_width(node[2])
    if kind == "repeat":
        if node[2] != node[3]:
            return None
        w = _fixed_width(node[1])
        return None if w is None else w * node[2]
    return None


def _can_be_empty(node):
    kind = node[0]
    if kind in ("lit", "any", "set", "cat"):
        return False
    if kind == "seq":
        return all(_can_be_empty(item) for item in node[1])
    if kind == "alt":
        return any(_can_be_empty(b) for b in node[1])
    if kind in ("group", "flags"):
        return _can_be_empty(node[2])
    if kind == "repeat":
        return node[2] == 0 or _can_be_empty(node[1])
    return True


class Program:
    """A compiled pattern: instructions, group count, and whether failed states may be
    remembered."""

    def __init__(self, code, groups, memo, registers, subprograms):
        self.code = code
        self.groups = groups
        self.memo = memo
        self.registers = registers
        self.subprograms = subprograms


class _Compiler:
    def __init__(self, flags):
        self.code = []
        self.flags = flags
        self.registers = 0
        self.subprograms = []
        self.uses_registers = False

    def emit(self, *instr):
        self.code.append(instr)
        return len(self.code) - 1

    def compile(self, node, flags):
        kind = node[0]
        if kind == "lit":
            if flags & FLAG_IGNORECASE:
                self.emit("char_i", node[1].lower(), node[1].upper())
            else:
                self.emit("char", node[1])
        elif kind == "any":
            self.emit("anyall" if flags & FLAG_DOTALL else "any")
        elif kind == "set":
            self.emit("set", tuple(node[1]), node[2], flags)
        elif kind == "cat":
            self.emit("set", (node,), False, flags)
        elif kind == "seq":
            for item in node[1]:
                self.compile(item, flags)
        elif kind == "alt":
            jumps = []
            branches = node[1]
            for i, branch in enumerate(branches):
                if i < len(branches) - 1:
                    split = self.emit("split", None, None)
                    self.code[split] = ("split", split + 1, None)
                    self.compile(branch, flags)
                    jumps.append(self.emit("jmp", None))
                    self.code[split] = ("split", split + 1, len(self.code))
                else:
                    self.compile(branch, flags)
            for j in jumps:
                self.code[j] = ("jmp", len(self.code))
        elif kind == "group":
            index = node[1]
            if index is not None:
                self.emit("save", 2 * index)
            self.compile(node[2], flags)
            if index is not None:
                self.emit("save", 2 * index + 1)
        elif kind == "flags":
            self.compile(node[2], node[1])
        elif kind == "repeat":
            self.compile_repeat(node, flags)
        elif kind == "bol":
            self.emit("bol_m" if flags & FLAG_MULTILINE else "start")
        elif kind == "eol":
            self.emit("eol_m" if flags & FLAG_MULTILINE else "eol")
        elif kind in ("start", "end", "wordb", "nwordb"):
            self.emit(kind, flags)
        elif kind == "backref":
            self.emit("backref", node[1], flags & FLAG_IGNORECASE)
        elif kind == "look":
            sub = _Compiler(flags)
            sub.compile(node[1], flags)
            sub.emit("match")
            self.subprograms.append(sub)
            index = len(self.subprograms) - 1
            self.emit("look", index, node[2], node[3], node[4])
        else:
            raise error("internal: unknown node " + repr(kind))

    def compile_repeat(self, node, flags):
        _, item, lo, hi, greedy, _ = node
        if lo > 10000 or (hi is not None and hi > 10000 and hi != lo):
            # Unrolled, so bounded: CPython allows more, programs rarely ask it.
            raise error("the repetition number is too large for the playground's engine")
        for _ in range(lo):
            self.compile(item, flags)
        empty = _can_be_empty(item)
        if hi is None:
            loop = len(self.code)
            split = self.emit("split", None, None)
            register = None
            if empty:
                register = self.new_register()
                self.emit("mark", register)
            self.compile(item, flags)
            progress = None
            if empty:
                progress = self.emit("progress", register, None)
            self.emit("jmp", loop)
            after = len(self.code)
            if progress is not None:
                # An iteration that matched empty ends the loop (its captures kept), as
                # in CPython.
                self.code[progress] = ("progress", register, after)
            self.code[split] = ("split", split + 1, after) if greedy else ("split_lazy", after, split + 1)
            return
        exits = []
        for _ in range(hi - lo):
            split = self.emit("split", None, None)
            exits.append(split)
            self.compile(item, flags)
        after = len(self.code)
        for split in exits:
            self.code[split] = ("split", split + 1, after) if greedy else ("split_lazy", after, split + 1)

    def new_register(self):
        self.uses_registers = True
        self.registers += 1
        return self.registers - 1

    def program(self, groups, memo):
        """The finished program (a lookaround's subprograms were given their ``match``
        when compiled)."""
        if not self.code or self.code[-1] != ("match",):
            self.emit("match")
        return Program(tuple(self.code), groups, memo, self.registers,
                       [s.program(groups, False) for s in self.subprograms])


def compile_pattern(pattern, flags):
    """``(Program, flags, groups, groupindex)`` for a str pattern."""
    parser = _Parser(pattern, flags)
    tree = parser.parse()
    flags = parser.flags
    compiler = _Compiler(flags)
    compiler.emit("save", 0)
    compiler.compile(tree, flags)
    compiler.emit("save", 1)
    memo = not parser.has_backtracking_state and not compiler.uses_registers
    program = compiler.program(parser.groups, memo)
    return program, flags, parser.groups - 1, dict(parser.groupindex)


def _is_word(c, ascii_only):
    if ascii_only:
        return c.isascii() and (c.isalnum() or c == "_")
    return c.isalnum() or c == "_"


def _category(cat, c, ascii_only):
    if cat in "dD":
        r = ("0" <= c <= "9") if ascii_only else c.isdecimal()
    elif cat in "wW":
        r = _is_word(c, ascii_only)
    else:
        r = c in " \t\n\r\f\v" if ascii_only else (c.isspace() or c in "\x1c\x1d\x1e\x1f")
    return r if cat.islower() else not r


def _in_set(items, c, flags):
    ascii_only = bool(flags & FLAG_ASCII)
    candidates = (c, c.lower(), c.upper()) if flags & FLAG_IGNORECASE else (c,)
    for x in candidates:
        for item in items:
            kind = item[0]
            if kind == "ch":
                if x == item[1]:
                    return True
            elif kind == "range":
                if item[1] <= x <= item[2]:
                    return True
            elif _category(item[1], x, ascii_only):
                return True
    return False


def run(program, text, start, end, pos, anchored, must_advance):
    """The capture slots of a match starting at ``pos`` (searching onwards unless
    ``anchored``) within ``text[start:end]``, or None. ``must_advance`` refuses an empty
    match at ``pos``."""
    code = program.code
    caps = (None,) * (2 * program.groups + program.registers)
    visited = set() if program.memo else None
    first = code[1] if len(code) > 1 else None
    literal = first[1] if first is not None and first[0] == "char" else None
    ngroup_slots = 2 * program.groups
    while pos <= end:
        if literal is not None and not anchored:
            found = text.find(literal, pos, end)
            if found < 0:
                return None
            pos = found
        result = _execute(program, text, start, end, pos, caps, visited, must_advance, None)
        if result is not None:
            return result[0][:ngroup_slots]
        if anchored:
            return None
        must_advance = False
        pos += 1
    return None


def _execute(program, text, start, end, pos, caps, visited, must_advance, must_end):
    """Runs ``program`` from ``pos``: ``(captures, end position)`` of its first match, or
    None. A lookbehind's program must end at ``must_end``."""
    code = program.code
    ngroup_slots = 2 * program.groups
    width = end + 2
    stack = [(0, pos, caps)]
    while stack:
        pc, i, caps = stack.pop()
        while True:
            if visited is not None:
                key = pc * width + i
                if key in visited:
                    break
                visited.add(key)
            instr = code[pc]
            op = instr[0]
            if op == "char":
                if i < end and text[i] == instr[1]:
                    i += 1
                    pc += 1
                    continue
                break
            if op == "set":
                if i < end and _in_set(instr[1], text[i], instr[3]) != instr[2]:
                    i += 1
                    pc += 1
                    continue
                break
            if op == "split" or op == "split_lazy":
                stack.append((instr[2], i, caps))
                pc = instr[1]
                continue
            if op == "jmp":
                pc = instr[1]
                continue
            if op == "save" or op == "mark":
                slot = instr[1] if op == "save" else ngroup_slots + instr[1]
                caps = caps[:slot] + (i,) + caps[slot + 1:]
                pc += 1
                continue
            if op == "char_i":
                if i < end and (text[i].lower() == instr[1] or text[i].upper() == instr[2]):
                    i += 1
                    pc += 1
                    continue
                break
            if op == "any":
                if i < end and text[i] != "\n":
                    i += 1
                    pc += 1
                    continue
                break
            if op == "anyall":
                if i < end:
                    i += 1
                    pc += 1
                    continue
                break
            if op == "match":
                if (must_advance and i == pos) or (must_end is not None and i != must_end):
                    break
                return caps, i
            if op == "start":
                ok = i == start
            elif op == "bol_m":
                ok = i == start or text[i - 1] == "\n"
            elif op == "eol":
                ok = i == end or (i == end - 1 and text[i] == "\n")
            elif op == "eol_m":
                ok = i == end or text[i] == "\n"
            elif op == "end":
                ok = i == end
            elif op == "wordb" or op == "nwordb":
                ascii_only = bool(instr[1] & FLAG_ASCII)
                before = i > start and _is_word(text[i - 1], ascii_only)
                after = i < end and _is_word(text[i], ascii_only)
                ok = (before != after) == (op == "wordb")
            elif op == "progress":
                if caps[ngroup_slots + instr[1]] == i:
                    pc = instr[2]
                    continue
                ok = True
            elif op == "backref":
                g = instr[1]
                s, e = caps[2 * g], caps[2 * g + 1]
                if s is None or e is None:
                    break
                piece = text[s:e]
                if i + len(piece) > end:
                    break
                if instr[2]:
                    ok = text[i:i + len(piece)].lower() == piece.lower()
                else:
                    ok = text.startswith(piece, i)
                if ok:
                    i += len(piece)
            elif op == "look":
                sub = program.subprograms[instr[1]]
                ahead, negate, look_width = instr[2], instr[3], instr[4]
                sub_caps = caps[:ngroup_slots] + (None,) * sub.registers
                if ahead:
                    found = _execute(sub, text, start, end, i, sub_caps, None, False, None)
                elif i - look_width >= start:
                    found = _execute(sub, text, start, end, i - look_width, sub_caps, None,
                                     False, i)
                else:
                    found = None
                ok = (found is not None) != negate
                if ok and found is not None:
                    caps = found[0][:ngroup_slots] + caps[ngroup_slots:]
            else:
                raise error("internal: unknown instruction " + repr(op))
            if not ok:
                break
            pc += 1
    return None
