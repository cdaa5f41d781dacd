"""CSV files: ``reader``, ``writer``, ``DictReader`` and ``DictWriter`` with CPython's
dialects, quoting rules and errors."""

__all__ = [
    "QUOTE_MINIMAL", "QUOTE_ALL", "QUOTE_NONNUMERIC", "QUOTE_NONE", "Error", "Dialect",
    "excel", "excel_tab", "unix_dialect", "reader", "writer", "register_dialect",
    "get_dialect", "list_dialects", "unregister_dialect", "field_size_limit", "DictReader",
    "DictWriter", "Sniffer",
]

QUOTE_MINIMAL = 0
QUOTE_ALL = 1
QUOTE_NONNUMERIC = 2
QUOTE_NONE = 3

_field_limit = 131072


class Error(Exception):
    pass


Error.__module__ = "_csv"


class Dialect:
    """How a CSV file is written: separators, quoting and line endings."""

    delimiter = None
    quotechar = None
    escapechar = None
    doublequote = None
    skipinitialspace = None
    lineterminator = None
    quoting = None
    strict = False


class excel(Dialect):
    delimiter = ","
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\r\n"
    quoting = QUOTE_MINIMAL


class excel_tab(excel):
    delimiter = "\t"


class unix_dialect(Dialect):
    delimiter = ","
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\n"
    quoting = QUOTE_ALL


_dialects = {"excel": excel, "excel-tab": excel_tab, "unix": unix_dialect}


class _Settings:
    """A dialect with keyword overrides applied and checked."""

    def __init__(self, dialect, **fmtparams):
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)
        for name in ("delimiter", "quotechar", "escapechar", "doublequote",
                     "skipinitialspace", "lineterminator", "quoting", "strict"):
            value = fmtparams.pop(name, getattr(dialect, name, None))
            setattr(self, name, value)
        if fmtparams:
            name = next(iter(fmtparams))
            raise TypeError("'%s' is an invalid keyword argument for this function" % name)
        if self.doublequote is None:
            self.doublequote = True
        if self.quoting is None:
            self.quoting = QUOTE_MINIMAL
        if self.lineterminator is None:
            self.lineterminator = "\r\n"
        if not isinstance(self.delimiter, str) or len(self.delimiter) != 1:
            if self.delimiter is None:
                raise TypeError('"delimiter" must be a 1-character string')
            raise TypeError('"delimiter" must be a 1-character string')
        if self.quotechar == "":
            self.quotechar = None
        if self.quotechar is None and self.quoting != QUOTE_NONE:
            raise TypeError("quotechar must be set if quoting enabled")


def register_dialect(name, dialect=None, **fmtparams):
    base = dialect if dialect is not None else excel
    settings = _Settings(base, **fmtparams)
    cls = type(name if isinstance(name, str) else "dialect", (Dialect,), dict(settings.__dict__))
    _dialects[name] = cls


def unregister_dialect(name):
    if name not in _dialects:
        raise Error("unknown dialect")
    del _dialects[name]


def get_dialect(name):
    try:
        return _dialects[name]
    except KeyError:
        raise Error("unknown dialect") from None


def list_dialects():
    return list(_dialects)


def field_size_limit(new_limit=None):
    global _field_limit
    old = _field_limit
    if new_limit is not None:
        _field_limit = new_limit
    return old


