//! [`Op`]: the behaviour of one op type with its attributes, for the op types defined in a
//! file of their own. `OpKind` holds one, and every place that asks an op
//! something (inference, kernels, gradients, the function log, `NodeDef` text, XLA's
//! compile-time constants) asks it through this trait.

use std::any::Any;
use std::fmt;
use std::rc::Rc;

use super::OpDef;
use crate::context::Context;
use crate::error::{ExceptionClass, TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{
    InputFact, KernelFailure, KernelSite, OutputFact, ResourceStore, Value, ValueType,
};
use tensor::{DType, OpError, Tensor};

/// One op type's behaviour. Shape inference never computes values, and a kernel runs only
/// when a value is needed, so that values can later be computed on demand.
pub trait Op: OpAttrs + fmt::Debug {
    /// What TensorFlow registers about the op type.
    fn def(&self) -> &'static OpDef;

    /// How many outputs it has.
    fn output_count(&self) -> usize {
        1
    }

    /// The dtype its kernels are constrained on (its `T` attr), given its inputs' types;
    /// by default the first input's.
    fn type_attr(&self, inputs: &[ValueType]) -> Option<DType> {
        match inputs.first() {
            Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => Some(*dtype),
            _ => None,
        }
    }

    /// Output types and static shapes from the inputs' (its shape function, with
    /// TensorFlow's error texts).
    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>>;

    /// The kernel: the outputs' values from the inputs'. Kernels that need more than
    /// tensors (variables, random state, the device) implement [`Op::run`] instead.
    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let _ = inputs;
        Err(OpError::python(
            tensor::ErrorClass::Internal,
            format!("{} runs with its kernel environment", self.def().name),
        ))
    }

    /// The kernel on values, with the state it may read or write ([`KernelEnv`]). By
    /// default the inputs must be tensors, given to [`Op::compute`].
    fn run(&self, inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let _ = env;
        let tensors = dense_inputs(inputs, self.def().name)?;
        Ok(self
            .compute(&tensors)?
            .into_iter()
            .map(Value::Dense)
            .collect())
    }

    /// Runs on inputs whose numbers were not computed (values on demand): it only moves or
    /// stores values (`Identity`, an all-reduce run alone, a variable's assignment).
    /// Other ops' outputs are then not computed either.
    fn accepts_uncomputed(&self) -> bool {
        false
    }

    /// Takes TF1 references as they are (`Assign`, `VariableV2`); every other op sees the
    /// value behind a reference.
    fn takes_references(&self) -> bool {
        false
    }

    /// Its first input is a variable handle that it reads or writes.
    fn uses_resource(&self) -> bool {
        false
    }

    /// The gradients of every input inside a `tf.function`, given each output with its
    /// gradient and which inputs need none (`skip`: they depend on no watched source). By
    /// default [`Op::graph_gradient`] of the first output, when it has a gradient.
    fn graph_gradients(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        outputs: &[(GraphTensor, Option<GraphTensor>)],
        skip: &[bool],
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let _ = skip;
        match outputs.first() {
            Some((y, Some(grad))) => self.graph_gradient(ctx, inputs, *y, *grad),
            _ => Ok(vec![None; inputs.len()]),
        }
    }

    /// The gradient of each input, from the inputs' and outputs' values and the gradient
    /// of each output (`None`: nothing flows back through that output), as the eager tape
    /// needs it. `None` for an input means no gradient (TensorFlow's `None`).
    fn gradient(
        &self,
        inputs: &[&Tensor],
        outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let _ = (outputs, grads);
        if self.gradient_unregistered() {
            return Err(no_gradient_registered(self.def().name));
        }
        if self.not_differentiable() {
            return Ok(vec![None; inputs.len()]);
        }
        Err(gradient_not_emulated(self.def().name))
    }

    /// The gradient of each input as graph ops built in `ctx` (inside a `tf.function`),
    /// given the first output `y` and its gradient.
    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let _ = grad;
        if self.gradient_unregistered() {
            return Err(no_gradient_registered(self.def().name));
        }
        if self.not_differentiable() {
            return Ok(vec![None; inputs.len()]);
        }
        // An integer or bool output carries no gradient back.
        if ctx
            .handle_dtype(&crate::api::Handle::Symbolic(y))?
            .is_floating()
        {
            return Err(graph_gradient_not_emulated(self.def().name));
        }
        Ok(vec![None; inputs.len()])
    }

    /// The key of the `tf.custom_gradient` function whose gradient this op takes (an
    /// `IdentityN` built by the decorator in a graph), which Python builds.
    fn custom_gradient(&self) -> Option<u64> {
        None
    }

    /// Marked `ops.NotDifferentiable` in TensorFlow: no input gets a gradient through it
    /// (an index, a count, a shape).
    fn not_differentiable(&self) -> bool {
        false
    }

    /// TensorFlow registers no gradient for it at all (neither a gradient function nor
    /// `ops.NotDifferentiable`): asking for one raises its `LookupError`.
    fn gradient_unregistered(&self) -> bool {
        false
    }

    /// The name of its list argument (`values` of `ConcatV2` and `Pack`), whose inputs
    /// come first and are logged as `values_0`, `values_1`, ...; the names
    /// [`Op::argument_names`] gives follow them.
    fn list_argument(&self) -> Option<&'static str> {
        None
    }

    /// The output dtype its single-op function is declared with when its kernel fails on
    /// inputs that disagree with the declared `T` (`None`: not logged).
    fn failed_call_output(&self, declared: DType) -> Option<DType> {
        let _ = declared;
        None
    }

    /// What tells two of its eager single-op functions apart in the placement log besides
    /// the op type and dtypes: the dtypes of inputs the eager op takes as attrs here (an
    /// eager subscript's `begin`, `end` and `strides`), and a text of its attrs.
    fn placement_log_key(&self) -> (&'static [DType], String) {
        (&[], format!("{self:?}"))
    }

    /// For the variable ops, how their eager single-op function appears in the placement
    /// log (its resource argument and the value read or written); `None` for the others.
    fn variable_log(&self) -> Option<VariableLog> {
        None
    }

    /// The name the Python API gives the op when the program names none (an operator's
    /// `add`, `mul`); `None`: its type.
    fn default_name(&self) -> Option<&'static str> {
        None
    }

    /// Its attrs as `print(op)` shows them in the `NodeDef` text, in the order TensorFlow's
    /// attr map yields them, given its inputs' dtypes; `None`: only its `T`.
    fn node_def_attrs(&self, input_types: &[Option<DType>]) -> Option<Vec<(&'static str, String)>> {
        let _ = input_types;
        None
    }

    /// Its op-def argument names and its output's name (`params`, `indices`; `output`), as
    /// the device-placement log prints them; `None` where that log is not modelled.
    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        None
    }

    /// Its `NodeDef` attributes as TensorFlow prints them (`Tparams=DT_FLOAT`), in
    /// TensorFlow's order, given its inputs.
    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        type_attr_text(self, inputs)
    }

    /// The value it always outputs, for a `Const`.
    fn constant_value(&self) -> Option<&Tensor> {
        None
    }

    /// What XLA's constant evaluation knows of its output when it compiles a program.
    fn compile_time_value(&self) -> CompileTimeValue {
        CompileTimeValue::FromInputs
    }

    /// Inputs XLA must know at compile time (shapes, axes, sizes), given how many inputs
    /// the op has (`ConcatV2`'s axis is its last).
    fn compile_time_constant_inputs(&self, input_count: usize) -> Vec<usize> {
        let _ = input_count;
        Vec::new()
    }

    /// The input that holds a shape, if any (partial shape evaluation reads it).
    fn shape_input(&self) -> Option<usize> {
        None
    }

    /// How partial evaluation of shape-like values treats it.
    fn shape_evaluation(&self) -> super::ShapeEvaluation {
        super::ShapeEvaluation::NotEvaluated
    }

    /// Whether TensorFlow's Python wrapper runs the op inside a name scope named after it
    /// (`with ops.name_scope(name, "Cumsum")`), so its gradient ops are made under
    /// `gradient_tape/<that scope>/`; `name_stem` is the op's name without scope and
    /// uniquifying suffix (an operator's op is named in lower case, `mul`).
    fn forward_name_scoped(&self, name_stem: &str) -> bool {
        let _ = name_stem;
        false
    }

    /// Inputs whose values its shape function reads as tensors (a shape error lists them
    /// as "computed input tensors").
    fn value_inputs(&self) -> &'static [usize] {
        &[]
    }
}

