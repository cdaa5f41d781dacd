"""Text wrapping and filling: a pure-Python textwrap.

``TextWrapper`` breaks a paragraph into chunks (words, runs of whitespace, and the pieces
of hyphenated words), then packs the chunks greedily into lines no wider than ``width``.
The chunking is done by a small hand-written scanner rather than a regular expression,
but it splits text at the same places CPython's textwrap does:

* a run of whitespace is one chunk;
* a word may be broken after a hyphen when the hyphen has at least two letters before it
  (or a letter-hyphen-letter before it) and a letter followed by a letter (or by a hyphen
  and a letter) after it, so ``"long-winded"`` gives ``"long-"`` and ``"winded"``;
* an em-dash (two or more hyphens between a word character and a word character) is a
  chunk of its own.

Only the six ASCII whitespace characters count as whitespace when splitting.
"""

__all__ = ["TextWrapper", "wrap", "fill", "dedent", "indent", "shorten"]

_whitespace = "\t\n\x0b\x0c\r "


def _is_word_char(ch):
    return ch.isalnum() or ch == "_"


def _is_letter(ch):
    """A word character that is not a decimal digit."""
    return _is_word_char(ch) and not ch.isdecimal()


def _is_word_punct(ch):
    return _is_word_char(ch) or ch in "!\"'&.,?"


def _letter_at(text, pos):
    return 0 <= pos < len(text) and _is_letter(text[pos])


def _dash_run_then_word(text, pos):
    """True if ``text[pos:]`` is two or more hyphens followed by a word character."""
    end = pos
    while end < len(text) and text[end] == "-":
        end += 1
    return end - pos >= 2 and end < len(text) and _is_word_char(text[end])


def _breakable_hyphen(text, pos):
    """May a word be broken just after the hyphen at ``text[pos]``?"""
    before = ((_letter_at(text, pos - 2) and _letter_at(text, pos - 1)) or
              (_letter_at(text, pos - 3) and text[pos - 2] == "-"
               and _letter_at(text, pos - 1)))
    if not before or not _letter_at(text, pos + 1):
        return False
    if _letter_at(text, pos + 2):
        return True
    return pos + 2 < len(text) and text[pos + 2] == "-" and _letter_at(text, pos + 3)


def _word_end(text, start):
    """End of the non-whitespace chunk that begins at ``start``."""
    n = len(text)
    pos = start + 1
    while True:
        if pos >= n or text[pos] in _whitespace:
            return pos
        if text[pos] == "-":
            if _breakable_hyphen(text, pos):
                return pos + 1
            if _is_word_punct(text[pos - 1]) and _dash_run_then_word(text, pos):
                return pos
        pos += 1


def _split_on_hyphens(text):
    chunks = []
    n = len(text)
    pos = 0
    while pos < n:
        ch = text[pos]
        if ch in _whitespace:
            end = pos
            while end < n and text[end] in _whitespace:
                end += 1
        elif (ch == "-" and pos > 0 and _is_word_punct(text[pos - 1])
              and _dash_run_then_word(text, pos)):
            end = pos
            while text[end] == "-":
                end += 1
        else:
            end = _word_end(text, pos)
        chunks.append(text[pos:end])
        pos = end
    return chunks


def _split_on_whitespace(text):
    chunks = []
    n = len(text)
    pos = 0
    while pos < n:
        in_space = text[pos] in _whitespace
        end = pos + 1
        while end < n and (text[end] in _whitespace) == in_space:
            end += 1
        chunks.append(text[pos:end])
        pos = end
    return chunks


def _ends_sentence(chunk):
    """Lowercase ASCII letter, then '.', '!' or '?', then an optional quote."""
    if chunk[-1:] in ("\"", "'"):
        chunk = chunk[:-1]
    return (len(chunk) >= 2 and chunk[-1] in ".!?"
            and "a" <= chunk[-2] <= "z")


