//! Ops as the runtime runs them: [`OpKind`] (type + attrs), the values that flow between
//! them ([`Value`]), variable state ([`ResourceStore`]), the kernel dispatch ([`compute`])
//! and static shape/dtype inference for graph mode ([`infer`]).
//!
//! Eager execution, Session execution and function calls all go through [`compute`], so an
//! op behaves the same in every mode. Inputs follow TensorFlow's op definitions: reduction
//! axes, reshape targets and fill dimensions are *input tensors*, not attrs, because graph
//! mode creates them as `Const` nodes (`Reshape/shape`, `Mean/reduction_indices`).

use std::collections::HashMap;
use std::fmt;

use crate::op_defs::op::{DefinedOp, KernelEnv};
use crate::op_defs::Op;

use crate::error::{ExceptionClass, TfError};
use crate::machine::Machine;
use placer::kernels::DataType;
use tensor::ops::{self};
use tensor::random::{self, Philox};
use tensor::{DType, OpError, Shape, Tensor, TensorShape};

/// An op type with its attrs: one op definition ([`crate::op_defs`]), which answers
/// everything about the op through [`Op`].
#[derive(Clone, PartialEq)]
pub struct OpKind(DefinedOp);

impl fmt::Debug for OpKind {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(formatter)
    }
}

impl OpKind {
    /// The kind of `op`.
    pub fn new(op: impl Op + 'static) -> OpKind {
        OpKind(DefinedOp::new(op))
    }

    /// The op's definition and behaviour.
    pub fn op(&self) -> &dyn Op {
        self.0.op()
    }

    /// The value a `Const` holds.
    pub fn constant_value(&self) -> Option<&Tensor> {
        self.op().constant_value()
    }

    /// What XLA's constant evaluation knows of the op's output when it compiles.
    pub fn compile_time_value(&self) -> crate::op_defs::op::CompileTimeValue {
        self.op().compile_time_value()
    }

    /// How a variable op appears in the eager placement log.
    pub fn variable_log(&self) -> Option<crate::op_defs::op::VariableLog> {
        self.op().variable_log()
    }

    /// The op as its defined type `T`, if it is one.
    pub fn downcast<T: Op + 'static>(&self) -> Option<&T> {
        self.op().as_any().downcast_ref::<T>()
    }

    /// Whether TensorFlow's op definition marks this kind stateful (the resource variable
    /// ops and the stateful random ops): it must run even when nothing uses its output
    /// (`auto_control_deps`), and XLA cannot fold it into a constant (`distribute::tpu`).
    pub fn is_stateful(&self) -> bool {
        self.op().def().stateful
    }

    /// TensorFlow's op type name.
    pub fn op_type(&self) -> &'static str {
        self.op().def().name
    }

    /// The dtype kernels are constrained on (`T`, or `dtype` for generators), given the
    /// input types; `None` when the op has no such attr.
    pub fn type_attr(&self, inputs: &[ValueType]) -> Option<DType> {
        self.op().type_attr(inputs)
    }

    /// How many outputs the op has.
    pub fn output_count(&self) -> usize {
        self.op().output_count()
    }

    /// True for ops whose first input is a variable handle that they read or write.
    pub fn uses_resource(&self) -> bool {
        self.op().uses_resource()
    }
}

/// The type of a value: a dense tensor of a dtype, or a resource handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueType {
    /// A tensor.
    Dense(DType),
    /// A `DT_RESOURCE` handle (a variable).
    Resource,
    /// A TF1 reference (`float32_ref`, what `VariableV2` outputs).
    Ref(DType),
}

impl ValueType {
    /// The placer's and kernel registry's view of the type.
    pub fn data_type(self) -> DataType {
        match self {
            ValueType::Resource => DataType::Resource,
            ValueType::Dense(dtype) | ValueType::Ref(dtype) => data_type(dtype),
        }
    }

    /// The dtype's Python name (`float32`, `resource`), for reports.
    pub fn name(self) -> &'static str {
        match self {
            ValueType::Resource => "resource",
            ValueType::Dense(dtype) | ValueType::Ref(dtype) => dtype.name(),
        }
    }
}

