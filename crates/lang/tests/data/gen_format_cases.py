#!/usr/bin/env python3
"""Writes the expected-output tables of crates/lang/tests/format.rs by asking CPython 3.11.

Run from the repository root with the oracle interpreter:
    python3 crates/lang/tests/data/gen_format_cases.py
Every expected string comes from python3 itself; nothing is written by hand. The inputs are
hand-picked edge cases plus a seeded random sample, so reruns give the same files.
"""
import math
import random
import struct
import sys

OUT_CASES = "crates/lang/tests/data/format_cases.rs"
OUT_FLOATS = "crates/lang/tests/data/float_repr_cases.rs"

rng = random.Random(20240611)


# ---------------------------------------------------------------------------------------
# Rust literals


def rs(text):
    """A Rust string literal for any Python str (no surrogates)."""
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif 0x20 <= code < 0x7F:
            out.append(ch)
        else:
            out.append("\\u{%x}" % code)
    out.append('"')
    return "".join(out)


def bits(x):
    return "0x%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


def from_bits(value):
    return struct.unpack("<d", struct.pack("<Q", value))[0]


def outcome(thunk):
    """Outcome::Ok(text) or Outcome::Err(class, message) for a thunk returning str."""
    try:
        result = thunk()
    except Exception as exc:  # noqa: BLE001 - the oracle's exception is the data
        return "Err(%s, %s)" % (rs(type(exc).__name__), rs(str(exc)))
    return "Ok(%s)" % rs(result)


def float_outcome(thunk):
    try:
        result = thunk()
    except Exception as exc:  # noqa: BLE001
        return "FloatErr(%s, %s)" % (rs(type(exc).__name__), rs(str(exc)))
    return "FloatOk(%s)" % bits(result)


def unlimited_str(value):
    """str(int) past the 4300-digit limit, for writing literals only."""
    sys.set_int_max_str_digits(0)
    try:
        return str(value)
    finally:
        sys.set_int_max_str_digits(4300)


def value_literal(value):
    if isinstance(value, bool):
        return "Value::Bool(%s)" % ("true" if value else "false")
    if isinstance(value, int):
        return "Value::Int(%s)" % rs(unlimited_str(value))
    if isinstance(value, float):
        return "Value::Float(%s)" % bits(value)
    return "Value::Str(%s)" % rs(value)


def py_literal(value):
    """A Py { kind, str, repr, ascii } for a % argument."""
    if isinstance(value, bool):
        kind = "Kind::Int(%s)" % rs(str(int(value)))
    elif isinstance(value, int):
        kind = "Kind::Int(%s)" % rs(unlimited_str(value))
    elif isinstance(value, float):
        kind = "Kind::Float(%s)" % bits(value)
    elif isinstance(value, str):
        kind = "Kind::Str(%s)" % rs(value)
    else:
        kind = "Kind::Other(%s)" % rs(type(value).__name__)

    def text(f):
        try:
            return rs(f(value))
        except ValueError:
            return rs("<unprintable>")

    return "Py { kind: %s, str: %s, repr: %s, ascii: %s }" % (
        kind, text(str), text(repr), text(ascii))


# ---------------------------------------------------------------------------------------
# Inputs

INTS = [0, 1, -1, 7, -7, 42, -42, 65, 255, -255, 1000, 1234, -1234, 99999, 123456, 1234567,
        -1234567, 2**31, -(2**31), 2**53 + 1, 2**63, 10**20, -(10**20), 0x10FFFF, 0x110000,
        10**30 + 7, -(2**100), True, False]
FLOATS = [0.0, -0.0, 1.0, -1.0, 0.1, -0.1, 0.5, 1.5, 2.5, -2.5, 0.25, 0.125, 2.675, 3.14159,
          1234.5678, -1234.5678, 12345.678, 1e15, 1e16, 1e17, 1e22, 1e23, 1e-4, 1e-5, 0.0001234,
          123456789.0, 9.999, 9.9999999, 99.5, 0.05, 100.0, 1e100, 1.5e300, 1.7976931348623157e308,
          5e-324, 2.2250738585072014e-308, 2.0**53, float("inf"), float("-inf"), float("nan"),
          -1e-7, 1/3, 2/3, -2/3, 0.999, 0.9995, 1234567.0, 1e7, 123.456e-10]