class TextWrapper:
    """Object for wrapping/filling text.

    The public interface consists of the wrap() and fill() methods; the other public
    attributes are the options, which may be changed between calls:

    width, initial_indent, subsequent_indent, expand_tabs, replace_whitespace,
    fix_sentence_endings, break_long_words, drop_whitespace, break_on_hyphens,
    tabsize, max_lines, placeholder.
    """

    def __init__(self, width=70, initial_indent="", subsequent_indent="",
                 expand_tabs=True, replace_whitespace=True,
                 fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8, *,
                 max_lines=None, placeholder=" [...]"):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    # -- chunking ---------------------------------------------------------------

    def _munge_whitespace(self, text):
        """Expand tabs, then turn every whitespace character into a plain space."""
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            text = "".join(" " if ch in _whitespace else ch for ch in text)
        return text

    def _split(self, text):
        if self.break_on_hyphens:
            return _split_on_hyphens(text)
        return _split_on_whitespace(text)

    def _fix_sentence_endings(self, chunks):
        """Put two spaces after each sentence-ending chunk (in place)."""
        i = 0
        while i < len(chunks) - 1:
            if chunks[i + 1] == " " and _ends_sentence(chunks[i]):
                chunks[i + 1] = "  "
                i += 2
            else:
                i += 1

    def _split_chunks(self, text):
        return self._split(self._munge_whitespace(text))

    # -- line packing -----------------------------------------------------------

    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        """The next chunk does not fit on an empty line: break it (or take it whole)."""
        space_left = 1 if width < 1 else width - cur_len
        if self.break_long_words:
            chunk = reversed_chunks[-1]
            cut = space_left
            if self.break_on_hyphens and len(chunk) > space_left:
                hyphen = chunk.rfind("-", 0, space_left)
                if hyphen > 0 and chunk[:hyphen].strip("-"):
                    cut = hyphen + 1
            cur_line.append(chunk[:cut])
            reversed_chunks[-1] = chunk[cut:]
        elif not cur_line:
            cur_line.append(reversed_chunks.pop())

    def _wrap_chunks(self, chunks):
        if self.width <= 0:
            raise ValueError("invalid width %r (must be > 0)" % self.width)
        if self.max_lines is not None:
            first = self.subsequent_indent if self.max_lines > 1 else self.initial_indent
            if len(first) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError("placeholder too large for max width")

        lines = []
        pending = chunks[::-1]  # next chunk at the end
        while pending:
            indent = self.subsequent_indent if lines else self.initial_indent
            width = self.width - len(indent)
            if self.drop_whitespace and lines and pending[-1].strip() == "":
                pending.pop()  # no leading whitespace except on the first line

            line = []
            used = 0
            while pending and used + len(pending[-1]) <= width:
                used += len(pending[-1])
                line.append(pending.pop())
            if pending and len(pending[-1]) > width:
                self._handle_long_word(pending, line, used, width)
                used = sum(len(part) for part in line)
            if self.drop_whitespace and line and line[-1].strip() == "":
                used -= len(line[-1])
                line.pop()
            if not line:
                continue

            rest_is_blank = not pending or (
                self.drop_whitespace and len(pending) == 1 and not pending[0].strip())
            if (self.max_lines is None or len(lines) + 1 < self.max_lines
                    or (rest_is_blank and used <= width)):
                lines.append(indent + "".join(line))
                continue

            # Last allowed line: make room for the placeholder.
            while line:
                if line[-1].strip() and used + len(self.placeholder) <= width:
                    lines.append(indent + "".join(line) + self.placeholder)
                    return lines
                used -= len(line[-1])
                line.pop()
            if lines:
                previous = lines[-1].rstrip()
                if len(previous) + len(self.placeholder) <= self.width:
                    lines[-1] = previous + self.placeholder
                    return lines
            lines.append(indent + self.placeholder.lstrip())
            return lines
        return lines

    # -- public interface -------------------------------------------------------

    def wrap(self, text):
        """Wrap a single paragraph; return a list of lines without final newlines."""
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        """Wrap a single paragraph; return one string with the lines joined by newlines."""
        return "\n".join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    """Wrap a single paragraph of text, returning a list of wrapped lines."""
    return TextWrapper(width=width, **kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    """Fill a single paragraph of text, returning a new string."""
    return TextWrapper(width=width, **kwargs).fill(text)


def shorten(text, width, **kwargs):
    """Collapse the whitespace of ``text``, then truncate it to fit in ``width``.

    Whole words are dropped from the end and replaced by the placeholder."""
    wrapper = TextWrapper(width=width, max_lines=1, **kwargs)
    return wrapper.fill(" ".join(text.strip().split()))


def _leading_blanks(line):
    """The leading run of spaces and tabs of ``line``."""
    end = 0
    while end < len(line) and line[end] in " \t":
        end += 1
    return line[:end]


def dedent(text):
    """Remove any common leading whitespace from every line in ``text``.

    Only spaces and tabs count, and they must match exactly ("\\t" and "  " have no
    common margin).  Lines made only of spaces and tabs are normalized to empty lines
    and do not take part in finding the margin."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line and not line.strip(" \t"):
            lines[i] = ""
    margin = None
    for line in lines:
        if not line:
            continue
        blanks = _leading_blanks(line)
        if margin is None or margin.startswith(blanks):
            margin = blanks
        elif not blanks.startswith(margin):
            common = 0
            while margin[common] == blanks[common]:
                common += 1
            margin = margin[:common]
    if margin:
        lines = [line[len(margin):] if line.startswith(margin) else line
                 for line in lines]
    return "\n".join(lines)


def indent(text, prefix, predicate=None):
    """Add ``prefix`` to the beginning of selected lines in ``text``.

    By default the prefix goes on every line that is not made only of whitespace; pass
    ``predicate`` to choose the lines yourself."""
    out = []
    for line in text.splitlines(True):
        chosen = predicate(line) if predicate is not None else line.strip()
        out.append(prefix + line if chosen else line)
    return "".join(out)
