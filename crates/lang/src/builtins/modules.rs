//! Modules built into lang because they are pure language matters: `math`, `cmath` and
//! `sys`. Hosts provide everything else (`typing` is in the bundled library).

use std::rc::Rc;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

use super::constructors::bigint_of;
use crate::host::{native_function, native_function_closure, ClassBuilder};
use crate::value::{Args, Module, PyResult, Value};
use crate::vm::Vm;

/// The modules lang itself provides that programs import by name (the `_playground_*` ones
/// are the library's own), for telling users what exists.
pub const BUILTIN_MODULE_NAMES: &[&str] = &["cmath", "math", "sys"];

/// The builtin module `name`, if lang provides it.
pub fn builtin_module(vm: &mut Vm<'_>, name: &str) -> PyResult<Option<Value>> {
    Ok(match name {
        "math" => Some(math_module()),
        "cmath" => Some(super::complex::cmath_module()),
        "sys" => Some(sys_module(vm)),
        super::fs::MODULE => Some(super::fs::module(vm)),
        super::traceback_module::MODULE => Some(super::traceback_module::module()),
        _ => None,
    })
}

fn float_arg(vm: &mut Vm<'_>, args: &Args<'_>, i: usize, func: &str) -> PyResult<f64> {
    let Some(v) = args.get(i) else {
        return Err(vm.type_error(format!(
            "math.{func}() takes exactly one argument ({} given)",
            args.len()
        )));
    };
    match vm.to_f64(v)? {
        Some(f) => Ok(f),
        None => match vm.call_special(v, "__float__", &[])? {
            Some(Value::Float(f)) => Ok(f),
            _ => {
                let tn = vm.type_name(v);
                Err(vm.type_error(format!("must be real number, not {tn}")))
            }
        },
    }
}

fn domain(vm: &Vm<'_>) -> crate::exceptions::Exception {
    vm.value_error("math domain error")
}

fn unary(m: &Module, name: &'static str, f: fn(f64) -> f64, check: fn(f64) -> bool) {
    m.set(
        name,
        native_function_closure(name, move |vm, args| {
            let x = float_arg(vm, &args, 0, name)?;
            if !check(x) {
                return Err(domain(vm));
            }
            let r = f(x);
            if r.is_infinite() && x.is_finite() {
                return Err(vm.overflow_error("math range error"));
            }
            Ok(Value::Float(r))
        }),
    );
}

/// `math.ulp(x)`: the gap from `|x|` to the next float away from zero.
fn ulp(x: f64) -> f64 {
    if x.is_nan() || x.is_infinite() {
        return x.abs();
    }
    let x = x.abs();
    if x == f64::MAX {
        return x - libm::nextafter(x, 0.0);
    }
    libm::nextafter(x, f64::INFINITY) - x
}

