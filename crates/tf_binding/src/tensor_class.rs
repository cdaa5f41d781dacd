//! `tf.Tensor` and its two concrete classes: `EagerTensor` (a value on a device) and
//! `SymbolicTensor` (a graph output such as `add:0`), with TensorFlow's operators
//! (reflected ones included), `numpy()`, `shape`, `dtype`, `device`, `name`, `op`, printing,
//! truthiness, `len`, indexing and iteration.
//!
//! The operator methods are shared with `tf.Variable` ([`install_operators`]): both
//! convert `self` and the other operand with [`to_operand`], so `v + 1` reads the variable
//! where it is used, as TensorFlow does.

use std::rc::Rc;

use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{eager_value, to_operand};
use crate::numpy_module::zero_dimensional;
use crate::{bound, this, St};
use runtime::truediv::TruedivSpelling;
use runtime::{Handle, Operand};
use tensor::format::{tensor_repr, tensor_str};
use tensor::ops::{BinaryOp, BitwiseOp, MatMulOptions, SliceSpec, UnaryOp};
use tensor::Tensor;

/// The data of a tensor object.
pub struct PyTensor {
    /// The runtime's tensor.
    pub handle: Handle,
}

/// The module eager and symbolic tensors' classes print in.
const OPS_MODULE: &str = "tensorflow.python.framework.ops";

/// A tensor object for `handle` (`EagerTensor` or `SymbolicTensor`).
pub fn wrap(st: &St, vm: &Vm<'_>, handle: Handle) -> PyResult {
    let classes = st.classes(vm)?;
    let class = match handle {
        Handle::Eager(_) => &classes.eager_tensor,
        Handle::Symbolic(_) => &classes.symbolic_tensor,
    };
    Ok(new_native_instance(class, Rc::new(PyTensor { handle })))
}

fn handle_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Handle> {
    this(vm, args)?
        .downcast::<PyTensor>()
        .map(|t| t.handle.clone())
        .ok_or_else(|| vm.type_error("expected a tf.Tensor"))
}

/// `x op y` (or `tf.op(x, y)`) in the current mode: one binary op.
pub fn apply_binary(
    st: &St,
    vm: &mut Vm<'_>,
    op: BinaryOp,
    x: Operand,
    y: Operand,
    name: Option<String>,
) -> PyResult {
    let handle = st.tf(vm, |ctx| ctx.binary(op, x, y, name.as_deref()))?;
    wrap(st, vm, handle)
}

/// A NumPy value meeting a tensor takes the tensor's dtype, cast as NumPy's `astype` casts
/// (TensorFlow's `args_to_matching_eager` converts NumPy values to the dtype it found, even
/// float to int: `tf.constant(1) + np.float16(1.5)` is int32 2), where a Python number of
/// the same value would fail to convert.
pub fn numpy_matching(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    operand: Operand,
    other: &Operand,
) -> PyResult<Operand> {
    let Operand::Literal(tensor) = &operand else {
        return Ok(operand);
    };
    let from_numpy = value.downcast::<crate::numpy_module::NdArray>().is_some();
    if !from_numpy || matches!(other, Operand::Literal(_)) {
        return Ok(operand);
    }
    let target = st.tf(vm, |ctx| ctx.operand_dtype(other))?;
    if target == tensor.dtype() || !target.is_numeric() || !tensor.dtype().is_numeric() {
        return Ok(operand);
    }
    let cast = tensor::ops::cast(tensor, target).map_err(|e| crate::convert::op_error(vm, e))?;
    Ok(Operand::Literal(cast))
}

/// `self` of an operator as an operand. A variable is read first, outside the op's name
/// scope, as TensorFlow's `BaseResourceVariable._OverloadOperator` runs the tensor operator
/// on `a.value()` (so `v * x` in a function reads `ReadVariableOp`, not `mul/ReadVariableOp`,
/// oracle TF 2.21); a tensor operand converts a variable inside the scope.
fn self_operand(st: &St, vm: &mut Vm<'_>, me: &Value) -> PyResult<Operand> {
    match to_operand(st, vm, me)? {
        Operand::Variable(id) => Ok(Operand::Handle(st.tf(vm, |ctx| ctx.read_variable(id))?)),
        operand => Ok(operand),
    }
}

