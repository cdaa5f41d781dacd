//! The Keras functional API: `tf.keras.Input` returns a symbolic [`KerasTensor`]; calling a
//! layer on symbolic tensors builds the layer and records a [`Node`] (which layer, on which
//! tensors) instead of computing; `tf.keras.Model(inputs, outputs)` walks those nodes back
//! from the outputs (Keras 3's `map_graph`: depth-first from each output, operations ordered
//! by depth, then by first visit) into a `Functional` model, whose call runs the nodes on
//! real tensors from the deepest to the outputs.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use lang::host::{new_native_instance, set_native_data, ClassBuilder};
use lang::value::{Args, Class, Name, PyResult, Value};
use lang::vm::Vm;

use crate::keras::layers::{ensure_built, layer_of, shape_text, shape_tuple, LayerData, LayerKind};
use crate::keras::merging::merge_output_dims;
use crate::keras::model::{output_dims, ModelState};
use crate::keras::{classes, KerasClasses};
use crate::{this, St};
use tensor::DType;

/// Identities of symbolic tensors, so a node's outputs can be found again while running.
static NEXT_TENSOR_ID: AtomicU64 = AtomicU64::new(1);

/// Deepest chain of nodes a model may walk back through.
const GRAPH_DEPTH_MAX: usize = 4096;

/// The data of a `KerasTensor`: a symbolic tensor of the functional API.
pub struct KerasTensor {
    /// Its shape, batch dimension first.
    pub shape: Vec<Option<usize>>,
    /// Its dtype.
    pub dtype: DType,
    /// Its name.
    pub name: String,
    /// Its identity (what a running model maps to a real tensor).
    pub id: u64,
    /// The node that produced it and where (`_keras_history`).
    pub history: Option<KerasHistory>,
}

/// `_keras_history`: the layer call (node) a symbolic tensor came out of.
#[derive(Clone)]
pub struct KerasHistory {
    /// The node.
    pub node: Rc<Node>,
    /// Which of its layer's calls the node is.
    pub node_index: usize,
    /// Which of the node's outputs the tensor is.
    pub tensor_index: usize,
}

/// One symbolic call of a layer: its inputs and the identities of its outputs.
pub struct Node {
    /// The layer (an `InputLayer` for an input node).
    pub layer: Value,
    /// The symbolic tensors it was called on, flattened.
    pub inputs: Vec<Value>,
    /// Whether the layer was called on a list (merge layers) rather than one tensor.
    pub list_input: bool,
    /// Its outputs' identities.
    pub output_ids: Vec<u64>,
    /// Its outputs' shapes (what `summary()` shows).
    pub output_shapes: Vec<Vec<Option<usize>>>,
}

impl Node {
    /// Whether this is an `InputLayer`'s node.
    fn is_input(&self) -> bool {
        self.inputs.is_empty()
    }
}

/// A node's identity.
fn node_key(node: &Rc<Node>) -> usize {
    Rc::as_ptr(node) as usize
}

/// An object's identity (layers are instances).
fn object_key(value: &Value) -> usize {
    value.object_address().unwrap_or(0)
}

