//! The lookup-table ops behind `tf.lookup` (and Keras's `StringLookup`, `IntegerLookup`
//! and `TextVectorization`): `HashTableV2` and `MutableHashTableV2` make a table resource;
//! `LookupTableImportV2`, `InsertV2` and `RemoveV2` write it; `FindV2`, `SizeV2` and
//! `ExportV2` read it. TensorFlow registers CPU kernels only, so a table and its lookups
//! stay on the host on any machine, and XLA has none.

use super::{ControlDeps, Op, OpDef};
use crate::error::{TfError, TfResult};
use crate::lookup_table::LookupTable;
use crate::op::{InputFact, KernelFailure, OpKind, OutputFact, Value, ValueType};
use crate::op_defs::op::{dense_inputs, KernelEnv};
use placer::kernels::Kernels;
use report::OpClass;
use tensor::{DType, OpError, TensorShape};

const fn table_op(name: &'static str) -> OpDef {
    OpDef::compute(name)
        .kernels(Kernels::CPU)
        .class(OpClass::Free)
        .stateful()
}

pub(super) const OPS: &[OpDef] = &[
    table_op("HashTableV2").control(ControlDeps::OrderInsensitive),
    table_op("MutableHashTableV2").control(ControlDeps::OrderInsensitive),
    table_op("LookupTableImportV2"),
    table_op("LookupTableInsertV2"),
    table_op("LookupTableRemoveV2"),
    table_op("LookupTableFindV2").control(ControlDeps::ResourceRead),
    table_op("LookupTableSizeV2").control(ControlDeps::ResourceRead),
    table_op("LookupTableExportV2").control(ControlDeps::ResourceRead),
];

/// What a table op does.
#[derive(Clone, Debug, PartialEq)]
pub enum TableAction {
    /// `HashTableV2` (static) or `MutableHashTableV2`: a new table of these dtypes.
    Create {
        /// The key dtype.
        key_dtype: DType,
        /// The value dtype.
        value_dtype: DType,
        /// Whether inserts and removals are allowed.
        mutable: bool,
        /// The resource's name (`shared_name`).
        shared_name: String,
    },
    /// `LookupTableImportV2(table, keys, values)`.
    Import,
    /// `LookupTableInsertV2(table, keys, values)`.
    Insert,
    /// `LookupTableRemoveV2(table, keys)`.
    Remove,
    /// `LookupTableFindV2(table, keys, default_value)`.
    Find,
    /// `LookupTableSizeV2(table)`.
    Size,
    /// `LookupTableExportV2(table)`, with the table's dtypes (`Tkeys`, `Tvalues`).
    Export {
        /// The key dtype.
        key_dtype: DType,
        /// The value dtype.
        value_dtype: DType,
    },
}

/// One lookup-table op.
#[derive(Clone, Debug, PartialEq)]
pub struct TableOp(pub TableAction);

impl TableOp {
    /// Wraps the op for `OpKind`.
    pub fn kind(action: TableAction) -> OpKind {
        OpKind::new(TableOp(action))
    }

    fn name(&self) -> &'static str {
        match &self.0 {
            TableAction::Create { mutable: false, .. } => "HashTableV2",
            TableAction::Create { mutable: true, .. } => "MutableHashTableV2",
            TableAction::Import => "LookupTableImportV2",
            TableAction::Insert => "LookupTableInsertV2",
            TableAction::Remove => "LookupTableRemoveV2",
            TableAction::Find => "LookupTableFindV2",
            TableAction::Size => "LookupTableSizeV2",
            TableAction::Export { .. } => "LookupTableExportV2",
        }
    }

    /// A table's error as its kernel raises it (eagerly: `[Op:LookupTableFindV2] name: `).
    fn kernel_error(&self, error: OpError) -> KernelFailure {
        KernelFailure::Op(OpError::kernel_of(
            error.class,
            self.name(),
            Some(""),
            error.message,
        ))
    }
}

