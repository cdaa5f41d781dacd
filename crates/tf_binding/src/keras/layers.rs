//! Keras layers: the `Layer` base class (automatic names, `build` on the first call with
//! the input's shape, weights created by `add_weight` under the layer's name scope, weight
//! tracking through attributes), `Input` and its `KerasTensor`, and the built-in `Dense`,
//! `Flatten`, `Dropout` and `Activation` layers with the activations.
//!
//! Subclassing follows Python's rules: a program's `class MyLayer(tf.keras.layers.Layer)`
//! calls `super().__init__()`, which attaches [`LayerData`]; `__call__` then calls the
//! (possibly overridden) `build` and `call` methods.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use lang::host::{set_native_data, ClassBuilder};
use lang::value::{Args, Class, Module, Name, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{op_error, to_operand};
use crate::keras::initializers::{initial_value, layer_initializer, Initializer, InitializerArg};
use crate::keras::{classes, functional, ops, snake_case, variables};
use crate::tensor_class::{wrap, PyTensor};
use crate::{bound, this, St};
use runtime::{Handle, Operand};
use tensor::ops::{BinaryOp, UnaryOp};
use tensor::{DType, Tensor, TensorShape};

/// Deepest nesting of layers inside layers the weight search follows.
const NESTING_MAX: usize = 64;

/// A Keras activation.
#[derive(Clone)]
pub enum Activation {
    /// Identity (`None`, `'linear'`).
    Linear,
    /// A built-in op.
    Op(UnaryOp, &'static str),
    /// Softmax over the last axis.
    Softmax,
    /// A Python callable.
    Callable(Value),
}

impl Activation {
    /// The activation a layer argument names.
    pub fn from_arg(vm: &mut Vm<'_>, value: Option<&Value>) -> PyResult<Activation> {
        let Some(value) = value.filter(|v| !v.is_none()) else {
            return Ok(Activation::Linear);
        };
        let Some(name) = value.as_str() else {
            return Ok(Activation::Callable(value.clone()));
        };
        Ok(match name {
            "linear" => Activation::Linear,
            "relu" => Activation::Op(UnaryOp::Relu, "relu"),
            "sigmoid" => Activation::Op(UnaryOp::Sigmoid, "sigmoid"),
            "tanh" => Activation::Op(UnaryOp::Tanh, "tanh"),
            "exponential" => Activation::Op(UnaryOp::Exp, "exponential"),
            "softmax" => Activation::Softmax,
            other => {
                return Err(vm.value_error(format!(
                    "Could not interpret activation function identifier: {other}"
                )))
            }
        })
    }

    /// Applies the activation.
    pub fn apply(&self, st: &St, vm: &mut Vm<'_>, x: Handle) -> PyResult<Handle> {
        match self {
            Activation::Linear => Ok(x),
            Activation::Op(op, _) => ops::unary(st, vm, *op, Operand::Handle(x)),
            Activation::Softmax => ops::softmax(st, vm, Operand::Handle(x)),
            Activation::Callable(func) => {
                let argument = wrap(st, vm, x)?;
                let result = vm.call(func, &[argument], &[])?;
                handle_of(st, vm, &result)
            }
        }
    }
}

/// What kind of layer an object is, with its configuration.
pub enum LayerKind {
    /// A program's subclass of `Layer` (its own `build` and `call`).
    Custom,
    /// `Dense(units, activation, use_bias, kernel_initializer, bias_initializer)`.
    Dense {
        /// Output width.
        units: usize,
        /// The activation.
        activation: Activation,
        /// Whether there is a bias.
        use_bias: bool,
        /// The kernel's initialiser.
        kernel_initializer: InitializerArg,
        /// The bias's initialiser.
        bias_initializer: InitializerArg,
    },
    /// `Flatten()`.
    Flatten,
    /// `Dropout(rate, seed)`.
    Dropout {
        /// Fraction dropped in training.
        rate: f64,
        /// The seed.
        seed: Option<u64>,
    },
    /// `Activation(activation)`.
    Activation(Activation),
    /// A `Model` (subclassed), `Sequential` or `Functional`.
    Model(crate::keras::model::ModelState),
    /// `Conv2D`, the poolings (`python/keras/conv_layers.rs`).
    Windowed(crate::keras::conv_layers::WindowedLayer),
    /// The `InputLayer` behind a `tf.keras.Input`.
    Input,
    /// A merge layer (`Concatenate`, `Add`), called on a list of tensors.
    Merge(crate::keras::merging::Merge),
}

/// The state every layer object carries.
pub struct LayerData {
    /// Kind and configuration.
    pub kind: LayerKind,
    /// `layer.name`.
    pub name: RefCell<String>,
    /// `layer.built`.
    pub built: Cell<bool>,
    /// `layer.trainable`.
    pub trainable: Cell<bool>,
    /// The weights this layer created itself (Keras variable objects), in order.
    pub weights: RefCell<Vec<Value>>,
    /// The input shape it was built for.
    pub input_shape: RefCell<Option<Vec<Option<usize>>>>,
    /// Its output shape: from a symbolic build (`Input`), else from its first call.
    pub output_shape: RefCell<Option<Vec<Option<usize>>>>,
    /// Its calls on symbolic tensors (`_inbound_nodes`), for the functional API.
    pub inbound_nodes: RefCell<Vec<Rc<crate::keras::functional::Node>>>,
    /// The legacy `input_shape=` / `input_dim=` argument (without the batch dimension): the
    /// first layer of a `Sequential` with one acts as if an `Input` preceded it.
    pub declared_input_shape: RefCell<Option<Vec<Option<usize>>>>,
}

impl LayerData {
    /// Fresh state for a layer of `kind` named `name`.
    pub fn new(kind: LayerKind, name: String) -> LayerData {
        LayerData {
            kind,
            name: RefCell::new(name),
            built: Cell::new(false),
            trainable: Cell::new(true),
            weights: RefCell::new(Vec::new()),
            input_shape: RefCell::new(None),
            output_shape: RefCell::new(None),
            inbound_nodes: RefCell::new(Vec::new()),
            declared_input_shape: RefCell::new(None),
        }
    }
}

/// The layer state of a layer object, or Keras's error for a subclass that skipped
/// `super().__init__()`.
pub fn layer_of(vm: &Vm<'_>, value: &Value) -> PyResult<Rc<LayerData>> {
    value.downcast::<LayerData>().ok_or_else(|| {
        vm.runtime_error("You must call `super().__init__()` in the layer constructor.")
    })
}

/// The tensor handle of a layer input or output (tensors, variables, arrays, lists).
pub fn handle_of(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Handle> {
    let operand = to_operand(st, vm, value)?;
    st.tf(vm, |ctx| match operand {
        Operand::Handle(handle) => Ok(handle),
        Operand::Variable(id) => ctx.read_variable(id),
        Operand::Literal(tensor) => ctx.constant(tensor, None),
    })
}

/// A shape as the Python tuple Keras passes to `build` (`(None, 4)`).
pub fn shape_tuple(dims: &[Option<usize>]) -> Value {
    Value::tuple(
        dims.iter()
            .map(|d| d.map_or(Value::None, |d| Value::Int(d as i64)))
            .collect(),
    )
}

/// `"(None, 4)"`, as Keras prints shapes.
pub fn shape_text(dims: &[Option<usize>]) -> String {
    TensorShape::new(dims.to_vec()).to_string()
}

pub use crate::keras::functional::KerasTensor;

/// The Python class name of `value` (for default layer names).
fn class_name(vm: &Vm<'_>, value: &Value) -> String {
    vm.class_of(value).name.clone()
}

/// A new layer's name: the `name=` given (`None` counts as not given), else a fresh one
/// from its class name (`dense`, `dense_1`, ...).
pub(crate) fn layer_name(
    st: &St,
    vm: &mut Vm<'_>,
    me: &Value,
    given: Option<&Value>,
) -> PyResult<String> {
    match given.filter(|v| !v.is_none()) {
        Some(name) => crate::string_arg(vm, name, "name"),
        None => {
            let prefix = snake_case(&class_name(vm, me));
            Ok(classes(st, vm)?.unique_name(&prefix))
        }
    }
}

/// `Layer.__init__`: the layer's state, with its name (given or automatic) and `trainable`.
pub(crate) fn base_init(st: &St, vm: &mut Vm<'_>, args: Args<'_>, kind: LayerKind) -> PyResult {
    let me = this(vm, &args)?.clone();
    let name = layer_name(st, vm, &me, args.kwarg("name"))?;
    let data = LayerData::new(kind, name);
    if let Some(trainable) = args.kwarg("trainable") {
        data.trainable.set(vm.truthy(trainable)?);
    }
    let declared = match (args.kwarg("input_shape"), args.kwarg("input_dim")) {
        (Some(shape), _) if !shape.is_none() => {
            let shape = crate::convert::tensor_shape(vm, Some(shape))?;
            shape.dims().map(<[Option<usize>]>::to_vec)
        }
        (_, Some(dim)) if !dim.is_none() => {
            let shape = crate::convert::tensor_shape(vm, Some(dim))?;
            shape.dims().map(<[Option<usize>]>::to_vec)
        }
        _ => None,
    };
    *data.declared_input_shape.borrow_mut() = declared;
    set_native_data(&me, Rc::new(data));
    Ok(Value::None)
}

/// [`base_init`] from a layer subclass's `__init__`: only `name`, `trainable`,
/// `input_shape` and `input_dim` go to the base layer; the subclass has read the rest.
pub(crate) fn base_args(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, kind: LayerKind) -> PyResult {
    let keywords: Vec<(Name, Value)> = args
        .keywords
        .iter()
        .filter(|(k, _)| {
            matches!(
                k.as_str(),
                "name" | "trainable" | "input_shape" | "input_dim"
            )
        })
        .cloned()
        .collect();
    base_init(
        st,
        vm,
        Args::new(&args.positional[..1.min(args.positional.len())], &keywords),
        kind,
    )
}

/// Whether a Python function (or bound method) takes a parameter `name` or `**kwargs`.
pub fn accepts(vm: &mut Vm<'_>, func: &Value, name: &str) -> bool {
    let function = match func {
        Value::Function(f) => Some(f.clone()),
        Value::BoundMethod(method) => match &method.func {
            Value::Function(f) => Some(f.clone()),
            _ => None,
        },
        _ => None,
    };
    let _ = vm;
    match function {
        Some(f) => {
            let code = &f.code;
            let total = code.arg_count as usize + code.kwonly_count as usize;
            code.varnames.iter().take(total).any(|n| n.as_str() == name) || code.has_varkw
        }
        None => true,
    }
}

/// The static shape of a layer input (a tensor or a `KerasTensor`).
fn input_dims(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Vec<Option<usize>>> {
    if let Some(tensor) = value.downcast::<KerasTensor>() {
        return Ok(tensor.shape.clone());
    }
    let value = match value {
        Value::List(_) | Value::Tuple(_) => {
            vm.iterate(value)?.into_iter().next().unwrap_or(Value::None)
        }
        other => other.clone(),
    };
    let handle = handle_of(st, vm, &value)?;
    let (shape, _) = ops::shape_dtype(st, vm, &handle)?;
    Ok(shape
        .dims()
        .map(<[Option<usize>]>::to_vec)
        .unwrap_or_default())
}

/// Builds `layer` for an input of `dims` if it is not built yet (under its name scope).
pub fn ensure_built(vm: &mut Vm<'_>, layer: &Value, dims: &[Option<usize>]) -> PyResult<()> {
    let data = layer_of(vm, layer)?;
    if data.built.get() {
        return Ok(());
    }
    let build = vm.get_attr_str(layer, "build")?;
    vm.call(&build, &[shape_tuple(dims)], &[])?;
    data.built.set(true);
    if data.input_shape.borrow().is_none() {
        *data.input_shape.borrow_mut() = Some(dims.to_vec());
    }
    Ok(())
}

/// `layer(inputs, *args, **kwargs)`: build on the first call, then `call`, inside the
/// layer's name scope.
pub fn layer_call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    let inputs = args.positional.get(1).cloned().ok_or_else(|| {
        vm.type_error("Layer.__call__() missing 1 required positional argument: 'inputs'")
    })?;
    let keras = classes(st, vm)?;
    let name = data.name.borrow().clone();
    if let Some((symbolic, list)) = functional::symbolic_inputs(vm, &inputs)? {
        keras.push_scope(&name);
        let output = functional::symbolic_call(st, vm, &me, symbolic, list);
        keras.pop_scope();
        return output;
    }
    keras.push_scope(&name);
    let result = (|| -> PyResult {
        if !data.built.get() {
            let dims = input_dims(st, vm, &inputs)?;
            ensure_built(vm, &me, &dims)?;
        }
        let call = vm.get_attr_str(&me, "call")?;
        let mut keywords: Vec<(Name, Value)> = Vec::with_capacity(args.keywords.len());
        for (key, value) in args.keywords.iter() {
            if key.as_str() == "training" && !accepts(vm, &call, "training") {
                continue;
            }
            keywords.push((key.clone(), value.clone()));
        }
        let mut positional = vec![inputs.clone()];
        positional.extend(args.positional.iter().skip(2).cloned());
        let output = vm.call(&call, &positional, &keywords)?;
        if let Some(tensor) = output.downcast::<PyTensor>() {
            let dims = st
                .tf(vm, |ctx| ctx.handle_shape(&tensor.handle))
                .ok()
                .and_then(|s| s.dims().map(<[Option<usize>]>::to_vec));
            // Program-defined layers have no `compute_output_shape`: summary() shows "?".
            let unknown =
                data.output_shape.borrow().is_none() && !matches!(data.kind, LayerKind::Custom);
            if let (Some(dims), true) = (dims, unknown) {
                *data.output_shape.borrow_mut() = Some(dims);
            }
        }
        Ok(output)
    })();
    keras.pop_scope();
    result
}

/// `layer.add_weight(shape=None, initializer=None, dtype=None, trainable=True, ...,
/// name=None)`.
fn add_weight(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "add_weight",
        &args,
        1,
        [
            this = "self",
            shape,
            initializer,
            dtype,
            trainable,
            autocast,
            regularizer,
            constraint,
            aggregation,
            overwrite_with_gradient,
            name
        ]
    )?;
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    let dims = match &bound.shape {
        Some(shape) => crate::convert::int_list(st, vm, shape, "shape")?,
        None => Vec::new(),
    };
    let dims: Vec<usize> = dims.iter().map(|d| (*d).max(0) as usize).collect();
    let dtype = crate::convert::opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Float32);
    let default = if dtype.is_floating() {
        Initializer::GlorotUniform(None)
    } else {
        Initializer::Zeros
    };
    let init = layer_initializer(st, vm, bound.initializer.as_ref(), default)?;
    let trainable = crate::flag(vm, &bound.trainable, true)?;
    let name = match &bound.name {
        Some(name) => crate::string_arg(vm, name, "name")?,
        None => "variable".to_string(),
    };
    let value = initial_value(st, vm, &init, &dims, dtype)?;
    add_layer_weight(st, vm, &data, &name, value, trainable)
}

/// Makes a weight of `data`'s layer in the layer's name scope (so its path is
/// `dense/kernel`; entered unless the layer is already inside it) and keeps it among the
/// layer's weights.
fn add_layer_weight(
    st: &St,
    vm: &mut Vm<'_>,
    data: &LayerData,
    name: &str,
    value: Tensor,
    trainable: bool,
) -> PyResult {
    let keras = classes(st, vm)?;
    let layer_name = data.name.borrow().clone();
    let scoped = keras.in_scope(&layer_name);
    if !scoped {
        keras.push_scope(&layer_name);
    }
    let variable = variables::create(st, vm, name, value, trainable);
    if !scoped {
        keras.pop_scope();
    }
    let variable = variable?;
    data.weights.borrow_mut().push(variable.clone());
    Ok(variable)
}

/// Every layer directly inside `layer`: a Sequential's layers, else the attributes that
/// hold layers (alone or in lists and tuples), in assignment order.
pub fn sublayers(vm: &mut Vm<'_>, layer: &Value) -> PyResult<Vec<Value>> {
    let data = layer_of(vm, layer)?;
    if let LayerKind::Model(model) = &data.kind {
        if let Some(layers) = model.sequential_layers() {
            return Ok(layers);
        }
        if let Some(graph) = &model.functional {
            return Ok(graph.operations.clone());
        }
    }
    let mut found = Vec::new();
    let Value::Instance(instance) = layer else {
        return Ok(found);
    };
    let values: Vec<Value> = instance
        .dict
        .borrow()
        .iter()
        .map(|(_, v)| v.clone())
        .collect();
    for value in values {
        match &value {
            Value::List(_) | Value::Tuple(_) => {
                for item in vm.iterate(&value)? {
                    if item.downcast::<LayerData>().is_some() {
                        found.push(item);
                    }
                }
            }
            other if other.downcast::<LayerData>().is_some() => found.push(other.clone()),
            _ => {}
        }
    }
    Ok(found)
}

/// All weights of `layer` and its sublayers (own first), without duplicates; with
/// `trainable`, only those whose trainability matches.
pub fn collect_weights(
    st: &St,
    vm: &mut Vm<'_>,
    layer: &Value,
    trainable: Option<bool>,
) -> PyResult<Vec<Value>> {
    let mut out: Vec<Value> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    collect_into(st, vm, layer, trainable, true, &mut out, &mut seen, 0)?;
    Ok(out)
}

#[allow(clippy::too_many_arguments)] // One recursive walk needs all of these.
fn collect_into(
    st: &St,
    vm: &mut Vm<'_>,
    layer: &Value,
    trainable: Option<bool>,
    parent_trainable: bool,
    out: &mut Vec<Value>,
    seen: &mut std::collections::HashSet<u32>,
    depth: usize,
) -> PyResult<()> {
    if depth > NESTING_MAX {
        return Err(vm.value_error("Layers are nested too deeply."));
    }
    let data = layer_of(vm, layer)?;
    let layer_trainable = parent_trainable && data.trainable.get();
    let own: Vec<Value> = data.weights.borrow().clone();
    for weight in own {
        let id = variables::variable_id(vm, &weight)?;
        let variable_trainable = st.tf(vm, |ctx| Ok(ctx.variable(id)?.trainable))?;
        let effective = layer_trainable && variable_trainable;
        if trainable.is_some_and(|want| want != effective) {
            continue;
        }
        if seen.insert(id.0) {
            out.push(weight);
        }
    }
    for sublayer in sublayers(vm, layer)? {
        collect_into(
            st,
            vm,
            &sublayer,
            trainable,
            layer_trainable,
            out,
            seen,
            depth + 1,
        )?;
    }
    Ok(())
}

/// `layer.count_params()`.
fn count_params(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    if !data.built.get() {
        let name = data.name.borrow().clone();
        return Err(vm.value_error(format!(
            "You tried to call `count_params` on layer '{name}', but the layer isn't built. You can build it manually via: `layer.build(input_shape)`."
        )));
    }
    let mut total = 0usize;
    for weight in collect_weights(st, vm, &me, None)? {
        total += variables::size(st, vm, &weight)?;
    }
    Ok(Value::Int(total as i64))
}

fn weights_property(
    st: &St,
    trainable: Option<bool>,
) -> impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult {
    let st = st.clone();
    move |vm, args| {
        let me = this(vm, &args)?.clone();
        Ok(Value::list(collect_weights(&st, vm, &me, trainable)?))
    }
}

fn get_weights(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?.clone();
    let mut arrays = Vec::new();
    for weight in collect_weights(st, vm, &me, None)? {
        let value = crate::convert::eager_value(st, vm, &weight)?
            .ok_or_else(|| vm.type_error("a weight without a value"))?;
        arrays.push(crate::numpy_module::array_value(st, vm, value)?);
    }
    Ok(Value::list(arrays))
}

fn set_weights(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "set_weights", &args, 2, [this = "self", weights])?;
    let me = this(vm, &args)?.clone();
    let weights = collect_weights(st, vm, &me, None)?;
    let given = vm.iterate(bound.weights.as_ref().unwrap_or(&Value::None))?;
    if given.len() != weights.len() {
        let name = layer_of(vm, &me)?.name.borrow().clone();
        return Err(vm.value_error(format!(
            "You called `set_weights(weights)` on layer '{name}' with a weight list of length {}, but the layer was expecting {} weights.",
            given.len(),
            weights.len()
        )));
    }
    for (weight, value) in weights.iter().zip(&given) {
        let id = variables::variable_id(vm, weight)?;
        let dtype = variables::dtype(st, vm, weight)?;
        let tensor = crate::convert::to_tensor(st, vm, value, Some(dtype))?;
        st.tf(vm, |ctx| {
            ctx.assign_variable(
                id,
                runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Set),
                Operand::Literal(tensor),
            )
        })?;
    }
    Ok(Value::None)
}

