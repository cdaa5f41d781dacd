//! `tf.raw_ops` for strings (`StringLower`, `StaticRegexReplace`, `StringSplitV2`, ...):
//! the ops `tf.strings` (Python, on the library layer) runs, eagerly and in graphs.

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::array_ops::required;
use crate::convert::name_arg;
use crate::St;
use runtime::op_defs::{StringAction, StringOp};
use tensor::ops::strings::StringMap;

/// An integer attribute.
fn int_attr(vm: &Vm<'_>, value: &Option<Value>, what: &str, default: i64) -> PyResult<i64> {
    match value {
        None => Ok(default),
        Some(Value::Int(i)) => Ok(*i),
        Some(Value::Bool(b)) => Ok(i64::from(*b)),
        Some(_) => Err(vm.type_error(format!("Expected int for argument '{what}'"))),
    }
}

/// A string attribute's text.
fn text_attr(vm: &Vm<'_>, value: &Option<Value>, what: &str) -> PyResult<String> {
    match value {
        None => Ok(String::new()),
        Some(Value::Bytes(bytes)) => Ok(String::from_utf8_lossy(bytes).into_owned()),
        Some(value) => value
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| vm.type_error(format!("Expected string for argument '{what}'"))),
    }
}

/// Every string raw op, told apart by `op`.
fn string_op(st: &St, vm: &mut Vm<'_>, args: Args<'_>, op: &'static str) -> PyResult {
    if !args.positional.is_empty() {
        return Err(vm.type_error(format!(
            "{op} only takes keyword args. Please pass these args as kwargs instead."
        )));
    }
    let bound = bind!(
        vm,
        op,
        &args,
        0,
        [
            input,
            pattern,
            rewrite,
            replace_global,
            encoding,
            unit,
            num_buckets,
            key,
            sep,
            maxsplit,
            inputs,
            reduction_indices,
            keep_dims,
            separator,
            name
        ]
    )?;
    let name = name_arg(vm, &bound.name)?;
    let input = ("input", bound.input.clone().unwrap_or(Value::None));
    let global = match &bound.replace_global {
        None => true,
        Some(value) => vm.truthy(value)?,
    };
    let (action, inputs) = match op {
        "StringLower" | "StringUpper" => {
            let encoding = text_attr(vm, &bound.encoding, "encoding")?;
            if !encoding.is_empty() && !encoding.eq_ignore_ascii_case("utf-8") {
                return Err(vm.value_error(format!("Unsupported encoding: {encoding}")));
            }
            let map = if op == "StringLower" {
                StringMap::LowerAscii
            } else {
                StringMap::UpperAscii
            };
            (StringAction::Map(map), vec![input])
        }
        "StringStrip" => (StringAction::Map(StringMap::Strip), vec![input]),
        "StaticRegexReplace" => {
            let rewrite = match &bound.rewrite {
                Some(Value::Bytes(bytes)) => bytes.to_vec(),
                other => text_attr(vm, other, "rewrite")?.into_bytes(),
            };
            let action = StringAction::StaticReplace {
                pattern: text_attr(vm, &bound.pattern, "pattern")?,
                rewrite,
                global,
            };
            (action, vec![input])
        }
        "RegexReplace" => (
            StringAction::Replace { global },
            vec![
                input,
                ("pattern", required(&bound.pattern)),
                ("rewrite", required(&bound.rewrite)),
            ],
        ),
        "StaticRegexFullMatch" => (
            StringAction::StaticFullMatch(text_attr(vm, &bound.pattern, "pattern")?),
            vec![input],
        ),
        "RegexFullMatch" => (
            StringAction::FullMatch,
            vec![input, ("pattern", required(&bound.pattern))],
        ),
        "StringLength" => {
            let unit = text_attr(vm, &bound.unit, "unit")?;
            (StringAction::Length(unit == "UTF8_CHAR"), vec![input])
        }
        "StringToHashBucketFast" => {
            let buckets = int_attr(vm, &bound.num_buckets, "num_buckets", 0)?;
            (StringAction::HashBucketFast(buckets), vec![input])
        }
        "StringToHashBucketStrong" => {
            let buckets = int_attr(vm, &bound.num_buckets, "num_buckets", 0)?;
            let key = match &bound.key {
                Some(key) => vm
                    .iterate(key)?
                    .iter()
                    .map(|part| part.as_i64().map(|v| v as u64))
                    .collect::<Option<Vec<u64>>>()
                    .ok_or_else(|| vm.type_error("Expected int for argument 'key'"))?,
                None => Vec::new(),
            };
            (StringAction::HashBucketStrong(buckets, key), vec![input])
        }
        "ReduceJoin" => {
            let keep_dims = match &bound.keep_dims {
                None => false,
                Some(value) => vm.truthy(value)?,
            };
            let separator = match &bound.separator {
                Some(Value::Bytes(bytes)) => bytes.to_vec(),
                other => text_attr(vm, other, "separator")?.into_bytes(),
            };
            (
                StringAction::ReduceJoin {
                    keep_dims,
                    separator,
                },
                vec![
                    ("inputs", required(&bound.inputs)),
                    ("reduction_indices", required(&bound.reduction_indices)),
                ],
            )
        }
        _ => {
            let maxsplit = int_attr(vm, &bound.maxsplit, "maxsplit", -1)?;
            (
                StringAction::SplitV2(maxsplit),
                vec![input, ("sep", required(&bound.sep))],
            )
        }
    };
    crate::array_ops::run_raw_op(st, vm, StringOp::kind(action), op, name, inputs)
}

macro_rules! raw_string_ops {
    ($($function:ident => $op:literal),+ $(,)?) => {
        $(
            #[doc = concat!("`tf.raw_ops.", $op, "`.")]
            pub fn $function(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
                string_op(st, vm, args, $op)
            }
        )+
        /// Each raw op's name and function, for `tf.raw_ops`.
        pub const RAW_OPS: &[(&str, fn(&St, &mut Vm<'_>, Args<'_>) -> PyResult)] =
            &[$(($op, $function)),+];
    };
}

raw_string_ops! {
    string_lower => "StringLower",
    string_upper => "StringUpper",
    string_strip => "StringStrip",
    static_regex_replace => "StaticRegexReplace",
    regex_replace => "RegexReplace",
    static_regex_full_match => "StaticRegexFullMatch",
    regex_full_match => "RegexFullMatch",
    string_length => "StringLength",
    string_to_hash_bucket_fast => "StringToHashBucketFast",
    string_to_hash_bucket_strong => "StringToHashBucketStrong",
    string_split_v2 => "StringSplitV2",
    reduce_join => "ReduceJoin",
}