fn internal(message: String) -> KernelFailure {
    KernelFailure::Status(TfError::internal(message))
}

fn outputs(facts: &[(DType, TensorShape)]) -> Vec<OutputFact> {
    facts
        .iter()
        .map(|(dtype, shape)| OutputFact {
            value_type: ValueType::Dense(*dtype),
            shape: shape.clone(),
        })
        .collect()
}

impl Op for TableOp {
    fn def(&self) -> &'static OpDef {
        super::family_def(self.name())
    }

    fn output_count(&self) -> usize {
        match self.0 {
            TableAction::Create { .. } | TableAction::Find | TableAction::Size => 1,
            TableAction::Export { .. } => 2,
            TableAction::Import | TableAction::Insert | TableAction::Remove => 0,
        }
    }

    fn type_attr(&self, _inputs: &[ValueType]) -> Option<DType> {
        None
    }

    fn uses_resource(&self) -> bool {
        !matches!(self.0, TableAction::Create { .. })
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let scalar = TensorShape::new(Vec::new());
        Ok(match &self.0 {
            TableAction::Create { .. } => vec![OutputFact {
                value_type: ValueType::Resource,
                shape: scalar,
            }],
            TableAction::Find => {
                let (Some(keys), Some(default)) = (inputs.get(1), inputs.get(2)) else {
                    return Err(TfError::internal(
                        "LookupTableFindV2 takes a table, keys and a default value",
                    ));
                };
                let ValueType::Dense(dtype) = default.value_type else {
                    return Err(TfError::internal("a table's default value is a tensor"));
                };
                outputs(&[(dtype, keys.shape.clone())])
            }
            TableAction::Size => outputs(&[(DType::Int64, scalar)]),
            TableAction::Export {
                key_dtype,
                value_dtype,
            } => {
                let vector = TensorShape::new(vec![None]);
                outputs(&[(*key_dtype, vector.clone()), (*value_dtype, vector)])
            }
            TableAction::Import | TableAction::Insert | TableAction::Remove => Vec::new(),
        })
    }

    fn run(&self, inputs: &[Value], env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        let name = self.name();
        if let TableAction::Create {
            key_dtype,
            value_dtype,
            mutable,
            shared_name,
        } = &self.0
        {
            let table = LookupTable::new(*key_dtype, *value_dtype, *mutable);
            let id = env.resources.create_table(shared_name, table);
            return Ok(vec![Value::Resource(id)]);
        }
        let (id, rest) = match inputs.split_first() {
            Some((Value::Resource(id), rest)) => (*id, rest),
            _ => {
                return Err(internal(format!(
                    "{name} expects a table handle as input #0"
                )))
            }
        };
        let tensors = dense_inputs(rest, name)?;
        let table = env.resources.table_mut(id)?;
        let done = |result: Result<(), OpError>| {
            result
                .map(|()| Vec::new())
                .map_err(|error| self.kernel_error(error))
        };
        match (&self.0, &tensors[..]) {
            (TableAction::Import, [keys, values]) => done(table.import(keys, values)),
            (TableAction::Insert, [keys, values]) => done(table.insert(keys, values)),
            (TableAction::Remove, [keys]) => done(table.remove(keys)),
            (TableAction::Find, [keys, default]) => table
                .find(keys, default)
                .map(|found| vec![Value::Dense(found)])
                .map_err(|error| self.kernel_error(error)),
            (TableAction::Size, []) => Ok(vec![Value::Dense(tensor::Tensor::scalar(
                table.size() as i64
            ))]),
            (TableAction::Export { .. }, []) => {
                let (keys, values) = table.export().map_err(|error| self.kernel_error(error))?;
                Ok(vec![Value::Dense(keys), Value::Dense(values)])
            }
            _ => Err(internal(format!("{name} got {} inputs", inputs.len()))),
        }
    }

    fn not_differentiable(&self) -> bool {
        true
    }
}