/// The operands of a binary operator, in call order (`reflected`: the other one first); a
/// NumPy operand takes the tensor's dtype. `None` when the other value is not
/// tensor-like (the operator then returns `NotImplemented`).
fn operator_operands(
    st: &St,
    vm: &mut Vm<'_>,
    args: &Args<'_>,
    reflected: bool,
) -> PyResult<Option<(Operand, Operand)>> {
    let me = this(vm, args)?.clone();
    let Some(other) = args.get(1).cloned() else {
        return Err(vm.type_error("expected 1 argument"));
    };
    let me = self_operand(st, vm, &me)?;
    let Ok(other_operand) = to_operand(st, vm, &other) else {
        return Ok(None);
    };
    let other = numpy_matching(st, vm, &other, other_operand, &me)?;
    Ok(Some(if reflected { (other, me) } else { (me, other) }))
}

fn operator(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, op: BinaryOp, reflected: bool) -> PyResult {
    let Some((x, y)) = operator_operands(st, vm, args, reflected)? else {
        return Ok(Value::NotImplemented);
    };
    if op == BinaryOp::RealDiv {
        // `/` is TensorFlow's Python `truediv`, not one op.
        let spelling = if reflected {
            TruedivSpelling::Reflected
        } else {
            TruedivSpelling::Operator
        };
        let handle = st.tf(vm, |ctx| ctx.truediv(x, y, spelling, None))?;
        return wrap(st, vm, handle);
    }
    apply_binary(st, vm, op, x, y, None)
}

/// `&`, `|` and `^` (`reflected`: the other operand first): logical on bools, bitwise
/// otherwise.
fn logic_operator(
    st: &St,
    vm: &mut Vm<'_>,
    args: &Args<'_>,
    op: BitwiseOp,
    reflected: bool,
) -> PyResult {
    let Some((x, y)) = operator_operands(st, vm, args, reflected)? else {
        return Ok(Value::NotImplemented);
    };
    let handle = st.tf(vm, |ctx| {
        crate::bitwise_ops::logical_or_bitwise(ctx, op, x, y)
    })?;
    wrap(st, vm, handle)
}

fn matmul_operator(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, reflected: bool) -> PyResult {
    let me = this(vm, args)?.clone();
    let me = self_operand(st, vm, &me)?;
    let other = args.get(1).cloned().unwrap_or(Value::None);
    let Ok(other) = to_operand(st, vm, &other) else {
        return Ok(Value::NotImplemented);
    };
    let (a, b) = if reflected { (other, me) } else { (me, other) };
    let handle = st.tf(vm, |ctx| {
        ctx.matmul(a, b, MatMulOptions::default(), Some("matmul"))
    })?;
    wrap(st, vm, handle)
}

fn unary_operator(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, op: UnaryOp) -> PyResult {
    let me = this(vm, args)?.clone();
    let me = self_operand(st, vm, &me)?;
    let handle = st.tf(vm, |ctx| {
        // `~` is logical on bools and bitwise on anything else (TensorFlow's `invert_`).
        if op == UnaryOp::LogicalNot && ctx.operand_dtype(&me)? != tensor::DType::Bool {
            return crate::bitwise_ops::run_bitwise(ctx, None, me, None, None);
        }
        ctx.unary(op, me, None)
    })?;
    wrap(st, vm, handle)
}

/// True when `self` is a graph tensor (or a graph variable).
fn is_symbolic(vm: &Vm<'_>, value: &Value) -> bool {
    let _ = vm;
    match value.downcast::<PyTensor>() {
        Some(tensor) => matches!(tensor.handle, Handle::Symbolic(_)),
        None => false,
    }
}

/// True for a tensor of a traced function's graph in a TF2 program, where `==` compares
/// element-wise as in eager mode (`Tensor._USE_EQUALITY`); TF1 graphs compare identity.
fn in_function_graph(st: &St, vm: &Vm<'_>, value: &Value) -> bool {
    let Some(Handle::Symbolic(tensor)) = value.downcast::<PyTensor>().map(|t| t.handle.clone())
    else {
        return false;
    };
    st.with_ctx(vm, |ctx| {
        !ctx.control_flow_v1
            && ctx
                .graph(tensor.graph)
                .is_ok_and(|graph| matches!(graph.kind, runtime::graph::GraphKind::Function { .. }))
    })
    .unwrap_or(false)
}

