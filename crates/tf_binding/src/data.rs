//! `tf.data`: the `Dataset` class, its iterators, `Options` and `AutoShardPolicy`, on the
//! plain-Rust datasets of [`runtime::data`].
//!
//! Python values become nested elements here: tuples and dicts are structure, anything
//! else is one component (`tf.constant`'s conversion). Map and filter functions are traced
//! once on the element spec, as TensorFlow traces them, and the traced graph runs per
//! element on the host.

pub mod generator;
pub mod interleave;

use std::cell::RefCell;
use std::rc::Rc;

use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{to_operand, to_tensor};
use crate::numpy_module::array_value;
use crate::shapes::new_spec;
use crate::tensor_class::wrap;
use crate::{bound, params, this, St};
use runtime::data::{
    AutoShardPolicy, ComponentSpec, DataOptions, Dataset, DatasetIterator, DatasetNode,
    ElementSpec, MapFunction, Structure, AUTOTUNE, INFINITE, UNKNOWN,
};
use runtime::function::ArgSpec;
use runtime::op::ValueType;
use runtime::{Handle, Operand};
use tensor::ops;
use tensor::{DType, Tensor, TensorShape};

/// Deepest nesting of an element a program may build.
const NESTING_MAX: usize = 32;

/// The classes of `tf.data`.
pub struct DataClasses {
    dataset: Rc<Class>,
    iterator: Rc<Class>,
    numpy_iterator: Rc<Class>,
    options: Rc<Class>,
    distribute_options: Rc<Class>,
    auto_shard_policy: Rc<Class>,
    /// The run's `from_generator` sources.
    pub(crate) generators: generator::GeneratorSources,
}

/// The data of a `Dataset` object.
pub struct PyDataset {
    /// The runtime's dataset.
    pub dataset: Dataset,
}

/// The data of a dataset iterator object.
struct PyIterator {
    iterator: RefCell<DatasetIterator>,
    spec: ElementSpec,
    /// The iteration's number in the report, from its first element on.
    serial: std::cell::Cell<Option<u32>>,
}

/// The data of an `AutoShardPolicy` member.
struct PyPolicy(AutoShardPolicy);

pub(crate) fn dataset_of(vm: &Vm<'_>, value: &Value) -> PyResult<Dataset> {
    value
        .downcast::<PyDataset>()
        .map(|d| d.dataset.clone())
        .ok_or_else(|| vm.type_error("expected a tf.data.Dataset"))
}

fn new_dataset(st: &St, vm: &Vm<'_>, dataset: Dataset) -> PyResult {
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.data.dataset,
        Rc::new(PyDataset { dataset }),
    ))
}

/// Splits a Python value into its structure and leaves (tuples and dicts nest).
pub(crate) fn flatten(
    vm: &mut Vm<'_>,
    value: &Value,
    depth: usize,
) -> PyResult<(Structure, Vec<Value>)> {
    if depth > NESTING_MAX {
        return Err(vm.value_error("The element is nested too deeply."));
    }
    match value {
        Value::Tuple(items) => {
            let items = items.to_vec();
            let mut parts = Vec::with_capacity(items.len());
            let mut leaves = Vec::new();
            for item in &items {
                let (part, more) = flatten(vm, item, depth + 1)?;
                parts.push(part);
                leaves.extend(more);
            }
            Ok((Structure::Tuple(parts), leaves))
        }
        Value::Dict(dict) => {
            let mut entries: Vec<(String, Value)> = Vec::new();
            for entry in dict.borrow().iter() {
                let Some(key) = entry.key.as_str() else {
                    return Err(vm.type_error("Dataset element dict keys must be strings."));
                };
                entries.push((key.to_string(), entry.value.clone()));
            }
            let mut parts = Vec::with_capacity(entries.len());
            let mut leaves = Vec::new();
            for (key, item) in &entries {
                let (part, more) = flatten(vm, item, depth + 1)?;
                parts.push((key.clone(), part));
                leaves.extend(more);
            }
            Ok((Structure::Dict(parts), leaves))
        }
        other => Ok((Structure::Leaf, vec![other.clone()])),
    }
}

/// Rebuilds a Python value from a structure and its leaves.
pub(crate) fn nest(
    vm: &mut Vm<'_>,
    structure: &Structure,
    leaves: &mut impl Iterator<Item = Value>,
) -> PyResult {
    Ok(match structure {
        Structure::Leaf => leaves.next().unwrap_or(Value::None),
        Structure::Tuple(parts) => {
            let mut items = Vec::with_capacity(parts.len());
            for part in parts {
                items.push(nest(vm, part, leaves)?);
            }
            Value::tuple(items)
        }
        Structure::Dict(entries) => {
            let dict = Rc::new(RefCell::new(lang::value::Dict::new()));
            for (key, part) in entries {
                let value = nest(vm, part, leaves)?;
                vm.dict_setitem(&dict, Value::str(key.clone()), value)?;
            }
            Value::Dict(dict)
        }
    })
}

/// A Python element (tensors, tuples, dicts) as a structure and tensors.
fn element_tensors(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<(Structure, Vec<Tensor>)> {
    let (structure, leaves) = flatten(vm, value, 0)?;
    let mut tensors = Vec::with_capacity(leaves.len());
    for leaf in &leaves {
        tensors.push(to_tensor(st, vm, leaf, None)?);
    }
    Ok((structure, tensors))
}

fn from_tensor_slices(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "from_tensor_slices", &args, 1, [tensors, name])?;
    let value = bound.tensors.clone().unwrap_or(Value::None);
    let (structure, tensors) = element_tensors(st, vm, &value)?;
    let dataset = st.tf(vm, |_| Dataset::from_tensor_slices(structure, tensors))?;
    new_dataset(st, vm, dataset)
}