/// The kernel registry's `DT_*` for a tensor dtype.
pub fn data_type(dtype: DType) -> DataType {
    match dtype {
        DType::Float16 => DataType::Half,
        DType::BFloat16 => DataType::BFloat16,
        DType::Float32 => DataType::Float,
        DType::Float64 => DataType::Double,
        DType::Int8 => DataType::Int8,
        DType::Int16 => DataType::Int16,
        DType::Int32 => DataType::Int32,
        DType::Int64 => DataType::Int64,
        DType::UInt8 => DataType::UInt8,
        DType::UInt16 => DataType::UInt16,
        DType::UInt32 => DataType::UInt32,
        DType::UInt64 => DataType::UInt64,
        DType::Complex64 => DataType::Complex64,
        DType::Complex128 => DataType::Complex128,
        DType::Bool => DataType::Bool,
        DType::String => DataType::String,
    }
}

/// Index of a variable's state in a [`ResourceStore`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResourceId(pub u32);

/// A value flowing between ops.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A tensor.
    Dense(Tensor),
    /// A variable handle.
    Resource(ResourceId),
    /// A TF1 reference to a variable's state, and its dtype.
    Ref(ResourceId, DType),
    /// A tensor whose numbers were not computed (values on demand): its op was over the
    /// run's work budget, or an input was itself not computed. Its dtype and shape are
    /// exact, so placement, transfers, memory and timing go on as for any tensor.
    Uncomputed(Uncomputed),
}

/// The dtype and shape of a tensor that was not computed, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Uncomputed {
    /// Its dtype.
    pub dtype: DType,
    /// Its shape.
    pub shape: Shape,
    /// Why it was not computed: the budget message of the op that was over it.
    pub why: std::rc::Rc<str>,
}

impl Uncomputed {
    /// The error observing it raises (its numbers printed, converted, or deciding Python
    /// control flow).
    pub fn observed_error(&self) -> TfError {
        TfError::new(
            ExceptionClass::ResourceExhausted,
            format!(
                "This value was not computed: {}. The run goes on as a simulation (placement, \
                 transfers, memory and timing are exact), but its numbers cannot be used.",
                self.why
            ),
        )
    }
}

impl Value {
    /// The value's type.
    pub fn value_type(&self) -> ValueType {
        match self {
            Value::Dense(tensor) => ValueType::Dense(tensor.dtype()),
            Value::Resource(_) => ValueType::Resource,
            Value::Ref(_, dtype) => ValueType::Ref(*dtype),
            Value::Uncomputed(value) => ValueType::Dense(value.dtype),
        }
    }

    /// The tensor, if this is one whose numbers were computed.
    pub fn tensor(&self) -> Option<&Tensor> {
        match self {
            Value::Dense(tensor) => Some(tensor),
            Value::Resource(_) | Value::Ref(..) | Value::Uncomputed(_) => None,
        }
    }

    /// The tensor's shape, computed or not (`None` for a handle).
    pub fn shape(&self) -> Option<&Shape> {
        match self {
            Value::Dense(tensor) => Some(tensor.shape()),
            Value::Uncomputed(value) => Some(&value.shape),
            Value::Resource(_) | Value::Ref(..) => None,
        }
    }

    /// What is known of a tensor that was not computed.
    pub fn uncomputed(&self) -> Option<&Uncomputed> {
        match self {
            Value::Uncomputed(value) => Some(value),
            _ => None,
        }
    }

    /// Bytes a copy of this value moves between devices (handles are 0: they stay).
    pub fn size_in_bytes(&self) -> u64 {
        match self {
            Value::Dense(tensor) => ops::cost::tensor_bytes(tensor.dtype(), tensor.shape()),
            Value::Uncomputed(value) => ops::cost::tensor_bytes(value.dtype, &value.shape),
            Value::Resource(_) | Value::Ref(..) => 0,
        }
    }
}

/// One variable's state.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceSlot {
    /// The resource name (`Variable`, or an anonymous eager name).
    pub name: String,
    /// The declared dtype.
    pub dtype: DType,
    /// The value, once assigned (a tensor, computed or not).
    pub value: Option<Value>,
}

