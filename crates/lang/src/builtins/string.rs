//! Methods of `str` (and the few of `bytes` programs use), including `str.format`.

use std::rc::Rc;

use super::types::{add_method, add_method_closure, Types};
use crate::format;
use crate::host::bind_args;
use crate::value::{Args, PyResult, PyStr, Value};
use crate::vm::Vm;

fn this<'a>(vm: &Vm<'_>, args: &Args<'a>, method: &str) -> PyResult<&'a Rc<PyStr>> {
    match args.positional.first() {
        Some(Value::Str(s)) => Ok(s),
        Some(other) => {
            let tn = vm.type_name(other);
            Err(vm.type_error(format!(
                "descriptor '{method}' for 'str' objects doesn't apply to a '{tn}' object"
            )))
        }
        None => Err(vm.type_error(format!("unbound method str.{method}() needs an argument"))),
    }
}

/// The receiver of a method whose work grows with the text (most of them: they scan or
/// copy it), after charging the instruction budget for reading it.
fn scan<'a>(vm: &mut Vm<'_>, args: &Args<'a>, method: &str) -> PyResult<&'a Rc<PyStr>> {
    let s = this(vm, args, method)?;
    vm.charge_bytes(s.as_str().len())?;
    Ok(s)
}

fn rest<'a>(args: &Args<'a>) -> Args<'a> {
    Args::new(args.positional.get(1..).unwrap_or(&[]), args.keywords)
}

fn str_arg<'a>(vm: &Vm<'_>, v: &'a Value, what: &str) -> PyResult<&'a str> {
    match v {
        Value::Str(s) => Ok(s.as_str()),
        other => {
            let tn = vm.type_name(other);
            Err(vm.type_error(format!("{what} must be str, not {tn}")))
        }
    }
}

/// Byte offset of char index `i` (clamped).
fn byte_of(s: &str, i: usize) -> usize {
    s.char_indices().nth(i).map_or(s.len(), |(b, _)| b)
}

fn char_of(s: &str, b: usize) -> usize {
    s[..b].chars().count()
}

/// Resolves optional `start`/`end` arguments to a byte range of `s`.
fn range_args(
    vm: &mut Vm<'_>,
    s: &PyStr,
    start: Option<&Value>,
    end: Option<&Value>,
) -> PyResult<(usize, usize)> {
    let n = s.char_len() as i64;
    let norm = |v: i64| -> i64 {
        if v < 0 {
            (v + n).max(0)
        } else {
            v.min(n)
        }
    };
    let mut get = |v: Option<&Value>, default: i64| -> PyResult<i64> {
        match v {
            None | Some(Value::None) => Ok(default),
            Some(v) => match vm.as_index(v)? {
                Some(i) => Ok(norm(i)),
                None => Err(vm.type_error(
                    "slice indices must be integers or None or have an __index__ method",
                )),
            },
        }
    };
    let a = get(start, 0)?;
    let b = get(end, n)?;
    if a > b {
        return Ok((usize::MAX, usize::MAX));
    }
    let text = s.as_str();
    if s.is_ascii() {
        Ok((a as usize, b as usize))
    } else {
        Ok((byte_of(text, a as usize), byte_of(text, b as usize)))
    }
}

fn py_isspace(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\x1c'..='\x1f')
}

fn split_whitespace(s: &str, maxsplit: i64) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = s.trim_start_matches(py_isspace);
    while !rest.is_empty() {
        if maxsplit >= 0 && out.len() as i64 >= maxsplit {
            out.push(rest.to_string());
            return out;
        }
        let end = rest.find(py_isspace).unwrap_or(rest.len());
        out.push(rest[..end].to_string());
        rest = rest[end..].trim_start_matches(py_isspace);
    }
    out
}

fn rsplit_whitespace(s: &str, maxsplit: i64) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = s.trim_end_matches(py_isspace);
    while !rest.is_empty() {
        if maxsplit >= 0 && out.len() as i64 >= maxsplit {
            out.push(rest.to_string());
            break;
        }
        let start = rest.rfind(py_isspace).map_or(0, |i| {
            i + rest[i..].chars().next().map_or(1, |c| c.len_utf8())
        });
        out.push(rest[start..].to_string());
        rest = rest[..start].trim_end_matches(py_isspace);
    }
    out.reverse();
    out
}