/// The eager value of `self`, or the error TensorFlow raises for a graph tensor used as a
/// Python value.
fn value_of(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, what: &str) -> PyResult<Tensor> {
    let me = this(vm, args)?.clone();
    match eager_value(st, vm, &me)? {
        Some(tensor) => Ok(tensor),
        None => {
            let usage = if what == "iterator" {
                "Iterating over a symbolic `tf.Tensor`".to_string()
            } else {
                format!("Using a symbolic `tf.Tensor` as a Python `{what}`")
            };
            let class = st.classes(vm)?.errors.operator_not_allowed.clone();
            Err(vm.new_error(
                &class,
                format!("{usage} is not allowed. You can attempt the following resolutions to the problem: If you are running in Graph mode, use Eager execution mode or decorate this function with @tf.function. If you are using AutoGraph, you can try decorating this function with @tf.function. If that does not work, then you may be using an unsupported feature or your source code may not be visible to AutoGraph. See https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/g3doc/reference/limitations.md#access-to-source-code for more information."),
            ))
        }
    }
}

fn scalar_f64(vm: &Vm<'_>, tensor: &Tensor, what: &str) -> PyResult<f64> {
    if tensor.num_elements() != 1 {
        return Err(vm.type_error("only 0-dimensional arrays can be converted to Python scalars"));
    }
    tensor
        .to_f64_vec()
        .and_then(|v| v.first().copied())
        .ok_or_else(|| {
            vm.type_error(format!(
                "cannot convert a {} tensor to {what}",
                tensor.dtype().name()
            ))
        })
}

