//! Python's `/` on tensors as TensorFlow's `math_ops._truediv_python3` builds it, and the
//! spellings that reach it: `x / y`, the reflected `2 / t`, `tf.truediv` and `tf.divide`;
//! also `tf.compat.v1.div`, Python 2's division (`_div_python2`).
//! In the `truediv` name scope the operands are converted (a literal becomes the constant
//! `truediv/x` or `truediv/y`), must share a dtype, integers are cast to floats
//! (`truediv/Cast`, `truediv/Cast_1`), and one `RealDiv` named like the scope divides.

use crate::api::{literal_converts, Handle, Operand};
use crate::context::Context;
use crate::error::{TfError, TfResult};
use tensor::ops::{self, BinaryOp};
use tensor::{DType, Tensor};

/// Which spelling reached the division: it decides how an operand that is a Python value
/// (not a tensor) converts, and so which error a mismatch raises (oracle TF 2.21).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TruedivSpelling {
    /// `t / y`: `y` converts with `t`'s dtype as a hint, so `t / 2.5` for an integer `t`
    /// fails the dtype check.
    Operator,
    /// `x / t` run as `t.__rtruediv__(x)`: `x` converts to `t`'s dtype or fails
    /// (`Cannot convert 2.5 to EagerTensor of dtype int32`).
    Reflected,
    /// `tf.truediv(x, y)` and `tf.divide(x, y, name=...)`: `x` converts on its own, `y`
    /// with `x`'s dtype as a hint.
    Function,
}

/// How one operand that is a Python literal becomes a tensor.
#[derive(Clone, Copy)]
enum Conversion {
    /// Its own dtype (`2` is int32, `2.5` float32).
    Natural,
    /// `dtype_hint`: the dtype when the literal fits it, else its own.
    Hint(DType),
    /// `dtype`: the dtype, or a `TypeError` when the literal does not fit it.
    Forced(DType),
}

/// The dtypes `_TRUEDIV_TABLE` accepts, as TensorFlow lists them in its `TypeError`.
const TRUEDIV_DTYPES: &str = "{tf.uint8, tf.int8, tf.uint16, tf.int16, tf.uint32, tf.int32, tf.uint64, tf.int64, tf.bfloat16, tf.float16, tf.float32, tf.float64, tf.complex64, tf.complex128}";

impl Context {
    /// `tf.divide(x, y, name)`: with a name, `tf.truediv` in that scope; without one, a
    /// literal `x` first becomes a tensor of `y`'s dtype (a `Const` outside the scope), then
    /// `x / y`.
    pub fn divide(&mut self, x: Operand, y: Operand, name: Option<&str>) -> TfResult<Handle> {
        if name.is_some() {
            return self.truediv(x, y, TruedivSpelling::Function, name);
        }
        let x = match x {
            Operand::Literal(tensor) => {
                let conversion = match &y {
                    Operand::Literal(_) => Conversion::Natural,
                    tensor_like => Conversion::Forced(self.operand_dtype(tensor_like)?),
                };
                let natural = tensor.dtype();
                let tensor = self.convert_python_literal(tensor, conversion)?;
                Operand::Handle(self.python_constant(natural, tensor, None)?)
            }
            Operand::Variable(id) => Operand::Handle(self.read_variable(id)?),
            handle => handle,
        };
        self.truediv(x, y, TruedivSpelling::Operator, None)
    }

    /// `tf.compat.v1.div(x, y, name)`: Python 2's division in the name scope `div`: `y`
    /// converts to `x`'s dtype, then one `RealDiv` for floats or `FloorDiv` for integers,
    /// named like the scope.
    pub fn div_python2(&mut self, x: Operand, y: Operand, name: Option<&str>) -> TfResult<Handle> {
        let scope = self.enter_composite_scope(name.unwrap_or("div"))?;
        let exact = scope.as_ref().map(|(_, scope)| scope.clone());
        let result = (|| {
            let x = self.truediv_operand(x, "x", Conversion::Natural)?;
            let dtype = self.handle_dtype(&x)?;
            let y = self.truediv_operand(y, "y", Conversion::Forced(dtype))?;
            self.check_same_dtype(&x, &y)?;
            let op = if dtype.is_floating() {
                BinaryOp::RealDiv
            } else {
                BinaryOp::FloorDiv
            };
            self.binary_exact(op, exact.as_deref(), "div", x.into(), y.into())
        })();
        self.leave_composite_scope(scope)?;
        result
    }

