//! `tf.print` (TensorFlow's `logging_ops.print_v2`) and `tf.strings.format`, which it is
//! built on: TF's `StringFormat` and `PrintV2` ops, eagerly or into the graph being traced (`PrintV2` is stateful, so a
//! `tf.function` prints on every call). Each input becomes template text as TF's Python
//! makes it: a Python `str` as is, a tensor as a placeholder the op fills with its summary,
//! any other value and every list, tuple and dict by `pprint.pformat` with tensors in place.

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{name_arg, to_operand};
use crate::graph::operation_object;
use crate::tensor_class::wrap;
use crate::tensor_class::PyTensor;
use crate::variable_class::PyVariable;
use crate::St;
use runtime::graph::OperationId;
use runtime::op::{OpKind, PrintStream};
use runtime::Handle;
use tensor::DType;

/// The keyword arguments `tf.print` accepts besides its inputs.
const KEYWORDS: [&str; 5] = ["sep", "end", "summarize", "output_stream", "name"];

/// Python's `random.Random(5).randint(0, 9)`, drawn in turn: the digits TF's
/// `_generate_placeholder_string` appends to `{}` while the printed text contains the
/// placeholder (cycled past the 64th, which no real program reaches).
const PLACEHOLDER_DIGITS: &[u8] =
    b"9458073021573681930364262129972200332245383236405622415499095145";

/// A piece of an input's template: literal text, or a tensor whose summary goes there.
enum Segment {
    Text(String),
    Tensor(Value),
}

/// `tf.print(*inputs, sep=' ', end='\n', summarize=3, output_stream=sys.stderr, name=None)`.
pub fn print(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let unknown: Vec<_> = args
        .keywords
        .iter()
        .filter(|(key, _)| !KEYWORDS.contains(&key.as_str()))
        .collect();
    if !unknown.is_empty() {
        let mut parts = Vec::with_capacity(unknown.len());
        for (key, value) in unknown {
            parts.push(format!("'{}': {}", key.as_str(), vm.repr(value)?));
        }
        return Err(vm.value_error(format!(
            "Unrecognized keyword arguments for tf.print: {{{}}}",
            parts.join(", ")
        )));
    }
    let stream = match args.kwarg("output_stream") {
        None => PrintStream::Stderr,
        Some(value) => output_stream(vm, value)?,
    };
    let sep = text_keyword(vm, &args, "sep", " ")?;
    let end = text_keyword(vm, &args, "end", "\n")?;
    let name = match args.kwarg("name") {
        None | Some(Value::None) => None,
        Some(_) => Some(text_keyword(vm, &args, "name", "")?),
    };
    let summarize = match args.kwarg("summarize") {
        None | Some(Value::None) => 3,
        Some(Value::Int(count)) => *count,
        Some(Value::Bool(flag)) => i64::from(*flag),
        Some(other) => {
            let shown = vm.repr(other)?;
            return Err(vm.type_error(format!(
                "Expected int for argument 'summarize' not {shown}."
            )));
        }
    };
    let formatted = match args.positional {
        [only] if is_string_scalar(st, vm, only)? => to_operand(st, vm, only)?,
        inputs => {
            let (template, placeholder, tensors) = template(vm, inputs, &sep)?;
            let kind = runtime::op_defs::StringFormat::kind(template, placeholder, summarize);
            runtime::Operand::Handle(string_format_op(st, vm, kind, &tensors, None)?)
        }
    };
    let kind = runtime::op_defs::PrintV2::kind(stream, end);
    let graph_op = st.tf(vm, |ctx| {
        ctx.array_op_outputs(
            kind,
            "PrintV2",
            name.as_deref(),
            vec![(formatted, "input", false)],
        )?;
        let Some(graph) = ctx.default_graph() else {
            return Ok(None);
        };
        let count = ctx.graph(graph)?.operations().len();
        Ok(count
            .checked_sub(1)
            .map(|last| (graph, OperationId(last as u32))))
    })?;
    // Eagerly `None`; in a graph, the `PrintV2` operation (to run or depend on).
    match graph_op {
        Some((graph, op)) => operation_object(st, vm, graph, op),
        None => Ok(Value::None),
    }
}