fn layer_repr(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    let class = class_name(vm, &me);
    let built = if data.built.get() { "True" } else { "False" };
    let name = data.name.borrow().clone();
    Ok(Value::str(format!("<{class} name={name}, built={built}>")))
}

/// The methods and properties every layer class has.
pub fn install_layer_api(builder: ClassBuilder, st: &St) -> ClassBuilder {
    builder
        .method_closure("__call__", bound(st, layer_call))
        .method("__repr__", layer_repr)
        .method_closure("add_weight", bound(st, add_weight))
        .method_closure("count_params", bound(st, count_params))
        .method_closure("get_weights", bound(st, get_weights))
        .method_closure("set_weights", bound(st, set_weights))
        .property_closure("weights", weights_property(st, None), None)
        .property_closure("variables", weights_property(st, None), None)
        .property_closure("trainable_weights", weights_property(st, Some(true)), None)
        .property_closure(
            "trainable_variables",
            weights_property(st, Some(true)),
            None,
        )
        .property_closure(
            "non_trainable_weights",
            weights_property(st, Some(false)),
            None,
        )
        .property_closure(
            "non_trainable_variables",
            weights_property(st, Some(false)),
            None,
        )
        .property(
            "name",
            |vm, args| {
                Ok(Value::str(
                    layer_of(vm, this(vm, &args)?)?.name.borrow().clone(),
                ))
            },
            None,
        )
        .property(
            "built",
            |vm, args| Ok(Value::Bool(layer_of(vm, this(vm, &args)?)?.built.get())),
            None,
        )
        .property(
            "trainable",
            |vm, args| Ok(Value::Bool(layer_of(vm, this(vm, &args)?)?.trainable.get())),
            Some(|vm, args| {
                let data = layer_of(vm, this(vm, &args)?)?;
                let value = args.get(1).cloned().unwrap_or(Value::Bool(true));
                data.trainable.set(vm.truthy(&value)?);
                Ok(Value::None)
            }),
        )
}

