//! Keras models: `Model` (subclassing with `call`, `build`), `Sequential` (built at
//! construction from a `tf.keras.Input`, else at the first call), and the training API:
//! `compile`, `fit` (one tape-differentiated step per batch, the loss tracked as Keras's
//! batch-size-weighted mean), `evaluate`, `predict`, `summary()`, the `History` object and
//! Keras's progress lines for `verbose=1` and `verbose=2`, timed by the simulator.

use cpython_text::float_to_decimal::{format_exp, format_fixed};
use std::cell::RefCell;
use std::rc::Rc;

use lang::host::{new_native_instance, set_native_data, ClassBuilder};
use lang::value::{Args, Class, Name, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{eager_value, op_error};
use crate::data::PyDataset;
use crate::keras::functional::FunctionalGraph;
use crate::keras::layers::{
    collect_weights, ensure_built, handle_of, install_layer_api, layer_name, layer_of, sublayers,
    KerasTensor, LayerData, LayerKind,
};
use crate::keras::losses::Loss;
use crate::keras::metrics::{self, MetricKind};
use crate::keras::optimizers::{self, optimizer_of, Rule};
use crate::keras::{classes, distributed, variables};
use crate::numpy_module::array_value;
use crate::tensor_class::wrap;
use crate::{bound, this, St};
use report::InputElement;
use runtime::data::{Dataset, DatasetIterator, Structure};
use runtime::Handle;
use tensor::ops::{self, SliceSpec};
use tensor::{DType, Tensor};

/// Default `batch_size` of `fit`, `evaluate` and `predict`.
const DEFAULT_BATCH: usize = 32;

/// The `compile` settings.
#[derive(Clone)]
pub(crate) struct Compiled {
    pub(crate) optimizer: Value,
    loss: Loss,
    loss_arg: Value,
    metrics: Vec<(String, MetricKind)>,
    /// `compile(metrics=...)` as given: Keras resolves them when training or evaluation
    /// starts, so an unknown name fails there, not in `compile`.
    metric_args: Vec<Value>,
    /// `compile(run_eagerly=True)`: steps run op by op instead of as Keras's compiled
    /// `multi_step_on_iterator` function.
    run_eagerly: bool,
}

/// The model part of a layer's state.
pub struct ModelState {
    sequential: Option<RefCell<Vec<Value>>>,
    /// A functional model's graph.
    pub(crate) functional: Option<FunctionalGraph>,
    pub(crate) compiled: RefCell<Option<Compiled>>,
    /// Whether `fit` has built the optimizer (so `summary()` lists its variables).
    pub(crate) optimizer_built: std::cell::Cell<bool>,
}

impl ModelState {
    fn new(sequential: Option<Vec<Value>>) -> ModelState {
        ModelState {
            sequential: sequential.map(RefCell::new),
            functional: None,
            compiled: RefCell::new(None),
            optimizer_built: std::cell::Cell::new(false),
        }
    }

    /// The state of a functional model over `graph`.
    pub fn functional(graph: FunctionalGraph) -> ModelState {
        ModelState {
            functional: Some(graph),
            ..ModelState::new(None)
        }
    }

    /// A Sequential model's layers (`None` for other models).
    pub fn sequential_layers(&self) -> Option<Vec<Value>> {
        self.sequential
            .as_ref()
            .map(|layers| layers.borrow().clone())
    }
}

/// The layer state of a model object.
pub(crate) fn model_of(vm: &Vm<'_>, value: &Value) -> PyResult<Rc<LayerData>> {
    let data = layer_of(vm, value)?;
    if !matches!(data.kind, LayerKind::Model(_)) {
        return Err(vm.type_error("expected a Keras model"));
    }
    Ok(data)
}

/// The model part of a model's layer state.
pub(crate) fn state<'a>(vm: &Vm<'_>, data: &'a LayerData) -> PyResult<&'a ModelState> {
    match &data.kind {
        LayerKind::Model(state) => Ok(state),
        _ => Err(vm.type_error("expected a Keras model")),
    }
}

fn model_init(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?.clone();
    if me.downcast::<LayerData>().is_some() {
        // `Model.__new__` already made a functional model.
        return Ok(Value::None);
    }
    if args.kwarg("inputs").is_some()
        || args.kwarg("outputs").is_some()
        || args.positional.len() > 1
    {
        return Err(vm.type_error(
            "A subclass of `Model` built with the functional API (`super().__init__(inputs, outputs)`) is not emulated in this playground; call `tf.keras.Model(inputs, outputs)` or define `call()`.",
        ));
    }
    let name = layer_name(st, vm, &me, args.kwarg("name"))?;
    set_native_data(
        &me,
        Rc::new(LayerData::new(
            LayerKind::Model(ModelState::new(None)),
            name,
        )),
    );
    Ok(Value::None)
}

/// `Model.build(input_shape)` of a subclassed model: calls the model once on zeros of that
/// shape (unknown dimensions as 1) so every layer builds.
fn model_build(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "build", &args, 2, [this = "self", input_shape])?;
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    if let LayerKind::Model(model) = &data.kind {
        if model.sequential.is_some() {
            return sequential_build(
                st,
                vm,
                &me,
                bound.input_shape.as_ref().unwrap_or(&Value::None),
            );
        }
    }
    let dims = vm.iterate(bound.input_shape.as_ref().unwrap_or(&Value::None))?;
    let dims: Vec<i64> = dims
        .iter()
        .map(|d| d.as_i64().unwrap_or(1).max(0))
        .collect();
    let zeros = ops::zeros(&dims, DType::Float32).map_err(|e| op_error(vm, e))?;
    let handle = st.tf(vm, |ctx| ctx.constant(zeros, None))?;
    let input = wrap(st, vm, handle)?;
    data.built.set(true);
    let call = vm.get_attr_str(&me, "call")?;
    vm.call(&call, &[input], &[])?;
    Ok(Value::None)
}