/// `tf.keras.Input(shape=None, batch_size=None, dtype=None, sparse=None, batch_shape=None,
/// name=None, tensor=None, optional=False)`: an `InputLayer` and its symbolic output.
pub fn input(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "Input",
        &args,
        0,
        [
            shape,
            batch_size,
            dtype,
            sparse,
            batch_shape,
            name,
            tensor,
            optional
        ]
    )?;
    let dims = |vm: &mut Vm<'_>, value: &Value| -> PyResult<Vec<Option<usize>>> {
        let items = match value {
            Value::Int(n) => vec![Value::Int(*n)],
            other => vm.iterate(other)?,
        };
        let mut out = Vec::with_capacity(items.len());
        for item in &items {
            out.push(match item {
                Value::None => None,
                other => {
                    let n = other
                        .as_i64()
                        .ok_or_else(|| vm.type_error("shape entries must be integers or None"))?;
                    Some(n.max(0) as usize)
                }
            });
        }
        Ok(out)
    };
    let shape = match (&bound.shape, &bound.batch_shape) {
        (Some(_), Some(_)) => {
            return Err(
                vm.value_error("You cannot pass both `shape` and `batch_shape` at the same time.")
            )
        }
        (_, Some(batch_shape)) => dims(vm, batch_shape)?,
        (Some(shape), None) => {
            let batch = bound
                .batch_size
                .as_ref()
                .and_then(Value::as_i64)
                .map(|b| b.max(0) as usize);
            let mut full = vec![batch];
            full.extend(dims(vm, shape)?);
            full
        }
        (None, None) => {
            return Err(vm.value_error("You must pass a `shape` argument."));
        }
    };
    let dtype = crate::convert::opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Float32);
    let keras = classes(st, vm)?;
    let given = match bound.name.as_ref().filter(|v| !v.is_none()) {
        Some(name) => Some(crate::string_arg(vm, name, "name")?),
        None => None,
    };
    let layer_name = given
        .clone()
        .unwrap_or_else(|| keras.unique_name("input_layer"));
    let tensor_name = given.unwrap_or_else(|| keras.unique_name("keras_tensor"));
    let layer = new_native_instance(
        &keras.input_layer,
        Rc::new(LayerData::new(LayerKind::Input, layer_name)),
    );
    let data = layer_of(vm, &layer)?;
    data.built.set(true);
    *data.output_shape.borrow_mut() = Some(shape.clone());
    let id = NEXT_TENSOR_ID.fetch_add(1, Ordering::Relaxed);
    let node = Rc::new(Node {
        layer: layer.clone(),
        inputs: Vec::new(),
        list_input: false,
        output_ids: vec![id],
        output_shapes: vec![shape.clone()],
    });
    let tensor = new_native_instance(
        &keras.keras_tensor,
        Rc::new(KerasTensor {
            shape,
            dtype,
            name: tensor_name,
            id,
            history: Some(KerasHistory {
                node: node.clone(),
                node_index: 0,
                tensor_index: 0,
            }),
        }),
    );
    data.inbound_nodes.borrow_mut().push(node);
    Ok(tensor)
}

/// The symbolic tensors a layer is called on: one, or a list or tuple of them. `None` when
/// the input is not symbolic.
pub fn symbolic_inputs(vm: &mut Vm<'_>, inputs: &Value) -> PyResult<Option<(Vec<Value>, bool)>> {
    if inputs.downcast::<KerasTensor>().is_some() {
        return Ok(Some((vec![inputs.clone()], false)));
    }
    if let Value::List(_) | Value::Tuple(_) = inputs {
        let items = vm.iterate(inputs)?;
        if !items.is_empty() && items.iter().all(|i| i.downcast::<KerasTensor>().is_some()) {
            return Ok(Some((items, true)));
        }
    }
    Ok(None)
}

fn tensor_data(vm: &Vm<'_>, value: &Value) -> PyResult<Rc<KerasTensor>> {
    value
        .downcast::<KerasTensor>()
        .ok_or_else(|| vm.type_error("expected a KerasTensor"))
}