fn strs(v: Vec<String>) -> Value {
    Value::list(v.into_iter().map(Value::str).collect())
}

fn pad(vm: &mut Vm<'_>, args: &Args<'_>, name: &str, align: char) -> PyResult {
    let s = scan(vm, args, name)?.clone();
    let r = rest(args);
    let bound = bind_args(vm, name, &r, &["width", "fillchar"], 1)?;
    let width = match bound[0].as_ref().and_then(|v| v.as_i64()) {
        Some(w) => w,
        None => return Err(vm.type_error("integer argument expected")),
    };
    let fill = match &bound[1] {
        Some(Value::Str(f)) if f.char_len() == 1 => f.as_str().chars().next().unwrap_or(' '),
        Some(_) => {
            return Err(vm.type_error("The fill character must be exactly one character long"))
        }
        None => ' ',
    };
    let len = s.char_len() as i64;
    if width <= len {
        return Ok(Value::Str(s));
    }
    vm.check_str_len(width as usize)?;
    let total = (width - len) as usize;
    let (left, right) = match align {
        '<' => (0, total),
        '>' => (total, 0),
        _ => {
            // CPython's center: extra space goes left when the width is odd.
            let left = total / 2 + (total & width as usize & 1);
            (left, total - left)
        }
    };
    let mut out = String::new();
    out.extend(std::iter::repeat_n(fill, left));
    out.push_str(s.as_str());
    out.extend(std::iter::repeat_n(fill, right));
    Ok(Value::str(out))
}

fn strip(vm: &mut Vm<'_>, args: &Args<'_>, name: &str, left: bool, right: bool) -> PyResult {
    let s = scan(vm, args, name)?.clone();
    let chars: Option<Vec<char>> = match args.get(1) {
        None | Some(Value::None) => None,
        Some(Value::Str(c)) => Some(c.as_str().chars().collect()),
        Some(other) => {
            let tn = vm.type_name(other);
            return Err(vm.type_error(format!("{name} arg must be None or str, not {tn}")));
        }
    };
    let pred = |c: char| match &chars {
        Some(set) => set.contains(&c),
        None => py_isspace(c),
    };
    let mut t = s.as_str();
    if left {
        t = t.trim_start_matches(pred);
    }
    if right {
        t = t.trim_end_matches(pred);
    }
    Ok(Value::str(t.to_string()))
}

fn find(vm: &mut Vm<'_>, args: &Args<'_>, name: &str, reverse: bool) -> PyResult<Option<usize>> {
    let s = scan(vm, args, name)?.clone();
    let sub = match args.get(1) {
        Some(v) => str_arg(vm, v, "must be str")?.to_string(),
        None => return Err(vm.type_error(format!("{name}() takes at least 1 argument (0 given)"))),
    };
    let (a, b) = range_args(vm, &s, args.get(2), args.get(3))?;
    if a == usize::MAX {
        return Ok(None);
    }
    let hay = &s.as_str()[a..b];
    let found = if reverse {
        hay.rfind(sub.as_str())
    } else {
        hay.find(sub.as_str())
    };
    Ok(found.map(|i| {
        if s.is_ascii() {
            a + i
        } else {
            char_of(s.as_str(), a + i)
        }
    }))
}

fn affix(vm: &mut Vm<'_>, args: &Args<'_>, name: &str, ends: bool) -> PyResult {
    let s = this(vm, args, name)?.clone();
    let Some(arg) = args.get(1) else {
        return Err(vm.type_error(format!("{name}() takes at least 1 argument (0 given)")));
    };
    let (a, b) = range_args(vm, &s, args.get(2), args.get(3))?;
    if a == usize::MAX {
        return Ok(Value::Bool(false));
    }
    let hay = &s.as_str()[a..b];
    let check = |p: &str| {
        if ends {
            hay.ends_with(p)
        } else {
            hay.starts_with(p)
        }
    };
    match arg {
        Value::Str(p) => Ok(Value::Bool(check(p.as_str()))),
        Value::Tuple(t) => {
            for p in t.iter() {
                match p {
                    Value::Str(p) => {
                        if check(p.as_str()) {
                            return Ok(Value::Bool(true));
                        }
                    }
                    other => {
                        let tn = vm.type_name(other);
                        return Err(vm.type_error(format!(
                            "tuple for {name} must only contain str, not {tn}"
                        )));
                    }
                }
            }
            Ok(Value::Bool(false))
        }
        other => {
            let tn = vm.type_name(other);
            Err(vm.type_error(format!(
                "{name} first arg must be str or a tuple of str, not {tn}"
            )))
        }
    }
}