/// How a variable op's eager single-op function appears in the placement log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariableLog {
    /// `VarHandleOp`: its resource result; its shared name differs per variable, so each
    /// creation logs.
    Handle,
    /// `ReadVariableOp`: the resource argument and the value it returns.
    Read,
    /// An assignment: the resource and the value arguments.
    Write,
}

/// What XLA knows of an op's output when it compiles a program (`xla_constants`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompileTimeValue {
    /// Known when its inputs are (side-effect-free ops).
    FromInputs,
    /// Always known (`Const`, a `Shape`: shapes are static in XLA).
    Known,
    /// Known when the program's arguments are (`jit_compile=True` passes them, and
    /// variables, as constants).
    Argument,
    /// Never known (a random op, a collective, control flow).
    Unknown,
}

/// What a kernel may use besides its inputs: the variables and random kernels' state, and
/// where it runs.
pub struct KernelEnv<'a> {
    /// Variable state and the random kernels' generators.
    pub resources: &'a mut ResourceStore,
    /// The device and graph node.
    pub site: KernelSite<'a>,
}

/// The inputs as tensors; a handle among them is an internal error naming the op.
pub fn dense_inputs<'a>(
    inputs: &'a [Value],
    op_type: &str,
) -> Result<Vec<&'a Tensor>, KernelFailure> {
    inputs
        .iter()
        .enumerate()
        .map(|(index, value)| {
            value.tensor().ok_or_else(|| {
                KernelFailure::Status(TfError::internal(format!(
                    "{op_type} expects a tensor as input #{index}"
                )))
            })
        })
        .collect()
}