fn from_tensors(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "from_tensors", &args, 1, [tensors, name])?;
    let value = bound.tensors.clone().unwrap_or(Value::None);
    let (structure, tensors) = element_tensors(st, vm, &value)?;
    let dataset = st.tf(vm, |_| Dataset::from_tensors(structure, tensors))?;
    new_dataset(st, vm, dataset)
}

pub(crate) fn int_of(vm: &mut Vm<'_>, value: &Value, what: &str) -> PyResult<i64> {
    if let Some(i) = value.as_i64() {
        return Ok(i);
    }
    if let Some(tensor) = value.downcast::<crate::tensor_class::PyTensor>() {
        if let Handle::Eager(eager) = &tensor.handle {
            if let Some(values) = eager.value.tensor().and_then(Tensor::to_i64_vec) {
                if values.len() == 1 && eager.value.tensor().map(Tensor::rank) == Some(0) {
                    return Ok(values[0]);
                }
            }
        }
    }
    let type_name = vm.type_name(value);
    Err(vm.type_error(format!("`{what}` must be an integer, got {type_name}")))
}

fn range(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let mut numbers = Vec::with_capacity(3);
    for value in args.positional.iter() {
        numbers.push(int_of(vm, value, "range")?);
    }
    let (start, stop, step) = match numbers[..] {
        [stop] => (0, stop, 1),
        [start, stop] => (start, stop, 1),
        [start, stop, step] => (start, stop, step),
        _ => {
            return Err(vm.type_error(format!(
                "range expected 1 to 3 arguments, got {}",
                numbers.len()
            )))
        }
    };
    let mut dataset = st.tf(vm, |ctx| {
        Dataset::range(start, stop, step)
            .map_err(|error| ctx.dataset_op_error("RangeDataset", error))
    })?;
    if let Some(dtype) = args.kwarg("output_type").filter(|v| !v.is_none()) {
        let dtype = crate::convert::to_dtype(vm, dtype)?;
        if dtype != DType::Int64 {
            dataset = cast_range(st, vm, &dataset, dtype)?;
        }
    }
    new_dataset(st, vm, dataset)
}

/// `range(..., output_type=dtype)`: the int64 range mapped through a traced `Cast`.
fn cast_range(st: &St, vm: &mut Vm<'_>, dataset: &Dataset, dtype: DType) -> PyResult<Dataset> {
    let specs = arg_specs(dataset.element_spec());
    let input = dataset.clone();
    st.tf(vm, move |ctx| {
        let handles = ctx.begin_trace("Dataset_range_cast", &specs, false)?;
        let result = handles
            .into_iter()
            .next()
            .ok_or_else(|| runtime::TfError::internal("range has one component"))
            .and_then(|h| ctx.cast(Operand::Handle(h), dtype, None));
        let handle = match result {
            Ok(handle) => handle,
            Err(error) => {
                ctx.abort_trace();
                return Err(error);
            }
        };
        let id = ctx.end_trace(&[handle])?;
        let spec = ElementSpec::single(ComponentSpec {
            dtype,
            shape: tensor::TensorShape::new(Vec::new()),
        });
        Ok(input.map(
            MapFunction {
                function: id,
                parallel_calls: None,
                host: None,
            },
            spec,
        ))
    })
}

fn arg_specs(spec: &ElementSpec) -> Vec<ArgSpec> {
    spec.components
        .iter()
        .enumerate()
        .map(|(index, component)| ArgSpec {
            name: format!("args_{index}"),
            dtype: component.dtype,
            shape: component.shape.clone(),
        })
        .collect()
}