/// Installs a str method that maps the text to a new str (the case conversions).
fn case_method(t: &Types, name: &'static str, f: fn(&str) -> String) {
    add_method_closure(&t.str, name, move |vm, args| {
        let s = scan(vm, &args, name)?;
        Ok(Value::str(f(s.as_str())))
    });
}

fn predicate(t: &Types, name: &'static str, f: fn(&str) -> bool) {
    add_method_closure(&t.str, name, move |vm, args| {
        let s = scan(vm, &args, name)?;
        Ok(Value::Bool(f(s.as_str())))
    });
}

/// `sep.join(items)`: the items' total length is worked out first (checking each is a str,
/// and the result against the sequence limit, in item order), so the result is allocated
/// once.
fn join_items(vm: &Vm<'_>, sep: &PyStr, items: &[Value]) -> PyResult {
    let mut total = 0usize;
    for (i, item) in items.iter().enumerate() {
        let Value::Str(x) = item else {
            let tn = vm.type_name(item);
            return Err(vm.type_error(format!(
                "sequence item {i}: expected str instance, {tn} found"
            )));
        };
        if i > 0 {
            total = total.saturating_add(sep.as_str().len());
        }
        total = total.saturating_add(x.as_str().len());
        if total > vm.limits().max_sequence_len {
            return Err(vm.memory_error());
        }
    }
    let mut out = String::with_capacity(total);
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep.as_str());
        }
        if let Value::Str(x) = item {
            out.push_str(x.as_str());
        }
    }
    Ok(Value::str(out))
}