/// Variable state: the eager context's, or one Session's (TF1 variables live per Session),
/// and the state of the stateful random kernels that run there.
#[derive(Clone, Debug, Default)]
pub struct ResourceStore {
    slots: Vec<ResourceSlot>,
    by_name: HashMap<String, ResourceId>,
    /// Each random kernel's Philox generator, kept between calls as TensorFlow's kernel
    /// objects keep theirs.
    random_kernels: HashMap<String, Philox>,
    /// What `PrintV2` kernels wrote, in order, until the binding writes it out.
    printed: Vec<(PrintStream, String)>,
    /// The lookup tables, by their resource's slot.
    tables: HashMap<ResourceId, crate::lookup_table::LookupTable>,
}

/// The stream a `PrintV2` op writes to (its `output_stream` attr).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrintStream {
    /// `sys.stdout`.
    Stdout,
    /// `sys.stderr`, `tf.print`'s default.
    Stderr,
}

impl ResourceStore {
    /// Appends text `PrintV2` kernels wrote elsewhere (a `Session`'s store), to be taken
    /// with this store's.
    pub fn extend_printed(&mut self, printed: Vec<(PrintStream, String)>) {
        self.printed.extend(printed);
    }

    /// Keeps what a `PrintV2` kernel wrote to `stream`.
    pub fn print(&mut self, stream: PrintStream, text: String) {
        self.printed.push((stream, text));
    }

    /// Takes what `PrintV2` kernels wrote since the last call.
    pub fn take_printed(&mut self) -> Vec<(PrintStream, String)> {
        std::mem::take(&mut self.printed)
    }

    /// The slot called `name`, created uninitialised on first use (`VarHandleOp` with a
    /// `shared_name`).
    pub fn lookup_or_create(&mut self, name: &str, dtype: DType) -> ResourceId {
        if let Some(id) = self.by_name.get(name) {
            return *id;
        }
        let id = ResourceId(self.slots.len() as u32);
        self.slots.push(ResourceSlot {
            name: name.to_string(),
            dtype,
            value: None,
        });
        self.by_name.insert(name.to_string(), id);
        id
    }

    /// A new lookup table's resource, named `shared_name` (a fresh name when empty).
    pub fn create_table(
        &mut self,
        shared_name: &str,
        table: crate::lookup_table::LookupTable,
    ) -> ResourceId {
        let name = if shared_name.is_empty() {
            format!("table_{}", self.slots.len())
        } else {
            shared_name.to_string()
        };
        let id = self.lookup_or_create(&name, table.key_dtype());
        self.tables.insert(id, table);
        id
    }

    /// The table behind a handle.
    pub fn table_mut(
        &mut self,
        id: ResourceId,
    ) -> Result<&mut crate::lookup_table::LookupTable, KernelFailure> {
        self.tables
            .get_mut(&id)
            .ok_or_else(|| KernelFailure::Status(TfError::internal("unknown table handle")))
    }

    /// A slot.
    pub fn slot(&self, id: ResourceId) -> Option<&ResourceSlot> {
        self.slots.get(id.0 as usize)
    }

    pub(crate) fn slot_mut(&mut self, id: ResourceId) -> Result<&mut ResourceSlot, KernelFailure> {
        self.slots
            .get_mut(id.0 as usize)
            .ok_or_else(|| KernelFailure::Status(TfError::internal("unknown resource handle")))
    }

    /// The generator for one call of a random kernel producing `count` values: the kernel's
    /// state, which then moves past the samples TensorFlow reserves for the call.
    pub fn reserve_random(
        &mut self,
        site: &KernelSite<'_>,
        op_type: &str,
        dtype: DType,
        seeds: [i64; 2],
        count: u64,
    ) -> Philox {
        self.reserve_random_blocks(site, op_type, dtype, seeds, random::reserved_samples(count))
    }

    /// The generator for one call of a random kernel that reserves `blocks` 128-bit samples
    /// itself (`RandomShuffle`'s `ReserveSamples32`).
    pub fn reserve_random_blocks(
        &mut self,
        site: &KernelSite<'_>,
        op_type: &str,
        dtype: DType,
        seeds: [i64; 2],
        blocks: u64,
    ) -> Philox {
        let key = match site.node {
            Some(("", node)) => node.to_string(),
            Some((function, node)) => format!("{function}/{node}"),
            None => format!("{}:{}:{}:{}", op_type, dtype.name(), seeds[0], seeds[1]),
        };
        let generator = self
            .random_kernels
            .entry(key)
            .or_insert_with(|| ops::generator_for(seeds));
        let reserved = *generator;
        generator.skip(blocks);
        reserved
    }