/// `layer(symbolic_inputs)`: builds the layer for the inputs' shapes, works out the output
/// shape, and records the call as a new node of the layer.
pub fn symbolic_call(
    st: &St,
    vm: &mut Vm<'_>,
    layer: &Value,
    inputs: Vec<Value>,
    list_input: bool,
) -> PyResult {
    let data = layer_of(vm, layer)?;
    let mut shapes = Vec::with_capacity(inputs.len());
    let mut dtype = DType::Float32;
    for input in &inputs {
        let tensor = tensor_data(vm, input)?;
        shapes.push(tensor.shape.clone());
        dtype = tensor.dtype;
    }
    let output = match &data.kind {
        LayerKind::Merge(merge) => {
            data.built.set(true);
            merge_output_dims(vm, merge, &shapes)?
        }
        _ if list_input => {
            let name = data.name.borrow().clone();
            return Err(vm.value_error(format!(
                "Layer \"{name}\" expects 1 input(s), but it received {} input tensors.",
                inputs.len()
            )));
        }
        kind => {
            ensure_built(vm, layer, &shapes[0])?;
            match output_dims(&data, &shapes[0]) {
                Some(dims) => dims,
                None => {
                    let class = vm.class_of(layer).name.clone();
                    let _ = kind;
                    return Err(vm.type_error(format!(
                        "Calling a `{class}` on symbolic `tf.keras.Input` tensors is not emulated in this playground: only built-in layers (Dense, Flatten, Dropout, Activation, Concatenate, Add) can be wired with the functional API."
                    )));
                }
            }
        }
    };
    if matches!(data.kind, LayerKind::Dense { .. }) {
        dtype = DType::Float32;
    }
    let keras = classes(st, vm)?;
    let node_index = data.inbound_nodes.borrow().len();
    let name = keras.unique_name("keras_tensor");
    let id = NEXT_TENSOR_ID.fetch_add(1, Ordering::Relaxed);
    let node = Rc::new(Node {
        layer: layer.clone(),
        inputs,
        list_input,
        output_ids: vec![id],
        output_shapes: vec![output.clone()],
    });
    data.inbound_nodes.borrow_mut().push(node.clone());
    if data.output_shape.borrow().is_none() {
        *data.output_shape.borrow_mut() = Some(output.clone());
    }
    Ok(new_native_instance(
        &keras.keras_tensor,
        Rc::new(KerasTensor {
            shape: output,
            dtype,
            name,
            id,
            history: Some(KerasHistory {
                node,
                node_index,
                tensor_index: 0,
            }),
        }),
    ))
}

/// A functional model's graph: its inputs and outputs, its layers in Keras's order, and
/// its nodes from the deepest to the outputs.
pub struct FunctionalGraph {
    /// `model.inputs`.
    pub inputs: Vec<Value>,
    /// `model.outputs`.
    pub outputs: Vec<Value>,
    /// Whether the outputs were given as a list (so calls return a list).
    pub list_outputs: bool,
    /// `model.layers` (`_operations`), `InputLayer`s included.
    pub operations: Vec<Value>,
    /// The nodes, grouped by depth, deepest first.
    pub nodes_by_depth: Vec<Vec<Rc<Node>>>,
}

impl FunctionalGraph {
    /// Whether Keras's `summary()` shows the model as a plain stack (no "Connected to").
    pub fn sequential_like(&self) -> bool {
        let mut nodes = HashSet::new();
        for level in &self.nodes_by_depth {
            if level.len() > 1 || (level.len() == 1 && level[0].inputs.len() > 1) {
                return false;
            }
            nodes.extend(level.iter().map(node_key));
        }
        // A layer called twice inside the model (shared) makes it a graph.
        for layer in &self.operations {
            let Some(data) = layer.downcast::<LayerData>() else {
                continue;
            };
            let inside = data
                .inbound_nodes
                .borrow()
                .iter()
                .filter(|n| nodes.contains(&node_key(n)))
                .count();
            if inside > 1 {
                return false;
            }
        }
        true
    }

    /// Whether `node` is part of this model (for the "Connected to" column).
    pub fn contains(&self, node: &Rc<Node>) -> bool {
        self.nodes_by_depth
            .iter()
            .any(|level| level.iter().any(|n| Rc::ptr_eq(n, node)))
    }
}

