//! The element-wise activations with kernels of their own: `Relu6` (`tf.nn.relu6`), `Elu`
//! (`tf.nn.elu`) and `LeakyRelu` (`tf.nn.leaky_relu`). Each maps every element through a
//! function of it alone, so they share inference, dtype checks and the kernel loop.

use super::support::{check_graph_dtype, dense_type, operand, symbolic, type_name};
use super::{Op, OpDef};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::graph::GraphTensor;
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use tensor::tensor::round_to_dtype;
use tensor::{ErrorClass, OpError, Tensor, TensorData};

/// `Relu6`.
pub static RELU6: OpDef = OpDef::compute("Relu6");
/// `Elu`: one exponential per negative element.
pub static ELU: OpDef = OpDef::compute("Elu").class(report::OpClass::Transcendental);
/// `LeakyRelu`.
pub static LEAKY_RELU: OpDef = OpDef::compute("LeakyRelu");
/// `Selu`: one exponential per negative element.
pub static SELU: OpDef = OpDef::compute("Selu").class(report::OpClass::Transcendental);
/// `Softsign`.
pub static SOFTSIGN: OpDef = OpDef::compute("Softsign");
/// `SeluGrad(gradients, outputs)`.
pub static SELU_GRAD: OpDef = OpDef::compute("SeluGrad");
/// `SoftsignGrad(gradients, features)`.
pub static SOFTSIGN_GRAD: OpDef = OpDef::compute("SoftsignGrad");

/// SELU's scale and scale × alpha, as TensorFlow's kernel has them.
const SELU_SCALE: f64 = 1.050_700_987_355_480_5;
const SELU_SCALE_ALPHA: f64 = 1.758_099_340_847_376_8;
/// `Relu6Grad(gradients, features)`.
pub static RELU6_GRAD: OpDef = OpDef::compute("Relu6Grad");
/// `EluGrad(gradients, outputs)`.
pub static ELU_GRAD: OpDef = OpDef::compute("EluGrad");
/// `LeakyReluGrad(gradients, features)`.
pub static LEAKY_RELU_GRAD: OpDef = OpDef::compute("LeakyReluGrad");

/// Which activation, with its attribute.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Activation {
    /// `min(max(x, 0), 6)`.
    Relu6,
    /// `x` where positive, `exp(x) - 1` elsewhere.
    Elu,
    /// `x` where positive, `alpha * x` elsewhere.
    LeakyRelu {
        /// The slope below zero (a float attribute).
        alpha: f32,
    },
    /// `scale * x` where positive, `scale * alpha * (exp(x) - 1)` elsewhere.
    Selu,
    /// `x / (1 + |x|)`.
    Softsign,
}

impl Activation {
    /// Wraps the op for `OpKind`.
    pub fn kind(self) -> OpKind {
        OpKind::new(self)
    }