STRS = ["", "a", "ab", "abc", "hello world", "ünïcödé", "日本語", "tab\there", "x" * 12]

ALIGNS = ["", "", "", "<", ">", "^", "=", "*<", "*>", "*^", "*=", "0<", "0>", "0=", "x^", "_>",
          "é<", "{>"]
SIGNS = ["", "", "+", "-", " "]
WIDTHS = ["", "", "1", "5", "8", "12", "20"]
GROUPS = ["", "", "", ",", "_"]
PRECISIONS = ["", "", ".0", ".1", ".2", ".3", ".6", ".10", ".17", ".25"]
INT_TYPES = ["", "", "d", "b", "o", "x", "X", "c", "n", "e", "f", "g", "%", "s", "E", "G", "F"]
FLOAT_TYPES = ["", "", "", "e", "E", "f", "F", "g", "G", "n", "%", "d", "x", "s"]
STR_TYPES = ["", "", "s", "d", "r"]

FIXED_SPECS = [
    ".3e", "10.3f", ",", "_", "05d", "x", "X", "o", "b", "#x", "#X", "#o", "#b", "c", "%",
    ".1%", "g", ".3g", "", ">6", "<6", "^6", "*^7", "=+8", "+", " ", "z", "z.1f", ".2",
    ",d", ",f", ",.2f", "_b", "_x", "#_x", "#010x", "=10", "0=10", "+010.2f", "-010.2f",
    "010,.2f", "012,", "013_", ",,", "__", ",_", "_,", ".,", "._", ".", "10.2ff", "xx",
    "+ ", "\x01", "\u1234", "999999999999999999999", ".999999999999999999999", "300",
    ".300", "=", "=5", "#", ",s", "_s", ",c", "_c", ",n", "_n", "+c", "#c", ".2c", "zd",
    "z", "z.0f", "z.3g", "ze", "#.0f", "#.0e", "#g", "#.3g", "#", "#10", "0", "00", "0>5",
    "0^9", "0<9", "x<05", "<05", "٣", ".٣f", "10", ".0", ".1", ".16", ".17", ".100e",
    "G", "E", "F", "n", ".0n", "10n", "+e", " e", "+.0%",
]


def random_spec(types):
    return "".join([
        rng.choice(ALIGNS), rng.choice(SIGNS), "z" if rng.random() < 0.08 else "",
        "#" if rng.random() < 0.2 else "", "0" if rng.random() < 0.2 else "",
        rng.choice(WIDTHS), rng.choice(GROUPS), rng.choice(PRECISIONS), rng.choice(types),
    ])


def random_float():
    roll = rng.random()
    if roll < 0.3:
        while True:
            x = from_bits(rng.getrandbits(64))
            if math.isfinite(x):
                return x
    if roll < 0.6:
        return float("%d.%de%d" % (rng.randint(0, 99999), rng.randint(0, 9999), rng.randint(-12, 20)))
    if roll < 0.8:
        return rng.choice([-1, 1]) * rng.randint(0, 10**rng.randint(1, 18)) / 10**rng.randint(0, 6)
    return rng.uniform(-1000, 1000)


def format_cases():
    cases = []
    for spec in FIXED_SPECS:
        for value in [0, 1234, -42, 65, 1234.5678, -0.0, 0.1, 1e16, float("inf"), float("nan"),
                      "abc", "", True]:
            cases.append((value, spec))
    for _ in range(1500):
        cases.append((rng.choice(INTS), random_spec(INT_TYPES)))
    for _ in range(2500):
        value = rng.choice(FLOATS) if rng.random() < 0.6 else random_float()
        cases.append((value, random_spec(FLOAT_TYPES)))
    for _ in range(500):
        cases.append((rng.choice(STRS), random_spec(STR_TYPES)))
    lines = []
    for value, spec in cases:
        if isinstance(value, bool) and spec == "":
            continue  # format(True, '') is str(True): the caller's job.
        result = outcome(lambda: format(value, spec))
        lines.append("    (%s, %s, %s)," % (value_literal(value), rs(spec), result))
    return lines


