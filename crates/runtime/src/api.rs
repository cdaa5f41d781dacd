//! The TensorFlow Python API as the runtime implements it, one mode-agnostic method per
//! function (`tf.add`, `tf.matmul`, `tf.random.normal`...): eager mode executes, graph mode
//! (a default graph, or a function being traced) builds ops with TensorFlow's names.
//!
//! Graph mode follows `op_def_library._apply_op_helper`: open a name scope named after the
//! op (or the user's `name=`), convert literal inputs to `Const`s named after the op-def
//! argument inside it (`mul/y`, `Reshape/shape`), read variables there (`ReadVariableOp`),
//! then create the op with the scope's own name. Composite functions (`tf.random.normal`,
//! `tf.range`) open their scope and build their parts inside it.

use crate::context::Context;
use crate::eager::{default_eager_name, EagerTensor};
use crate::error::{TfError, TfResult};
use crate::graph::{GraphId, GraphKind, GraphTensor, OpName, OperationId};
use crate::op::{OpKind, Value, ValueType};
use crate::shape_operand::{PackDtype, ShapeOperand};
use crate::variables::VariableId;
use placer::StackFrame;
use tensor::format::python_item_repr;
use tensor::ops::{self, BinaryOp, MatMulOptions, ReduceOp, SliceSpec, UnaryOp};
use tensor::{DType, Shape, Tensor, TensorShape};

/// A tensor the program holds: eager (a value on a device) or symbolic (a graph output).
#[derive(Clone, Debug, PartialEq)]
pub enum Handle {
    /// An eager tensor.
    Eager(EagerTensor),
    /// A graph tensor (`add:0`).
    Symbolic(GraphTensor),
}

/// An argument of an API function: a tensor, a Python literal already turned into a
/// tensor of its default dtype (`2.0` → float32), or a variable (read where it is used).
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// A tensor.
    Handle(Handle),
    /// A Python value, converted at the op (`mul/y`).
    Literal(Tensor),
    /// A variable.
    Variable(VariableId),
}

impl From<Handle> for Operand {
    fn from(handle: Handle) -> Operand {
        Operand::Handle(handle)
    }
}

impl From<Tensor> for Operand {
    fn from(tensor: Tensor) -> Operand {
        Operand::Literal(tensor)
    }
}

/// How one input of an op is converted.
#[derive(Clone, Debug)]
struct Arg {
    operand: Operand,
    /// A list of scalar entries to pack (`[tf.shape(x)[0], -1]`) instead of `operand`:
    /// graph mode builds the `Pack` in the op's scope (`Reshape/shape`).
    packed: Option<Vec<Operand>>,
    /// The op-def argument name, which names a converted literal (`y`, `shape`).
    name: &'static str,
    /// Convert a literal to the dtype of the op's first tensor input (`T` inputs).
    match_dtype: bool,
}

fn arg(operand: Operand, name: &'static str) -> Arg {
    Arg {
        operand,
        packed: None,
        name,
        match_dtype: true,
    }
}

/// The `begin`, `end` and `strides` inputs of `StridedSlice` for a subscript (the mask
/// attrs say which entries are ignored).
fn slice_stacks(specs: &[SliceSpec]) -> [Vec<i64>; 3] {
    let (mut begin, mut end, mut strides) = (Vec::new(), Vec::new(), Vec::new());
    for spec in specs {
        let (b, e, s) = match *spec {
            SliceSpec::Index(index) => (index, index.saturating_add(1), 1),
            SliceSpec::Range { start, stop, step } => {
                (start.unwrap_or(0), stop.unwrap_or(0), step.unwrap_or(1))
            }
            SliceSpec::NewAxis | SliceSpec::Ellipsis => (0, 0, 1),
        };
        begin.push(b);
        end.push(e);
        strides.push(s);
    }
    [begin, end, strides]
}

fn int_arg(values: Vec<i64>, name: &'static str) -> TfResult<Arg> {
    let count = values.len();
    let values: Vec<i32> = values
        .into_iter()
        .map(|value| {
            i32::try_from(value)
                .map_err(|_| TfError::value_error(format!("{value} does not fit int32")))
        })
        .collect::<TfResult<_>>()?;
    let tensor =
        Tensor::from_vec(Shape::new(vec![count]), values).map_err(TfError::from_kernel_message)?;
    Ok(Arg {
        operand: Operand::Literal(tensor),
        packed: None,
        name,
        match_dtype: false,
    })
}

fn scalar_arg_operand(operand: Operand, name: &'static str) -> Arg {
    Arg {
        operand,
        packed: None,
        name,
        match_dtype: false,
    }
}

fn scalar_arg(tensor: Tensor, name: &'static str) -> Arg {
    Arg {
        operand: Operand::Literal(tensor),
        packed: None,
        name,
        match_dtype: false,
    }
}

/// A shape-like input (`shape`, `dims`, `multiples`): an int32 `Const` when every entry
/// is known, else the tensor, or the list TensorFlow packs.
fn shape_arg(shape: ShapeOperand, name: &'static str) -> TfResult<Arg> {
    match shape {
        ShapeOperand::Known(values) => int_arg(values, name),
        ShapeOperand::Tensor(operand) => Ok(scalar_arg_operand(operand, name)),
        ShapeOperand::Packed(entries) => Ok(Arg {
            operand: Operand::Literal(Tensor::scalar(0i32)),
            packed: Some(entries),
            name,
            match_dtype: false,
        }),
    }
}

/// Whether a Python literal of dtype `from` converts to `to` (`2` to a float, `2.5` to
/// float64), as `convert_to_tensor` allows; `2.5` to an integer does not.
pub fn literal_converts(from: DType, to: DType) -> bool {
    (from.is_integer() && (to.is_floating() || to.is_integer() || to.is_complex()))
        || (from.is_floating() && (to.is_floating() || to.is_complex()))
        || (from.is_complex() && to.is_complex())
}

/// The first output of an op that has one.
fn first_output(op_type: &str, outputs: Vec<Handle>) -> TfResult<Handle> {
    outputs
        .into_iter()
        .next()
        .ok_or_else(|| TfError::internal(format!("{op_type} produced no output")))
}

impl Context {
    // ---- Generic application -----------------------------------------------------------

    /// Applies `kind` to `args` named `name` (or `default_name`), in the current mode.
    fn apply(
        &mut self,
        kind: OpKind,
        default_name: &str,
        name: Option<&str>,
        args: Vec<Arg>,
    ) -> TfResult<Handle> {
        let op_type = kind.op_type();
        first_output(op_type, self.apply_outputs(kind, default_name, name, args)?)
    }

    /// [`Context::apply`] returning every output of the op, in order (`split:0`,
    /// `split:1`...).
    fn apply_outputs(
        &mut self,
        kind: OpKind,
        default_name: &str,
        name: Option<&str>,
        args: Vec<Arg>,
    ) -> TfResult<Vec<Handle>> {
        let reference = self.reference_dtype(&kind, &args)?;
        match self.default_graph() {
            None => {
                let mut inputs = Vec::with_capacity(args.len());
                for arg in args {
                    inputs.push(self.eager_input(arg, reference, &kind)?);
                }
                let outputs = self.execute(&kind, &inputs)?;
                Ok(outputs.into_iter().map(Handle::Eager).collect())
            }
            Some(graph) => {
                let (previous, scope) = self
                    .graph_mut(graph)?
                    .push_name_scope(name.unwrap_or(default_name));
                let result = self.apply_in_scope(graph, kind, &scope, args, reference);
                self.graph_mut(graph)?.pop_name_scope(previous);
                result
            }
        }
    }

