//! Named arguments for the native functions: [`bind!`] declares a function's Python signature
//! and binds a call's arguments to a struct with one field per parameter, so a binding reads
//! `bound.axis`, never `bound[3]`, and a parameter added to a signature cannot shift the
//! others.

/// Binds a native call's arguments to the Python signature `func(p0, p1, ..., pN)`, whose
/// first `required` parameters must be given: `bind!(vm, "gather", &args, 2, [params,
/// indices, axis, name])` is a struct with an `Option<Value>` field per parameter (`None` when
/// absent or given as Python `None`, as TensorFlow's `name=None` defaults mean). A parameter
/// whose Python name is no Rust field name is written `field = "python_name"`
/// (`this = "self"`). Errors are CPython's ([`lang::host::bind_args`]).
macro_rules! bind {
    ($vm:expr, $func:expr, $args:expr, $required:expr,
     [$($field:ident $(= $python:literal)?),+ $(,)?]) => {{
        #[allow(dead_code)]
        struct Bound {
            $($field: Option<lang::value::Value>,)+
        }
        $crate::params(
            $vm,
            $func,
            $args,
            &[$($crate::args::param_name(stringify!($field), &[$($python)?]),)+],
            $required,
        )
        .map(|[$($field,)+]| Bound { $($field,)+ })
    }};
}

/// A parameter's Python name: the one given, else its field's (`r#ref` is `ref`).
pub(crate) fn param_name<'a>(field: &'a str, given: &[&'a str]) -> &'a str {
    given
        .first()
        .copied()
        .unwrap_or_else(|| field.trim_start_matches("r#"))
}