    /// `x / y` as `spelling` reached it, in the name scope `name` (default `truediv`).
    pub fn truediv(
        &mut self,
        x: Operand,
        y: Operand,
        spelling: TruedivSpelling,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        let scope = self.enter_composite_scope(name.unwrap_or("truediv"))?;
        let exact = scope.as_ref().map(|(_, scope)| scope.clone());
        let result = self.truediv_in_scope(x, y, spelling, exact.as_deref());
        self.leave_composite_scope(scope)?;
        result
    }

    fn truediv_in_scope(
        &mut self,
        x: Operand,
        y: Operand,
        spelling: TruedivSpelling,
        exact: Option<&str>,
    ) -> TfResult<Handle> {
        let (x, y) = if spelling == TruedivSpelling::Reflected {
            // `r_binary_op_wrapper`: the tensor is `y`; `x` is forced to its dtype.
            let y = self.truediv_operand(y, "y", Conversion::Natural)?;
            let dtype = self.handle_dtype(&y)?;
            (self.truediv_operand(x, "x", Conversion::Forced(dtype))?, y)
        } else {
            let x = self.truediv_operand(x, "x", Conversion::Natural)?;
            let dtype = self.handle_dtype(&x)?;
            let y = self.truediv_operand(y, "y", Conversion::Hint(dtype))?;
            (x, y)
        };
        let x_dtype = self.check_same_dtype(&x, &y)?;
        let Some(target) = x_dtype.truediv_result() else {
            return Err(TfError::type_error(format!(
                "Invalid dtype tf.{} in __truediv__. Expected one of {TRUEDIV_DTYPES}.",
                x_dtype.name()
            )));
        };
        let (x, y) = if target == x_dtype {
            (x, y)
        } else {
            let x = self.cast(x.into(), target, None)?;
            (x, self.cast(y.into(), target, None)?)
        };
        self.binary_exact(BinaryOp::RealDiv, exact, "truediv", x.into(), y.into())
    }

    /// The dtype `x` and `y` share, or the `TypeError` of the Python division functions.
    fn check_same_dtype(&self, x: &Handle, y: &Handle) -> TfResult<DType> {
        let (x_dtype, y_dtype) = (self.handle_dtype(x)?, self.handle_dtype(y)?);
        if x_dtype != y_dtype {
            return Err(TfError::type_error(format!(
                "`x` and `y` must have the same dtype, got tf.{} != tf.{}.",
                x_dtype.name(),
                y_dtype.name()
            )));
        }
        Ok(x_dtype)
    }

    /// One operand of the division as a tensor in the current scope: a literal becomes the
    /// constant `name`, a variable is read; a tensor of another dtype than a forced one is
    /// `convert_to_tensor`'s `ValueError`.
    fn truediv_operand(
        &mut self,
        operand: Operand,
        name: &str,
        conversion: Conversion,
    ) -> TfResult<Handle> {
        let tensor_like = match operand {
            Operand::Literal(tensor) => {
                let natural = tensor.dtype();
                let tensor = self.convert_python_literal(tensor, conversion)?;
                return self.python_constant(natural, tensor, Some(name));
            }
            Operand::Variable(id) => self.read_variable(id)?,
            Operand::Handle(handle) => handle,
        };
        if let Conversion::Forced(target) = conversion {
            let dtype = self.handle_dtype(&tensor_like)?;
            if dtype != target {
                return Err(TfError::value_error(format!(
                    "{name}: Tensor conversion requested dtype {} for Tensor with dtype {}: {}",
                    target.name(),
                    dtype.name(),
                    self.entry_repr(&Operand::Handle(tensor_like))?
                )));
            }
        }
        Ok(tensor_like)
    }

    /// A converted Python value as a tensor: the constant `name` (default `Const`) in a
    /// graph, an eager tensor logged as TensorFlow converts it eagerly.
    fn python_constant(
        &mut self,
        natural: DType,
        tensor: Tensor,
        name: Option<&str>,
    ) -> TfResult<Handle> {
        if self.executing_eagerly() {
            return Ok(Handle::Eager(self.eager_literal(natural, tensor)?));
        }
        self.constant(tensor, name)
    }