/// Traces `func` on `spec` (tuples unpack into positional arguments, as `map` calls it);
/// returns the concrete function and the spec of what it returns.
fn trace_element_function(
    st: &St,
    vm: &mut Vm<'_>,
    func: &Value,
    spec: &ElementSpec,
    what: &str,
) -> PyResult<(runtime::function::ConcreteFunctionId, ElementSpec)> {
    let func_name = match vm.get_attr_str(func, "__name__") {
        Ok(Value::Str(s)) => s.as_str().replace(['<', '>'], ""),
        _ => "function".to_string(),
    };
    let name = format!("Dataset_{what}_{func_name}");
    let specs = arg_specs(spec);
    let handles = st.tf(vm, |ctx| ctx.begin_trace(&name, &specs, false))?;
    let result = (|| -> PyResult<(Structure, Vec<Handle>)> {
        let mut leaves = Vec::with_capacity(handles.len());
        for handle in &handles {
            leaves.push(wrap(st, vm, handle.clone())?);
        }
        let mut leaves = leaves.into_iter();
        let positional = match &spec.structure {
            Structure::Tuple(parts) => {
                let mut items = Vec::with_capacity(parts.len());
                for part in parts {
                    items.push(nest(vm, part, &mut leaves)?);
                }
                items
            }
            other => vec![nest(vm, other, &mut leaves)?],
        };
        // `tf.data` traces its functions with AutoGraph, as `tf.function` does.
        let operators = vm.import_module(crate::autograph::OPERATORS)?;
        let converted_call = vm.get_attr_str(&operators, "converted_call")?;
        let mut arguments = Vec::with_capacity(positional.len() + 1);
        arguments.push(func.clone());
        arguments.extend(positional);
        let returned = vm.call(&converted_call, &arguments, &[])?;
        let returned = match returned {
            Value::List(items) => Value::tuple(items.borrow().to_vec()),
            other => other,
        };
        let (structure, values) = flatten(vm, &returned, 0)?;
        let mut outputs = Vec::with_capacity(values.len());
        for value in &values {
            // A list inside the result is one tensor, as tf.data converts it (`tf.stack`).
            let value = match value {
                Value::List(_) => {
                    crate::array_ops::stack(st, vm, Args::new(std::slice::from_ref(value), &[]))?
                }
                other => other.clone(),
            };
            let operand = to_operand(st, vm, &value)?;
            outputs.push(st.tf(vm, |ctx| match operand {
                Operand::Handle(handle) => Ok(handle),
                Operand::Variable(id) => ctx.read_variable(id),
                Operand::Literal(tensor) => ctx.constant(tensor, None),
            })?);
        }
        Ok((structure, outputs))
    })();
    let (structure, outputs) = match result {
        Ok(done) => done,
        Err(error) => {
            if let Ok(mut ctx) = st.ctx.try_borrow_mut() {
                ctx.abort_trace();
            }
            return Err(crate::function::in_user_code(vm, error));
        }
    };
    let (id, components) = st.tf(vm, |ctx| {
        let id = ctx.end_trace(&outputs)?;
        let function = ctx.concrete_function(id)?;
        let mut components = Vec::with_capacity(function.outputs.len());
        for output in &function.outputs {
            let fact = function
                .graph
                .tensor_fact(*output)
                .ok_or_else(|| runtime::TfError::internal("a traced output has no type"))?;
            let ValueType::Dense(dtype) = fact.value_type else {
                return Err(runtime::TfError::type_error(
                    "A dataset function must return tensors, not resources.",
                ));
            };
            components.push(ComponentSpec {
                dtype,
                shape: fact.shape.clone(),
            });
        }
        Ok((id, components))
    })?;
    let spec = st.tf(vm, |_| ElementSpec::new(structure, components))?;
    Ok((id, spec))
}

pub(crate) fn parallel_calls(vm: &mut Vm<'_>, value: &Option<Value>) -> PyResult<Option<i64>> {
    match value {
        None => Ok(None),
        Some(value) => {
            let calls = int_of(vm, value, "num_parallel_calls")?;
            if calls <= 0 && calls != AUTOTUNE {
                return Err(vm.value_error(format!(
                    "num_parallel_calls must be a positive integer or tf.data.AUTOTUNE, got {calls}"
                )));
            }
            Ok(Some(calls))
        }
    }
}

fn map(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "map",
        &args,
        2,
        [
            this = "self",
            map_func,
            num_parallel_calls,
            deterministic,
            name
        ]
    )?;
    let dataset = dataset_of(vm, bound.this.as_ref().unwrap_or(&Value::None))?;
    let func = bound.map_func.clone().unwrap_or(Value::None);
    let calls = parallel_calls(vm, &bound.num_parallel_calls)?;
    let (function, spec) = trace_element_function(st, vm, &func, dataset.element_spec(), "map")?;
    // A function that calls Python runs eagerly for each element (the runner calls it).
    let host = if st.tf(vm, |ctx| ctx.function_calls_python(function))? {
        let classes = st.classes(vm)?;
        let mut registry = classes.data.generators.host_map_functions.borrow_mut();
        registry.push((
            func.clone(),
            dataset.element_spec().structure.clone(),
            spec.clone(),
        ));
        Some(registry.len() as u32 - 1)
    } else {
        None
    };
    let mapped = dataset.map(
        MapFunction {
            function,
            parallel_calls: calls,
            host,
        },
        spec,
    );
    new_dataset(st, vm, mapped)
}

fn filter(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "filter", &args, 2, [this = "self", predicate, name])?;
    let dataset = dataset_of(vm, bound.this.as_ref().unwrap_or(&Value::None))?;
    let func = bound.predicate.clone().unwrap_or(Value::None);
    let (function, spec) = trace_element_function(st, vm, &func, dataset.element_spec(), "filter")?;
    let returns_bool = spec.structure == Structure::Leaf
        && spec.components[0].dtype == DType::Bool
        && spec.components[0]
            .shape
            .dims()
            .is_some_and(|dims| dims.is_empty());
    if !returns_bool {
        let returned = spec.repr();
        return Err(vm.value_error(format!(
            "Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return type is {returned}."
        )));
    }
    let filtered = dataset.filter(MapFunction {
        function,
        parallel_calls: None,
        host: None,
    });
    new_dataset(st, vm, filtered)
}

fn batch(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "batch",
        &args,
        2,
        [
            this = "self",
            batch_size,
            drop_remainder,
            num_parallel_calls,
            deterministic,
            name
        ]
    )?;
    let dataset = dataset_of(vm, bound.this.as_ref().unwrap_or(&Value::None))?;
    let size = int_of(
        vm,
        bound.batch_size.as_ref().unwrap_or(&Value::None),
        "batch_size",
    )?;
    let drop = crate::flag(vm, &bound.drop_remainder, false)?;
    let batched = st.tf(vm, |ctx| {
        dataset
            .batch(size, drop)
            .map_err(|error| ctx.dataset_op_error("BatchDatasetV2", error))
    })?;
    new_dataset(st, vm, batched)
}

