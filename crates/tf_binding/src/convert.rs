//! Python values to the runtime's types: tensors (`tf.constant`'s conversion of nested
//! lists, with TensorFlow's dtype inference and error texts), operands, dtypes, shapes and
//! integer lists.

use lang::value::{PyResult, Value};
use lang::vm::Vm;

use crate::dtypes::PyDType;
use crate::numpy_module::{NdArray, NpDType};
use crate::tensor_class::PyTensor;
use crate::variable_class::PyVariable;
use crate::St;
use runtime::shape_operand::ShapeOperand;
use runtime::{Handle, Operand};
use tensor::dtype::{infer_tf_dtype, LiteralKind};
use tensor::{ops, DType, Shape, Tensor, TensorShape};

/// One scalar of a nested Python literal.
#[derive(Clone, Debug, PartialEq)]
enum Leaf {
    Bool(bool),
    Int(i64),
    /// An int beyond int64 that fits uint64 (`2**64 - 1` for a `tf.uint64` constant).
    UInt(u64),
    Float(f64),
    Complex(f64, f64),
    Str(Vec<u8>),
}

impl Leaf {
    /// The literal kind dtype inference sees.
    fn kind(&self) -> LiteralKind {
        match self {
            Leaf::Bool(_) => LiteralKind::Bool,
            Leaf::Int(i) => LiteralKind::Int(*i),
            Leaf::UInt(_) => LiteralKind::Int(i64::MAX),
            Leaf::Float(_) => LiteralKind::Float,
            Leaf::Complex(..) => LiteralKind::Complex,
            Leaf::Str(_) => LiteralKind::Str,
        }
    }
}

/// An eager tensor's numbers (`None` for a handle); observing a value that was not computed
/// (values on demand) is the budget's error.
fn eager_numbers(
    st: &St,
    vm: &mut Vm<'_>,
    eager: &runtime::EagerTensor,
) -> PyResult<Option<Tensor>> {
    match eager.value.uncomputed() {
        Some(uncomputed) => {
            let error = uncomputed.observed_error();
            st.tf(vm, |_| Err(error))
        }
        None => Ok(eager.value.tensor().cloned()),
    }
}