    fn apply_in_scope(
        &mut self,
        graph: GraphId,
        kind: OpKind,
        scope: &str,
        args: Vec<Arg>,
        reference: Option<DType>,
    ) -> TfResult<Vec<Handle>> {
        // A list argument (`ConcatV2`'s `values`) is several args of one name; its literals
        // are named `values_0`, `values_1`, ... as `convert_n_to_tensor` names them.
        let names: Vec<&'static str> = args.iter().map(|arg| arg.name).collect();
        let mut inputs = Vec::with_capacity(args.len());
        for (index, arg) in args.into_iter().enumerate() {
            let in_list = names.iter().filter(|&&name| name == arg.name).count() > 1;
            let list_name = in_list.then(|| {
                let position = names[..index]
                    .iter()
                    .filter(|&&name| name == arg.name)
                    .count();
                format!("{}_{position}", arg.name)
            });
            inputs.push(self.graph_input(graph, arg, reference, &kind, list_name.as_deref())?);
        }
        let stack = self.call_stack().to_vec();
        let operation =
            self.graph_mut(graph)?
                .create_op(kind, OpName::Exact(scope), inputs, &stack)?;
        let count = self
            .graph(graph)?
            .operation(operation)
            .map_or(0, |op| op.outputs.len());
        Ok((0..count)
            .map(|output| {
                Handle::Symbolic(GraphTensor {
                    graph,
                    operation,
                    output: output as u32,
                })
            })
            .collect())
    }

    /// The dtype literals convert to: the first non-literal `T` input's, else, for the
    /// elementwise binary ops, the first literal's (`args_to_matching_eager`:
    /// `tf.multiply(np.ones(2), 42)` is float64).
    fn reference_dtype(&self, kind: &OpKind, args: &[Arg]) -> TfResult<Option<DType>> {
        let mut first_literal = None;
        for arg in args.iter().filter(|arg| arg.match_dtype) {
            let dtype = match &arg.operand {
                Operand::Literal(tensor) => {
                    first_literal.get_or_insert(tensor.dtype());
                    continue;
                }
                Operand::Handle(handle) => self.handle_dtype(handle)?,
                Operand::Variable(variable) => self.variable(*variable)?.dtype,
            };
            return Ok(Some(dtype));
        }
        Ok(first_literal.filter(|_| kind.downcast::<crate::op_defs::Binary>().is_some()))
    }

    fn convert_literal(
        &self,
        tensor: Tensor,
        reference: Option<DType>,
        arg: &Arg,
        kind: &OpKind,
    ) -> TfResult<Tensor> {
        let Some(target) = reference.filter(|dtype| arg.match_dtype && *dtype != tensor.dtype())
        else {
            return Ok(tensor);
        };
        if literal_converts(tensor.dtype(), target) {
            return ops::cast(&tensor, target).map_err(TfError::from_kernel_message);
        }
        // `t + 1.5`, `t + "a"`: TF's `__add__` and `tf.add` convert `y` with `t`'s dtype only
        // as a hint, so a value that does not fit keeps its own dtype and `AddV2`'s type
        // check fails (eagerly the kernel's `InvalidArgumentError`).
        if kind.downcast::<crate::op_defs::Binary>() == Some(&crate::op_defs::Binary(BinaryOp::Add))
            && arg.name == "y"
        {
            return Ok(tensor);
        }
        Err(self.literal_conversion_error(&tensor, target, Some((arg.name, kind.op_type()))))
    }

