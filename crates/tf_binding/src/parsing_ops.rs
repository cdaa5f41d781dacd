//! `tf.raw_ops.ParseExampleV2`: the op `tf.io.parse_example` and `parse_single_example`
//! (Python, on the library layer) run, eagerly and in graphs (`Dataset.map`).

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::array_ops::required;
use crate::convert::{int_list, name_arg, to_dtype, to_operand};
use crate::tensor_class::wrap;
use crate::St;
use runtime::op_defs::ParseExampleV2;
use tensor::DType;

/// The items of a list argument (none when it is absent or None).
fn list_items(vm: &mut Vm<'_>, value: &Option<Value>) -> PyResult<Vec<Value>> {
    match value {
        None | Some(Value::None) => Ok(Vec::new()),
        Some(value) => vm.iterate(value),
    }
}

/// A list of dtypes argument.
fn dtype_list(vm: &mut Vm<'_>, value: &Option<Value>) -> PyResult<Vec<DType>> {
    let items = list_items(vm, value)?;
    items.iter().map(|item| to_dtype(vm, item)).collect()
}

/// `tf.raw_ops.ParseExampleV2(serialized, names, sparse_keys, dense_keys, ragged_keys,
/// dense_defaults, num_sparse, sparse_types, ragged_value_types, ragged_split_types,
/// dense_shapes, name=None)`: `(sparse_indices, sparse_values, sparse_shapes,
/// dense_values, ragged_values, ragged_row_splits)`, each a list. Ragged features are not
/// emulated.
pub fn parse_example_v2(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    if !args.positional.is_empty() {
        return Err(vm.type_error(
            "ParseExampleV2 only takes keyword args (possible keys: ['serialized', 'names', \
             'sparse_keys', 'dense_keys', 'ragged_keys', 'dense_defaults', 'num_sparse', \
             'sparse_types', 'ragged_value_types', 'ragged_split_types', 'dense_shapes', \
             'name']). Please pass these args as kwargs instead.",
        ));
    }
    let bound = bind!(
        vm,
        "ParseExampleV2",
        &args,
        0,
        [
            serialized,
            names,
            sparse_keys,
            dense_keys,
            ragged_keys,
            dense_defaults,
            num_sparse,
            sparse_types,
            ragged_value_types,
            ragged_split_types,
            dense_shapes,
            name
        ]
    )?;
    let name = name_arg(vm, &bound.name)?;
    let sparse_types = dtype_list(vm, &bound.sparse_types)?;
    if !dtype_list(vm, &bound.ragged_value_types)?.is_empty() {
        return Err(vm.not_implemented_error(
            "Ragged features (tf.io.RaggedFeature) are not emulated in this playground yet.",
        ));
    }
    let defaults = list_items(vm, &bound.dense_defaults)?;
    let mut dense_defaults = Vec::with_capacity(defaults.len());
    for default in &defaults {
        dense_defaults.push(to_operand(st, vm, default)?);
    }
    let shapes = list_items(vm, &bound.dense_shapes)?;
    let mut dense_shapes = Vec::with_capacity(shapes.len());
    for shape in &shapes {
        let dims = int_list(st, vm, shape, "dense_shapes")?;
        dense_shapes.push(dims.into_iter().map(|dim| dim.max(0) as usize).collect());
    }
    if dense_shapes.len() != dense_defaults.len() {
        return Err(vm.value_error(format!(
            "dense_shapes has {} entries for {} dense_defaults",
            dense_shapes.len(),
            dense_defaults.len()
        )));
    }
    let mut inputs = vec![
        (
            to_operand(st, vm, &required(&bound.serialized))?,
            "serialized",
            false,
        ),
        (to_operand(st, vm, &required(&bound.names))?, "names", false),
        (
            to_operand(st, vm, &required(&bound.sparse_keys))?,
            "sparse_keys",
            false,
        ),
        (
            to_operand(st, vm, &required(&bound.dense_keys))?,
            "dense_keys",
            false,
        ),
        (
            to_operand(st, vm, &required(&bound.ragged_keys))?,
            "ragged_keys",
            false,
        ),
    ];
    let sparse_count = sparse_types.len();
    let dense_count = dense_defaults.len();
    inputs.extend(
        dense_defaults
            .into_iter()
            .map(|operand| (operand, "dense_defaults", false)),
    );
    let handles = st.tf(vm, |ctx| {
        ctx.array_op_outputs(
            ParseExampleV2::kind(sparse_types, dense_shapes),
            "ParseExampleV2",
            name.as_deref(),
            inputs,
        )
    })?;
    let mut wrapped = Vec::with_capacity(handles.len());
    for handle in handles {
        wrapped.push(wrap(st, vm, handle)?);
    }
    let mut groups = Vec::new();
    let mut rest = wrapped.into_iter();
    for count in [sparse_count, sparse_count, sparse_count, dense_count] {
        groups.push(Value::list(rest.by_ref().take(count).collect()));
    }
    groups.push(Value::list(Vec::new()));
    groups.push(Value::list(Vec::new()));
    Ok(Value::tuple(groups))
}