fn sequential_init(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "Sequential",
        &args,
        1,
        [this = "self", layers, trainable, name]
    )?;
    let me = this(vm, &args)?.clone();
    let name = match &bound.name {
        Some(name) => crate::string_arg(vm, name, "name")?,
        None => classes(st, vm)?.unique_name("sequential"),
    };
    let given = match &bound.layers {
        Some(layers) => vm.iterate(layers)?,
        None => Vec::new(),
    };
    set_native_data(
        &me,
        Rc::new(LayerData::new(
            LayerKind::Model(ModelState::new(Some(Vec::new()))),
            name,
        )),
    );
    for layer in given {
        add(st, vm, &me, layer)?;
    }
    Ok(Value::None)
}

/// `model.add(layer)`: an `Input` fixes the input shape and builds what follows.
fn add(st: &St, vm: &mut Vm<'_>, me: &Value, layer: Value) -> PyResult<()> {
    let data = layer_of(vm, me)?;
    if let Some(input) = layer.downcast::<KerasTensor>() {
        *data.input_shape.borrow_mut() = Some(input.shape.clone());
        return Ok(());
    }
    if layer.downcast::<LayerData>().is_none() {
        let text = vm.repr(&layer)?;
        return Err(vm.type_error(format!(
            "Only instances of `keras.Layer` can be added to a Sequential model. Received: {text} (of type {})",
            vm.type_name(&layer)
        )));
    }
    if let Some(layers) = &state(vm, &data)?.sequential {
        // Keras 3 still honours `input_shape=` on the first layer (with a UserWarning): the
        // model then has an `Input` of that shape.
        let first = layers.borrow().is_empty();
        let declared = layer_of(vm, &layer)?.declared_input_shape.borrow().clone();
        let current = data.input_shape.borrow().clone();
        if let (true, None, Some(shape)) = (first, current, declared) {
            let mut full = vec![None];
            full.extend(shape);
            *data.input_shape.borrow_mut() = Some(full);
        }
        layers.borrow_mut().push(layer);
    }
    let input_shape = data.input_shape.borrow().clone();
    if let Some(dims) = input_shape {
        data.built.set(false);
        symbolic_build(st, vm, me, &dims)?;
    }
    Ok(())
}

/// The output shape of a built-in layer for an input of `dims`; `None` for layers whose
/// output shape needs a call (program-defined layers).
pub(crate) fn output_dims(data: &LayerData, dims: &[Option<usize>]) -> Option<Vec<Option<usize>>> {
    match &data.kind {
        LayerKind::Dense { units, .. } => {
            let mut out = dims.to_vec();
            if let Some(last) = out.last_mut() {
                *last = Some(*units);
            }
            Some(out)
        }
        LayerKind::Flatten => {
            let rest = dims
                .iter()
                .skip(1)
                .try_fold(1usize, |acc, d| d.map(|d| acc * d));
            Some(vec![dims.first().copied().flatten(), rest])
        }
        LayerKind::Dropout { .. } | LayerKind::Activation(_) | LayerKind::Input => {
            Some(dims.to_vec())
        }
        LayerKind::Windowed(layer) => layer.output_dims(dims),
        LayerKind::Custom | LayerKind::Model(_) | LayerKind::Merge(_) => None,
    }
}

/// Builds a Sequential model's layers one after the other from `dims`, as Keras does
/// when it knows the input shape; stops at a layer whose output shape needs a call.
fn symbolic_build(st: &St, vm: &mut Vm<'_>, me: &Value, dims: &[Option<usize>]) -> PyResult<()> {
    let data = layer_of(vm, me)?;
    let layers = state(vm, &data)?.sequential_layers().unwrap_or_default();
    let keras = classes(st, vm)?;
    let name = data.name.borrow().clone();
    let scoped = keras.in_scope(&name);
    if !scoped {
        keras.push_scope(&name);
    }
    let result = (|| -> PyResult<bool> {
        let mut current = dims.to_vec();
        for layer in &layers {
            let layer_data = layer_of(vm, layer)?;
            let layer_name = layer_data.name.borrow().clone();
            keras.push_scope(&layer_name);
            let built = ensure_built(vm, layer, &current);
            keras.pop_scope();
            built?;
            let Some(next) = output_dims(&layer_data, &current) else {
                return Ok(false);
            };
            *layer_data.output_shape.borrow_mut() = Some(next.clone());
            current = next;
        }
        Ok(true)
    })();
    if !scoped {
        keras.pop_scope();
    }
    if result? {
        data.built.set(true);
        *data.input_shape.borrow_mut() = Some(dims.to_vec());
    }
    Ok(())
}

fn sequential_build(st: &St, vm: &mut Vm<'_>, me: &Value, shape: &Value) -> PyResult {
    let items = vm.iterate(shape)?;
    let dims: Vec<Option<usize>> = items
        .iter()
        .map(|d| d.as_i64().map(|d| d.max(0) as usize))
        .collect();
    symbolic_build(st, vm, me, &dims)?;
    layer_of(vm, me)?.built.set(true);
    Ok(Value::None)
}

fn sequential_call(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    let layers = state(vm, &data)?.sequential_layers().unwrap_or_default();
    let mut x = args.positional.get(1).cloned().unwrap_or(Value::None);
    let training: Vec<(Name, Value)> = args
        .keywords
        .iter()
        .filter(|(k, _)| k.as_str() == "training")
        .cloned()
        .collect();
    for layer in &layers {
        x = vm.call(layer, &[x], &training)?;
    }
    Ok(x)
}

fn layers_property(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?.clone();
    Ok(Value::list(sublayers(vm, &me)?))
}

fn compile(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "compile",
        &args,
        1,
        [
            this = "self",
            optimizer,
            loss,
            loss_weights,
            metrics,
            weighted_metrics,
            run_eagerly,
            steps_per_execution,
            jit_compile,
            auto_scale_loss
        ]
    )?;
    let me = this(vm, &args)?.clone();
    let data = model_of(vm, &me)?;
    let keras = classes(st, vm)?;
    let optimizer_arg = bound.optimizer.clone().unwrap_or(Value::str("rmsprop"));
    let optimizer = optimizers::from_arg(vm, &keras, &optimizer_arg)?;
    let Some(loss_arg) = bound.loss.clone() else {
        return Err(vm.value_error("No loss to compute. Provide a `loss` argument in `compile()`."));
    };
    let loss = Loss::from_arg(vm, &loss_arg)?;
    let metric_args = match &bound.metrics {
        Some(list) => vm.iterate(list)?,
        None => Vec::new(),
    };
    let run_eagerly = match &bound.run_eagerly {
        Some(value) => vm.truthy(value)?,
        None => false,
    };
    *state(vm, &data)?.compiled.borrow_mut() = Some(Compiled {
        optimizer,
        loss,
        loss_arg,
        metrics: Vec::new(),
        metric_args,
        run_eagerly,
    });
    Ok(Value::None)
}

