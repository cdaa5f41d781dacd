//! `Dataset.interleave(map_func, cycle_length, block_length, num_parallel_calls,
//! deterministic)`. `map_func` returns a dataset per input element; the iteration (see
//! [`runtime::data`]) opens `cycle_length` of them and reads `block_length`
//! elements from each in turn, in the order TensorFlow's interleave kernels produce (the
//! parallel kernel keeps it when deterministic, and this emulation always does).
//!
//! TensorFlow traces `map_func` once into a graph; here the datasets it returns are plain
//! values, so the function runs in Python once when `interleave` is called (on zeros of
//! the input's spec, for the element spec) and again for each input element as the
//! iteration reaches it.

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::data::{dataset_of, int_of, nest, new_dataset, parallel_calls, PyDataset};
use crate::tensor_class::wrap;
use crate::{this, St};
use runtime::data::{Dataset, Structure, AUTOTUNE};
use runtime::{Handle, TfError};
use tensor::{ops, Tensor};

/// Calls `func` eagerly on one element (tuples unpack into positional arguments) and
/// returns what it returned.
pub fn call_element_func(
    st: &St,
    vm: &mut Vm<'_>,
    func: &Value,
    structure: &Structure,
    element: &[Tensor],
) -> PyResult<Value> {
    let mut leaves = Vec::with_capacity(element.len());
    for tensor in element {
        let tensor = tensor.clone();
        let handle: Handle = st.tf(vm, |ctx| ctx.constant(tensor, None))?;
        leaves.push(wrap(st, vm, handle)?);
    }
    let mut leaves = leaves.into_iter();
    let positional = match structure {
        Structure::Tuple(parts) => {
            let mut items = Vec::with_capacity(parts.len());
            for part in parts {
                items.push(nest(vm, part, &mut leaves)?);
            }
            items
        }
        other => vec![nest(vm, other, &mut leaves)?],
    };
    vm.call(func, &positional, &[])
}

/// Calls `func` on one element and returns the dataset it made.
pub fn call_map_func(
    st: &St,
    vm: &mut Vm<'_>,
    func: &Value,
    structure: &Structure,
    element: &[Tensor],
) -> PyResult<Dataset> {
    let returned = call_element_func(st, vm, func, structure, element)?;
    if returned.downcast::<PyDataset>().is_none() {
        let class = vm.class_of(&returned).full_name();
        return Err(vm.type_error(format!(
            "The `map_func` argument must return a `Dataset` object. Got <class '{class}'>."
        )));
    }
    dataset_of(vm, &returned)
}

fn length_arg(vm: &mut Vm<'_>, value: &Option<Value>, default: i64, what: &str) -> PyResult<i64> {
    match value.as_ref().filter(|v| !v.is_none()) {
        None => Ok(default),
        Some(value) => int_of(vm, value, what),
    }
}

/// `dataset.interleave(map_func, cycle_length=None, block_length=None,
/// num_parallel_calls=None, deterministic=None, name=None)`.
pub fn interleave(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "interleave",
        &args,
        2,
        [
            this = "self",
            map_func,
            cycle_length,
            block_length,
            num_parallel_calls,
            deterministic,
            name
        ]
    )?;
    let input = dataset_of(vm, this(vm, &args)?)?;
    let func = bound.map_func.clone().unwrap_or(Value::None);
    let cycle_length = length_arg(vm, &bound.cycle_length, AUTOTUNE, "cycle_length")?;
    let block_length = length_arg(vm, &bound.block_length, 1, "block_length")?;
    let calls = parallel_calls(vm, &bound.num_parallel_calls)?;
    let spec = input.element_spec().clone();
    // The element spec comes from one call on zeros of the input's spec.
    let mut zeros = Vec::with_capacity(spec.components.len());
    for component in &spec.components {
        let dims: Vec<i64> = component
            .shape
            .dims()
            .unwrap_or(&[])
            .iter()
            .map(|d| d.map_or(1, |d| d as i64))
            .collect();
        zeros
            .push(ops::zeros(&dims, component.dtype).map_err(|e| crate::convert::op_error(vm, e))?);
    }
    let example = call_map_func(st, vm, &func, &spec.structure, &zeros)?;
    let classes = st.classes(vm)?;
    let registry = &classes.data.generators.interleave_functions;
    let index = registry.borrow().len() as u32;
    registry.borrow_mut().push((func, spec.structure.clone()));
    let made = input.interleave(
        index,
        cycle_length,
        block_length,
        calls,
        example.element_spec().clone(),
    );
    let dataset = match made {
        Ok(dataset) => dataset,
        Err(error) => {
            let node = if calls.is_some() {
                "ParallelInterleaveDatasetV4"
            } else {
                "InterleaveDataset"
            };
            let error: TfError = st.tf(vm, |ctx| {
                Ok(ctx.wrap_dataset_error(&format!("{node}_Targuments_0"), node, error))
            })?;
            return Err(crate::errors::raise(st, vm, error));
        }
    };
    new_dataset(st, vm, dataset)
}
