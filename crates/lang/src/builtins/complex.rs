//! `complex` and `cmath`: arithmetic as CPython 3.11 does it (Smith's division, repeated
//! squaring for small integer powers, polar form otherwise), its repr and hash, the
//! `complex()` constructor with string parsing, `format()`, and the `cmath` functions.

use crate::ast::BinOp;
use crate::format::{float_repr, parse_format_spec, Align, FormatError, FormatSpec, Sign};
use crate::host::native_function;
use crate::value::{Args, Complex, Module, PyResult, Value};
use crate::vm::Vm;

fn c(re: f64, im: f64) -> Complex {
    Complex { re, im }
}

fn add(a: Complex, b: Complex) -> Complex {
    c(a.re + b.re, a.im + b.im)
}

fn sub(a: Complex, b: Complex) -> Complex {
    c(a.re - b.re, a.im - b.im)
}

fn mul(a: Complex, b: Complex) -> Complex {
    c(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)
}

/// `a / b` by Smith's method (scaling by the larger part of `b`); `None` for division by 0.
fn quot(a: Complex, b: Complex) -> Option<Complex> {
    let (abs_re, abs_im) = (b.re.abs(), b.im.abs());
    if abs_re >= abs_im {
        if abs_re == 0.0 {
            return None;
        }
        let ratio = b.im / b.re;
        let denom = b.re + b.im * ratio;
        Some(c(
            (a.re + a.im * ratio) / denom,
            (a.im - a.re * ratio) / denom,
        ))
    } else if abs_im >= abs_re {
        let ratio = b.re / b.im;
        let denom = b.re * ratio + b.im;
        Some(c(
            (a.re * ratio + a.im) / denom,
            (a.im * ratio - a.re) / denom,
        ))
    } else {
        // A NaN in `b`.
        Some(c(f64::NAN, f64::NAN))
    }
}

/// Why a power failed: `0` to a negative or complex power, or an overflow.
enum PowError {
    ZeroDivision,
    Overflow,
}

fn pow_polar(a: Complex, b: Complex) -> Result<Complex, PowError> {
    if b.re == 0.0 && b.im == 0.0 {
        return Ok(c(1.0, 0.0));
    }
    if a.re == 0.0 && a.im == 0.0 {
        if b.im != 0.0 || b.re < 0.0 {
            return Err(PowError::ZeroDivision);
        }
        return Ok(c(0.0, 0.0));
    }
    let vabs = a.re.hypot(a.im);
    let mut len = vabs.powf(b.re);
    let at = a.im.atan2(a.re);
    let mut phase = at * b.re;
    if b.im != 0.0 {
        len /= (at * b.im).exp();
        phase += b.im * vabs.ln();
    }
    Ok(c(len * phase.cos(), len * phase.sin()))
}

fn pow_unsigned(x: Complex, n: u32) -> Complex {
    let (mut r, mut p, mut mask) = (c(1.0, 0.0), x, 1u32);
    while mask > 0 && n >= mask {
        if n & mask != 0 {
            r = mul(r, p);
        }
        mask <<= 1;
        p = mul(p, p);
    }
    r
}

/// `a ** b`: repeated squaring for integral exponents up to 100 in size, as CPython does.
fn pow(a: Complex, b: Complex) -> Result<Complex, PowError> {
    let r = if b.im == 0.0 && b.re == b.re.trunc() && b.re.abs() <= 100.0 {
        let n = b.re as i32;
        if n >= 0 {
            pow_unsigned(a, n as u32)
        } else {
            quot(c(1.0, 0.0), pow_unsigned(a, n.unsigned_abs())).ok_or(PowError::ZeroDivision)?
        }
    } else {
        pow_polar(a, b)?
    };
    if !(r.re.is_finite() && r.im.is_finite())
        && a.re.is_finite()
        && a.im.is_finite()
        && b.re.is_finite()
        && b.im.is_finite()
    {
        return Err(PowError::Overflow);
    }
    Ok(r)
}