class _Reader:
    def __init__(self, lines, settings):
        self._lines = iter(lines)
        self.dialect = settings
        self.line_num = 0

    def __iter__(self):
        return self

    def __next__(self):
        s = self.dialect
        fields = []
        field = []
        state = "start"
        self._quoted_fields = set()
        while True:
            try:
                line = next(self._lines)
            except StopIteration:
                if state in ("start",) and not fields and not field:
                    raise
                if state in ("quoted", "quoted_escape") and s.strict:
                    raise Error("unexpected end of data")
                fields.append("".join(field))
                return self._finish(fields)
            if not isinstance(line, str):
                raise Error("iterator should return strings, not %.200s (the file should be "
                            "opened in text mode)" % type(line).__name__)
            self.line_num += 1
            i = 0
            n = len(line)
            if state == "start" and line in ("\n", "\r\n", "\r", ""):
                return []
            while i < n:
                c = line[i]
                if state in ("start", "field_start"):
                    if c in "\r\n":
                        if state == "field_start" or fields:
                            fields.append("".join(field))
                        return self._finish(fields)
                    if c == s.quotechar and s.quoting != QUOTE_NONE:
                        state = "quoted"
                        field = []
                        self._quoted_fields.add(len(fields))
                    elif c == s.escapechar:
                        state = "escape"
                    elif c == " " and s.skipinitialspace:
                        pass
                    elif c == s.delimiter:
                        fields.append("")
                        state = "field_start"
                    else:
                        field = [c]
                        state = "field"
                elif state == "field":
                    if c in "\r\n":
                        fields.append("".join(field))
                        return self._finish(fields)
                    if c == s.escapechar:
                        state = "escape"
                    elif c == s.delimiter:
                        fields.append("".join(field))
                        field = []
                        state = "field_start"
                    else:
                        field.append(c)
                elif state == "escape":
                    field.append(c)
                    state = "field"
                elif state == "quoted":
                    if c == s.escapechar:
                        state = "quoted_escape"
                    elif c == s.quotechar:
                        state = "quote_in_quoted" if s.doublequote else "after_quote"
                    else:
                        field.append(c)
                elif state == "quoted_escape":
                    field.append(c)
                    state = "quoted"
                elif state in ("quote_in_quoted", "after_quote"):
                    if c == s.quotechar and state == "quote_in_quoted":
                        field.append(c)
                        state = "quoted"
                    elif c == s.delimiter:
                        fields.append("".join(field))
                        field = []
                        state = "field_start"
                    elif c in "\r\n":
                        fields.append("".join(field))
                        return self._finish(fields)
                    elif s.strict:
                        raise Error("'%s' expected after '%s'" % (s.delimiter, s.quotechar))
                    else:
                        field.append(c)
                        state = "field"
                i += 1
                if len(field) > _field_limit:
                    raise Error("field larger than field limit (%d)" % _field_limit)
            if state in ("quoted", "quoted_escape"):
                continue
            if state in ("quote_in_quoted", "after_quote", "field", "field_start"):
                fields.append("".join(field))
                return self._finish(fields)
            if state == "escape":
                field.append("\n")
                state = "field"
                continue
            if state == "start":
                return self._finish(fields)

    def _finish(self, fields):
        """Unquoted fields become floats under ``QUOTE_NONNUMERIC``, as CPython reads them."""
        if self.dialect.quoting == QUOTE_NONNUMERIC:
            return [f if i in self._quoted_fields or f == "" else float(f)
                    for i, f in enumerate(fields)]
        return fields


def reader(csvfile, dialect="excel", **fmtparams):
    """Rows (lists of strings) from an iterable of lines, such as an open file."""
    return _Reader(csvfile, _Settings(dialect, **fmtparams))


