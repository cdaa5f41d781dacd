//! The windowed ops of `tf.nn`: `conv2d`, `max_pool2d`/`max_pool`, `avg_pool2d`/`avg_pool`
//! and `bias_add`. Each turns its Python arguments into the op's attrs as TensorFlow's
//! Python wrappers do (`_get_sequence` for strides, window sizes and dilations; a list
//! `padding` becomes `EXPLICIT` with `explicit_paddings`), with their `ValueError` texts,
//! then builds one op through [`Context::array_op`](runtime::Context::array_op).
//! Invalid string attrs fail as the op's attr check does (eager: `InvalidArgumentError`
//! with the op signature; graph: the op-def library's `ValueError`).

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::array_ops::required;
use crate::convert::{int_list, name_arg, to_operand};
use crate::tensor_class::wrap;
use crate::{string_arg, St};
use runtime::error::TfError;
use tensor::ops::conv::CONV2D_SIGNATURE;
use tensor::ops::pool::{AVG_POOL_SIGNATURE, MAX_POOL_SIGNATURE};
use tensor::ops::{Conv2DAttrs, Padding, PoolAttrs, PoolKind};

/// `_get_sequence(value, 2, channel_index, name)`: an int or a list of 1, 2 or 4 values as
/// the 4 values of an attr in `data_format` order.
fn sequence(
    st: &St,
    vm: &mut Vm<'_>,
    value: Option<&Value>,
    nchw: bool,
    name: &str,
) -> PyResult<Vec<i64>> {
    let Some(value) = value else {
        return Ok(vec![1; 4]);
    };
    let values = int_list(st, vm, value, name)?;
    let spatial = match values.as_slice() {
        [one] => [*one, *one],
        [rows, cols] => [*rows, *cols],
        [_, _, _, _] => return Ok(values),
        _ => {
            let shown = vm.repr(value)?;
            return Err(vm.value_error(format!(
                "{name} should be of length 1, 2 or 4. Received: {name}={shown} of length {}",
                values.len()
            )));
        }
    };
    Ok(if nchw {
        vec![1, 1, spatial[0], spatial[1]]
    } else {
        vec![1, spatial[0], spatial[1], 1]
    })
}

/// The op an attr belongs to, as its attr errors name it.
struct OpSignature<'a> {
    /// The op type (`Conv2D`).
    op: &'a str,
    /// Its op-def signature text.
    signature: &'a str,
    /// The `name=` the user passed.
    name: Option<&'a str>,
}

/// What an op's string attr check raises: eager mode runs the kernel's attr validation, a
/// graph build the op-def library's.
fn attr_error(
    st: &St,
    vm: &mut Vm<'_>,
    target: &OpSignature<'_>,
    attr: &str,
    value: &str,
    allowed: &[&str],
) -> PyResult<Value> {
    let OpSignature {
        op,
        signature,
        name,
    } = target;
    let eager = st
        .with_ctx(vm, |ctx| ctx.executing_eagerly())
        .unwrap_or(true);
    let quoted: Vec<String> = allowed.iter().map(|value| format!("\"{value}\"")).collect();
    let quoted = quoted.join(", ");
    st.tf(vm, |_| {
        Err(if eager {
            TfError::invalid_argument(format!(
                "Value for attr '{attr}' of \"{value}\" is not in the list of allowed values: \
                 {quoted}\n\t; NodeDef: {{{{node {op}}}}}; {signature} [Op:{op}] name: {}",
                name.unwrap_or("")
            ))
        } else {
            TfError::value_error(format!(
                "Attr '{attr}' of '{op}' Op passed string '{value}' not in: {quoted}."
            ))
        })
    })
}

/// A `padding` argument: a string as given (checked against `allowed` by the caller), or
/// TensorFlow's `convert_padding` of a list of 4 `[before, after]` pairs.
enum PaddingArg {
    Named(String),
    Explicit(Vec<i64>),
}

fn padding_arg(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    converts_lists: bool,
) -> PyResult<PaddingArg> {
    if let Some(text) = value.as_str() {
        if text == "EXPLICIT" && converts_lists {
            return Err(vm.value_error(
                "'EXPLICIT' is not a valid value for `padding`. To use explicit padding, \
                 `padding` must be a list.",
            ));
        }
        return Ok(PaddingArg::Named(text.to_string()));
    }
    if !matches!(value, Value::List(_) | Value::Tuple(_)) {
        return Err(vm.type_error("padding must be a string or a list"));
    }
    let pairs = vm.iterate(value)?;
    if pairs.len() != 4 {
        let shown = vm.repr(value)?;
        return Err(vm.value_error(format!(
            "When padding is a list, it must be of size 4. Received: padding={shown} of size {}",
            pairs.len()
        )));
    }
    let mut flat = Vec::with_capacity(8);
    for (index, pair) in pairs.iter().enumerate() {
        let values = int_list(st, vm, pair, "padding")?;
        if values.len() != 2 {
            let shown = vm.repr(value)?;
            return Err(vm.value_error(format!(
                "When padding is a list, each element of padding must be a list/tuple of size \
                 2. Received: padding={shown} with element at index {index} of size {}",
                values.len()
            )));
        }
        flat.extend(values);
    }
    Ok(PaddingArg::Explicit(flat))
}