/// A float as `repr` writes it inside a complex: without the `.0` of integral values.
fn part(x: f64) -> String {
    let text = float_repr(x);
    match text.strip_suffix(".0") {
        Some(short) => short.to_string(),
        None => text,
    }
}

/// `repr(z)`: `1j`, `(1+2j)`, `(-0-1j)`, `(nan+infj)`.
pub fn repr(z: &Complex) -> String {
    if z.re == 0.0 && z.re.is_sign_positive() {
        return format!("{}j", part(z.im));
    }
    let im = part(z.im);
    let sign = if im.starts_with('-') { "" } else { "+" };
    format!("({}{sign}{im}j)", part(z.re))
}

/// `hash(z)`: the real part's hash plus 1000003 times the imaginary part's.
pub fn hash(z: &Complex) -> i64 {
    let re = crate::value::hash::hash_f64(z.re) as u64;
    let im = crate::value::hash::hash_f64(z.im) as u64;
    let h = re.wrapping_add(im.wrapping_mul(1_000_003)) as i64;
    if h == -1 {
        -2
    } else {
        h
    }
}

/// `format(z, spec)`: both parts formatted as floats, the imaginary one always signed; with
/// no presentation type, parenthesised as `str(z)` is.
pub fn format(z: &Complex, spec_text: &str) -> Result<String, FormatError> {
    if spec_text.is_empty() {
        return Ok(repr(z));
    }
    let spec = parse_format_spec(spec_text, "complex")?;
    if spec.zero_pad {
        return Err(FormatError::ValueError(
            "Zero padding is not allowed in complex format specifier".into(),
        ));
    }
    if spec.align == Some(Align::AfterSign) {
        return Err(FormatError::ValueError(
            "Alignment flag is not allowed in complex format specifier".into(),
        ));
    }
    let (mut skip_re, mut parens) = (false, false);
    let mut part_spec = FormatSpec {
        fill: ' ',
        align: None,
        width: None,
        zero_pad: false,
        ..spec.clone()
    };
    let plain = spec.ty.is_none();
    if plain {
        if z.re == 0.0 && z.re.is_sign_positive() {
            skip_re = true;
        } else {
            parens = true;
        }
        if spec.precision.is_some() {
            part_spec.ty = Some('g');
        }
    }
    let format_part = |x: f64, sign: Option<Sign>| -> Result<String, FormatError> {
        if plain && spec.precision.is_none() {
            let text = part(x);
            return Ok(match sign {
                Some(Sign::Plus) if !text.starts_with('-') => format!("+{text}"),
                Some(Sign::Space) if !text.starts_with('-') => format!(" {text}"),
                _ => text,
            });
        }
        let s = FormatSpec {
            sign,
            ..part_spec.clone()
        };
        crate::format::format_float(x, &s)
    };
    let re = if skip_re {
        String::new()
    } else {
        format_part(z.re, spec.sign)?
    };
    let im_sign = if skip_re { spec.sign } else { Some(Sign::Plus) };
    let im = format_part(z.im, im_sign)?;
    let body = if parens {
        format!("({re}{im}j)")
    } else {
        format!("{re}{im}j")
    };
    let len = body.chars().count();
    let total = spec.width.unwrap_or(0).max(len);
    let padding = total - len;
    let left = match spec.align.unwrap_or(Align::Right) {
        Align::Right => padding,
        Align::Center => padding / 2,
        Align::Left | Align::AfterSign => 0,
    };
    let mut out = String::with_capacity(body.len() + padding);
    out.extend(std::iter::repeat_n(spec.fill, left));
    out.push_str(&body);
    out.extend(std::iter::repeat_n(spec.fill, padding - left));
    Ok(out)
}