fn math_module() -> Value {
    let m = Module::new("math");
    m.set("pi", Value::Float(std::f64::consts::PI));
    m.set("e", Value::Float(std::f64::consts::E));
    m.set("tau", Value::Float(std::f64::consts::TAU));
    m.set("inf", Value::Float(f64::INFINITY));
    m.set("nan", Value::Float(f64::NAN));
    unary(&m, "sqrt", f64::sqrt, |x| x >= 0.0 || x.is_nan());
    unary(&m, "exp", f64::exp, |_| true);
    unary(&m, "log2", f64::log2, |x| x > 0.0 || x.is_nan());
    unary(&m, "log10", f64::log10, |x| x > 0.0 || x.is_nan());
    unary(&m, "sin", f64::sin, |x| !x.is_infinite());
    unary(&m, "cos", f64::cos, |x| !x.is_infinite());
    unary(&m, "tan", f64::tan, |x| !x.is_infinite());
    unary(&m, "asin", f64::asin, |x| {
        (-1.0..=1.0).contains(&x) || x.is_nan()
    });
    unary(&m, "acos", f64::acos, |x| {
        (-1.0..=1.0).contains(&x) || x.is_nan()
    });
    unary(&m, "atan", f64::atan, |_| true);
    unary(&m, "sinh", f64::sinh, |_| true);
    unary(&m, "cosh", f64::cosh, |_| true);
    unary(&m, "tanh", f64::tanh, |_| true);
    unary(&m, "fabs", f64::abs, |_| true);
    unary(&m, "degrees", f64::to_degrees, |_| true);
    unary(&m, "radians", f64::to_radians, |_| true);
    unary(&m, "log1p", f64::ln_1p, |x| x > -1.0 || x.is_nan());
    unary(&m, "expm1", f64::exp_m1, |_| true);
    unary(&m, "acosh", f64::acosh, |x| x >= 1.0 || x.is_nan());
    unary(&m, "asinh", f64::asinh, |_| true);
    unary(&m, "atanh", f64::atanh, |x| {
        (x > -1.0 && x < 1.0) || x.is_nan()
    });
    unary(&m, "cbrt", f64::cbrt, |_| true);
    unary(&m, "exp2", f64::exp2, |_| true);
    unary(&m, "erf", libm::erf, |_| true);
    unary(&m, "erfc", libm::erfc, |_| true);
    // Poles at zero and the negative integers.
    let pole = |x: f64| !(x <= 0.0 && x == x.floor()) || x.is_nan() || x == f64::NEG_INFINITY;
    unary(&m, "gamma", libm::tgamma, |x| {
        !(x <= 0.0 && x == x.floor()) || x.is_nan()
    });
    unary(&m, "lgamma", |x| libm::lgamma_r(x).0, pole);
    unary(&m, "ulp", ulp, |_| true);
    m.set(
        "frexp",
        native_function("frexp", |vm, args| {
            let x = float_arg(vm, &args, 0, "frexp")?;
            let (mantissa, exponent) = if x.is_finite() {
                libm::frexp(x)
            } else {
                (x, 0)
            };
            Ok(Value::tuple(vec![
                Value::Float(mantissa),
                Value::Int(i64::from(exponent)),
            ]))
        }),
    );
    m.set(
        "ldexp",
        native_function("ldexp", |vm, args| {
            let x = float_arg(vm, &args, 0, "ldexp")?;
            let exponent = match args.get(1) {
                Some(Value::Int(i)) => *i,
                Some(Value::Bool(b)) => i64::from(*b),
                Some(Value::BigInt(b)) if b.is_positive() => i64::MAX,
                Some(Value::BigInt(_)) => i64::MIN,
                _ => return Err(vm.type_error("Expected an int as second argument to ldexp.")),
            };
            let r = libm::ldexp(x, exponent.clamp(-100_000, 100_000) as i32);
            if r.is_infinite() && x.is_finite() {
                return Err(vm.overflow_error("math range error"));
            }
            Ok(Value::Float(r))
        }),
    );
    m.set(
        "nextafter",
        native_function("nextafter", |vm, args| {
            let x = float_arg(vm, &args, 0, "nextafter")?;
            let y = float_arg(vm, &args, 1, "nextafter")?;
            Ok(Value::Float(libm::nextafter(x, y)))
        }),
    );
    m.set(
        "remainder",
        native_function("remainder", |vm, args| {
            let x = float_arg(vm, &args, 0, "remainder")?;
            let y = float_arg(vm, &args, 1, "remainder")?;
            if x.is_nan() || y.is_nan() {
                return Ok(Value::Float(f64::NAN));
            }
            if x.is_infinite() || y == 0.0 {
                return Err(domain(vm));
            }
            Ok(Value::Float(libm::remainder(x, y)))
        }),
    );
    m.set(
        "dist",
        native_function("dist", |vm, args| {
            let p = vm.iterate(&args.get(0).cloned().unwrap_or_default())?;
            let q = vm.iterate(&args.get(1).cloned().unwrap_or_default())?;
            if p.len() != q.len() {
                return Err(vm.value_error("both points must have the same number of dimensions"));
            }
            let mut acc = 0.0f64;
            for (a, b) in p.iter().zip(&q) {
                let pair = [a.clone(), b.clone()];
                let a = float_arg(vm, &Args::new(&pair, &[]), 0, "dist")?;
                let b = float_arg(vm, &Args::new(&pair, &[]), 1, "dist")?;
                acc = acc.hypot(a - b);
            }
            Ok(Value::Float(acc))
        }),
    );
    m.set(
        "log",
        native_function("log", |vm, args| {
            let x = args.get(0).cloned().unwrap_or_default();
            let ln = |vm: &mut Vm<'_>, v: &Value| -> PyResult<f64> {
                if let Some(b) = bigint_of(v) {
                    if !b.is_positive() {
                        return Err(domain(vm));
                    }
                    if b.bits() > 1000 {
                        // ln(b) = ln(b >> k) + k ln 2, exact enough for huge ints.
                        let k = b.bits() - 60;
                        let top: BigInt = &b >> k as usize;
                        let f = crate::format::int_to_float(&top).unwrap_or(1.0);
                        return Ok(f.ln() + k as f64 * std::f64::consts::LN_2);
                    }
                }
                let f = match vm.to_f64(v)? {
                    Some(f) => f,
                    None => {
                        let tn = vm.type_name(v);
                        return Err(vm.type_error(format!("must be real number, not {tn}")));
                    }
                };
                if f <= 0.0 {
                    return Err(domain(vm));
                }
                Ok(f.ln())
            };
            let lx = ln(vm, &x)?;
            match args.get(1) {
                Some(base) => {
                    let lb = ln(vm, base)?;
                    if lb == 0.0 {
                        return Err(vm.zero_division("float division by zero"));
                    }
                    Ok(Value::Float(lx / lb))
                }
                None => Ok(Value::Float(lx)),
            }
        }),
    );
    for (name, f) in [
        ("floor", f64::floor as fn(f64) -> f64),
        ("ceil", f64::ceil),
        ("trunc", f64::trunc),
    ] {
        m.set(
            name,
            native_function_closure(name, move |vm, args| {
                let v = args.get(0).cloned().unwrap_or_default();
                if let Some(b) = bigint_of(&v) {
                    return Ok(Value::from_bigint(b));
                }
                let dunder = format!("__{name}__");
                if let Some(r) = vm.call_special(&v, &dunder, &[])? {
                    return Ok(r);
                }
                let x = float_arg(vm, &args, 0, name)?;
                super::float_to_int_value(vm, f(x))
            }),
        );
    }
    m.set(
        "pow",
        native_function("pow", |vm, args| {
            let (x, y) = (
                float_arg(vm, &args, 0, "pow")?,
                float_arg(vm, &args, 1, "pow")?,
            );
            if x == 0.0 && y < 0.0 {
                return Err(domain(vm));
            }
            if x < 0.0 && y.fract() != 0.0 && y.is_finite() {
                return Err(domain(vm));
            }
            let r = x.powf(y);
            if r.is_infinite() && x.is_finite() && y.is_finite() {
                return Err(vm.overflow_error("math range error"));
            }
            Ok(Value::Float(r))
        }),
    );
    m.set(
        "atan2",
        native_function("atan2", |vm, args| {
            let (y, x) = (
                float_arg(vm, &args, 0, "atan2")?,
                float_arg(vm, &args, 1, "atan2")?,
            );
            Ok(Value::Float(y.atan2(x)))
        }),
    );
    m.set(
        "fmod",
        native_function("fmod", |vm, args| {
            let (x, y) = (
                float_arg(vm, &args, 0, "fmod")?,
                float_arg(vm, &args, 1, "fmod")?,
            );
            if y == 0.0 {
                return Err(domain(vm));
            }
            Ok(Value::Float(x % y))
        }),
    );
    m.set(
        "copysign",
        native_function("copysign", |vm, args| {
            let (x, y) = (
                float_arg(vm, &args, 0, "copysign")?,
                float_arg(vm, &args, 1, "copysign")?,
            );
            Ok(Value::Float(x.copysign(y)))
        }),
    );
    m.set(
        "hypot",
        native_function("hypot", |vm, args| {
            let mut acc = 0.0f64;
            for i in 0..args.len() {
                let x = float_arg(vm, &args, i, "hypot")?;
                acc = acc.hypot(x);
            }
            Ok(Value::Float(acc))
        }),
    );
    m.set(
        "modf",
        native_function("modf", |vm, args| {
            let x = float_arg(vm, &args, 0, "modf")?;
            Ok(Value::tuple(vec![
                Value::Float(x.fract()),
                Value::Float(x.trunc()),
            ]))
        }),
    );
    for (name, f) in [
        ("isnan", f64::is_nan as fn(f64) -> bool),
        ("isinf", f64::is_infinite),
        ("isfinite", f64::is_finite),
    ] {
        m.set(
            name,
            native_function_closure(name, move |vm, args| {
                let x = float_arg(vm, &args, 0, name)?;
                Ok(Value::Bool(f(x)))
            }),
        );
    }
    m.set(
        "isclose",
        native_function("isclose", |vm, args| {
            let (a, b) = (
                float_arg(vm, &args, 0, "isclose")?,
                float_arg(vm, &args, 1, "isclose")?,
            );
            let rel = match args.kwarg("rel_tol") {
                Some(v) => vm.to_f64(v)?.unwrap_or(1e-9),
                None => 1e-9,
            };
            let abs = match args.kwarg("abs_tol") {
                Some(v) => vm.to_f64(v)?.unwrap_or(0.0),
                None => 0.0,
            };
            if a == b {
                return Ok(Value::Bool(true));
            }
            if a.is_infinite() || b.is_infinite() {
                return Ok(Value::Bool(false));
            }
            let diff = (a - b).abs();
            Ok(Value::Bool(
                diff <= (rel * b.abs()).max(rel * a.abs()) || diff <= abs,
            ))
        }),
    );
    m.set(
        "factorial",
        native_function("factorial", |vm, args| {
            let v = args.get(0).cloned().unwrap_or_default();
            let Some(n) = bigint_of(&v) else {
                let tn = vm.type_name(&v);
                return Err(
                    vm.type_error(format!("'{tn}' object cannot be interpreted as an integer"))
                );
            };
            if n.is_negative() {
                return Err(vm.value_error("factorial() not defined for negative values"));
            }
            let n: u64 = n.try_into().unwrap_or(u64::MAX);
            if n > 20000 {
                return Err(vm.overflow_error(
                    "factorial() argument should not exceed the playground's limit (20000)",
                ));
            }
            let mut acc = BigInt::one();
            for i in 2..=n {
                acc *= i;
            }
            vm.charge(n / 8)?;
            Ok(Value::from_bigint(acc))
        }),
    );
    for (name, is_gcd) in [("gcd", true), ("lcm", false)] {
        m.set(
            name,
            native_function_closure(name, move |vm, args| {
                let mut acc = if is_gcd {
                    BigInt::zero()
                } else {
                    BigInt::one()
                };
                for v in args.positional {
                    let Some(b) = bigint_of(v) else {
                        let tn = vm.type_name(v);
                        return Err(vm.type_error(format!(
                            "'{tn}' object cannot be interpreted as an integer"
                        )));
                    };
                    acc = if is_gcd {
                        acc.gcd(&b)
                    } else if b.is_zero() || acc.is_zero() {
                        BigInt::zero()
                    } else {
                        acc.lcm(&b)
                    };
                }
                Ok(Value::from_bigint(acc))
            }),
        );
    }
    m.set(
        "prod",
        native_function("prod", |vm, args| {
            let Some(it) = args.get(0) else {
                return Err(vm.type_error("prod() missing required argument"));
            };
            let mut acc = args.kwarg("start").cloned().unwrap_or(Value::Int(1));
            for x in vm.iterate(it)? {
                acc = vm.binary_op(&acc, &x, crate::ast::BinOp::Mult)?;
            }
            Ok(acc)
        }),
    );
    m.set(
        "fsum",
        native_function("fsum", |vm, args| {
            let Some(it) = args.get(0) else {
                return Err(vm.type_error("fsum() missing required argument"));
            };
            // Neumaier summation: exact for the sums programs print.
            let (mut sum, mut c) = (0.0f64, 0.0f64);
            for x in vm.iterate(it)? {
                let x = vm.to_f64(&x)?.unwrap_or(0.0);
                let t = sum + x;
                if sum.abs() >= x.abs() {
                    c += (sum - t) + x;
                } else {
                    c += (x - t) + sum;
                }
                sum = t;
            }
            Ok(Value::Float(sum + c))
        }),
    );
    for (name, is_comb) in [("comb", true), ("perm", false)] {
        m.set(
            name,
            native_function_closure(name, move |vm, args| {
                let n = args.get(0).and_then(bigint_of).unwrap_or_default();
                let k = match args.get(1) {
                    Some(v) => bigint_of(v).unwrap_or_default(),
                    None => n.clone(),
                };
                if n.is_negative() || k.is_negative() {
                    return Err(vm.value_error(format!(
                        "{} must be a non-negative integer",
                        if n.is_negative() { "n" } else { "k" }
                    )));
                }
                if k > n {
                    return Ok(Value::Int(0));
                }
                let k: u64 = k.try_into().unwrap_or(0);
                if k > 20000 {
                    return Err(vm.overflow_error("result too large for the playground"));
                }
                let mut acc = BigInt::one();
                for i in 0..k {
                    acc *= &n - i;
                    if is_comb {
                        acc /= i + 1;
                    }
                }
                Ok(Value::from_bigint(acc))
            }),
        );
    }
    m.set(
        "isqrt",
        native_function("isqrt", |vm, args| {
            let n = args.get(0).and_then(bigint_of).unwrap_or_default();
            if n.is_negative() {
                return Err(vm.value_error("isqrt() argument must be nonnegative"));
            }
            Ok(Value::from_bigint(n.sqrt()))
        }),
    );
    Value::Module(m)
}