/// Adds the operators and value conversions shared by tensors and variables.
pub fn install_operators(mut builder: ClassBuilder, st: &St) -> ClassBuilder {
    const BINARY: &[(&str, BinaryOp, bool)] = &[
        ("__add__", BinaryOp::Add, false),
        ("__radd__", BinaryOp::Add, true),
        ("__sub__", BinaryOp::Sub, false),
        ("__rsub__", BinaryOp::Sub, true),
        ("__mul__", BinaryOp::Mul, false),
        ("__rmul__", BinaryOp::Mul, true),
        ("__truediv__", BinaryOp::RealDiv, false),
        ("__rtruediv__", BinaryOp::RealDiv, true),
        ("__floordiv__", BinaryOp::FloorDiv, false),
        ("__rfloordiv__", BinaryOp::FloorDiv, true),
        ("__mod__", BinaryOp::FloorMod, false),
        ("__rmod__", BinaryOp::FloorMod, true),
        ("__pow__", BinaryOp::Pow, false),
        ("__rpow__", BinaryOp::Pow, true),
        ("__lt__", BinaryOp::Less, false),
        ("__le__", BinaryOp::LessEqual, false),
        ("__gt__", BinaryOp::Greater, false),
        ("__ge__", BinaryOp::GreaterEqual, false),
    ];
    for (name, op, reflected) in BINARY {
        let (op, reflected, st) = (*op, *reflected, st.clone());
        builder = builder.method_closure(name, move |vm, args| {
            operator(&st, vm, &args, op, reflected)
        });
    }
    const LOGIC: &[(&str, BitwiseOp, bool)] = &[
        ("__and__", BitwiseOp::And, false),
        ("__rand__", BitwiseOp::And, true),
        ("__or__", BitwiseOp::Or, false),
        ("__ror__", BitwiseOp::Or, true),
        ("__xor__", BitwiseOp::Xor, false),
        ("__rxor__", BitwiseOp::Xor, true),
    ];
    for (name, op, reflected) in LOGIC {
        let (op, reflected, st) = (*op, *reflected, st.clone());
        builder = builder.method_closure(name, move |vm, args| {
            logic_operator(&st, vm, &args, op, reflected)
        });
    }
    for (name, op) in [
        ("__neg__", UnaryOp::Neg),
        ("__abs__", UnaryOp::Abs),
        ("__invert__", UnaryOp::LogicalNot),
    ] {
        let st = st.clone();
        builder = builder.method_closure(name, move |vm, args| unary_operator(&st, vm, &args, op));
    }
    builder
        .method_closure(
            "__matmul__",
            bound(st, |st, vm, args| matmul_operator(st, vm, &args, false)),
        )
        .method_closure(
            "__rmatmul__",
            bound(st, |st, vm, args| matmul_operator(st, vm, &args, true)),
        )
        .method("__pos__", |vm, args| Ok(this(vm, &args)?.clone()))
        .method_closure(
            "__eq__",
            bound(st, |st, vm, args| equality(st, vm, &args, BinaryOp::Equal)),
        )
        .method_closure(
            "__ne__",
            bound(st, |st, vm, args| equality(st, vm, &args, BinaryOp::NotEqual)),
        )
        .method_closure("ref", crate::python_method("_tensorflow.object_identity", "ref"))
        .method_closure(
            "experimental_ref",
            crate::python_method("_tensorflow.object_identity", "ref"),
        )
        .method_closure(
            "__hash__",
            bound(st, |st, vm, args| {
                let me = this(vm, &args)?;
                if is_symbolic(vm, me) || !st.tensor_equality.get() {
                    return Ok(Value::Int(me.object_address().unwrap_or(0) as i64 >> 4));
                }
                Err(vm.type_error("Tensor is unhashable. Instead, use tensor.ref() as the key."))
            }),
        )
        .method_closure(
            "__bool__",
            bound(st, |st, vm, args| {
                let tensor = value_of(st, vm, &args, "bool")?;
                if tensor.num_elements() != 1 {
                    return Err(vm.value_error("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()"));
                }
                if let Some(tensor::TensorData::Bool(values)) = Some(tensor.data()) {
                    return Ok(Value::Bool(values[0]));
                }
                Ok(Value::Bool(scalar_f64(vm, &tensor, "bool")? != 0.0))
            }),
        )
        .method_closure(
            "__complex__",
            bound(st, |st, vm, args| {
                let tensor = value_of(st, vm, &args, "complex")?;
                let tensor = zero_dimensional(vm, tensor)?;
                crate::numpy_module::complex_scalar(vm, &tensor)
            }),
        )
        .method_closure(
            "__float__",
            bound(st, |st, vm, args| {
                // NumPy 2.x's `float()`, which TensorFlow calls, converts only 0-d arrays.
                let tensor = value_of(st, vm, &args, "float")?;
                let tensor = zero_dimensional(vm, tensor)?;
                Ok(Value::Float(scalar_f64(vm, &tensor, "float")?))
            }),
        )
        .method_closure("__int__", bound(st, int_value))
        .method_closure(
            "__index__",
            bound(st, |st, vm, args| {
                let tensor = value_of(st, vm, &args, "int")?;
                if !tensor.dtype().is_integer() {
                    return Err(vm.type_error(
                        "only integer scalar arrays can be converted to a scalar index",
                    ));
                }
                int_value(st, vm, args)
            }),
        )
        .method_closure(
            "__len__",
            bound(st, |st, vm, args| {
                let tensor = value_of(st, vm, &args, "len")?;
                match tensor.dims().first() {
                    Some(n) => Ok(Value::Int(*n as i64)),
                    None => Err(vm.type_error("Scalar tensor has no `len()`")),
                }
            }),
        )
        .method_closure("__getitem__", bound(st, get_item))
        .method_closure(
            "__iter__",
            bound(st, |st, vm, args| {
                let tensor = value_of(st, vm, &args, "iterator")?;
                let Some(&count) = tensor.dims().first() else {
                    return Err(vm.type_error("Cannot iterate over a scalar tensor."));
                };
                let me = this(vm, &args)?.clone();
                let operand = crate::convert::to_operand(st, vm, &me)?;
                let mut items = Vec::with_capacity(count);
                for index in 0..count {
                    vm.charge(1)?;
                    let specs = vec![SliceSpec::Index(index as i64)];
                    let item = operand.clone();
                    let handle = st.tf(vm, |ctx| ctx.strided_slice(item, specs))?;
                    items.push(wrap(st, vm, handle)?);
                }
                vm.get_iter(&Value::list(items))
            }),
        )
        .method_closure(
            "cpu",
            bound(st, |st, vm, args| {
                // `t.cpu()`: a copy in host memory (EagerTensor only).
                match handle_of(vm, &args)? {
                    Handle::Eager(eager) => {
                        let copy = st.tf(vm, |ctx| ctx.copy_to_host(&eager))?;
                        wrap(st, vm, Handle::Eager(copy))
                    }
                    Handle::Symbolic(_) => Err(vm.attribute_error(
                        "'SymbolicTensor' object has no attribute 'cpu'",
                    )),
                }
            }),
        )
        .method_closure(
            "__format__",
            bound(st, |st, vm, args| {
                // As EagerTensor: the value's NumPy scalar or array formats itself
                // (`f"{loss:.4f}"`); a graph tensor formats as an object.
                let me = this(vm, &args)?.clone();
                let spec = match args.get(1) {
                    Some(Value::Str(spec)) => spec.as_str().to_string(),
                    _ => return Err(vm.type_error("format() argument must be str")),
                };
                let text = match eager_value(st, vm, &me)? {
                    Some(tensor) => {
                        let array = crate::numpy_module::array_value(st, vm, tensor)?;
                        vm.format(&array, &spec)?
                    }
                    None if spec.is_empty() => vm.str(&me)?,
                    None => {
                        let name = vm.type_name(&me);
                        return Err(vm.type_error(format!(
                            "unsupported format string passed to {name}.__format__"
                        )));
                    }
                };
                Ok(Value::str(text))
            }),
        )
        .method_closure(
            "numpy",
            bound(st, |st, vm, args| {
                let me = this(vm, &args)?.clone();
                match eager_value(st, vm, &me)? {
                    // A scalar string is Python `bytes`, as TensorFlow returns it.
                    Some(tensor) if tensor.rank() == 0 => match tensor.data() {
                        tensor::TensorData::String(values) => {
                            Ok(Value::Bytes(Rc::new(values[0].clone())))
                        }
                        _ => crate::numpy_module::array_value(st, vm, tensor),
                    },
                    Some(tensor) => crate::numpy_module::array_value(st, vm, tensor),
                    None => Err(vm.attribute_error(
                        "'SymbolicTensor' object has no attribute 'numpy'",
                    )),
                }
            }),
        )
}

