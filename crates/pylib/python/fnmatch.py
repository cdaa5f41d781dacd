"""Shell-style wildcards: ``*``, ``?``, ``[seq]`` and ``[!seq]``."""

import posixpath

__all__ = ["filter", "fnmatch", "fnmatchcase", "translate"]


def fnmatch(name, pat):
    """Whether ``name`` matches ``pat`` (case-sensitive, as on POSIX)."""
    return fnmatchcase(posixpath.normcase(name), posixpath.normcase(pat))


def filter(names, pat):
    """The names that match ``pat``."""
    return [n for n in names if fnmatchcase(n, pat)]


def _parse(pat):
    """The pattern as tokens: ``("*",)``, ``("?",)``, ``("set", chars, negated)`` or a
    literal character."""
    tokens = []
    i, n = 0, len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == "*":
            if not tokens or tokens[-1] != ("*",):
                tokens.append(("*",))
        elif c == "?":
            tokens.append(("?",))
        elif c == "[":
            j = i
            if j < n and pat[j] == "!":
                j += 1
            if j < n and pat[j] == "]":
                j += 1
            while j < n and pat[j] != "]":
                j += 1
            if j >= n:
                tokens.append(("lit", "["))
                continue
            body = pat[i:j]
            i = j + 1
            negated = body.startswith("!")
            if negated:
                body = body[1:]
            ranges = []
            k = 0
            while k < len(body):
                if k + 2 < len(body) and body[k + 1] == "-":
                    ranges.append((body[k], body[k + 2]))
                    k += 3
                else:
                    ranges.append((body[k], body[k]))
                    k += 1
            tokens.append(("set", ranges, negated))
        else:
            tokens.append(("lit", c))
    return tokens


def _match_one(token, ch):
    kind = token[0]
    if kind == "?":
        return True
    if kind == "lit":
        return token[1] == ch
    ranges, negated = token[1], token[2]
    inside = any(lo <= ch <= hi for lo, hi in ranges)
    return inside != negated


def fnmatchcase(name, pat):
    """Whether ``name`` matches ``pat``, comparing case as it is."""
    tokens = _parse(pat)
    # Iterative matching with backtracking to the last star: linear in practice.
    ti = ni = 0
    star_ti = star_ni = -1
    while ni < len(name):
        if ti < len(tokens) and tokens[ti] == ("*",):
            star_ti, star_ni = ti, ni
            ti += 1
        elif ti < len(tokens) and _match_one(tokens[ti], name[ni]):
            ti += 1
            ni += 1
        elif star_ti >= 0:
            ti = star_ti + 1
            star_ni += 1
            ni = star_ni
        else:
            return False
    while ti < len(tokens) and tokens[ti] == ("*",):
        ti += 1
    return ti == len(tokens)


_SPECIAL = set("()[]{}?*+-|^$\\.&~# \t\n\r\v\f")


def _escape(text):
    return "".join("\\" + c if c in _SPECIAL else c for c in text)


def translate(pat):
    """The regular expression (``re`` syntax) equivalent to ``pat``."""
    out = []
    for token in _parse(pat):
        kind = token[0]
        if kind == "*":
            out.append(".*")
        elif kind == "?":
            out.append(".")
        elif kind == "lit":
            out.append(_escape(token[1]))
        else:
            ranges, negated = token[1], token[2]
            if not ranges:
                out.append("." if negated else "(?!)")
                continue
            body = "".join(
                (lo.replace("\\", "\\\\") if lo == hi
                 else lo.replace("\\", "\\\\") + "-" + hi.replace("\\", "\\\\"))
                for lo, hi in ranges)
            if body[0] in "^[" and not negated:
                body = "\\" + body
            out.append("[" + ("^" if negated else "") + body + "]")
    return "(?s:" + "".join(out) + ")\\Z"