    /// `ops.convert_to_tensor` of a Python literal under `conversion`.
    fn convert_python_literal(&self, tensor: Tensor, conversion: Conversion) -> TfResult<Tensor> {
        let (target, forced) = match conversion {
            Conversion::Natural => return Ok(tensor),
            Conversion::Hint(dtype) => (dtype, false),
            Conversion::Forced(dtype) => (dtype, true),
        };
        if tensor.dtype() == target {
            return Ok(tensor);
        }
        if literal_converts(tensor.dtype(), target) {
            return ops::cast(&tensor, target).map_err(TfError::from_kernel_message);
        }
        if forced {
            return Err(self.literal_conversion_error(&tensor, target, None));
        }
        Ok(tensor)
    }
}

#[cfg(test)]
mod tests {
    use super::TruedivSpelling;
    use crate::api::{Handle, Operand};
    use crate::context::Context;
    use hardware::topology;
    use tensor::{DType, Shape, Tensor};

    fn cpu() -> Context {
        Context::new(&topology::preset("cpu").expect("cpu preset"))
    }

    fn ints(values: &[i32]) -> Tensor {
        Tensor::from_vec(Shape::new(vec![values.len()]), values.to_vec()).unwrap()
    }

    fn eager(handle: &Handle) -> Tensor {
        match handle {
            Handle::Eager(tensor) => tensor.tensor().unwrap().clone(),
            Handle::Symbolic(_) => panic!("expected an eager tensor"),
        }
    }

    #[test]
    fn integer_division_casts_inside_the_truediv_scope() {
        let mut context = cpu();
        let graph = context.new_graph().unwrap();
        context.push_default_graph(graph);
        let x = context.constant(ints(&[1, 2]), None).unwrap();
        context
            .truediv(
                Operand::Handle(x.clone()),
                Operand::Literal(Tensor::scalar(2i32)),
                TruedivSpelling::Operator,
                None,
            )
            .unwrap();
        context
            .truediv(
                Operand::Literal(Tensor::scalar(2i32)),
                Operand::Handle(x.clone()),
                TruedivSpelling::Reflected,
                None,
            )
            .unwrap();
        context
            .div_python2(
                Operand::Handle(x),
                Operand::Literal(Tensor::scalar(2i32)),
                None,
            )
            .unwrap();
        let names: Vec<String> = context
            .graph(graph)
            .unwrap()
            .operations()
            .iter()
            .map(|op| format!("{}:{}", op.name, op.kind.op_type()))
            .collect();
        assert_eq!(
            names,
            [
                "Const:Const",
                "truediv/y:Const",
                "truediv/Cast:Cast",
                "truediv/Cast_1:Cast",
                "truediv:RealDiv",
                "truediv_1/x:Const",
                "truediv_1/Cast:Cast",
                "truediv_1/Cast_1:Cast",
                "truediv_1:RealDiv",
                "div/y:Const",
                "div:FloorDiv",
            ]
        );
    }

    #[test]
    fn each_spelling_converts_a_python_float_its_own_way() {
        let mut context = cpu();
        let x = Operand::Handle(context.constant(ints(&[3, 4]), None).unwrap());
        let half = || Operand::Literal(Tensor::scalar(2.5f32));
        let error = |result: crate::TfResult<Handle>| result.unwrap_err().to_string();
        assert_eq!(
            error(context.truediv(x.clone(), half(), TruedivSpelling::Operator, None)),
            "TypeError: `x` and `y` must have the same dtype, got tf.int32 != tf.float32."
        );
        assert_eq!(
            error(context.truediv(half(), x.clone(), TruedivSpelling::Reflected, None)),
            "TypeError: Cannot convert 2.5 to EagerTensor of dtype int32"
        );
        assert_eq!(
            error(context.truediv(half(), x.clone(), TruedivSpelling::Function, None)),
            "TypeError: `x` and `y` must have the same dtype, got tf.float32 != tf.int32."
        );
        let quotient = context
            .truediv(
                x,
                Operand::Literal(Tensor::scalar(2i32)),
                TruedivSpelling::Operator,
                None,
            )
            .unwrap();
        assert_eq!(eager(&quotient).dtype(), DType::Float64);
        assert_eq!(eager(&quotient).as_slice::<f64>(), Some(&[1.5, 2.0][..]));
    }
}