fn named_padding(text: &str) -> Option<Padding> {
    match text {
        "SAME" => Some(Padding::Same),
        "VALID" => Some(Padding::Valid),
        _ => None,
    }
}

/// A convolution's `data_format` (`NHWC` by default), whether it is `NCHW`, and its
/// `strides` and `dilations` as 4 values in that layout.
fn conv_layout(
    st: &St,
    vm: &mut Vm<'_>,
    data_format: &Option<Value>,
    strides: &Option<Value>,
    dilations: &Option<Value>,
) -> PyResult<(String, bool, Vec<i64>, Vec<i64>)> {
    let data_format = match data_format {
        Some(value) => string_arg(vm, value, "data_format")?,
        None => "NHWC".to_string(),
    };
    let nchw = data_format == "NCHW";
    let strides = sequence(st, vm, strides.as_ref(), nchw, "strides")?;
    let dilations = sequence(st, vm, dilations.as_ref(), nchw, "dilations")?;
    Ok((data_format, nchw, strides, dilations))
}

/// `tf.nn.conv2d(input, filters, strides, padding, data_format='NHWC', dilations=None,
/// name=None)`.
pub fn conv2d(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "conv2d",
        &args,
        4,
        [
            input,
            filters,
            strides,
            padding,
            data_format,
            dilations,
            name
        ]
    )?;
    let name = name_arg(vm, &bound.name)?;
    let (data_format, nchw, strides, dilations) =
        conv_layout(st, vm, &bound.data_format, &bound.strides, &bound.dilations)?;
    let padding = match padding_arg(st, vm, &required(&bound.padding), true)? {
        PaddingArg::Explicit(values) => Padding::Explicit(values),
        PaddingArg::Named(text) => match named_padding(&text) {
            Some(padding) => padding,
            None => {
                return attr_error(
                    st,
                    vm,
                    &OpSignature {
                        op: "Conv2D",
                        signature: CONV2D_SIGNATURE,
                        name: name.as_deref(),
                    },
                    "padding",
                    &text,
                    &["SAME", "VALID", "EXPLICIT"],
                )
            }
        },
    };
    if data_format != "NHWC" && !nchw {
        return attr_error(
            st,
            vm,
            &OpSignature {
                op: "Conv2D",
                signature: CONV2D_SIGNATURE,
                name: name.as_deref(),
            },
            "data_format",
            &data_format,
            &["NHWC", "NCHW"],
        );
    }
    let input = to_operand(st, vm, &required(&bound.input))?;
    let filters = to_operand(st, vm, &required(&bound.filters))?;
    let attrs = Conv2DAttrs {
        strides,
        dilations,
        padding,
        nchw,
    };
    let handle = st.tf(vm, |ctx| {
        ctx.array_op(
            runtime::op_defs::Conv2D::kind(attrs),
            "Conv2D",
            name.as_deref(),
            vec![(input, "input", true), (filters, "filter", true)],
        )
    })?;
    wrap(st, vm, handle)
}

/// `tf.nn.conv2d_transpose(input, filters, output_shape, strides, padding='SAME',
/// data_format='NHWC', dilations=None, name=None)`: one `Conv2DBackpropInput` named
/// `conv2d_transpose`, whose `input_sizes` is `output_shape` and `out_backprop` the input.
pub fn conv2d_transpose(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "conv2d_transpose",
        &args,
        4,
        [
            input,
            filters,
            output_shape,
            strides,
            padding,
            data_format,
            dilations,
            name
        ]
    )?;
    let name = name_arg(vm, &bound.name)?;
    let (_, nchw, strides, dilations) =
        conv_layout(st, vm, &bound.data_format, &bound.strides, &bound.dilations)?;
    let padding_text = match &bound.padding {
        Some(value) => string_arg(vm, value, "padding")?,
        None => "SAME".to_string(),
    };
    let Some(padding) = named_padding(&padding_text) else {
        return Err(vm.value_error(format!(
            "Value for attr 'padding' of \"{padding_text}\" is not in the list of allowed values: \"SAME\", \"VALID\", \"EXPLICIT\""
        )));
    };
    let input = to_operand(st, vm, &required(&bound.input))?;
    let filters = to_operand(st, vm, &required(&bound.filters))?;
    let output_shape = to_operand(st, vm, &required(&bound.output_shape))?;
    let attrs = Conv2DAttrs {
        strides,
        dilations,
        padding,
        nchw,
    };
    let handle = st.tf(vm, |ctx| {
        ctx.array_op(
            runtime::op_defs::Conv2DBackpropInput::kind(attrs),
            "conv2d_transpose",
            name.as_deref(),
            vec![
                (output_shape, "input_sizes", false),
                (filters, "filter", true),
                (input, "out_backprop", true),
            ],
        )
    })?;
    wrap(st, vm, handle)
}