    /// `tf.random.set_seed` clears the eager kernel cache, and with it every random
    /// kernel's state.
    pub fn reset_random_kernels(&mut self) {
        self.random_kernels.clear();
    }

    /// True when no variable was ever created here (TensorFlow then says the container
    /// does not exist).
    pub fn is_empty(&self) -> bool {
        self.slots.iter().all(|slot| slot.value.is_none())
    }
}

/// Why a kernel failed: a kernel error (eager mode wraps it with `[Op:X]`) or an error that
/// already has its final class and message.
#[derive(Clone, Debug, PartialEq)]
pub enum KernelFailure {
    /// From the tensor kernels.
    Op(OpError),
    /// Complete (uninitialised variables, missing feeds).
    Status(TfError),
}

impl From<OpError> for KernelFailure {
    fn from(error: OpError) -> KernelFailure {
        KernelFailure::Op(error)
    }
}

/// The message TensorFlow gives when a variable is read before it was assigned
/// (`FailedPreconditionError`, oracle text for a Session whose container is empty).
pub fn uninitialized_variable_message(name: &str) -> String {
    format!(
        "Could not find variable {name}. This could mean that the variable has been deleted. \
         In TF1, it can also mean the variable is uninitialized. Debug info: container=localhost, \
         status error message=Container localhost does not exist. (Could not find resource: \
         localhost/{name})"
    )
}

/// The message TensorFlow gives when a TF1 reference variable is used before it was
/// initialised.
pub fn uninitialized_ref_message(name: &str) -> String {
    format!("Attempting to use uninitialized value {name}")
}

/// The value behind a reference, or TensorFlow's uninitialised-value error.
pub fn deref(value: &Value, resources: &ResourceStore) -> Result<Value, KernelFailure> {
    let Value::Ref(id, _) = value else {
        return Ok(value.clone());
    };
    let slot = resources
        .slot(*id)
        .ok_or_else(|| KernelFailure::Status(TfError::internal("unknown reference")))?;
    match &slot.value {
        Some(value) => Ok(value.clone()),
        None => Err(KernelFailure::Status(TfError::new(
            ExceptionClass::FailedPrecondition,
            uninitialized_ref_message(&slot.name),
        ))),
    }
}

/// Runs one op's kernel on `inputs`, reading and writing variables in `resources`.
///
/// `Placeholder` is never computed: the Session substitutes its feed first.
pub fn compute(
    op: &OpKind,
    inputs: &[Value],
    resources: &mut ResourceStore,
) -> Result<Vec<Value>, KernelFailure> {
    compute_at(op, inputs, resources, KernelSite::default())
}

/// Where a kernel runs, for the kernels whose result depends on it: a random kernel keeps
/// one generator per graph node (eager ops with the same attributes share one, as
/// TensorFlow's eager kernel cache does), and a MatMul on a TPU core uses the MXU's
/// arithmetic.
#[derive(Clone, Copy, Debug, Default)]
pub struct KernelSite<'a> {
    /// The machine and the device's full name; `None` computes as the host CPU does (shape
    /// inference, tests).
    pub device: Option<(&'a Machine, &'a str)>,
    /// The graph node: its function's name (`""` in a Session's graph) and its own; `None`
    /// for an eager op.
    pub node: Option<(&'a str, &'a str)>,
}

impl KernelSite<'_> {
    pub(crate) fn matmul_arithmetic(&self) -> ops::MatMulArithmetic {
        self.device
            .map(|(machine, device)| machine.matmul_arithmetic(device))
            .unwrap_or_default()
    }
}

/// Budget units one kernel run costs besides its elements (see `meter::work`).
const KERNEL_WORK: u64 = 200;

/// [`compute`] on a device and graph node: see [`KernelSite`].
pub fn compute_at(
    op: &OpKind,
    inputs: &[Value],
    resources: &mut ResourceStore,
    site: KernelSite<'_>,
) -> Result<Vec<Value>, KernelFailure> {
    // Every kernel run, eager or in a graph's executor, is charged to the run's budget:
    // dispatching one costs about as much as this many interpreted instructions, on top of
    // the elements it fills (`tensor::limits`).
    meter::work::add(KERNEL_WORK);
    let op = op.op();
    if !op.takes_references() && inputs.iter().any(|input| matches!(input, Value::Ref(..))) {
        let values: Vec<Value> = inputs
            .iter()
            .map(|input| deref(input, resources))
            .collect::<Result<_, _>>()?;
        return run_on_demand(op, &values, &mut KernelEnv { resources, site });
    }
    run_on_demand(op, inputs, &mut KernelEnv { resources, site })
}