fn int_value(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let tensor = value_of(st, vm, &args, "int")?;
    let tensor = zero_dimensional(vm, tensor)?;
    if tensor.dtype().is_integer() {
        if let Some(values) = tensor.to_i64_vec().filter(|v| v.len() == 1) {
            return Ok(Value::Int(values[0]));
        }
    }
    let value = scalar_f64(vm, &tensor, "int")?;
    lang::builtins::float_to_int_value(vm, value.trunc())
}

fn equality(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, op: BinaryOp) -> PyResult {
    let me = this(vm, args)?.clone();
    let other = args.get(1).cloned().unwrap_or(Value::None);
    let equal_result = |same: bool| Value::Bool(if op == BinaryOp::Equal { same } else { !same });
    if other.is_none()
        || !st.tensor_equality.get()
        || (is_symbolic(vm, &me) && !in_function_graph(st, vm, &me))
    {
        return Ok(equal_result(me.is(&other)));
    }
    let Ok(other) = to_operand(st, vm, &other) else {
        return Ok(equal_result(false));
    };
    let me = to_operand(st, vm, &me)?;
    apply_binary(st, vm, op, me, other, None)
}

/// The parts of an index: a tuple's or a list's items (TensorFlow reads `t[[0, 1]]` as
/// `t[0, 1]`), else the key itself.
fn index_parts(key: &Value) -> Vec<Value> {
    match key {
        Value::Tuple(items) => items.0.clone(),
        Value::List(items) => items.borrow().clone(),
        other => vec![other.clone()],
    }
}

fn slice_specs(st: &St, vm: &mut Vm<'_>, key: &Value) -> PyResult<Vec<SliceSpec>> {
    let parts = index_parts(key);
    let mut specs = Vec::with_capacity(parts.len());
    for part in parts {
        let spec = match &part {
            Value::None => SliceSpec::NewAxis,
            Value::Ellipsis => SliceSpec::Ellipsis,
            Value::Slice(slice) => {
                let bound = |vm: &mut Vm<'_>, v: &Value| -> PyResult<Option<i64>> {
                    if v.is_none() {
                        Ok(None)
                    } else {
                        vm.as_index(v)
                    }
                };
                SliceSpec::Range {
                    start: bound(vm, &slice.start)?,
                    stop: bound(vm, &slice.stop)?,
                    step: bound(vm, &slice.step)?,
                }
            }
            other => match other.as_i64() {
                Some(i) => SliceSpec::Index(i),
                None => match eager_value(st, vm, other)? {
                    Some(t) if t.rank() == 0 && t.dtype().is_integer() => SliceSpec::Index(
                        t.to_i64_vec().and_then(|v| v.first().copied()).unwrap_or(0),
                    ),
                    _ => {
                        let shown = vm.repr(other)?;
                        return Err(vm.type_error(format!(
                            "Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 tensors are valid indices, got {shown}"
                        )));
                    }
                },
            },
        };
        specs.push(spec);
    }
    Ok(specs)
}