/// Parses `complex('1+2j')`'s argument: an optional real part, an optional signed imaginary
/// part ending in `j`, optional parentheses, surrounding whitespace, and `_` in digits.
fn parse(text: &str) -> Option<Complex> {
    let s = text.trim();
    let s = match s.strip_prefix('(') {
        Some(inner) => inner.strip_suffix(')')?.trim(),
        None => s,
    };
    if s.is_empty() {
        return None;
    }
    let float = |t: &str| -> Option<f64> {
        if t.is_empty() || t.starts_with(char::is_whitespace) || t.ends_with(char::is_whitespace) {
            return None;
        }
        crate::format::parse_float(t).ok()
    };
    let Some(body) = s.strip_suffix(['j', 'J']) else {
        return Some(c(float(s)?, 0.0));
    };
    // The imaginary part starts at the last sign not just after an exponent's `e`.
    let bytes = body.as_bytes();
    let split = (1..bytes.len())
        .rev()
        .find(|&i| (bytes[i] == b'+' || bytes[i] == b'-') && !matches!(bytes[i - 1], b'e' | b'E'));
    let imag = |t: &str| -> Option<f64> {
        match t {
            "" | "+" => Some(1.0),
            "-" => Some(-1.0),
            _ => float(t),
        }
    };
    match split {
        Some(i) => Some(c(float(&body[..i])?, imag(&body[i..])?)),
        None => Some(c(0.0, imag(body)?)),
    }
}

impl<'h> Vm<'h> {
    /// A number as a complex (`None` for non-numbers): `complex`, `float`, `int`, `bool`.
    pub fn as_complex(&self, v: &Value) -> PyResult<Option<Complex>> {
        Ok(match v {
            Value::Complex(z) => Some(**z),
            other => self.to_f64(other)?.map(|x| c(x, 0.0)),
        })
    }

    /// A binary operator with a complex operand; `None` when the other one is not a number.
    pub(crate) fn complex_binary(
        &mut self,
        a: &Value,
        b: &Value,
        op: BinOp,
    ) -> PyResult<Option<Value>> {
        let (Some(x), Some(y)) = (self.as_complex(a)?, self.as_complex(b)?) else {
            return Ok(None);
        };
        let r = match op {
            BinOp::Add => add(x, y),
            BinOp::Sub => sub(x, y),
            BinOp::Mult => mul(x, y),
            BinOp::Div => match quot(x, y) {
                Some(r) => r,
                None => return Err(self.zero_division("complex division by zero")),
            },
            BinOp::Pow => match pow(x, y) {
                Ok(r) => r,
                Err(PowError::ZeroDivision) => {
                    return Err(self.zero_division("0.0 to a negative or complex power"))
                }
                Err(PowError::Overflow) => {
                    return Err(self.overflow_error("complex exponentiation"))
                }
            },
            _ => return Ok(None),
        };
        Ok(Some(Value::complex(r.re, r.im)))
    }
}

/// `complex(real=0, imag=0)`, `complex('1+2j')`.
pub fn complex_new(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let given = args.positional.get(1..).unwrap_or(&[]);
    let keyword = |name: &str| {
        args.keywords
            .iter()
            .find(|(k, _)| k.as_str() == name)
            .map(|(_, v)| v.clone())
    };
    if given.len() > 2 {
        return Err(vm.type_error(format!(
            "complex() takes at most 2 arguments ({} given)",
            given.len()
        )));
    }
    let real = given.first().cloned().or_else(|| keyword("real"));
    let imag = given.get(1).cloned().or_else(|| keyword("imag"));
    if let Some(Value::Str(s)) = &real {
        if imag.is_some() {
            return Err(vm.type_error("complex() can't take second arg if first is a string"));
        }
        return match parse(s.as_str()) {
            Some(z) => Ok(Value::complex(z.re, z.im)),
            None => Err(vm.value_error("complex() arg is a malformed string")),
        };
    }
    if let Some(Value::Str(_)) = &imag {
        return Err(vm.type_error("complex() second arg can't be a string"));
    }
    let mut to_complex = |v: &Value, which: &str| -> PyResult<Complex> {
        if let Some(z) = vm.as_complex(v)? {
            return Ok(z);
        }
        for (method, is_complex) in [
            ("__complex__", true),
            ("__float__", false),
            ("__index__", false),
        ] {
            if let Some(r) = vm.call_special(v, method, &[])? {
                return match (vm.as_complex(&r)?, is_complex) {
                    (Some(z), _) => Ok(z),
                    (None, _) => {
                        let tn = vm.type_name(&r);
                        Err(vm.type_error(format!("{method} returned non-number (type {tn})")))
                    }
                };
            }
        }
        let tn = vm.type_name(v);
        Err(vm.type_error(format!("complex() {which}, not '{tn}'")))
    };
    let re = match &real {
        Some(v) => to_complex(v, "first argument must be a string or a number")?,
        None => c(0.0, 0.0),
    };
    let im = match &imag {
        Some(v) => to_complex(v, "second argument must be a number")?,
        None => c(0.0, 0.0),
    };
    // complex(a, b) is a + b·j for complex a and b too.
    let (r, i) = if imag.is_some() {
        (re.re - im.im, re.im + im.re)
    } else {
        (re.re, re.im)
    };
    Ok(Value::complex(r, i))
}

