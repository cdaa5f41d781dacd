//! [`Op`]: the behaviour of one op type with its attributes, for the op types defined in a
//! file of their own. `OpKind::Defined` holds one, and every place that asks an op
//! something (inference, kernels, gradients, the function log, `NodeDef` text, XLA's
//! compile-time constants) asks it through this trait.

use std::any::Any;
use std::fmt;
use std::rc::Rc;

use super::OpDef;
use crate::context::Context;
use crate::error::{ExceptionClass, TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OutputFact, ValueType};
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

    /// The kernel: the outputs' values from the inputs'.
    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError>;

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
        let _ = (ctx, y, grad);
        if self.not_differentiable() {
            return Ok(vec![None; inputs.len()]);
        }
        Err(gradient_not_emulated(self.def().name))
    }

    /// Marked `ops.NotDifferentiable` in TensorFlow: no input gets a gradient through it
    /// (an index, a count, a shape).
    fn not_differentiable(&self) -> bool {
        false
    }

    /// Its op-def argument names and its output's name (`params`, `indices`; `output`), as
    /// the device-placement log prints them; `None` where that log is not modelled.
    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        None
    }

    /// Its `NodeDef` attributes as TensorFlow prints them (`Tparams=DT_FLOAT`), in
    /// TensorFlow's order, given its inputs.
    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        let _ = inputs;
        Vec::new()
    }

    /// Inputs XLA must know at compile time (shapes, axes, sizes).
    fn compile_time_constant_inputs(&self) -> &'static [usize] {
        &[]
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
    /// `gradient_tape/<that scope>/`.
    fn forward_name_scoped(&self) -> bool {
        false
    }

    /// Inputs whose values its shape function reads as tensors (a shape error lists them
    /// as "computed input tensors").
    fn value_inputs(&self) -> &'static [usize] {
        &[]
    }
}

/// TensorFlow's error for an op type without a registered gradient (neither a gradient
/// function nor `ops.NotDifferentiable`).
pub fn no_gradient_registered(op_type: &str) -> TfError {
    TfError::new(
        ExceptionClass::LookupError,
        format!("gradient registry has no entry for: {op_type}"),
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
