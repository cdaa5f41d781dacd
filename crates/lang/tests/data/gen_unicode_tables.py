#!/usr/bin/env python3
"""Writes crates/lang/src/format/unicode_tables.rs from CPython 3.11's own unicodedata.

Run from the repository root with the oracle interpreter:
    python3 crates/lang/tests/data/gen_unicode_tables.py
The tables must come from the Python whose behaviour we copy (Unicode 14.0 for 3.11).
"""
import sys
import unicodedata

OUT = "crates/lang/src/format/unicode_tables.rs"


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
        "pub(crate) const NON_PRINTABLE: &[(u32, u32)] = &[",
    ]
    lines += [f"    (0x{a:04X}, 0x{b:04X})," for a, b in non_printable]
    lines += [
        "];",
        "",
        "/// Code points for which `str.isspace()` is true, sorted.",
        "pub(crate) const WHITESPACE: &[u32] = &[",
    ]
    lines += [f"    0x{c:04X}," for c in spaces]
    lines += [
        "];",
        "",
        "/// The zero of every run of ten Unicode decimal digits (category Nd), sorted.",
        "pub(crate) const DECIMAL_ZEROS: &[u32] = &[",
    ]
    lines += [f"    0x{c:04X}," for c in zeros]
    lines += ["];", ""]
    with open(OUT, "w") as out:
        out.write("\n".join(lines))


main()