/// The flat list of symbolic tensors in `value` (one, or a list, tuple or dict of them),
/// and whether it was a collection.
fn tensor_list(vm: &mut Vm<'_>, value: &Value, what: &str) -> PyResult<(Vec<Value>, bool)> {
    if value.downcast::<KerasTensor>().is_some() {
        return Ok((vec![value.clone()], false));
    }
    let items = match value {
        Value::List(_) | Value::Tuple(_) => vm.iterate(value)?,
        Value::Dict(dict) => dict.borrow().iter().map(|e| e.value.clone()).collect(),
        other => {
            let text = vm.repr(other)?;
            return Err(vm.value_error(format!(
                "All `{what}` values must be KerasTensors. Received: {what}={text} including invalid value {text} of type {}",
                vm.type_name(other)
            )));
        }
    };
    for item in &items {
        if item.downcast::<KerasTensor>().is_none() {
            let whole = vm.repr(value)?;
            let text = vm.repr(item)?;
            return Err(vm.value_error(format!(
                "All `{what}` values must be KerasTensors. Received: {what}={whole} including invalid value {text} of type {}",
                vm.type_name(item)
            )));
        }
    }
    Ok((items, true))
}

/// Keras 3's `map_graph`: the nodes from the outputs back to the inputs, their depths, and
/// the layers ordered by depth and then by when the walk first met them.
fn map_graph(vm: &mut Vm<'_>, inputs: &[Value], outputs: &[Value]) -> PyResult<FunctionalGraph> {
    let input_ids: HashSet<u64> = inputs
        .iter()
        .filter_map(|v| v.downcast::<KerasTensor>().map(|t| t.id))
        .collect();
    let mut finished: HashSet<usize> = HashSet::new();
    let mut in_progress: HashSet<usize> = HashSet::new();
    let mut ordered: Vec<Rc<Node>> = Vec::new();
    let mut operation_index: HashMap<usize, i64> = HashMap::new();
    for output in outputs {
        // An explicit stack of (tensor, children pushed) replaces the recursion.
        let mut stack: Vec<(Value, bool)> = vec![(output.clone(), false)];
        while let Some((tensor, expanded)) = stack.pop() {
            vm.charge(1)?;
            if stack.len() > GRAPH_DEPTH_MAX {
                return Err(vm.value_error("The model's graph is too deep for this playground."));
            }
            let data = tensor_data(vm, &tensor)?;
            let Some(history) = &data.history else {
                continue;
            };
            let node = history.node.clone();
            let key = node_key(&node);
            if expanded {
                in_progress.remove(&key);
                if finished.insert(key) {
                    ordered.push(node);
                }
                continue;
            }
            if finished.contains(&key) {
                continue;
            }
            if !node.is_input() && input_ids.contains(&data.id) {
                finished.insert(key);
                continue;
            }
            if in_progress.contains(&key) {
                let text = vm.repr(&tensor)?;
                let name = layer_of(vm, &node.layer)?.name.borrow().clone();
                return Err(vm.value_error(format!(
                    "Tensor {text} from operation '{name}' is part of a cycle."
                )));
            }
            let next = operation_index.len() as i64;
            operation_index
                .entry(object_key(&node.layer))
                .or_insert(next);
            in_progress.insert(key);
            stack.push((tensor.clone(), true));
            for input in node.inputs.iter().rev() {
                stack.push((input.clone(), false));
            }
        }
    }
    // Depths: outputs at 0, each node one deeper than the deepest node it feeds.
    let mut node_depth: HashMap<usize, usize> = HashMap::new();
    let mut node_order: Vec<Rc<Node>> = Vec::new();
    let mut operation_depth: HashMap<usize, usize> = HashMap::new();
    let mut operations: Vec<Value> = Vec::new();
    let in_graph: HashSet<usize> = ordered.iter().map(node_key).collect();
    for node in ordered.iter().rev() {
        let key = node_key(node);
        if let std::collections::hash_map::Entry::Vacant(slot) = node_depth.entry(key) {
            slot.insert(0);
            node_order.push(node.clone());
        }
        let layer_key = object_key(&node.layer);
        let depth = node_depth[&key].max(operation_depth.get(&layer_key).copied().unwrap_or(0));
        if !operation_depth.contains_key(&layer_key) {
            operations.push(node.layer.clone());
        }
        operation_depth.insert(layer_key, depth);
        node_depth.insert(key, depth);
        for input in &node.inputs {
            let Some(parent) = tensor_data(vm, input)?.history.clone() else {
                continue;
            };
            let parent_key = node_key(&parent.node);
            if !in_graph.contains(&parent_key) {
                continue;
            }
            let previous = node_depth.get(&parent_key).copied();
            if previous.is_none() {
                node_order.push(parent.node.clone());
            }
            node_depth.insert(parent_key, (depth + 1).max(previous.unwrap_or(0)));
        }
    }
    // Inputs no output depends on still belong to the model.
    for input in inputs {
        let Some(history) = tensor_data(vm, input)?.history.clone() else {
            continue;
        };
        let layer_key = object_key(&history.node.layer);
        if history.node.is_input() && !operation_depth.contains_key(&layer_key) {
            operation_depth.insert(layer_key, 0);
            operation_index.insert(layer_key, -1);
            operations.push(history.node.layer.clone());
            let key = node_key(&history.node);
            if !node_depth.contains_key(&key) {
                node_order.push(history.node.clone());
            }
            node_depth.insert(key, 0);
        }
    }
    let max_depth = node_depth.values().copied().max().unwrap_or(0);
    let mut nodes_by_depth: Vec<Vec<Rc<Node>>> = vec![Vec::new(); max_depth + 1];
    for node in &node_order {
        let depth = node_depth[&node_key(node)];
        nodes_by_depth[max_depth - depth].push(node.clone());
    }
    operations.sort_by_key(|layer| {
        let key = object_key(layer);
        (
            std::cmp::Reverse(operation_depth.get(&key).copied().unwrap_or(0)),
            operation_index.get(&key).copied().unwrap_or(0),
        )
    });
    // Every tensor a node needs must come from the inputs or an earlier node.
    let mut computable: HashSet<u64> = input_ids.clone();
    let mut reached: Vec<String> = Vec::new();
    for level in &nodes_by_depth {
        for node in level {
            for input in &node.inputs {
                let data = tensor_data(vm, input)?;
                if !computable.contains(&data.id) {
                    let text = vm.repr(input)?;
                    let class = vm.class_of(&node.layer).name.clone();
                    let name = layer_of(vm, &node.layer)?.name.borrow().clone();
                    let built = if layer_of(vm, &node.layer)?.built.get() {
                        "True"
                    } else {
                        "False"
                    };
                    let reached = format!(
                        "[{}]",
                        reached
                            .iter()
                            .map(|n| format!("'{n}'"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                    return Err(vm.value_error(format!(
                        "Graph disconnected: cannot find parent for tensor {text} at operation '<{class} name={name}, built={built}>'. The following previous operations were accessed without issue: {reached}"
                    )));
                }
                reached.push(layer_of(vm, &node.layer)?.name.borrow().clone());
            }
            computable.extend(node.output_ids.iter().copied());
        }
    }
    let mut names: Vec<String> = Vec::with_capacity(operations.len());
    for layer in &operations {
        names.push(layer_of(vm, layer)?.name.borrow().clone());
    }
    for name in &names {
        let count = names.iter().filter(|n| *n == name).count();
        if count != 1 {
            return Err(vm.value_error(format!(
                "The name \"{name}\" is used {count} times in the model. All operation names should be unique."
            )));
        }
    }
    Ok(FunctionalGraph {
        inputs: inputs.to_vec(),
        outputs: outputs.to_vec(),
        list_outputs: false,
        operations,
        nodes_by_depth,
    })
}

/// Keras runs a new model's graph once from its inputs alone: an output that needs
/// another `Input` is not connected.
fn check_outputs_reachable(vm: &mut Vm<'_>, graph: &FunctionalGraph) -> PyResult<()> {
    let mut available: HashSet<u64> = HashSet::new();
    for input in &graph.inputs {
        available.insert(tensor_data(vm, input)?.id);
    }
    for level in &graph.nodes_by_depth {
        for node in level {
            if node.is_input() {
                continue;
            }
            let mut ready = true;
            for input in &node.inputs {
                ready &= available.contains(&tensor_data(vm, input)?.id);
            }
            if ready {
                available.extend(node.output_ids.iter().copied());
            }
        }
    }
    for (index, output) in graph.outputs.iter().enumerate() {
        if !available.contains(&tensor_data(vm, output)?.id) {
            let path = if graph.list_outputs {
                index.to_string()
            } else {
                String::new()
            };
            return Err(vm.value_error(format!(
                "Output with path `{path}` is not connected to `inputs`"
            )));
        }
    }
    Ok(())
}

/// `Model.__new__`: `tf.keras.Model(inputs, outputs)` makes a `Functional` model.
pub fn model_new(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let class = match args.positional.first() {
        Some(Value::Class(class)) => class.clone(),
        _ => return Err(vm.type_error("Model.__new__(): not enough arguments")),
    };
    let keras = classes(st, vm)?;
    let functional = args.positional.len() > 1
        || args.kwarg("inputs").is_some()
        || args.kwarg("outputs").is_some();
    if functional && Rc::ptr_eq(&class, &keras.model) {
        let rest = Args::new(&args.positional[1..], args.keywords);
        return functional_model(vm, &keras, rest);
    }
    Ok(Value::Instance(Rc::new(lang::value::Instance::new(class))))
}

/// Builds a `Functional` model from `(inputs, outputs, name=None, trainable=True)`.
fn functional_model(vm: &mut Vm<'_>, keras: &KerasClasses, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "Functional",
        &args,
        2,
        [inputs, outputs, name, trainable]
    )?;
    let (inputs, _) = tensor_list(vm, bound.inputs.as_ref().unwrap_or(&Value::None), "inputs")?;
    let (outputs, list_outputs) = tensor_list(
        vm,
        bound.outputs.as_ref().unwrap_or(&Value::None),
        "outputs",
    )?;
    if inputs.is_empty() {
        let given_inputs = vm.repr(bound.inputs.as_ref().unwrap_or(&Value::None))?;
        let given_outputs = vm.repr(bound.outputs.as_ref().unwrap_or(&Value::None))?;
        return Err(vm.value_error(format!(
            "`inputs` argument cannot be empty. Received:\ninputs={given_inputs}\noutputs={given_outputs}"
        )));
    }
    if outputs.is_empty() {
        return Err(vm.value_error("`outputs` argument cannot be empty."));
    }
    let mut graph = map_graph(vm, &inputs, &outputs)?;
    graph.list_outputs = list_outputs;
    check_outputs_reachable(vm, &graph)?;
    let name = match bound.name.as_ref().filter(|v| !v.is_none()) {
        Some(name) => crate::string_arg(vm, name, "name")?,
        None => keras.unique_name("functional"),
    };
    let model = Value::Instance(Rc::new(lang::value::Instance::new(
        keras.functional.clone(),
    )));
    let data = LayerData::new(
        LayerKind::Model(ModelState::functional(graph)),
        name.clone(),
    );
    data.built.set(true);
    if let Some(trainable) = &bound.trainable {
        data.trainable.set(vm.truthy(trainable)?);
    }
    set_native_data(&model, Rc::new(data));
    Ok(model)
}

/// The graph of a functional model (`None` for other models).
pub fn graph_of(data: &LayerData) -> Option<&FunctionalGraph> {
    match &data.kind {
        LayerKind::Model(state) => state.functional.as_ref(),
        _ => None,
    }
}

/// `Functional.call(inputs, training=None)`: runs every node on real tensors.
fn functional_call(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "call",
        &args,
        2,
        [this = "self", inputs, training, mask]
    )?;
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    let Some(graph) = graph_of(&data) else {
        return Err(vm.type_error("expected a functional model"));
    };
    let given = bound.inputs.clone().unwrap_or(Value::None);
    let flat = match &given {
        Value::List(_) | Value::Tuple(_) if graph.inputs.len() > 1 => vm.iterate(&given)?,
        Value::Dict(dict) => dict.borrow().iter().map(|e| e.value.clone()).collect(),
        other => vec![other.clone()],
    };
    if flat.len() != graph.inputs.len() {
        return Err(vm.value_error(format!(
            "The model expects {} input(s), but it received {} input tensors.",
            graph.inputs.len(),
            flat.len()
        )));
    }
    let mut values: HashMap<u64, Value> = HashMap::new();
    for (input, value) in graph.inputs.iter().zip(flat) {
        values.insert(tensor_data(vm, input)?.id, value);
    }
    let training: Vec<(Name, Value)> = match &bound.training {
        Some(flag) if !flag.is_none() => vec![(lang::value::name("training"), flag.clone())],
        _ => Vec::new(),
    };
    for level in &graph.nodes_by_depth {
        for node in level {
            vm.charge(1)?;
            if node.is_input() {
                continue;
            }
            let mut arguments = Vec::with_capacity(node.inputs.len());
            for input in &node.inputs {
                match values.get(&tensor_data(vm, input)?.id) {
                    Some(value) => arguments.push(value.clone()),
                    None => break,
                }
            }
            if arguments.len() != node.inputs.len() {
                continue;
            }
            let argument = if node.list_input {
                Value::list(arguments)
            } else {
                arguments.remove(0)
            };
            let output = vm.call(&node.layer, &[argument], &training)?;
            if let Some(id) = node.output_ids.first() {
                values.insert(*id, output);
            }
        }
    }
    let mut outputs = Vec::with_capacity(graph.outputs.len());
    for output in &graph.outputs {
        let id = tensor_data(vm, output)?.id;
        let value = values
            .get(&id)
            .cloned()
            .ok_or_else(|| vm.runtime_error("a functional model's output was not computed"))?;
        outputs.push(value);
    }
    if graph.list_outputs {
        Ok(Value::list(outputs))
    } else {
        Ok(outputs.remove(0))
    }
}

fn graph_property(
    get: fn(&FunctionalGraph) -> Vec<Value>,
) -> impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult {
    move |vm, args| {
        let data = layer_of(vm, this(vm, &args)?)?;
        let graph = graph_of(&data).ok_or_else(|| vm.type_error("expected a functional model"))?;
        Ok(Value::list(get(graph)))
    }
}

/// Builds `Functional` (a subclass of `Model`).
pub fn build_functional_class(model: &Rc<Class>) -> Rc<Class> {
    ClassBuilder::new("Functional", "keras.src.models.functional")
        .base(model)
        .method("__init__", |_vm, _args| Ok(Value::None))
        .method("call", functional_call)
        .property_closure("inputs", graph_property(|g| g.inputs.clone()), None)
        .property_closure("outputs", graph_property(|g| g.outputs.clone()), None)
        .build()
}

/// Builds the `KerasTensor` class.
pub fn build_keras_tensor_class() -> Rc<Class> {
    let tensor_of = |vm: &Vm<'_>, args: &Args<'_>| -> PyResult<Rc<KerasTensor>> {
        tensor_data(vm, this(vm, args)?)
    };
    ClassBuilder::new("KerasTensor", "keras.src.backend.common.keras_tensor")
        .method_closure("__repr__", move |vm, args| {
            let tensor = tensor_of(vm, &args)?;
            Ok(Value::str(format!(
                "<KerasTensor shape={}, dtype={}, sparse=False, ragged=False, name={}>",
                shape_text(&tensor.shape),
                tensor.dtype.name(),
                tensor.name
            )))
        })
        .property_closure(
            "shape",
            move |vm, args| Ok(shape_tuple(&tensor_of(vm, &args)?.shape)),
            None,
        )
        .property_closure(
            "dtype",
            move |vm, args| Ok(Value::str(tensor_of(vm, &args)?.dtype.name())),
            None,
        )
        .property_closure(
            "name",
            move |vm, args| Ok(Value::str(tensor_of(vm, &args)?.name.clone())),
            None,
        )
        .build()
}