/// Builds the `Layer` base class.
pub fn build_layer_class(st: &St) -> Rc<Class> {
    let builder = ClassBuilder::new("Layer", "keras.src.layers.layer")
        .method_closure(
            "__init__",
            bound(st, |st, vm, args| {
                base_init(st, vm, args, LayerKind::Custom)
            }),
        )
        .method("build", |vm, args| {
            layer_of(vm, this(vm, &args)?)?.built.set(true);
            Ok(Value::None)
        })
        .method("call", |vm, args| {
            let _ = args;
            Err(vm.runtime_error("Layer Layer does not have a `call()` method implemented."))
        });
    install_layer_api(builder, st).build()
}

fn dense_init(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "Dense",
        &args,
        2,
        [
            this = "self",
            units,
            activation,
            use_bias,
            kernel_initializer,
            bias_initializer,
            kernel_regularizer,
            bias_regularizer,
            activity_regularizer,
            kernel_constraint,
            bias_constraint,
            lora_rank,
            name,
            trainable,
            dtype,
            input_shape,
            input_dim
        ]
    )?;
    let units_value = bound.units.clone().unwrap_or(Value::None);
    let units = match units_value.as_i64() {
        Some(units) if units > 0 => units as usize,
        _ => {
            let text = vm.repr(&units_value)?;
            return Err(vm.value_error(format!(
                "Received an invalid value for `units`, expected a positive integer. Received: units={text}"
            )));
        }
    };
    let kind = LayerKind::Dense {
        units,
        activation: Activation::from_arg(vm, bound.activation.as_ref())?,
        use_bias: crate::flag(vm, &bound.use_bias, true)?,
        kernel_initializer: layer_initializer(
            st,
            vm,
            bound.kernel_initializer.as_ref(),
            Initializer::GlorotUniform(None),
        )?,
        bias_initializer: layer_initializer(
            st,
            vm,
            bound.bias_initializer.as_ref(),
            Initializer::Zeros,
        )?,
    };
    base_args(st, vm, &args, kind)
}

