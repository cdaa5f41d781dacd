//! TensorFlow's own initialiser classes (`init_ops_v2`): `tf.zeros_initializer`,
//! `tf.ones_initializer`, `tf.constant_initializer` and `tf.random_normal_initializer`,
//! called with a shape and dtype, or given to `tf.compat.v1.get_variable` (the graph reads
//! the initialiser they hold, [`initializer_of`]). Keras's initialisers are Python
//! (`keras/src/initializers.py`).

use std::rc::Rc;

use lang::host::{set_native_data, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{float_arg, op_error, opt_dtype};
use crate::tensor_class::wrap;
use crate::{bound, this, St};
use tensor::ops;
use tensor::{DType, Tensor};

/// One initialiser.
#[derive(Clone, Debug, PartialEq)]
pub enum Initializer {
    /// All zeros.
    Zeros,
    /// All ones.
    Ones,
    /// One value everywhere.
    Constant(f64),
    /// Normal with a mean and stddev.
    RandomNormal {
        /// The mean.
        mean: f64,
        /// The standard deviation.
        stddev: f64,
        /// The seed.
        seed: Option<u64>,
    },
}

/// The classes, by the name `tf` gives each.
pub struct InitializerClasses {
    classes: Vec<(&'static str, Rc<Class>)>,
}

/// The data of an initialiser object.
struct PyInitializer(Initializer);

impl Initializer {
    /// A tensor of `dims` and `dtype`. A seeded normal is TensorFlow's stateless draw on
    /// `[seed, 0]`; an unseeded one uses the engine's seeded kernel.
    pub fn generate(&self, dims: &[usize], dtype: DType) -> tensor::OpResult<Tensor> {
        use crate::stateless_random::{keras_seed, sample, Stateless};
        let shape: Vec<i64> = dims.iter().map(|d| *d as i64).collect();
        match self {
            Initializer::Zeros => ops::zeros(&shape, dtype),
            Initializer::Ones => ops::ones(&shape, dtype),
            Initializer::Constant(value) => {
                let scalar = ops::cast(&Tensor::scalar(*value), dtype)?;
                ops::fill(&shape, &scalar)
            }
            Initializer::RandomNormal {
                mean,
                stddev,
                seed: Some(seed),
            } => sample(
                Stateless::Normal {
                    mean: *mean,
                    stddev: *stddev,
                },
                &shape,
                dtype,
                keras_seed(*seed),
            ),
            Initializer::RandomNormal {
                mean,
                stddev,
                seed: None,
            } => ops::random_normal(&shape, *mean, *stddev, dtype, None),
        }
    }
}

fn seed_of(vm: &mut Vm<'_>, value: &Option<Value>) -> PyResult<Option<u64>> {
    match value {
        None => Ok(None),
        Some(v) => v
            .as_i64()
            .map(|s| Some(s as u64))
            .ok_or_else(|| vm.type_error("seed must be an integer")),
    }
}

/// The constructor's arguments for each class.
fn construct(vm: &mut Vm<'_>, kind: &str, args: &Args<'_>) -> PyResult<Initializer> {
    Ok(match kind {
        "Zeros" => Initializer::Zeros,
        "Ones" => Initializer::Ones,
        "Constant" => {
            let bound = bind!(vm, kind, args, 1, [this = "self", value])?;
            Initializer::Constant(float_arg(vm, &bound.value, 0.0)?)
        }
        _ => {
            let bound = bind!(
                vm,
                kind,
                args,
                1,
                [this = "self", mean, stddev, seed, dtype]
            )?;
            Initializer::RandomNormal {
                mean: float_arg(vm, &bound.mean, 0.0)?,
                stddev: float_arg(vm, &bound.stddev, 1.0)?,
                seed: seed_of(vm, &bound.seed)?,
            }
        }
    })
}

fn call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "__call__", &args, 2, [this = "self", shape, dtype])?;
    let Some(init) = this(vm, &args)?.downcast::<PyInitializer>() else {
        return Err(vm.type_error("expected an initializer"));
    };
    let dims = crate::convert::int_list(
        st,
        vm,
        bound.shape.as_ref().unwrap_or(&Value::None),
        "shape",
    )?;
    let dims: Vec<usize> = dims.iter().map(|d| (*d).max(0) as usize).collect();
    let dtype = opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Float32);
    let made = crate::stateless_random::constant_on_demand(st, vm, &dims, dtype, None, || {
        init.0.generate(&dims, dtype)
    })?;
    match made {
        Ok(handle) => wrap(st, vm, handle),
        Err(error) => Err(op_error(vm, error)),
    }
}

fn build_class(st: &St, kind: &'static str) -> Rc<Class> {
    ClassBuilder::new(kind, "tensorflow.python.ops.init_ops_v2")
        .method_closure("__init__", move |vm, args| {
            let init = construct(vm, kind, &args)?;
            set_native_data(this(vm, &args)?, Rc::new(PyInitializer(init)));
            Ok(Value::None)
        })
        .method_closure("__call__", bound(st, call))
        .build()
}

/// Builds the classes.
pub fn build_classes(st: &St) -> InitializerClasses {
    InitializerClasses {
        classes: [
            ("random_normal_initializer", "random_normal_initializer"),
            ("constant_initializer", "Constant"),
            ("zeros_initializer", "Zeros"),
            ("ones_initializer", "Ones"),
        ]
        .into_iter()
        .map(|(name, class)| (name, build_class(st, class)))
        .collect(),
    }
}

/// The classes, by the name `tf` gives each.
pub fn tf_initializers(
    classes: &InitializerClasses,
) -> impl Iterator<Item = (&'static str, Value)> + '_ {
    classes
        .classes
        .iter()
        .map(|(name, class)| (*name, Value::Class(class.clone())))
}

/// The initialiser an initialiser object holds.
pub fn initializer_of(value: &Value) -> Option<Initializer> {
    value.downcast::<PyInitializer>().map(|init| init.0.clone())
}