pub(crate) fn install(t: &Types) {
    let s = &t.str;
    case_method(t, "lower", format::str_lower);
    case_method(t, "upper", format::str_upper);
    case_method(t, "casefold", format::str_casefold);
    case_method(t, "swapcase", format::str_swapcase);
    case_method(t, "title", format::str_title);
    case_method(t, "capitalize", format::str_capitalize);
    predicate(t, "isdigit", |s| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric()))
    });
    predicate(t, "isdecimal", |s| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric()))
    });
    predicate(t, "isnumeric", |s| {
        !s.is_empty() && s.chars().all(|c| c.is_numeric())
    });
    predicate(t, "isalpha", |s| {
        !s.is_empty() && s.chars().all(|c| c.is_alphabetic())
    });
    predicate(t, "isalnum", |s| {
        !s.is_empty() && s.chars().all(|c| c.is_alphanumeric())
    });
    predicate(t, "isspace", |s| !s.is_empty() && s.chars().all(py_isspace));
    predicate(t, "isascii", |s| s.is_ascii());
    predicate(t, "isupper", format::str_isupper);
    predicate(t, "islower", format::str_islower);
    predicate(t, "istitle", format::str_istitle);
    predicate(t, "isidentifier", |s| {
        let mut chars = s.chars();
        matches!(chars.next(), Some(c) if c == '_' || c.is_alphabetic())
            && chars.all(|c| c == '_' || c.is_alphanumeric())
    });
    predicate(t, "isprintable", |s| s.chars().all(|c| !c.is_control()));
    add_method(s, "split", |vm, args| {
        let s = scan(vm, &args, "split")?.clone();
        let bound = bind_args(vm, "split", &rest(&args), &["sep", "maxsplit"], 0)?;
        let maxsplit = bound[1].as_ref().and_then(|v| v.as_i64()).unwrap_or(-1);
        match &bound[0] {
            None | Some(Value::None) => Ok(strs(split_whitespace(s.as_str(), maxsplit))),
            Some(sep) => {
                let sep = str_arg(vm, sep, "must be str or None")?;
                if sep.is_empty() {
                    return Err(vm.value_error("empty separator"));
                }
                let parts: Vec<String> = if maxsplit < 0 {
                    s.as_str().split(sep).map(String::from).collect()
                } else {
                    s.as_str()
                        .splitn(maxsplit as usize + 1, sep)
                        .map(String::from)
                        .collect()
                };
                vm.check_seq_len(parts.len())?;
                Ok(strs(parts))
            }
        }
    });
    add_method(s, "rsplit", |vm, args| {
        let s = scan(vm, &args, "rsplit")?.clone();
        let bound = bind_args(vm, "rsplit", &rest(&args), &["sep", "maxsplit"], 0)?;
        let maxsplit = bound[1].as_ref().and_then(|v| v.as_i64()).unwrap_or(-1);
        match &bound[0] {
            None | Some(Value::None) => Ok(strs(rsplit_whitespace(s.as_str(), maxsplit))),
            Some(sep) => {
                let sep = str_arg(vm, sep, "must be str or None")?;
                if sep.is_empty() {
                    return Err(vm.value_error("empty separator"));
                }
                let mut parts: Vec<String> = if maxsplit < 0 {
                    s.as_str().rsplit(sep).map(String::from).collect()
                } else {
                    s.as_str()
                        .rsplitn(maxsplit as usize + 1, sep)
                        .map(String::from)
                        .collect()
                };
                parts.reverse();
                Ok(strs(parts))
            }
        }
    });
    add_method(s, "splitlines", |vm, args| {
        let s = scan(vm, &args, "splitlines")?.clone();
        let keep = match args.get(1).or(args.kwarg("keepends")) {
            Some(v) => vm.truthy(v)?,
            None => false,
        };
        let mut out = Vec::new();
        let text = s.as_str();
        let mut start = 0;
        let mut iter = text.char_indices().peekable();
        while let Some((i, c)) = iter.next() {
            let is_break = matches!(
                c,
                '\n' | '\r'
                    | '\x0b'
                    | '\x0c'
                    | '\x1c'
                    | '\x1d'
                    | '\x1e'
                    | '\u{85}'
                    | '\u{2028}'
                    | '\u{2029}'
            );
            if is_break {
                let mut end = i + c.len_utf8();
                if c == '\r' {
                    if let Some(&(_, '\n')) = iter.peek() {
                        iter.next();
                        end += 1;
                    }
                }
                out.push(if keep {
                    text[start..end].to_string()
                } else {
                    text[start..i].to_string()
                });
                start = end;
            }
        }
        if start < text.len() {
            out.push(text[start..].to_string());
        }
        Ok(strs(out))
    });
    add_method(s, "join", |vm, args| {
        let joined = join(vm, &args)?;
        if let (Value::Str(text), Some(items)) = (&joined, args.get(1)) {
            let count = match items {
                Value::List(l) => l.borrow().len(),
                Value::Tuple(t) => t.len(),
                _ => 0,
            };
            vm.charge(count as u64)?;
            vm.charge_bytes(text.as_str().len())?;
        }
        Ok(joined)
    });
    fn join(vm: &mut Vm<'_>, args: &Args<'_>) -> PyResult {
        let sep = this(vm, args, "join")?.clone();
        let Some(iterable) = args.get(1) else {
            return Err(vm.type_error("str.join() takes exactly one argument (0 given)"));
        };
        // A list or tuple is read in place (no copy of its items, as CPython's
        // `PySequence_Fast`); nothing in `join_items` runs Python code.
        match iterable {
            Value::List(l) => match l.try_borrow() {
                Ok(items) => join_items(vm, &sep, &items),
                Err(_) => {
                    let items = vm.iterate(iterable)?;
                    join_items(vm, &sep, &items)
                }
            },
            Value::Tuple(t) => join_items(vm, &sep, t),
            other => {
                let items = vm.iterate(other)?;
                join_items(vm, &sep, &items)
            }
        }
    }
    add_method(s, "strip", |vm, args| strip(vm, &args, "strip", true, true));
    add_method(s, "lstrip", |vm, args| {
        strip(vm, &args, "lstrip", true, false)
    });
    add_method(s, "rstrip", |vm, args| {
        strip(vm, &args, "rstrip", false, true)
    });
    add_method(s, "replace", |vm, args| {
        let s = scan(vm, &args, "replace")?.clone();
        let (Some(old), Some(new)) = (args.get(1), args.get(2)) else {
            return Err(vm.type_error(format!(
                "replace expected at least 2 arguments, got {}",
                args.len().saturating_sub(1)
            )));
        };
        let old = str_arg(vm, old, "replace() argument 1")?.to_string();
        let new = str_arg(vm, new, "replace() argument 2")?.to_string();
        let count = args.get(3).and_then(|v| v.as_i64()).unwrap_or(-1);
        let occurrences = if old.is_empty() {
            s.char_len() + 1
        } else {
            s.as_str().matches(old.as_str()).count()
        };
        let n = if count < 0 {
            occurrences
        } else {
            occurrences.min(count as usize)
        };
        let new_len = s.as_str().len() + n * new.len();
        vm.check_str_len(new_len.saturating_sub(n * old.len()))?;
        let out = if count < 0 {
            s.as_str().replace(old.as_str(), &new)
        } else {
            s.as_str().replacen(old.as_str(), &new, count as usize)
        };
        Ok(Value::str(out))
    });
    add_method(s, "find", |vm, args| {
        Ok(Value::Int(
            find(vm, &args, "find", false)?.map_or(-1, |i| i as i64),
        ))
    });
    add_method(s, "rfind", |vm, args| {
        Ok(Value::Int(
            find(vm, &args, "rfind", true)?.map_or(-1, |i| i as i64),
        ))
    });
    add_method(s, "index", |vm, args| {
        match find(vm, &args, "index", false)? {
            Some(i) => Ok(Value::Int(i as i64)),
            None => Err(vm.value_error("substring not found")),
        }
    });
    add_method(s, "rindex", |vm, args| {
        match find(vm, &args, "rindex", true)? {
            Some(i) => Ok(Value::Int(i as i64)),
            None => Err(vm.value_error("substring not found")),
        }
    });
    add_method(s, "count", |vm, args| {
        let s = scan(vm, &args, "count")?.clone();
        let sub = match args.get(1) {
            Some(v) => str_arg(vm, v, "must be str")?.to_string(),
            None => return Err(vm.type_error("count() takes at least 1 argument (0 given)")),
        };
        let (a, b) = range_args(vm, &s, args.get(2), args.get(3))?;
        if a == usize::MAX {
            return Ok(Value::Int(0));
        }
        let hay = &s.as_str()[a..b];
        let n = match sub.as_bytes() {
            [] => hay.chars().count() + 1,
            // One ASCII byte never occurs inside a multi-byte UTF-8 sequence, so counting
            // bytes counts characters (CPython's one-character fast path).
            &[byte] => hay.bytes().filter(|&b| b == byte).count(),
            _ => hay.matches(sub.as_str()).count(),
        };
        Ok(Value::Int(n as i64))
    });
    add_method(s, "startswith", |vm, args| {
        affix(vm, &args, "startswith", false)
    });
    add_method(s, "endswith", |vm, args| affix(vm, &args, "endswith", true));
    s.dict.borrow_mut().insert_str(
        "maketrans",
        Value::StaticMethod(Rc::new(crate::value::NativeFunction::value(
            "maketrans",
            maketrans,
        ))),
    );
    add_method(s, "translate", |vm, args| {
        let s = scan(vm, &args, "translate")?.clone();
        let Some(table) = args.get(1).cloned() else {
            return Err(vm.type_error("translate() takes exactly one argument (0 given)"));
        };
        vm.charge_bytes(s.as_str().len())?;
        let mut out = String::with_capacity(s.as_str().len());
        for c in s.as_str().chars() {
            let mapped = match vm.get_item(&table, &Value::Int(c as i64)) {
                Ok(value) => value,
                Err(error) if error.is_instance(&vm.exc_types().lookup_error) => {
                    out.push(c);
                    continue;
                }
                Err(error) => return Err(error),
            };
            match mapped {
                Value::None => {}
                Value::Str(text) => out.push_str(text.as_str()),
                Value::Int(code) => match u32::try_from(code).ok().and_then(char::from_u32) {
                    Some(mapped) => out.push(mapped),
                    None => {
                        return Err(vm.value_error("character mapping must be in range(0x110000)"))
                    }
                },
                _ => {
                    return Err(vm.type_error("character mapping must return integer, None or str"))
                }
            }
        }
        Ok(Value::str(out))
    });
    add_method(s, "zfill", |vm, args| {
        let s = scan(vm, &args, "zfill")?.clone();
        let width = args.get(1).and_then(|v| v.as_i64()).unwrap_or(0);
        let len = s.char_len() as i64;
        if width <= len {
            return Ok(Value::Str(s));
        }
        vm.check_str_len(width as usize)?;
        let text = s.as_str();
        let (sign, digits) = match text.chars().next() {
            Some(c @ ('+' | '-')) => (c.to_string(), &text[1..]),
            _ => (String::new(), text),
        };
        Ok(Value::str(format!(
            "{sign}{}{digits}",
            "0".repeat((width - len) as usize)
        )))
    });
    add_method(s, "center", |vm, args| pad(vm, &args, "center", '^'));
    add_method(s, "ljust", |vm, args| pad(vm, &args, "ljust", '<'));
    add_method(s, "rjust", |vm, args| pad(vm, &args, "rjust", '>'));
    add_method(s, "partition", |vm, args| {
        let s = scan(vm, &args, "partition")?.clone();
        let sep = str_arg(vm, args.get(1).unwrap_or(&Value::None), "must be str")?.to_string();
        if sep.is_empty() {
            return Err(vm.value_error("empty separator"));
        }
        Ok(match s.as_str().split_once(sep.as_str()) {
            Some((a, b)) => Value::tuple(vec![Value::str(a), Value::str(sep), Value::str(b)]),
            None => Value::tuple(vec![Value::Str(s.clone()), Value::str(""), Value::str("")]),
        })
    });
    add_method(s, "rpartition", |vm, args| {
        let s = scan(vm, &args, "rpartition")?.clone();
        let sep = str_arg(vm, args.get(1).unwrap_or(&Value::None), "must be str")?.to_string();
        if sep.is_empty() {
            return Err(vm.value_error("empty separator"));
        }
        Ok(match s.as_str().rsplit_once(sep.as_str()) {
            Some((a, b)) => Value::tuple(vec![Value::str(a), Value::str(sep), Value::str(b)]),
            None => Value::tuple(vec![Value::str(""), Value::str(""), Value::Str(s.clone())]),
        })
    });
    add_method(s, "removeprefix", |vm, args| {
        let s = scan(vm, &args, "removeprefix")?.clone();
        let p = str_arg(
            vm,
            args.get(1).unwrap_or(&Value::None),
            "removeprefix() argument",
        )?;
        Ok(Value::str(
            s.as_str().strip_prefix(p).unwrap_or(s.as_str()).to_string(),
        ))
    });
    add_method(s, "removesuffix", |vm, args| {
        let s = scan(vm, &args, "removesuffix")?.clone();
        let p = str_arg(
            vm,
            args.get(1).unwrap_or(&Value::None),
            "removesuffix() argument",
        )?;
        Ok(Value::str(
            s.as_str().strip_suffix(p).unwrap_or(s.as_str()).to_string(),
        ))
    });
    add_method(s, "expandtabs", |vm, args| {
        let s = scan(vm, &args, "expandtabs")?.clone();
        let size = args.get(1).and_then(|v| v.as_i64()).unwrap_or(8).max(0) as usize;
        // The result's length first, so a huge tab size is refused before allocating.
        let mut total = 0usize;
        let mut col = 0usize;
        for c in s.as_str().chars() {
            match c {
                '\t' if size > 0 => {
                    let n = size - col % size;
                    total = total.saturating_add(n);
                    col += n;
                }
                '\t' => {}
                '\n' | '\r' => {
                    total += 1;
                    col = 0;
                }
                c => {
                    total += c.len_utf8();
                    col += 1;
                }
            }
            if total > vm.limits().max_sequence_len {
                break;
            }
        }
        vm.check_str_len(total)?;
        vm.charge_bytes(total)?;
        vm.reserve(total)?;
        let mut out = String::with_capacity(total);
        let mut col = 0;
        for c in s.as_str().chars() {
            match c {
                '\t' => {
                    if size > 0 {
                        let n = size - col % size;
                        out.push_str(&" ".repeat(n));
                        col += n;
                    }
                }
                '\n' | '\r' => {
                    out.push(c);
                    col = 0;
                }
                c => {
                    out.push(c);
                    col += 1;
                }
            }
        }
        Ok(Value::str(out))
    });
    add_method(s, "format", |vm, args| {
        let s = scan(vm, &args, "format")?.clone();
        let positional = args.positional.get(1..).unwrap_or(&[]).to_vec();
        let kwargs: Vec<(String, Value)> = args
            .keywords
            .iter()
            .map(|(k, v)| (k.as_str().to_string(), v.clone()))
            .collect();
        Ok(Value::str(str_format(
            vm,
            s.as_str(),
            &positional,
            &FormatKw::List(kwargs),
        )?))
    });
    add_method(s, "format_map", |vm, args| {
        let s = scan(vm, &args, "format_map")?.clone();
        let mapping = args.get(1).cloned().unwrap_or_default();
        Ok(Value::str(str_format(
            vm,
            s.as_str(),
            &[],
            &FormatKw::Mapping(mapping),
        )?))
    });
}

