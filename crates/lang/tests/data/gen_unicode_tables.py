#!/usr/bin/env python3
"""Writes crates/cpython_text/src/unicode_tables.rs from CPython 3.11's own unicodedata.

Run from the repository root with the oracle interpreter:
    python3 crates/lang/tests/data/gen_unicode_tables.py
The tables must come from the Python whose behaviour we copy (Unicode 14.0 for 3.11).

Besides the predicates' tables it writes CPython's case mappings (`str.lower`, `upper`,
`title`, `casefold` of one character) in a compact form, so the interpreter needs no Rust
`to_lowercase`/`to_uppercase` (their tables are large, and of another Unicode version):

- A *layer* maps some code points. Its one-to-one part is a sorted list of runs, each one u32
  `first << 15 | (count - 1) << 8 | stride_is_2 << 7 | delta_index`: the code points
  `first + k * stride` (k < count) map to themselves plus `deltas[delta_index]`. Runs never
  overlap, and the gaps of a stride-2 run are not in the layer. Its one-to-many part is a
  sorted list of u32 `code << 15 | byte_offset << 4 | byte_len` into the shared `CASE_POOL`.
- lower and upper are one layer each; title is a layer of the differences from upper, tried
  before upper; casefold is a layer of the differences from lower, tried before lower.
- Cased (what title() and the Final_Sigma rule ask, and `isupper()`, `islower()`, `istitle()`)
  needs no table of its own: every code point with a lowercase or uppercase mapping is cased,
  and its kind follows from its mappings (only a lowercase one: uppercase; only an uppercase
  one: lowercase; both: titlecase). `CASE_KIND_EXCEPTIONS` lists the other cased code points
  with their kind, as ranges `first << 11 | is_uppercase << 10 | (length - 1)`. Cased is read
  off `islower()`/`isupper()`/`istitle()` of one character.
- Case_Ignorable (the Final_Sigma rule) is a sorted list of ranges `first << 11 | (length - 1)`,
  read off CPython's behaviour: whether `'A' + c + 'Σ'` and `' ' + c + 'Σ'` lower to a final
  sigma.

The script decodes every table it writes and checks it against CPython before writing.
"""
import bisect
import sys
import unicodedata

OUT = "crates/cpython_text/src/unicode_tables.rs"


def ranges(predicate):
    found, start = [], None
    for code in range(0x110000):
        hit = predicate(chr(code))
        if hit and start is None:
            start = code
        if not hit and start is not None:
            found.append((start, code - 1))
            start = None
    if start is not None:
        found.append((start, 0x10FFFF))
    return found


def main():
    assert sys.version_info[:2] == (3, 11), "generate with CPython 3.11"
    non_printable = ranges(lambda c: not c.isprintable())
    spaces = [code for code in range(0x110000) if chr(code).isspace()]
    zeros = [code for code in range(0x110000) if unicodedata.decimal(chr(code), None) == 0]
    for zero in zeros:
        assert all(unicodedata.decimal(chr(zero + k), None) == k for k in range(10))
    lines = [
        "//! Unicode tables for CPython 3.11's str predicates, generated from its `unicodedata`",
        f"//! (Unicode {unicodedata.unidata_version}) by `crates/lang/tests/data/gen_unicode_tables.py`.",
        "//! Do not edit by hand: rerun the script.",
        "",
        "/// Inclusive code point ranges for which `str.isprintable()` is false, sorted.",
        "pub const NON_PRINTABLE: &[(u32, u32)] = &[",
    ]
    lines += [f"    (0x{a:04X}, 0x{b:04X})," for a, b in non_printable]
    lines += [
        "];",
        "",
        "/// Code points for which `str.isspace()` is true, sorted.",
        "pub const WHITESPACE: &[u32] = &[",
    ]
    lines += [f"    0x{c:04X}," for c in spaces]
    lines += [
        "];",
        "",
        "/// The zero of every run of ten Unicode decimal digits (category Nd), sorted.",
        "pub const DECIMAL_ZEROS: &[u32] = &[",
    ]
    lines += [f"    0x{c:04X}," for c in zeros]
    lines += ["];", ""]
    lines += case_tables()
    with open(OUT, "w") as out:
        out.write("\n".join(lines))


# ---------------------------------------------------------------------------------------
# Case mappings

CODE_POINTS = [code for code in range(0x110000) if not 0xD800 <= code < 0xE000]
RUN_FIRST_SHIFT = 15
RANGE_FIRST_SHIFT = 11


def mapping(method):
    """{code: result} for every code point that `method` does not map to itself."""
    found = {}
    for code in CODE_POINTS:
        result = method(chr(code))
        if result != chr(code):
            found[code] = result
    return found