fn one_count(
    st: &St,
    vm: &mut Vm<'_>,
    args: &Args<'_>,
    what: &str,
    param: &str,
    default: Option<i64>,
    apply: fn(&Dataset, i64) -> runtime::TfResult<Dataset>,
) -> PyResult {
    let required = if default.is_some() { 1 } else { 2 };
    let bound = params(vm, what, args, &["self", param, "name"], required)?;
    let dataset = dataset_of(vm, bound[0].as_ref().unwrap_or(&Value::None))?;
    let count = match &bound[1] {
        Some(value) => int_of(vm, value, param)?,
        None => default.unwrap_or(-1),
    };
    let result = st.tf(vm, |ctx| {
        apply(&dataset, count).map_err(|error| ctx.dataset_op_error("PrefetchDataset", error))
    })?;
    new_dataset(st, vm, result)
}

fn shuffle(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "shuffle",
        &args,
        2,
        [
            this = "self",
            buffer_size,
            seed,
            reshuffle_each_iteration,
            name
        ]
    )?;
    let dataset = dataset_of(vm, bound.this.as_ref().unwrap_or(&Value::None))?;
    let buffer = int_of(
        vm,
        bound.buffer_size.as_ref().unwrap_or(&Value::None),
        "buffer_size",
    )?;
    let seed = match bound.seed.as_ref().filter(|v| !v.is_none()) {
        Some(value) => Some(int_of(vm, value, "seed")?),
        None => None,
    };
    let reshuffle = crate::flag(vm, &bound.reshuffle_each_iteration, true)?;
    let shuffled = st.tf(vm, |ctx| {
        // `random_seed.get_seed(seed)`, as the Python wrapper computes the op's seeds.
        let seeds = ctx.op_seeds(seed)?;
        let seeds = (seeds != [0, 0]).then_some(seeds);
        dataset
            .shuffle(buffer, seeds, reshuffle)
            .map_err(|error| ctx.dataset_op_error("ShuffleDatasetV3", error))
    })?;
    new_dataset(st, vm, shuffled)
}

fn shard(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "shard",
        &args,
        3,
        [this = "self", num_shards, index, name]
    )?;
    let dataset = dataset_of(vm, bound.this.as_ref().unwrap_or(&Value::None))?;
    let shards = int_of(
        vm,
        bound.num_shards.as_ref().unwrap_or(&Value::None),
        "num_shards",
    )?;
    let index = int_of(vm, bound.index.as_ref().unwrap_or(&Value::None), "index")?;
    let sharded = st.tf(vm, |ctx| {
        dataset
            .shard(shards, index)
            .map_err(|error| ctx.dataset_op_error("ShardDataset", error))
    })?;
    new_dataset(st, vm, sharded)
}

fn zip(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let given = match (args.positional, args.kwarg("datasets")) {
        ([single], None) => single.clone(),
        ([], Some(datasets)) => datasets.clone(),
        (many, None) if !many.is_empty() => Value::tuple(many.to_vec()),
        _ => return Err(vm.type_error("Both `*args` and `datasets` cannot be set.")),
    };
    let (structure, leaves) = flatten(vm, &given, 0)?;
    let mut inputs = Vec::with_capacity(leaves.len());
    for leaf in &leaves {
        inputs.push(dataset_of(vm, leaf).map_err(|_| {
            vm.type_error("The argument to `Dataset.zip()` must be a (nested) structure of `Dataset` objects.")
        })?);
    }
    let full = replace_leaves(&structure, &mut inputs.iter().map(|d| d.element_spec()));
    let zipped = st.tf(vm, |_| Dataset::zip(inputs.clone(), full))?;
    new_dataset(st, vm, zipped)
}

/// The zipped structure: each leaf (a dataset) replaced by that dataset's structure.
fn replace_leaves<'a>(
    structure: &Structure,
    specs: &mut impl Iterator<Item = &'a ElementSpec>,
) -> Structure {
    match structure {
        Structure::Leaf => specs
            .next()
            .map_or(Structure::Leaf, |spec| spec.structure.clone()),
        Structure::Tuple(parts) => {
            Structure::Tuple(parts.iter().map(|p| replace_leaves(p, specs)).collect())
        }
        Structure::Dict(entries) => Structure::Dict(
            entries
                .iter()
                .map(|(k, p)| (k.clone(), replace_leaves(p, specs)))
                .collect(),
        ),
    }
}

fn with_options(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "with_options", &args, 2, [this = "self", options, name])?;
    let dataset = dataset_of(vm, bound.this.as_ref().unwrap_or(&Value::None))?;
    let options_value = bound.options.clone().unwrap_or(Value::None);
    let classes = st.classes(vm)?;
    if !is_instance(&options_value, &classes.data.options) {
        let type_name = vm.type_name(&options_value);
        return Err(vm.type_error(format!(
            "`options` must be an instance of `tf.data.Options`, but got {type_name}."
        )));
    }
    let mut options = DataOptions::default();
    let distribute = vm.get_attr_str(&options_value, "experimental_distribute")?;
    let policy = vm.get_attr_str(&distribute, "auto_shard_policy")?;
    options.auto_shard_policy = match policy.downcast::<PyPolicy>() {
        Some(policy) => Some(policy.0),
        None => match policy.as_i64().and_then(AutoShardPolicy::from_value) {
            Some(policy) => Some(policy),
            None => {
                let text = vm.repr(&policy)?;
                return Err(vm.type_error(format!(
                    "auto_shard_policy must be a tf.data.experimental.AutoShardPolicy, got {text}"
                )));
            }
        },
    };
    let deterministic = vm.get_attr_str(&options_value, "deterministic")?;
    if !deterministic.is_none() {
        options.deterministic = Some(vm.truthy(&deterministic)?);
    }
    new_dataset(st, vm, dataset.with_options(options))
}