    /// The `TypeError` of converting a Python literal to `target` when it does not fit: eager
    /// `Cannot convert 2.5 to EagerTensor of dtype int32`; in a graph, the op-def library's
    /// text when the literal is an op's input (`op_input`: the parameter and op names),
    /// else `convert_to_tensor`'s `Expected int32, but got 2.5 of type 'float'.`
    pub fn literal_conversion_error(
        &self,
        tensor: &Tensor,
        target: DType,
        op_input: Option<(&str, &str)>,
    ) -> TfError {
        let shown = if let (0, tensor::TensorData::String(values)) = (tensor.rank(), tensor.data())
        {
            // A Python `str` literal: TF shows its repr, `'a'`.
            match std::str::from_utf8(&values[0]) {
                Ok(text) if !text.contains(['\'', '\\']) && !text.chars().any(char::is_control) => {
                    format!("'{text}'")
                }
                _ => python_item_repr(tensor, 0),
            }
        } else if tensor.rank() == 0 {
            python_item_repr(tensor, 0)
        } else {
            tensor::format::numpy_str(tensor)
        };
        let python_type = match tensor.dtype() {
            dtype if dtype.is_floating() => "float",
            DType::String => "str",
            dtype => dtype.name(),
        };
        // The second mention is `str()` of the value: a Python string without quotes.
        let shown_str = match shown.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')) {
            Some(text) if tensor.dtype() == DType::String => text.to_string(),
            _ => shown.clone(),
        };
        if self.executing_eagerly() {
            return TfError::type_error(format!(
                "Cannot convert {shown} to EagerTensor of dtype {}",
                target.kernel_name()
            ));
        }
        let expected = format!(
            "Expected {target}, but got {shown_str} of type '{python_type}'.",
            target = target.name()
        );
        match op_input {
            Some((parameter, op_type)) => TfError::type_error(format!(
                "Expected {target} passed to parameter '{parameter}' of op '{op_type}', got {shown} of type '{python_type}' instead. Error: {expected}",
                target = target.name(),
            )),
            None => TfError::type_error(expected),
        }
    }

    fn eager_input(
        &mut self,
        arg: Arg,
        reference: Option<DType>,
        kind: &OpKind,
    ) -> TfResult<EagerTensor> {
        if let Some(entries) = arg.packed {
            let values = self.eager_shape_values(ShapeOperand::Packed(entries))?;
            return self.eager_input(int_arg(values, arg.name)?, reference, kind);
        }
        match arg.operand.clone() {
            Operand::Handle(Handle::Eager(tensor)) => Ok(tensor),
            // A tensor of a function body, while a custom gradient traced with it runs.
            Operand::Handle(Handle::Symbolic(tensor)) => match self.forward_value(tensor) {
                Some(value) => Ok(value),
                None => Err(TfError::type_error(format!(
                    "Attempting to capture an EagerTensor without building a function. (got the graph tensor {})",
                    self.graph(tensor.graph)?.tensor_name(tensor)
                ))),
            },
            Operand::Literal(tensor) => {
                let natural = tensor.dtype();
                let tensor = self.convert_literal(tensor, reference, &arg, kind)?;
                self.eager_literal(natural, tensor)
            }
            Operand::Variable(variable) => match self.read_variable(variable)? {
                Handle::Eager(tensor) => Ok(tensor),
                Handle::Symbolic(_) => Err(TfError::internal("an eager variable read built a graph op")),
            },
        }
    }

    /// A converted Python value as an eager tensor: TensorFlow builds it with `_EagerConst`
    /// (after a host `Cast` when `natural`, the value's own dtype, cannot convert directly),
    /// logged once per dtype and device like `tf.constant`'s (oracle TF 2.21).
    pub fn eager_literal(&mut self, natural: DType, tensor: Tensor) -> TfResult<EagerTensor> {
        let dtype = tensor.dtype();
        let constant = self.eager_constant(tensor)?;
        if self.log_device_placement {
            let device = constant.device_name.clone();
            self.log_literal_cast(natural, dtype, &device);
            self.log_eager_const(dtype, &device);
        }
        Ok(constant)
    }

    fn graph_input(
        &mut self,
        graph: GraphId,
        arg: Arg,
        reference: Option<DType>,
        kind: &OpKind,
        list_name: Option<&str>,
    ) -> TfResult<GraphTensor> {
        if let Some(entries) = arg.packed {
            return self.pack_entries(
                graph,
                entries,
                arg.name,
                PackDtype::InferredElse(DType::Int32),
            );
        }
        match arg.operand.clone() {
            Operand::Handle(Handle::Symbolic(tensor)) if tensor.graph == graph => Ok(tensor),
            Operand::Handle(Handle::Symbolic(tensor)) => match self.capture_outer(graph, tensor)? {
                Some(captured) => Ok(captured),
                None => Err(TfError::value_error(format!(
                    "Tensor(\"{}\") must be from the same graph as the op being built.",
                    self.graph(tensor.graph)?.tensor_name(tensor)
                ))),
            },
            Operand::Handle(Handle::Eager(tensor)) => self.capture(graph, &tensor, arg.name),
            Operand::Literal(tensor) => {
                let tensor = self.convert_literal(tensor, reference, &arg, kind)?;
                self.const_op(graph, tensor, OpName::Unique(list_name.unwrap_or(arg.name)))
            }
            Operand::Variable(variable) => match self.read_variable(variable)? {
                Handle::Symbolic(tensor) => Ok(tensor),
                Handle::Eager(tensor) => self.capture(graph, &tensor, arg.name),
            },
        }
    }

    /// `operand` as an input of a graph op being built (a converted literal is named
    /// `name`): the tensor, a capture of an eager tensor, or a read of a variable.
    pub fn graph_operand(
        &mut self,
        graph: GraphId,
        operand: Operand,
        name: &'static str,
    ) -> TfResult<GraphTensor> {
        let arg = scalar_arg_operand(operand, name);
        let kind = crate::op_defs::NoOp::kind();
        self.graph_input(graph, arg, None, &kind, None)
    }

    /// Uses an eager tensor as the input `name` of an op inside a graph: a capture of a
    /// function being traced, or a `Const` holding its value in a user graph.
    /// `tf.convert_to_tensor(eager_tensor, name=...)` while a function is traced: the
    /// tensor captured now, under `name` (TensorFlow's `FuncGraph.capture`), rather than
    /// when an op first takes it. `None` outside a function graph.
    pub fn capture_converted(
        &mut self,
        tensor: &EagerTensor,
        name: &str,
    ) -> TfResult<Option<Handle>> {
        match self.default_graph() {
            Some(graph) if matches!(self.graph(graph)?.kind, GraphKind::Function { .. }) => {
                Ok(Some(Handle::Symbolic(
                    self.capture_in_trace(graph, tensor, name)?,
                )))
            }
            _ => Ok(None),
        }
    }

    fn capture(
        &mut self,
        graph: GraphId,
        tensor: &EagerTensor,
        name: &str,
    ) -> TfResult<GraphTensor> {
        if matches!(self.graph(graph)?.kind, GraphKind::Function { .. }) {
            return self.capture_in_trace(graph, tensor, name);
        }
        let value = tensor.tensor()?.clone();
        self.const_op(graph, value, OpName::Unique("Const"))
    }

    pub fn const_op(
        &mut self,
        graph: GraphId,
        tensor: Tensor,
        name: OpName<'_>,
    ) -> TfResult<GraphTensor> {
        let stack = self.call_stack().to_vec();
        let operation = self.graph_mut(graph)?.create_op(
            crate::op_defs::Const::kind(tensor),
            name,
            Vec::new(),
            &stack,
        )?;
        Ok(GraphTensor {
            graph,
            operation,
            output: 0,
        })
    }

    // ---- Handles -----------------------------------------------------------------------

    /// `t.dtype`.
    pub fn handle_dtype(&self, handle: &Handle) -> TfResult<DType> {
        let value_type = match handle {
            Handle::Eager(tensor) => tensor.value.value_type(),
            Handle::Symbolic(tensor) => self
                .graph(tensor.graph)?
                .tensor_fact(*tensor)
                .map(|fact| fact.value_type)
                .ok_or_else(|| TfError::internal("unknown graph tensor"))?,
        };
        match value_type {
            ValueType::Dense(dtype) | ValueType::Ref(dtype) => Ok(dtype),
            ValueType::Resource => Err(TfError::internal("resource handles have no value dtype")),
        }
    }

    /// `tensor.set_shape(shape)`: eagerly a check that the shapes are compatible; in a
    /// graph the static shape becomes what both shapes say (TensorFlow's shape-merge
    /// errors when they disagree).
    pub fn set_shape(&mut self, handle: &Handle, shape: &TensorShape) -> TfResult<()> {
        let current = self.handle_shape(handle)?;
        match handle {
            Handle::Eager(_) => {
                if !current.is_compatible_with(shape) {
                    return Err(TfError::value_error(format!(
                        "Tensor's shape {current} is not compatible with supplied shape {shape}."
                    )));
                }
                Ok(())
            }
            Handle::Symbolic(tensor) => {
                if let (Some(a), Some(b)) = (current.dims(), shape.dims()) {
                    if a.len() != b.len() {
                        return Err(TfError::value_error(format!(
                            "Shapes must be equal rank, but are {} and {}",
                            a.len(),
                            b.len()
                        )));
                    }
                    let text = |dims: &[Option<usize>]| {
                        let parts: Vec<String> = dims
                            .iter()
                            .map(|d| d.map_or_else(|| "?".to_string(), |d| d.to_string()))
                            .collect();
                        format!("[{}]", parts.join(","))
                    };
                    for (index, (x, y)) in a.iter().zip(b).enumerate() {
                        if let (Some(x), Some(y)) = (x, y) {
                            if x != y {
                                return Err(TfError::value_error(format!(
                                    "Dimension {index} in both shapes must be equal, but are {x} and {y}. Shapes are {} and {}.",
                                    text(a),
                                    text(b)
                                )));
                            }
                        }
                    }
                }
                let merged = current
                    .merge_with(shape)
                    .ok_or_else(|| TfError::internal("compatible shapes did not merge"))?;
                self.graph_mut(tensor.graph)?
                    .set_output_shape(*tensor, merged);
                Ok(())
            }
        }
    }

    /// `t.shape`: exact for eager tensors, static for graph tensors.
    pub fn handle_shape(&self, handle: &Handle) -> TfResult<TensorShape> {
        match handle {
            Handle::Eager(tensor) => Ok(tensor
                .value
                .shape()
                .map_or_else(|| TensorShape::new(Vec::new()), TensorShape::from)),
            Handle::Symbolic(tensor) => Ok(self
                .graph(tensor.graph)?
                .tensor_fact(*tensor)
                .map_or_else(TensorShape::unknown, |fact| fact.shape.clone())),
        }
    }

    /// `t.device`: the full name of an eager tensor's device, or a graph op's requested
    /// device (`/device:CPU:0`, or `""`).
    pub fn handle_device(&self, handle: &Handle) -> TfResult<String> {
        match handle {
            Handle::Eager(tensor) => Ok(tensor.device_name.clone()),
            Handle::Symbolic(tensor) => Ok(self
                .graph(tensor.graph)?
                .operation(tensor.operation)
                .map(|operation| operation.device.clone())
                .unwrap_or_default()),
        }
    }

    /// `t.name` of a graph tensor (`add:0`); eager tensors have none (the binding raises
    /// `AttributeError`).
    pub fn handle_name(&self, handle: &Handle) -> TfResult<Option<String>> {
        match handle {
            Handle::Eager(_) => Ok(None),
            Handle::Symbolic(tensor) => Ok(Some(self.graph(tensor.graph)?.tensor_name(*tensor))),
        }
    }

    /// `t.op.type` / `t.op.name` of a graph tensor.
    pub fn handle_operation(&self, handle: &Handle) -> TfResult<Option<(String, String)>> {
        match handle {
            Handle::Eager(_) => Ok(None),
            Handle::Symbolic(tensor) => Ok(self
                .graph(tensor.graph)?
                .operation(tensor.operation)
                .map(|op| (op.name.clone(), op.kind.op_type().to_string()))),
        }
    }

    // ---- tf.* functions ----------------------------------------------------------------

    /// `tf.constant(value, name=...)`.
    pub fn constant(&mut self, tensor: Tensor, name: Option<&str>) -> TfResult<Handle> {
        match self.default_graph() {
            None => {
                let dtype = tensor.dtype();
                let constant = self.eager_constant(tensor)?;
                self.log_eager_const(dtype, &constant.device_name.clone());
                Ok(Handle::Eager(constant))
            }
            Some(graph) => Ok(Handle::Symbolic(self.const_op(
                graph,
                tensor,
                OpName::Unique(name.unwrap_or("Const")),
            )?)),
        }
    }

    /// A tensor of `dtype` and `shape` whose numbers are not computed (values on demand):
    /// what a value over the run's budget is made as, `why` saying so. Eagerly it is placed
    /// as a constant; a graph cannot hold one.
    pub fn uncomputed(&mut self, dtype: DType, shape: Shape, why: &str) -> TfResult<Handle> {
        if self.default_graph().is_some() {
            return Err(TfError::new(
                crate::error::ExceptionClass::ResourceExhausted,
                why.to_string(),
            ));
        }
        let value = Value::Uncomputed(crate::op::Uncomputed {
            dtype,
            shape,
            why: why.into(),
        });
        Ok(Handle::Eager(self.eager_value(value)?))
    }

    /// A binary operator or function: `x + y` (`add`), `x * y`, `x > y`, `tf.maximum`.
    pub fn binary(
        &mut self,
        op: BinaryOp,
        x: Operand,
        y: Operand,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let kind = crate::op_defs::Binary::kind(op);
        let default_name = default_eager_name(&kind);
        self.apply(kind, &default_name, name, vec![arg(x, "x"), arg(y, "y")])
    }

    /// `tf.clip_by_value(t, clip_value_min, clip_value_max)`: TensorFlow's Python composite,
    /// `Minimum` with the upper bound, then `Maximum` with the lower one, named
    /// `clip_by_value/Minimum` and `clip_by_value` in a graph.
    pub fn clip_by_value(
        &mut self,
        t: Operand,
        min: Operand,
        max: Operand,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let scope = self.enter_composite_scope(name.unwrap_or("clip_by_value"))?;
        let result = (|| {
            let lowered = self.apply(
                crate::op_defs::Binary::kind(BinaryOp::Minimum),
                "Minimum",
                None,
                vec![arg(t, "x"), arg(max, "y")],
            )?;
            self.apply_exact(
                crate::op_defs::Binary::kind(BinaryOp::Maximum),
                scope.as_ref().map(|(_, name)| name.as_str()),
                "Maximum",
                vec![arg(lowered.into(), "x"), arg(min, "y")],
            )
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// `tf.math.reduce_variance` (and, with `std`, `tf.math.reduce_std`): TensorFlow's
    /// Python composite, `Mean` (kept dims), `sub`, `Square`, `Mean` (then `Sqrt`), in the
    /// name scopes `reduce_variance` / `reduce_std/reduce_variance`.
    pub fn reduce_variance(
        &mut self,
        x: Operand,
        axis: Option<Vec<i64>>,
        keep_dims: bool,
        std: bool,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let outer = if std { "reduce_std" } else { "reduce_variance" };
        let scope = self.enter_composite_scope(name.unwrap_or(outer))?;
        let result = (|| {
            let inner = if std {
                self.enter_composite_scope("reduce_variance")?
            } else {
                None
            };
            let variance = (|| {
                let means = self.reduce(ReduceOp::Mean, x.clone(), axis.clone(), true, None)?;
                let dtype = self.handle_dtype(&means)?;
                if dtype.is_integer() {
                    return Err(TfError::type_error(format!(
                        "Input must be either real or complex. Received integer type {}.",
                        dtype.repr()
                    )));
                }
                let diff = self.binary(BinaryOp::Sub, x, means.into(), None)?;
                let squared = self.unary(UnaryOp::Square, diff.into(), None)?;
                self.reduce(ReduceOp::Mean, squared.into(), axis, keep_dims, None)
            })();
            self.leave_composite_scope(inner)?;
            let variance = variance?;
            if std {
                self.unary(UnaryOp::Sqrt, variance.into(), None)
            } else {
                Ok(variance)
            }
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// `tf.math.count_nonzero(input, axis, keepdims, dtype)`: TensorFlow's composite,
    /// `cast(reduce_sum(cast(not_equal(input, zeros([])), int64), axis), dtype)` in a
    /// `count_nonzero` scope.
    pub fn count_nonzero(
        &mut self,
        input: Operand,
        axis: Option<Vec<i64>>,
        keep_dims: bool,
        dtype: DType,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let scope = self.enter_composite_scope(name.unwrap_or("count_nonzero"))?;
        let result = (|| {
            let input = match input {
                Operand::Literal(tensor) => {
                    Operand::Handle(self.named_literal(scalar_arg(tensor, "input"))?)
                }
                other => other,
            };
            let input_dtype = self.operand_dtype(&input)?;
            let zero = self.filled(false, &[], input_dtype, None)?;
            let nonzero = self.binary(BinaryOp::NotEqual, input, zero.into(), None)?;
            let counts = self.cast(nonzero.into(), DType::Int64, None)?;
            let total = self.reduce(ReduceOp::Sum, counts.into(), axis, keep_dims, None)?;
            if dtype == DType::Int64 {
                Ok(total)
            } else {
                self.cast(total.into(), dtype, None)
            }
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// `tf.eye(num_rows, num_columns, batch_shape, dtype)`: TensorFlow's composite in an
    /// `eye` scope: `ones` for the diagonals, spread by `MatrixDiagV3` (`diag`) for square
    /// matrices, or set into `zeros` by `MatrixSetDiagV3` (`set_diag`).
    pub fn eye(
        &mut self,
        num_rows: i64,
        num_columns: i64,
        batch_shape: &[i64],
        dtype: DType,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let scope = self.enter_composite_scope(name.unwrap_or("eye"))?;
        let result = (|| {
            let mut diag_shape = batch_shape.to_vec();
            diag_shape.push(num_rows.min(num_columns));
            let ones = self.filled(true, &diag_shape, dtype, None)?;
            let main_diagonal = Operand::Literal(Tensor::scalar(0i32));
            if num_rows == num_columns {
                let padding = ops::zeros(&[], dtype).map_err(TfError::from_kernel_message)?;
                let inputs = vec![
                    (ones.into(), "diagonal", true),
                    (main_diagonal, "k", false),
                    (Operand::Literal(Tensor::scalar(-1i32)), "num_rows", false),
                    (Operand::Literal(Tensor::scalar(-1i32)), "num_cols", false),
                    (Operand::Literal(padding), "padding_value", false),
                ];
                return self.array_op(
                    crate::op_defs::MatrixDiag::kind(),
                    "MatrixDiagV3",
                    Some("diag"),
                    inputs,
                );
            }
            let mut shape = batch_shape.to_vec();
            shape.extend([num_rows, num_columns]);
            let zeros = self.filled(false, &shape, dtype, None)?;
            let inputs = vec![
                (zeros.into(), "input", true),
                (ones.into(), "diagonal", true),
                (main_diagonal, "k", false),
            ];
            self.array_op(
                crate::op_defs::MatrixSetDiag::kind(),
                "MatrixSetDiagV3",
                Some("set_diag"),
                inputs,
            )
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// `tf.nn.l2_normalize(x, axis, epsilon=1e-12)`: TensorFlow's composite, `x *
    /// rsqrt(maximum(reduce_sum(square(x), axis, keepdims=True), epsilon))`, the `Mul` named
    /// `l2_normalize` in a graph.
    pub fn l2_normalize(
        &mut self,
        x: Operand,
        axis: Option<Vec<i64>>,
        epsilon: f64,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let scope = self.enter_composite_scope(name.unwrap_or("l2_normalize"))?;
        let result = (|| {
            let squared = self.unary(UnaryOp::Square, x.clone(), None)?;
            let square_sum = self.reduce(ReduceOp::Sum, squared.into(), axis, true, None)?;
            let dtype = self.handle_dtype(&square_sum)?;
            let epsilon =
                ops::cast(&Tensor::scalar(epsilon), dtype).map_err(TfError::from_kernel_message)?;
            let floored =
                self.binary(BinaryOp::Maximum, square_sum.into(), epsilon.into(), None)?;
            let inverse_norm = self.unary(UnaryOp::Rsqrt, floored.into(), None)?;
            self.apply_exact(
                crate::op_defs::Binary::kind(BinaryOp::Mul),
                scope.as_ref().map(|(_, name)| name.as_str()),
                "Mul",
                vec![arg(x, "x"), arg(inverse_norm.into(), "y")],
            )
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// A unary function (`tf.negative` → `Neg`, `tf.sqrt`).
    pub fn unary(&mut self, op: UnaryOp, x: Operand, name: Option<&str>) -> TfResult<Handle> {
        let kind = crate::op_defs::Unary::kind(op);
        let default_name = default_eager_name(&kind);
        self.apply(kind, &default_name, name, vec![arg(x, "x")])
    }

    /// `tf.matmul(a, b, transpose_a, transpose_b)`: `MatMul`, or `BatchMatMulV2` when an
    /// input's static rank is not 2 (unknown, 0 or above 2), named `MatMul` either way.
    pub fn matmul(
        &mut self,
        a: Operand,
        b: Operand,
        options: MatMulOptions,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let rank = |ctx: &Self, operand: &Operand| -> TfResult<Option<usize>> {
            Ok(ctx.operand_shape(operand)?.dims().map(<[_]>::len))
        };
        let options = MatMulOptions {
            batched: MatMulOptions::batched_for_ranks(rank(self, &a)?, rank(self, &b)?),
            ..options
        };
        self.apply(
            crate::op_defs::MatMul::kind(options),
            "MatMul",
            name,
            vec![arg(a, "a"), arg(b, "b")],
        )
    }

    /// `tf.reduce_sum` and friends. With an axis, the axis is converted inside the op's
    /// scope (`Mean/reduction_indices`); without, TensorFlow builds `range(rank)` first as
    /// a top-level `Const`.
    pub fn reduce(
        &mut self,
        op: ReduceOp,
        x: Operand,
        axis: Option<Vec<i64>>,
        keep_dims: bool,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let kind = crate::op_defs::Reduce::kind(op, keep_dims);
        let default_name = op.op_type().name();
        let axes = match axis {
            Some(axes) => {
                let mut axes_arg = int_arg(axes.clone(), "reduction_indices")?;
                if axes.len() == 1 {
                    let scalar = Tensor::scalar(
                        i32::try_from(axes[0])
                            .map_err(|_| TfError::value_error("axis out of range"))?,
                    );
                    axes_arg = scalar_arg(scalar, "reduction_indices");
                }
                axes_arg
            }
            None => {
                let rank = self.operand_rank(&x)?.ok_or_else(|| {
                    TfError::value_error(
                        "reductions over inputs of unknown rank are not emulated yet",
                    )
                })?;
                let all_axes: Vec<i64> = (0..rank as i64).collect();
                let axes = int_arg(all_axes, "Const")?;
                let Operand::Literal(tensor) = axes.operand else {
                    return Err(TfError::internal("axes literal"));
                };
                let handle = self.constant(tensor, None)?;
                Arg {
                    operand: Operand::Handle(handle),
                    packed: None,
                    name: "reduction_indices",
                    match_dtype: false,
                }
            }
        };
        self.apply(kind, default_name, name, vec![arg(x, "input"), axes])
    }

    fn operand_rank(&self, operand: &Operand) -> TfResult<Option<usize>> {
        Ok(self.operand_shape(operand)?.dims().map(<[_]>::len))
    }

    /// An operand's static shape: a handle's (partly known in a graph), a variable's, a
    /// literal's.
    pub fn operand_shape(&self, operand: &Operand) -> TfResult<TensorShape> {
        Ok(match operand {
            Operand::Handle(handle) => self.handle_shape(handle)?,
            Operand::Variable(id) => self.variable(*id)?.shape.clone(),
            Operand::Literal(tensor) => tensor.shape().into(),
        })
    }

    /// An operand's dtype.
    pub fn operand_dtype(&self, operand: &Operand) -> TfResult<DType> {
        Ok(match operand {
            Operand::Handle(handle) => self.handle_dtype(handle)?,
            Operand::Variable(id) => self.variable(*id)?.dtype,
            Operand::Literal(tensor) => tensor.dtype(),
        })
    }

    /// `tf.reshape(x, shape)`.
    pub fn reshape(&mut self, x: Operand, shape: Vec<i64>, name: Option<&str>) -> TfResult<Handle> {
        self.reshape_to(x, ShapeOperand::Known(shape), name)
    }

    /// `tf.reshape(x, shape)` whose shape may be a tensor or a list with tensors in it.
    pub fn reshape_to(
        &mut self,
        x: Operand,
        shape: ShapeOperand,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let shape = shape_arg(shape, "shape")?;
        self.apply(
            crate::op_defs::Reshape::kind(),
            "Reshape",
            name,
            vec![arg(x, "tensor"), shape],
        )
    }

    /// `tf.fill(dims, value)`.
    pub fn fill(
        &mut self,
        dims: ShapeOperand,
        value: Operand,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let dims = shape_arg(dims, "dims")?;
        let value = scalar_arg_operand(value, "value");
        self.apply(
            crate::op_defs::Fill::kind(),
            "Fill",
            name,
            vec![dims, value],
        )
    }

    /// `tf.tile(input, multiples)`.
    pub fn tile(
        &mut self,
        input: Operand,
        multiples: ShapeOperand,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let multiples = shape_arg(multiples, "multiples")?;
        self.apply(
            crate::op_defs::Tile::kind(),
            "Tile",
            name,
            vec![arg(input, "input"), multiples],
        )
    }

    /// `tf.broadcast_to(input, shape)`; the shape may be a tensor or a list with tensors.
    pub fn broadcast_to(
        &mut self,
        input: Operand,
        shape: ShapeOperand,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let shape = shape_arg(shape, "shape")?;
        self.apply(
            crate::op_defs::BroadcastTo::kind(),
            "BroadcastTo",
            name,
            vec![arg(input, "input"), shape],
        )
    }

    /// `tf.slice(input_, begin, size)`; begin and size may be tensors or lists with tensors.
    pub fn slice_begin_size(
        &mut self,
        input: Operand,
        begin: ShapeOperand,
        size: ShapeOperand,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let begin = shape_arg(begin, "begin")?;
        let size = shape_arg(size, "size")?;
        self.apply(
            crate::op_defs::Slice::kind(),
            "Slice",
            name,
            vec![arg(input, "input"), begin, size],
        )
    }

    /// `tf.identity(x)`.
    pub fn identity(&mut self, x: Operand, name: Option<&str>) -> TfResult<Handle> {
        self.apply(
            crate::op_defs::Identity::kind(),
            "Identity",
            name,
            vec![arg(x, "input")],
        )
    }

    /// `tf.stop_gradient(x)`: the value of `x`, which gradients do not flow through.
    pub fn stop_gradient(&mut self, x: Operand, name: Option<&str>) -> TfResult<Handle> {
        self.apply(
            crate::op_defs::StopGradient::kind(),
            "StopGradient",
            name,
            vec![arg(x, "input")],
        )
    }

    /// `tf.cast(x, dtype)`.
    pub fn cast(&mut self, x: Operand, dtype: DType, name: Option<&str>) -> TfResult<Handle> {
        self.apply(
            crate::op_defs::Cast::kind(dtype),
            "Cast",
            name,
            vec![arg(x, "x")],
        )
    }

    /// `tf.where(condition, x, y)` (`SelectV2`).
    pub fn where_select(
        &mut self,
        condition: Operand,
        x: Operand,
        y: Operand,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let condition = Arg {
            operand: condition,
            packed: None,
            name: "condition",
            match_dtype: false,
        };
        self.apply(
            crate::op_defs::SelectV2::kind(),
            "SelectV2",
            name,
            vec![condition, arg(x, "t"), arg(y, "e")],
        )
    }

    /// `tf.ones(shape, dtype)` / `tf.zeros(shape, dtype)`: a constant named `ones`/`zeros`.
    pub fn filled(
        &mut self,
        one: bool,
        shape: &[i64],
        dtype: DType,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        self.filled_to(one, ShapeOperand::Known(shape.to_vec()), dtype, name)
    }

    /// `tf.ones(shape, dtype)` / `tf.zeros(shape, dtype)` whose shape may be a tensor or a
    /// list with tensors in it.
    pub fn filled_to(
        &mut self,
        one: bool,
        shape: ShapeOperand,
        dtype: DType,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let default_name = if one { "ones" } else { "zeros" };
        let shape = match (shape, self.default_graph()) {
            (ShapeOperand::Known(values), _) => values,
            (shape, None) => self.eager_shape_values(shape)?,
            (shape, Some(_)) => {
                return self.filled_from_tensor(one, shape, dtype, name.unwrap_or(default_name))
            }
        };
        let shape = shape.as_slice();
        if self.default_graph().is_none() {
            // Eager `tf.zeros` is a `Fill` op on the default device (a GPU when there is
            // one), fed by host constants; graphs fold it into a constant.
            let value = ops::cast(&Tensor::scalar(if one { 1.0 } else { 0.0 }), dtype)
                .map_err(TfError::from_kernel_message)?;
            return self
                .apply(
                    crate::op_defs::Fill::kind(),
                    "Fill",
                    name,
                    vec![int_arg(shape.to_vec(), "dims")?, scalar_arg(value, "value")],
                )
                .map_err(|mut error| {
                    // `tf.zeros` / `tf.ones` pass their (eagerly empty) name scope on to
                    // `fill`, so TensorFlow's message ends in ` name: ` on either path.
                    if error.message.ends_with("[Op:Fill]") {
                        error.message.push_str(" name: ");
                    }
                    error
                });
        }
        // `_constant_if_small`: a graph holds a constant only below 1000 elements; larger
        // ones are a `Fill` of `shape_as_tensor`, so the graph stays small.
        let count = shape
            .iter()
            .map(|dim| (*dim).max(0) as u64)
            .fold(1u64, u64::saturating_mul);
        if count >= 1000 {
            return self.filled_from_tensor(
                one,
                ShapeOperand::Known(shape.to_vec()),
                dtype,
                name.unwrap_or(default_name),
            );
        }
        let tensor = if one {
            ops::ones(shape, dtype)
        } else {
            ops::zeros(shape, dtype)
        }
        .map_err(TfError::from_kernel_message)?;
        match self.default_graph() {
            None => Ok(Handle::Eager(self.eager_constant(tensor)?)),
            Some(graph) => {
                let scope = self
                    .graph_mut(graph)?
                    .unique_name(name.unwrap_or(default_name));
                Ok(Handle::Symbolic(self.const_op(
                    graph,
                    tensor,
                    OpName::Exact(&scope),
                )?))
            }
        }
    }

    /// `tf.zeros(shape)` / `tf.ones(shape)` in a graph whose shape is a tensor, a list
    /// with tensors in it, or known but large: `zeros/packed` (the list's `Pack`) or
    /// `zeros/shape_as_tensor`, `zeros/Const` (the value) and the `Fill` named `zeros`.
    fn filled_from_tensor(
        &mut self,
        one: bool,
        shape: ShapeOperand,
        dtype: DType,
        name: &str,
    ) -> TfResult<Handle> {
        let value = ops::cast(&Tensor::scalar(if one { 1.0 } else { 0.0 }), dtype)
            .map_err(TfError::from_kernel_message)?;
        let scope = self.enter_composite_scope(name)?;
        let exact = scope.as_ref().map(|(_, name)| name.clone());
        let result = (|| {
            let dims = match shape {
                ShapeOperand::Known(values) => {
                    self.named_literal(int_arg(values, "shape_as_tensor")?)?
                }
                shape => self.named_shape(shape, "packed", PackDtype::Exactly(DType::Int32))?,
            };
            let value = self.named_literal(scalar_arg(value, "Const"))?;
            self.apply_exact(
                crate::op_defs::Fill::kind(),
                exact.as_deref(),
                "Fill",
                vec![
                    scalar_arg_operand(dims.into(), "dims"),
                    scalar_arg_operand(value.into(), "value"),
                ],
            )
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// A shape argument of a composite as a tensor of the current scope: a `Const` named
    /// `shape` for known entries, the tensor as is, or the `Pack` of a list named `packed`.
    fn named_shape(
        &mut self,
        shape: ShapeOperand,
        packed_name: &'static str,
        dtype: PackDtype,
    ) -> TfResult<Handle> {
        match (shape, self.default_graph()) {
            (ShapeOperand::Known(values), _) => self.named_literal(int_arg(values, "shape")?),
            (ShapeOperand::Tensor(Operand::Handle(handle)), _) => Ok(handle),
            (ShapeOperand::Tensor(operand), Some(graph)) => Ok(Handle::Symbolic(
                self.graph_operand(graph, operand, "shape")?,
            )),
            (ShapeOperand::Packed(entries), Some(graph)) => Ok(Handle::Symbolic(
                self.pack_entries(graph, entries, packed_name, dtype)?,
            )),
            (shape, None) => {
                let values = self.eager_shape_values(shape)?;
                self.named_literal(int_arg(values, "shape")?)
            }
        }
    }

    /// `tf.random.normal(shape, mean, stddev, dtype, seed)`: `random_normal/shape`,
    /// `/mean`, `/stddev`, `/RandomStandardNormal`, `/mul`, and the result `random_normal`.
    pub fn random_normal(
        &mut self,
        shape: ShapeOperand,
        mean: f64,
        stddev: f64,
        dtype: DType,
        seed: Option<u64>,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        self.scaled_normal(
            crate::op_defs::Distribution::StandardNormal,
            (shape, mean, stddev, dtype, seed),
            name.unwrap_or("random_normal"),
        )
    }

    /// `tf.random.truncated_normal(shape, mean, stddev, dtype, seed)`: `TruncatedNormal`
    /// times `stddev` plus `mean`, in a `truncated_normal` scope.
    pub fn truncated_normal(
        &mut self,
        shape: ShapeOperand,
        mean: f64,
        stddev: f64,
        dtype: DType,
        seed: Option<u64>,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        self.scaled_normal(
            crate::op_defs::Distribution::TruncatedNormal,
            (shape, mean, stddev, dtype, seed),
            name.unwrap_or("truncated_normal"),
        )
    }

    /// A normal sampler's op in `scope_name`, then `* stddev + mean` (`mul`, `add`).
    fn scaled_normal(
        &mut self,
        distribution: crate::op_defs::Distribution,
        (shape, mean, stddev, dtype, seed): (ShapeOperand, f64, f64, DType, Option<u64>),
        scope_name: &str,
    ) -> TfResult<Handle> {
        let scalar = |value: f64| {
            ops::cast(&Tensor::scalar(value), dtype).map_err(TfError::from_kernel_message)
        };
        let (mean, stddev) = (scalar(mean)?, scalar(stddev)?);
        let seeds = self.op_seeds(seed.map(|seed| seed as i64))?;
        let op_name = match distribution {
            crate::op_defs::Distribution::TruncatedNormal => "TruncatedNormal",
            _ => "RandomStandardNormal",
        };
        let scope = self.enter_composite_scope(scope_name)?;
        let result = (|| {
            let shape = self.named_shape(shape, "shape", PackDtype::Inferred)?;
            let mean = self.named_literal(scalar_arg(mean, "mean"))?;
            let stddev = self.named_literal(scalar_arg(stddev, "stddev"))?;
            let sample = self.apply(
                crate::op_defs::RandomOp::kind(distribution, dtype, seeds),
                op_name,
                None,
                vec![arg(shape.into(), "shape")],
            )?;
            let scaled = self.apply(
                crate::op_defs::Binary::kind(BinaryOp::Mul),
                "mul",
                None,
                vec![arg(sample.into(), "x"), arg(stddev.into(), "y")],
            )?;
            self.apply_exact(
                crate::op_defs::Binary::kind(BinaryOp::Add),
                scope.as_ref().map(|(_, name)| name.as_str()),
                "add",
                vec![arg(scaled.into(), "x"), arg(mean.into(), "y")],
            )
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// `tf.range(start, limit, delta)`: Python numbers become `range/start`, `range/limit`,
    /// `range/delta`; then every argument not of `dtype` is cast (`range/Cast`, ...) as
    /// TensorFlow's wrapper does, and `Range` is named `range`.
    pub fn range(
        &mut self,
        start: Operand,
        limit: Operand,
        delta: Operand,
        dtype: DType,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let scope = self.enter_composite_scope(name.unwrap_or("range"))?;
        let result = (|| {
            let mut operands = Vec::with_capacity(3);
            for (operand, what) in [(start, "start"), (limit, "limit"), (delta, "delta")] {
                operands.push(match operand {
                    Operand::Literal(tensor) => {
                        Operand::Handle(self.named_literal(scalar_arg(tensor, what))?)
                    }
                    other => other,
                });
            }
            let mut args = Vec::with_capacity(3);
            for (operand, what) in operands.into_iter().zip(["start", "limit", "delta"]) {
                let operand_dtype = self.operand_dtype(&operand)?;
                let operand = if operand_dtype == dtype {
                    operand
                } else {
                    Operand::Handle(self.cast(operand, dtype, None)?)
                };
                args.push(arg(operand, what));
            }
            self.apply_exact(
                crate::op_defs::Range::kind(),
                scope.as_ref().map(|(_, name)| name.as_str()),
                "Range",
                args,
            )
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// `tf.compat.v1.placeholder(dtype, shape, name)`; graph mode only.
    pub fn placeholder(
        &mut self,
        dtype: DType,
        shape: TensorShape,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let graph = self.default_graph().ok_or_else(|| {
            TfError::new(
                crate::error::ExceptionClass::RuntimeError,
                "tf.placeholder() is not compatible with eager execution.",
            )
        })?;
        let stack = self.call_stack().to_vec();
        let operation = self.graph_mut(graph)?.create_op(
            crate::op_defs::Placeholder::kind(dtype, shape),
            OpName::Unique(name.unwrap_or("Placeholder")),
            Vec::new(),
            &stack,
        )?;
        Ok(Handle::Symbolic(GraphTensor {
            graph,
            operation,
            output: 0,
        }))
    }

    /// `tf.device(spec)` entry for graph mode's `colocate_with(op)`.
    pub fn push_colocation(&mut self, operation: OperationId) -> TfResult<()> {
        let graph = self
            .default_graph()
            .ok_or_else(|| TfError::value_error("colocate_with needs a graph"))?;
        self.graph_mut(graph)?.push_colocation(operation);
        Ok(())
    }

    /// Leaves `colocate_with`.
    pub fn pop_colocation(&mut self) -> TfResult<()> {
        if let Some(graph) = self.default_graph() {
            self.graph_mut(graph)?.pop_colocation();
        }
        Ok(())
    }

    /// The frames of the call being made, for the binding's tests and errors.
    pub fn frames(&self) -> Vec<StackFrame> {
        self.call_stack().to_vec()
    }

    /// Applies an array op (`Transpose`, `ConcatV2`, `OneHot`...) to `inputs`, each an
    /// operand with its op-def argument name (which names a converted literal, as in
    /// `transpose/perm`) and whether a literal takes the dtype of the first tensor input.
    pub fn array_op(
        &mut self,
        kind: OpKind,
        default_name: &str,
        name: Option<&str>,
        inputs: Vec<(Operand, &'static str, bool)>,
    ) -> TfResult<Handle> {
        let args = inputs
            .into_iter()
            .map(|(operand, name, match_dtype)| Arg {
                operand,
                packed: None,
                name,
                match_dtype,
            })
            .collect();
        self.apply(kind, default_name, name, args)
    }

    /// [`Context::array_op`] for an op with several outputs (`Split`, `Unpack`): every
    /// output, in order.
    pub fn array_op_outputs(
        &mut self,
        kind: OpKind,
        default_name: &str,
        name: Option<&str>,
        inputs: Vec<(Operand, &'static str, bool)>,
    ) -> TfResult<Vec<Handle>> {
        let args = inputs
            .into_iter()
            .map(|(operand, name, match_dtype)| Arg {
                operand,
                packed: None,
                name,
                match_dtype,
            })
            .collect();
        self.apply_outputs(kind, default_name, name, args)
    }

    /// `tf.random.uniform(shape, minval, maxval, dtype, seed)`: `random_uniform/shape`,
    /// `/RandomUniform` (and `/min`, `/max`, `/sub`, `/mul` and the `AddV2` named
    /// `random_uniform` for another range); integers use one `RandomUniformInt`.
    #[allow(clippy::too_many_arguments)]
    pub fn random_uniform(
        &mut self,
        shape: ShapeOperand,
        minval: f64,
        maxval: f64,
        dtype: DType,
        seed: Option<u64>,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let scalar = |value: f64| {
            ops::cast(&Tensor::scalar(value), dtype).map_err(TfError::from_kernel_message)
        };
        let (low, high) = (scalar(minval)?, scalar(maxval)?);
        let seeds = self.op_seeds(seed.map(|seed| seed as i64))?;
        let scope = self.enter_composite_scope(name.unwrap_or("random_uniform"))?;
        let exact = scope.as_ref().map(|(_, name)| name.clone());
        let result = (|| {
            let shape = self.named_shape(shape, "shape", PackDtype::Inferred)?;
            if dtype.is_integer() {
                let low = self.named_literal(scalar_arg(low, "min"))?;
                let high = self.named_literal(scalar_arg(high, "max"))?;
                return self.apply_exact(
                    crate::op_defs::RandomOp::kind(
                        crate::op_defs::Distribution::UniformInt,
                        dtype,
                        seeds,
                    ),
                    exact.as_deref(),
                    "RandomUniformInt",
                    vec![
                        arg(shape.into(), "shape"),
                        arg(low.into(), "minval"),
                        arg(high.into(), "maxval"),
                    ],
                );
            }
            if minval == 0.0 && maxval == 1.0 {
                return self.apply(
                    crate::op_defs::RandomOp::kind(
                        crate::op_defs::Distribution::Uniform,
                        dtype,
                        seeds,
                    ),
                    "RandomUniform",
                    None,
                    vec![arg(shape.into(), "shape")],
                );
            }
            let low = self.named_literal(scalar_arg(low, "min"))?;
            let high = self.named_literal(scalar_arg(high, "max"))?;
            let sample = self.apply(
                crate::op_defs::RandomOp::kind(crate::op_defs::Distribution::Uniform, dtype, seeds),
                "RandomUniform",
                None,
                vec![arg(shape.into(), "shape")],
            )?;
            let range = self.apply(
                crate::op_defs::Binary::kind(BinaryOp::Sub),
                "sub",
                None,
                vec![arg(high.into(), "x"), arg(low.clone().into(), "y")],
            )?;
            let scaled = self.apply(
                crate::op_defs::Binary::kind(BinaryOp::Mul),
                "mul",
                None,
                vec![arg(sample.into(), "x"), arg(range.into(), "y")],
            )?;
            self.apply_exact(
                crate::op_defs::Binary::kind(BinaryOp::Add),
                exact.as_deref(),
                "add",
                vec![arg(scaled.into(), "x"), arg(low.into(), "y")],
            )
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// `tf.image.resize(images, size, method)` on 4-D images: `resize/size` and
    /// `resize/ResizeBilinear` (or `ResizeNearestNeighbor`).
    pub fn resize(
        &mut self,
        images: Operand,
        size: Vec<i64>,
        nearest: bool,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let scope = self.enter_composite_scope(name.unwrap_or("resize"))?;
        let result = (|| {
            let size = self.named_literal(int_arg(size, "size")?)?;
            let kind = crate::op_defs::Resize::kind(nearest);
            let op_name = kind.op_type();
            self.apply(
                kind,
                op_name,
                None,
                vec![
                    arg(images, "images"),
                    scalar_arg_operand(size.into(), "size"),
                ],
            )
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// True for a TF1 reference (`float32_ref`: a `VariableV2` or `Assign` output).
    pub fn handle_is_ref(&self, handle: &Handle) -> bool {
        match handle {
            Handle::Symbolic(tensor) => self
                .graph(tensor.graph)
                .ok()
                .and_then(|graph| graph.tensor_fact(*tensor))
                .is_some_and(|fact| matches!(fact.value_type, ValueType::Ref(_))),
            Handle::Eager(_) => false,
        }
    }

    /// `tf.one_hot`: `one_hot/on_value` and `one_hot/off_value` first, then the indices
    /// and depth, then the `OneHot` op named `one_hot`.
    pub fn one_hot(
        &mut self,
        indices: Operand,
        depth: Operand,
        on_value: Operand,
        off_value: Operand,
        axis: i64,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let scope = self.enter_composite_scope(name.unwrap_or("one_hot"))?;
        let exact = scope.as_ref().map(|(_, name)| name.clone());
        let result = (|| {
            let mut named = |operand: Operand, name: &'static str| -> TfResult<Operand> {
                match operand {
                    Operand::Literal(_) => Ok(self
                        .named_literal(scalar_arg_operand(operand, name))?
                        .into()),
                    other => Ok(other),
                }
            };
            let on = named(on_value, "on_value")?;
            let off = named(off_value, "off_value")?;
            let indices = named(indices, "indices")?;
            let depth = named(depth, "depth")?;
            self.apply_exact(
                crate::op_defs::OneHot::kind(axis),
                exact.as_deref(),
                "OneHot",
                vec![
                    arg(indices, "indices"),
                    arg(depth, "depth"),
                    arg(on, "on_value"),
                    arg(off, "off_value"),
                ],
            )
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// `tensor[key]` (`StridedSlice`): in a graph, `strided_slice/stack`, `stack_1` and
    /// `stack_2` (begin, end, strides) feed the op named `strided_slice`.
    pub fn strided_slice(&mut self, input: Operand, specs: Vec<SliceSpec>) -> TfResult<Handle> {
        let kind = crate::op_defs::StridedSlice::kind(specs.clone());
        if self.default_graph().is_none() {
            // `begin`, `end` and `strides` are eager tensors TensorFlow makes (a uid each);
            // the kernel reads them from the specs.
            self.take_uids(3);
            return self.apply(kind, "strided_slice", None, vec![arg(input, "input")]);
        }
        let [begin, end, strides] = slice_stacks(&specs);
        let scope = self.enter_composite_scope("strided_slice")?;
        let exact = scope.as_ref().map(|(_, name)| name.clone());
        let result = (|| {
            let begin = self.named_literal(int_arg(begin, "stack")?)?;
            let end = self.named_literal(int_arg(end, "stack")?)?;
            let strides = self.named_literal(int_arg(strides, "stack")?)?;
            self.apply_exact(
                kind,
                exact.as_deref(),
                "StridedSlice",
                vec![
                    arg(input, "input"),
                    arg(begin.into(), "begin"),
                    arg(end.into(), "end"),
                    arg(strides.into(), "strides"),
                ],
            )
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// The gradient of `input[specs]` inside a function, as `_StridedSliceGrad` builds it
    /// there: a `Shape` constant of the input's static shape, then `StridedSliceGrad`
    /// reading its own `shape`, `begin`, `end` and `strides` constants and `dy`.
    pub fn strided_slice_grad(
        &mut self,
        input_dims: &[usize],
        specs: Vec<SliceSpec>,
        dy: Operand,
    ) -> TfResult<Handle> {
        let dims: Vec<i64> = input_dims.iter().map(|&dim| dim as i64).collect();
        self.named_literal(int_arg(dims.clone(), "Shape")?)?;
        let [begin, end, strides] = slice_stacks(&specs);
        let scope = self.enter_composite_scope("StridedSliceGrad")?;
        let exact = scope.as_ref().map(|(_, name)| name.clone());
        let result = (|| {
            let shape = self.named_literal(int_arg(dims, "shape")?)?;
            let begin = self.named_literal(int_arg(begin, "begin")?)?;
            let end = self.named_literal(int_arg(end, "end")?)?;
            let strides = self.named_literal(int_arg(strides, "strides")?)?;
            self.apply_exact(
                crate::op_defs::StridedSliceGrad::kind(specs),
                exact.as_deref(),
                "StridedSliceGrad",
                vec![
                    arg(shape.into(), "shape"),
                    arg(begin.into(), "begin"),
                    arg(end.into(), "end"),
                    arg(strides.into(), "strides"),
                    arg(dy, "dy"),
                ],
            )
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    // ---- Composite helpers -------------------------------------------------------------

    /// In graph mode, opens the composite's scope; returns what [`Self::leave_composite_scope`]
    /// needs (previous scope, this scope's name).
    pub fn enter_composite_scope(&mut self, name: &str) -> TfResult<Option<(String, String)>> {
        match self.default_graph() {
            None => Ok(None),
            Some(graph) => Ok(Some(self.graph_mut(graph)?.push_name_scope(name))),
        }
    }

    pub fn leave_composite_scope(&mut self, scope: Option<(String, String)>) -> TfResult<()> {
        if let (Some(graph), Some((previous, _))) = (self.default_graph(), scope) {
            self.graph_mut(graph)?.pop_name_scope(previous);
        }
        Ok(())
    }

    /// A literal as a tensor named after its argument (`random_normal/shape`).
    fn named_literal(&mut self, arg: Arg) -> TfResult<Handle> {
        let Operand::Literal(tensor) = arg.operand else {
            return Err(TfError::internal("named_literal expects a literal"));
        };
        match self.default_graph() {
            None => Ok(Handle::Eager(self.eager_constant(tensor)?)),
            Some(graph) => Ok(Handle::Symbolic(self.const_op(
                graph,
                tensor,
                OpName::Unique(arg.name),
            )?)),
        }
    }

    /// `op` on `x` and `y` as the last op of a composite: named exactly `exact` (the
    /// composite's scope) in graph mode, `default_name` otherwise.
    pub fn binary_exact(
        &mut self,
        op: BinaryOp,
        exact: Option<&str>,
        default_name: &str,
        x: Operand,
        y: Operand,
    ) -> TfResult<Handle> {
        self.apply_exact(
            crate::op_defs::Binary::kind(op),
            exact,
            default_name,
            vec![arg(x, "x"), arg(y, "y")],
        )
    }

    /// The last op of a composite: named exactly like the composite's scope in graph mode.
    fn apply_exact(
        &mut self,
        kind: OpKind,
        exact: Option<&str>,
        default_name: &str,
        args: Vec<Arg>,
    ) -> TfResult<Handle> {
        match (self.default_graph(), exact) {
            (Some(graph), Some(exact)) => {
                let reference = self.reference_dtype(&kind, &args)?;
                let exact = exact.to_string();
                let op_type = kind.op_type();
                first_output(
                    op_type,
                    self.apply_in_scope(graph, kind, &exact, args, reference)?,
                )
            }
            _ => self.apply(kind, default_name, None, args),
        }
    }
}