def difference(over, base):
    """The entries of `over` (with identity made explicit) that differ from `base`."""
    codes = set(over) | set(base)
    return {
        code: over.get(code, chr(code))
        for code in codes
        if over.get(code, chr(code)) != base.get(code, chr(code))
    }


def runs(deltas):
    """Greedy runs of equal delta with stride 1 or 2 over {code: delta}."""
    covered, found = set(), []
    for code in sorted(deltas):
        if code in covered:
            continue
        delta, best = deltas[code], (1, 1)
        for stride in (1, 2):
            count = 1
            while count < 128:
                nxt = code + count * stride
                if nxt not in deltas or deltas[nxt] != delta or nxt in covered:
                    break
                if stride == 2 and nxt - 1 in deltas:
                    break
                count += 1
            if count > best[1]:
                best = (stride, count)
        stride, count = best
        covered.update(code + k * stride for k in range(count))
        found.append((code, count, stride, delta))
    for (a, n, s, _), (b, _, _, _) in zip(found, found[1:]):
        assert a + (n - 1) * s < b, "runs overlap"
    return found


class Pool:
    """The shared UTF-8 text of every one-to-many result, reusing equal substrings."""

    def __init__(self):
        self.text = ""

    def offset(self, result):
        data = self.text.encode()
        index = data.find(result.encode())
        if index < 0:
            index = len(data)
            self.text += result
        return index


def layer(name, entries, pool, doc):
    """Rust lines for one layer, plus its decoded form for the self-check."""
    singles = {code: ord(r) - code for code, r in entries.items() if len(r) == 1}
    multis = {code: r for code, r in entries.items() if len(r) != 1}
    found = runs(singles)
    deltas = sorted({delta for (_, _, _, delta) in found})
    assert len(deltas) <= 128
    packed_runs = []
    for code, count, stride, delta in found:
        assert code < 1 << 17
        packed_runs.append(
            code << RUN_FIRST_SHIFT | (count - 1) << 8 | (stride == 2) << 7 | deltas.index(delta)
        )
    packed_multi = []
    for code in sorted(multis):
        result = multis[code]
        offset, size = pool.offset(result), len(result.encode())
        assert code < 1 << 17 and offset < 1 << 11 and 0 < size < 16
        packed_multi.append(code << RUN_FIRST_SHIFT | offset << 4 | size)
    lines = [f"/// {doc}", f"pub(crate) const {name}: CaseLayer = CaseLayer {{"]
    lines += hex_list("    runs: &[", packed_runs, "    ],")
    lines += ["    deltas: &[" + ", ".join(str(d) for d in deltas) + "],"]
    lines += hex_list("    multi: &[", packed_multi, "    ],")
    lines += ["};", ""]
    return lines, (packed_runs, deltas, packed_multi), len(packed_runs) * 4 + len(deltas) * 4 + len(packed_multi) * 4


def hex_list(opening, values, closing, per_line=8):
    lines = [opening]
    for i in range(0, len(values), per_line):
        lines.append("        " + " ".join(f"0x{v:08X}," for v in values[i : i + per_line]))
    lines.append(closing)
    return lines


def decode_layer(decoded, pool_bytes, code):
    """What a layer maps `code` to, decoded the way `format/case.rs` reads it (None: not in it)."""
    packed_runs, deltas, packed_multi = decoded
    keys = [entry >> RUN_FIRST_SHIFT for entry in packed_multi]
    index = bisect.bisect_left(keys, code)
    if index < len(keys) and keys[index] == code:
        entry = packed_multi[index]
        offset, size = (entry >> 4) & 0x7FF, entry & 0xF
        return pool_bytes[offset : offset + size].decode()
    index = bisect.bisect_right([entry >> RUN_FIRST_SHIFT for entry in packed_runs], code) - 1
    if index < 0:
        return None
    entry = packed_runs[index]
    first, count = entry >> RUN_FIRST_SHIFT, ((entry >> 8) & 0x7F) + 1
    stride = 2 if entry & 0x80 else 1
    offset = code - first
    if offset % stride == 0 and offset // stride < count:
        return chr(code + deltas[entry & 0x7F])
    return None


def code_ranges(codes):
    """Inclusive [first, last] runs of consecutive code points, sorted."""
    found = []
    for code in sorted(codes):
        if found and found[-1][1] == code - 1:
            found[-1][1] = code
        else:
            found.append([code, code])
    return found


def packed_ranges(codes):
    packed = []
    for first, last in code_ranges(codes):
        assert last - first < 1 << RANGE_FIRST_SHIFT and first < 1 << 21
        packed.append(first << RANGE_FIRST_SHIFT | (last - first))
    return packed