    /// Its TensorFlow op type name (`Relu6`).
    pub fn name(self) -> &'static str {
        self.static_def().name
    }

    fn static_def(self) -> &'static OpDef {
        match self {
            Activation::Relu6 => &RELU6,
            Activation::Elu => &ELU,
            Activation::LeakyRelu { .. } => &LEAKY_RELU,
            Activation::Selu => &SELU,
            Activation::Softsign => &SOFTSIGN,
        }
    }

    /// Whether its gradient op reads the outputs (else the features).
    fn gradient_reads_outputs(self) -> bool {
        matches!(self, Activation::Elu | Activation::Selu)
    }

    /// The activation of element `index` of `len`, in f32 (`exp` as Eigen computes that
    /// element) or f64.
    fn apply32(self, x: f32, index: usize, len: usize) -> f32 {
        let exp = |x| tensor::ops::eigen_math::exp_in_tensor(x, index, len);
        match self {
            Activation::Relu6 => x.clamp(0.0, 6.0),
            Activation::Elu if x < 0.0 => exp(x) - 1.0,
            Activation::LeakyRelu { alpha } if x <= 0.0 => x * alpha,
            Activation::Selu if x < 0.0 => SELU_SCALE_ALPHA as f32 * (exp(x) - 1.0),
            Activation::Selu => x * SELU_SCALE as f32,
            Activation::Softsign => x / (x.abs() + 1.0),
            _ => x,
        }
    }

    fn apply64(self, x: f64) -> f64 {
        match self {
            Activation::Relu6 => x.clamp(0.0, 6.0),
            Activation::Elu if x < 0.0 => x.exp() - 1.0,
            Activation::LeakyRelu { alpha } if x <= 0.0 => x * f64::from(alpha),
            Activation::Selu if x < 0.0 => SELU_SCALE_ALPHA * (x.exp() - 1.0),
            Activation::Selu => x * SELU_SCALE,
            Activation::Softsign => x / (x.abs() + 1.0),
            _ => x,
        }
    }

    /// The gradient kernel (`Relu6Grad`, `EluGrad` from the outputs, `LeakyReluGrad`) of
    /// one element: `grad` times the slope at `x` (or, for `Elu`, at output `y`).
    fn slope32(self, grad: f32, x: f32, y: f32) -> f32 {
        match self {
            Activation::Relu6 if x > 0.0 && x < 6.0 => grad,
            Activation::Relu6 => 0.0,
            Activation::Elu if y < 0.0 => (y + 1.0) * grad,
            Activation::LeakyRelu { alpha } if x <= 0.0 => grad * alpha,
            Activation::Selu if y < 0.0 => grad * (y + SELU_SCALE_ALPHA as f32),
            Activation::Selu => grad * SELU_SCALE as f32,
            Activation::Softsign => {
                let denominator = 1.0 + x.abs();
                grad / (denominator * denominator)
            }
            _ => grad,
        }
    }

    fn slope64(self, grad: f64, x: f64, y: f64) -> f64 {
        match self {
            Activation::Relu6 if x > 0.0 && x < 6.0 => grad,
            Activation::Relu6 => 0.0,
            Activation::Elu if y < 0.0 => (y + 1.0) * grad,
            Activation::LeakyRelu { alpha } if x <= 0.0 => grad * f64::from(alpha),
            Activation::Selu if y < 0.0 => grad * (y + SELU_SCALE_ALPHA),
            Activation::Selu => grad * SELU_SCALE,
            Activation::Softsign => {
                let denominator = 1.0 + x.abs();
                grad / (denominator * denominator)
            }
            _ => grad,
        }
    }
}

/// `f32_fn` or `f64_fn` over every element of `x` (with its flat position), in the element
/// type; integers (`Relu6` only) are clamped to `[0, 6]`.
fn map_elements(
    x: &Tensor,
    f32_fn: impl Fn(usize, f32) -> f32,
    f64_fn: impl Fn(usize, f64) -> f64,
) -> Result<Tensor, OpError> {
    let dtype = x.dtype();
    let data = match x.data() {
        TensorData::Float32(values) => TensorData::Float32(
            values
                .iter()
                .enumerate()
                .map(|(at, &v)| round_to_dtype(dtype, f32_fn(at, v)))
                .collect(),
        ),
        TensorData::Float64(values) => TensorData::Float64(
            values
                .iter()
                .enumerate()
                .map(|(at, &v)| f64_fn(at, v))
                .collect(),
        ),
        _ => {
            // Integers (Relu6 only): clamped in i64 and cast back.
            let values = x.to_i64_vec().unwrap_or_default();
            let clamped: Vec<i64> = values.iter().map(|&v| v.clamp(0, 6)).collect();
            let ints = Tensor::from_vec(x.shape().clone(), clamped)?;
            return tensor::ops::cast(&ints, dtype);
        }
    };
    Tensor::new(dtype, x.shape().clone(), data)
}