/// The eager value of a tensor-like object (eager tensor, eager variable, ndarray), if it
/// is one. Reading a variable runs a `ReadVariableOp`.
pub fn eager_value(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Option<Tensor>> {
    if let Some(array) = value.downcast::<NdArray>() {
        return Ok(Some(array.tensor()));
    }
    if let Some(tensor) = value.downcast::<PyTensor>() {
        return match &tensor.handle {
            Handle::Eager(eager) => eager_numbers(st, vm, eager),
            Handle::Symbolic(_) => Ok(None),
        };
    }
    let distributed = distributed_component(st, vm, value)?;
    if let Some(id) = distributed.or_else(|| value.downcast::<PyVariable>().map(|v| v.id)) {
        let handle = st.tf(vm, |ctx| {
            if ctx.variable(id)?.graph_parts.is_some() || !ctx.executing_eagerly() {
                return Ok(None);
            }
            ctx.read_variable(id).map(Some)
        })?;
        return match handle {
            Some(Handle::Eager(eager)) => eager_numbers(st, vm, &eager),
            _ => Ok(None),
        };
    }
    Ok(None)
}

/// The component of a mirrored variable a read of `value` uses (the running replica's),
/// if `value` is one.
fn distributed_component(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
) -> PyResult<Option<runtime::variables::VariableId>> {
    match value.downcast::<crate::distribute::values::PyDistributedVariable>() {
        Some(variable) => {
            let id = variable.id;
            st.tf(vm, |ctx| ctx.local_component(id)).map(Some)
        }
        None => Ok(None),
    }
}

/// `tf.constant(value, dtype)`'s conversion of a Python value (scalars, nested lists and
/// tuples, ndarrays, eager tensors) to a tensor.
pub fn to_tensor(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    dtype: Option<DType>,
) -> PyResult<Tensor> {
    if let Some(tensor) = eager_value(st, vm, value)? {
        return match dtype {
            Some(dtype) if dtype != tensor.dtype() => cast(vm, &tensor, dtype),
            _ => Ok(tensor),
        };
    }
    let mut leaves = Vec::new();
    let dims = flatten(st, vm, value, &mut leaves, 0)?;
    let kinds: Vec<LiteralKind> = leaves.iter().map(Leaf::kind).collect();
    let inferred = infer_tf_dtype(&kinds).map_err(|error| vm.value_error(error.message()))?;
    let beyond_int64 = leaves.iter().any(|leaf| matches!(leaf, Leaf::UInt(_)));
    if beyond_int64 && dtype != Some(DType::UInt64) {
        return Err(vm.value_error("Can't convert Python int to Tensor: it is out of range"));
    }
    // An empty list takes any dtype.
    if let Some(wanted) = dtype.filter(|_| !leaves.is_empty()) {
        let lossy = ((wanted.is_integer() || wanted == DType::Bool) && inferred.is_floating())
            || (inferred.is_complex() && !wanted.is_complex());
        if lossy || (wanted == DType::String) != (inferred == DType::String) {
            let text = vm.repr(value)?;
            return Err(vm.type_error(format!(
                "Cannot convert {text} to EagerTensor of dtype {}",
                wanted.name()
            )));
        }
    }
    let target = dtype.unwrap_or(inferred);
    // Python floats asked for as float64 keep their double precision (not rounded through
    // the float32 TF would infer).
    let built = if (target == DType::Float64 && inferred.is_floating())
        || (target == DType::UInt64 && inferred.is_integer())
    {
        target
    } else {
        inferred
    };
    if leaves.is_empty() {
        // An empty list takes any dtype, strings included.
        let shape = tensor::Shape::new(dims);
        return Tensor::new(target, shape, tensor::TensorData::zeros(target, 0))
            .map_err(|error| vm.value_error(error.message));
    }
    let tensor = from_leaves(vm, leaves, dims, built)?;
    if tensor.dtype() == target {
        Ok(tensor)
    } else {
        cast(vm, &tensor, target)
    }
}

/// `np.array(value, dtype)`: NumPy's inference (int64, float64; bools and ints promote).
pub fn to_numpy_tensor(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    dtype: Option<DType>,
) -> PyResult<Tensor> {
    let tensor = match eager_value(st, vm, value)? {
        Some(tensor) => tensor,
        None => {
            let mut leaves = Vec::new();
            let dims = flatten(st, vm, value, &mut leaves, 0)?;
            let kinds: Vec<LiteralKind> = leaves.iter().map(Leaf::kind).collect();
            let inferred = tensor::dtype::infer_numpy_dtype(&kinds).ok_or_else(|| {
                vm.type_error("arrays of mixed strings and numbers are not emulated")
            })?;
            // Values beyond int64 are built unsigned when the array is to be uint64.
            let built = match dtype {
                Some(DType::UInt64) if inferred == DType::Int64 => DType::UInt64,
                _ => inferred,
            };
            from_leaves(vm, leaves, dims, built)?
        }
    };
    match dtype {
        Some(dtype) if dtype != tensor.dtype() => cast(vm, &tensor, dtype),
        _ => Ok(tensor),
    }
}

/// A tensor of `dtype` from literal leaves (built in the widest type of their kind, then
/// cast, so Python floats round to float32 exactly once).
fn from_leaves(vm: &Vm<'_>, leaves: Vec<Leaf>, dims: Vec<usize>, dtype: DType) -> PyResult<Tensor> {
    let shape = Shape::new(dims);
    let any_float = leaves.iter().any(|leaf| matches!(leaf, Leaf::Float(_)));
    let any_complex = leaves.iter().any(|leaf| matches!(leaf, Leaf::Complex(..)));
    let natural = if any_complex || dtype.is_complex() {
        Tensor::from_vec(
            shape,
            leaves
                .iter()
                .map(|leaf| match *leaf {
                    Leaf::Complex(re, im) => tensor::Complex64::new(re, im),
                    Leaf::Int(i) => tensor::Complex64::new(i as f64, 0.0),
                    Leaf::UInt(u) => tensor::Complex64::new(u as f64, 0.0),
                    Leaf::Float(f) => tensor::Complex64::new(f, 0.0),
                    Leaf::Bool(b) => tensor::Complex64::new(f64::from(u8::from(b)), 0.0),
                    Leaf::Str(_) => tensor::Complex64::new(0.0, 0.0),
                })
                .collect::<Vec<_>>(),
        )
    } else if dtype == DType::UInt64 && !any_float {
        // Built unsigned so that values beyond int64 keep their value.
        Tensor::from_vec(
            shape,
            leaves
                .iter()
                .map(|leaf| match *leaf {
                    Leaf::Int(i) => i as u64,
                    Leaf::UInt(u) => u,
                    Leaf::Bool(b) => u64::from(b),
                    _ => 0,
                })
                .collect::<Vec<u64>>(),
        )
    } else if dtype == DType::String {
        Tensor::from_strings(
            shape,
            leaves
                .into_iter()
                .map(|leaf| match leaf {
                    Leaf::Str(bytes) => bytes,
                    _ => Vec::new(),
                })
                .collect(),
        )
    } else if dtype == DType::Bool && leaves.iter().all(|leaf| matches!(leaf, Leaf::Bool(_))) {
        Tensor::from_vec(
            shape,
            leaves
                .iter()
                .map(|leaf| matches!(leaf, Leaf::Bool(true)))
                .collect::<Vec<bool>>(),
        )
    } else if any_float || dtype.is_floating() {
        Tensor::from_vec(
            shape,
            leaves
                .iter()
                .map(|leaf| match leaf {
                    Leaf::Int(i) => *i as f64,
                    Leaf::UInt(u) => *u as f64,
                    Leaf::Float(f) | Leaf::Complex(f, _) => *f,
                    Leaf::Bool(b) => f64::from(u8::from(*b)),
                    Leaf::Str(_) => 0.0,
                })
                .collect::<Vec<f64>>(),
        )
    } else {
        Tensor::from_vec(
            shape,
            leaves
                .iter()
                .map(|leaf| match leaf {
                    Leaf::Int(i) => *i,
                    Leaf::Bool(b) => i64::from(*b),
                    _ => 0,
                })
                .collect::<Vec<i64>>(),
        )
    }
    .map_err(|error| op_error(vm, error))?;
    if natural.dtype() == dtype {
        Ok(natural)
    } else {
        cast(vm, &natural, dtype)
    }
}

fn cast(vm: &Vm<'_>, tensor: &Tensor, dtype: DType) -> PyResult<Tensor> {
    ops::cast(tensor, dtype).map_err(|error| op_error(vm, error))
}

/// A kernel error raised outside an op (conversions): its class and message.
pub fn op_error(vm: &Vm<'_>, error: tensor::OpError) -> lang::exceptions::Exception {
    let class: runtime::ExceptionClass = error.class.into();
    match class {
        runtime::ExceptionClass::TypeError => vm.type_error(error.message),
        _ => vm.value_error(error.message),
    }
}

/// The most nesting `flatten` follows (deeper lists are hostile, not tensors).
const MAX_DEPTH: usize = 64;

fn flatten(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    leaves: &mut Vec<Leaf>,
    depth: usize,
) -> PyResult<Vec<usize>> {
    vm.charge(1)?;
    match value {
        Value::Bool(b) => leaves.push(Leaf::Bool(*b)),
        Value::Int(i) => leaves.push(Leaf::Int(*i)),
        Value::BigInt(big) => match big.to_string().parse::<u64>() {
            Ok(unsigned) => leaves.push(Leaf::UInt(unsigned)),
            Err(_) => {
                return Err(vm.value_error("Can't convert Python int to Tensor: it is out of range"))
            }
        },
        Value::Float(f) => leaves.push(Leaf::Float(*f)),
        Value::Complex(c) => leaves.push(Leaf::Complex(c.re, c.im)),
        Value::Str(s) => leaves.push(Leaf::Str(s.as_str().as_bytes().to_vec())),
        Value::Bytes(b) => leaves.push(Leaf::Str(b.to_vec())),
        Value::List(_) | Value::Tuple(_) => {
            if depth > MAX_DEPTH {
                return Err(vm.value_error("Tensor nesting is too deep"));
            }
            let items = match value {
                Value::List(list) => list.borrow().clone(),
                Value::Tuple(tuple) => tuple.0.clone(),
                _ => Vec::new(),
            };
            let mut inner: Option<Vec<usize>> = None;
            for item in &items {
                let dims = flatten(st, vm, item, leaves, depth + 1)?;
                match &inner {
                    None => inner = Some(dims),
                    Some(first) if *first != dims => {
                        return Err(vm.value_error(
                            "Can't convert non-rectangular Python sequence to Tensor.",
                        ))
                    }
                    Some(_) => {}
                }
            }
            let mut dims = vec![items.len()];
            dims.extend(inner.unwrap_or_default());
            return Ok(dims);
        }
        other if other.downcast::<crate::shapes::PyShape>().is_some() => {
            // TensorFlow converts a `TensorShape` as the list of its dimensions (an unknown
            // one is `None`, which does not convert).
            let dims: Vec<Value> = other
                .downcast::<crate::shapes::PyShape>()
                .and_then(|s| s.0.dims().map(<[Option<usize>]>::to_vec))
                .unwrap_or_default()
                .into_iter()
                .map(|d| d.map_or(Value::None, |d| Value::Int(d as i64)))
                .collect();
            let list = Value::list(dims);
            return flatten(st, vm, &list, leaves, depth + 1);
        }
        Value::Instance(instance)
            if matches!(instance.base, Some(Value::Str(_) | Value::Bytes(_))) =>
        {
            // A subclass of `str` or `bytes` (NumPy's `np.str_`) converts as its text.
            if let Some(base) = &instance.base {
                return flatten(st, vm, base, leaves, depth);
            }
        }
        other => match eager_value(st, vm, other)? {
            Some(tensor) => {
                push_tensor_leaves(&tensor, leaves);
                return Ok(tensor.dims().to_vec());
            }
            None => {
                let text = vm.repr(other)?;
                let type_name = vm.class_of(other).full_name();
                return Err(vm.value_error(format!(
                    "Attempt to convert a value ({text}) with an unsupported type (<class '{type_name}'>) to a Tensor."
                )));
            }
        },
    }
    Ok(Vec::new())
}

fn push_tensor_leaves(tensor: &Tensor, leaves: &mut Vec<Leaf>) {
    use tensor::TensorData;
    match tensor.data() {
        TensorData::Bool(values) => leaves.extend(values.iter().map(|b| Leaf::Bool(*b))),
        TensorData::String(values) => leaves.extend(values.iter().cloned().map(Leaf::Str)),
        TensorData::Complex64(values) => leaves.extend(
            values
                .iter()
                .map(|c| Leaf::Complex(f64::from(c.re), f64::from(c.im))),
        ),
        TensorData::Complex128(values) => {
            leaves.extend(values.iter().map(|c| Leaf::Complex(c.re, c.im)))
        }
        TensorData::UInt64(values) => leaves.extend(
            values
                .iter()
                .map(|&u| i64::try_from(u).map_or(Leaf::UInt(u), Leaf::Int)),
        ),
        _ if tensor.dtype().is_floating() => leaves.extend(
            tensor
                .to_f64_vec()
                .unwrap_or_default()
                .into_iter()
                .map(Leaf::Float),
        ),
        _ => leaves.extend(
            tensor
                .to_i64_vec()
                .unwrap_or_default()
                .into_iter()
                .map(Leaf::Int),
        ),
    }
}

/// An argument of an op: a tensor or variable as is, anything else converted as a literal.
pub fn to_operand(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Operand> {
    if let Some(tensor) = value.downcast::<PyTensor>() {
        return Ok(Operand::Handle(tensor.handle.clone()));
    }
    if let Some(variable) = value.downcast::<PyVariable>() {
        if let Some(handle) = crate::keras::variables::autocast_read(st, vm, value, variable.id)? {
            return Ok(Operand::Handle(handle));
        }
        return Ok(Operand::Variable(variable.id));
    }
    if let Some(component) = distributed_component(st, vm, value)? {
        return Ok(Operand::Variable(component));
    }
    // TensorFlow's conversion protocol: a Python object that knows its tensor
    // (`tf.IndexedSlices` densified).
    if let Value::Instance(instance) = value {
        let protocol = lang::value::name("__tf_tensor__");
        if let Some(method) = vm.class_attribute(&instance.class, &protocol) {
            let tensor = vm.call(&method, std::slice::from_ref(value), &[])?;
            return to_operand(st, vm, &tensor);
        }
    }
    if matches!(value, Value::List(_) | Value::Tuple(_)) {
        // A list holding graph tensors is packed into one (`_autopacking_conversion_function`:
        // a `Pack` named `packed`).
        if holds_symbolic(st, vm, value)? {
            if let ShapeOperand::Packed(entries) = shape_operand(st, vm, value, "value")? {
                let packed = st.tf(vm, |ctx| {
                    let graph = ctx.default_graph().ok_or_else(|| {
                        runtime::TfError::internal("a graph tensor outside a graph")
                    })?;
                    ctx.pack_entries(
                        graph,
                        entries,
                        "packed",
                        runtime::shape_operand::PackDtype::Inferred,
                    )
                })?;
                return Ok(Operand::Handle(Handle::Symbolic(packed)));
            }
        }
        st.sequence_input.set(true);
    }
    Ok(Operand::Literal(to_tensor(st, vm, value, None)?))
}

/// A dtype argument: `tf.float32`, `np.float32`, `np.dtype('float32')`, `'float32'`, or
/// the Python types `float`, `int`, `bool`, `str`.
pub fn to_dtype(vm: &mut Vm<'_>, value: &Value) -> PyResult<DType> {
    if let Some(dtype) = value.downcast::<PyDType>() {
        return Ok(dtype.0);
    }
    if let Some(dtype) = value.downcast::<NpDType>() {
        return Ok(dtype.0);
    }
    let name = match value {
        Value::Str(s) => Some(s.as_str().to_string()),
        Value::Class(class) if class.module == "numpy" => {
            Some(class.name.trim_end_matches('_').to_string())
        }
        // A `DataType` enum value (`types.proto`), as `tf.as_dtype(1)` takes it.
        Value::Int(number) => match Some(*number) {
            Some(1) => Some("float32".to_string()),
            Some(2) => Some("float64".to_string()),
            Some(3) => Some("int32".to_string()),
            Some(4) => Some("uint8".to_string()),
            Some(5) => Some("int16".to_string()),
            Some(6) => Some("int8".to_string()),
            Some(7) => Some("string".to_string()),
            Some(9) => Some("int64".to_string()),
            Some(10) => Some("bool".to_string()),
            Some(14) => Some("bfloat16".to_string()),
            Some(19) => Some("float16".to_string()),
            _ => None,
        },
        Value::Class(class) if class.module == "builtins" => match class.name.as_str() {
            "float" => Some("float32".to_string()),
            "int" => Some("int32".to_string()),
            "bool" => Some("bool".to_string()),
            "str" | "bytes" => Some("string".to_string()),
            _ => None,
        },
        _ => None,
    };
    if let Some(dtype) = name.as_deref().and_then(DType::from_name) {
        return Ok(dtype);
    }
    let text = vm.repr(value)?;
    Err(vm.type_error(format!(
        "Cannot convert the argument `type_value`: {text} to a TensorFlow DType."
    )))
}

/// An optional dtype argument.
pub fn opt_dtype(vm: &mut Vm<'_>, value: &Option<Value>) -> PyResult<Option<DType>> {
    value.as_ref().map(|v| to_dtype(vm, v)).transpose()
}

/// A list of ints: a Python int, list or tuple of ints, a `TensorShape`, or an eager
/// integer tensor / ndarray (`tf.reshape(x, [2, -1])`, `tf.zeros(t.shape)`).
pub fn int_list(st: &St, vm: &mut Vm<'_>, value: &Value, what: &str) -> PyResult<Vec<i64>> {
    if let Some(shape) = value.downcast::<crate::shapes::PyShape>() {
        let dims = shape
            .0
            .dims()
            .ok_or_else(|| vm.value_error(format!("{what} must have a known rank")))?;
        return dims
            .iter()
            .map(|dim| {
                dim.map(|d| d as i64)
                    .ok_or_else(|| vm.value_error(format!("{what} must be fully defined")))
            })
            .collect();
    }
    match value {
        Value::Int(i) => return Ok(vec![*i]),
        Value::List(_) | Value::Tuple(_) => {
            let items = vm.iterate(value)?;
            return items
                .iter()
                .map(|item| int_item(st, vm, item, what))
                .collect();
        }
        _ => {}
    }
    if let Some(tensor) = eager_value(st, vm, value)? {
        if tensor.dtype().is_integer() && tensor.rank() <= 1 {
            return Ok(tensor.to_i64_vec().unwrap_or_default());
        }
    }
    let type_name = vm.type_name(value);
    Err(vm.type_error(format!(
        "{what} must be a list of integers, not {type_name}"
    )))
}

fn int_item(st: &St, vm: &mut Vm<'_>, item: &Value, what: &str) -> PyResult<i64> {
    if let Some(i) = item.as_i64() {
        return Ok(i);
    }
    if let Some(tensor) = eager_value(st, vm, item)? {
        if tensor.rank() == 0 && tensor.dtype().is_integer() {
            if let Some(values) = tensor.to_i64_vec() {
                return Ok(values[0]);
            }
        }
    }
    let type_name = vm.type_name(item);
    Err(vm.type_error(format!("{what} entries must be integers, not {type_name}")))
}

/// A shape-like argument that may hold tensors: Python ints and eager values as
/// [`int_list`] reads them, a symbolic tensor or graph variable as is, and a list with
/// symbolic tensors (or graph variables) in it, which TensorFlow packs
/// (`tf.reshape(x, [tf.shape(x)[0], -1])` inside a `tf.function`).
pub fn shape_operand(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    what: &str,
) -> PyResult<ShapeOperand> {
    if let Some(operand) = symbolic_operand(st, vm, value)? {
        return Ok(ShapeOperand::Tensor(operand));
    }
    if let Value::List(_) | Value::Tuple(_) = value {
        let items = vm.iterate(value)?;
        let mut operands = Vec::with_capacity(items.len());
        for item in &items {
            operands.push(symbolic_operand(st, vm, item)?);
        }
        if let Some(first) = operands.iter().flatten().next() {
            // The list's dtype is its first tensor's; a Python number of another kind
            // fails its conversion (`constant(2.5, dtype=int32)`).
            let dtype = st.tf(vm, |ctx| ctx.operand_dtype(first))?;
            let mut entries = Vec::with_capacity(items.len());
            for (item, operand) in items.iter().zip(operands) {
                if let Some(operand) = operand {
                    entries.push(operand);
                    continue;
                }
                if let Value::Float(_) | Value::Str(_) | Value::Bool(_) = item {
                    let shown = vm.str(item)?;
                    let type_name = vm.type_name(item);
                    return Err(vm.type_error(format!(
                        "Expected {}, but got {shown} of type '{type_name}'.",
                        dtype.name()
                    )));
                }
                entries.push(Operand::Literal(Tensor::scalar(int_item(
                    st, vm, item, what,
                )?)));
            }
            return Ok(ShapeOperand::Packed(entries));
        }
        st.sequence_input.set(true);
        // A nested list is a tensor of higher rank, which the op's shape function rejects
        // with TensorFlow's text.
        if items
            .iter()
            .any(|item| matches!(item, Value::List(_) | Value::Tuple(_)))
        {
            let tensor = to_tensor(st, vm, value, None)?;
            return Ok(ShapeOperand::Tensor(Operand::Literal(tensor)));
        }
    }
    int_list(st, vm, value, what).map(ShapeOperand::Known)
}

/// Whether `value` is a list or tuple with a graph tensor (or graph variable) in it, which
/// TensorFlow packs instead of converting as a literal.
pub fn holds_symbolic(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<bool> {
    if let Value::List(_) | Value::Tuple(_) = value {
        for item in vm.iterate(value)? {
            if symbolic_operand(st, vm, &item)?.is_some() {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// `value` as an operand whose value is not known now: a graph tensor, or a variable read
/// while building a graph.
pub fn symbolic_operand(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Option<Operand>> {
    if let Some(tensor) = value.downcast::<PyTensor>() {
        return Ok(match &tensor.handle {
            Handle::Symbolic(_) => Some(Operand::Handle(tensor.handle.clone())),
            Handle::Eager(_) => None,
        });
    }
    let is_variable = value.downcast::<PyVariable>().is_some()
        || value
            .downcast::<crate::distribute::values::PyDistributedVariable>()
            .is_some();
    if is_variable && eager_value(st, vm, value)?.is_none() {
        return to_operand(st, vm, value).map(Some);
    }
    Ok(None)
}

/// A shape argument with unknown dimensions allowed (`[None, 2]`, `None` for unknown rank).
pub fn tensor_shape(vm: &mut Vm<'_>, value: Option<&Value>) -> PyResult<TensorShape> {
    let Some(value) = value else {
        return Ok(TensorShape::unknown());
    };
    if let Some(shape) = value.downcast::<crate::shapes::PyShape>() {
        return Ok(shape.0.clone());
    }
    if let Value::Int(i) = value {
        return Ok(TensorShape::new(vec![Some(dim(vm, *i)?)]));
    }
    let items = vm.iterate(value)?;
    let mut dims = Vec::with_capacity(items.len());
    for item in items {
        match item {
            Value::None => dims.push(None),
            other => match other.as_i64() {
                Some(i) => dims.push(Some(dim(vm, i)?)),
                None => {
                    let type_name = vm.type_name(&other);
                    return Err(vm.type_error(format!(
                        "Dimension value must be integer or None, got {type_name}"
                    )));
                }
            },
        }
    }
    Ok(TensorShape::new(dims))
}

fn dim(vm: &Vm<'_>, value: i64) -> PyResult<usize> {
    usize::try_from(value).map_err(|_| vm.value_error(format!("Dimension {value} must be >= 0")))
}

/// An axis argument: an int or a list of ints.
pub fn axes(st: &St, vm: &mut Vm<'_>, value: &Option<Value>) -> PyResult<Option<Vec<i64>>> {
    value
        .as_ref()
        .map(|v| int_list(st, vm, v, "axis"))
        .transpose()
}

/// A float argument (`mean=0.0`).
pub fn float_arg(vm: &mut Vm<'_>, value: &Option<Value>, default: f64) -> PyResult<f64> {
    match value {
        None => Ok(default),
        Some(v) => vm.to_f64(v)?.ok_or_else(|| {
            let type_name = vm.type_name(v);
            vm.type_error(format!("expected a number, got {type_name}"))
        }),
    }
}

/// A `name=` argument.
pub fn name_arg(vm: &Vm<'_>, value: &Option<Value>) -> PyResult<Option<String>> {
    match value {
        None => Ok(None),
        Some(v) => v
            .as_str()
            .map(|s| Some(s.to_string()))
            .ok_or_else(|| vm.type_error("name must be a string")),
    }
}
