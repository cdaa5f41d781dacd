//! The control-flow conversion from outside the crate: a host offers `convert(f, ops)`,
//! and a program converts its functions with operators that keep Python's semantics and
//! log what they were asked to do. Every converted function must compute what the original
//! computes (if/elif/else, while and for with break, continue, else and return, nested
//! loops, closures, methods with `super()`, globals, defaults, generators left alone), and
//! a traceback through converted code names the user's lines.

use lang::convert_function::convert_control_flow;
use lang::host::{native_function, new_module, Host};
use lang::value::{PyResult, Value};
use lang::vm::Vm;
use lang::{run, RunOptions};

struct Converter;

impl Host for Converter {
    fn import_module(&mut self, _vm: &mut Vm<'_>, name: &str) -> PyResult<Option<Value>> {
        if name != "converter" {
            return Ok(None);
        }
        let module = new_module("converter");
        module.set(
            "convert",
            native_function("convert", |_vm, args| {
                let (Some(Value::Function(f)), Some(ops)) = (args.get(0), args.get(1)) else {
                    return Ok(Value::None);
                };
                Ok(match convert_control_flow(f, ops.clone()) {
                    Ok(converted) => Value::Function(converted),
                    Err(_) => Value::None,
                })
            }),
        );
        Ok(Some(Value::Module(module)))
    }
}

/// Operators with Python's semantics, logging the statements they stage.
const OPERATORS: &str = r#"
import converter

log = []

class Ops:
    class Undefined:
        def __init__(self, name):
            self.name = name
    class UndefinedReturnValue:
        pass
    def retval(self, value):
        return None if isinstance(value, Ops.UndefinedReturnValue) else value
    def converted_call(self, f, *args, **kwargs):
        return f(*args, **kwargs)
    def if_stmt(self, cond, body, orelse, get_state, set_state, names, count, both):
        log.append(("if", names))
        body() if cond else orelse()
    def while_stmt(self, test, body, get_state, set_state, names, opts):
        log.append(("while", names))
        while test():
            body()
    def for_stmt(self, iterable, extra_test, body, get_state, set_state, names, opts):
        log.append(("for", names, opts["iterate_names"]))
        if extra_test is not None and not extra_test():
            return
        for item in iterable:
            body(item)
            if extra_test is not None and not extra_test():
                break
    def and_(self, a, b):
        return a() and b()
    def or_(self, a, b):
        return a() or b()
    def not_(self, a):
        return not a
    def not_any(self, *flags):
        return not any(flags)
    def if_exp(self, cond, a, b):
        return a() if cond else b()
    def assert_stmt(self, test, message):
        if not test:
            raise AssertionError(message() if message else None)

ops = Ops()

def check(f, *cases):
    g = converter.convert(f, ops)
    assert g is not None, f.__name__
    for args in cases:
        want, got = f(*args), g(*args)
        assert want == got, (f.__name__, args, want, got)
    print(f.__name__, "ok")
"#;

const PROGRAM: &str = r#"
def sign(x):
    if x > 0:
        y = 1
    elif x < 0:
        y = -1
    else:
        y = 0
    return y

def early(x):
    if x > 10:
        return "big"
    if x > 5 and x != 7:
        return "mid"
    return "small" if x >= 0 else "negative"

def loops(n):
    total = 0
    for i in range(n):
        if i % 3 == 0:
            continue
        if i > 12:
            break
        total += i
    else:
        total += 1000
    k = 0
    while k < n:
        k += 2
        if k == 6:
            break
    else:
        total -= 1
    return total, k

def find(xs, target):
    for i, x in enumerate(xs):
        for j in range(i):
            if xs[j] + x == target:
                return (j, i)
    return None

def closure(n):
    acc = []
    def add(v):
        acc.append(v)
    while n > 0:
        add(n)
        n -= 1
    return acc

counter = 0
def bump(times):
    global counter
    for _ in range(times):
        counter += 1
    return counter

class Base:
    def value(self, x):
        return x * 2

class Child(Base):
    def value(self, x):
        if x > 0:
            return super().value(x) + 1
        return 0

def defaults(x, step=2, *rest, scale=1, **extra):
    out = x
    while out < 10:
        out += step
    return out * scale + len(rest) + len(extra)

def nested_returns(x):
    while True:
        if x > 3:
            if x % 2:
                return "odd"
            return "even"
        x += 1

def gen(n):
    for i in range(n):
        yield i

check(sign, (5,), (-3,), (0,))
check(early, (20,), (6,), (7,), (3,), (-1,))
check(loops, (0,), (5,), (9,), (20,))
check(find, ([1, 2, 3, 4], 7), ([1, 2], 9))
check(closure, (3,), (0,))
counter = 0
g_bump = converter.convert(bump, ops)
print(g_bump(3), g_bump(2), counter)
c = Child()
check(Child.value, (c, 4), (c, -1))
check(defaults, (1,), (1, 5), (1, 3, 7, 8), (0,))
check(nested_returns, (1,), (8,))
print(converter.convert(gen, ops), converter.convert(lambda x: x, ops))
print(sorted(set(entry[0] for entry in log)))
print([entry for entry in log if entry[0] == "for"][:2])

def fails(x):
    if x > 0:
        y = x + "a"
    return y

converter.convert(fails, ops)(1)
"#;

#[test]
fn converted_functions_compute_what_the_originals_do() {
    let program = format!("{OPERATORS}\n{PROGRAM}");
    let outcome = run(&program, &mut Converter, &RunOptions::default());
    let expected = "sign ok\nearly ok\nloops ok\nfind ok\nclosure ok\n3 5 5\nvalue ok\n\
                    defaults ok\nnested_returns ok\nNone None\n['for', 'if', 'while']\n\
                    [('for', ('break_1', 'i', 'total'), 'i'), ('for', ('break_1', 'i', 'total'), 'i')]\n";
    assert_eq!(outcome.stdout, expected, "stderr: {}", outcome.stderr);
    // The error in a converted block names the user's line, in the block function.
    let fails_line = program
        .lines()
        .position(|line| line.contains(r#"y = x + "a""#))
        .map(|index| index + 1)
        .unwrap_or(0);
    let frame = format!("File \"main.py\", line {fails_line}, in fails@ag_if_body_1");
    assert!(outcome.stderr.contains(&frame), "{}", outcome.stderr);
    assert!(outcome
        .stderr
        .ends_with("TypeError: unsupported operand type(s) for +: 'int' and 'str'\n"));
}