/// `tf.strings.format(template, inputs, placeholder='{}', summarize=3, name=None)`: one
/// `StringFormat` op; `inputs` is a tensor or a sequence of tensors (or values to convert).
pub fn string_format(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "format",
        &args,
        2,
        [template, inputs, placeholder, summarize, name]
    )?;
    let template = match &bound.template {
        Some(Value::Str(s)) => s.as_str().to_string(),
        other => {
            let shown = vm.repr(other.as_ref().unwrap_or(&Value::None))?;
            return Err(vm.type_error(format!(
                "Expected string for argument 'template' not {shown}."
            )));
        }
    };
    let placeholder = match &bound.placeholder {
        None => "{}".to_string(),
        Some(Value::Str(s)) => s.as_str().to_string(),
        Some(other) => {
            let shown = vm.repr(other)?;
            return Err(vm.type_error(format!(
                "Expected string for argument 'placeholder' not {shown}."
            )));
        }
    };
    let summarize = match &bound.summarize {
        None => 3,
        Some(Value::Int(count)) => *count,
        Some(other) => {
            let shown = vm.repr(other)?;
            return Err(vm.type_error(format!(
                "Expected int for argument 'summarize' not {shown}."
            )));
        }
    };
    let name = name_arg(vm, &bound.name)?;
    let inputs = bound.inputs.clone().unwrap_or(Value::None);
    let inputs = if is_tf_type(&inputs) {
        vec![inputs]
    } else {
        vm.iterate(&inputs)?
    };
    let expected = if placeholder.is_empty() {
        template.chars().count() + 1
    } else {
        template.matches(placeholder.as_str()).count()
    };
    if expected != inputs.len() {
        return Err(vm.value_error(format!(
            "The template expects {expected} tensors, but the inputs only has {}. Please \
             ensure the number of placeholders in template matches inputs length.",
            inputs.len()
        )));
    }
    let kind = runtime::op_defs::StringFormat::kind(template, placeholder, summarize);
    let handle = string_format_op(st, vm, kind, &inputs, name.as_deref())?;
    wrap(st, vm, handle)
}

/// The `StringFormat` op `kind` over `inputs` (each converted to a tensor), named `name` or
/// TF's default: what `tf.print` and `tf.strings.format` both build.
fn string_format_op(
    st: &St,
    vm: &mut Vm<'_>,
    kind: OpKind,
    inputs: &[Value],
    name: Option<&str>,
) -> PyResult<Handle> {
    let mut operands = Vec::with_capacity(inputs.len());
    for input in inputs {
        operands.push((to_operand(st, vm, input)?, "inputs", false));
    }
    st.tf(vm, |ctx| ctx.array_op(kind, "StringFormat", name, operands))
}

