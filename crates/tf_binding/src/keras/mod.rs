//! `tf.keras` (Keras 3 on the TensorFlow backend, as TensorFlow 2.21 ships it): layers,
//! models, losses, optimizers and initialisers, on the eager runtime. Every forward
//! computation runs as eager ops (so `tf.GradientTape` sees it and the report records it);
//! `fit` differentiates each step with the tape and applies the optimizer as variable
//! assignments.
//!
//! Module map:
//! - this file: [`KerasClasses`], the per-run Keras state (automatic names, the name scope
//!   that gives variables their paths), the `tf.keras` module, and [`ops`]-style helpers.
//! - [`variables`]: Keras variables (`<Variable path=dense/kernel, ...>`).
//! - [`initializers`]: `zeros`, `ones`, `glorot_uniform`, ... and their classes.
//! - [`layers`]: the `Layer` base (build on first call, weight tracking), `Input`, `Dense`,
//!   `Flatten`, `Dropout`, `Activation`, activations.
//! - [`conv_layers`]: `Conv2D`, `MaxPooling2D`, `AveragePooling2D`, `GlobalAveragePooling2D`.
//! - [`losses`]: mean squared / absolute error and the crossentropies.
//! - [`optimizers`]: SGD, Adam, RMSprop with Keras 3's update rules.
//! - [`distributed`]: `fit` under a strategy: mirrored Keras variables, per-replica steps,
//!   gradients all-reduced each step.
//! - [`functional`]: `Input`'s symbolic tensors, layer calls recorded as nodes, and the
//!   `Functional` model `tf.keras.Model(inputs, outputs)` builds.
//! - [`merging`]: `Concatenate` and `Add`, the layers that join branches.
//! - [`metrics`]: metric functions and the `tf.keras.metrics` objects.
//! - [`model`]: `Model` and `Sequential`: `compile`, `fit`, `evaluate`, `predict`,
//!   the `History` object and the progress lines.
//! - [`summary`]: `model.summary()`'s table.
//! - [`traced_optimizer`]: `apply_gradients` inside a `tf.function`, as graph updates.
//! - [`python_random`]: Python's `random`, where unseeded initialisers get their seeds.

pub mod conv_layers;
pub mod distributed;
pub mod functional;
pub mod initializers;
pub mod layers;
pub mod losses;
pub mod merging;
pub mod metrics;
pub mod model;
pub mod native;
pub mod optimizers;
pub mod python_random;
pub mod summary;
pub mod traced_optimizer;
pub mod variables;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use lang::value::{Class, PyResult, Value};
use lang::vm::Vm;

use crate::St;
use runtime::{Handle, Operand};
use tensor::ops::{BinaryOp, MatMulOptions, ReduceOp, UnaryOp};
use tensor::{DType, Tensor, TensorShape};

/// The classes of `tf.keras` and the run's Keras state.
pub struct KerasClasses {
    pub(crate) layer: Rc<Class>,
    pub(crate) dense: Rc<Class>,
    pub(crate) flatten: Rc<Class>,
    pub(crate) dropout: Rc<Class>,
    pub(crate) activation: Rc<Class>,
    pub(crate) input_layer: Rc<Class>,
    pub(crate) windowed: conv_layers::WindowedClasses,
    pub(crate) keras_tensor: Rc<Class>,
    pub(crate) model: Rc<Class>,
    pub(crate) functional: Rc<Class>,
    pub(crate) concatenate: Rc<Class>,
    pub(crate) add: Rc<Class>,
    pub(crate) sequential: Rc<Class>,
    pub(crate) history: Rc<Class>,
    pub(crate) variable: Rc<Class>,
    pub(crate) optimizers: optimizers::OptimizerClasses,
    pub(crate) losses: losses::LossClasses,
    pub(crate) metrics: metrics::MetricClasses,
    pub(crate) initializers: initializers::InitializerClasses,
    state: RefCell<KerasState>,
}