fn compiled(vm: &mut Vm<'_>, data: &LayerData) -> PyResult<Compiled> {
    let mut compiled = state(vm, data)?
        .compiled
        .borrow()
        .clone()
        .ok_or_else(|| vm.runtime_error("You must call `compile()` before using the model."))?;
    compiled.metrics = Vec::with_capacity(compiled.metric_args.len());
    for item in &compiled.metric_args {
        compiled.metrics.push(metrics::compiled_metric(vm, item)?);
    }
    Ok(compiled)
}

/// Where `fit` / `evaluate` / `predict` get batches from.
enum Source {
    /// In-memory arrays, sliced into batches (optionally shuffled each epoch).
    Arrays {
        x: Tensor,
        y: Option<Tensor>,
        batch: usize,
    },
    /// A `tf.data.Dataset` of `(x, y)` (or `x`) elements, already batched.
    Dataset(Dataset),
}

fn tensor_arg(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Tensor> {
    match eager_value(st, vm, value)? {
        Some(tensor) => Ok(tensor),
        None => crate::convert::to_numpy_tensor(st, vm, value, None),
    }
}

fn source(
    st: &St,
    vm: &mut Vm<'_>,
    x: &Value,
    y: Option<&Value>,
    batch_size: &Option<Value>,
) -> PyResult<Source> {
    if let Some(dataset) = x.downcast::<PyDataset>() {
        if y.is_some_and(|y| !y.is_none()) {
            return Err(vm.value_error(
                "When providing `x` as a tf.data.Dataset, `y` should not be passed. Instead, the targets should be included as part of the tf.data.Dataset.",
            ));
        }
        return Ok(Source::Dataset(dataset.dataset.clone()));
    }
    let mut x = tensor_arg(st, vm, x)?;
    if x.dtype() == DType::Float64 {
        x = ops::cast(&x, DType::Float32).map_err(|e| op_error(vm, e))?;
    }
    let y = match y.filter(|v| !v.is_none()) {
        Some(y) => Some(tensor_arg(st, vm, y)?),
        None => None,
    };
    let batch = match batch_size {
        Some(value) => value
            .as_i64()
            .filter(|b| *b > 0)
            .map(|b| b as usize)
            .ok_or_else(|| vm.value_error("batch_size must be a positive integer"))?,
        None => DEFAULT_BATCH,
    };
    if let Some(y) = &y {
        let (nx, ny) = (x.dims().first().copied(), y.dims().first().copied());
        if nx != ny {
            return Err(vm.value_error(format!(
                "Data cardinality is ambiguous. Make sure all arrays contain the same number of samples.'x' sizes: {}\n'y' sizes: {}\n",
                nx.unwrap_or(0),
                ny.unwrap_or(0)
            )));
        }
    }
    Ok(Source::Arrays { x, y, batch })
}

/// One batch and what the input pipeline paid on the host to produce it.
type Batch = (Tensor, Option<Tensor>, InputElement);

/// The batches of one epoch. Arrays go through Keras's own tf.data pipeline (slices,
/// batched, prefetched), so each batch costs a copy of its bytes in the background.
fn epoch_batches(
    st: &St,
    vm: &mut Vm<'_>,
    source: &Source,
    shuffle: Option<u64>,
    steps: Option<usize>,
) -> PyResult<Vec<Batch>> {
    let steps = steps.unwrap_or(usize::MAX);
    let serial = st.tf(vm, |ctx| Ok(ctx.begin_input_iteration()))?;
    match source {
        Source::Arrays { x, y, batch } => {
            let rows = x.dims().first().copied().unwrap_or(0);
            let order: Vec<i64> = match shuffle {
                Some(seed) => permutation(rows, seed),
                None => (0..rows as i64).collect(),
            };
            let mut out = Vec::with_capacity(rows.div_ceil(*batch));
            for start in (0..rows).step_by((*batch).max(1)).take(steps) {
                let end = (start + batch).min(rows);
                let take = |t: &Tensor| -> tensor::OpResult<Tensor> {
                    if shuffle.is_some() {
                        let indices = Tensor::from_vec(
                            tensor::Shape::new(vec![end - start]),
                            order[start..end].to_vec(),
                        )?;
                        ops::gather(t, &indices, 0)
                    } else {
                        ops::slice(
                            t,
                            &[SliceSpec::Range {
                                start: Some(start as i64),
                                stop: Some(end as i64),
                                step: None,
                            }],
                        )
                    }
                };
                let xb = take(x).map_err(|e| op_error(vm, e))?;
                let yb = match y {
                    Some(y) => Some(take(y).map_err(|e| op_error(vm, e))?),
                    None => None,
                };
                let bytes = [Some(&xb), yb.as_ref()]
                    .into_iter()
                    .flatten()
                    .map(|t| ops::cost::tensor_bytes(t.dtype(), t.shape()))
                    .sum::<u64>();
                let background_ns = st.with_ctx(vm, |ctx| {
                    runtime::data::ElementFunctions::copy_ns(ctx, bytes)
                })?;
                let produced = InputElement {
                    iterator: serial,
                    background_ns,
                    inline_ns: 0,
                    prefetch: runtime::data::iterator::AUTOTUNE_PREFETCH,
                };
                out.push((xb, yb, produced));
            }
            Ok(out)
        }
        Source::Dataset(dataset) => {
            let mut iterator = DatasetIterator::new(dataset);
            let structure = dataset.element_spec().structure.clone();
            let mut out = Vec::new();
            while out.len() < steps {
                vm.charge(1)?;
                let components = dataset.element_spec().components.len();
                let element =
                    crate::data::generator::next_element(st, vm, &mut iterator, components)?;
                let Some(mut element) = element else { break };
                let cost = iterator.last_cost();
                let produced = InputElement {
                    iterator: serial,
                    background_ns: cost.background_ns,
                    inline_ns: cost.inline_ns,
                    prefetch: iterator.prefetch(),
                };
                match (&structure, element.len()) {
                    (Structure::Leaf, 1) => out.push((element.remove(0), None, produced)),
                    (Structure::Tuple(_), 2 | 3) => {
                        let x = element.remove(0);
                        let y = element.remove(0);
                        out.push((x, Some(y), produced));
                    }
                    _ => {
                        return Err(vm.value_error(
                            "A dataset for Keras must yield `x` or `(x, y)` tensors in this playground.",
                        ))
                    }
                }
            }
            Ok(out)
        }
    }
}

/// A seeded permutation of `0..n` (Keras shuffles with its own random state; the order
/// differs from TensorFlow's).
fn permutation(n: usize, seed: u64) -> Vec<i64> {
    let mut order: Vec<i64> = (0..n as i64).collect();
    let mut state = seed ^ 0x9e37_79b9_7f4a_7c15;
    for i in (1..n).rev() {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let j = ((state >> 33) % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

/// Hands a batch to the program as the host's `IteratorGetNext` outputs.
fn feed(st: &St, vm: &mut Vm<'_>, batch: Batch) -> PyResult<(Value, Option<Handle>)> {
    let (x, y, produced) = batch;
    let mut element = vec![x];
    if let Some(y) = y {
        element.push(y);
    }
    let mut tensors = st
        .tf(vm, |ctx| ctx.iterator_get_next(element, Some(produced)))?
        .into_iter();
    let x = tensors
        .next()
        .ok_or_else(|| vm.runtime_error("a batch without inputs"))?;
    let x = wrap(st, vm, Handle::Eager(x))?;
    Ok((x, tensors.next().map(Handle::Eager)))
}

/// Running means of the loss and the metrics over an epoch (float32 totals, as Keras's
/// `Mean` metrics keep them).
struct Trackers {
    loss_total: f32,
    loss_count: f32,
    metrics: Vec<(String, MetricKind, f32, f32)>,
    /// A batch's loss was not computed (values on demand): the epoch's logs are not either.
    not_computed: bool,
}

/// A logged value: `None` when it was not computed (values on demand).
type Log = (String, Option<f64>);

impl Trackers {
    fn new(metrics: &[(String, MetricKind)]) -> Trackers {
        Trackers {
            loss_total: 0.0,
            loss_count: 0.0,
            metrics: metrics
                .iter()
                .map(|(name, kind)| (name.clone(), *kind, 0.0, 0.0))
                .collect(),
            not_computed: false,
        }
    }

    /// The logs as `fit`'s History and progress lines show them: sorted by name.
    fn sorted_logs(&self) -> Vec<Log> {
        let mut logs = self.logs();
        logs.sort_by(|a, b| a.0.cmp(&b.0));
        logs
    }

    /// The loss, then the metrics in `compile` order (what `evaluate` returns).
    fn logs(&self) -> Vec<Log> {
        let mean = |total: f32, count: f32| {
            let mean = if count == 0.0 { 0.0 } else { total / count };
            (!self.not_computed).then_some(f64::from(mean))
        };
        let mut logs = vec![("loss".to_string(), mean(self.loss_total, self.loss_count))];
        for (name, _, total, count) in &self.metrics {
            logs.push((name.clone(), mean(*total, *count)));
        }
        logs
    }
}

/// One step: the forward pass (under a tape when training), the loss, and for training the
/// gradients and the optimizer update. Returns the batch's loss, size and prediction.
fn step(
    st: &St,
    vm: &mut Vm<'_>,
    me: &Value,
    compiled: &Compiled,
    batch: Batch,
    train: bool,
    trackers: &mut Trackers,
) -> PyResult<()> {
    let rows = batch.0.dims().first().copied().unwrap_or(1) as f32;
    let (x, y) = feed(st, vm, batch)?;
    let Some(y) = y else {
        return Err(vm.value_error("Training and evaluation need targets `y`."));
    };
    // A model built in a strategy's scope trains and evaluates on every replica
    // (`distributed.rs`).
    if let Some(strategy) = distributed::model_strategy(st, vm, me)? {
        let parts = if train {
            distributed::train_step(
                st,
                vm,
                me,
                strategy,
                &compiled.loss,
                &compiled.optimizer,
                &x,
                &y,
            )?
        } else {
            distributed::test_step(st, vm, me, strategy, &compiled.loss, &x, &y)?
        };
        for part in parts {
            track(
                st,
                vm,
                compiled,
                trackers,
                (&part.loss, part.rows),
                &part.y_true,
                &part.prediction,
            )?;
        }
        return Ok(());
    }
    let tape = if train {
        Some(st.tf(vm, |ctx| Ok(ctx.tape_begin(false, true)))?)
    } else {
        None
    };
    let result = (|| -> PyResult<(Handle, Handle)> {
        let training = vec![(lang::value::name("training"), Value::Bool(train))];
        let prediction = vm.call(me, &[x], &training)?;
        let prediction = handle_of(st, vm, &prediction)?;
        let loss = compiled
            .loss
            .reduced(st, vm, y.clone(), prediction.clone())?;
        Ok((loss, prediction))
    })();
    if let Some(tape) = tape {
        st.tf(vm, |ctx| {
            ctx.tape_stop(tape);
            Ok(())
        })?;
    }
    let (loss, prediction) = match result {
        Ok(done) => done,
        Err(error) => {
            if let Some(tape) = tape {
                st.tf(vm, |ctx| {
                    ctx.tape_release(tape);
                    Ok(())
                })?;
            }
            return Err(error);
        }
    };
    if let Some(tape) = tape {
        let weights = collect_weights(st, vm, me, Some(true))?;
        let mut ids = Vec::with_capacity(weights.len());
        for weight in &weights {
            ids.push(variables::variable_id(vm, weight)?);
        }
        let Handle::Eager(loss_tensor) = loss.clone() else {
            return Err(vm.runtime_error("Keras ran a graph tensor"));
        };
        let grads = st.tf(vm, |ctx| {
            let keys: Vec<String> = ids
                .iter()
                .map(|id| match &ctx.variable(*id).map(|v| v.handle.clone()) {
                    Ok(Handle::Eager(handle)) => handle.tensor_name.clone(),
                    _ => String::new(),
                })
                .collect();
            let grads = ctx.tape_gradient(tape, std::slice::from_ref(&loss_tensor), &keys);
            ctx.tape_release(tape);
            grads
        })?;
        let optimizer = optimizer_of(vm, &compiled.optimizer)?;
        let pairs: Vec<(Option<runtime::op::Value>, runtime::variables::VariableId)> =
            grads.into_iter().zip(ids).collect();
        optimizers::apply(st, vm, &optimizer, &pairs)?;
    }
    track(st, vm, compiled, trackers, (&loss, rows), &y, &prediction)
}

/// Adds a batch's loss (weighted by its rows) and metric values to the epoch's trackers.
fn track(
    st: &St,
    vm: &mut Vm<'_>,
    compiled: &Compiled,
    trackers: &mut Trackers,
    (loss, rows): (&Handle, f32),
    y: &Handle,
    prediction: &Handle,
) -> PyResult<()> {
    if rows == 0.0 {
        // A replica that got no rows of a short batch adds nothing.
        return Ok(());
    }
    if let Handle::Eager(eager) = loss {
        if eager.value.uncomputed().is_some() {
            trackers.not_computed = true;
            return Ok(());
        }
    }
    let loss_value = crate::keras::ops::value(st, vm, loss)?;
    let loss_value = loss_value
        .to_f64_vec()
        .and_then(|v| v.first().copied())
        .unwrap_or(0.0) as f32;
    trackers.loss_total += loss_value * rows;
    trackers.loss_count += rows;
    if !trackers.metrics.is_empty() {
        let y_true = crate::keras::ops::value(st, vm, y)?;
        let y_pred = crate::keras::ops::value(st, vm, prediction)?;
        for (_, kind, total, count) in trackers.metrics.iter_mut() {
            let values = metrics::metric_values(*kind, Some(&compiled.loss), &y_true, &y_pred)
                .map_err(|e| op_error(vm, e))?;
            *total += values.iter().sum::<f32>();
            *count += values.len() as f32;
        }
    }
    Ok(())
}

/// `verbose='auto'` is 1.
fn verbosity(vm: &mut Vm<'_>, value: &Option<Value>) -> PyResult<i64> {
    match value {
        None => Ok(1),
        Some(Value::Str(s)) if s.as_str() == "auto" => Ok(1),
        Some(other) => other
            .as_i64()
            .ok_or_else(|| vm.value_error("verbose must be 'auto', 0, 1 or 2")),
    }
}

/// Keras's `f" {avg:.4f}"` / `f" {avg:.4e}"` for a logged value, or the marker of one not
/// computed (values on demand).
fn log_value(value: Option<f64>) -> String {
    let Some(value) = value else {
        return "<not computed>".to_string();
    };
    if value.abs() > 1e-3 {
        format_fixed(value, Some(4))
    } else {
        python_exp(value)
    }
}

/// Python's `f"{v:.4e}"` (`1.2346e-05`, `0.0000e+00`).
fn python_exp(value: f64) -> String {
    let text = format_exp(value, Some(4));
    match text.split_once('e') {
        Some((mantissa, exponent)) => {
            let exponent: i32 = exponent.parse().unwrap_or(0);
            let sign = if exponent < 0 { '-' } else { '+' };
            format!("{mantissa}e{sign}{:02}", exponent.abs())
        }
        None => text,
    }
}

/// Keras's `_format_time` of the time per step.
fn per_step(seconds: f64) -> String {
    if seconds >= 1.0 || seconds == 0.0 {
        format!("{}s/step", format_fixed(seconds, Some(0)))
    } else if seconds >= 1e-3 {
        format!("{}ms/step", format_fixed(seconds * 1e3, Some(0)))
    } else {
        format!("{}us/step", format_fixed(seconds * 1e6, Some(0)))
    }
}

/// The simulated seconds between report ops `first` and the last op recorded so far.
fn simulated_seconds(st: &St, vm: &Vm<'_>, first: usize) -> PyResult<f64> {
    st.with_ctx(vm, |ctx| {
        let ops = &ctx.recorder.ops;
        if first >= ops.len() {
            return 0.0;
        }
        let schedule = sim::schedule::schedule(&st.topology.hardware, ops, &ctx.recorder.transfers);
        // The epoch starts when the work before it ended: its first op may have no inputs,
        // and the scheduler starts such an op as early as its lane allows, which for a
        // later epoch is long before the previous one ended.
        let before = schedule
            .ops
            .iter()
            .take(first)
            .map(|t| t.start_ns + t.duration_ns)
            .max();
        let start = before
            .or_else(|| schedule.ops.get(first).map(|t| t.start_ns))
            .unwrap_or(0);
        let end = schedule
            .ops
            .iter()
            .skip(first)
            .map(|t| t.start_ns + t.duration_ns)
            .max()
            .unwrap_or(start);
        end.saturating_sub(start) as f64 / 1e9
    })
}

/// One progress line, as Keras prints it at the end of an epoch (or of evaluate/predict).
fn progress_line(verbose: i64, steps: usize, seconds: f64, logs: &[Log]) -> String {
    let per = per_step(if steps == 0 {
        0.0
    } else {
        seconds / steps as f64
    });
    let mut line = if verbose == 2 {
        format!(
            "{steps}/{steps} - {}s - {per}",
            format_fixed(seconds, Some(0))
        )
    } else {
        format!(
            "{steps}/{steps} {} {}s {per}",
            "━".repeat(20),
            format_fixed(seconds, Some(0))
        )
    };
    for (name, value) in logs {
        line.push_str(&format!(" - {name}: {}", log_value(*value)));
    }
    line.push('\n');
    line
}

/// `steps_per_epoch` / `steps`: required for an infinite dataset, as Keras requires.
fn steps_arg(vm: &mut Vm<'_>, source: &Source, value: &Option<Value>) -> PyResult<Option<usize>> {
    let steps = match value {
        Some(value) => Some(
            value
                .as_i64()
                .filter(|s| *s > 0)
                .ok_or_else(|| vm.value_error("steps must be a positive integer"))?
                as usize,
        ),
        None => None,
    };
    if let (Source::Dataset(dataset), None) = (source, steps) {
        if dataset.cardinality() == runtime::data::INFINITE {
            return Err(vm.value_error(
                "When providing an infinite dataset, you must specify the number of steps to run (if you did not intend to create an infinite dataset, make sure to not call `repeat()` on the dataset).",
            ));
        }
    }
    Ok(steps)
}

fn recorded_ops(st: &St, vm: &Vm<'_>) -> PyResult<usize> {
    st.with_ctx(vm, |ctx| ctx.recorder.ops.len())
}

#[allow(clippy::too_many_arguments)] // fit's own arguments.
fn run_epoch(
    st: &St,
    vm: &mut Vm<'_>,
    me: &Value,
    compiled: &Compiled,
    source: &Source,
    shuffle: Option<u64>,
    steps: Option<usize>,
    train: bool,
) -> PyResult<(Trackers, usize)> {
    let batches = epoch_batches(st, vm, source, shuffle, steps)?;
    let mut trackers = Trackers::new(&compiled.metrics);
    let steps = batches.len();
    for batch in batches {
        vm.charge(1)?;
        as_compiled_step(
            st,
            vm,
            TRAIN_AND_TEST_FUNCTION,
            compiled.run_eagerly,
            |vm| step(st, vm, me, compiled, batch, train, &mut trackers),
        )?;
    }
    Ok((trackers, steps))
}

/// The `tf.function` Keras 3 runs each `fit` and `evaluate` step in
/// (`TensorFlowTrainer._make_function`).
const TRAIN_AND_TEST_FUNCTION: &str = "multi_step_on_iterator";

/// The `tf.function` Keras 3 runs each `predict` step in (`make_predict_function`).
const PREDICT_FUNCTION: &str = "one_step_on_data_distributed";

/// Runs one step as Keras runs it: inside its `tf.function` `function` (one launch per
/// step in the report), unless the model runs eagerly.
fn as_compiled_step<T>(
    st: &St,
    vm: &mut Vm<'_>,
    function: &str,
    run_eagerly: bool,
    body: impl FnOnce(&mut Vm<'_>) -> PyResult<T>,
) -> PyResult<T> {
    if run_eagerly {
        return body(vm);
    }
    st.tf(vm, |ctx| ctx.begin_compiled_step(function))?;
    let result = body(vm);
    st.tf(vm, |ctx| {
        ctx.end_compiled_step();
        Ok(())
    })?;
    result
}

/// Calls `method(*args)` on each callback that has it (`fit`'s `callbacks=`).
fn notify(vm: &mut Vm<'_>, callbacks: &[Value], method: &str, args: &[Value]) -> PyResult<()> {
    let name = lang::value::name(method);
    for callback in callbacks {
        if let Some(bound) = vm.get_attr_opt(callback, &name)? {
            vm.call(&bound, args, &[])?;
        }
    }
    Ok(())
}

fn fit(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "fit",
        &args,
        1,
        [
            this = "self",
            x,
            y,
            batch_size,
            epochs,
            verbose,
            callbacks,
            validation_split,
            validation_data,
            shuffle,
            class_weight,
            sample_weight,
            initial_epoch,
            steps_per_epoch,
            validation_steps,
            validation_batch_size,
            validation_freq
        ]
    )?;
    let me = this(vm, &args)?.clone();
    let data = model_of(vm, &me)?;
    let compiled = compiled(vm, &data)?;
    let x = bound.x.clone().unwrap_or(Value::None);
    let source = source(st, vm, &x, bound.y.as_ref(), &bound.batch_size)?;
    let epochs = bound
        .epochs
        .as_ref()
        .and_then(Value::as_i64)
        .unwrap_or(1)
        .max(0);
    let initial = bound
        .initial_epoch
        .as_ref()
        .and_then(Value::as_i64)
        .unwrap_or(0)
        .max(0);
    let verbose = verbosity(vm, &bound.verbose)?;
    let shuffle = crate::flag(vm, &bound.shuffle, true)? && matches!(source, Source::Arrays { .. });
    let steps_per_epoch = steps_arg(vm, &source, &bound.steps_per_epoch)?;
    let validation = match &bound.validation_data {
        Some(value) => {
            let items = vm.iterate(value)?;
            match &items[..] {
                [vx, vy] => Some(self::source(
                    st,
                    vm,
                    vx,
                    Some(vy),
                    &bound.validation_batch_size,
                )?),
                _ => return Err(vm.value_error("validation_data must be a tuple (x_val, y_val)")),
            }
        }
        None => None,
    };
    let mut history: Vec<(String, Vec<Option<f64>>)> = Vec::new();
    let mut steps_seen = 0;
    let callbacks = match &bound.callbacks {
        Some(value) if !value.is_none() => vm.iterate(value)?,
        _ => Vec::new(),
    };
    vm.set_attr(&me, &lang::value::name("stop_training"), Value::Bool(false))?;
    notify(vm, &callbacks, "set_model", std::slice::from_ref(&me))?;
    notify(vm, &callbacks, "on_train_begin", &[])?;
    let mut epochs_run = Vec::new();
    let mut last_logs = Value::None;
    for epoch in initial..epochs {
        notify(vm, &callbacks, "on_epoch_begin", &[Value::Int(epoch)])?;
        if verbose > 0 {
            vm.write_stdout(&format!("Epoch {}/{epochs}\n", epoch + 1));
        }
        let first_op = recorded_ops(st, vm)?;
        let seed = shuffle.then_some(epoch as u64);
        let (trackers, steps) =
            run_epoch(st, vm, &me, &compiled, &source, seed, steps_per_epoch, true)?;
        state(vm, &data)?.optimizer_built.set(true);
        steps_seen = steps;
        let mut logs = trackers.sorted_logs();
        if let Some(validation) = &validation {
            let (val, _) = run_epoch(st, vm, &me, &compiled, validation, None, None, false)?;
            logs.extend(
                val.sorted_logs()
                    .into_iter()
                    .map(|(k, v)| (format!("val_{k}"), v)),
            );
        }
        if verbose > 0 {
            let seconds = simulated_seconds(st, vm, first_op)?;
            vm.write_stdout(&progress_line(verbose, steps, seconds, &logs));
        }
        epochs_run.push(epoch);
        let logs_dict = Rc::new(RefCell::new(lang::value::Dict::new()));
        for (name, value) in &logs {
            let value = value.map_or(Value::None, Value::Float);
            vm.dict_setitem(&logs_dict, Value::str(name.clone()), value)?;
        }
        last_logs = Value::Dict(logs_dict);
        notify(
            vm,
            &callbacks,
            "on_epoch_end",
            &[Value::Int(epoch), last_logs.clone()],
        )?;
        for (name, value) in logs {
            match history.iter_mut().find(|(k, _)| *k == name) {
                Some((_, values)) => values.push(value),
                None => history.push((name, vec![value])),
            }
        }
        let stop = vm.get_attr_opt(&me, &lang::value::name("stop_training"))?;
        if let Some(stop) = stop {
            if vm.truthy(&stop)? {
                break;
            }
        }
    }
    notify(vm, &callbacks, "on_train_end", &[last_logs])?;
    history_object(
        st, vm, &me, history, epochs_run, verbose, epochs, steps_seen,
    )
}

#[allow(clippy::too_many_arguments)] // The History object's fields.
fn history_object(
    st: &St,
    vm: &mut Vm<'_>,
    model: &Value,
    history: Vec<(String, Vec<Option<f64>>)>,
    epochs_run: Vec<i64>,
    verbose: i64,
    epochs: i64,
    steps: usize,
) -> PyResult {
    let keras = classes(st, vm)?;
    let object = new_native_instance(&keras.history, Rc::new(()));
    let dict = Rc::new(RefCell::new(lang::value::Dict::new()));
    for (name, values) in history {
        let list = Value::list(
            values
                .into_iter()
                .map(|value| value.map_or(Value::None, Value::Float))
                .collect(),
        );
        vm.dict_setitem(&dict, Value::str(name), list)?;
    }
    vm.set_attr(&object, &lang::value::name("history"), Value::Dict(dict))?;
    vm.set_attr(
        &object,
        &lang::value::name("epoch"),
        Value::list(epochs_run.into_iter().map(Value::Int).collect()),
    )?;
    let params = Rc::new(RefCell::new(lang::value::Dict::new()));
    vm.dict_setitem(&params, Value::str("verbose"), Value::Int(verbose))?;
    vm.dict_setitem(&params, Value::str("epochs"), Value::Int(epochs))?;
    vm.dict_setitem(&params, Value::str("steps"), Value::Int(steps as i64))?;
    vm.set_attr(&object, &lang::value::name("params"), Value::Dict(params))?;
    vm.set_attr(&object, &lang::value::name("model"), model.clone())?;
    Ok(object)
}

fn evaluate(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "evaluate",
        &args,
        1,
        [
            this = "self",
            x,
            y,
            batch_size,
            verbose,
            sample_weight,
            steps,
            callbacks,
            return_dict
        ]
    )?;
    let me = this(vm, &args)?.clone();
    let data = model_of(vm, &me)?;
    let compiled = compiled(vm, &data)?;
    let x = bound.x.clone().unwrap_or(Value::None);
    let source = source(st, vm, &x, bound.y.as_ref(), &bound.batch_size)?;
    let verbose = verbosity(vm, &bound.verbose)?;
    let steps = steps_arg(vm, &source, &bound.steps)?;
    let first_op = recorded_ops(st, vm)?;
    let (trackers, steps) = run_epoch(st, vm, &me, &compiled, &source, None, steps, false)?;
    let logs = trackers.logs();
    if verbose > 0 {
        let seconds = simulated_seconds(st, vm, first_op)?;
        vm.write_stdout(&progress_line(
            verbose,
            steps,
            seconds,
            &trackers.sorted_logs(),
        ));
    }
    if crate::flag(vm, &bound.return_dict, false)? {
        let dict = Rc::new(RefCell::new(lang::value::Dict::new()));
        for (name, value) in trackers.sorted_logs() {
            vm.dict_setitem(
                &dict,
                Value::str(name),
                value.map_or(Value::None, Value::Float),
            )?;
        }
        return Ok(Value::Dict(dict));
    }
    let number = |value: Option<f64>| value.map_or(Value::None, Value::Float);
    if logs.len() == 1 {
        return Ok(number(logs[0].1));
    }
    Ok(Value::list(
        logs.into_iter().map(|(_, v)| number(v)).collect(),
    ))
}

fn predict(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "predict",
        &args,
        2,
        [this = "self", x, batch_size, verbose, steps, callbacks]
    )?;
    let me = this(vm, &args)?.clone();
    let x = bound.x.clone().unwrap_or(Value::None);
    let source = source(st, vm, &x, None, &bound.batch_size)?;
    let verbose = verbosity(vm, &bound.verbose)?;
    let steps = steps_arg(vm, &source, &bound.steps)?;
    let first_op = recorded_ops(st, vm)?;
    let batches = epoch_batches(st, vm, &source, None, steps)?;
    let steps = batches.len();
    let mut outputs = Vec::with_capacity(steps);
    let run_eagerly = model_of(vm, &me)
        .and_then(|data| compiled(vm, &data))
        .is_ok_and(|compiled| compiled.run_eagerly);
    for (xb, _, produced) in batches {
        vm.charge(1)?;
        let output = as_compiled_step(st, vm, PREDICT_FUNCTION, run_eagerly, |vm| {
            let (xb, _) = feed(st, vm, (xb, None, produced))?;
            // A model built in a strategy's scope predicts on every replica and concatenates
            // their outputs in replica order (`distributed.rs`).
            if let Some(strategy) = distributed::model_strategy(st, vm, &me)? {
                let parts = distributed::predict_step(st, vm, &me, strategy, &xb)?;
                let mut values = Vec::with_capacity(parts.len());
                for part in &parts {
                    values.push(crate::keras::ops::value(st, vm, part)?);
                }
                return ops::concat(&values, 0).map_err(|e| op_error(vm, e));
            }
            let training = vec![(lang::value::name("training"), Value::Bool(false))];
            let prediction = vm.call(&me, &[xb], &training)?;
            let handle = handle_of(st, vm, &prediction)?;
            crate::keras::ops::value(st, vm, &handle)
        })?;
        outputs.push(output);
    }
    if verbose > 0 {
        let seconds = simulated_seconds(st, vm, first_op)?;
        vm.write_stdout(&progress_line(verbose, steps, seconds, &[]));
    }
    let all = if outputs.is_empty() {
        return Err(vm.value_error("Unexpected result of `predict_function` (Empty batch_outputs). Please use `Model.compile(..., run_eagerly=True)`, or `tf.config.run_functions_eagerly(True)` for more information of where went wrong, or file a issue/bug to `tf.keras`."));
    } else {
        ops::concat(&outputs, 0).map_err(|e| op_error(vm, e))?
    };
    array_value(st, vm, all)
}

/// Keras's `readable_memory_size`.
pub(crate) fn readable_bytes(bytes: f64) -> String {
    let mut size = bytes;
    for unit in ["B", "KB", "MB", "GB", "TB"] {
        if size / 1024.0 < 1.0 {
            return format!("{} {unit}", format_fixed(size, Some(2)));
        }
        size /= 1024.0;
    }
    format!("{} PB", format_fixed(size, Some(2)))
}

/// Optimizer variables after it was built: the iteration count and learning rate, plus its
/// slots per trainable weight.
pub(crate) fn optimizer_params(rule: &Rule, trainable: usize) -> (usize, f64) {
    let slots = match rule {
        Rule::Sgd { momentum, .. } => usize::from(*momentum > 0.0),
        Rule::Adam { .. } => 2,
        Rule::RmsProp { momentum, .. } => 1 + usize::from(*momentum > 0.0),
    };
    let count = 2 + slots * trainable;
    (count, 12.0 + 4.0 * (slots * trainable) as f64)
}

fn compiled_attr(get: fn(&Compiled) -> Value) -> impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult {
    move |vm, args| {
        let data = layer_of(vm, this(vm, &args)?)?;
        let LayerKind::Model(model) = &data.kind else {
            return Ok(Value::None);
        };
        let value = model.compiled.borrow().as_ref().map_or(Value::None, get);
        Ok(value)
    }
}

fn get_layer(vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "get_layer", &args, 1, [this = "self", name, index])?;
    let me = this(vm, &args)?.clone();
    let layers = sublayers(vm, &me)?;
    if let Some(index) = bound.index.as_ref().and_then(Value::as_i64) {
        return layers.get(index.max(0) as usize).cloned().ok_or_else(|| {
            vm.value_error(format!(
                "Was asked to retrieve layer at index {index} but model only has {} layers.",
                layers.len()
            ))
        });
    }
    let name = bound
        .name
        .as_ref()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    for layer in &layers {
        if *layer_of(vm, layer)?.name.borrow() == name {
            return Ok(layer.clone());
        }
    }
    let names: Vec<String> = layers
        .iter()
        .filter_map(|l| l.downcast::<LayerData>().map(|d| d.name.borrow().clone()))
        .collect();
    Err(vm.value_error(format!(
        "No such layer: {name}. Existing layers are: {names:?}."
    )))
}

fn install_model_api(builder: ClassBuilder, st: &St) -> ClassBuilder {
    builder
        .method_closure("compile", bound(st, compile))
        .method_closure("fit", bound(st, fit))
        .method_closure("evaluate", bound(st, evaluate))
        .method_closure("predict", bound(st, predict))
        .method_closure("summary", bound(st, crate::keras::summary::summary))
        .method("get_layer", get_layer)
        .property("layers", layers_property, None)
        .property_closure("optimizer", compiled_attr(|c| c.optimizer.clone()), None)
        .property_closure("loss", compiled_attr(|c| c.loss_arg.clone()), None)
}

/// Builds `Model` (a subclass of `Layer`).
pub fn build_model_class(st: &St, layer: &Rc<Class>) -> Rc<Class> {
    let builder = ClassBuilder::new("Model", "keras.src.models.model")
        .base(layer)
        .method_closure("__new__", bound(st, crate::keras::functional::model_new))
        .method_closure("__init__", bound(st, model_init))
        .method_closure("build", bound(st, model_build))
        .method("call", |vm, _args| {
            Err(vm.runtime_error(
                "Model.call() is not implemented: subclasses of `Model` define `call()`.",
            ))
        });
    install_model_api(install_layer_api(builder, st), st).build()
}

/// Builds `Sequential` (a subclass of `Model`).
pub fn build_sequential_class(st: &St, model: &Rc<Class>) -> Rc<Class> {
    ClassBuilder::new("Sequential", "keras.src.models.sequential")
        .base(model)
        .method_closure("__init__", bound(st, sequential_init))
        .method_closure(
            "add",
            bound(st, |st, vm, args| {
                let bound = bind!(vm, "add", &args, 2, [this = "self", layer, rebuild])?;
                let me = this(vm, &args)?.clone();
                add(st, vm, &me, bound.layer.clone().unwrap_or(Value::None))?;
                Ok(Value::None)
            }),
        )
        .method("call", sequential_call)
        .build()
}

/// Builds `History`.
pub fn build_history_class() -> Rc<Class> {
    ClassBuilder::new("History", "keras.src.callbacks.history")
        .method("__repr__", |vm, args| {
            let address = this(vm, &args)?.object_address().unwrap_or(0);
            Ok(Value::str(format!(
                "<keras.src.callbacks.history.History object at {:#x}>",
                lang::value::fake_address(address)
            )))
        })
        .build()
}

/// The tape's gradients as the Keras optimizers here apply them: computed tensors. A
/// gradient beyond the work budget (values on demand) is the budget's error, since these
/// optimizers update variables with the numbers themselves.
pub(crate) fn computed_gradients(
    grads: Vec<Option<runtime::op::Value>>,
) -> runtime::TfResult<Vec<Option<Tensor>>> {
    grads
        .into_iter()
        .map(|grad| match grad {
            None => Ok(None),
            Some(runtime::op::Value::Dense(tensor)) => Ok(Some(tensor)),
            Some(runtime::op::Value::Uncomputed(uncomputed)) => Err(uncomputed.observed_error()),
            Some(_) => Err(runtime::TfError::internal("a gradient is a handle")),
        })
        .collect()
}