/// Where `str.format` finds named fields.
pub enum FormatKw {
    List(Vec<(String, Value)>),
    Mapping(Value),
}

/// `template.format(*positional, **kwargs)`.
pub fn str_format(
    vm: &mut Vm<'_>,
    template: &str,
    positional: &[Value],
    kwargs: &FormatKw,
) -> PyResult<String> {
    let mut out = String::new();
    let mut chars = template.char_indices().peekable();
    let mut auto_index: Option<usize> = None;
    let mut manual = false;
    while let Some((_, c)) = chars.next() {
        match c {
            '{' => {
                if let Some(&(_, '{')) = chars.peek() {
                    chars.next();
                    out.push('{');
                    continue;
                }
                // Collect the field up to the matching '}' (nested braces in the spec).
                let mut depth = 1;
                let mut field = String::new();
                let mut closed = false;
                for (_, d) in chars.by_ref() {
                    match d {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                closed = true;
                                break;
                            }
                        }
                        _ => {}
                    }
                    field.push(d);
                }
                if !closed {
                    return Err(vm.value_error("expected '}' before end of string"));
                }
                let text =
                    format_field(vm, &field, positional, kwargs, &mut auto_index, &mut manual)?;
                out.push_str(&text);
                if out.len() > vm.limits().max_sequence_len {
                    return Err(vm.memory_error());
                }
            }
            '}' => {
                if let Some(&(_, '}')) = chars.peek() {
                    chars.next();
                    out.push('}');
                    continue;
                }
                return Err(vm.value_error("Single '}' encountered in format string"));
            }
            c => out.push(c),
        }
    }
    Ok(out)
}