/// Whether `key` is a Python bool, or a tensor or NumPy array of booleans.
fn is_boolean_mask(st: &St, vm: &mut Vm<'_>, key: &Value) -> PyResult<bool> {
    if matches!(key, Value::Bool(_)) {
        return Ok(true);
    }
    if key.downcast::<PyTensor>().is_some() {
        let dtype = vm.get_attr_str(key, "dtype")?;
        return Ok(vm.str(&dtype)? == "<dtype: 'bool'>");
    }
    if key.downcast::<crate::numpy_array::NdArray>().is_none() {
        return Ok(false);
    }
    Ok(eager_value(st, vm, key)?.is_some_and(|t| t.dtype() == tensor::DType::Bool))
}

fn get_item(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let key = args.get(1).cloned().unwrap_or(Value::None);
    let me = this(vm, &args)?.clone();
    if is_boolean_mask(st, vm, &key)? {
        // TensorFlow's `_slice_helper`: a boolean tensor or array as the whole key masks.
        let tf = vm.import_module("tensorflow")?;
        let boolean_mask = vm.get_attr_str(&tf, "boolean_mask")?;
        return vm.call(&boolean_mask, &[me, key], &[]);
    }
    let parts = index_parts(&key);
    if parts.iter().any(|part| is_graph_index(st, vm, part)) {
        return dynamic_get_item(vm, &me, &parts);
    }
    let specs = slice_specs(st, vm, &key)?;
    let operand = crate::convert::to_operand(st, vm, &me)?;
    let handle = st.tf(vm, |ctx| ctx.strided_slice(operand, specs))?;
    let sliced = wrap(st, vm, handle)?;
    if me.downcast::<crate::variable_class::PyVariable>().is_some() {
        // A variable's slice can be assigned to (`v[0].assign(1.0)`), as TensorFlow's
        // `_SliceHelperVar` gives it an `assign`.
        let (variable, key) = (me.clone(), key.clone());
        let assign = lang::host::native_function_closure("assign", move |vm, args| {
            let library = vm.import_module("_tensorflow.variable_ops")?;
            let function = vm.get_attr_str(&library, "sliced_assign")?;
            let mut positional = vec![variable.clone(), key.clone()];
            positional.extend(args.positional.iter().cloned());
            vm.call(&function, &positional, args.keywords)
        });
        vm.set_attr(&sliced, &lang::value::name("assign"), assign)?;
    }
    Ok(sliced)
}

/// Whether `part` of a subscript is known only when the graph runs: a scalar integer
/// graph tensor (a loop's iterate), or a slice with such a bound.
fn is_graph_index(st: &St, vm: &mut Vm<'_>, part: &Value) -> bool {
    if let Value::Slice(slice) = part {
        return [&slice.start, &slice.stop, &slice.step]
            .into_iter()
            .any(|bound| is_graph_index(st, vm, bound));
    }
    let Some(Handle::Symbolic(tensor)) = part.downcast::<PyTensor>().map(|t| t.handle.clone())
    else {
        return false;
    };
    let handle = Handle::Symbolic(tensor);
    st.with_ctx(vm, |ctx| {
        let scalar = ctx
            .handle_shape(&handle)
            .is_ok_and(|shape| shape.dims().is_some_and(<[_]>::is_empty));
        scalar && ctx.handle_dtype(&handle).is_ok_and(|d| d.is_integer())
    })
    .unwrap_or(false)
}

/// `t[...]` with parts known only when the graph runs: `_tensorflow/array_ops.py`
/// slices and gathers.
fn dynamic_get_item(vm: &mut Vm<'_>, me: &Value, parts: &[Value]) -> PyResult {
    let library = vm.import_module("_tensorflow.array_ops")?;
    let function = vm.get_attr_str(&library, "dynamic_getitem")?;
    vm.call(&function, &[me.clone(), Value::list(parts.to_vec())], &[])
}