fn dense_build(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "build", &args, 2, [this = "self", input_shape])?;
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    let LayerKind::Dense {
        units,
        use_bias,
        kernel_initializer,
        bias_initializer,
        ..
    } = &data.kind
    else {
        return Err(vm.type_error("expected a Dense layer"));
    };
    let shape = vm.iterate(bound.input_shape.as_ref().unwrap_or(&Value::None))?;
    let Some(last) = shape.last().and_then(Value::as_i64) else {
        return Err(vm.value_error(
            "The last dimension of the inputs to a Dense layer should be defined. Found None.",
        ));
    };
    build_kernel_and_bias(
        st,
        vm,
        &data,
        (kernel_initializer, &[last.max(0) as usize, *units]),
        use_bias.then_some((bias_initializer, *units)),
        &shape,
    )?;
    Ok(Value::None)
}

/// The end of `build` for layers with a `kernel` and an optional `bias` (Dense, Conv2D):
/// creates them under the layer's name scope (so their paths are `dense/kernel`), marks
/// the layer built and keeps the input shape it was built for.
pub(crate) fn build_kernel_and_bias(
    st: &St,
    vm: &mut Vm<'_>,
    data: &LayerData,
    kernel: (&InitializerArg, &[usize]),
    bias: Option<(&InitializerArg, usize)>,
    input_shape: &[Value],
) -> PyResult<()> {
    let value = initial_value(st, vm, kernel.0, kernel.1, DType::Float32)?;
    add_layer_weight(st, vm, data, "kernel", value, true)?;
    if let Some((initializer, units)) = bias {
        let value = initial_value(st, vm, initializer, &[units], DType::Float32)?;
        add_layer_weight(st, vm, data, "bias", value, true)?;
    }
    data.built.set(true);
    let dims: Vec<Option<usize>> = input_shape
        .iter()
        .map(|d| d.as_i64().map(|d| d.max(0) as usize))
        .collect();
    *data.input_shape.borrow_mut() = Some(dims);
    Ok(())
}