/// `tf.raw_ops.DepthwiseConv2dNative(input, filter, strides, padding, explicit_paddings=[],
/// data_format='NHWC', dilations=[1, 1, 1, 1], name=None)`: the op `tf.nn.depthwise_conv2d`
/// (Python, on the library layer) runs. Keyword arguments only, as every raw op.
pub fn depthwise_conv2d_native(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    if !args.positional.is_empty() {
        return Err(vm.type_error(
            "DepthwiseConv2dNative only takes keyword args (possible keys: ['input', 'filter', \
             'strides', 'padding', 'explicit_paddings', 'data_format', 'dilations', 'name']). \
             Please pass these args as kwargs instead.",
        ));
    }
    let bound = bind!(
        vm,
        "DepthwiseConv2dNative",
        &args,
        0,
        [
            input,
            filter,
            strides,
            padding,
            explicit_paddings,
            data_format,
            dilations,
            name
        ]
    )?;
    let name = name_arg(vm, &bound.name)?;
    let (data_format, nchw, strides, dilations) =
        conv_layout(st, vm, &bound.data_format, &bound.strides, &bound.dilations)?;
    let signature = OpSignature {
        op: "DepthwiseConv2dNative",
        signature: DEPTHWISE_SIGNATURE,
        name: name.as_deref(),
    };
    let padding_text = string_arg(vm, &required(&bound.padding), "padding")?;
    let padding = match (padding_text.as_str(), &bound.explicit_paddings) {
        ("EXPLICIT", Some(values)) => {
            Padding::Explicit(int_list(st, vm, values, "explicit_paddings")?)
        }
        (text, _) => match named_padding(text) {
            Some(padding) => padding,
            None => {
                return attr_error(
                    st,
                    vm,
                    &signature,
                    "padding",
                    text,
                    &["SAME", "VALID", "EXPLICIT"],
                )
            }
        },
    };
    if data_format != "NHWC" {
        if nchw {
            return Err(vm.not_implemented_error(
                "DepthwiseConv2dNative with data_format='NCHW' is not available in this \
                 playground yet (TensorFlow's CPU kernels take only NHWC).",
            ));
        }
        return attr_error(
            st,
            vm,
            &signature,
            "data_format",
            &data_format,
            &["NHWC", "NCHW"],
        );
    }
    let input = to_operand(st, vm, &required(&bound.input))?;
    let filter = to_operand(st, vm, &required(&bound.filter))?;
    let attrs = Conv2DAttrs {
        strides,
        dilations,
        padding,
        nchw,
    };
    let handle = st.tf(vm, |ctx| {
        ctx.array_op(
            runtime::op_defs::DepthwiseConv2dNative::kind(attrs),
            "DepthwiseConv2dNative",
            name.as_deref(),
            vec![(input, "input", true), (filter, "filter", true)],
        )
    })?;
    wrap(st, vm, handle)
}

/// The op signature TensorFlow prints after an attr error of `DepthwiseConv2dNative`.
const DEPTHWISE_SIGNATURE: &str = "Op<name=DepthwiseConv2dNative; \
signature=input:T, filter:T -> output:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, \
DT_DOUBLE]; attr=strides:list(int); \
attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; \
attr=explicit_paddings:list(int),default=[]; \
attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; \
attr=dilations:list(int),default=[1, 1, 1, 1]>";