class _Writer:
    def __init__(self, fileobj, settings):
        if not hasattr(fileobj, "write"):
            raise TypeError('argument 1 must have a "write" method')
        self._file = fileobj
        self.dialect = settings

    def _quote(self, field, only):
        s = self.dialect
        if field is None:
            text = ""
        elif isinstance(field, float):
            text = repr(field)
        else:
            text = str(field)
        numeric = isinstance(field, (int, float))
        if s.quoting == QUOTE_NONE:
            out = []
            for c in text:
                if c in (s.delimiter, s.quotechar, "\r", "\n") or c == s.escapechar:
                    if s.escapechar is None:
                        raise Error("need to escape, but no escapechar set")
                    out.append(s.escapechar)
                out.append(c)
            return "".join(out)
        need = s.quoting == QUOTE_ALL or (s.quoting == QUOTE_NONNUMERIC and not numeric)
        if not need:
            need = (any(c in text for c in (s.delimiter, s.quotechar, "\r", "\n"))
                    or (s.escapechar is not None and s.escapechar in text)
                    or (only and text == "")
                    or text[:1] == " " and s.skipinitialspace)
        if s.quotechar in text:
            if s.doublequote:
                text = text.replace(s.quotechar, s.quotechar * 2)
            elif s.escapechar is not None:
                text = text.replace(s.quotechar, s.escapechar + s.quotechar)
            else:
                raise Error("need to escape, but no escapechar set")
        return s.quotechar + text + s.quotechar if need else text

    def writerow(self, row):
        try:
            items = list(row)
        except TypeError:
            raise Error("iterable expected, not %s" % type(row).__name__) from None
        line = self.dialect.delimiter.join(
            self._quote(f, len(items) == 1) for f in items) + self.dialect.lineterminator
        return self._file.write(line)

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


def writer(csvfile, dialect="excel", **fmtparams):
    """Writes rows to a file object (open it with ``newline=''``)."""
    return _Writer(csvfile, _Settings(dialect, **fmtparams))


class DictReader:
    """Rows as dicts keyed by the header row (or ``fieldnames``)."""

    def __init__(self, f, fieldnames=None, restkey=None, restval=None, dialect="excel",
                 *args, **kwds):
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.reader = reader(f, dialect, *args, **kwds)
        self.dialect = dialect
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    @fieldnames.setter
    def fieldnames(self, value):
        self._fieldnames = value

    def __next__(self):
        if self.line_num == 0:
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num
        while row == []:
            row = next(self.reader)
        d = dict(zip(self.fieldnames, row))
        lf = len(self.fieldnames)
        lr = len(row)
        if lf < lr:
            d[self.restkey] = row[lf:]
        elif lf > lr:
            for key in self.fieldnames[lr:]:
                d[key] = self.restval
        return d


class DictWriter:
    """Writes dicts as rows in ``fieldnames`` order."""

    def __init__(self, f, fieldnames, restval="", extrasaction="raise", dialect="excel",
                 *args, **kwds):
        self.fieldnames = list(fieldnames)
        self.restval = restval
        if extrasaction.lower() not in ("raise", "ignore"):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'" % extrasaction)
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        header = dict(zip(self.fieldnames, self.fieldnames))
        return self.writerow(header)

    def _dict_to_list(self, rowdict):
        if self.extrasaction == "raise":
            wrong_fields = rowdict.keys() - self.fieldnames
            if wrong_fields:
                raise ValueError("dict contains fields not in fieldnames: "
                                 + ", ".join([repr(x) for x in wrong_fields]))
        return (rowdict.get(key, self.restval) for key in self.fieldnames)

    def writerow(self, rowdict):
        return self.writer.writerow(self._dict_to_list(rowdict))

    def writerows(self, rowdicts):
        return self.writer.writerows(map(self._dict_to_list, rowdicts))


class Sniffer:
    """Guesses a file's delimiter and whether it has a header row."""

    def sniff(self, sample, delimiters=None):
        candidates = delimiters or ",\t;| :"
        lines = [l for l in sample.splitlines() if l]
        best = None
        for d in candidates:
            counts = [l.count(d) for l in lines[:10]]
            if counts and counts[0] > 0 and all(c == counts[0] for c in counts):
                best = d
                break
        if best is None:
            raise Error("Could not determine delimiter")

        class sniffed(excel):
            delimiter = best
            lineterminator = "\r\n"
        return sniffed

    def has_header(self, sample):
        rows = list(reader(sample.splitlines(), self.sniff(sample)))
        if len(rows) < 2:
            return False

        def numeric(x):
            try:
                float(x)
                return True
            except ValueError:
                return False
        header, body = rows[0], rows[1:]
        return any(not numeric(h) and all(numeric(r[i]) for r in body if i < len(r))
                   for i, h in enumerate(header))