/// The receiver of a `complex` method.
fn this(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Complex> {
    match args.positional.first() {
        Some(Value::Complex(z)) => Ok(**z),
        _ => Err(vm.type_error("descriptor requires a 'complex' object")),
    }
}

/// The methods of `complex`.
pub(crate) fn install(t: &super::types::Types) {
    use super::types::add_method;
    add_method(&t.complex, "conjugate", |vm, args| {
        let z = this(vm, &args)?;
        Ok(Value::complex(z.re, -z.im))
    });
    add_method(&t.complex, "__complex__", |vm, args| {
        let z = this(vm, &args)?;
        Ok(Value::complex(z.re, z.im))
    });
    add_method(&t.complex, "__abs__", |vm, args| {
        let z = this(vm, &args)?;
        complex_abs(vm, z)
    });
}

/// `abs(z)`: the hypotenuse, an OverflowError when it overflows from finite parts.
pub fn complex_abs(vm: &Vm<'_>, z: Complex) -> PyResult {
    let r = z.re.hypot(z.im);
    if r.is_infinite() && z.re.is_finite() && z.im.is_finite() {
        return Err(vm.overflow_error("absolute value too large"));
    }
    Ok(Value::Float(r))
}

// ----- cmath -----

const LARGE: f64 = f64::MAX / 4.0;
const LOG_LARGE: f64 = 708.3964185322641; // ln(f64::MAX) - 1

fn c_sqrt(z: Complex) -> Complex {
    if z.re == 0.0 && z.im == 0.0 {
        return c(0.0, z.im);
    }
    if z.im.is_infinite() {
        return c(f64::INFINITY, z.im);
    }
    if z.re.is_nan() || z.im.is_nan() {
        if z.re == f64::INFINITY {
            return c(f64::INFINITY, z.im);
        }
        if z.re == f64::NEG_INFINITY {
            return c(f64::NAN, f64::INFINITY.copysign(z.im));
        }
        return c(f64::NAN, f64::NAN);
    }
    if z.re.is_infinite() {
        return if z.re > 0.0 {
            c(f64::INFINITY, 0.0f64.copysign(z.im))
        } else {
            c(0.0, f64::INFINITY.copysign(z.im))
        };
    }
    let (ax, ay) = (z.re.abs(), z.im.abs());
    let s = if ax < f64::MIN_POSITIVE && ay < f64::MIN_POSITIVE {
        // Scaled up to keep the subnormal digits.
        let ax = libm::ldexp(ax, 53);
        libm::ldexp((ax + ax.hypot(libm::ldexp(ay, 53))).sqrt(), -27)
    } else {
        let ax = ax / 8.0;
        2.0 * (ax + ax.hypot(ay / 8.0)).sqrt()
    };
    let d = ay / (2.0 * s);
    if z.re >= 0.0 {
        c(s, d.copysign(z.im))
    } else {
        c(d, s.copysign(z.im))
    }
}

fn c_log(z: Complex) -> Option<Complex> {
    let (ax, ay) = (z.re.abs(), z.im.abs());
    let re = if z.re.is_nan() || z.im.is_nan() {
        if ax.is_infinite() || ay.is_infinite() {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else if ax.is_infinite() || ay.is_infinite() {
        f64::INFINITY
    } else if ax > LARGE || ay > LARGE {
        (ax / 2.0).hypot(ay / 2.0).ln() + std::f64::consts::LN_2
    } else if ax < f64::MIN_POSITIVE && ay < f64::MIN_POSITIVE {
        if ax > 0.0 || ay > 0.0 {
            libm::ldexp(ax, 53).hypot(libm::ldexp(ay, 53)).ln() - 53.0 * std::f64::consts::LN_2
        } else {
            return None;
        }
    } else {
        let h = ax.hypot(ay);
        if (0.71..=1.73).contains(&h) {
            let (am, an) = if ax > ay { (ax, ay) } else { (ay, ax) };
            ((am - 1.0) * (am + 1.0) + an * an).ln_1p() / 2.0
        } else {
            h.ln()
        }
    };
    Some(c(re, z.im.atan2(z.re)))
}

fn c_exp(z: Complex) -> Complex {
    if z.re > LOG_LARGE {
        let l = (z.re - 1.0).exp();
        c(
            l * z.im.cos() * std::f64::consts::E,
            l * z.im.sin() * std::f64::consts::E,
        )
    } else {
        let l = z.re.exp();
        let im = if z.im == 0.0 { z.im } else { l * z.im.sin() };
        c(l * z.im.cos(), im)
    }
}

fn c_sinh(z: Complex) -> Complex {
    if z.re.abs() > LOG_LARGE {
        let x_minus_one = z.re - 1.0f64.copysign(z.re);
        c(
            z.im.cos() * x_minus_one.sinh() * std::f64::consts::E,
            z.im.sin() * x_minus_one.cosh() * std::f64::consts::E,
        )
    } else {
        c(z.im.cos() * z.re.sinh(), z.im.sin() * z.re.cosh())
    }
}

fn c_cosh(z: Complex) -> Complex {
    if z.re.abs() > LOG_LARGE {
        let x_minus_one = z.re - 1.0f64.copysign(z.re);
        c(
            z.im.cos() * x_minus_one.cosh() * std::f64::consts::E,
            z.im.sin() * x_minus_one.sinh() * std::f64::consts::E,
        )
    } else {
        c(z.im.cos() * z.re.cosh(), z.im.sin() * z.re.sinh())
    }
}

fn c_tanh(z: Complex) -> Complex {
    if z.re.abs() > LOG_LARGE {
        c(
            1.0f64.copysign(z.re),
            4.0 * z.im.sin() * z.im.cos() * (-2.0 * z.re.abs()).exp(),
        )
    } else {
        let tx = z.re.tanh();
        let ty = z.im.tan();
        let cx = 1.0 / z.re.cosh();
        let txty = tx * ty;
        let denom = 1.0 + txty * txty;
        c(tx * (1.0 + ty * ty) / denom, ((ty / denom) * cx) * cx)
    }
}

/// `f(z) = -i·g(i·z)`: sin from sinh, tan from tanh, asin from asinh, atan from atanh.
fn through_i(g: fn(Complex) -> Complex, z: Complex) -> Complex {
    let s = g(c(-z.im, z.re));
    c(s.im, -s.re)
}

fn c_acos(z: Complex) -> Complex {
    let s1 = c_sqrt(c(1.0 - z.re, -z.im));
    let s2 = c_sqrt(c(1.0 + z.re, z.im));
    c(
        2.0 * s1.re.atan2(s2.re),
        libm::asinh(s2.re * s1.im - s2.im * s1.re),
    )
}

fn c_acosh(z: Complex) -> Complex {
    let s1 = c_sqrt(c(z.re - 1.0, z.im));
    let s2 = c_sqrt(c(z.re + 1.0, z.im));
    c(
        libm::asinh(s1.re * s2.re + s1.im * s2.im),
        2.0 * s1.im.atan2(s2.re),
    )
}

fn c_asinh(z: Complex) -> Complex {
    let s1 = c_sqrt(c(1.0 + z.im, -z.re));
    let s2 = c_sqrt(c(1.0 - z.im, z.re));
    c(
        libm::asinh(s1.re * s2.im - s2.re * s1.im),
        z.im.atan2(s1.re * s2.re - s1.im * s2.im),
    )
}

fn c_atanh(z: Complex) -> Complex {
    if z.re < 0.0 {
        let r = c_atanh(c(-z.re, -z.im));
        return c(-r.re, -r.im);
    }
    let ay = z.im.abs();
    if z.re > LARGE.sqrt() || ay > LARGE.sqrt() {
        let h = (z.re / 2.0).hypot(z.im / 2.0);
        return c(
            z.re / 4.0 / h / h,
            -std::f64::consts::FRAC_PI_2.copysign(-z.im),
        );
    }
    if z.re == 1.0 && ay < f64::MIN_POSITIVE.sqrt() {
        if ay == 0.0 {
            return c(f64::INFINITY, z.im);
        }
        return c(
            -(ay.sqrt() / ay.hypot(2.0).sqrt()).ln(),
            (2.0f64.atan2(-ay) / 2.0).copysign(z.im),
        );
    }
    c(
        (4.0 * z.re / ((1.0 - z.re) * (1.0 - z.re) + ay * ay)).ln_1p() / 4.0,
        -(-2.0 * z.im).atan2((1.0 - z.re) * (1.0 + z.re) - ay * ay) / 2.0,
    )
}

fn complex_arg(vm: &Vm<'_>, args: &Args<'_>, index: usize, func: &str) -> PyResult<Complex> {
    let Some(v) = args.positional.get(index) else {
        return Err(vm.type_error(format!("{func}() takes exactly one argument (0 given)")));
    };
    match vm.as_complex(v)? {
        Some(z) => Ok(z),
        None => {
            let tn = vm.type_name(v);
            Err(vm.type_error(format!("must be real number, not {tn}")))
        }
    }
}

fn unary(m: &Module, name: &'static str, f: fn(Complex) -> Complex) {
    m.set(
        name,
        crate::host::native_function_closure(name, move |vm, args| {
            let z = complex_arg(vm, &args, 0, name)?;
            let r = f(z);
            let finite_in = z.re.is_finite() && z.im.is_finite();
            if finite_in && (r.re.is_infinite() || r.im.is_infinite()) {
                return Err(vm.overflow_error("math range error"));
            }
            Ok(Value::complex(r.re, r.im))
        }),
    );
}

/// The `cmath` module.
pub fn cmath_module() -> Value {
    let m = Module::new("cmath");
    m.set("pi", Value::Float(std::f64::consts::PI));
    m.set("e", Value::Float(std::f64::consts::E));
    m.set("tau", Value::Float(std::f64::consts::TAU));
    m.set("inf", Value::Float(f64::INFINITY));
    m.set("nan", Value::Float(f64::NAN));
    m.set("infj", Value::complex(0.0, f64::INFINITY));
    m.set("nanj", Value::complex(0.0, f64::NAN));
    unary(&m, "sqrt", c_sqrt);
    unary(&m, "exp", c_exp);
    unary(&m, "sinh", c_sinh);
    unary(&m, "cosh", c_cosh);
    unary(&m, "tanh", c_tanh);
    unary(&m, "sin", |z| through_i(c_sinh, z));
    unary(&m, "cos", |z| c_cosh(c(-z.im, z.re)));
    unary(&m, "tan", |z| through_i(c_tanh, z));
    unary(&m, "acos", c_acos);
    unary(&m, "acosh", c_acosh);
    unary(&m, "asinh", c_asinh);
    unary(&m, "asin", |z| through_i(c_asinh, z));
    unary(&m, "atanh", c_atanh);
    unary(&m, "atan", |z| through_i(c_atanh, z));
    m.set(
        "log",
        native_function("log", |vm, args| {
            let z = complex_arg(vm, &args, 0, "log")?;
            let Some(mut r) = c_log(z) else {
                return Err(vm.value_error("math domain error"));
            };
            if args.positional.len() > 1 {
                let base = complex_arg(vm, &args, 1, "log")?;
                let Some(lb) = c_log(base) else {
                    return Err(vm.value_error("math domain error"));
                };
                r = match quot(r, lb) {
                    Some(q) => q,
                    None => return Err(vm.zero_division("complex division by zero")),
                };
            }
            Ok(Value::complex(r.re, r.im))
        }),
    );
    m.set(
        "log10",
        native_function("log10", |vm, args| {
            let z = complex_arg(vm, &args, 0, "log10")?;
            let Some(r) = c_log(z) else {
                return Err(vm.value_error("math domain error"));
            };
            let ln10 = std::f64::consts::LN_10;
            Ok(Value::complex(r.re / ln10, r.im / ln10))
        }),
    );
    m.set(
        "phase",
        native_function("phase", |vm, args| {
            let z = complex_arg(vm, &args, 0, "phase")?;
            Ok(Value::Float(z.im.atan2(z.re)))
        }),
    );
    m.set(
        "polar",
        native_function("polar", |vm, args| {
            let z = complex_arg(vm, &args, 0, "polar")?;
            let r = complex_abs(vm, z)?;
            Ok(Value::tuple(vec![r, Value::Float(z.im.atan2(z.re))]))
        }),
    );
    m.set(
        "rect",
        native_function("rect", |vm, args| {
            let r = complex_arg(vm, &args, 0, "rect")?.re;
            let phi = complex_arg(vm, &args, 1, "rect")?.re;
            if r.is_infinite() && phi.is_finite() && phi != 0.0 {
                let re = if r > 0.0 {
                    f64::INFINITY
                } else {
                    f64::NEG_INFINITY
                };
                return Ok(Value::complex(
                    re.copysign(phi.cos()),
                    re.copysign(phi.sin()),
                ));
            }
            if phi.is_infinite() && !r.is_nan() && r != 0.0 {
                return Err(vm.value_error("math domain error"));
            }
            let im = if phi == 0.0 { r * phi } else { r * phi.sin() };
            Ok(Value::complex(r * phi.cos(), im))
        }),
    );
    for (name, test) in [
        (
            "isfinite",
            (|z: Complex| z.re.is_finite() && z.im.is_finite()) as fn(Complex) -> bool,
        ),
        ("isinf", |z| z.re.is_infinite() || z.im.is_infinite()),
        ("isnan", |z| z.re.is_nan() || z.im.is_nan()),
    ] {
        m.set(
            name,
            crate::host::native_function_closure(name, move |vm, args| {
                let z = complex_arg(vm, &args, 0, name)?;
                Ok(Value::Bool(test(z)))
            }),
        );
    }
    m.set(
        "isclose",
        native_function("isclose", |vm, args| {
            let a = complex_arg(vm, &args, 0, "isclose")?;
            let b = complex_arg(vm, &args, 1, "isclose")?;
            let tol = |name: &str, default: f64| -> PyResult<f64> {
                match args.keywords.iter().find(|(k, _)| k.as_str() == name) {
                    Some((_, v)) => Ok(vm.to_f64(v)?.unwrap_or(default)),
                    None => Ok(default),
                }
            };
            let rel_tol = tol("rel_tol", 1e-9)?;
            let abs_tol = tol("abs_tol", 0.0)?;
            if rel_tol < 0.0 || abs_tol < 0.0 {
                return Err(vm.value_error("tolerances must be non-negative"));
            }
            if a == b {
                return Ok(Value::Bool(true));
            }
            if a.re.is_infinite() || a.im.is_infinite() || b.re.is_infinite() || b.im.is_infinite()
            {
                return Ok(Value::Bool(false));
            }
            let diff = (a.re - b.re).hypot(a.im - b.im);
            let close = diff <= rel_tol * b.re.hypot(b.im)
                || diff <= rel_tol * a.re.hypot(a.im)
                || diff <= abs_tol;
            Ok(Value::Bool(close))
        }),
    );
    Value::Module(m)
}