fn format_field(
    vm: &mut Vm<'_>,
    field: &str,
    positional: &[Value],
    kwargs: &FormatKw,
    auto_index: &mut Option<usize>,
    manual: &mut bool,
) -> PyResult<String> {
    // Split name [!conv] [:spec]; the name ends at the first '!' or ':' outside brackets.
    let mut name_end = field.len();
    let mut in_bracket = false;
    for (i, c) in field.char_indices() {
        match c {
            '[' => in_bracket = true,
            ']' => in_bracket = false,
            '!' | ':' if !in_bracket => {
                name_end = i;
                break;
            }
            _ => {}
        }
    }
    let name = &field[..name_end];
    let mut rest = &field[name_end..];
    let mut conversion = None;
    if let Some(r) = rest.strip_prefix('!') {
        let mut it = r.chars();
        conversion = it.next();
        rest = it.as_str();
        if !rest.is_empty() && !rest.starts_with(':') {
            return Err(vm.value_error("expected ':' after conversion specifier"));
        }
    }
    let spec_raw = rest.strip_prefix(':').unwrap_or("");
    let spec = if spec_raw.contains('{') {
        str_format(vm, spec_raw, positional, kwargs)?
    } else {
        spec_raw.to_string()
    };
    // Field name: first part, then .attr / [key] accessors.
    let first_end = name.find(['.', '[']).unwrap_or(name.len());
    let first = &name[..first_end];
    let mut value = if first.is_empty() {
        if *manual {
            return Err(vm.value_error(
                "cannot switch from manual field specification to automatic field numbering",
            ));
        }
        let i = auto_index.map_or(0, |i| i + 1);
        *auto_index = Some(i);
        match positional.get(i) {
            Some(v) => v.clone(),
            None => {
                return Err(vm.index_error(format!(
                    "Replacement index {i} out of range for positional args tuple"
                )))
            }
        }
    } else if let Ok(i) = first.parse::<usize>() {
        if auto_index.is_some() {
            return Err(vm.value_error(
                "cannot switch from automatic field numbering to manual field specification",
            ));
        }
        *manual = true;
        match positional.get(i) {
            Some(v) => v.clone(),
            None => {
                return Err(vm.index_error(format!(
                    "Replacement index {i} out of range for positional args tuple"
                )))
            }
        }
    } else {
        match kwargs {
            FormatKw::List(list) => match list.iter().find(|(k, _)| k == first) {
                Some((_, v)) => v.clone(),
                None => return Err(vm.key_error(Value::str(first))),
            },
            FormatKw::Mapping(m) => {
                let m = m.clone();
                vm.get_item(&m, &Value::str(first))?
            }
        }
    };
    let mut accessors = &name[first_end..];
    while !accessors.is_empty() {
        if let Some(r) = accessors.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            value = vm.get_attr_str(&value, &r[..end])?;
            accessors = &r[end..];
        } else if let Some(r) = accessors.strip_prefix('[') {
            let Some(end) = r.find(']') else {
                return Err(vm.value_error("Missing ']' in format string"));
            };
            let key = &r[..end];
            let k = match key.parse::<i64>() {
                Ok(i) => Value::Int(i),
                Err(_) => Value::str(key),
            };
            value = vm.get_item(&value, &k)?;
            accessors = &r[end + 1..];
        } else {
            return Err(vm.value_error("Only '.' or '[' may follow ']' in format field specifier"));
        }
    }
    let value = match conversion {
        None => value,
        Some('r') => Value::str(vm.repr(&value)?),
        Some('s') => Value::str(vm.str(&value)?),
        Some('a') => Value::str(crate::vm::repr::ascii_escape(&vm.repr(&value)?)),
        Some(c) => return Err(vm.value_error(format!("Unknown conversion specifier {c}"))),
    };
    vm.format(&value, &spec)
}