/// The kernel itself on computed `inputs`, without values on demand: a budget refusal is
/// its error. For shape inference running a kernel on stand-ins, which must not ask shape
/// inference back for the shapes of outputs it could not compute.
pub(crate) fn compute_values(
    op: &OpKind,
    inputs: &[Value],
    resources: &mut ResourceStore,
) -> Result<Vec<Value>, KernelFailure> {
    meter::work::add(KERNEL_WORK);
    op.op().run(
        inputs,
        &mut KernelEnv {
            resources,
            site: KernelSite::default(),
        },
    )
}

/// Values on demand: the kernel runs when every input was computed and its work is within
/// the run's budget; otherwise its outputs are [`Value::Uncomputed`], their dtypes and
/// shapes from the op's shape function (which never needs values). Ops that only move a
/// value along (`Identity`) or store it take an uncomputed one as it is.
fn run_on_demand(
    op: &dyn Op,
    inputs: &[Value],
    env: &mut KernelEnv<'_>,
) -> Result<Vec<Value>, KernelFailure> {
    let why = inputs
        .iter()
        .find_map(Value::uncomputed)
        .map(|value| value.why.clone());
    let why = match why {
        Some(why) if !op.accepts_uncomputed() => why,
        _ => match memory_pressure(op, inputs) {
            Some(why) => why,
            None => match op.run(inputs, env) {
                Err(KernelFailure::Op(error)) if error.is_budget() => error.message.into(),
                result => return result,
            },
        },
    };
    uncomputed_outputs(op, inputs, &why)
}

/// The most elements of a value shape inference runs a kernel on to learn an output's
/// shape (`run_on_stand_ins`); past it only the value's shape is used.
pub(crate) const STAND_IN_ELEMENTS: usize = 1 << 16;

/// Why `op` is not computed under memory pressure ([`tensor::limits::memory_pressure`]),
/// judged by its outputs' sizes from its shape function.
fn memory_pressure(op: &dyn Op, inputs: &[Value]) -> Option<std::rc::Rc<str>> {
    let (used, cap) = (meter::memory::used(), meter::memory::cap());
    if cap == usize::MAX || used < cap / 2 || op.accepts_uncomputed() {
        // Below half the cap the shape function is not asked: a kernel's own memory check
        // still refuses an output that would pass the cap.
        return None;
    }
    let shapes = value_shapes(inputs.iter());
    let mut facts = value_facts(inputs.iter(), &shapes);
    // A shape function that runs the kernel on its inputs (`run_on_stand_ins`) must not
    // compute a large value twice just to learn its output's size: large inputs are seen
    // by their shapes only, as a graph sees them.
    for fact in &mut facts {
        if fact
            .constant
            .is_some_and(|tensor| tensor.num_elements() > STAND_IN_ELEMENTS)
        {
            fact.constant = None;
        }
    }
    let outputs = op.infer(&facts).ok()?;
    let mut bytes = 0u64;
    let mut elements = 0u64;
    for fact in &outputs {
        let (ValueType::Dense(dtype), Some(shape)) = (fact.value_type, fact.shape.to_shape())
        else {
            return None;
        };
        elements = elements.saturating_add(shape.num_elements().unwrap_or(0) as u64);
        bytes = bytes.saturating_add(ops::cost::tensor_bytes(dtype, &shape));
    }
    tensor::limits::memory_pressure(elements, bytes).map(Into::into)
}