/// Casts a layer input to float32 as Keras layers (dtype policy `float32`) do.
pub(crate) fn float_input(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Handle> {
    let handle = handle_of(st, vm, value)?;
    let (_, dtype) = ops::shape_dtype(st, vm, &handle)?;
    if dtype == DType::Float32 {
        Ok(handle)
    } else {
        ops::cast(st, vm, Operand::Handle(handle), DType::Float32)
    }
}

fn dense_call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    let LayerKind::Dense {
        units,
        activation,
        use_bias,
        ..
    } = &data.kind
    else {
        return Err(vm.type_error("expected a Dense layer"));
    };
    let inputs = args.positional.get(1).cloned().unwrap_or(Value::None);
    let x = float_input(st, vm, &inputs)?;
    let weights = data.weights.borrow().clone();
    let (Some(kernel), bias) = (weights.first().cloned(), weights.get(1).cloned()) else {
        return Err(vm.value_error("Dense layer is not built"));
    };
    let (shape, _) = ops::shape_dtype(st, vm, &x)?;
    let dims = shape
        .dims()
        .map(<[Option<usize>]>::to_vec)
        .unwrap_or_default();
    let kernel = to_operand(st, vm, &kernel)?;
    let mut y = if dims.len() > 2 {
        let last = dims.last().copied().flatten().unwrap_or(0) as i64;
        let flat = ops::reshape(st, vm, Operand::Handle(x), vec![-1, last])?;
        let product = ops::matmul(st, vm, Operand::Handle(flat), kernel)?;
        let mut out: Vec<i64> = dims[..dims.len() - 1]
            .iter()
            .map(|d| d.map_or(-1, |d| d as i64))
            .collect();
        out.push(*units as i64);
        ops::reshape(st, vm, Operand::Handle(product), out)?
    } else {
        ops::matmul(st, vm, Operand::Handle(x), kernel)?
    };
    if let (true, Some(bias)) = (*use_bias, bias) {
        let bias = to_operand(st, vm, &bias)?;
        y = ops::binary(st, vm, BinaryOp::Add, Operand::Handle(y), bias)?;
    }
    let y = activation.apply(st, vm, y)?;
    wrap(st, vm, y)
}