/// `str.maketrans(x[, y[, z]])`: a translation table for `str.translate`, keyed by code
/// points: from a dict (keys one-character strings or code points), or two strings of
/// equal length mapped character by character, `z`'s characters mapped to `None`.
fn maketrans(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let table = Rc::new(std::cell::RefCell::new(crate::value::Dict::new()));
    match (args.get(0), args.get(1)) {
        (Some(Value::Dict(mapping)), None) => {
            let items: Vec<(Value, Value)> = mapping
                .borrow()
                .iter()
                .map(|entry| (entry.key.clone(), entry.value.clone()))
                .collect();
            for (key, value) in items {
                let key =
                    match key {
                        Value::Str(text) if text.char_len() == 1 => {
                            Value::Int(text.as_str().chars().next().map_or(0, |c| c as i64))
                        }
                        Value::Str(_) => {
                            return Err(vm
                                .value_error("string keys in translate table must be of length 1"))
                        }
                        Value::Int(code) => Value::Int(code),
                        _ => {
                            return Err(vm
                                .type_error("keys in translate table must be strings or integers"))
                        }
                    };
                vm.dict_setitem(&table, key, value)?;
            }
        }
        (Some(Value::Dict(_)), Some(_)) | (None, _) => {
            return Err(
                vm.type_error("if you give only one argument to maketrans it must be a dict")
            )
        }
        (Some(Value::Str(from)), Some(Value::Str(to))) => {
            if from.char_len() != to.char_len() {
                return Err(
                    vm.value_error("the first two maketrans arguments must have equal length")
                );
            }
            let pairs: Vec<(char, char)> = from.as_str().chars().zip(to.as_str().chars()).collect();
            for (a, b) in pairs {
                vm.dict_setitem(&table, Value::Int(a as i64), Value::Int(b as i64))?;
            }
            match args.get(2) {
                Some(Value::Str(deleted)) => {
                    let deleted: Vec<char> = deleted.as_str().chars().collect();
                    for c in deleted {
                        vm.dict_setitem(&table, Value::Int(c as i64), Value::None)?;
                    }
                }
                Some(_) => return Err(vm.type_error("maketrans() argument 3 must be str")),
                None => {}
            }
        }
        (Some(_), Some(Value::Str(_))) => {
            return Err(vm.type_error(
                "first maketrans argument must be a string if there is a second argument",
            ))
        }
        (Some(_), Some(_)) => return Err(vm.type_error("maketrans() argument 2 must be str")),
        (Some(_), None) => {
            return Err(
                vm.type_error("if you give only one argument to maketrans it must be a dict")
            )
        }
    }
    Ok(Value::Dict(table))
}