/// TF's shortcut: one scalar string tensor is printed as it is, unformatted (unquoted).
fn is_string_scalar(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<bool> {
    let Some(tensor) = value.downcast::<PyTensor>() else {
        return Ok(false);
    };
    let handle = tensor.handle.clone();
    st.tf(vm, |ctx| {
        Ok(ctx.handle_dtype(&handle)? == DType::String
            && ctx
                .handle_shape(&handle)?
                .dims()
                .is_some_and(|dims| dims.is_empty()))
    })
}

/// The `StringFormat` template of the inputs joined by `sep`, its placeholder, and the
/// tensors that fill the placeholders, in order.
fn template(
    vm: &mut Vm<'_>,
    inputs: &[Value],
    sep: &str,
) -> PyResult<(String, String, Vec<Value>)> {
    let mut pieces = Vec::with_capacity(inputs.len());
    let mut tensor_free = Vec::with_capacity(inputs.len());
    for input in inputs {
        let mut segments = Vec::new();
        if let Value::Str(s) = input {
            segments.push(Segment::Text(s.as_str().to_string()));
            tensor_free.push(vm.repr(input)?);
        } else {
            pformat(vm, input, &mut Vec::new(), &mut segments)?;
            let mut text = String::new();
            for segment in &segments {
                match segment {
                    Segment::Text(piece) => text.push_str(piece),
                    Segment::Tensor(_) => text.push_str("''"),
                }
            }
            tensor_free.push(text);
        }
        pieces.push(segments);
    }
    let tensor_free = tensor_free.join(" ");
    let mut placeholder = String::from("{}");
    let mut digits = PLACEHOLDER_DIGITS.iter().cycle();
    while tensor_free.contains(&placeholder) {
        if let Some(digit) = digits.next() {
            placeholder.push(char::from(*digit));
        }
    }
    let mut template = String::new();
    let mut tensors = Vec::new();
    for (index, segments) in pieces.into_iter().enumerate() {
        if index > 0 {
            template.push_str(sep);
        }
        for segment in segments {
            match segment {
                Segment::Text(text) => template.push_str(&text),
                Segment::Tensor(value) => {
                    template.push_str(&placeholder);
                    tensors.push(value);
                }
            }
        }
    }
    Ok((template, placeholder, tensors))
}

/// `sep`, `end` or `name`: a `str`, or the default when absent.
fn text_keyword(vm: &mut Vm<'_>, args: &Args<'_>, name: &str, default: &str) -> PyResult<String> {
    match args.kwarg(name) {
        None => Ok(default.to_string()),
        Some(Value::Str(s)) => Ok(s.as_str().to_string()),
        Some(other) => {
            let shown = vm.repr(other)?;
            Err(vm.type_error(format!(
                "Expected string for argument '{name}' not {shown}."
            )))
        }
    }
}

/// `output_stream`: `sys.stdout` or `sys.stderr`; anything else is TF's `ValueError`.
fn output_stream(vm: &mut Vm<'_>, value: &Value) -> PyResult<PrintStream> {
    if let Value::Instance(_) = value {
        if let Ok(Value::Str(name)) = vm.get_attr_str(value, "name") {
            match name.as_str() {
                "<stdout>" => return Ok(PrintStream::Stdout),
                "<stderr>" => return Ok(PrintStream::Stderr),
                _ => {}
            }
        }
    }
    let shown = vm.str(value)?;
    Err(vm.value_error(format!(
        "Unsupported output stream, logging level, or file.{shown}. Supported streams are \
         sys.stdout, sys.stderr, tf.logging.info, tf.logging.warning, tf.logging.error. File \
         needs to be in the form of 'file://<filepath>'."
    )))
}

/// TF's `is_tf_type`: a tensor or a variable.
fn is_tf_type(value: &Value) -> bool {
    value.downcast::<PyTensor>().is_some() || value.downcast::<PyVariable>().is_some()
}

/// Appends `piece` to the text being built, joining it to the text segment before it.
fn push_text(out: &mut Vec<Segment>, piece: &str) {
    match out.last_mut() {
        Some(Segment::Text(last)) => last.push_str(piece),
        _ => out.push(Segment::Text(piece.to_string())),
    }
}

/// How deep `tf.print` follows nested containers before raising `RecursionError`: about
/// where Python's recursion limit (1000) stops TF's `nest.flatten`.
const MAX_NESTING: usize = 900;

/// `pprint.pformat` of an input with each tensor in its place: lists, tuples and dicts
/// (keys sorted, as pprint sorts them) recursively, every other value by `repr`. `open`
/// holds the containers being formatted, to find cycles.
fn pformat(
    vm: &mut Vm<'_>,
    value: &Value,
    open: &mut Vec<usize>,
    out: &mut Vec<Segment>,
) -> PyResult<()> {
    if is_tf_type(value) {
        out.push(Segment::Tensor(value.clone()));
        return Ok(());
    }
    if !matches!(value, Value::List(_) | Value::Tuple(_) | Value::Dict(_)) {
        let shown = vm.repr(value)?;
        push_text(out, &shown);
        return Ok(());
    }
    // TF's `nest.flatten` meets a cycle, or nesting deeper than Python's recursion limit
    // allows, as a RecursionError.
    let address = value.object_address().unwrap_or(0);
    if open.contains(&address) || open.len() >= MAX_NESTING {
        let class = vm.exc_types().recursion_error.clone();
        return Err(vm.new_error(&class, "maximum recursion depth exceeded in flatten"));
    }
    open.push(address);
    let result = pformat_container(vm, value, open, out);
    open.pop();
    result
}

/// [`pformat`] of a list, tuple or dict.
fn pformat_container(
    vm: &mut Vm<'_>,
    value: &Value,
    open: &mut Vec<usize>,
    out: &mut Vec<Segment>,
) -> PyResult<()> {
    match value {
        Value::List(list) => {
            let items = list.borrow().clone();
            push_text(out, "[");
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    push_text(out, ", ");
                }
                pformat(vm, item, open, out)?;
            }
            push_text(out, "]");
        }
        Value::Tuple(tuple) => {
            let items: Vec<Value> = (**tuple).to_vec();
            push_text(out, "(");
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    push_text(out, ", ");
                }
                pformat(vm, item, open, out)?;
            }
            push_text(out, if items.len() == 1 { ",)" } else { ")" });
        }
        Value::Dict(dict) => {
            let mut pairs: Vec<(Value, Value)> = dict
                .borrow()
                .iter()
                .map(|entry| (entry.key.clone(), entry.value.clone()))
                .collect();
            sort_keys(&mut pairs);
            push_text(out, "{");
            for (index, (key, item)) in pairs.iter().enumerate() {
                if index > 0 {
                    push_text(out, ", ");
                }
                pformat(vm, key, open, out)?;
                push_text(out, ": ");
                pformat(vm, item, open, out)?;
            }
            push_text(out, "}");
        }
        _ => {}
    }
    Ok(())
}

/// pprint's order of a dict's entries: sorted when the keys are all strings or all numbers,
/// as inserted otherwise. Python's sort is stable, and so is the engine's one shared sort.
fn sort_keys(pairs: &mut [(Value, Value)]) {
    let number = |key: &Value| match key {
        Value::Int(i) => Some(*i as f64),
        Value::Bool(b) => Some(f64::from(u8::from(*b))),
        Value::Float(f) if !f.is_nan() => Some(*f),
        _ => None,
    };
    if pairs.iter().all(|(key, _)| matches!(key, Value::Str(_))) {
        pairs.sort_by(|(a, _), (b, _)| match (a, b) {
            (Value::Str(a), Value::Str(b)) => a.as_str().cmp(b.as_str()),
            _ => std::cmp::Ordering::Equal,
        });
    } else if pairs.iter().all(|(key, _)| number(key).is_some()) {
        pairs.sort_by(|(a, _), (b, _)| {
            number(a)
                .partial_cmp(&number(b))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
    }
}