/// Names Keras gives automatically, and the scope that gives variables their paths.
#[derive(Default)]
struct KerasState {
    /// Python's `random` as Keras draws default seeds from it.
    python_random: python_random::PythonRandom,
    name_counts: HashMap<String, usize>,
    scope: Vec<String>,
    variable_paths: HashMap<u32, String>,
}

impl KerasClasses {
    /// Keras's automatic name for a new object of `prefix` (`dense`, `dense_1`, ...).
    pub fn unique_name(&self, prefix: &str) -> String {
        let mut state = self.state.borrow_mut();
        let count = state.name_counts.entry(prefix.to_string()).or_insert(0);
        let name = if *count == 0 {
            prefix.to_string()
        } else {
            format!("{prefix}_{count}")
        };
        *count += 1;
        name
    }

    /// Keras's `make_default_seed()`, drawn when an unseeded initialiser or seed
    /// generator is constructed.
    pub fn default_seed(&self) -> u64 {
        python_random::default_seed(&mut self.state.borrow_mut().python_random)
    }

    /// `keras.utils.set_random_seed(seed)`'s part in Keras: Python's `random.seed(seed)`.
    pub fn seed_python_random(&self, seed: u64) {
        self.state.borrow_mut().python_random = python_random::PythonRandom::seeded(seed);
    }

    /// Enters a layer's name scope (while it builds and calls).
    pub fn push_scope(&self, name: &str) {
        self.state.borrow_mut().scope.push(name.to_string());
    }

    /// Whether the innermost name scope is `name` (a layer building inside its own call).
    pub fn in_scope(&self, name: &str) -> bool {
        self.state
            .borrow()
            .scope
            .last()
            .is_some_and(|last| last == name)
    }

    /// Leaves the innermost name scope.
    pub fn pop_scope(&self) {
        self.state.borrow_mut().scope.pop();
    }

    /// The path a variable called `name` gets in the current scope (`sequential/dense/kernel`).
    pub fn path_for(&self, name: &str) -> String {
        let state = self.state.borrow();
        let mut parts = state.scope.clone();
        parts.push(name.to_string());
        parts.join("/")
    }

    /// Remembers a Keras variable's path.
    pub fn set_path(&self, variable: u32, path: String) {
        self.state
            .borrow_mut()
            .variable_paths
            .insert(variable, path);
    }

    /// A Keras variable's path.
    pub fn path_of(&self, variable: u32) -> Option<String> {
        self.state.borrow().variable_paths.get(&variable).cloned()
    }
}

/// Builds the Keras classes; `resource_variable` is the base of Keras variables.
pub fn build_classes(st: &St, resource_variable: &Rc<Class>) -> KerasClasses {
    let layer = layers::build_layer_class(st);
    let model = model::build_model_class(st, &layer);
    KerasClasses {
        dense: layers::build_dense_class(st, &layer),
        flatten: layers::build_simple_class(
            st,
            &layer,
            "Flatten",
            "keras.src.layers.reshaping.flatten",
        ),
        dropout: layers::build_dropout_class(st, &layer),
        activation: layers::build_activation_class(st, &layer),
        input_layer: layers::build_simple_class(
            st,
            &layer,
            "InputLayer",
            "keras.src.layers.core.input_layer",
        ),
        windowed: conv_layers::build_classes(st, &layer),
        keras_tensor: functional::build_keras_tensor_class(),
        functional: functional::build_functional_class(&model),
        concatenate: merging::build_concatenate_class(st, &layer),
        add: merging::build_add_class(st, &layer),
        sequential: model::build_sequential_class(st, &model),
        history: model::build_history_class(),
        variable: variables::build(st, resource_variable),
        optimizers: optimizers::build_classes(st),
        losses: losses::build_classes(st),
        metrics: metrics::build_classes(st),
        initializers: initializers::build_classes(st),
        layer,
        model,
        state: RefCell::new(KerasState::default()),
    }
}