/// A property getter for the layer's `index`-th own weight (`kernel`, `bias`).
pub(crate) fn weight_at(index: usize) -> impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult {
    move |vm, args| {
        let data = layer_of(vm, this(vm, &args)?)?;
        let weight = data.weights.borrow().get(index).cloned();
        Ok(weight.unwrap_or(Value::None))
    }
}

/// Builds `Dense`.
pub fn build_dense_class(st: &St, layer: &Rc<Class>) -> Rc<Class> {
    ClassBuilder::new("Dense", "keras.src.layers.core.dense")
        .base(layer)
        .method_closure("__init__", bound(st, dense_init))
        .method_closure("build", bound(st, dense_build))
        .method_closure("call", bound(st, dense_call))
        .property_closure("kernel", weight_at(0), None)
        .property_closure("bias", weight_at(1), None)
        .property(
            "units",
            |vm, args| {
                let data = layer_of(vm, this(vm, &args)?)?;
                Ok(match &data.kind {
                    LayerKind::Dense { units, .. } => Value::Int(*units as i64),
                    _ => Value::None,
                })
            },
            None,
        )
        .build()
}

fn simple_init(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    base_args(st, vm, &args, LayerKind::Flatten)
}

fn flatten_call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let inputs = args.positional.get(1).cloned().unwrap_or(Value::None);
    let x = handle_of(st, vm, &inputs)?;
    let (shape, _) = ops::shape_dtype(st, vm, &x)?;
    let dims = shape
        .dims()
        .map(<[Option<usize>]>::to_vec)
        .unwrap_or_default();
    let batch = dims.first().copied().flatten().map_or(-1, |b| b as i64);
    let rest: Option<usize> = dims
        .iter()
        .skip(1)
        .try_fold(1usize, |acc, d| d.map(|d| acc * d));
    let target = match (dims.len(), rest) {
        (0 | 1, _) => vec![batch, 1],
        (_, Some(rest)) => vec![batch, rest as i64],
        (_, None) => vec![batch, -1],
    };
    let y = ops::reshape(st, vm, Operand::Handle(x), target)?;
    wrap(st, vm, y)
}