fn is_instance(value: &Value, class: &Rc<Class>) -> bool {
    match value {
        Value::Instance(instance) => {
            instance.class.mro.iter().any(|c| Rc::ptr_eq(c, class))
                || Rc::ptr_eq(&instance.class, class)
        }
        _ => false,
    }
}

/// `print(ds)`: `<_MapDataset element_spec=...>` with TensorFlow's class names.
fn dataset_repr(dataset: &Dataset) -> String {
    let kind = match dataset.node() {
        DatasetNode::TensorSlices { .. } => "_TensorSliceDataset",
        DatasetNode::Tensors { .. } => "_TensorDataset",
        DatasetNode::Range { .. } => "_RangeDataset",
        DatasetNode::Map { function, .. } if function.parallel_calls.is_some() => {
            "_ParallelMapDataset"
        }
        DatasetNode::Map { .. } => "_MapDataset",
        DatasetNode::Filter { .. } => "_FilterDataset",
        DatasetNode::Batch { padding: None, .. } => "_BatchDataset",
        DatasetNode::Batch { .. } => "_PaddedBatchDataset",
        DatasetNode::Unbatch { .. } => "_UnbatchDataset",
        DatasetNode::Shuffle { .. } => "_ShuffleDataset",
        DatasetNode::Repeat { .. } => "_RepeatDataset",
        DatasetNode::Take { .. } => "_TakeDataset",
        DatasetNode::Skip { .. } => "_SkipDataset",
        DatasetNode::Cache { .. } => "CacheDataset",
        DatasetNode::Prefetch { .. } => "_PrefetchDataset",
        DatasetNode::Shard { .. } => "_ShardDataset",
        DatasetNode::Zip { .. } => "_ZipDataset",
        DatasetNode::Concatenate { .. } => "_ConcatenateDataset",
        DatasetNode::Options { .. } => "_OptionsDataset",
        DatasetNode::Generator { .. } => "_FlatMapDataset",
        DatasetNode::Interleave { parallel_calls, .. } if parallel_calls.is_some() => {
            "_ParallelInterleaveDataset"
        }
        DatasetNode::Interleave { .. } => "_InterleaveDataset",
    };
    format!("<{kind} element_spec={}>", dataset.element_spec().repr())
}

fn element_spec_value(st: &St, vm: &mut Vm<'_>, spec: &ElementSpec) -> PyResult {
    let mut specs = Vec::with_capacity(spec.components.len());
    for component in &spec.components {
        specs.push(new_spec(st, vm, component.shape.clone(), component.dtype)?);
    }
    nest(vm, &spec.structure, &mut specs.into_iter())
}

fn new_iterator(st: &St, vm: &mut Vm<'_>, dataset: &Dataset, numpy: bool) -> PyResult {
    let classes = st.classes(vm)?;
    let class = if numpy {
        &classes.data.numpy_iterator
    } else {
        &classes.data.iterator
    };
    Ok(new_native_instance(
        class,
        Rc::new(PyIterator {
            iterator: RefCell::new(DatasetIterator::new(dataset)),
            spec: dataset.element_spec().clone(),
            serial: std::cell::Cell::new(None),
        }),
    ))
}

/// The next element of an iterator object: eager tensors, or NumPy values for
/// `as_numpy_iterator`; `StopIteration` at the end.
fn iterator_next(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, numpy: bool) -> PyResult {
    let me = this(vm, args)?;
    let Some(iterator) = me.downcast::<PyIterator>() else {
        return Err(vm.type_error("expected a dataset iterator"));
    };
    vm.charge(1)?;
    let components = iterator.spec.components.len();
    let produced = {
        let Ok(mut state) = iterator.iterator.try_borrow_mut() else {
            return Err(vm.runtime_error("The iterator is already running."));
        };
        generator::next_element(st, vm, &mut state, components)?
            .map(|element| (element, state.last_cost(), state.prefetch()))
    };
    let element = match produced {
        None => None,
        Some((element, cost, prefetch)) => Some(st.tf(vm, |ctx| {
            let serial = match iterator.serial.get() {
                Some(serial) => serial,
                None => {
                    let serial = ctx.begin_input_iteration();
                    iterator.serial.set(Some(serial));
                    serial
                }
            };
            let produced = report::InputElement {
                iterator: serial,
                background_ns: cost.background_ns,
                inline_ns: cost.inline_ns,
                prefetch,
            };
            ctx.iterator_get_next(element, Some(produced))
        })?),
    };
    let Some(element) = element else {
        return Err(vm.stop_iteration(None));
    };
    let mut leaves = Vec::with_capacity(element.len());
    for tensor in element {
        leaves.push(if numpy {
            let value = tensor
                .value
                .tensor()
                .cloned()
                .ok_or_else(|| vm.type_error("a dataset element was not a tensor"))?;
            array_value(st, vm, value)?
        } else {
            wrap(st, vm, Handle::Eager(tensor))?
        });
    }
    nest(vm, &iterator.spec.structure, &mut leaves.into_iter())
}