/// The run's Keras classes.
pub(crate) fn classes(st: &St, vm: &Vm<'_>) -> PyResult<Rc<KerasClasses>> {
    Ok(st.classes(vm)?.keras.clone())
}

/// `snake_case` of a class name (`MyModel` → `my_model`, `Conv2D` → `conv2d`), as Keras
/// derives default names.
pub fn snake_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::new();
    for (index, c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let previous_lower = index > 0 && chars[index - 1].is_ascii_lowercase();
            let next_lower = chars.get(index + 1).is_some_and(|n| n.is_ascii_lowercase());
            let previous_upper = index > 0 && chars[index - 1].is_ascii_uppercase();
            if index > 0 && (previous_lower || (previous_upper && next_lower)) {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(*c);
        }
    }
    out
}

/// Thin wrappers over the runtime's ops for the Keras code (each one eager op).
pub mod ops {
    use super::*;

    /// `a op b`.
    pub fn binary(
        st: &St,
        vm: &mut Vm<'_>,
        op: BinaryOp,
        a: Operand,
        b: Operand,
    ) -> PyResult<Handle> {
        st.tf(vm, |ctx| ctx.binary(op, a, b, None))
    }

    /// `op(x)`.
    pub fn unary(st: &St, vm: &mut Vm<'_>, op: UnaryOp, x: Operand) -> PyResult<Handle> {
        st.tf(vm, |ctx| ctx.unary(op, x, None))
    }

    /// `tf.matmul(a, b)`.
    pub fn matmul(st: &St, vm: &mut Vm<'_>, a: Operand, b: Operand) -> PyResult<Handle> {
        st.tf(vm, |ctx| ctx.matmul(a, b, MatMulOptions::default(), None))
    }

    /// A reduction over `axes` (all when `None`).
    pub fn reduce(
        st: &St,
        vm: &mut Vm<'_>,
        op: ReduceOp,
        x: Operand,
        axes: Option<Vec<i64>>,
        keep: bool,
    ) -> PyResult<Handle> {
        st.tf(vm, |ctx| ctx.reduce(op, x, axes, keep, None))
    }

    /// `tf.reshape`.
    pub fn reshape(st: &St, vm: &mut Vm<'_>, x: Operand, shape: Vec<i64>) -> PyResult<Handle> {
        st.tf(vm, |ctx| ctx.reshape(x, shape, None))
    }

    /// `tf.cast`.
    pub fn cast(st: &St, vm: &mut Vm<'_>, x: Operand, dtype: DType) -> PyResult<Handle> {
        st.tf(vm, |ctx| ctx.cast(x, dtype, None))
    }

    /// `tf.nn.softmax` over the last axis.
    pub fn softmax(st: &St, vm: &mut Vm<'_>, x: Operand) -> PyResult<Handle> {
        st.tf(vm, |ctx| {
            ctx.array_op(
                runtime::op_defs::Softmax::kind(),
                "Softmax",
                None,
                vec![(x, "logits", true)],
            )
        })
    }

    /// A float32 scalar operand.
    pub fn scalar(value: f32) -> Operand {
        Operand::Literal(Tensor::scalar(value))
    }

    /// The static shape and dtype of a handle.
    pub fn shape_dtype(st: &St, vm: &mut Vm<'_>, x: &Handle) -> PyResult<(TensorShape, DType)> {
        st.tf(vm, |ctx| Ok((ctx.handle_shape(x)?, ctx.handle_dtype(x)?)))
    }

    /// The eager value of a handle.
    pub fn value(st: &St, vm: &mut Vm<'_>, x: &Handle) -> PyResult<Tensor> {
        match x {
            Handle::Eager(tensor) => st.tf(vm, |_| tensor.tensor().cloned()),
            Handle::Symbolic(_) => Err(vm.type_error(
                "Keras in this playground runs eagerly; a graph tensor reached a layer",
            )),
        }
    }
}