/// The outputs of `op` on `inputs`, not computed: their dtypes and shapes from its shape
/// function. An output whose shape depends on the input's numbers (`tf.unique`,
/// `tf.where`) cannot be known, which is the error.
fn uncomputed_outputs(
    op: &dyn Op,
    inputs: &[Value],
    why: &std::rc::Rc<str>,
) -> Result<Vec<Value>, KernelFailure> {
    let shapes = value_shapes(inputs.iter());
    let facts = value_facts(inputs.iter(), &shapes);
    let outputs = op.infer(&facts).map_err(KernelFailure::Status)?;
    outputs
        .into_iter()
        .map(|fact| {
            let (ValueType::Dense(dtype), Some(shape)) = (fact.value_type, fact.shape.to_shape())
            else {
                return Err(KernelFailure::Status(TfError::new(
                    ExceptionClass::ResourceExhausted,
                    format!(
                        "{why}; {} needs its inputs' values to know its output's shape, so it \
                         cannot go on without them",
                        op.def().name
                    ),
                )));
            };
            Ok(Value::Uncomputed(Uncomputed {
                dtype,
                shape,
                why: why.clone(),
            }))
        })
        .collect()
}

/// The exact shape of each value at hand (a handle's is a scalar's), for [`value_facts`].
pub(crate) fn value_shapes<'a>(values: impl Iterator<Item = &'a Value>) -> Vec<TensorShape> {
    values
        .map(|value| {
            value
                .shape()
                .map_or_else(|| TensorShape::new(Vec::new()), TensorShape::from)
        })
        .collect()
}

/// What inference knows of values at hand: their types, their exact `shapes`
/// ([`value_shapes`]), and each computed tensor as a constant.
pub(crate) fn value_facts<'a>(
    values: impl Iterator<Item = &'a Value>,
    shapes: &'a [TensorShape],
) -> Vec<InputFact<'a>> {
    values
        .zip(shapes)
        .map(|(value, shape)| InputFact {
            value_type: value.value_type(),
            shape,
            constant: value.tensor(),
            shape_value: None,
        })
        .collect()
}

/// A graph input as inference sees it: its type, static shape and, for `Const`s, value.
#[derive(Clone, Copy, Debug)]
pub struct InputFact<'a> {
    /// Its type.
    pub value_type: ValueType,
    /// Its static shape.
    pub shape: &'a TensorShape,
    /// Its value when it comes straight from a `Const`.
    pub constant: Option<&'a Tensor>,
    /// For a shape-like input, its value as far as shape inference can evaluate it
    /// (`constant_value_as_shape`): one entry per element, `None` where unknown or `-1`.
    pub shape_value: Option<&'a [Option<i64>]>,
}

/// The type and static shape of one output.
#[derive(Clone, Debug, PartialEq)]
pub struct OutputFact {
    /// Its type.
    pub value_type: ValueType,
    /// Its static shape.
    pub shape: TensorShape,
}