fn cardinality(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let dataset = dataset_of(vm, this(vm, &args)?)?;
    let count = dataset.cardinality();
    let handle = st.tf(vm, |ctx| ctx.constant(Tensor::scalar(count), None))?;
    wrap(st, vm, handle)
}

fn len(_st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let dataset = dataset_of(vm, this(vm, &args)?)?;
    match dataset.cardinality() {
        INFINITE => Err(vm.type_error("The dataset is infinite.")),
        UNKNOWN => Err(vm.type_error("The dataset length is unknown.")),
        n => Ok(Value::Int(n)),
    }
}

/// The Python module of the `Dataset` methods TensorFlow writes over its others.
const METHODS: &str = "_tensorflow.dataset_methods";

fn build_dataset_class(st: &St) -> Rc<Class> {
    let counted = |name: &'static str,
                   param: &'static str,
                   default: Option<i64>,
                   apply: fn(&Dataset, i64) -> runtime::TfResult<Dataset>| {
        let st = st.clone();
        move |vm: &mut Vm<'_>, args: Args<'_>| {
            one_count(&st, vm, &args, name, param, default, apply)
        }
    };
    ClassBuilder::new("DatasetV2", "tensorflow.python.data.ops.dataset_ops")
        .static_method_closure("from_tensor_slices", {
            let st = st.clone();
            move |vm, args| from_tensor_slices(&st, vm, args)
        })
        .static_method_closure("from_tensors", {
            let st = st.clone();
            move |vm, args| from_tensors(&st, vm, args)
        })
        .static_method_closure("range", {
            let st = st.clone();
            move |vm, args| range(&st, vm, args)
        })
        .method_closure("interleave", {
            let st = st.clone();
            move |vm, args| interleave::interleave(&st, vm, args)
        })
        .static_method_closure("from_generator", {
            let st = st.clone();
            move |vm, args| generator::from_generator(&st, vm, args)
        })
        .static_method_closure("zip", {
            let st = st.clone();
            move |vm, args| zip(&st, vm, args)
        })
        .method_closure("map", bound(st, map))
        .method_closure("filter", bound(st, filter))
        .method_closure("batch", bound(st, batch))
        .method_closure(
            "unbatch",
            bound(st, |st, vm, args| {
                let dataset = dataset_of(vm, this(vm, &args)?)?;
                let result = st.tf(vm, |_| dataset.unbatch())?;
                new_dataset(st, vm, result)
            }),
        )
        .method_closure("shuffle", bound(st, shuffle))
        .method_closure(
            "repeat",
            counted("repeat", "count", Some(-1), |d, n| Ok(d.repeat(n))),
        )
        .method_closure("take", counted("take", "count", None, |d, n| Ok(d.take(n))))
        .method_closure("skip", counted("skip", "count", None, |d, n| Ok(d.skip(n))))
        .method_closure(
            "prefetch",
            counted("prefetch", "buffer_size", None, Dataset::prefetch),
        )
        .method_closure(
            "cache",
            bound(st, |st, vm, args| {
                let bound = bind!(vm, "cache", &args, 1, [this = "self", filename, name])?;
                let dataset = dataset_of(vm, bound.this.as_ref().unwrap_or(&Value::None))?;
                new_dataset(st, vm, dataset.cache())
            }),
        )
        .method_closure("shard", bound(st, shard))
        .method_closure(
            "concatenate",
            bound(st, |st, vm, args| {
                let bound = bind!(vm, "concatenate", &args, 2, [this = "self", dataset, name])?;
                let first = dataset_of(vm, bound.this.as_ref().unwrap_or(&Value::None))?;
                let second = dataset_of(vm, bound.dataset.as_ref().unwrap_or(&Value::None))?;
                let result = st.tf(vm, |_| first.concatenate(&second))?;
                new_dataset(st, vm, result)
            }),
        )
        .method_closure("with_options", bound(st, with_options))
        .method_closure("_padded_batch", bound(st, padded_batch))
        .method_closure(
            "padded_batch",
            crate::python_method(METHODS, "padded_batch"),
        )
        .method_closure("reduce", crate::python_method(METHODS, "reduce"))
        .method_closure("enumerate", crate::python_method(METHODS, "enumerate"))
        .method_closure("flat_map", crate::python_method(METHODS, "flat_map"))
        .method_closure("window", crate::python_method(METHODS, "window"))
        .method_closure("apply", crate::python_method(METHODS, "apply"))
        .method_closure(
            "get_single_element",
            crate::python_method(METHODS, "get_single_element"),
        )
        .method_closure("take_while", crate::python_method(METHODS, "take_while"))
        .method_closure("scan", crate::python_method(METHODS, "scan"))
        .method_closure("unique", crate::python_method(METHODS, "unique"))
        .static_method_closure("counter", crate::python_method(METHODS, "counter"))
        .static_method_closure(
            "choose_from_datasets",
            crate::python_method(METHODS, "choose_from_datasets"),
        )
        .static_method_closure("list_files", crate::python_method(METHODS, "list_files"))
        .method_closure(
            "options",
            bound(st, |st, vm, args| {
                let dataset = dataset_of(vm, this(vm, &args)?)?;
                options_value(st, vm, &dataset.options())
            }),
        )
        .method_closure("cardinality", bound(st, cardinality))
        .method_closure("__len__", bound(st, len))
        .method_closure(
            "__iter__",
            bound(st, |st, vm, args| {
                let dataset = dataset_of(vm, this(vm, &args)?)?;
                new_iterator(st, vm, &dataset, false)
            }),
        )
        .method_closure(
            "as_numpy_iterator",
            bound(st, |st, vm, args| {
                let dataset = dataset_of(vm, this(vm, &args)?)?;
                new_iterator(st, vm, &dataset, true)
            }),
        )
        .method("__repr__", |vm, args| {
            let dataset = dataset_of(vm, this(vm, &args)?)?;
            Ok(Value::str(dataset_repr(&dataset)))
        })
        .property_closure(
            "element_spec",
            bound(st, |st, vm, args| {
                let dataset = dataset_of(vm, this(vm, &args)?)?;
                element_spec_value(st, vm, dataset.element_spec())
            }),
            None,
        )
        .build()
}