/// `T=DT_FLOAT` for an op's `T` attr ([`Op::type_attr`]), the attrs of a `NodeDef` whose
/// other attrs are not modelled; nothing when it has no `T`.
pub fn type_attr_text<O: Op + ?Sized>(op: &O, inputs: &[InputFact<'_>]) -> Vec<String> {
    let types: Vec<ValueType> = inputs.iter().map(|fact| fact.value_type).collect();
    op.type_attr(&types)
        .map(|dtype| format!("T={}", crate::op::data_type(dtype).enum_name()))
        .into_iter()
        .collect()
}

/// TensorFlow's error for an op type without a registered gradient (neither a gradient
/// function nor `ops.NotDifferentiable`).
pub fn no_gradient_registered(op_type: &str) -> TfError {
    TfError::new(
        ExceptionClass::LookupError,
        format!("gradient registry has no entry for: {op_type}"),
    )
}

/// The error for a gradient inside a `tf.function` that the playground does not build yet
/// (`what`: an op type, or a case of one).
pub fn graph_gradient_not_emulated(what: &str) -> TfError {
    TfError::new(
        ExceptionClass::RuntimeError,
        format!(
            "The gradient of {what} inside a tf.function is not emulated in this playground yet."
        ),
    )
}

/// The error for an op whose gradient the playground does not compute yet.
pub fn gradient_not_emulated(op_type: &str) -> TfError {
    TfError::new(
        ExceptionClass::RuntimeError,
        format!("The gradient of {op_type} is not emulated in this playground yet."),
    )
}

/// Comparison and cloning of ops behind `dyn Op`, implemented for every `Op` that is
/// `PartialEq` and `'static`.
pub trait OpAttrs {
    /// The op as `Any`, for comparison.
    fn as_any(&self) -> &dyn Any;
    /// Whether `other` is the same op type with the same attributes.
    fn same_op(&self, other: &dyn Op) -> bool;
}

impl<T: Op + PartialEq + 'static> OpAttrs for T {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same_op(&self, other: &dyn Op) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
}

/// An op with its own definition file, as `OpKind` holds it.
#[derive(Clone)]
pub struct DefinedOp(Rc<dyn Op>);

impl DefinedOp {
    /// Wraps `op`.
    pub fn new(op: impl Op + 'static) -> DefinedOp {
        DefinedOp(Rc::new(op))
    }

    /// The op.
    pub fn op(&self) -> &dyn Op {
        &*self.0
    }
}

impl fmt::Debug for DefinedOp {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(formatter)
    }
}

impl PartialEq for DefinedOp {
    fn eq(&self, other: &DefinedOp) -> bool {
        self.0.same_op(other.op())
    }
}