fn symbolic_text(st: &St, vm: &Vm<'_>, handle: &Handle) -> PyResult<(String, String, String)> {
    st.with_ctx(vm, |ctx| {
        let name = ctx.handle_name(handle).ok().flatten().unwrap_or_default();
        let shape = ctx
            .handle_shape(handle)
            .map(|s| s.to_string())
            .unwrap_or_default();
        let suffix = if ctx.handle_is_ref(handle) {
            "_ref"
        } else {
            ""
        };
        let dtype = ctx
            .handle_dtype(handle)
            .map(|d| format!("{}{suffix}", d.name()))
            .unwrap_or_else(|_| "resource".to_string());
        (name, shape, dtype)
    })
}

/// What a tensor whose numbers were not computed (values on demand) shows instead of them.
const NOT_COMPUTED: &str = "<not computed: over the playground's work budget>";

/// Builds the `tf.Tensor` base class with every method.
/// NumPy's methods that a `tf.Tensor` has only after
/// `tf.experimental.numpy.experimental_enable_numpy_behavior()`; asking for one before
/// gets TensorFlow's hint.
const NUMPY_METHODS: &[&str] = &[
    "T",
    "astype",
    "ravel",
    "transpose",
    "reshape",
    "clip",
    "size",
    "tolist",
    "data",
];

/// `Tensor.__getattr__`: the attributes a tensor lacks, named as TensorFlow names them.
fn tensor_getattr(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let (Some(this), Some(name)) = (args.get(0).cloned(), args.get(1).and_then(Value::as_str))
    else {
        return Err(vm.type_error("__getattr__ takes an attribute name"));
    };
    let class = vm.class_of(&this);
    if NUMPY_METHODS.contains(&name) {
        return Err(vm.attribute_error(format!(
            "{} object has no attribute '{name}'. \n        If you are looking for \
             numpy-related methods, please run the following:\n        \
             tf.experimental.numpy.experimental_enable_numpy_behavior()\n      ",
            class.name
        )));
    }
    let shown = if class.c_extension {
        format!("{}.{}", class.module, class.name)
    } else {
        class.name.clone()
    };
    Err(vm.attribute_error(format!("'{shown}' object has no attribute '{name}'")))
}