/// Builds a configuration-free layer class (`Flatten`, `InputLayer`).
pub fn build_simple_class(st: &St, layer: &Rc<Class>, name: &str, module: &str) -> Rc<Class> {
    let builder = ClassBuilder::new(name, module)
        .base(layer)
        .method_closure("__init__", bound(st, simple_init));
    if name == "Flatten" {
        builder
            .method_closure("call", bound(st, flatten_call))
            .build()
    } else {
        builder.build()
    }
}

fn dropout_init(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "Dropout",
        &args,
        2,
        [
            this = "self",
            rate,
            noise_shape,
            seed,
            name,
            trainable,
            dtype
        ]
    )?;
    let rate = crate::convert::float_arg(vm, &bound.rate, 0.0)?;
    if !(0.0..=1.0).contains(&rate) {
        return Err(vm.value_error(format!(
            "Invalid value received for argument `rate`. Expected a float value between 0 and 1. Received: rate={rate}"
        )));
    }
    let seed = bound
        .seed
        .as_ref()
        .and_then(Value::as_i64)
        .map(|s| s as u64);
    if seed.is_none() {
        // Its `SeedGenerator` draws a default seed from Python's `random` when none is
        // given; the draw keeps later initialisers' seeds in step with Keras.
        keras_default_seed(st, vm);
    }
    base_args(st, vm, &args, LayerKind::Dropout { rate, seed })
}