/// The pooling wrappers: `kind`, the Python function's name and its default op name
/// (`MaxPool2d` for `max_pool2d`, `AvgPool2D` for `avg_pool2d`, `MaxPool`/`AvgPool` for
/// `max_pool`/`avg_pool`).
fn pool(
    st: &St,
    vm: &mut Vm<'_>,
    args: Args<'_>,
    kind: PoolKind,
    function: &str,
    default_name: &str,
) -> PyResult {
    let bound = bind!(
        vm,
        function,
        &args,
        4,
        [input, ksize, strides, padding, data_format, name]
    )?;
    let name = name_arg(vm, &bound.name)?;
    let data_format = match &bound.data_format {
        Some(value) => string_arg(vm, value, "data_format")?,
        None => "NHWC".to_string(),
    };
    let nchw = data_format == "NCHW";
    let ksize = sequence(st, vm, bound.ksize.as_ref(), nchw, "ksize")?;
    let strides = sequence(st, vm, bound.strides.as_ref(), nchw, "strides")?;
    let (op, signature, allowed): (&str, &str, &[&str]) = match kind {
        PoolKind::Max => (
            "MaxPool",
            MAX_POOL_SIGNATURE,
            &["SAME", "VALID", "EXPLICIT"],
        ),
        PoolKind::Avg => ("AvgPool", AVG_POOL_SIGNATURE, &["SAME", "VALID"]),
    };
    let padding_value = required(&bound.padding);
    // `avg_pool2d` passes its padding to the op as is; the others convert lists.
    let converts_lists = kind == PoolKind::Max;
    let padding = match (kind, padding_arg(st, vm, &padding_value, converts_lists)?) {
        (PoolKind::Max, PaddingArg::Explicit(values)) => Padding::Explicit(values),
        (PoolKind::Avg, PaddingArg::Explicit(_)) => {
            return Err(vm.type_error("avg_pool2d takes padding 'SAME' or 'VALID', not a list"))
        }
        (_, PaddingArg::Named(text)) => match named_padding(&text) {
            Some(padding) => padding,
            None => {
                return attr_error(
                    st,
                    vm,
                    &OpSignature {
                        op,
                        signature,
                        name: name.as_deref(),
                    },
                    "padding",
                    &text,
                    allowed,
                )
            }
        },
    };
    let formats: &[&str] = match kind {
        PoolKind::Max => &["NHWC", "NCHW", "NCHW_VECT_C"],
        PoolKind::Avg => &["NHWC", "NCHW"],
    };
    if !formats.contains(&data_format.as_str()) {
        return attr_error(
            st,
            vm,
            &OpSignature {
                op,
                signature,
                name: name.as_deref(),
            },
            "data_format",
            &data_format,
            formats,
        );
    }
    let input = to_operand(st, vm, &required(&bound.input))?;
    let attrs = PoolAttrs {
        ksize,
        strides,
        padding,
        nchw: data_format != "NHWC",
    };
    let handle = st.tf(vm, |ctx| {
        ctx.array_op(
            runtime::op_defs::Pool::kind(kind, attrs),
            default_name,
            name.as_deref(),
            vec![(input, "input", true)],
        )
    })?;
    wrap(st, vm, handle)
}

/// `tf.nn.max_pool2d(input, ksize, strides, padding, data_format='NHWC', name=None)`.
pub fn max_pool2d(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    pool(st, vm, args, PoolKind::Max, "max_pool2d", "MaxPool2d")
}

/// `tf.nn.max_pool(input, ksize, strides, padding, data_format=None, name=None)`.
pub fn max_pool(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    pool(st, vm, args, PoolKind::Max, "max_pool", "MaxPool")
}

/// `tf.nn.avg_pool2d(input, ksize, strides, padding, data_format='NHWC', name=None)`.
pub fn avg_pool2d(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    pool(st, vm, args, PoolKind::Avg, "avg_pool2d", "AvgPool2D")
}

/// `tf.nn.avg_pool(input, ksize, strides, padding, data_format=None, name=None)`.
pub fn avg_pool(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    pool(st, vm, args, PoolKind::Avg, "avg_pool", "AvgPool")
}

/// `tf.nn.bias_add(value, bias, data_format=None, name=None)`.
pub fn bias_add(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "bias_add", &args, 2, [value, bias, data_format, name])?;
    if let Some(format) = &bound.data_format {
        let format = string_arg(vm, format, "data_format")?;
        if format != "NHWC" && format != "N...C" {
            let class = vm.exc_types().not_implemented_error.clone();
            return Err(vm.new_error(
                &class,
                format!("tf.nn.bias_add with data_format={format} is not emulated yet"),
            ));
        }
    }
    let name = name_arg(vm, &bound.name)?;
    let value = to_operand(st, vm, &required(&bound.value))?;
    let bias = to_operand(st, vm, &required(&bound.bias))?;
    let handle = st.tf(vm, |ctx| {
        ctx.array_op(
            runtime::op_defs::BiasAdd::kind(),
            "BiasAdd",
            name.as_deref(),
            vec![(value, "value", true), (bias, "bias", true)],
        )
    })?;
    wrap(st, vm, handle)
}