impl Op for Activation {
    fn def(&self) -> &'static OpDef {
        self.static_def()
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let features = inputs
            .first()
            .ok_or_else(|| TfError::internal("an activation takes features"))?;
        let dtype = dense_type(inputs, 0, self.name())?;
        check_graph_dtype(self.name(), "features", dtype)?;
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape: features.shape.clone(),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [x] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "an activation takes features",
            ));
        };
        tensor::ops::check_allowed_named(self.name(), Some(""), x.dtype())?;
        let this = *self;
        let len = x.num_elements();
        Ok(vec![map_elements(
            x,
            |at, v| this.apply32(v, at, len),
            |_, v| this.apply64(v),
        )?])
    }

    fn gradient(
        &self,
        inputs: &[&Tensor],
        outputs: &[&Tensor],
        grads: &[Option<Tensor>],
    ) -> TfResult<Vec<Option<Tensor>>> {
        let (Some(x), Some(y), Some(Some(grad))) = (inputs.first(), outputs.first(), grads.first())
        else {
            return Ok(vec![None]);
        };
        let this = *self;
        let (xs, ys) = (
            x.to_f64_vec().unwrap_or_default(),
            y.to_f64_vec().unwrap_or_default(),
        );
        let slope = map_elements(
            grad,
            |at, g| this.slope32(g, xs[at] as f32, ys[at] as f32),
            |at, g| this.slope64(g, xs[at], ys[at]),
        )
        .map_err(|error| TfError::internal(error.message))?;
        Ok(vec![Some(slope)])
    }

    /// One `Relu6Grad`, `EluGrad` (of the outputs) or `LeakyReluGrad` op.
    fn graph_gradient(
        &self,
        ctx: &mut Context,
        inputs: &[GraphTensor],
        y: GraphTensor,
        grad: GraphTensor,
    ) -> TfResult<Vec<Option<GraphTensor>>> {
        let x = *inputs
            .first()
            .ok_or_else(|| TfError::internal("a traced activation lost its input"))?;
        let (second, second_name) = if self.gradient_reads_outputs() {
            (y, "outputs")
        } else {
            (x, "features")
        };
        let grad_op = ActivationGrad { of: *self };
        let name = grad_op.def().name;
        let handle = ctx.array_op(
            OpKind::new(grad_op),
            name,
            None,
            vec![
                (operand(grad), "gradients", true),
                (operand(second), second_name, true),
            ],
        )?;
        Ok(vec![Some(symbolic(handle)?)])
    }

    fn forward_name_scoped(&self, _name_stem: &str) -> bool {
        // `relu6` and `leaky_relu` open a name scope; `elu`, `selu` and `softsign` are the
        // generated ops themselves.
        !matches!(
            self,
            Activation::Elu | Activation::Selu | Activation::Softsign
        )
    }

    fn argument_names(&self) -> Option<(&'static [&'static str], &'static str)> {
        Some((&["features"], "activations"))
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        let dtype = format!("T={}", type_name(inputs, 0));
        match self {
            Activation::LeakyRelu { alpha } => vec![dtype, format!("alpha={alpha}")],
            _ => vec![dtype],
        }
    }
}

/// The gradient op of an activation: `grad` times the activation's slope, from the
/// features (or, for `Elu`, the outputs).
#[derive(Clone, Debug, PartialEq)]
pub struct ActivationGrad {
    /// The activation differentiated.
    pub of: Activation,
}

impl Op for ActivationGrad {
    fn def(&self) -> &'static OpDef {
        match self.of {
            Activation::Relu6 => &RELU6_GRAD,
            Activation::Elu => &ELU_GRAD,
            Activation::LeakyRelu { .. } => &LEAKY_RELU_GRAD,
            Activation::Selu => &SELU_GRAD,
            Activation::Softsign => &SOFTSIGN_GRAD,
        }
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let gradients = inputs
            .first()
            .ok_or_else(|| TfError::internal("an activation gradient takes gradients"))?;
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dense_type(inputs, 0, self.def().name)?),
            shape: gradients.shape.clone(),
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let [grad, other] = inputs else {
            return Err(OpError::python(
                ErrorClass::Internal,
                "an activation gradient takes two inputs",
            ));
        };
        let values = other.to_f64_vec().unwrap_or_default();
        let of = self.of;
        let slope = match of {
            _ if of.gradient_reads_outputs() => map_elements(
                grad,
                |at, g| of.slope32(g, 0.0, values[at] as f32),
                |at, g| of.slope64(g, 0.0, values[at]),
            ),
            _ => map_elements(
                grad,
                |at, g| of.slope32(g, values[at] as f32, 0.0),
                |at, g| of.slope64(g, values[at], 0.0),
            ),
        }?;
        Ok(vec![slope])
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        let dtype = format!("T={}", type_name(inputs, 0));
        match self.of {
            Activation::LeakyRelu { alpha } => vec![dtype, format!("alpha={alpha}")],
            _ => vec![dtype],
        }
    }
}