fn keras_default_seed(st: &St, vm: &Vm<'_>) -> u64 {
    classes(st, vm).map_or(0, |keras| keras.default_seed())
}

fn dropout_call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "call", &args, 2, [this = "self", inputs, training])?;
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    let LayerKind::Dropout { rate, seed } = data.kind else {
        return Err(vm.type_error("expected a Dropout layer"));
    };
    let inputs = bound.inputs.clone().unwrap_or(Value::None);
    let training = crate::flag(vm, &bound.training, false)?;
    let x = handle_of(st, vm, &inputs)?;
    if !training || rate == 0.0 {
        return wrap(st, vm, x);
    }
    let (shape, dtype) = ops::shape_dtype(st, vm, &x)?;
    let dims: Vec<i64> = shape
        .dims()
        .unwrap_or(&[])
        .iter()
        .map(|d| d.map_or(1, |d| d as i64))
        .collect();
    let noise = tensor::ops::random_uniform(&dims, 0.0, 1.0, DType::Float32, seed)
        .map_err(|e| op_error(vm, e))?;
    let keep = noise
        .to_f64_vec()
        .unwrap_or_default()
        .iter()
        .map(|u| {
            if *u >= rate {
                (1.0 / (1.0 - rate)) as f32
            } else {
                0.0
            }
        })
        .collect::<Vec<f32>>();
    let mask = Tensor::from_vec(noise.shape().clone(), keep).map_err(|e| op_error(vm, e))?;
    let mask = tensor::ops::cast(&mask, dtype).map_err(|e| op_error(vm, e))?;
    let y = ops::binary(
        st,
        vm,
        BinaryOp::Mul,
        Operand::Handle(x),
        Operand::Literal(mask),
    )?;
    wrap(st, vm, y)
}

/// Builds `Dropout`.
pub fn build_dropout_class(st: &St, layer: &Rc<Class>) -> Rc<Class> {
    ClassBuilder::new("Dropout", "keras.src.layers.regularization.dropout")
        .base(layer)
        .method_closure("__init__", bound(st, dropout_init))
        .method_closure("call", bound(st, dropout_call))
        .build()
}

/// Builds `Activation`.
pub fn build_activation_class(st: &St, layer: &Rc<Class>) -> Rc<Class> {
    ClassBuilder::new("Activation", "keras.src.layers.activations.activation")
        .base(layer)
        .method_closure(
            "__init__",
            bound(st, |st, vm, args| {
                let bound = bind!(
                    vm,
                    "Activation",
                    &args,
                    2,
                    [this = "self", activation, name, trainable, dtype]
                )?;
                let activation = Activation::from_arg(vm, bound.activation.as_ref())?;
                base_args(st, vm, &args, LayerKind::Activation(activation))
            }),
        )
        .method_closure(
            "call",
            bound(st, |st, vm, args| {
                let data = layer_of(vm, this(vm, &args)?)?;
                let LayerKind::Activation(activation) = &data.kind else {
                    return Err(vm.type_error("expected an Activation layer"));
                };
                let activation = activation.clone();
                let x = handle_of(st, vm, args.positional.get(1).unwrap_or(&Value::None))?;
                let y = activation.apply(st, vm, x)?;
                wrap(st, vm, y)
            }),
        )
        .build()
}

/// Builds `tf.keras.activations` (`relu`, `sigmoid`, `tanh`, `softmax`, `linear`).
pub fn build_activations_module(st: &St) -> Rc<Module> {
    let module = crate::module("keras._tf_keras.keras.activations");
    for name in [
        "relu",
        "sigmoid",
        "tanh",
        "softmax",
        "linear",
        "exponential",
    ] {
        let st2 = st.clone();
        module.set(
            name,
            lang::host::native_function_closure(name, move |vm, args| {
                let x = handle_of(&st2, vm, args.positional.first().unwrap_or(&Value::None))?;
                let activation = Activation::from_arg(vm, Some(&Value::str(name)))?;
                let y = activation.apply(&st2, vm, x)?;
                wrap(&st2, vm, y)
            }),
        );
    }
    module
}