def case_kind_exceptions(cased, lower, upper):
    """Packed ranges of the cased code points whose kind (`islower()` or `isupper()`) is not
    the one their mappings suggest, and the set of those code points."""
    found = []
    for code in sorted(cased):
        ch = chr(code)
        kind = "lower" if ch.islower() else "upper" if ch.isupper() else "title"
        suggested = {
            (True, True): "title",
            (True, False): "upper",
            (False, True): "lower",
            (False, False): None,
        }[(code in lower, code in upper)]
        if kind == suggested:
            continue
        assert kind != "title", hex(code)
        if found and found[-1][1] == code - 1 and found[-1][2] == kind:
            found[-1][1] = code
        else:
            found.append([code, code, kind])
    packed, listed = [], set()
    for first, last, kind in found:
        assert last - first < 1 << 10 and first < 1 << 21
        packed.append(first << RANGE_FIRST_SHIFT | (kind == "upper") << 10 | (last - first))
        listed.update(range(first, last + 1))
    return packed, listed


def ends_in_final_sigma(text):
    return text.lower()[-1] == "\u03c2"


def case_tables():
    lower, upper = mapping(str.lower), mapping(str.upper)
    title, fold = mapping(str.title), mapping(str.casefold)
    pool = Pool()
    lines, decoded, size = [], {}, 0
    for name, entries, doc in (
        ("LOWER", lower, "`str.lower()` of one character (the Final_Sigma rule is applied by the caller)."),
        ("UPPER", upper, "`str.upper()` of one character."),
        ("TITLE_OVER_UPPER", difference(title, upper), "Where `str.title()` of one character differs from `UPPER`."),
        ("FOLD_OVER_LOWER", difference(fold, lower), "Where `str.casefold()` of one character differs from `LOWER`."),
    ):
        more, decoded[name], bytes_used = layer(name, entries, pool, doc)
        lines += more
        size += bytes_used
    pool_bytes = pool.text.encode()
    for code in CODE_POINTS:
        ch = chr(code)
        for method, names in (
            (str.lower, ["LOWER"]),
            (str.upper, ["UPPER"]),
            (str.title, ["TITLE_OVER_UPPER", "UPPER"]),
            (str.casefold, ["FOLD_OVER_LOWER", "LOWER"]),
        ):
            got = None
            for name in names:
                got = decode_layer(decoded[name], pool_bytes, code)
                if got is not None:
                    break
            assert (got or ch) == method(ch), (hex(code), method)
    cased = {
        code for code in CODE_POINTS if chr(code).islower() or chr(code).isupper() or chr(code).istitle()
    }
    ignorable = {
        code
        for code in CODE_POINTS
        if ends_in_final_sigma("A" + chr(code) + "\u03a3") and not ends_in_final_sigma(" " + chr(code) + "\u03a3")
    }
    ignorable_ranges = packed_ranges(ignorable)
    kind_ranges, without_mapping = case_kind_exceptions(cased, lower, upper)
    assert cased == set(lower) | set(upper) | without_mapping, "cased is not mapped or listed"
    size += 4 * (len(ignorable_ranges) + len(kind_ranges)) + len(pool_bytes)
    lines += ["/// The UTF-8 text of every one-to-many case mapping, shared by the layers.", "pub(crate) const CASE_POOL: &str = " + rust_str(pool.text) + ";", ""]
    lines += hex_list("/// Code points with the Case_Ignorable property, as packed ranges.\npub(crate) const CASE_IGNORABLE: &[u32] = &[", ignorable_ranges, "];")
    lines += [""]
    lines += hex_list(
        "/// Cased code points whose kind does not follow from their mappings (one with only a\n"
        "/// lowercase mapping is uppercase, one with only an uppercase mapping lowercase, one with\n"
        "/// both titlecase), as packed ranges `first << 11 | is_uppercase << 10 | (length - 1)`.\n"
        "pub(crate) const CASE_KIND_EXCEPTIONS: &[u32] = &[",
        kind_ranges,
        "];",
    )
    lines += [""]
    print(f"case tables: {size} bytes of data ({len(pool_bytes)} in the pool)", file=sys.stderr)
    return [
        "// Case mappings: see the layout in `crates/lang/tests/data/gen_unicode_tables.py`.",
        "",
        "use super::case::CaseLayer;",
        "",
    ] + lines


def rust_str(text):
    out = ['"']
    for ch in text:
        if 0x20 <= ord(ch) < 0x7F and ch not in '"\\':
            out.append(ch)
        else:
            out.append(f"\\u{{{ord(ch):X}}}")
    out.append('"')
    return "".join(out)


if __name__ == "__main__":
    main()
