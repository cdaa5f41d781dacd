//! Parser tests: the tree for a table of programs, CPython 3.11's exact `SyntaxError` output
//! for a table of broken ones, the conformance corpus, hostile input (deep nesting, huge
//! literals, random token soup) and a round trip through generated expressions.
//!
//! The expected trees were checked against CPython's `ast.parse` (node kinds, fields and
//! positions); the expected error texts are what `python3 main.py` printed to stderr.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use lang::ast::*;
use lang::parser::parse_module;
use lang::span::Span;
use proptest::prelude::*;

// ---- Tables. ----

/// Programs and their trees (checked against CPython's `ast.parse`, positions included).
const AST_CASES: &[(&str, &str)] = &[
    (
        r##"x = 1 + 2 * 3 - 4 / 5 // 6 % 7 @ m"##,
        r##"Assign([x], BinOp(BinOp(Int(1), Add, BinOp(Int(2), Mult, Int(3))), Sub, BinOp(BinOp(BinOp(BinOp(Int(4), Div, Int(5)), FloorDiv, Int(6)), Mod, Int(7)), MatMult, m)))"##,
    ),
    (
        r##"x = -a ** -b ** c"##,
        r##"Assign([x], UnaryOp(USub, BinOp(a, Pow, UnaryOp(USub, BinOp(b, Pow, c)))))"##,
    ),
    (
        r##"x = not a and b or not c and d"##,
        r##"Assign([x], BoolOp(Or, [BoolOp(And, [UnaryOp(Not, a), b]), BoolOp(And, [UnaryOp(Not, c), d])]))"##,
    ),
    (
        r##"x = a < b <= c == d != e > f >= g"##,
        r##"Assign([x], Compare(a, [Lt, LtE, Eq, NotEq, Gt, GtE], [b, c, d, e, f, g]))"##,
    ),
    (
        r##"x = a is not b"##,
        r##"Assign([x], Compare(a, [IsNot], [b]))"##,
    ),
    (
        r##"x = a not in b in c"##,
        r##"Assign([x], Compare(a, [NotIn, In], [b, c]))"##,
    ),
    (
        r##"x = a | b ^ c & d << e >> f"##,
        r##"Assign([x], BinOp(a, BitOr, BinOp(b, BitXor, BinOp(c, BitAnd, BinOp(BinOp(d, LShift, e), RShift, f)))))"##,
    ),
    (
        r##"x = ~a + +b - -c"##,
        r##"Assign([x], BinOp(BinOp(UnaryOp(Invert, a), Add, UnaryOp(UAdd, b)), Sub, UnaryOp(USub, c)))"##,
    ),
    (
        r##"x = a if b else c if d else e"##,
        r##"Assign([x], IfExp(b, a, IfExp(d, c, e)))"##,
    ),
    (
        r##"x = lambda: 0"##,
        r##"Assign([x], Lambda(Arguments(), Int(0)))"##,
    ),
    (
        r##"x = lambda a, b=1, *args, c, d=2, **kw: a"##,
        r##"Assign([x], Lambda(Arguments(args=[a, b], *args, kwonly=[c, d], kw_defaults=[-, Int(2)], **kw, defaults=[Int(1)]), a))"##,
    ),
    (
        r##"x = lambda a, /, b: a"##,
        r##"Assign([x], Lambda(Arguments(posonly=[a], args=[b]), a))"##,
    ),
    (
        r##"x = lambda *, a: a"##,
        r##"Assign([x], Lambda(Arguments(kwonly=[a], kw_defaults=[-]), a))"##,
    ),
    (
        r##"x = (a := 1)"##,
        r##"Assign([x], NamedExpr(a, Int(1)))"##,
    ),
    (
        r##"f(a := 1, b)"##,
        r##"Expr(Call(f, [NamedExpr(a, Int(1)), b], []))"##,
    ),
    (
        r##"x = [y := f(x), y ** 2]"##,
        r##"Assign([x], List([NamedExpr(y, Call(f, [x], [])), BinOp(y, Pow, Int(2))]))"##,
    ),
    (
        r##"x = a.b.c(d)[e].f"##,
        r##"Assign([x], Attribute(Subscript(Call(Attribute(Attribute(a, b), c), [d], []), e), f))"##,
    ),
    (
        r##"x = a[1:2, ::3]"##,
        r##"Assign([x], Subscript(a, Tuple([Slice(Int(1), Int(2), -), Slice(-, -, Int(3))])))"##,
    ),
    (
        r##"x = a[:]"##,
        r##"Assign([x], Subscript(a, Slice(-, -, -)))"##,
    ),
    (
        r##"x = a[::-1]"##,
        r##"Assign([x], Subscript(a, Slice(-, -, UnaryOp(USub, Int(1)))))"##,
    ),
    (
        r##"x = a[1:]"##,
        r##"Assign([x], Subscript(a, Slice(Int(1), -, -)))"##,
    ),
    (
        r##"x = a[:2]"##,
        r##"Assign([x], Subscript(a, Slice(-, Int(2), -)))"##,
    ),
    (
        r##"x = a[i, j]"##,
        r##"Assign([x], Subscript(a, Tuple([i, j])))"##,
    ),
    (
        r##"x = a[*b]"##,
        r##"Assign([x], Subscript(a, Tuple([Starred(b)])))"##,
    ),
    (
        r##"x = a[()]"##,
        r##"Assign([x], Subscript(a, Tuple([])))"##,
    ),
    (
        r##"x = f(*args, **kwargs)"##,
        r##"Assign([x], Call(f, [Starred(args)], [**kwargs]))"##,
    ),
    (
        r##"x = f(a, *b, c=1, *d, **e, **f)"##,
        r##"Assign([x], Call(f, [a, Starred(b), Starred(d)], [c=Int(1), **e, **f]))"##,
    ),
    (
        r##"x = f(x for x in y)"##,
        r##"Assign([x], Call(f, [GeneratorExp(x, [for x in y if []])], []))"##,
    ),
    (
        r##"x = f(a)(b)(c)"##,
        r##"Assign([x], Call(Call(Call(f, [a], []), [b], []), [c], []))"##,
    ),
    (
        r##"x = [1, 2, *rest]"##,
        r##"Assign([x], List([Int(1), Int(2), Starred(rest)]))"##,
    ),
    (r##"x = (1,)"##, r##"Assign([x], Tuple([Int(1)]))"##),
    (r##"x = ()"##, r##"Assign([x], Tuple([]))"##),
    (r##"x = 1, 2"##, r##"Assign([x], Tuple([Int(1), Int(2)]))"##),
    (r##"x = {}"##, r##"Assign([x], Dict([], []))"##),
    (
        r##"x = {1: 2, **d, 3: 4}"##,
        r##"Assign([x], Dict([Int(1), **, Int(3)], [Int(2), d, Int(4)]))"##,
    ),
    (
        r##"x = {1, 2, *s}"##,
        r##"Assign([x], Set([Int(1), Int(2), Starred(s)]))"##,
    ),
    (
        r##"x = [i * j for i in range(3) if i for j in range(i) if j > 1 if j < 5]"##,
        r##"Assign([x], ListComp(BinOp(i, Mult, j), [for i in Call(range, [Int(3)], []) if [i], for j in Call(range, [i], []) if [Compare(j, [Gt], [Int(1)]), Compare(j, [Lt], [Int(5)])]]))"##,
    ),
    (
        r##"x = {k: v for k, v in d.items()}"##,
        r##"Assign([x], DictComp(k, v, [for Tuple([k, v]) in Call(Attribute(d, items), [], []) if []]))"##,
    ),
    (
        r##"x = {v for v in s}"##,
        r##"Assign([x], SetComp(v, [for v in s if []]))"##,
    ),
    (
        r##"x = (i for i in g)"##,
        r##"Assign([x], GeneratorExp(i, [for i in g if []]))"##,
    ),
    (
        r##"x = [[r[i] for r in m] for i in range(2)]"##,
        r##"Assign([x], ListComp(ListComp(Subscript(r, i), [for r in m if []]), [for i in Call(range, [Int(2)], []) if []]))"##,
    ),
    (r##"x = ..."##, r##"Assign([x], Ellipsis)"##),
    (
        r##"x = None, True, False"##,
        r##"Assign([x], Tuple([None, True, False]))"##,
    ),
    (
        r##"x = 1_000_000, 0xFF, 0o17, 0b101, 00, 12345678901234567890123456789"##,
        r##"Assign([x], Tuple([Int(1000000), Int(255), Int(15), Int(5), Int(0), Int(12345678901234567890123456789)]))"##,
    ),
    (
        r##"x = 1.5, 1., .5, 1e10, 1E-5, 1_0.0_1, 2j, 1.5J, 0e0"##,
        r##"Assign([x], Tuple([Float(1.5), Float(1.0), Float(0.5), Float(10000000000.0), Float(1e-5), Float(10.01), Complex(2.0), Complex(1.5), Float(0.0)]))"##,
    ),
    (
        r##"x = 'a' "b" '''c''' """d""""##,
        r##"Assign([x], Str("abcd"))"##,
    ),
    (
        r##"x = r'\n' R"\t" u'x'"##,
        r##"Assign([x], Str("\\n\\tx"))"##,
    ),
    (
        r##"x = b'\x00\xff' rb'\d' Br"\s""##,
        r##"Assign([x], Bytes("\0�\\d\\s"))"##,
    ),
    (
        r##"x = 'it\'s' "say \"hi\"" '\\' '\x41\u00e9\U0001F600' '\101\0' '\a\b\f\n\r\t\v'"##,
        r##"Assign([x], Str("it'ssay \"hi\"\\Aé😀A\0\u{7}\u{8}\u{c}\n\r\t\u{b}"))"##,
    ),
    (
        r##"x = 'line\
continued'"##,
        r##"Assign([x], Str("linecontinued"))"##,
    ),
    (
        r##"x = """multi
line""""##,
        r##"Assign([x], Str("multi\nline"))"##,
    ),
    (
        r##"x = f'{a} {b!r} {c:>10} {d!s:{w}.{p}f} {{}} {e=} {f = !a} {g=:x}'"##,
        r##"Assign([x], JoinedStr([{a}, " ", {b!r}, " ", {c:[">10"]}, " ", {d!s:[{w}, ".", {p}, "f"]}, " {} e=", {e!r}, " f = ", {f!a}, " g=", {g:["x"]}]))"##,
    ),
    (
        r##"x = f'{x:{y}}' f'plain' 'tail'"##,
        r##"Assign([x], JoinedStr([{x:[{y}]}, "plaintail"]))"##,
    ),
    (
        r##"x = 'head' f'{x}'"##,
        r##"Assign([x], JoinedStr(["head", {x}]))"##,
    ),
    (r##"x = f''"##, r##"Assign([x], JoinedStr([]))"##),
    (
        r##"x = f'{a["k"]}' + f"{b['k']}""##,
        r##"Assign([x], BinOp(JoinedStr([{Subscript(a, Str("k"))}]), Add, JoinedStr([{Subscript(b, Str("k"))}])))"##,
    ),
    (
        r##"x = f'''{
    a + b
}'''"##,
        r##"Assign([x], JoinedStr([{BinOp(a, Add, b)}]))"##,
    ),
    (
        r##"x = f'{x!r:^{width}}'"##,
        r##"Assign([x], JoinedStr([{x!r:["^", {width}]}]))"##,
    ),
    (
        r##"x = f'{3.14:.2f} {"s"!r} {1,2}'"##,
        r##"Assign([x], JoinedStr([{Float(3.14):[".2f"]}, " ", {Str("s")!r}, " ", {Tuple([Int(1), Int(2)])}]))"##,
    ),
    (
        r##"x = f'{(lambda: 1)()}'"##,
        r##"Assign([x], JoinedStr([{Call(Lambda(Arguments(), Int(1)), [], [])}]))"##,
    ),
    (
        r##"x = f'{x for x in y}'"##,
        r##"Assign([x], JoinedStr([{GeneratorExp(x, [for x in y if []])}]))"##,
    ),
    (
        r##"x = f'{a!=b}' f'{a<=b}'"##,
        r##"Assign([x], JoinedStr([{Compare(a, [NotEq], [b])}, {Compare(a, [LtE], [b])}]))"##,
    ),
    (
        r##"x = f'{yield}'"##,
        r##"Assign([x], JoinedStr([{Yield(-)}]))"##,
    ),
    (
        r##"x = f'\N{EM DASH} {x}'"##,
        r##"Assign([x], JoinedStr(["— ", {x}]))"##,
    ),
    (
        r##"x = f'{{{x}}}'"##,
        r##"Assign([x], JoinedStr(["{", {x}, "}"]))"##,
    ),
    (
        r##"print(1); print(2);"##,
        r##"Expr(Call(print, [Int(1)], []))
Expr(Call(print, [Int(2)], []))"##,
    ),
    (
        r##"if a: pass
elif b: pass
else: pass"##,
        r##"If(a, [Pass], [If(b, [Pass], [Pass])])"##,
    ),
    (
        r##"if a:
    x = 1
elif b:
    x = 2
else:
    x = 3"##,
        r##"If(a, [Assign([x], Int(1))], [If(b, [Assign([x], Int(2))], [Assign([x], Int(3))])])"##,
    ),
    (
        r##"while x:
    x -= 1
    if x: break
    continue
else:
    done()"##,
        r##"While(x, [AugAssign(x, Sub, Int(1)), If(x, [Break], []), Continue], [Expr(Call(done, [], []))])"##,
    ),
    (
        r##"for i, (a, b) in enumerate(pairs):
    pass
else:
    pass"##,
        r##"For(Tuple([i, Tuple([a, b])]), Call(enumerate, [pairs], []), [Pass], [Pass])"##,
    ),
    (
        r##"for x in *a, *b: pass"##,
        r##"For(x, Tuple([Starred(a), Starred(b)]), [Pass], [])"##,
    ),
    (
        r##"for x, in y: pass"##,
        r##"For(Tuple([x]), y, [Pass], [])"##,
    ),
    (
        r##"try:
    f()
except (A, B) as e:
    g(e)
except C:
    pass
except:
    raise
else:
    ok()
finally:
    cleanup()"##,
        r##"Try([Expr(Call(f, [], []))], [except Tuple([A, B]) as e: [Expr(Call(g, [e], []))], except C as -: [Pass], except - as -: [Raise(-, -)]], [Expr(Call(ok, [], []))], [Expr(Call(cleanup, [], []))])"##,
    ),
    (
        r##"try:
    pass
finally:
    pass"##,
        r##"Try([Pass], [], [], [Pass])"##,
    ),
    (
        r##"with a as b, c as (d, e), f: pass"##,
        r##"With([a as b, c as Tuple([d, e]), f], [Pass])"##,
    ),
    (
        r##"with (a as b, c as d,): pass"##,
        r##"With([a as b, c as d], [Pass])"##,
    ),
    (r##"with (a, b): pass"##, r##"With([a, b], [Pass])"##),
    (
        r##"with (open(x)) as f: pass"##,
        r##"With([Call(open, [x], []) as f], [Pass])"##,
    ),
    (
        r##"@dec
@dec.attr(1)
def f(a: int, b: str = 'x', *args: int, c, d: int = 2, **kw: dict) -> None:
    '''doc'''
    return a"##,
        r##"FunctionDef(f, Arguments(args=[a: int, b: str], *args: int, kwonly=[c, d: int], kw_defaults=[-, Int(2)], **kw: dict, defaults=[Str("x")]), [Expr(Str("doc")), Return(a)], decorators=[dec, Call(Attribute(dec, attr), [Int(1)], [])], returns=None)"##,
    ),
    (
        r##"def f(a, b=1, /, c=2, *, d, e=3, **f): pass"##,
        r##"FunctionDef(f, Arguments(posonly=[a, b], args=[c], kwonly=[d, e], kw_defaults=[-, Int(3)], **f, defaults=[Int(1), Int(2)]), [Pass], decorators=[], returns=-)"##,
    ),
    (
        r##"def f(a, /): pass"##,
        r##"FunctionDef(f, Arguments(posonly=[a]), [Pass], decorators=[], returns=-)"##,
    ),
    (
        r##"def f(*args): pass"##,
        r##"FunctionDef(f, Arguments(*args), [Pass], decorators=[], returns=-)"##,
    ),
    (
        r##"def f(**kw): pass"##,
        r##"FunctionDef(f, Arguments(**kw), [Pass], decorators=[], returns=-)"##,
    ),
    (
        r##"def f(a=1, *, b): pass"##,
        r##"FunctionDef(f, Arguments(args=[a], kwonly=[b], kw_defaults=[-], defaults=[Int(1)]), [Pass], decorators=[], returns=-)"##,
    ),
    (
        r##"def g():
    x = yield
    y = yield 1, 2
    z = yield from w
    yield
    return (yield)"##,
        r##"FunctionDef(g, Arguments(), [Assign([x], Yield(-)), Assign([y], Yield(Tuple([Int(1), Int(2)]))), Assign([z], YieldFrom(w)), Expr(Yield(-)), Return(Yield(-))], decorators=[], returns=-)"##,
    ),
    (
        r##"class A: pass"##,
        r##"ClassDef(A, [], [], [Pass], decorators=[])"##,
    ),
    (
        r##"class A(B, C, metaclass=M, **kw):
    x: int = 1
    def f(self): pass"##,
        r##"ClassDef(A, [B, C], [metaclass=M, **kw], [AnnAssign(x, int, Int(1)), FunctionDef(f, Arguments(args=[self]), [Pass], decorators=[], returns=-)], decorators=[])"##,
    ),
    (
        r##"@decorator
class A(): pass"##,
        r##"ClassDef(A, [], [], [Pass], decorators=[decorator])"##,
    ),
    (
        r##"import a, b.c, d.e.f as g"##,
        r##"Import([a, b.c, d.e.f as g])"##,
    ),
    (r##"from . import a"##, r##"ImportFrom("", [a], 1)"##),
    (
        r##"from .. import b as c"##,
        r##"ImportFrom("", [b as c], 2)"##,
    ),
    (
        r##"from ...a.b import (c, d as e,)"##,
        r##"ImportFrom("a.b", [c, d as e], 3)"##,
    ),
    (r##"from a import *"##, r##"ImportFrom("a", [*], 0)"##),
    (r##"from .a import b"##, r##"ImportFrom("a", [b], 1)"##),
    (r##"global a, b"##, r##"Global(a, b)"##),
    (
        r##"def f():
    nonlocal x"##,
        r##"FunctionDef(f, Arguments(), [Nonlocal(x)], decorators=[], returns=-)"##,
    ),
    (
        r##"del a, b[0], c.d, (e, f), [g]"##,
        r##"Delete([a, Subscript(b, Int(0)), Attribute(c, d), Tuple([e, f]), List([g])])"##,
    ),
    (r##"assert x, 'message'"##, r##"Assert(x, Str("message"))"##),
    (r##"assert x"##, r##"Assert(x, -)"##),
    (r##"raise"##, r##"Raise(-, -)"##),
    (r##"raise E"##, r##"Raise(E, -)"##),
    (
        r##"raise E('x') from cause"##,
        r##"Raise(Call(E, [Str("x")], []), cause)"##,
    ),
    (r##"return"##, r##"Return(-)"##),
    (r##"x: int"##, r##"AnnAssign(x, int, -)"##),
    (r##"x: int = 1"##, r##"AnnAssign(x, int, Int(1))"##),
    (
        r##"a.b: list[int] = []"##,
        r##"AnnAssign(Attribute(a, b), Subscript(list, int), List([]))"##,
    ),
    (
        r##"a[0]: int = 1"##,
        r##"AnnAssign(Subscript(a, Int(0)), int, Int(1))"##,
    ),
    (r##"(x): int = 1"##, r##"AnnAssign(x, int, Int(1))"##),
    (r##"x += 1"##, r##"AugAssign(x, Add, Int(1))"##),
    (
        r##"x -= 1; x *= 2; x /= 3; x //= 4; x %= 5; x **= 6; x >>= 7; x <<= 8; x &= 9; x ^= 10; x |= 11; x @= m"##,
        r##"AugAssign(x, Sub, Int(1))
AugAssign(x, Mult, Int(2))
AugAssign(x, Div, Int(3))
AugAssign(x, FloorDiv, Int(4))
AugAssign(x, Mod, Int(5))
AugAssign(x, Pow, Int(6))
AugAssign(x, RShift, Int(7))
AugAssign(x, LShift, Int(8))
AugAssign(x, BitAnd, Int(9))
AugAssign(x, BitXor, Int(10))
AugAssign(x, BitOr, Int(11))
AugAssign(x, MatMult, m)"##,
    ),
    (r##"a = b = c = d"##, r##"Assign([a, b, c], d)"##),
    (
        r##"a, b = b, a"##,
        r##"Assign([Tuple([a, b])], Tuple([b, a]))"##,
    ),
    (r##"a, *b = c"##, r##"Assign([Tuple([a, Starred(b)])], c)"##),
    (
        r##"[a, b] = *c, d"##,
        r##"Assign([List([a, b])], Tuple([Starred(c), d]))"##,
    ),
    (
        r##"(a, b), c = d"##,
        r##"Assign([Tuple([Tuple([a, b]), c])], d)"##,
    ),
    (
        r##"a.b, c[d] = e"##,
        r##"Assign([Tuple([Attribute(a, b), Subscript(c, d)])], e)"##,
    ),
    (r##"x = yield"##, r##"Assign([x], Yield(-))"##),
    (
        r##"x = *a, *b"##,
        r##"Assign([x], Tuple([Starred(a), Starred(b)]))"##,
    ),
    (
        r##"print(*a, sep='')"##,
        r##"Expr(Call(print, [Starred(a)], [sep=Str("")]))"##,
    ),
    (
        r##"x = [
    1,
    2,
]"##,
        r##"Assign([x], List([Int(1), Int(2)]))"##,
    ),
    (
        r##"x = (1 +
     2)"##,
        r##"Assign([x], BinOp(Int(1), Add, Int(2)))"##,
    ),
    (
        r##"x = 1 + \
    2"##,
        r##"Assign([x], BinOp(Int(1), Add, Int(2)))"##,
    ),
    (
        r##"# comment
x = 1  # trailing
# end"##,
        r##"Assign([x], Int(1))"##,
    ),
    (
        r##"if x:
    # comment

    y = 1
    # another
z = 2"##,
        r##"If(x, [Assign([y], Int(1))], [])
Assign([z], Int(2))"##,
    ),
    (
        r##"def f():
	return 1"##,
        r##"FunctionDef(f, Arguments(), [Return(Int(1))], decorators=[], returns=-)"##,
    ),
    (
        r##"x = 1if y else 2"##,
        r##"Assign([x], IfExp(y, Int(1), Int(2)))"##,
    ),
    (
        r##"x = [1for x in y]"##,
        r##"Assign([x], ListComp(Int(1), [for x in y if []]))"##,
    ),
    (r##"x = a.if_"##, r##"Assign([x], Attribute(a, if_))"##),
    (
        r##"match = 1; case = 2; _ = 3"##,
        r##"Assign([match], Int(1))
Assign([case], Int(2))
Assign([_], Int(3))"##,
    ),
    (
        r##"print(match, case)"##,
        r##"Expr(Call(print, [match, case], []))"##,
    ),
    (
        r##"x = a if b else(c)"##,
        r##"Assign([x], IfExp(b, a, c))"##,
    ),
    (r##"x = -1"##, r##"Assign([x], UnaryOp(USub, Int(1)))"##),
    (
        r##"x = 2**-1"##,
        r##"Assign([x], BinOp(Int(2), Pow, UnaryOp(USub, Int(1))))"##,
    ),
    (
        r##"x = (-1) ** 2"##,
        r##"Assign([x], BinOp(UnaryOp(USub, Int(1)), Pow, Int(2)))"##,
    ),
    (
        r##"x = a[b][c](d)(e)[f]"##,
        r##"Assign([x], Subscript(Call(Call(Subscript(Subscript(a, b), c), [d], []), [e], []), f))"##,
    ),
    (
        r##"x = a.b.c.d.e"##,
        r##"Assign([x], Attribute(Attribute(Attribute(Attribute(a, b), c), d), e))"##,
    ),
    (r##"x = (a)(b)"##, r##"Assign([x], Call(a, [b], []))"##),
    (r##"x = (yield)"##, r##"Assign([x], Yield(-))"##),
    (
        r##"x = [*a, *b]"##,
        r##"Assign([x], List([Starred(a), Starred(b)]))"##,
    ),
    (
        r##"x = {**a, **b}"##,
        r##"Assign([x], Dict([**, **], [a, b]))"##,
    ),
    (
        r##"x = not (a == b)"##,
        r##"Assign([x], UnaryOp(Not, Compare(a, [Eq], [b])))"##,
    ),
    (
        r##"x = (not a) == b"##,
        r##"Assign([x], Compare(UnaryOp(Not, a), [Eq], [b]))"##,
    ),
    (
        r##"if (n := len(a)) > 10: pass"##,
        r##"If(Compare(NamedExpr(n, Call(len, [a], [])), [Gt], [Int(10)]), [Pass], [])"##,
    ),
    (
        r##"while chunk := f.read(10): pass"##,
        r##"While(NamedExpr(chunk, Call(Attribute(f, read), [Int(10)], [])), [Pass], [])"##,
    ),
    (
        r##"x = [y for x in z if (y := f(x))]"##,
        r##"Assign([x], ListComp(y, [for x in z if [NamedExpr(y, Call(f, [x], []))]]))"##,
    ),
    (
        r##"x = 1 if x else lambda: 2"##,
        r##"Assign([x], IfExp(x, Int(1), Lambda(Arguments(), Int(2))))"##,
    ),
    (
        r##"x = lambda: (yield)"##,
        r##"Assign([x], Lambda(Arguments(), Yield(-)))"##,
    ),
    (r##"x = a, = b"##, r##"Assign([x, Tuple([a])], b)"##),
    (
        r##"x = "ünïcödé €" + 'ñ'"##,
        r##"Assign([x], BinOp(Str("ünïcödé €"), Add, Str("ñ")))"##,
    ),
    (r##"ｗｉｄｔｈ = 1"##, r##"Assign([width], Int(1))"##),
    (r##"x = b''"##, r##"Assign([x], Bytes(""))"##),
    (r##"x = ''"##, r##"Assign([x], Str(""))"##),
    (
        r##"x = '\\N{nope}' r'\N{nope}'
"##,
        r##"Assign([x], Str("\\N{nope}\\N{nope}"))"##,
    ),
];

/// Broken programs and what `python3 main.py` (CPython 3.11) writes to stderr for them.
const ERROR_CASES: &[(&str, &str)] = &[
    (
        r##"x = (1 +"##,
        r##"  File "main.py", line 1
    x = (1 +
        ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"x = = 1
y = 'abc"##,
        r##"  File "main.py", line 2
    y = 'abc
        ^
SyntaxError: unterminated string literal (detected at line 2)
"##,
    ),
    (
        r##"x = = 1"##,
        r##"  File "main.py", line 1
    x = = 1
        ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"if x
    pass"##,
        r##"  File "main.py", line 1
    if x
        ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"  x = 1"##,
        r##"  File "main.py", line 1
    x = 1
IndentationError: unexpected indent
"##,
    ),
    (
        r##"if x:
        a
    b"##,
        r##"  File "main.py", line 3
    b
     ^
IndentationError: unindent does not match any outer indentation level
"##,
    ),
    (
        r##"if x:
pass"##,
        r##"  File "main.py", line 2
    pass
    ^
IndentationError: expected an indented block after 'if' statement on line 1
"##,
    ),
    (
        r##"a = 'abc"##,
        r##"  File "main.py", line 1
    a = 'abc
        ^
SyntaxError: unterminated string literal (detected at line 1)
"##,
    ),
    (
        r##"a = """abc"##,
        r##"  File "main.py", line 1
    a = """abc
        ^
SyntaxError: unterminated triple-quoted string literal (detected at line 1)
"##,
    ),
    (
        r##"a = 1 $ 2"##,
        r##"  File "main.py", line 1
    a = 1 $ 2
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"a = 1 ? 2"##,
        r##"  File "main.py", line 1
    a = 1 ? 2
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"a = 1 ! 2"##,
        r##"  File "main.py", line 1
    a = 1 ! 2
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"a = €"##,
        r##"  File "main.py", line 1
    a = €
        ^
SyntaxError: invalid character '€' (U+20AC)
"##,
    ),
    (
        r##"1 = x"##,
        r##"  File "main.py", line 1
    1 = x
    ^
SyntaxError: cannot assign to literal here. Maybe you meant '==' instead of '='?
"##,
    ),
    (
        r##"x = [1, 2
y = 3"##,
        r##"  File "main.py", line 1
    x = [1, 2
        ^
SyntaxError: '[' was never closed
"##,
    ),
    (
        r##"x = (1,
 2]"##,
        r##"  File "main.py", line 2
    2]
     ^
SyntaxError: closing parenthesis ']' does not match opening parenthesis '(' on line 1
"##,
    ),
    (
        r##"x = 1)"##,
        r##"  File "main.py", line 1
    x = 1)
         ^
SyntaxError: unmatched ')'
"##,
    ),
    (
        r##"f(x for x in y, 1)"##,
        r##"  File "main.py", line 1
    f(x for x in y, 1)
      ^^^^^^^^^^^^
SyntaxError: Generator expression must be parenthesized
"##,
    ),
    (
        r##"x = 1abc"##,
        r##"  File "main.py", line 1
    x = 1abc
        ^
SyntaxError: invalid decimal literal
"##,
    ),
    (
        r##"x = 0777"##,
        r##"  File "main.py", line 1
    x = 0777
        ^
SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers
"##,
    ),
    (
        r##"def f(:
    pass"##,
        r##"  File "main.py", line 1
    def f(:
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"print "hi""##,
        r##"  File "main.py", line 1
    print "hi"
    ^^^^^^^^^^
SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?
"##,
    ),
    (
        r##"x = 1 +"##,
        r##"  File "main.py", line 1
    x = 1 +
           ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"if x:
	a
        b"##,
        r##"  File "main.py", line 3
    b
TabError: inconsistent use of tabs and spaces in indentation
"##,
    ),
    (
        r##"f("##,
        r##"  File "main.py", line 1
    f(
     ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"def f():"##,
        r##"  File "main.py", line 1
    def f():
IndentationError: expected an indented block after function definition on line 1
"##,
    ),
    (
        "def f():\n    ",
        "  File \"main.py\", line 2\n    \nIndentationError: expected an indented block after function definition on line 1\n",
    ),
    (
        r##"x = "abc\"##,
        r##"  File "main.py", line 1
    x = "abc\
        ^
SyntaxError: unterminated string literal (detected at line 1)
"##,
    ),
    (
        r##"x = 1 \ 2"##,
        r##"  File "main.py", line 1
    x = 1 \ 2
           ^
SyntaxError: unexpected character after line continuation character
"##,
    ),
    (
        r##"x = 1 \"##,
        r##"  File "main.py", line 1
    x = 1 \
           ^
SyntaxError: unexpected EOF while parsing
"##,
    ),
    (
        r##"x = (1 +
    2"##,
        r##"  File "main.py", line 1
    x = (1 +
        ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"class A:
    def f(self):
        return 1
     x = 2"##,
        r##"  File "main.py", line 4
    x = 2
         ^
IndentationError: unindent does not match any outer indentation level
"##,
    ),
    (
        r##"x = 1 <> 2"##,
        r##"  File "main.py", line 1
    x = 1 <> 2
          ^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = "€€" + 1 +"##,
        r##"  File "main.py", line 1
    x = "€€" + 1 +
                      ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"f(a for a in b
  for c in d, 1)"##,
        r##"  File "main.py", line 1
    f(a for a in b
      ^^^^^^^^^^^^
SyntaxError: Generator expression must be parenthesized
"##,
    ),
    (
        "x = 1 +\t",
        "  File \"main.py\", line 1\n    x = 1 +\t\n            ^\nSyntaxError: invalid syntax\n",
    ),
    (
        r##"	x = ("##,
        r##"  File "main.py", line 1
    x = (
IndentationError: unexpected indent
"##,
    ),
    (
        r##"x = 'a' 'b"##,
        r##"  File "main.py", line 1
    x = 'a' 'b
            ^
SyntaxError: unterminated string literal (detected at line 1)
"##,
    ),
    (
        r##"x = '''a
b
c"##,
        r##"  File "main.py", line 1
    x = '''a
        ^
SyntaxError: unterminated triple-quoted string literal (detected at line 3)
"##,
    ),
    (
        r##"	if x:
        y"##,
        r##"  File "main.py", line 1
    if x:
IndentationError: unexpected indent
"##,
    ),
    (
        r##"x = 0x"##,
        r##"  File "main.py", line 1
    x = 0x
         ^
SyntaxError: invalid hexadecimal literal
"##,
    ),
    (
        r##"x = 1_"##,
        r##"  File "main.py", line 1
    x = 1_
         ^
SyntaxError: invalid decimal literal
"##,
    ),
    (
        r##"x = 1__0"##,
        r##"  File "main.py", line 1
    x = 1__0
         ^
SyntaxError: invalid decimal literal
"##,
    ),
    (
        r##"x = 0o8"##,
        r##"  File "main.py", line 1
    x = 0o8
          ^
SyntaxError: invalid digit '8' in octal literal
"##,
    ),
    (
        r##"x = 1.5e"##,
        r##"  File "main.py", line 1
    x = 1.5e
          ^
SyntaxError: invalid decimal literal
"##,
    ),
    (
        r##"x = 1e+"##,
        r##"  File "main.py", line 1
    x = 1e+
          ^
SyntaxError: invalid decimal literal
"##,
    ),
    (
        r##"x = 0b2"##,
        r##"  File "main.py", line 1
    x = 0b2
          ^
SyntaxError: invalid digit '2' in binary literal
"##,
    ),
    (
        r##"x = 0b1_"##,
        r##"  File "main.py", line 1
    x = 0b1_
           ^
SyntaxError: invalid binary literal
"##,
    ),
    (
        r##"x = 0xg"##,
        r##"  File "main.py", line 1
    x = 0xg
         ^
SyntaxError: invalid hexadecimal literal
"##,
    ),
    (
        r##"x = 1.2.3"##,
        r##"  File "main.py", line 1
    x = 1.2.3
           ^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = 01"##,
        r##"  File "main.py", line 1
    x = 01
        ^
SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers
"##,
    ),
    (
        r##"x = 0_7"##,
        r##"  File "main.py", line 1
    x = 0_7
        ^^
SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers
"##,
    ),
    (
        r##"x = 0o"##,
        r##"  File "main.py", line 1
    x = 0o
         ^
SyntaxError: invalid octal literal
"##,
    ),
    (
        r##"x = 1e5_"##,
        r##"  File "main.py", line 1
    x = 1e5_
           ^
SyntaxError: invalid decimal literal
"##,
    ),
    (
        r##"x = a€"##,
        r##"  File "main.py", line 1
    x = a€
         ^
SyntaxError: invalid character '€' (U+20AC)
"##,
    ),
    (
        "x = 1 +  ",
        "  File \"main.py\", line 1\n    x = 1 +  \n             ^\nSyntaxError: invalid syntax\n",
    ),
    (
        r##"x = \0"##,
        r##"  File "main.py", line 1
    x = \0
         ^
SyntaxError: unexpected character after line continuation character
"##,
    ),
    (
        r##"x = "\x4""##,
        r##"  File "main.py", line 1
    x = "\x4"
             ^
SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: truncated \xXX escape
"##,
    ),
    (
        r##"x = b"é""##,
        r##"  File "main.py", line 1
    x = b"é"
        ^^^^^
SyntaxError: bytes can only contain ASCII literal characters
"##,
    ),
    (
        r##"x = '''abc
def"##,
        r##"  File "main.py", line 1
    x = '''abc
        ^
SyntaxError: unterminated triple-quoted string literal (detected at line 2)
"##,
    ),
    (
        r##"x = 'abc\
def
ghi"##,
        r##"  File "main.py", line 1
    x = 'abc\
        ^
SyntaxError: unterminated string literal (detected at line 2)
"##,
    ),
    (
        r##"x = "\x4" + 1"##,
        r##"  File "main.py", line 1
    x = "\x4" + 1
              ^
SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: truncated \xXX escape
"##,
    ),
    (
        r##"x = "\x4" + (1,
  2) + "a""##,
        r##"  File "main.py", line 1
    x = "\x4" + (1,
              ^
SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: truncated \xXX escape
"##,
    ),
    (
        r##"x = 1
 y = 2"##,
        r##"  File "main.py", line 2
    y = 2
IndentationError: unexpected indent
"##,
    ),
    (
        r##"x = b"\x4" + 1"##,
        r##"  File "main.py", line 1
    x = b"\x4" + 1
               ^
SyntaxError: (value error) invalid \x escape at position 0
"##,
    ),
    (
        r##"x = "a" "\x4""##,
        r##"  File "main.py", line 1
    x = "a" "\x4"
                 ^
SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-2: truncated \xXX escape
"##,
    ),
    (
        r##"x = 'a' f'{'"##,
        r##"  File "main.py", line 1
    x = 'a' f'{'
                ^
SyntaxError: f-string: expecting '}'
"##,
    ),
    (
        r##"x = f'{}'"##,
        r##"  File "main.py", line 1
    x = f'{}'
             ^
SyntaxError: f-string: empty expression not allowed
"##,
    ),
    (
        r##"x = f'{x!z}'"##,
        r##"  File "main.py", line 1
    x = f'{x!z}'
                ^
SyntaxError: f-string: invalid conversion character: expected 's', 'r', or 'a'
"##,
    ),
    (
        r##"x = f'{x'"##,
        r##"  File "main.py", line 1
    x = f'{x'
             ^
SyntaxError: f-string: expecting '}'
"##,
    ),
    (
        r##"x = f'}'"##,
        r##"  File "main.py", line 1
    x = f'}'
            ^
SyntaxError: f-string: single '}' is not allowed
"##,
    ),
    (
        r##"x = f'{x:{y:{z}}}'"##,
        r##"  File "main.py", line 1
    x = f'{x:{y:{z}}}'
                      ^
SyntaxError: f-string: expressions nested too deeply
"##,
    ),
    (
        r##"x = f'{#}'"##,
        r##"  File "main.py", line 1
    x = f'{#}'
              ^
SyntaxError: f-string expression part cannot include '#'
"##,
    ),
    (
        r##"x = f'{x\n}'"##,
        r##"  File "main.py", line 1
    x = f'{x\n}'
                ^
SyntaxError: f-string expression part cannot include a backslash
"##,
    ),
    (
        r##"x = f'{)}'"##,
        r##"  File "main.py", line 1
    x = f'{)}'
              ^
SyntaxError: f-string: unmatched ')'
"##,
    ),
    (
        "x = ",
        "  File \"main.py\", line 1\n    x = \n        ^\nSyntaxError: invalid syntax\n",
    ),
    (
        r##"x = 1 = 2"##,
        r##"  File "main.py", line 1
    x = 1 = 2
        ^
SyntaxError: cannot assign to literal
"##,
    ),
    (
        r##"f() = 1"##,
        r##"  File "main.py", line 1
    f() = 1
    ^^^
SyntaxError: cannot assign to function call here. Maybe you meant '==' instead of '='?
"##,
    ),
    (
        r##"x + 1 = 2"##,
        r##"  File "main.py", line 1
    x + 1 = 2
    ^^^^^
SyntaxError: cannot assign to expression here. Maybe you meant '==' instead of '='?
"##,
    ),
    (
        r##"(a, 1) = 2"##,
        r##"  File "main.py", line 1
    (a, 1) = 2
        ^
SyntaxError: cannot assign to literal
"##,
    ),
    (
        r##"del 1"##,
        r##"  File "main.py", line 1
    del 1
        ^
SyntaxError: cannot delete literal
"##,
    ),
    (
        r##"for 1 in x: pass"##,
        r##"  File "main.py", line 1
    for 1 in x: pass
        ^
SyntaxError: cannot assign to literal
"##,
    ),
    (
        r##"a.b += 1; f() += 1"##,
        r##"  File "main.py", line 1
    a.b += 1; f() += 1
              ^^^
SyntaxError: 'function call' is an illegal expression for augmented assignment
"##,
    ),
    (
        r##"[a, b] += 1
"##,
        r##"  File "main.py", line 1
    [a, b] += 1
    ^^^^^^
SyntaxError: 'list' is an illegal expression for augmented assignment
"##,
    ),
    (
        r##"f(a=1, b)"##,
        r##"  File "main.py", line 1
    f(a=1, b)
            ^
SyntaxError: positional argument follows keyword argument
"##,
    ),
    (
        r##"f(**k, a)"##,
        r##"  File "main.py", line 1
    f(**k, a)
            ^
SyntaxError: positional argument follows keyword argument unpacking
"##,
    ),
    (
        r##"f(**k, *a)"##,
        r##"  File "main.py", line 1
    f(**k, *a)
           ^
SyntaxError: iterable argument unpacking follows keyword argument unpacking
"##,
    ),
    (
        r##"f(a.b=1)"##,
        r##"  File "main.py", line 1
    f(a.b=1)
      ^^^^
SyntaxError: expression cannot contain assignment, perhaps you meant "=="?
"##,
    ),
    (
        r##"f(True=1)"##,
        r##"  File "main.py", line 1
    f(True=1)
      ^^^^^
SyntaxError: cannot assign to True
"##,
    ),
    (
        r##"def f(a=1, b): pass"##,
        r##"  File "main.py", line 1
    def f(a=1, b): pass
               ^
SyntaxError: non-default argument follows default argument
"##,
    ),
    (
        r##"def f(/, a): pass"##,
        r##"  File "main.py", line 1
    def f(/, a): pass
          ^
SyntaxError: at least one argument must precede /
"##,
    ),
    (
        r##"def f(a, /, b, /): pass"##,
        r##"  File "main.py", line 1
    def f(a, /, b, /): pass
                   ^
SyntaxError: / may appear only once
"##,
    ),
    (
        r##"def f(*, a, /): pass"##,
        r##"  File "main.py", line 1
    def f(*, a, /): pass
                ^
SyntaxError: / must be ahead of *
"##,
    ),
    (
        r##"def f(*): pass"##,
        r##"  File "main.py", line 1
    def f(*): pass
          ^
SyntaxError: named arguments must follow bare *
"##,
    ),
    (
        r##"def f(**k, a): pass"##,
        r##"  File "main.py", line 1
    def f(**k, a): pass
               ^
SyntaxError: arguments cannot follow var-keyword argument
"##,
    ),
    (
        r##"def f(*a, *b): pass"##,
        r##"  File "main.py", line 1
    def f(*a, *b): pass
              ^
SyntaxError: * argument may appear only once
"##,
    ),
    (
        r##"lambda a=1, b: 0"##,
        r##"  File "main.py", line 1
    lambda a=1, b: 0
                ^
SyntaxError: non-default argument follows default argument
"##,
    ),
    (
        r##"f(x for x in y, )"##,
        r##"  File "main.py", line 1
    f(x for x in y, )
      ^^^^^^^^^^^^
SyntaxError: Generator expression must be parenthesized
"##,
    ),
    (
        r##"class A(x for x in y): pass"##,
        r##"  File "main.py", line 1
    class A(x for x in y): pass
              ^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = [a, b for a in c]"##,
        r##"  File "main.py", line 1
    x = [a, b for a in c]
         ^^^^
SyntaxError: did you forget parentheses around the comprehension target?
"##,
    ),
    (
        r##"x = [*a for a in c]"##,
        r##"  File "main.py", line 1
    x = [*a for a in c]
         ^^
SyntaxError: iterable unpacking cannot be used in comprehension
"##,
    ),
    (
        r##"x = {**a for a in c}"##,
        r##"  File "main.py", line 1
    x = {**a for a in c}
         ^^
SyntaxError: dict unpacking cannot be used in dict comprehension
"##,
    ),
    (
        r##"(*x)"##,
        r##"  File "main.py", line 1
    (*x)
     ^^
SyntaxError: cannot use starred expression here
"##,
    ),
    (
        r##"if x = 1: pass"##,
        r##"  File "main.py", line 1
    if x = 1: pass
       ^^^^^
SyntaxError: invalid syntax. Maybe you meant '==' or ':=' instead of '='?
"##,
    ),
    (
        r##"if x.y = 1: pass"##,
        r##"  File "main.py", line 1
    if x.y = 1: pass
       ^^^
SyntaxError: cannot assign to attribute here. Maybe you meant '==' instead of '='?
"##,
    ),
    (
        r##"x = 1 if y"##,
        r##"  File "main.py", line 1
    x = 1 if y
        ^^^^^^
SyntaxError: expected 'else' after 'if' expression
"##,
    ),
    (
        r##"x = (1 if y)"##,
        r##"  File "main.py", line 1
    x = (1 if y)
         ^^^^^^
SyntaxError: expected 'else' after 'if' expression
"##,
    ),
    (
        r##"(a b)"##,
        r##"  File "main.py", line 1
    (a b)
     ^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
"##,
    ),
    (
        r##"print "x""##,
        r##"  File "main.py", line 1
    print "x"
    ^^^^^^^^^
SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?
"##,
    ),
    (
        r##"f(a b)"##,
        r##"  File "main.py", line 1
    f(a b)
      ^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
"##,
    ),
    (
        r##"f(a "b")"##,
        r##"  File "main.py", line 1
    f(a "b")
        ^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"def f() x"##,
        r##"  File "main.py", line 1
    def f() x
            ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"def f x"##,
        r##"  File "main.py", line 1
    def f x
          ^
SyntaxError: expected '('
"##,
    ),
    (
        r##"else x:"##,
        r##"  File "main.py", line 1
    else x:
    ^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"try x:"##,
        r##"  File "main.py", line 1
    try x:
        ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"try:
    pass
x = 1"##,
        r##"  File "main.py", line 3
    x = 1
    ^
SyntaxError: expected 'except' or 'finally' block
"##,
    ),
    (
        r##"try:
    pass
else:
    pass"##,
        r##"  File "main.py", line 3
    else:
    ^^^^
SyntaxError: expected 'except' or 'finally' block
"##,
    ),
    (
        r##"for x in y z:
    pass"##,
        r##"  File "main.py", line 1
    for x in y z:
               ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"with a b:
    pass"##,
        r##"  File "main.py", line 1
    with a b:
           ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"class A x:
    pass"##,
        r##"  File "main.py", line 1
    class A x:
            ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"while x y:
    pass"##,
        r##"  File "main.py", line 1
    while x y:
            ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"from x import a,"##,
        r##"  File "main.py", line 1
    from x import a,
                    ^
SyntaxError: trailing comma not allowed without surrounding parentheses
"##,
    ),
    (
        r##"from x import (a, b"##,
        r##"  File "main.py", line 1
    from x import (a, b
                  ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"import a.b as"##,
        r##"  File "main.py", line 1
    import a.b as
                 ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"if x:
    pass
elif y
    pass"##,
        r##"  File "main.py", line 3
    elif y
          ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"if x:
    pass
else
    pass"##,
        r##"  File "main.py", line 3
    else
        ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"try:
    pass
except ValueError
    pass"##,
        r##"  File "main.py", line 3
    except ValueError
                     ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"try:
    pass
except ValueError, TypeError:
    pass"##,
        r##"  File "main.py", line 3
    except ValueError, TypeError:
           ^^^^^^^^^^^^^^^^^^^^^
SyntaxError: multiple exception types must be parenthesized
"##,
    ),
    (
        r##"try:
    pass
finally
    pass"##,
        r##"  File "main.py", line 3
    finally
           ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"def f():
    pass
  x"##,
        r##"  File "main.py", line 3
    x
     ^
IndentationError: unindent does not match any outer indentation level
"##,
    ),
    (
        r##"x = 1
if x:
pass"##,
        r##"  File "main.py", line 3
    pass
    ^
IndentationError: expected an indented block after 'if' statement on line 2
"##,
    ),
    (
        r##"for x in y:
# c
x"##,
        r##"  File "main.py", line 3
    x
    ^
IndentationError: expected an indented block after 'for' statement on line 1
"##,
    ),
    (
        r##"@dec
x = 1"##,
        r##"  File "main.py", line 2
    x = 1
    ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = yield = 1"##,
        r##"  File "main.py", line 1
    x = yield = 1
        ^^^^^
SyntaxError: assignment to yield expression not possible
"##,
    ),
    (
        r##"del x + 1"##,
        r##"  File "main.py", line 1
    del x + 1
        ^^^^^
SyntaxError: cannot delete expression
"##,
    ),
    (
        r##"del (a, b), [c], *d"##,
        r##"  File "main.py", line 1
    del (a, b), [c], *d
                     ^^
SyntaxError: cannot delete starred
"##,
    ),
    (
        r##"a, b += 1"##,
        r##"  File "main.py", line 1
    a, b += 1
    ^^^^
SyntaxError: 'tuple' is an illegal expression for augmented assignment
"##,
    ),
    (
        r##"x: int, y = 1"##,
        r##"  File "main.py", line 1
    x: int, y = 1
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"(x, y): int = 1"##,
        r##"  File "main.py", line 1
    (x, y): int = 1
    ^^^^^^
SyntaxError: only single target (not tuple) can be annotated
"##,
    ),
    (
        r##"[x]: int"##,
        r##"  File "main.py", line 1
    [x]: int
    ^^^
SyntaxError: only single target (not list) can be annotated
"##,
    ),
    (
        r##"x + 1: int"##,
        r##"  File "main.py", line 1
    x + 1: int
    ^^^^^
SyntaxError: illegal target for annotation
"##,
    ),
    (
        r##"x = 1 +\"##,
        r##"  File "main.py", line 1
    x = 1 +\
            ^
SyntaxError: unexpected EOF while parsing
"##,
    ),
    (
        r##"   # comment
x = 1 +"##,
        r##"  File "main.py", line 2
    x = 1 +
           ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"if x:
"##,
        r##"  File "main.py", line 1
    if x:
IndentationError: expected an indented block after 'if' statement on line 1
"##,
    ),
    (
        r##"if x:"##,
        r##"  File "main.py", line 1
    if x:
IndentationError: expected an indented block after 'if' statement on line 1
"##,
    ),
    (
        r##"x = (
"##,
        r##"  File "main.py", line 1
    x = (
        ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"for x in y:
    pass
else"##,
        r##"  File "main.py", line 3
    else
        ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"x = [
  1,
  2"##,
        r##"  File "main.py", line 1
    x = [
        ^
SyntaxError: '[' was never closed
"##,
    ),
    (
        r##"def f():
    def g():
x = 1"##,
        r##"  File "main.py", line 3
    x = 1
IndentationError: expected an indented block after function definition on line 2
"##,
    ),
    (
        r##"class A:
    def f(self):
        pass
    def g(self)
        pass"##,
        r##"  File "main.py", line 4
    def g(self)
               ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"while True"##,
        r##"  File "main.py", line 1
    while True
              ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"x = {1: 2, 3}"##,
        r##"  File "main.py", line 1
    x = {1: 2, 3}
               ^
SyntaxError: ':' expected after dictionary key
"##,
    ),
    (
        r##"x = {1, 2: 3}"##,
        r##"  File "main.py", line 1
    x = {1, 2: 3}
             ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = [1, 2,, 3]"##,
        r##"  File "main.py", line 1
    x = [1, 2,, 3]
              ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = (,)"##,
        r##"  File "main.py", line 1
    x = (,)
         ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"f(,)"##,
        r##"  File "main.py", line 1
    f(,)
      ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"import"##,
        r##"  File "main.py", line 1
    import
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"from . import"##,
        r##"  File "main.py", line 1
    from . import
                 ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"from x import *, a"##,
        r##"  File "main.py", line 1
    from x import *, a
                   ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = lambda: yield"##,
        r##"  File "main.py", line 1
    x = lambda: yield
                ^^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = not"##,
        r##"  File "main.py", line 1
    x = not
           ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = 1 + not 2"##,
        r##"  File "main.py", line 1
    x = 1 + not 2
            ^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = a if b else"##,
        r##"  File "main.py", line 1
    x = a if b else
                   ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = [i for i in]"##,
        r##"  File "main.py", line 1
    x = [i for i in]
                   ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = {**}"##,
        r##"  File "main.py", line 1
    x = {**}
           ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = a[]"##,
        r##"  File "main.py", line 1
    x = a[]
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = a[1:2:3:4]"##,
        r##"  File "main.py", line 1
    x = a[1:2:3:4]
               ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x..y"##,
        r##"  File "main.py", line 1
    x..y
      ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = ."##,
        r##"  File "main.py", line 1
    x = .
        ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"@
def f(): pass"##,
        r##"  File "main.py", line 1
    @
     ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"class"##,
        r##"  File "main.py", line 1
    class
         ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"def"##,
        r##"  File "main.py", line 1
    def
       ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"global"##,
        r##"  File "main.py", line 1
    global
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"nonlocal x,"##,
        r##"  File "main.py", line 1
    nonlocal x,
               ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"raise from x"##,
        r##"  File "main.py", line 1
    raise from x
          ^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"assert"##,
        r##"  File "main.py", line 1
    assert
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"print(*)"##,
        r##"  File "main.py", line 1
    print(*)
           ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = 1; ; y = 2"##,
        r##"  File "main.py", line 1
    x = 1; ; y = 2
           ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##";"##,
        r##"  File "main.py", line 1
    ;
    ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"if x: pass; elif y: pass"##,
        r##"  File "main.py", line 1
    if x: pass; elif y: pass
                ^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"if x: if y: pass"##,
        r##"  File "main.py", line 1
    if x: if y: pass
          ^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = 'a' "b" '''c''' """d""" r'\n' rb'\x' b'\x41' Rb"x" BR'y'"##,
        r##"  File "main.py", line 1
    x = 'a' "b" '''c''' """d""" r'\n' rb'\x' b'\x41' Rb"x" BR'y'
                                                                ^
SyntaxError: cannot mix bytes and nonbytes literals
"##,
    ),
    (
        r##"\n\n\n"##,
        r##"  File "main.py", line 1
    \n\n\n
     ^
SyntaxError: unexpected character after line continuation character
"##,
    ),
    (
        r##"x = {1: }"##,
        r##"  File "main.py", line 1
    x = {1: }
          ^
SyntaxError: expression expected after dictionary key and ':'
"##,
    ),
    (
        r##"x = {1: 2, 3: }"##,
        r##"  File "main.py", line 1
    x = {1: 2, 3: }
                ^
SyntaxError: expression expected after dictionary key and ':'
"##,
    ),
    (
        r##"x = {1: 2, 3 4}"##,
        r##"  File "main.py", line 1
    x = {1: 2, 3 4}
               ^
SyntaxError: ':' expected after dictionary key
"##,
    ),
    (
        r##"x = {1, 2 3}"##,
        r##"  File "main.py", line 1
    x = {1, 2 3}
            ^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
"##,
    ),
    (
        r##"f(a=1, b, c=2)"##,
        r##"  File "main.py", line 1
    f(a=1, b, c=2)
                 ^
SyntaxError: positional argument follows keyword argument
"##,
    ),
    (
        r##"f(a=1, b for b in c)"##,
        r##"  File "main.py", line 1
    f(a=1, b for b in c)
           ^^^^^^^^^^^^
SyntaxError: Generator expression must be parenthesized
"##,
    ),
    (
        r##"f(b for b in c, a=1)"##,
        r##"  File "main.py", line 1
    f(b for b in c, a=1)
      ^^^^^^^^^^^^
SyntaxError: Generator expression must be parenthesized
"##,
    ),
    (
        r##"f(a, b for b in c)"##,
        r##"  File "main.py", line 1
    f(a, b for b in c)
         ^^^^^^^^^^^^
SyntaxError: Generator expression must be parenthesized
"##,
    ),
    (
        r##"f(**a, b=1, *c)"##,
        r##"  File "main.py", line 1
    f(**a, b=1, *c)
                ^
SyntaxError: iterable argument unpacking follows keyword argument unpacking
"##,
    ),
    (
        r##"x = {1: *a}"##,
        r##"  File "main.py", line 1
    x = {1: *a}
            ^^
SyntaxError: cannot use a starred expression in a dictionary value
"##,
    ),
    (
        r##"x = {1:2, **a: 3}
"##,
        r##"  File "main.py", line 1
    x = {1:2, **a: 3}
                 ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"def f(x):
return x"##,
        r##"  File "main.py", line 2
    return x
    ^
IndentationError: expected an indented block after function definition on line 1
"##,
    ),
    (
        r##"class A:
    def f(self):
        pass
   def g(self):
        pass"##,
        r##"  File "main.py", line 4
    def g(self):
                ^
IndentationError: unindent does not match any outer indentation level
"##,
    ),
    (
        r##"else:
    pass"##,
        r##"  File "main.py", line 1
    else:
    ^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"elif x:
    pass"##,
        r##"  File "main.py", line 1
    elif x:
    ^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = [1, 2, 3
y = 4
z = 5"##,
        r##"  File "main.py", line 1
    x = [1, 2, 3
        ^
SyntaxError: '[' was never closed
"##,
    ),
    (
        r##"print(f"{x")"##,
        r##"  File "main.py", line 1
    print(f"{x")
               ^
SyntaxError: f-string: expecting '}'
"##,
    ),
    (
        r##"for i in range(10)
    print(i)"##,
        r##"  File "main.py", line 1
    for i in range(10)
                      ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"while x < 10
    x += 1"##,
        r##"  File "main.py", line 1
    while x < 10
                ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"def f()
    pass"##,
        r##"  File "main.py", line 1
    def f()
           ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"class A
    pass"##,
        r##"  File "main.py", line 1
    class A
           ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"if x == 1:
  pass
 else:
  pass"##,
        r##"  File "main.py", line 3
    else:
         ^
IndentationError: unindent does not match any outer indentation level
"##,
    ),
    (
        r##"x == 1 = y"##,
        r##"  File "main.py", line 1
    x == 1 = y
    ^^^^^^
SyntaxError: cannot assign to comparison
"##,
    ),
    (
        r##"a = 1 +* 2"##,
        r##"  File "main.py", line 1
    a = 1 +* 2
           ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"print("a" "b" c)"##,
        r##"  File "main.py", line 1
    print("a" "b" c)
          ^^^^^^^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
"##,
    ),
    (
        r##"import tensorflow as"##,
        r##"  File "main.py", line 1
    import tensorflow as
                        ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = tf.constant([1, 2], dtype=tf.float32
print(x)"##,
        r##"  File "main.py", line 1
    x = tf.constant([1, 2], dtype=tf.float32
                   ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"class = 1"##,
        r##"  File "main.py", line 1
    class = 1
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"def class():
    pass"##,
        r##"  File "main.py", line 1
    def class():
        ^^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"True = 1"##,
        r##"  File "main.py", line 1
    True = 1
    ^^^^
SyntaxError: cannot assign to True
"##,
    ),
    (
        r##"None = 1"##,
        r##"  File "main.py", line 1
    None = 1
    ^^^^
SyntaxError: cannot assign to None
"##,
    ),
    (
        r##"x.1"##,
        r##"  File "main.py", line 1
    x.1
     ^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##""abc" = 1"##,
        r##"  File "main.py", line 1
    "abc" = 1
    ^^^^^
SyntaxError: cannot assign to literal here. Maybe you meant '==' instead of '='?
"##,
    ),
    (
        r##"[x for x in range(10)"##,
        r##"  File "main.py", line 1
    [x for x in range(10)
    ^
SyntaxError: '[' was never closed
"##,
    ),
    (
        r##"print("hello"))"##,
        r##"  File "main.py", line 1
    print("hello"))
                  ^
SyntaxError: unmatched ')'
"##,
    ),
    (
        r##"x = {'a': 1, 'b': 2"##,
        r##"  File "main.py", line 1
    x = {'a': 1, 'b': 2
        ^
SyntaxError: '{' was never closed
"##,
    ),
    (
        r##"with open('f') as f print(f)"##,
        r##"  File "main.py", line 1
    with open('f') as f print(f)
                        ^^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"lambda x: return x"##,
        r##"  File "main.py", line 1
    lambda x: return x
              ^^^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"def f(x y):
    pass"##,
        r##"  File "main.py", line 1
    def f(x y):
            ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"a = (1, 2 3)"##,
        r##"  File "main.py", line 1
    a = (1, 2 3)
            ^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
"##,
    ),
    (
        r##"if x:
	pass
        pass"##,
        r##"  File "main.py", line 3
    pass
TabError: inconsistent use of tabs and spaces in indentation
"##,
    ),
    (
        r##"print(“hi”)"##,
        r##"  File "main.py", line 1
    print(“hi”)
          ^
SyntaxError: invalid character '“' (U+201C)
"##,
    ),
    (
        r##"exec "code""##,
        r##"  File "main.py", line 1
    exec "code"
    ^^^^^^^^^^^
SyntaxError: Missing parentheses in call to 'exec'. Did you mean exec(...)?
"##,
    ),
    (
        r##"def f(**kwargs, *args):
    pass"##,
        r##"  File "main.py", line 1
    def f(**kwargs, *args):
                    ^
SyntaxError: arguments cannot follow var-keyword argument
"##,
    ),
    (
        r##"x = 1 if True else pass"##,
        r##"  File "main.py", line 1
    x = 1 if True else pass
                       ^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"f(**x for x in y)"##,
        r##"  File "main.py", line 1
    f(**x for x in y)
          ^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = ub'x'"##,
        r##"  File "main.py", line 1
    x = ub'x'
          ^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = 'a' 'b' f'{c'"##,
        r##"  File "main.py", line 1
    x = 'a' 'b' f'{c'
                     ^
SyntaxError: f-string: expecting '}'
"##,
    ),
    (
        r##"for x in range(3):
    print(x)
  print(x)"##,
        r##"  File "main.py", line 3
    print(x)
            ^
IndentationError: unindent does not match any outer indentation level
"##,
    ),
    (
        r##"def f(a, b):
    return a +"##,
        r##"  File "main.py", line 2
    return a +
              ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = [1, 2,
     3, 4
y = 5"##,
        r##"  File "main.py", line 1
    x = [1, 2,
        ^
SyntaxError: '[' was never closed
"##,
    ),
    (
        r##"if True:
    x = (1,
         2
else:
    y = 3"##,
        r##"  File "main.py", line 2
    x = (1,
        ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"s = "hello
print(s)"##,
        r##"  File "main.py", line 1
    s = "hello
        ^
SyntaxError: unterminated string literal (detected at line 1)
"##,
    ),
    (
        r##"s = 'it's'"##,
        r##"  File "main.py", line 1
    s = 'it's'
             ^
SyntaxError: unterminated string literal (detected at line 1)
"##,
    ),
    (
        r##"print('a' + )"##,
        r##"  File "main.py", line 1
    print('a' + )
                ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = 10 20"##,
        r##"  File "main.py", line 1
    x = 10 20
           ^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"def f(x=):
    pass"##,
        r##"  File "main.py", line 1
    def f(x=):
           ^
SyntaxError: expected default value expression
"##,
    ),
    (
        r##"f(x=)"##,
        r##"  File "main.py", line 1
    f(x=)
        ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = {1: 2 3: 4}"##,
        r##"  File "main.py", line 1
    x = {1: 2 3: 4}
            ^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
"##,
    ),
    (
        r##"x = [1 2]"##,
        r##"  File "main.py", line 1
    x = [1 2]
         ^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
"##,
    ),
    (
        r##"import a."##,
        r##"  File "main.py", line 1
    import a.
             ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"from import x"##,
        r##"  File "main.py", line 1
    from import x
         ^^^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"from x import"##,
        r##"  File "main.py", line 1
    from x import
                 ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"from x import (a b)"##,
        r##"  File "main.py", line 1
    from x import (a b)
                     ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = (yield x) = 1"##,
        r##"  File "main.py", line 1
    x = (yield x) = 1
         ^^^^^^^
SyntaxError: cannot assign to yield expression
"##,
    ),
    (
        r##"del f()"##,
        r##"  File "main.py", line 1
    del f()
        ^^^
SyntaxError: cannot delete function call
"##,
    ),
    (
        r##"del (x for x in y)"##,
        r##"  File "main.py", line 1
    del (x for x in y)
        ^^^^^^^^^^^^^^
SyntaxError: cannot delete generator expression
"##,
    ),
    (
        r##"for x in range(3): pass
else pass"##,
        r##"  File "main.py", line 2
    else pass
         ^^^^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"try:
    x = 1
except Exception as e
    pass"##,
        r##"  File "main.py", line 3
    except Exception as e
                         ^
SyntaxError: expected ':'
"##,
    ),
    (
        r##"try:
    x = 1
except Exception as e.x:
    pass"##,
        r##"  File "main.py", line 3
    except Exception as e.x:
                         ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"with x as 1:
    pass"##,
        r##"  File "main.py", line 1
    with x as 1:
              ^
SyntaxError: cannot assign to literal
"##,
    ),
    (
        r##"with x as f(), y:
    pass"##,
        r##"  File "main.py", line 1
    with x as f(), y:
              ^^^
SyntaxError: cannot assign to function call
"##,
    ),
    (
        r##"x = (1 for x in y) = 1"##,
        r##"  File "main.py", line 1
    x = (1 for x in y) = 1
        ^^^^^^^^^^^^^^
SyntaxError: cannot assign to generator expression
"##,
    ),
    (
        r##"f() += 1"##,
        r##"  File "main.py", line 1
    f() += 1
    ^^^
SyntaxError: 'function call' is an illegal expression for augmented assignment
"##,
    ),
    (
        r##"x = 1 + (2 * 3"##,
        r##"  File "main.py", line 1
    x = 1 + (2 * 3
            ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"print(1, 2, 3,"##,
        r##"  File "main.py", line 1
    print(1, 2, 3,
         ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"if x:
    pass
  else:
    pass"##,
        r##"  File "main.py", line 3
    else:
         ^
IndentationError: unindent does not match any outer indentation level
"##,
    ),
    (
        r##"def f():
    x = 1
     y = 2"##,
        r##"  File "main.py", line 3
    y = 2
IndentationError: unexpected indent
"##,
    ),
    (
        r##"x = [1, 2, 3]]"##,
        r##"  File "main.py", line 1
    x = [1, 2, 3]]
                 ^
SyntaxError: unmatched ']'
"##,
    ),
    (
        r##"x = (]"##,
        r##"  File "main.py", line 1
    x = (]
         ^
SyntaxError: closing parenthesis ']' does not match opening parenthesis '('
"##,
    ),
    (
        r##"x = {)"##,
        r##"  File "main.py", line 1
    x = {)
         ^
SyntaxError: closing parenthesis ')' does not match opening parenthesis '{'
"##,
    ),
    (
        r##"x = 1 ! 2"##,
        r##"  File "main.py", line 1
    x = 1 ! 2
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = a ? b : c"##,
        r##"  File "main.py", line 1
    x = a ? b : c
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = $y"##,
        r##"  File "main.py", line 1
    x = $y
        ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = `y`"##,
        r##"  File "main.py", line 1
    x = `y`
        ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = a && b"##,
        r##"  File "main.py", line 1
    x = a && b
           ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = a || b"##,
        r##"  File "main.py", line 1
    x = a || b
           ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x++"##,
        r##"  File "main.py", line 1
    x++
       ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = .5.5"##,
        r##"  File "main.py", line 1
    x = .5.5
          ^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = 1..2"##,
        r##"  File "main.py", line 1
    x = 1..2
          ^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = 0b"##,
        r##"  File "main.py", line 1
    x = 0b
         ^
SyntaxError: invalid binary literal
"##,
    ),
    (
        r##"x = 08"##,
        r##"  File "main.py", line 1
    x = 08
        ^
SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers
"##,
    ),
    (
        r##"x = 1e"##,
        r##"  File "main.py", line 1
    x = 1e
        ^
SyntaxError: invalid decimal literal
"##,
    ),
    (
        r##"x = 1_e5"##,
        r##"  File "main.py", line 1
    x = 1_e5
         ^
SyntaxError: invalid decimal literal
"##,
    ),
    (
        r##"x = 1 if 2 else"##,
        r##"  File "main.py", line 1
    x = 1 if 2 else
                   ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = f'{x!r=}'"##,
        r##"  File "main.py", line 1
    x = f'{x!r=}'
                 ^
SyntaxError: f-string: expecting '}'
"##,
    ),
    (
        r##"x = f'{x:>{w}'"##,
        r##"  File "main.py", line 1
    x = f'{x:>{w}'
                  ^
SyntaxError: f-string: expecting '}'
"##,
    ),
    (
        r##"x = f'{'"##,
        r##"  File "main.py", line 1
    x = f'{'
            ^
SyntaxError: f-string: expecting '}'
"##,
    ),
    (
        r##"x = f'{x
}'"##,
        r##"  File "main.py", line 1
    x = f'{x
        ^
SyntaxError: unterminated string literal (detected at line 1)
"##,
    ),
    (
        r##"x = "\u12""##,
        r##"  File "main.py", line 1
    x = "\u12"
              ^
SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-3: truncated \uXXXX escape
"##,
    ),
    (
        r##"x = "\U00110000""##,
        r##"  File "main.py", line 1
    x = "\U00110000"
                    ^
SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 0-9: illegal Unicode character
"##,
    ),
    (
        r##"x = b"\xZZ""##,
        r##"  File "main.py", line 1
    x = b"\xZZ"
               ^
SyntaxError: (value error) invalid \x escape at position 0
"##,
    ),
    (
        r##"@decorator"##,
        r##"  File "main.py", line 1
    @decorator
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"@decorator
x = 1"##,
        r##"  File "main.py", line 2
    x = 1
    ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"class A(metaclass=M, B): pass"##,
        r##"  File "main.py", line 1
    class A(metaclass=M, B): pass
                          ^
SyntaxError: positional argument follows keyword argument
"##,
    ),
    (
        r##"def f(*, **k): pass"##,
        r##"  File "main.py", line 1
    def f(*, **k): pass
          ^
SyntaxError: named arguments must follow bare *
"##,
    ),
    (
        r##"def f(a, *, b, **k, c): pass"##,
        r##"  File "main.py", line 1
    def f(a, *, b, **k, c): pass
                        ^
SyntaxError: arguments cannot follow var-keyword argument
"##,
    ),
    (
        r##"def f(a=1, /, b): pass"##,
        r##"  File "main.py", line 1
    def f(a=1, /, b): pass
                  ^
SyntaxError: non-default argument follows default argument
"##,
    ),
    (
        r##"lambda *: 0"##,
        r##"  File "main.py", line 1
    lambda *: 0
            ^
SyntaxError: named arguments must follow bare *
"##,
    ),
    (
        r##"lambda **k, a: 0"##,
        r##"  File "main.py", line 1
    lambda **k, a: 0
                ^
SyntaxError: arguments cannot follow var-keyword argument
"##,
    ),
    (
        r##"x: int, y: int = 1, 2"##,
        r##"  File "main.py", line 1
    x: int, y: int = 1, 2
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"a, b: int = 1"##,
        r##"  File "main.py", line 1
    a, b: int = 1
    ^
SyntaxError: only single target (not tuple) can be annotated
"##,
    ),
    (
        r##"x = yield from"##,
        r##"  File "main.py", line 1
    x = yield from
                  ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"def f(): return yield"##,
        r##"  File "main.py", line 1
    def f(): return yield
                    ^^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = [yield]"##,
        r##"  File "main.py", line 1
    x = [yield]
         ^^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"nonlocal"##,
        r##"  File "main.py", line 1
    nonlocal
            ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"global x y"##,
        r##"  File "main.py", line 1
    global x y
             ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"raise E from"##,
        r##"  File "main.py", line 1
    raise E from
                ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"import *"##,
        r##"  File "main.py", line 1
    import *
           ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"from x import a as"##,
        r##"  File "main.py", line 1
    from x import a as
                      ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"from x import a.b"##,
        r##"  File "main.py", line 1
    from x import a.b
                   ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"del"##,
        r##"  File "main.py", line 1
    del
       ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"pass pass"##,
        r##"  File "main.py", line 1
    pass pass
         ^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"break 1"##,
        r##"  File "main.py", line 1
    break 1
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = 1 ;; y = 2"##,
        r##"  File "main.py", line 1
    x = 1 ;; y = 2
           ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"if x: pass; else: pass"##,
        r##"  File "main.py", line 1
    if x: pass; else: pass
                ^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = [i for i in range(3) if i else 0]"##,
        r##"  File "main.py", line 1
    x = [i for i in range(3) if i else 0]
                                  ^^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = [i if i for i in range(3)]"##,
        r##"  File "main.py", line 1
    x = [i if i for i in range(3)]
         ^^^^^^
SyntaxError: expected 'else' after 'if' expression
"##,
    ),
    (
        r##"x = [i for i in range(3) for]"##,
        r##"  File "main.py", line 1
    x = [i for i in range(3) for]
                                ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = {i: for i in range(3)}"##,
        r##"  File "main.py", line 1
    x = {i: for i in range(3)}
            ^^^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = {**a: 1}"##,
        r##"  File "main.py", line 1
    x = {**a: 1}
            ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = (*a)"##,
        r##"  File "main.py", line 1
    x = (*a)
         ^^
SyntaxError: cannot use starred expression here
"##,
    ),
    (
        r##"x = (a for a in b for)"##,
        r##"  File "main.py", line 1
    x = (a for a in b for)
                         ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"print(end='' sep='')"##,
        r##"  File "main.py", line 1
    print(end='' sep='')
              ^^^^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
"##,
    ),
    (
        r##"print(a=1 b=2)
"##,
        r##"  File "main.py", line 1
    print(a=1 b=2)
            ^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
"##,
    ),
    (
        r##"if x
    y = 'abc"##,
        r##"  File "main.py", line 2
    y = 'abc
        ^
SyntaxError: unterminated string literal (detected at line 2)
"##,
    ),
    (
        r##"x = (1,
 y = 2"##,
        r##"  File "main.py", line 1
    x = (1,
        ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"x = = 1
if x:
    a
  b"##,
        r##"  File "main.py", line 1
    x = = 1
        ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = (1 2"##,
        r##"  File "main.py", line 1
    x = (1 2
        ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"x = (1 2
y = 3"##,
        r##"  File "main.py", line 1
    x = (1 2
        ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"x = [1, 2"##,
        r##"  File "main.py", line 1
    x = [1, 2
        ^
SyntaxError: '[' was never closed
"##,
    ),
    (
        r##"x = f(a,"##,
        r##"  File "main.py", line 1
    x = f(a,
         ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"x = f(a b,
c)"##,
        r##"  File "main.py", line 1
    x = f(a b,
          ^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
"##,
    ),
    (
        r##"x = = 1
y = "abc" $"##,
        r##"  File "main.py", line 1
    x = = 1
        ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = 1 +
y = ("##,
        r##"  File "main.py", line 1
    x = 1 +
           ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = 1 +
y = 'abc"##,
        r##"  File "main.py", line 2
    y = 'abc
        ^
SyntaxError: unterminated string literal (detected at line 2)
"##,
    ),
    (
        r##"def f(:
  y = ("##,
        r##"  File "main.py", line 1
    def f(:
          ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = 1
  y = ("##,
        r##"  File "main.py", line 2
    y = (
IndentationError: unexpected indent
"##,
    ),
    (
        r##"if x:
    y = 1
  z = ("##,
        r##"  File "main.py", line 3
    z = (
         ^
IndentationError: unindent does not match any outer indentation level
"##,
    ),
    (
        r##"x = [
  1,
  2 3,
]"##,
        r##"  File "main.py", line 3
    2 3,
    ^^^
SyntaxError: invalid syntax. Perhaps you forgot a comma?
"##,
    ),
    (
        r##"x = '''abc"##,
        r##"  File "main.py", line 1
    x = '''abc
        ^
SyntaxError: unterminated triple-quoted string literal (detected at line 1)
"##,
    ),
    (
        r##"x = 1
y = """abc
def"##,
        r##"  File "main.py", line 2
    y = """abc
        ^
SyntaxError: unterminated triple-quoted string literal (detected at line 3)
"##,
    ),
    (
        r##"f(**)"##,
        r##"  File "main.py", line 1
    f(**)
        ^
SyntaxError: invalid syntax
"##,
    ),
    (
        r##"x = {'a': 1
print(x)"##,
        r##"  File "main.py", line 1
    x = {'a': 1
        ^
SyntaxError: '{' was never closed
"##,
    ),
    (
        r##"foo(
  a,
  b
bar()"##,
        r##"  File "main.py", line 1
    foo(
       ^
SyntaxError: '(' was never closed
"##,
    ),
    (
        r##"for x in y:
  pass
 z = (
"##,
        r##"  File "main.py", line 3
    z = (
         ^
IndentationError: unindent does not match any outer indentation level
"##,
    ),
    (
        r##"x = f'{(}'"##,
        r##"  File "main.py", line 1
    x = f'{(}'
              ^
SyntaxError: f-string: closing parenthesis '}' does not match opening parenthesis '('
"##,
    ),
    (
        r##"x = f'{a[}'"##,
        r##"  File "main.py", line 1
    x = f'{a[}'
               ^
SyntaxError: f-string: closing parenthesis '}' does not match opening parenthesis '['
"##,
    ),
    (
        r##"x = f'{"abc}'"##,
        r##"  File "main.py", line 1
    x = f'{"abc}'
                 ^
SyntaxError: f-string: unterminated string
"##,
    ),
    (
        r##"x = f'{x!r:{y!}}'"##,
        r##"  File "main.py", line 1
    x = f'{x!r:{y!}}'
                     ^
SyntaxError: f-string: invalid conversion character: expected 's', 'r', or 'a'
"##,
    ),
    (
        r##"x = f'{x:{{}}'"##,
        r##"  File "main.py", line 1
    x = f'{x:{{}}'
                  ^
SyntaxError: f-string: expecting '}'
"##,
    ),
    (
        r##"x = f'{x}}'"##,
        r##"  File "main.py", line 1
    x = f'{x}}'
               ^
SyntaxError: f-string: single '}' is not allowed
"##,
    ),
    (
        r##"x = f'{{x}'"##,
        r##"  File "main.py", line 1
    x = f'{{x}'
               ^
SyntaxError: f-string: single '}' is not allowed
"##,
    ),
    (
        r##"x = f'{x:}}'"##,
        r##"  File "main.py", line 1
    x = f'{x:}}'
                ^
SyntaxError: f-string: single '}' is not allowed
"##,
    ),
    (
        r##"x = f'{x=}' f'{y='"##,
        r##"  File "main.py", line 1
    x = f'{x=}' f'{y='
                      ^
SyntaxError: f-string: expecting '}'
"##,
    ),
    (
        r##"x = f'{x!r }'"##,
        r##"  File "main.py", line 1
    x = f'{x!r }'
                 ^
SyntaxError: f-string: expecting '}'
"##,
    ),
    (
        r##"x = f'{x! r}'"##,
        r##"  File "main.py", line 1
    x = f'{x! r}'
                 ^
SyntaxError: f-string: invalid conversion character: expected 's', 'r', or 'a'
"##,
    ),
    (
        r##"x = f'{x:{y}'"##,
        r##"  File "main.py", line 1
    x = f'{x:{y}'
                 ^
SyntaxError: f-string: expecting '}'
"##,
    ),
    (
        r##"x = f'{x}' b'y'"##,
        r##"  File "main.py", line 1
    x = f'{x}' b'y'
                   ^
SyntaxError: cannot mix bytes and nonbytes literals
"##,
    ),
    (
        r##"x = f'{{}}}'"##,
        r##"  File "main.py", line 1
    x = f'{{}}}'
                ^
SyntaxError: f-string: single '}' is not allowed
"##,
    ),
    (
        r##"x = f'{{"a": 1}["a"]}'"##,
        r##"  File "main.py", line 1
    x = f'{{"a": 1}["a"]}'
                          ^
SyntaxError: f-string: single '}' is not allowed
"##,
    ),

];

// ---- A readable dump of the tree. ----

/// A compact, readable dump of a module: one statement per line, nodes as `Kind(fields)`,
/// no spans. Statement bodies are written inline as `[...]`.
fn summary(module: &Module) -> String {
    let lines: Vec<String> = module.body.iter().map(stmt).collect();
    lines.join("\n")
}

fn list<T>(items: &[T], each: impl Fn(&T) -> String) -> String {
    let parts: Vec<String> = items.iter().map(each).collect();
    format!("[{}]", parts.join(", "))
}

fn optional(value: &Option<Expr>) -> String {
    value.as_ref().map_or("-".to_owned(), expr)
}

fn optional_box(value: &Option<Box<Expr>>) -> String {
    value.as_ref().map_or("-".to_owned(), |value| expr(value))
}

fn body(statements: &[Stmt]) -> String {
    list(statements, stmt)
}

fn arguments(args: &Arguments) -> String {
    let arg = |arg: &Arg| match &arg.annotation {
        Some(annotation) => format!("{}: {}", arg.name, expr(annotation)),
        None => arg.name.clone(),
    };
    let mut parts = Vec::new();
    if !args.posonlyargs.is_empty() {
        parts.push(format!("posonly={}", list(&args.posonlyargs, arg)));
    }
    if !args.args.is_empty() {
        parts.push(format!("args={}", list(&args.args, arg)));
    }
    if let Some(vararg) = &args.vararg {
        parts.push(format!("*{}", arg(vararg)));
    }
    if !args.kwonlyargs.is_empty() {
        parts.push(format!("kwonly={}", list(&args.kwonlyargs, arg)));
        parts.push(format!("kw_defaults={}", list(&args.kw_defaults, optional)));
    }
    if let Some(kwarg) = &args.kwarg {
        parts.push(format!("**{}", arg(kwarg)));
    }
    if !args.defaults.is_empty() {
        parts.push(format!("defaults={}", list(&args.defaults, expr)));
    }
    format!("Arguments({})", parts.join(", "))
}

fn keyword(keyword: &Keyword) -> String {
    match &keyword.arg {
        Some(name) => format!("{name}={}", expr(&keyword.value)),
        None => format!("**{}", expr(&keyword.value)),
    }
}

fn alias(alias: &Alias) -> String {
    match &alias.asname {
        Some(asname) => format!("{} as {asname}", alias.name),
        None => alias.name.clone(),
    }
}

fn comprehension(generator: &Comprehension) -> String {
    format!(
        "for {} in {} if {}",
        expr(&generator.target),
        expr(&generator.iter),
        list(&generator.ifs, expr)
    )
}

fn parts(parts: &[FStringPart]) -> String {
    list(parts, |part| match part {
        FStringPart::Literal(text) => format!("{text:?}"),
        FStringPart::FormattedValue {
            value,
            conversion,
            format_spec,
        } => {
            let conversion = conversion.map_or(String::new(), |c| format!("!{c}"));
            let spec = format_spec
                .as_ref()
                .map_or(String::new(), |spec| format!(":{}", self::parts(spec)));
            format!("{{{}{conversion}{spec}}}", expr(value))
        }
    })
}

fn stmt(statement: &Stmt) -> String {
    match &statement.kind {
        StmtKind::Expr(value) => format!("Expr({})", expr(value)),
        StmtKind::Assign { targets, value } => {
            format!("Assign({}, {})", list(targets, expr), expr(value))
        }
        StmtKind::AugAssign { target, op, value } => {
            format!("AugAssign({}, {op:?}, {})", expr(target), expr(value))
        }
        StmtKind::AnnAssign {
            target,
            annotation,
            value,
        } => format!(
            "AnnAssign({}, {}, {})",
            expr(target),
            expr(annotation),
            optional(value)
        ),
        StmtKind::FunctionDef(def) => format!(
            "FunctionDef({}, {}, {}, decorators={}, returns={})",
            def.name,
            arguments(&def.args),
            body(&def.body),
            list(&def.decorators, expr),
            optional(&def.returns)
        ),
        StmtKind::ClassDef(class) => format!(
            "ClassDef({}, {}, {}, {}, decorators={})",
            class.name,
            list(&class.bases, expr),
            list(&class.keywords, keyword),
            body(&class.body),
            list(&class.decorators, expr)
        ),
        StmtKind::Return(value) => format!("Return({})", optional(value)),
        StmtKind::Delete(targets) => format!("Delete({})", list(targets, expr)),
        StmtKind::If {
            test,
            body: then,
            orelse,
        } => {
            format!("If({}, {}, {})", expr(test), body(then), body(orelse))
        }
        StmtKind::While {
            test,
            body: then,
            orelse,
        } => {
            format!("While({}, {}, {})", expr(test), body(then), body(orelse))
        }
        StmtKind::For {
            target,
            iter,
            body: then,
            orelse,
        } => format!(
            "For({}, {}, {}, {})",
            expr(target),
            expr(iter),
            body(then),
            body(orelse)
        ),
        StmtKind::With { items, body: then } => {
            let items = list(items, |item| match &item.optional_vars {
                Some(target) => format!("{} as {}", expr(&item.context_expr), expr(target)),
                None => expr(&item.context_expr),
            });
            format!("With({items}, {})", body(then))
        }
        StmtKind::Try {
            body: then,
            handlers,
            orelse,
            finalbody,
        } => {
            let handlers = list(handlers, |handler| {
                format!(
                    "except {} as {}: {}",
                    optional(&handler.type_),
                    handler.name.as_deref().unwrap_or("-"),
                    body(&handler.body)
                )
            });
            format!(
                "Try({}, {handlers}, {}, {})",
                body(then),
                body(orelse),
                body(finalbody)
            )
        }
        StmtKind::Raise { exc, cause } => format!("Raise({}, {})", optional(exc), optional(cause)),
        StmtKind::Assert { test, msg } => format!("Assert({}, {})", expr(test), optional(msg)),
        StmtKind::Import(names) => format!("Import({})", list(names, alias)),
        StmtKind::ImportFrom {
            module,
            names,
            level,
        } => format!("ImportFrom({module:?}, {}, {level})", list(names, alias)),
        StmtKind::Global(names) => format!("Global({})", names.join(", ")),
        StmtKind::Nonlocal(names) => format!("Nonlocal({})", names.join(", ")),
        StmtKind::Pass => "Pass".to_owned(),
        StmtKind::Break => "Break".to_owned(),
        StmtKind::Continue => "Continue".to_owned(),
    }
}

fn expr(expression: &Expr) -> String {
    match &expression.kind {
        ExprKind::BoolOp { op, values } => format!("BoolOp({op:?}, {})", list(values, expr)),
        ExprKind::NamedExpr { target, value } => {
            format!("NamedExpr({}, {})", expr(target), expr(value))
        }
        ExprKind::BinOp { left, op, right } => {
            format!("BinOp({}, {op:?}, {})", expr(left), expr(right))
        }
        ExprKind::UnaryOp { op, operand } => format!("UnaryOp({op:?}, {})", expr(operand)),
        ExprKind::Lambda { args, body } => {
            format!("Lambda({}, {})", arguments(args), expr(body))
        }
        ExprKind::IfExp { test, body, orelse } => {
            format!("IfExp({}, {}, {})", expr(test), expr(body), expr(orelse))
        }
        ExprKind::Dict { keys, values } => {
            let keys: Vec<String> = keys
                .iter()
                .map(|key| key.as_ref().map_or("**".to_owned(), expr))
                .collect();
            format!("Dict([{}], {})", keys.join(", "), list(values, expr))
        }
        ExprKind::Set(elements) => format!("Set({})", list(elements, expr)),
        ExprKind::ListComp { elt, generators } => {
            format!(
                "ListComp({}, {})",
                expr(elt),
                list(generators, comprehension)
            )
        }
        ExprKind::SetComp { elt, generators } => {
            format!(
                "SetComp({}, {})",
                expr(elt),
                list(generators, comprehension)
            )
        }
        ExprKind::DictComp {
            key,
            value,
            generators,
        } => format!(
            "DictComp({}, {}, {})",
            expr(key),
            expr(value),
            list(generators, comprehension)
        ),
        ExprKind::GeneratorExp { elt, generators } => {
            format!(
                "GeneratorExp({}, {})",
                expr(elt),
                list(generators, comprehension)
            )
        }
        ExprKind::Yield(value) => format!("Yield({})", optional_box(value)),
        ExprKind::YieldFrom(value) => format!("YieldFrom({})", expr(value)),
        ExprKind::Compare {
            left,
            ops,
            comparators,
        } => format!(
            "Compare({}, {ops:?}, {})",
            expr(left),
            list(comparators, expr)
        ),
        ExprKind::Call {
            func,
            args,
            keywords,
        } => format!(
            "Call({}, {}, {})",
            expr(func),
            list(args, expr),
            list(keywords, keyword)
        ),
        ExprKind::JoinedStr(values) => format!("JoinedStr({})", parts(values)),
        ExprKind::Constant(constant) => match constant {
            Constant::None => "None".to_owned(),
            Constant::Bool(value) => (if *value { "True" } else { "False" }).to_owned(),
            Constant::Int(digits) => format!("Int({digits})"),
            Constant::Float(value) => format!("Float({value:?})"),
            Constant::Complex(value) => format!("Complex({value:?})"),
            Constant::Str(text) => format!("Str({text:?})"),
            Constant::Bytes(bytes) => format!("Bytes({:?})", String::from_utf8_lossy(bytes)),
            Constant::Ellipsis => "Ellipsis".to_owned(),
        },
        ExprKind::Attribute { value, attr } => format!("Attribute({}, {attr})", expr(value)),
        ExprKind::Subscript { value, index } => {
            format!("Subscript({}, {})", expr(value), expr(index))
        }
        ExprKind::Starred(value) => format!("Starred({})", expr(value)),
        ExprKind::Name(name) => name.clone(),
        ExprKind::List(elements) => format!("List({})", list(elements, expr)),
        ExprKind::Tuple(elements) => format!("Tuple({})", list(elements, expr)),
        ExprKind::Slice { lower, upper, step } => format!(
            "Slice({}, {}, {})",
            optional_box(lower),
            optional_box(upper),
            optional_box(step)
        ),
    }
}

// ---- The tree. ----

#[test]
fn trees_match_cpython() {
    let mut failures = Vec::new();
    for (source, expected) in AST_CASES {
        match parse_module(source) {
            Ok(module) => {
                let got = summary(&module);
                if got != *expected {
                    failures.push(format!(
                        "{source:?}\n  expected {expected}\n  got      {got}"
                    ));
                }
                check_spans(source, &module);
            }
            Err(error) => {
                failures.push(format!("{source:?}\n  {}", error.render(source, "main.py")))
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        AST_CASES.len(),
        failures.join("\n")
    );
}

#[test]
fn syntax_errors_render_like_cpython() {
    let mut failures = Vec::new();
    for (source, expected) in ERROR_CASES {
        match parse_module(source) {
            Ok(_) => failures.push(format!("{source:?}\n  parsed, expected:\n{expected}")),
            Err(error) => {
                let got = error.render(source, "main.py");
                if got != *expected {
                    failures.push(format!("{source:?}\n  expected:\n{expected}  got:\n{got}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        ERROR_CASES.len(),
        failures.join("\n")
    );
}

#[test]
fn unknown_character_names_say_what_is_supported() {
    let error = parse_module(r"x = '\N{LATIN SMALL LETTER SHARP S}'").unwrap_err();
    assert!(error.message.starts_with("(unicode error) 'unicodeescape' codec can't decode bytes in position 0-29: unknown Unicode character name"), "{}", error.message);
    assert!(error.message.contains("\\u escape"), "{}", error.message);
    let module = parse_module(r"x = '\N{EM DASH}'").expect("a known name");
    assert_eq!(summary(&module), "Assign([x], Str(\"\u{2014}\"))");
}

#[test]
fn error_class_names() {
    let kind = |source: &str| {
        parse_module(source)
            .map(|_| "")
            .unwrap_or_else(|e| e.type_name())
    };
    assert_eq!(kind("x = (1 +"), "SyntaxError");
    assert_eq!(kind("  x = 1"), "IndentationError");
    assert_eq!(kind("if x:\n\ty\n        z\n"), "TabError");
}

/// Checks that every span lies inside the source and inside its parent's span, and that
/// statements follow each other.
fn check_spans(source: &str, module: &Module) {
    let whole = Span::new(0, source.len() as u32);
    let mut previous_end = 0;
    for statement in &module.body {
        assert!(
            statement.span.start >= previous_end,
            "{source:?}: statements overlap"
        );
        previous_end = statement.span.end;
        check_statement_spans(source, statement, whole);
    }
}

fn inside(source: &str, span: Span, parent: Span) {
    assert!(span.start <= span.end, "{source:?}: inverted span {span:?}");
    assert!(
        span.start >= parent.start && span.end <= parent.end,
        "{source:?}: span {span:?} ({:?}) outside its parent {parent:?}",
        source.get(span.start as usize..span.end as usize)
    );
}

fn check_statement_spans(source: &str, statement: &Stmt, parent: Span) {
    inside(source, statement.span, parent);
    let span = statement.span;
    let each_expr = |e: &Expr| check_expr_spans(source, e, span);
    let each_body = |body: &[Stmt]| {
        body.iter()
            .for_each(|s| check_statement_spans(source, s, span))
    };
    match &statement.kind {
        StmtKind::Expr(value) | StmtKind::Return(Some(value)) => each_expr(value),
        StmtKind::Assign { targets, value } => {
            targets.iter().for_each(each_expr);
            each_expr(value);
        }
        StmtKind::AugAssign { target, value, .. } => {
            each_expr(target);
            each_expr(value);
        }
        StmtKind::If { test, body, orelse } | StmtKind::While { test, body, orelse } => {
            each_expr(test);
            each_body(body);
            each_body(orelse);
        }
        StmtKind::For {
            target,
            iter,
            body,
            orelse,
        } => {
            each_expr(target);
            each_expr(iter);
            each_body(body);
            each_body(orelse);
        }
        StmtKind::FunctionDef(def) => each_body(&def.body),
        StmtKind::ClassDef(class) => {
            class.bases.iter().for_each(each_expr);
            each_body(&class.body);
        }
        StmtKind::Try {
            body,
            handlers,
            orelse,
            finalbody,
        } => {
            each_body(body);
            for handler in handlers {
                inside(source, handler.span, span);
                each_body(&handler.body);
            }
            each_body(orelse);
            each_body(finalbody);
        }
        StmtKind::With { items, body } => {
            for item in items {
                each_expr(&item.context_expr);
            }
            each_body(body);
        }
        StmtKind::Delete(targets) => targets.iter().for_each(each_expr),
        _ => {}
    }
}

fn check_expr_spans(source: &str, expression: &Expr, parent: Span) {
    inside(source, expression.span, parent);
    let span = expression.span;
    let each = |e: &Expr| check_expr_spans(source, e, span);
    match &expression.kind {
        ExprKind::BoolOp { values, .. } => values.iter().for_each(each),
        ExprKind::BinOp { left, right, .. } => {
            each(left);
            each(right);
        }
        ExprKind::UnaryOp { operand, .. } => each(operand),
        ExprKind::Compare {
            left, comparators, ..
        } => {
            each(left);
            comparators.iter().for_each(each);
        }
        ExprKind::Call {
            func,
            args,
            keywords,
        } => {
            each(func);
            args.iter().for_each(each);
            for keyword in keywords {
                inside(source, keyword.span, span);
                check_expr_spans(source, &keyword.value, keyword.span);
            }
        }
        ExprKind::Attribute { value, .. } | ExprKind::Starred(value) => each(value),
        ExprKind::Subscript { value, index } => {
            each(value);
            each(index);
        }
        ExprKind::List(elements) | ExprKind::Tuple(elements) | ExprKind::Set(elements) => {
            elements.iter().for_each(each)
        }
        ExprKind::IfExp { test, body, orelse } => {
            each(test);
            each(body);
            each(orelse);
        }
        ExprKind::Lambda { body, .. } => each(body),
        _ => {}
    }
}

// ---- The conformance corpus. ----

/// `<workspace>/tests/conformance`, or else the shared corpus next to the workspace.
fn conformance_root() -> Option<PathBuf> {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let candidates = [
        crate_dir.join("../../tests/conformance"),
        crate_dir.join("../../../shared/conformance"),
    ];
    candidates
        .into_iter()
        .find(|path| path.join("pycases").is_dir() || path.join("cases").is_dir())
}

#[test]
fn conformance_programs_parse() {
    let Some(root) = conformance_root() else {
        eprintln!("conformance corpus not found: skipped");
        return;
    };
    let mut count = 0;
    for folder in ["pycases", "cases"] {
        let Ok(entries) = std::fs::read_dir(root.join(folder)) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().and_then(|e| e.to_str()) != Some("py") {
                continue;
            }
            let source = std::fs::read_to_string(&path).expect("readable program");
            match parse_module(&source) {
                Ok(module) => check_spans(&source, &module),
                Err(error) => panic!("{}:\n{}", path.display(), error.render(&source, "main.py")),
            }
            count += 1;
        }
    }
    assert!(count > 0, "no programs in {}", root.display());
}

// ---- Hostile input. ----

/// Parses `source` on a thread with a 2 MiB stack (what test threads get; release builds need
/// about a quarter of what debug builds do) and returns the error message, if any.
fn parse_on_small_stack(source: String) -> Result<(), String> {
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || parse_module(&source).map(|_| ()).map_err(|e| e.message))
        .expect("thread");
    handle.join().expect("the parser panicked")
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let cases: Vec<(String, &str)> = vec![
        (
            format!("x = {}1{}", "(".repeat(1000), ")".repeat(1000)),
            "too many nested parentheses",
        ),
        (
            format!("x = {}", "[".repeat(100_000)),
            "too many nested parentheses",
        ),
        (
            format!("x = {}1{}", "f(".repeat(150), ")".repeat(150)),
            "maximum recursion depth exceeded during compilation",
        ),
        (
            format!("x = {}1", "-".repeat(100_000)),
            "maximum recursion depth exceeded during compilation",
        ),
        (
            format!("x = {}1", "not ".repeat(100_000)),
            "maximum recursion depth exceeded during compilation",
        ),
        (
            format!("x = {}1", "lambda: ".repeat(10_000)),
            "maximum recursion depth exceeded during compilation",
        ),
        (
            format!("x = {}1", "1 if 1 else ".repeat(10_000)),
            "maximum recursion depth exceeded during compilation",
        ),
        (
            format!("x = 1{}", "+1".repeat(100_000)),
            "maximum recursion depth exceeded during compilation",
        ),
        (
            format!("x = a{}", ".b".repeat(100_000)),
            "maximum recursion depth exceeded during compilation",
        ),
        (
            format!("x = f{}", "()".repeat(100_000)),
            "maximum recursion depth exceeded during compilation",
        ),
        (
            format!("x = a{}", "[0]".repeat(100_000)),
            "maximum recursion depth exceeded during compilation",
        ),
        (
            format!("x = 2{}", "**2".repeat(100_000)),
            "maximum recursion depth exceeded during compilation",
        ),
    ];
    for (source, message) in cases {
        let start = Instant::now();
        let result = parse_on_small_stack(source.clone());
        assert_eq!(
            result,
            Err(message.to_owned()),
            "{}...",
            &source[..40.min(source.len())]
        );
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "too slow: {}...",
            &source[..40]
        );
    }
}

#[test]
fn nesting_within_the_limits_parses() {
    let cases = vec![
        format!("x = {}1{}", "(".repeat(90), ")".repeat(90)),
        format!("x = {}1{}", "[".repeat(90), "]".repeat(90)),
        format!("x = 1{}", "+1".repeat(900)),
        format!("x = {}1", "-".repeat(150)),
    ];
    for source in cases {
        assert_eq!(
            parse_on_small_stack(source.clone()),
            Ok(()),
            "{}...",
            &source[..20]
        );
    }
}

#[test]
fn deep_blocks_stop_at_the_indentation_limit() {
    let mut source = String::new();
    for level in 0..120 {
        source.push_str(&" ".repeat(level));
        source.push_str("if x:\n");
    }
    source.push_str(&" ".repeat(120));
    source.push_str("pass\n");
    assert_eq!(
        parse_on_small_stack(source),
        Err("too many levels of indentation".to_owned())
    );

    let mut source = String::new();
    for level in 0..90 {
        source.push_str(&" ".repeat(level));
        source.push_str("while x:\n");
    }
    source.push_str(&" ".repeat(90));
    source.push_str(&format!("y = {}1{}\n", "[(".repeat(20), ")]".repeat(20)));
    assert_eq!(parse_on_small_stack(source), Ok(()));
}

#[test]
fn huge_inputs_stay_fast() {
    let started = Instant::now();
    let long_program = "x = [1, 'two', 3.0, {4: 5}]\nif x:\n    y = f(x, *x)\n".repeat(20_000);
    assert!(parse_module(&long_program).is_ok());
    let long_string = format!("x = '{}'", "a".repeat(1_000_000));
    assert!(parse_module(&long_string).is_ok());
    let long_hex = format!("x = 0x{}", "f".repeat(1_000_000));
    assert!(parse_module(&long_hex).is_err());
    let long_decimal = format!("x = {}", "9".repeat(1_000_000));
    assert!(parse_module(&long_decimal)
        .unwrap_err()
        .message
        .starts_with("Exceeds the limit (4300 digits)"));
    let big_hex = format!("x = 0x{}", "f".repeat(5_000));
    assert!(parse_module(&big_hex).is_ok());
    let many_fields = format!("x = f'{}'", "{a}".repeat(50_000));
    assert!(parse_module(&many_fields).is_ok());
    let unclosed = format!("x = ({}", "a, ".repeat(200_000));
    assert!(parse_module(&unclosed).is_err());
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn odd_text_is_handled() {
    for source in [
        "",
        "\n",
        "\u{feff}x = 1",
        "x = 1\r\ny = 2\r\n",
        "x\0",
        "\u{a0}",
        "x = '\u{1F600}'",
        "\\",
        "\\\n",
        "if x:\n\\\n  y",
        "#",
        "'''",
        "f'{",
        "f'{x!",
        "f'{x:{",
        "b'\u{e9}'",
        "\t\tx",
        "x = 1\n\x0c\ny = 2",
        "é = 1",
        "x = ℕ",
        "0_",
        "0x_",
        "1e",
        "1.e",
        "1__",
        "...",
        "@",
        "(",
        ")",
        "]",
        "}",
        ":",
        "=",
        "lambda",
        "yield",
        "del",
        "import",
        "from",
        "from .",
        "def f(",
        "class",
        "with",
        "try",
        "except",
        "f'{'''}'",
        "f'''{'''",
        "'\\N{",
        "'\\N{EM DASH",
        "u'\\U",
    ] {
        let result = parse_module(source);
        if let Err(error) = result {
            let rendered = error.render(source, "main.py");
            assert!(rendered.ends_with('\n'), "{source:?}");
            assert!(
                rendered.starts_with("  File \"main.py\", line "),
                "{source:?}"
            );
        }
    }
}

// ---- Random input. ----

/// Pieces of Python-like text: everything the lexer and parser have rules for, and some
/// things they must reject.
const FRAGMENTS: &[&str] = &[
    "x",
    "y",
    "f",
    "self",
    "print",
    "match",
    "_",
    "1",
    "0",
    "3.5",
    "1e9",
    "0x1f",
    "2j",
    "1_0",
    "'s'",
    "\"t\"",
    "'''u'''",
    "b'b'",
    "r'\\d'",
    "f'{x}'",
    "f'{x!r:>{w}}'",
    "f'{{'",
    "'",
    "\"",
    "f'{",
    "}",
    "\\",
    "\n",
    "\n    ",
    "\n  ",
    "\n\t",
    " ",
    "  ",
    "#c\n",
    ";",
    ":",
    ",",
    ".",
    "...",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "=",
    "==",
    ":=",
    "+",
    "-",
    "*",
    "**",
    "/",
    "//",
    "%",
    "@",
    "|",
    "&",
    "^",
    "~",
    "<<",
    ">>",
    "<",
    ">",
    "<=",
    ">=",
    "!=",
    "->",
    "+=",
    "**=",
    "!",
    "$",
    "?",
    "if",
    "elif",
    "else",
    "for",
    "in",
    "not",
    "is",
    "and",
    "or",
    "while",
    "def",
    "class",
    "return",
    "yield",
    "from",
    "import",
    "as",
    "try",
    "except",
    "finally",
    "with",
    "lambda",
    "pass",
    "break",
    "continue",
    "del",
    "global",
    "nonlocal",
    "assert",
    "raise",
    "True",
    "None",
    "async",
    "await",
    "é",
    "€",
    "\u{a0}",
    "\r\n",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..60).prop_map(|pieces| pieces.concat())
}

/// Small edits (deletions, insertions, duplications) of valid programs.
fn mutated_program() -> impl Strategy<Value = String> {
    let programs: Vec<&'static str> = AST_CASES.iter().map(|(source, _)| *source).collect();
    (
        prop::sample::select(programs),
        prop::collection::vec(
            (
                any::<prop::sample::Index>(),
                prop::sample::select(FRAGMENTS),
            ),
            1..4,
        ),
    )
        .prop_map(|(program, edits)| {
            let mut text = program.to_owned();
            for (index, fragment) in edits {
                let mut at = index.index(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                text.insert_str(at, fragment);
            }
            text
        })
}

fn parses_without_panicking(source: &str) {
    match parse_module(source) {
        Ok(module) => check_spans(source, &module),
        Err(error) => {
            assert!(error.span.start <= error.span.end);
            let rendered = error.render(source, "main.py");
            assert!(rendered.ends_with('\n'));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn token_soup_never_panics(source in soup()) {
        parses_without_panicking(&source);
    }

    #[test]
    fn mutated_programs_never_panic(source in mutated_program()) {
        parses_without_panicking(&source);
    }

    #[test]
    fn arbitrary_text_never_panics(source in "\\PC{0,80}") {
        parses_without_panicking(&source);
    }
}

// ---- Round trip through generated expressions. ----

/// A generated expression: printed with as few parentheses as Python's precedence allows, it
/// must parse back to the same tree.
#[derive(Debug, Clone)]
enum Generated {
    Name(&'static str),
    Int(u32),
    Str(&'static str),
    Binary(Box<Generated>, BinOp, Box<Generated>),
    Unary(UnaryOp, Box<Generated>),
    Boolean(BoolOp, Vec<Generated>),
    Compare(Box<Generated>, Vec<(CmpOp, Generated)>),
    Conditional(Box<Generated>, Box<Generated>, Box<Generated>),
    Lambda(Box<Generated>),
    Call(Box<Generated>, Vec<Generated>),
    Attribute(Box<Generated>, &'static str),
    Subscript(Box<Generated>, Box<Generated>),
    Tuple(Vec<Generated>),
    List(Vec<Generated>),
}

/// CPython's precedence levels, loosest first.
const LAMBDA: u8 = 0;
const CONDITIONAL: u8 = 1;
const OR: u8 = 2;
const AND: u8 = 3;
const NOT: u8 = 4;
const COMPARISON: u8 = 5;
const UNARY: u8 = 12;
const POWER: u8 = 13;
const PRIMARY: u8 = 15;

fn binary_precedence(op: BinOp) -> u8 {
    match op {
        BinOp::BitOr => 6,
        BinOp::BitXor => 7,
        BinOp::BitAnd => 8,
        BinOp::LShift | BinOp::RShift => 9,
        BinOp::Add | BinOp::Sub => 10,
        BinOp::Mult | BinOp::MatMult | BinOp::Div | BinOp::FloorDiv | BinOp::Mod => 11,
        BinOp::Pow => POWER,
    }
}

fn binary_symbol(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mult => "*",
        BinOp::MatMult => "@",
        BinOp::Div => "/",
        BinOp::FloorDiv => "//",
        BinOp::Mod => "%",
        BinOp::Pow => "**",
        BinOp::LShift => "<<",
        BinOp::RShift => ">>",
        BinOp::BitOr => "|",
        BinOp::BitXor => "^",
        BinOp::BitAnd => "&",
    }
}

fn comparison_symbol(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "==",
        CmpOp::NotEq => "!=",
        CmpOp::Lt => "<",
        CmpOp::LtE => "<=",
        CmpOp::Gt => ">",
        CmpOp::GtE => ">=",
        CmpOp::Is => "is",
        CmpOp::IsNot => "is not",
        CmpOp::In => "in",
        CmpOp::NotIn => "not in",
    }
}

impl Generated {
    fn precedence(&self) -> u8 {
        match self {
            Generated::Lambda(_) => LAMBDA,
            Generated::Conditional(..) => CONDITIONAL,
            Generated::Boolean(BoolOp::Or, _) => OR,
            Generated::Boolean(BoolOp::And, _) => AND,
            Generated::Unary(UnaryOp::Not, _) => NOT,
            Generated::Compare(..) => COMPARISON,
            Generated::Binary(_, op, _) => binary_precedence(*op),
            Generated::Unary(..) => UNARY,
            _ => PRIMARY,
        }
    }

    /// The source text, parenthesized if this expression binds looser than `required`.
    fn source(&self, required: u8) -> String {
        let text = match self {
            Generated::Name(name) => (*name).to_owned(),
            Generated::Int(value) => value.to_string(),
            Generated::Str(text) => format!("{text:?}"),
            Generated::Binary(left, op, right) => {
                let precedence = binary_precedence(*op);
                let (left_required, right_required) = if *op == BinOp::Pow {
                    (PRIMARY, UNARY)
                } else {
                    (precedence, precedence + 1)
                };
                format!(
                    "{} {} {}",
                    left.source(left_required),
                    binary_symbol(*op),
                    right.source(right_required)
                )
            }
            Generated::Unary(UnaryOp::Not, operand) => format!("not {}", operand.source(NOT)),
            Generated::Unary(op, operand) => {
                let symbol = match op {
                    UnaryOp::USub => "-",
                    UnaryOp::UAdd => "+",
                    _ => "~",
                };
                format!("{symbol}{}", operand.source(UNARY))
            }
            Generated::Boolean(op, values) => {
                let (keyword, precedence) = if *op == BoolOp::Or {
                    (" or ", OR)
                } else {
                    (" and ", AND)
                };
                let parts: Vec<String> = values.iter().map(|v| v.source(precedence + 1)).collect();
                parts.join(keyword)
            }
            Generated::Compare(left, rest) => {
                let mut text = left.source(COMPARISON + 1);
                for (op, right) in rest {
                    text.push_str(&format!(
                        " {} {}",
                        comparison_symbol(*op),
                        right.source(COMPARISON + 1)
                    ));
                }
                text
            }
            Generated::Conditional(test, body, orelse) => {
                format!(
                    "{} if {} else {}",
                    body.source(OR),
                    test.source(OR),
                    orelse.source(LAMBDA)
                )
            }
            Generated::Lambda(body) => format!("lambda: {}", body.source(LAMBDA)),
            Generated::Call(func, args) => {
                let args: Vec<String> = args.iter().map(|a| a.source(LAMBDA)).collect();
                format!("{}({})", func.source(PRIMARY), args.join(", "))
            }
            Generated::Attribute(value, name) => {
                // `1.x` would lex as the float `1.`.
                let base = match **value {
                    Generated::Int(_) => format!("({})", value.source(LAMBDA)),
                    _ => value.source(PRIMARY),
                };
                format!("{base}.{name}")
            }
            Generated::Subscript(value, index) => {
                format!("{}[{}]", value.source(PRIMARY), index.source(LAMBDA))
            }
            Generated::Tuple(elements) => {
                let parts: Vec<String> = elements.iter().map(|e| e.source(LAMBDA)).collect();
                let trailing = if elements.len() == 1 { "," } else { "" };
                format!("({}{trailing})", parts.join(", "))
            }
            Generated::List(elements) => {
                let parts: Vec<String> = elements.iter().map(|e| e.source(LAMBDA)).collect();
                format!("[{}]", parts.join(", "))
            }
        };
        if self.precedence() < required {
            format!("({text})")
        } else {
            text
        }
    }

    /// What [`summary`] prints for the tree this expression must parse to.
    fn expected(&self) -> String {
        let all = |items: &[Generated]| {
            let parts: Vec<String> = items.iter().map(Generated::expected).collect();
            format!("[{}]", parts.join(", "))
        };
        match self {
            Generated::Name(name) => (*name).to_owned(),
            Generated::Int(value) => format!("Int({value})"),
            Generated::Str(text) => format!("Str({text:?})"),
            Generated::Binary(left, op, right) => {
                format!("BinOp({}, {op:?}, {})", left.expected(), right.expected())
            }
            Generated::Unary(op, operand) => format!("UnaryOp({op:?}, {})", operand.expected()),
            Generated::Boolean(op, values) => format!("BoolOp({op:?}, {})", all(values)),
            Generated::Compare(left, rest) => {
                let ops: Vec<CmpOp> = rest.iter().map(|(op, _)| *op).collect();
                let comparators: Vec<Generated> = rest.iter().map(|(_, c)| c.clone()).collect();
                format!(
                    "Compare({}, {ops:?}, {})",
                    left.expected(),
                    all(&comparators)
                )
            }
            Generated::Conditional(test, body, orelse) => {
                format!(
                    "IfExp({}, {}, {})",
                    test.expected(),
                    body.expected(),
                    orelse.expected()
                )
            }
            Generated::Lambda(body) => format!("Lambda(Arguments(), {})", body.expected()),
            Generated::Call(func, args) => format!("Call({}, {}, [])", func.expected(), all(args)),
            Generated::Attribute(value, name) => format!("Attribute({}, {name})", value.expected()),
            Generated::Subscript(value, index) => {
                format!("Subscript({}, {})", value.expected(), index.expected())
            }
            Generated::Tuple(elements) => format!("Tuple({})", all(elements)),
            Generated::List(elements) => format!("List({})", all(elements)),
        }
    }
}

fn generated_expression() -> impl Strategy<Value = Generated> {
    let leaf = prop_oneof![
        prop::sample::select(vec!["a", "b", "c", "x"]).prop_map(Generated::Name),
        (0u32..1000).prop_map(Generated::Int),
        prop::sample::select(vec!["s", "", "it's"]).prop_map(Generated::Str),
    ];
    let binary_ops = vec![
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mult,
        BinOp::MatMult,
        BinOp::Div,
        BinOp::FloorDiv,
        BinOp::Mod,
        BinOp::Pow,
        BinOp::LShift,
        BinOp::RShift,
        BinOp::BitOr,
        BinOp::BitXor,
        BinOp::BitAnd,
    ];
    let comparison_ops = vec![
        CmpOp::Eq,
        CmpOp::NotEq,
        CmpOp::Lt,
        CmpOp::LtE,
        CmpOp::Gt,
        CmpOp::GtE,
        CmpOp::Is,
        CmpOp::IsNot,
        CmpOp::In,
        CmpOp::NotIn,
    ];
    leaf.prop_recursive(5, 48, 4, move |inner| {
        let boxed = inner.clone().prop_map(Box::new);
        prop_oneof![
            (
                boxed.clone(),
                prop::sample::select(binary_ops.clone()),
                boxed.clone()
            )
                .prop_map(|(l, op, r)| Generated::Binary(l, op, r)),
            (
                prop::sample::select(vec![
                    UnaryOp::Not,
                    UnaryOp::USub,
                    UnaryOp::UAdd,
                    UnaryOp::Invert
                ]),
                boxed.clone()
            )
                .prop_map(|(op, operand)| Generated::Unary(op, operand)),
            (
                prop::sample::select(vec![BoolOp::And, BoolOp::Or]),
                prop::collection::vec(inner.clone(), 2..4)
            )
                .prop_map(|(op, values)| Generated::Boolean(op, values)),
            (
                boxed.clone(),
                prop::collection::vec(
                    (prop::sample::select(comparison_ops.clone()), inner.clone()),
                    1..3
                )
            )
                .prop_map(|(left, rest)| Generated::Compare(left, rest)),
            (boxed.clone(), boxed.clone(), boxed.clone())
                .prop_map(|(t, b, o)| Generated::Conditional(t, b, o)),
            boxed.clone().prop_map(Generated::Lambda),
            (boxed.clone(), prop::collection::vec(inner.clone(), 0..3))
                .prop_map(|(f, args)| Generated::Call(f, args)),
            (boxed.clone(), prop::sample::select(vec!["real", "shape"]))
                .prop_map(|(v, n)| Generated::Attribute(v, n)),
            (boxed.clone(), boxed.clone()).prop_map(|(v, i)| Generated::Subscript(v, i)),
            prop::collection::vec(inner.clone(), 0..3).prop_map(Generated::Tuple),
            prop::collection::vec(inner, 0..3).prop_map(Generated::List),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn generated_expressions_round_trip(expression in generated_expression()) {
        let source = expression.source(LAMBDA);
        let module = parse_module(&source).map_err(|e| TestCaseError::fail(e.render(&source, "main.py")))?;
        prop_assert_eq!(summary(&module), format!("Expr({})", expression.expected()), "source: {}", source);
        check_spans(&source, &module);
    }
}