# ---------------------------------------------------------------------------------------
# % formatting


def percent_templates():
    fixed = [
        ("%d items, %.2f s, %s", (3, 1.23456, "ok")),
        ("%5.1f|%-5d|%05d|%x|%e|%g|%%|%c", (3.14159, 42, 42, 255, 12345.678, 0.00001234, 65)),
        ("hello", []), ("hello", {}), ("hello", ()), ("hello", 5), ("%s", {"a": 1}),
        ("%(a)s %s", {"a": 1}), ("%s %s", {"a": 1}), ("%(a)s", (1,)), ("%(a)s", 5),
        ("%(a)s-%(b)r", {"a": 1, "b": "x"}), ("%(a)5.1f|%(a)-8d|", {"a": 2.75}),
        ("%((a))s", {"(a)": 3}), ("%s %(a)s", {"a": 1}),
        ("%d", "x"), ("%d", [1]), ("%x", 1.5), ("%d", 1.5), ("%d", float("inf")),
        ("%d", float("nan")), ("%c", "ab"), ("%c", 1.5), ("%c", -1), ("%c", 0x110000),
        ("%c", "é"), ("%c", ""), ("%c", None), ("%5", 1), ("%", 1), ("%y", 1), ("%d %y", ("a",)),
        ("%*d", (5, 3)), ("%*d", ("a", 3)), ("%.*f", (2, 3.14159)), ("%-*d|", (-5, 3)),
        ("%(a)*d", {"a": 5}), ("%s %s", (1,)), ("%s", (1, 2)), ("%s", ()), ("%(a", {"a": 1}),
        ("%d", True), ("%f", "x"), ("%f", [1]), ("%e", 10**400), ("%d", 10**30),
        ("%d", 10**5000), ("%x", 10**5000 // 10**4000), ("%s", None), ("%r", None),
        ("%.*s", (-2, "abc")), ("%*s", (10**20, "a")), ("%.*s", (10**10, "a")),
        ("%.1000000000000f", 1.0), ("%099999999999999999999d", 1), ("%z", 1), ("%\u1234", 1),
        ("%\x1f", 1), ("%\x7f", 1), ("%\x1e", 1), ("%b", 1), ("%x", "a"), ("%o", 1.0),
        ("%X", 255), ("%#X", 255), ("%#5X|", 255), ("%#05X|", -255), ("%.2%", ()), ("%5%", ()),
        ("%5%", (1,)), ("%s%%", 1), ("%l", 1), ("%ld", 1), ("%hd", 1), ("%Ld", 1), ("%lf", 1.5),
        ("%-+08.3f|", 3.14159), ("% 08.3f|", 3.14159), ("%+ d", 5), ("% +d", -5),
        ("%#.0f", 2.0), ("%#.3g", 2.0), ("%#g", 0.0), ("%.0e", 12345.0), ("%G", 1e-10),
        ("%F", float("nan")), ("%f", float("-inf")), ("%010f", float("inf")),
        ("%-10f|", float("nan")), ("%+f", float("nan")), ("% e", 0.0), ("%+e", -0.0),
        ("%10.4s|", "abcdefgh"), ("%-10.4s|", "abcdefgh"), ("%.0s|", "abc"), ("%5c|", "x"),
        ("%-5c|", 120), ("%05s|", "ab"), ("%+s|", "ab"), ("%#s|", "ab"), ("%r", "it's"),
        ("%a", "ünï"), ("%r", "ünï"), ("%5r|", 1.5), ("%i %u", (1, 2)), ("%3$s", 1),
        ("%-#010x|", 255), ("%#010o|", 8), ("%#o", 0), ("%#x", 0), ("%.5x", -255),
        ("%#.5o", -8), ("%+.3d", 7), ("% .3d", 7), ("%010.3d|", -5), ("%10.3d|", -5),
        ("%(x)s %(x)d", {"x": 3}), ("%(x)s", {"x": [1, 2]}), ("%s", [1, 2]),
        ("%s", ([1, 2],)), ("%s %s", ("a", "b", "c")), ("%-*.*f|", (10, 2, 3.14159)),
        ("%*.*f|", (-10, 2, 3.14159)), ("%.*f", (-3, 3.14159)), ("%*d", (True, 5)),
        ("%.*d", (3.0, 5)), ("%c%c", (104, "i")), ("%d%%", 50), ("100%% %s", "done"),
        ("%s", ""), ("", ()), ("", (1,)), ("%%", ()), ("%%", (1,)), ("%", ()),
        ("%(", {}), ("%()s", {"": 4}), ("%-", 1), ("%.", 1), ("%5.", 1), ("%*", (5,)),
        ("%.*", (1,)), ("%h", 1), ("%hh", 1),
    ]
    convs = "diouxXeEfFgGcsra"
    args_for = {
        "d": [0, 7, -42, 123456, 2.9, -2.9, True, 10**25],
        "e": [0.0, 1.5, -2.25, 1e100, 1e-7, 12345.678, 3, -0.0, 2.675],
        "c": [65, "z", 0x263A, 10],
        "s": ["abc", "", 12, 1.5, None, "日本"],
    }
    kinds = {"d": "d", "i": "d", "u": "d", "o": "d", "x": "d", "X": "d", "e": "e", "E": "e",
             "f": "e", "F": "e", "g": "e", "G": "e", "c": "c", "s": "s", "r": "s", "a": "s"}
    randoms = []
    for _ in range(1500):
        conv = rng.choice(convs)
        flags = "".join(rng.choice(["", "", "-", "+", " ", "#", "0"]) for _ in range(2))
        width = rng.choice(["", "", "1", "6", "12"])
        precision = rng.choice(["", "", ".0", ".1", ".3", ".8"])
        value = rng.choice(args_for[kinds[conv]])
        if kinds[conv] == "e" and rng.random() < 0.5:
            value = random_float()
        template = "<%" + flags + width + precision + conv + ">"
        randoms.append((template, (value,)))
    return fixed + randoms


def operand_literal(args):
    if isinstance(args, tuple):
        return "Operand::Tuple(&[%s])" % ", ".join(py_literal(a) for a in args)
    if isinstance(args, dict):
        items = ", ".join("(%s, %s)" % (rs(k), py_literal(v)) for k, v in args.items())
        return "Operand::Dict(%s, &[%s])" % (py_literal(args), items)
    is_mapping = isinstance(args, list)  # the only other mapping-like operand used here
    return "Operand::Single(%s, %s)" % (py_literal(args), "true" if is_mapping else "false")


def percent_cases():
    lines = []
    for template, args in percent_templates():
        result = outcome(lambda: template % args)
        lines.append("    (%s, %s, %s)," % (rs(template), operand_literal(args), result))
    return lines


# ---------------------------------------------------------------------------------------
# int(), float(), round(), repr()

INT_STRINGS = [
    ("\x1c1", 10), ("1\x1c", 10), ("\u20001\u3000", 10), ("\x0b1\x0c", 10), ("١٢٣", 10),
    ("1_000", 10), ("_1", 10), ("1_", 10), ("1__0", 10), ("0x_1f", 16), ("0x_1f", 0),
    ("0_x1", 0), ("010", 0), ("000", 0), ("0_0", 0), ("00_1", 0), ("0b101", 0), ("0B101", 2),
    ("0o17", 8), ("0o17", 10), ("0x", 16), ("0x", 0), ("-0x10", 0), ("+ 1", 10), ("- 1", 10),
    ("", 10), ("  ", 10), ("z", 36), ("Z", 36), ("10", 37), ("10", 1), ("12\x00", 10),
    ("1e5", 10), ("٣", 0), ("0٣", 0), ("१२३", 10), ("𝟏𝟐", 10), ("12", 2), ("-", 10),
    ("+0", 10), ("-00", 0), ("0_", 0), ("0x1_", 16), ("x" * 300, 10), ("1" * 4300, 10),
    ("1" * 4301, 10), ("1_" * 4400 + "1", 10), ("1" * 5000, 16), ("1" * 4301 + "x", 10),
    ("1" * 5000, 36), ("0x" + "f" * 5000, 0), ("  -17  ", 10), ("0xFF", 16), ("ff", 16),
    ("FF", 15), ("0o8", 0), ("0b2", 0), ("09", 0), ("0", 0), ("-0", 0), ("0_7", 0),
    ("0x_", 16), ("0x__1", 16), ("0b_1_0", 0), ("1 2", 10), ("١_٢", 10), ("Infinity", 10),
    ("12é", 10), ("\t\n42\r\n", 10), ("42", 8), ("777", 8), ("123456789" * 10, 10),
    ("-" + "9" * 400, 10), ("zz", 35), ("yz", 36), ("+-1", 10), ("--1", 10), ("0X1g", 0),
]

FLOAT_STRINGS = [
    "1.5", " -2e3 ", "inf", "-Infinity", "nan", "-nan", "+nan", "1_000.5", "", " ", "1__0",
    "_1", "1_", "1_.5", "1._5", "1e1_0", "1e_10", "1_e10", "in_f", "infinit", "infinityy",
    "INF", "NaN", "nAn", "1.", ".5", ".", "e5", "1e", "1e+", "1e+5", "1E-5", "0x1p3", "1e400",
    "-1e400", "1e-400", "4.9e-324", "2.4e-324", "2.5e-324", "1.7976931348623157e308",
    "1.7976931348623158e308", "1.7976931348623159e308", "١.٥", "\u3000 3.25\u2000",
    "\x1c1.0", "1.0\x00", "１２.５", "12 5", "+-1", "--1", "+.5e-3", "0.1", "0.30000000000000004",
    "123456789012345678901234567890", "0." + "0" * 400 + "1e400", "9" * 400, "1" * 5000,
    "1e99999999999999999999", "1e-99999999999999999999", "0e99999999999999999999", "x" * 300,
    "2.675", "1_2_3.4_5e1_0", "  nan  ", "-0", "-0.0", "+0.0", "00012", "1.5j", "0b1",
    "infinity", "iNfInItY", "+inf", "in f",
]


def round_cases():
    values = [2.675, 0.125, 0.375, 0.5, 1.5, 2.5, -2.5, 1.0005, 5.5, 1234.5678, -1234.5678,
              1e300, 1.7976931348623157e308, 5e-324, 0.0, -0.0, 123.456, 0.1, 0.285, 1.15,
              2.5e-5, float("inf"), float("nan"), 1e22, 4.35, 7.0, 1e16 + 2, 0.045, 12.5]
    ndigits = [0, 1, 2, 3, -1, -2, -3, 5, 10, 17, 300, 323, 324, -308, -309, -400, 400]
    cases = [(v, n) for v in values for n in ndigits]
    for _ in range(1500):
        cases.append((random_float(), rng.randint(-25, 25)))
    lines = []
    for value, n in cases:
        result = float_outcome(lambda: round(value, n))
        lines.append("    (%s, %d, %s)," % (bits(value), n, result))
    return lines


REPR_STRINGS = [
    "", "a", "it's", 'say "hi"', "both ' and \"", "back\\slash", "tab\t nl\n cr\r",
    "\x00\x01\x1f\x7f", "\x80\x9f\xa0\xad\xff", "ünïcödé", "日本語", "\u200b\u2028\u2029",
    "\ud7ff\ue000\uffff", "\U0001f600", "\U000e0001", "\U0010ffff", "\u0378", "é\u0301",
    "'", '"', "'\"", "\\'", "\x1b[0m", "\u00a0\u3000", "\ufeff",
]


def scalar_cases():
    lines = ["pub(super) const INT_PARSE_CASES: &[(&str, u32, Outcome)] = &["]
    for text, base in INT_STRINGS:
        result = outcome(lambda: hex(int(text, base)))
        lines.append("    (%s, %d, %s)," % (rs(text), base, result))
    lines.append("];")
    lines.append("")
    lines.append("pub(super) const FLOAT_PARSE_CASES: &[(&str, FloatOutcome)] = &[")
    for text in FLOAT_STRINGS:
        lines.append("    (%s, %s)," % (rs(text), float_outcome(lambda: float(text))))
    lines.append("];")
    lines.append("")
    lines.append("pub(super) const ROUND_CASES: &[(u64, i64, FloatOutcome)] = &[")
    lines += round_cases()
    lines.append("];")
    lines.append("")
    lines.append("/// (text, repr(text), ascii(text))")
    lines.append("pub(super) const STR_REPR_CASES: &[(&str, &str, &str)] = &[")
    samples = list(REPR_STRINGS)
    for _ in range(300):
        samples.append("".join(chr(rng.choice([rng.randint(0, 0x7F), rng.randint(0x80, 0x2FFF),
                                               rng.randint(0x3000, 0x10FFFF)]))
                               for _ in range(rng.randint(0, 6))))
    for text in samples:
        if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
            continue
        lines.append("    (%s, %s, %s)," % (rs(text), rs(repr(text)), rs(ascii(text))))
    lines.append("];")
    return lines


def float_repr_lines():
    values = [0.0, -0.0, 1.0, 0.1, 1e16, 1e-5, 1e-4, 1.5e300, 5e-324, 1e22, 1e23, 2.0**63,
              9007199254740993.0, 1.7976931348623157e308, 2.2250738585072014e-308,
              float("inf"), float("-inf"), float("nan"), 123456789012345678.0, 0.3, 2.0**-1074,
              1e15, 9999999999999998.0, 1e-7, 100.0, 1234567890123456.7]
    for exponent in range(-1074, 1024, 7):
        values.append(2.0**exponent)
    for power in range(-330, 310):
        values.append(float("1e%d" % power))
    while len(values) < 5000:
        values.append(random_float())
    return ["    (%s, %s)," % (bits(v), rs(repr(v))) for v in values]


def main():
    assert sys.version_info[:2] == (3, 11), "generate with CPython 3.11"
    header = [
        "//! Expected results for `tests/format.rs`, generated by",
        "//! `crates/lang/tests/data/gen_format_cases.py` from CPython %s." %
        sys.version.split()[0],
        "//! Do not edit by hand: rerun the script.",
        "",
    ]
    imports = [
        "use super::FloatOutcome::{FloatErr, FloatOk};",
        "use super::Outcome::{Err, Ok};",
        "use super::{FloatOutcome, Kind, Operand, Outcome, Py, Value};",
        "",
    ]
    with open(OUT_CASES, "w") as out:
        lines = header + imports
        lines.append("/// (value, spec, format(value, spec))")
        lines.append("pub(super) const FORMAT_CASES: &[(Value, &str, Outcome)] = &[")
        lines += format_cases()
        lines.append("];")
        lines.append("")
        lines.append("/// (template, operand, template % operand)")
        lines.append("pub(super) const PERCENT_CASES: &[(&str, Operand, Outcome)] = &[")
        lines += percent_cases()
        lines.append("];")
        lines.append("")
        lines += scalar_cases()
        out.write("\n".join(lines) + "\n")
    with open(OUT_FLOATS, "w") as out:
        lines = list(header)
        lines.append("/// (bits of x, repr(x))")
        lines.append("pub(super) const FLOAT_REPR_CASES: &[(u64, &str)] = &[")
        lines += float_repr_lines()
        lines.append("];")
        out.write("\n".join(lines) + "\n")


main()