fn build_iterator_class(st: &St, numpy: bool) -> Rc<Class> {
    let (name, module) = if numpy {
        ("NumpyIterator", "tensorflow.python.data.ops.dataset_ops")
    } else {
        ("OwnedIterator", "tensorflow.python.data.ops.iterator_ops")
    };
    let next = {
        let st = st.clone();
        move |vm: &mut Vm<'_>, args: Args<'_>| iterator_next(&st, vm, &args, numpy)
    };
    let get_next = {
        let st = st.clone();
        move |vm: &mut Vm<'_>, args: Args<'_>| iterator_next(&st, vm, &args, numpy)
    };
    let mut builder = ClassBuilder::new(name, module)
        .method("__iter__", |vm, args| Ok(this(vm, &args)?.clone()))
        .method_closure("__next__", next);
    if !numpy {
        builder = builder.method_closure("get_next", get_next);
    }
    builder
        .property_closure(
            "element_spec",
            bound(st, |st, vm, args| {
                let me = this(vm, &args)?;
                let Some(iterator) = me.downcast::<PyIterator>() else {
                    return Err(vm.type_error("expected a dataset iterator"));
                };
                element_spec_value(st, vm, &iterator.spec)
            }),
            None,
        )
        .build()
}

fn policy_value(st: &St, vm: &mut Vm<'_>, policy: AutoShardPolicy) -> PyResult {
    let classes = st.classes(vm)?;
    let class = Value::Class(classes.data.auto_shard_policy.clone());
    vm.get_attr_str(&class, policy.name())
}

fn options_value(st: &St, vm: &mut Vm<'_>, options: &DataOptions) -> PyResult {
    let classes = st.classes(vm)?;
    let value = vm.call(&Value::Class(classes.data.options.clone()), &[], &[])?;
    if let Some(policy) = options.auto_shard_policy {
        let distribute = vm.get_attr_str(&value, "experimental_distribute")?;
        let policy = policy_value(st, vm, policy)?;
        vm.set_attr(&distribute, &lang::value::name("auto_shard_policy"), policy)?;
    }
    if let Some(deterministic) = options.deterministic {
        vm.set_attr(
            &value,
            &lang::value::name("deterministic"),
            Value::Bool(deterministic),
        )?;
    }
    Ok(value)
}

fn build_policy_class() -> Rc<Class> {
    let policy_of = |vm: &Vm<'_>, args: &Args<'_>| -> PyResult<AutoShardPolicy> {
        this(vm, args)?
            .downcast::<PyPolicy>()
            .map(|p| p.0)
            .ok_or_else(|| vm.type_error("expected an AutoShardPolicy"))
    };
    let class = ClassBuilder::new("AutoShardPolicy", "tensorflow.python.data.ops.options")
        .method_closure("__repr__", move |vm, args| {
            let policy = policy_of(vm, &args)?;
            Ok(Value::str(format!(
                "<AutoShardPolicy.{}: {}>",
                policy.name(),
                policy.value()
            )))
        })
        .method_closure("__str__", move |vm, args| {
            let policy = policy_of(vm, &args)?;
            // An IntEnum prints as its value (Python 3.11+).
            Ok(Value::str(policy.value().to_string()))
        })
        .method_closure("__eq__", move |vm, args| {
            let policy = policy_of(vm, &args)?;
            let other = args.get(1).cloned().unwrap_or(Value::None);
            Ok(Value::Bool(match other.downcast::<PyPolicy>() {
                Some(other) => other.0 == policy,
                None => other.as_i64() == Some(policy.value()),
            }))
        })
        .method_closure("__hash__", move |vm, args| {
            Ok(Value::Int(policy_of(vm, &args)?.value()))
        })
        .property_closure(
            "name",
            move |vm, args| Ok(Value::str(policy_of(vm, &args)?.name())),
            None,
        )
        .property_closure(
            "value",
            move |vm, args| Ok(Value::Int(policy_of(vm, &args)?.value())),
            None,
        )
        .build();
    for policy in AutoShardPolicy::ALL {
        let member = new_native_instance(&class, Rc::new(PyPolicy(policy)));
        class.dict.borrow_mut().insert_str(policy.name(), member);
    }
    class
}