pub fn build_base(st: &St) -> Rc<Class> {
    let builder = ClassBuilder::new("Tensor", "tensorflow.python.framework.tensor")
        .method("__getattr__", tensor_getattr)
        .method_closure(
            "__repr__",
            bound(st, |st, vm, args| {
                let handle = handle_of(vm, &args)?;
                match &handle {
                    Handle::Eager(eager) => {
                        match (eager.value.tensor(), eager.value.uncomputed()) {
                            (Some(tensor), _) => Ok(Value::str(tensor_repr(tensor))),
                            (None, Some(value)) => Ok(Value::str(format!(
                                "<tf.Tensor: shape={}, dtype={}, numpy={NOT_COMPUTED}>",
                                tensor::TensorShape::from(&value.shape),
                                value.dtype.name()
                            ))),
                            (None, None) => Ok(Value::str("<tf.Tensor: shape=(), dtype=resource>")),
                        }
                    }
                    Handle::Symbolic(_) => {
                        let (name, shape, dtype) = symbolic_text(st, vm, &handle)?;
                        Ok(Value::str(format!(
                            "<tf.Tensor '{name}' shape={shape} dtype={dtype}>"
                        )))
                    }
                }
            }),
        )
        .method_closure(
            "__str__",
            bound(st, |st, vm, args| {
                let handle = handle_of(vm, &args)?;
                match &handle {
                    Handle::Eager(eager) => {
                        match (eager.value.tensor(), eager.value.uncomputed()) {
                            (Some(tensor), _) => Ok(Value::str(tensor_str(tensor))),
                            (None, Some(value)) => Ok(Value::str(format!(
                                "tf.Tensor({NOT_COMPUTED}, shape={}, dtype={})",
                                tensor::TensorShape::from(&value.shape),
                                value.dtype.name()
                            ))),
                            (None, None) => Ok(Value::str(
                                "tf.Tensor(<resource>, shape=(), dtype=resource)",
                            )),
                        }
                    }
                    Handle::Symbolic(_) => {
                        let (name, shape, dtype) = symbolic_text(st, vm, &handle)?;
                        // A tensor of unknown rank shows no shape.
                        Ok(Value::str(if shape == "<unknown>" {
                            format!("Tensor(\"{name}\", dtype={dtype})")
                        } else {
                            format!("Tensor(\"{name}\", shape={shape}, dtype={dtype})")
                        }))
                    }
                }
            }),
        )
        .property_closure("shape", bound(st, shape_property), None)
        .method_closure("get_shape", bound(st, shape_property))
        .method_closure(
            "set_shape",
            bound(st, |st, vm, args| {
                let handle = handle_of(vm, &args)?;
                let shape = crate::convert::tensor_shape(vm, args.positional.get(1))?;
                st.tf(vm, |ctx| ctx.set_shape(&handle, &shape))?;
                Ok(Value::None)
            }),
        )
        .property_closure(
            "ndim",
            bound(st, |st, vm, args| {
                let handle = handle_of(vm, &args)?;
                let shape = st.tf(vm, |ctx| ctx.handle_shape(&handle))?;
                Ok(shape
                    .dims()
                    .map_or(Value::None, |dims| Value::Int(dims.len() as i64)))
            }),
            None,
        )
        .property_closure(
            "dtype",
            bound(st, |st, vm, args| {
                let handle = handle_of(vm, &args)?;
                let (dtype, is_ref) = st.tf(vm, |ctx| {
                    Ok((ctx.handle_dtype(&handle)?, ctx.handle_is_ref(&handle)))
                })?;
                crate::dtypes::dtype_object_of(st, vm, dtype, is_ref)
            }),
            None,
        )
        .property_closure(
            "device",
            bound(st, |st, vm, args| {
                let handle = handle_of(vm, &args)?;
                Ok(Value::str(st.tf(vm, |ctx| ctx.handle_device(&handle))?))
            }),
            None,
        )
        .property_closure(
            "name",
            bound(st, |st, vm, args| {
                let handle = handle_of(vm, &args)?;
                match st.tf(vm, |ctx| ctx.handle_name(&handle))? {
                    Some(name) => Ok(Value::str(name)),
                    None => Err(vm.attribute_error(
                        "Tensor.name is undefined when eager execution is enabled.",
                    )),
                }
            }),
            None,
        )
        .property_closure(
            "op",
            bound(st, |st, vm, args| match handle_of(vm, &args)? {
                Handle::Symbolic(tensor) => {
                    crate::graph::operation_object(st, vm, tensor.graph, tensor.operation)
                }
                Handle::Eager(_) => {
                    Err(vm
                        .attribute_error("Tensor.op is undefined when eager execution is enabled."))
                }
            }),
            None,
        )
        .property_closure(
            "graph",
            bound(st, |st, vm, args| match handle_of(vm, &args)? {
                Handle::Symbolic(tensor) => crate::graph::graph_object(st, vm, tensor.graph),
                Handle::Eager(_) => Err(vm
                    .attribute_error("Tensor.graph is undefined when eager execution is enabled.")),
            }),
            None,
        )
        .property(
            "value_index",
            |vm, args| match handle_of(vm, &args)? {
                Handle::Symbolic(tensor) => Ok(Value::Int(tensor.output as i64)),
                Handle::Eager(_) => Ok(Value::Int(0)),
            },
            None,
        );
    install_operators(builder, st).build()
}

fn shape_property(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let handle = handle_of(vm, &args)?;
    let shape = st.tf(vm, |ctx| ctx.handle_shape(&handle))?;
    crate::shapes::new_shape(st, vm, shape)
}

/// The concrete classes `EagerTensor` and `SymbolicTensor` (in `...framework.ops`).
pub fn build_subclasses(base: &Rc<Class>) -> (Rc<Class>, Rc<Class>) {
    let eager = ClassBuilder::new("EagerTensor", OPS_MODULE)
        .c_extension()
        .base(base)
        .build();
    let symbolic = ClassBuilder::new("SymbolicTensor", OPS_MODULE)
        .base(base)
        .method_closure(
            "eval",
            crate::python_method("_tensorflow.v1_session", "eval"),
        )
        .build();
    (eager, symbolic)
}