/// Builds `tf.keras` and its submodules; returns them by full name.
pub fn build_module(st: &St, vm: &mut Vm<'_>) -> PyResult<Vec<(String, Value)>> {
    let keras = classes(st, vm)?;
    let module = crate::module("keras._tf_keras.keras");
    let layers_module = crate::module("keras._tf_keras.keras.layers");
    layers_module.set("Layer", Value::Class(keras.layer.clone()));
    layers_module.set("Dense", Value::Class(keras.dense.clone()));
    layers_module.set("Flatten", Value::Class(keras.flatten.clone()));
    layers_module.set("Dropout", Value::Class(keras.dropout.clone()));
    layers_module.set("Activation", Value::Class(keras.activation.clone()));
    layers_module.set("InputLayer", Value::Class(keras.input_layer.clone()));
    conv_layers::install(&keras.windowed, &layers_module);
    layers_module.set("Input", crate::function(st, "Input", functional::input));
    layers_module.set("Concatenate", Value::Class(keras.concatenate.clone()));
    layers_module.set("Add", Value::Class(keras.add.clone()));
    module.set("layers", Value::Module(layers_module.clone()));
    module.set("Input", crate::function(st, "Input", functional::input));
    module.set("Model", Value::Class(keras.model.clone()));
    module.set("Sequential", Value::Class(keras.sequential.clone()));
    module.set("Variable", Value::Class(keras.variable.clone()));
    let models = crate::module("keras._tf_keras.keras.models");
    models.set("Model", Value::Class(keras.model.clone()));
    models.set("Sequential", Value::Class(keras.sequential.clone()));
    module.set("models", Value::Module(models.clone()));
    let optimizers_module = optimizers::build_module(&keras);
    module.set("optimizers", Value::Module(optimizers_module.clone()));
    let losses_module = losses::build_module(st, &keras);
    module.set("losses", Value::Module(losses_module.clone()));
    let metrics_module = metrics::build_module(&keras.metrics);
    module.set("metrics", Value::Module(metrics_module.clone()));
    let initializers_module = initializers::build_module(&keras);
    module.set("initializers", Value::Module(initializers_module.clone()));
    let activations = layers::build_activations_module(st);
    module.set("activations", Value::Module(activations.clone()));
    let utils = crate::module("keras._tf_keras.keras.utils");
    module.set("utils", Value::Module(utils.clone()));
    let callbacks = crate::module("keras._tf_keras.keras.callbacks");
    callbacks.set("History", Value::Class(keras.history.clone()));
    module.set("callbacks", Value::Module(callbacks.clone()));
    module.set("__version__", Value::str("3.15.1"));
    Ok(vec![
        ("tensorflow.keras".into(), Value::Module(module)),
        (
            "tensorflow.keras.layers".into(),
            Value::Module(layers_module),
        ),
        ("tensorflow.keras.models".into(), Value::Module(models)),
        (
            "tensorflow.keras.optimizers".into(),
            Value::Module(optimizers_module),
        ),
        (
            "tensorflow.keras.losses".into(),
            Value::Module(losses_module),
        ),
        (
            "tensorflow.keras.metrics".into(),
            Value::Module(metrics_module),
        ),
        (
            "tensorflow.keras.initializers".into(),
            Value::Module(initializers_module),
        ),
        (
            "tensorflow.keras.activations".into(),
            Value::Module(activations),
        ),
        ("tensorflow.keras.utils".into(), Value::Module(utils)),
        (
            "tensorflow.keras.callbacks".into(),
            Value::Module(callbacks),
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::snake_case;

    #[test]
    fn default_names_are_snake_case() {
        assert_eq!(snake_case("MyModel"), "my_model");
        assert_eq!(snake_case("Dense"), "dense");
        assert_eq!(snake_case("Conv2D"), "conv2d");
        assert_eq!(snake_case("MaxPooling2D"), "max_pooling2d");
        assert_eq!(snake_case("InputLayer"), "input_layer");
    }
}