/// Builds the classes of `tf.data`.
pub fn build_classes(st: &St) -> DataClasses {
    let auto_shard_policy = build_policy_class();
    let default_policy = auto_shard_policy
        .dict
        .borrow()
        .get("AUTO")
        .cloned()
        .unwrap_or(Value::None);
    let distribute_options =
        ClassBuilder::new("DistributeOptions", "tensorflow.python.data.ops.options")
            .method_closure("__init__", move |vm, args| {
                let me = this(vm, &args)?.clone();
                vm.set_attr(
                    &me,
                    &lang::value::name("auto_shard_policy"),
                    default_policy.clone(),
                )?;
                vm.set_attr(&me, &lang::value::name("num_devices"), Value::None)?;
                Ok(Value::None)
            })
            .build();
    let distribute_class = distribute_options.clone();
    let options = ClassBuilder::new("Options", "tensorflow.python.data.ops.options")
        .method_closure("__init__", move |vm, args| {
            let me = this(vm, &args)?.clone();
            let distribute = vm.call(&Value::Class(distribute_class.clone()), &[], &[])?;
            vm.set_attr(
                &me,
                &lang::value::name("experimental_distribute"),
                distribute,
            )?;
            vm.set_attr(&me, &lang::value::name("deterministic"), Value::None)?;
            Ok(Value::None)
        })
        .build();
    DataClasses {
        dataset: build_dataset_class(st),
        iterator: build_iterator_class(st, false),
        numpy_iterator: build_iterator_class(st, true),
        options,
        distribute_options,
        auto_shard_policy,
        generators: generator::GeneratorSources::default(),
    }
}

/// Builds `tf.data` and `tf.data.experimental`; returns them by full name.
pub fn build_module(st: &St, vm: &mut Vm<'_>) -> PyResult<Vec<(String, Value)>> {
    let classes = st.classes(vm)?;
    let data = crate::module("tensorflow.data");
    let experimental = crate::module("tensorflow.data.experimental");
    data.set("Dataset", Value::Class(classes.data.dataset.clone()));
    data.set("Options", Value::Class(classes.data.options.clone()));
    data.set("AUTOTUNE", Value::Int(AUTOTUNE));
    data.set("INFINITE_CARDINALITY", Value::Int(INFINITE));
    data.set("UNKNOWN_CARDINALITY", Value::Int(UNKNOWN));
    experimental.set("AUTOTUNE", Value::Int(AUTOTUNE));
    experimental.set("INFINITE_CARDINALITY", Value::Int(INFINITE));
    experimental.set("UNKNOWN_CARDINALITY", Value::Int(UNKNOWN));
    experimental.set(
        "AutoShardPolicy",
        Value::Class(classes.data.auto_shard_policy.clone()),
    );
    experimental.set(
        "DistributeOptions",
        Value::Class(classes.data.distribute_options.clone()),
    );
    data.set("experimental", Value::Module(experimental.clone()));
    Ok(vec![
        ("tensorflow.data".into(), Value::Module(data)),
        (
            "tensorflow.data.experimental".into(),
            Value::Module(experimental),
        ),
    ])
}

/// `_padded_batch(self, batch_size, drop_remainder, padded_shapes, padding_values)`: the
/// native half of `padded_batch` (`_tensorflow/dataset_methods.py` flattens its nested
/// arguments): one shape (or `None`: every dimension to the batch's longest) and one
/// padding value (or `None`: zero, or `b""` for strings) per component.
fn padded_batch(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "_padded_batch",
        &args,
        5,
        [
            this = "self",
            batch_size,
            drop_remainder,
            padded_shapes,
            padding_values
        ]
    )?;
    let dataset = dataset_of(vm, bound.this.as_ref().unwrap_or(&Value::None))?;
    let size = int_of(
        vm,
        bound.batch_size.as_ref().unwrap_or(&Value::None),
        "batch_size",
    )?;
    let drop = crate::flag(vm, &bound.drop_remainder, false)?;
    let shapes = vm.iterate(bound.padded_shapes.as_ref().unwrap_or(&Value::None))?;
    let values = vm.iterate(bound.padding_values.as_ref().unwrap_or(&Value::None))?;
    let components = dataset.element_spec().components.clone();
    let mut padding = runtime::data::Padding {
        shapes: Vec::with_capacity(components.len()),
        values: Vec::with_capacity(components.len()),
    };
    for (index, component) in components.iter().enumerate() {
        let shape = match shapes.get(index) {
            Some(value) if !value.is_none() => crate::convert::tensor_shape(vm, Some(value))?,
            _ => TensorShape::new(vec![None; component.shape.dims().map_or(0, <[_]>::len)]),
        };
        let value = match values.get(index) {
            Some(value) if !value.is_none() => {
                let tensor = crate::convert::to_tensor(st, vm, value, Some(component.dtype))?;
                if tensor.rank() != 0 {
                    return Err(vm.value_error("Padding value should be a scalar."));
                }
                tensor
            }
            _ if component.dtype == DType::String => {
                Tensor::from_strings(tensor::Shape::scalar(), vec![Vec::new()])
                    .map_err(|e| crate::convert::op_error(vm, e))?
            }
            _ => ops::zeros(&[], component.dtype).map_err(|e| crate::convert::op_error(vm, e))?,
        };
        padding.shapes.push(shape);
        padding.values.push(value);
    }
    let batched = st.tf(vm, |ctx| {
        dataset
            .padded_batch(size, drop, padding)
            .map_err(|error| ctx.dataset_op_error("PaddedBatchDatasetV2", error))
    })?;
    new_dataset(st, vm, batched)
}
