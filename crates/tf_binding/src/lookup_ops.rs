//! `tf.raw_ops` for lookup tables (`HashTableV2`, `LookupTableFindV2`, ...): the ops
//! `tf.lookup`'s tables (Python, on the library layer) run, eagerly and in graphs.

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::array_ops::required;
use crate::convert::{name_arg, to_dtype};
use crate::St;
use runtime::op_defs::{TableAction, TableOp};

/// The keyword-only rule of `tf.raw_ops`.
pub(crate) fn keywords_only(vm: &Vm<'_>, args: &Args<'_>, op: &str, keys: &str) -> PyResult<()> {
    if args.positional.is_empty() {
        return Ok(());
    }
    Err(vm.type_error(format!(
        "{op} only takes keyword args (possible keys: [{keys}]). Please pass these args as \
         kwargs instead."
    )))
}

fn text(vm: &mut Vm<'_>, value: &Option<Value>) -> PyResult<String> {
    match value {
        None | Some(Value::None) => Ok(String::new()),
        Some(value) => vm.str(value),
    }
}

fn create(st: &St, vm: &mut Vm<'_>, args: Args<'_>, mutable: bool) -> PyResult {
    let op = if mutable {
        "MutableHashTableV2"
    } else {
        "HashTableV2"
    };
    keywords_only(
        vm,
        &args,
        op,
        "'key_dtype', 'value_dtype', 'container', 'shared_name', \
         'use_node_name_sharing', 'name'",
    )?;
    let bound = bind!(
        vm,
        op,
        &args,
        0,
        [
            key_dtype,
            value_dtype,
            container,
            shared_name,
            use_node_name_sharing,
            value_shape,
            name
        ]
    )?;
    let action = TableAction::Create {
        key_dtype: to_dtype(vm, &required(&bound.key_dtype))?,
        value_dtype: to_dtype(vm, &required(&bound.value_dtype))?,
        mutable,
        shared_name: text(vm, &bound.shared_name)?,
    };
    let name = name_arg(vm, &bound.name)?;
    crate::array_ops::run_raw_op(st, vm, TableOp::kind(action), op, name, Vec::new())
}

/// `tf.raw_ops.HashTableV2(key_dtype, value_dtype, container='', shared_name='',
/// use_node_name_sharing=False, name=None)`: a static table's handle.
pub fn hash_table_v2(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    create(st, vm, args, false)
}

/// `tf.raw_ops.MutableHashTableV2(key_dtype, value_dtype, ...)`: a mutable table's handle.
pub fn mutable_hash_table_v2(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    create(st, vm, args, true)
}

/// A table op over `table_handle` and the inputs `names`.
fn table_call(
    st: &St,
    vm: &mut Vm<'_>,
    args: Args<'_>,
    op: &'static str,
    action: TableAction,
    names: &[&'static str],
) -> PyResult {
    let keys: Vec<String> = std::iter::once("table_handle")
        .chain(names.iter().copied())
        .chain(std::iter::once("name"))
        .map(|key| format!("'{key}'"))
        .collect();
    keywords_only(vm, &args, op, &keys.join(", "))?;
    let bound = bind!(
        vm,
        op,
        &args,
        0,
        [table_handle, keys, values, default_value, name]
    )?;
    let name = name_arg(vm, &bound.name)?;
    let mut inputs = vec![("table_handle", required(&bound.table_handle))];
    for input in names {
        let value = match *input {
            "keys" => &bound.keys,
            "values" => &bound.values,
            _ => &bound.default_value,
        };
        inputs.push((input, required(value)));
    }
    crate::array_ops::run_raw_op(st, vm, TableOp::kind(action), op, name, inputs)
}

/// `tf.raw_ops.LookupTableImportV2(table_handle, keys, values)`.
pub fn import_v2(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let op = "LookupTableImportV2";
    table_call(st, vm, args, op, TableAction::Import, &["keys", "values"])
}

/// `tf.raw_ops.LookupTableInsertV2(table_handle, keys, values)`.
pub fn insert_v2(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let op = "LookupTableInsertV2";
    table_call(st, vm, args, op, TableAction::Insert, &["keys", "values"])
}

/// `tf.raw_ops.LookupTableRemoveV2(table_handle, keys)`.
pub fn remove_v2(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let op = "LookupTableRemoveV2";
    table_call(st, vm, args, op, TableAction::Remove, &["keys"])
}

/// `tf.raw_ops.LookupTableFindV2(table_handle, keys, default_value)`.
pub fn find_v2(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let op = "LookupTableFindV2";
    table_call(
        st,
        vm,
        args,
        op,
        TableAction::Find,
        &["keys", "default_value"],
    )
}

/// `tf.raw_ops.LookupTableSizeV2(table_handle)`: an int64 scalar.
pub fn size_v2(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    table_call(st, vm, args, "LookupTableSizeV2", TableAction::Size, &[])
}

/// `tf.raw_ops.LookupTableExportV2(table_handle, Tkeys, Tvalues)`: keys and values.
pub fn export_v2(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "LookupTableExportV2",
        &args,
        0,
        [
            table_handle,
            key_types = "Tkeys",
            value_types = "Tvalues",
            name
        ]
    )?;
    keywords_only(
        vm,
        &args,
        "LookupTableExportV2",
        "'table_handle', 'Tkeys', 'Tvalues', 'name'",
    )?;
    let action = TableAction::Export {
        key_dtype: to_dtype(vm, &required(&bound.key_types))?,
        value_dtype: to_dtype(vm, &required(&bound.value_types))?,
    };
    let name = name_arg(vm, &bound.name)?;
    let inputs = vec![("table_handle", required(&bound.table_handle))];
    crate::array_ops::run_raw_op(
        st,
        vm,
        TableOp::kind(action),
        "LookupTableExportV2",
        name,
        inputs,
    )
}