fn sys_module(vm: &mut Vm<'_>) -> Value {
    if let Some(m) = &vm.sys_module {
        return m.clone();
    }
    let m = Module::new("sys");
    m.set("argv", Value::list(vec![Value::str("main.py")]));
    m.set(
        "version",
        Value::str("3.11.7 (main, Placement Playground) [lang]"),
    );
    m.set(
        "version_info",
        Value::tuple(vec![
            Value::Int(3),
            Value::Int(11),
            Value::Int(7),
            Value::str("final"),
            Value::Int(0),
        ]),
    );
    m.set("platform", Value::str("linux"));
    m.set("maxsize", Value::Int(i64::MAX));
    m.set("byteorder", Value::str("little"));
    m.set("path", Value::list(vec![Value::str("/content")]));
    m.set("modules", Value::Dict(vm.modules.clone()));
    m.set(
        "exc_info",
        native_function("exc_info", |vm, _args| {
            Ok(match vm.current_handled() {
                Some(e) => {
                    let class = Value::Class(e.class().clone());
                    Value::tuple(vec![class, e.value(), Value::None])
                }
                None => Value::tuple(vec![Value::None, Value::None, Value::None]),
            })
        }),
    );
    m.set("executable", Value::str("/usr/bin/python3"));
    let stream = |name: &'static str| {
        let class = ClassBuilder::new("TextIOWrapper", "_io")
            .method_closure("write", move |vm, args| {
                let text = match args.get(1) {
                    Some(Value::Str(s)) => s.as_str().to_string(),
                    Some(other) => {
                        let tn = vm.type_name(other);
                        return Err(
                            vm.type_error(format!("write() argument must be str, not {tn}"))
                        );
                    }
                    None => {
                        return Err(vm.type_error("write() takes exactly one argument (0 given)"))
                    }
                };
                if name == "<stderr>" {
                    vm.write_stderr(&text);
                } else {
                    vm.write_stdout(&text);
                }
                Ok(Value::Int(text.chars().count() as i64))
            })
            .method("flush", |_vm, _args| Ok(Value::None))
            .method("isatty", |_vm, _args| Ok(Value::Bool(false)))
            .attr("name", Value::str(name))
            .attr("encoding", Value::str("utf-8"))
            .build();
        crate::host::new_native_instance(&class, Rc::new(()))
    };
    m.set("stdout", stream("<stdout>"));
    m.set("stderr", stream("<stderr>"));
    m.set(
        "getrecursionlimit",
        native_function("getrecursionlimit", |vm, _args| {
            Ok(Value::Int(vm.limits().max_recursion_depth as i64))
        }),
    );
    m.set(
        "setrecursionlimit",
        native_function("setrecursionlimit", |_vm, _args| Ok(Value::None)),
    );
    m.set(
        "exit",
        native_function("exit", |vm, args| {
            Err(crate::exceptions::new_exception(
                &vm.exc_types().system_exit,
                args.positional.to_vec(),
            ))
        }),
    );
    m.set(
        "getsizeof",
        native_function("getsizeof", |vm, args| {
            let v = args.get(0).cloned().unwrap_or_default();
            let n = vm.len(&v).unwrap_or(0);
            Ok(Value::Int(56 + 8 * n as i64))
        }),
    );
    let v = Value::Module(m);
    vm.sys_module = Some(v.clone());
    v
}