/// Static output types and shapes of `op` in graph mode, with the build-time checks
/// TensorFlow's Python layer makes (dtype agreement of `T` inputs).
pub fn infer(op: &OpKind, inputs: &[InputFact<'_>]) -> Result<Vec<OutputFact>, TfError> {
    let op = op.op();
    if !op.takes_references()
        && inputs
            .iter()
            .any(|fact| matches!(fact.value_type, ValueType::Ref(_)))
    {
        let dereffed: Vec<InputFact<'_>> = inputs
            .iter()
            .map(|fact| InputFact {
                value_type: match fact.value_type {
                    ValueType::Ref(dtype) => ValueType::Dense(dtype),
                    other => other,
                },
                ..*fact
            })
            .collect();
        return op.infer(&dereffed);
    }
    op.infer(inputs)
}

/// A shape-like input's entries as shape inference knows them (`None`: unknown, or `-1`):
/// from its evaluated value, from a `Const`, or, for a 1-D tensor of known length, that
/// many unknown entries.
pub(crate) fn shape_entries(fact: &InputFact<'_>) -> Option<Vec<Option<i64>>> {
    if let Some(values) = fact.shape_value {
        return Some(values.to_vec());
    }
    if let Some(values) = fact.constant.and_then(Tensor::to_i64_vec) {
        return Some(
            values
                .into_iter()
                .map(|value| (value >= 0).then_some(value))
                .collect(),
        );
    }
    match fact.shape.dims() {
        Some([Some(length)]) => Some(vec![None; *length]),
        _ => None,
    }
}

pub(crate) fn shape_from_entries(dims: Option<Vec<Option<i64>>>) -> TensorShape {
    match dims {
        Some(dims) => TensorShape::new(
            dims.into_iter()
                .map(|dim| dim.and_then(|dim| usize::try_from(dim).ok()))
                .collect(),
        ),
        None => TensorShape::unknown(),
    }
}

/// Broadcasting with unknown dimensions: an unknown side gives an unknown result dimension
/// unless the other side is known and not 1.
pub(crate) fn broadcast_static(lhs: &TensorShape, rhs: &TensorShape) -> TensorShape {
    let (Some(lhs), Some(rhs)) = (lhs.dims(), rhs.dims()) else {
        return TensorShape::unknown();
    };
    let rank = lhs.len().max(rhs.len());
    let pick = |dims: &[Option<usize>], index: usize| {
        let offset = rank - dims.len();
        if index < offset {
            Some(1)
        } else {
            dims[index - offset]
        }
    };
    let dims = (0..rank)
        .map(|index| match (pick(lhs, index), pick(rhs, index)) {
            (Some(1), other) | (other, Some(1)) => other,
            (Some(a), Some(_)) => Some(a),
            (Some(a), None) | (None, Some(a)) => Some(a),
            (None, None) => None,
        })
        .collect();
    TensorShape::new(dims)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tensor::ops::BinaryOp;

    #[test]
    fn variables_fail_before_assignment_and_accumulate_after() {
        let mut store = ResourceStore::default();
        let handle = crate::op_defs::VarHandleOp::kind(
            DType::Int32,
            TensorShape::new(Vec::new()),
            "Variable".into(),
        );
        let outputs = compute(&handle, &[], &mut store).unwrap();
        let read = crate::op_defs::ReadVariableOp::kind(DType::Int32);
        let Err(KernelFailure::Status(error)) = compute(&read, &outputs, &mut store) else {
            panic!("reading an unassigned variable must fail");
        };
        assert_eq!(error.class, ExceptionClass::FailedPrecondition);
        assert!(error
            .message
            .starts_with("Could not find variable Variable."));
        let assign_inputs = [outputs[0].clone(), Value::Dense(Tensor::scalar(1i32))];
        compute(
            &crate::op_defs::AssignVariable::kind(crate::op_defs::Update::Set),
            &assign_inputs,
            &mut store,
        )
        .unwrap();
        compute(
            &crate::op_defs::AssignVariable::kind(crate::op_defs::Update::Add),
            &assign_inputs,
            &mut store,
        )
        .unwrap();
        let value = compute(&read, &outputs, &mut store).unwrap();
        assert_eq!(value, vec![Value::Dense(Tensor::scalar(2i32))]);
    }

    #[test]
    fn static_shapes_follow_broadcasting_and_constants() {
        let unknown_rows = TensorShape::new(vec![None, Some(2)]);
        let scalar = TensorShape::new(Vec::new());
        let fact = |shape| InputFact {
            value_type: ValueType::Dense(DType::Float32),
            shape,
            constant: None,
            shape_value: None,
        };
        let outputs = infer(
            &crate::op_defs::Binary::kind(BinaryOp::Mul),
            &[fact(&unknown_rows), fact(&scalar)],
        )
        .unwrap();
        assert_eq!(outputs[0].shape.to_string(), "(None, 2)");
        let axes = Tensor::scalar(1i32);
        let axes_shape = TensorShape::new(Vec::new());
        let reduce = crate::op_defs::Reduce::kind(tensor::ops::ReduceOp::Sum, false);
        let axes_fact = InputFact {
            value_type: ValueType::Dense(DType::Int32),
            shape: &axes_shape,
            constant: Some(&axes),
            shape_value: None,
        };
        let outputs = infer(&reduce, &[fact(&unknown_rows), axes_fact]).unwrap();
        assert_eq!(outputs[0].shape.to_string(), "(None,)");
    }

    #[test]
    fn graph_dtype_mismatch_is_a_type_error() {
        let scalar = TensorShape::new(Vec::new());
        let error = infer(
            &crate::op_defs::Binary::kind(BinaryOp::Add),
            &[
                InputFact {
                    value_type: ValueType::Dense(DType::Int32),
                    shape: &scalar,
                    constant: None,
                    shape_value: None,
                },
                InputFact {
                    value_type: ValueType::Dense(DType::Float32),
                    shape: &scalar,
                    constant: None,
                    shape_value: None,
                },
            ],
        )
        .unwrap_err();
        assert_eq!(error.class, ExceptionClass::TypeError);
    }
}
