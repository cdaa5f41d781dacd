//! Ops as the runtime runs them: [`OpKind`] (type + attrs), the values that flow between
//! them ([`Value`]), variable state ([`ResourceStore`]), the kernel dispatch ([`compute`])
//! and static shape/dtype inference for graph mode ([`infer`]).
//!
//! Eager execution, Session execution and function calls all go through [`compute`], so an
//! op behaves the same in every mode. Inputs follow TensorFlow's op definitions: reduction
//! axes, reshape targets and fill dimensions are *input tensors*, not attrs, because graph
//! mode creates them as `Const` nodes (`Reshape/shape`, `Mean/reduction_indices`).

use std::collections::HashMap;

use crate::error::{ExceptionClass, TfError};
use crate::machine::Machine;
use placer::kernels::DataType;
use tensor::format::summarize::summarize_value;
use tensor::ops::{self};
use tensor::random::{self, Philox};
use tensor::{DType, OpError, Shape, Tensor, TensorData, TensorShape};

/// An op type with its attrs.
#[derive(Clone, Debug, PartialEq)]
pub enum OpKind {
    /// `Const`: a value known when the op is built.
    Const(Tensor),
    /// `Placeholder`: a value fed at `Session.run`.
    Placeholder {
        /// Its dtype.
        dtype: DType,
        /// Its static shape (`[None, 2]`).
        shape: TensorShape,
    },
    /// `RandomStandardNormal`; input 0 is the shape.
    RandomStandardNormal {
        /// The output dtype.
        dtype: DType,
        /// The `seed` and `seed2` attributes (`random_seed.get_seed`; `[0, 0]`: unseeded).
        seeds: [i64; 2],
    },
    /// `Identity`.
    Identity,
    /// `StopGradient` (`tf.stop_gradient`): its input's value, and no gradient through it.
    StopGradient,
    /// `Switch(data, pred)` of a TF1 `tf.cond`: `data` on output 1 when `pred` holds, on
    /// output 0 otherwise; the other output is dead.
    Switch,
    /// `Merge` of a TF1 `tf.cond`: its live input on output 0, that input's index on
    /// output 1.
    Merge,
    /// `NoOp` (`global_variables_initializer` is one with control inputs).
    NoOp,
    /// `RandomUniform`: floats in `[0, 1)`; input 0 is the shape.
    RandomUniform {
        /// The output dtype.
        dtype: DType,
        /// The `seed` and `seed2` attributes (`random_seed.get_seed`; `[0, 0]`: unseeded).
        seeds: [i64; 2],
    },
    /// `RandomUniformInt`: shape, minval, maxval.
    RandomUniformInt {
        /// The output dtype (that of minval and maxval).
        dtype: DType,
        /// The `seed` and `seed2` attributes (`random_seed.get_seed`; `[0, 0]`: unseeded).
        seeds: [i64; 2],
    },
    /// An all-reduce across the replicas of a strategy (`CrossReplicaSum` in a TPU program,
    /// `CollectiveReduceV2` between mirrored devices). Run alone it is the identity; the
    /// replicated executor (`runtime/distribute/replicated.rs`) and the function executor
    /// (`runtime/distribute/collective.rs`) combine every replica's input.
    AllReduce {
        /// How the replicas' values combine.
        reduction: crate::distribute::ReplicaReduction,
        /// The op type the report shows.
        op_type: &'static str,
        /// Set when the replicas were traced one after the other into one function
        /// (`strategy.run` inside a `tf.function`): which all-reduce and replica this op is.
        member: Option<crate::distribute::CollectiveMember>,
    },
    /// `StringFormat`: `template` with each `placeholder` replaced by the summary of the
    /// next input (`tf.strings.format`, the text `tf.print` prints).
    StringFormat {
        /// The text around the placeholders.
        template: String,
        /// What stands for an input in `template` (`{}`, or `{}` and digits when the
        /// printed text itself holds `{}`).
        placeholder: String,
        /// Elements shown at each end of every dimension (negative: all).
        summarize: i64,
    },
    /// `PrintV2`: writes its scalar string input and `end` to `output_stream` (stateful:
    /// it runs on every call of a function, in order with the other stateful ops).
    PrintV2 {
        /// Where the text goes.
        output_stream: PrintStream,
        /// Appended to the text (`end`, `\n` by default).
        end: String,
    },
    /// An argument of a function body (a parameter or a captured eager tensor): a
    /// `Placeholder` in the traced graph, an `_Arg` when the function runs.
    Arg {
        /// Its type.
        value_type: ValueType,
        /// Its static shape.
        shape: TensorShape,
    },
    /// An op type defined in a file of its own (`op_defs`), which answers everything
    /// through [`Op`](crate::op_defs::Op).
    Defined(crate::op_defs::DefinedOp),
}

impl OpKind {
    /// The value a `Const` holds.
    pub fn constant_value(&self) -> Option<&Tensor> {
        match self {
            OpKind::Const(tensor) => Some(tensor),
            _ => None,
        }
    }

    /// What XLA's constant evaluation knows of the op's output when it compiles.
    pub fn compile_time_value(&self) -> crate::op_defs::op::CompileTimeValue {
        use crate::op_defs::op::CompileTimeValue;
        match self {
            OpKind::Defined(op) => op.op().compile_time_value(),
            OpKind::Const(_) => CompileTimeValue::Known,
            OpKind::Arg { .. } | OpKind::Placeholder { .. } => CompileTimeValue::Argument,
            OpKind::RandomStandardNormal { .. }
            | OpKind::RandomUniform { .. }
            | OpKind::RandomUniformInt { .. }
            | OpKind::AllReduce { .. }
            | OpKind::Switch
            | OpKind::Merge => CompileTimeValue::Unknown,
            _ => CompileTimeValue::FromInputs,
        }
    }

    /// How a variable op appears in the eager placement log.
    pub fn variable_log(&self) -> Option<crate::op_defs::op::VariableLog> {
        match self {
            OpKind::Defined(op) => op.op().variable_log(),
            _ => None,
        }
    }

    /// The op as its defined type `T`, if it is one.
    pub fn downcast<T: crate::op_defs::Op + 'static>(&self) -> Option<&T> {
        match self {
            OpKind::Defined(op) => op.op().as_any().downcast_ref::<T>(),
            _ => None,
        }
    }

    /// Whether TensorFlow's op definition marks this kind stateful (the resource variable
    /// ops and the stateful random ops): it must run even when nothing uses its output
    /// (`auto_control_deps`), and XLA cannot fold it into a constant (`distribute::tpu`).
    pub fn is_stateful(&self) -> bool {
        crate::op_defs::find(self.op_type()).is_some_and(|def| def.stateful)
    }

    /// TensorFlow's op type name.
    pub fn op_type(&self) -> &'static str {
        match self {
            OpKind::Const(_) => "Const",
            OpKind::Placeholder { .. } => "Placeholder",
            OpKind::RandomStandardNormal { .. } => "RandomStandardNormal",
            OpKind::Identity => "Identity",
            OpKind::StopGradient => "StopGradient",
            OpKind::Switch => "Switch",
            OpKind::Merge => "Merge",
            OpKind::NoOp => "NoOp",
            OpKind::StringFormat { .. } => "StringFormat",
            OpKind::PrintV2 { .. } => "PrintV2",
            OpKind::Arg { .. } => "Placeholder",
            OpKind::RandomUniform { .. } => "RandomUniform",
            OpKind::RandomUniformInt { .. } => "RandomUniformInt",
            OpKind::AllReduce { op_type, .. } => op_type,
            OpKind::Defined(op) => op.op().def().name,
        }
    }

    /// The dtype kernels are constrained on (`T`, or `dtype` for generators), given the
    /// input types; `None` when the op has no such attr.
    pub fn type_attr(&self, inputs: &[ValueType]) -> Option<DType> {
        let first_dense = |index: usize| match inputs.get(index) {
            Some(ValueType::Dense(dtype) | ValueType::Ref(dtype)) => Some(*dtype),
            _ => None,
        };
        match self {
            OpKind::Const(tensor) => Some(tensor.dtype()),
            OpKind::Placeholder { dtype, .. } | OpKind::RandomStandardNormal { dtype, .. } => {
                Some(*dtype)
            }
            OpKind::RandomUniform { dtype, .. } => Some(*dtype),
            OpKind::NoOp | OpKind::StringFormat { .. } | OpKind::PrintV2 { .. } => None,
            OpKind::Arg { value_type, .. } => match value_type {
                ValueType::Dense(dtype) | ValueType::Ref(dtype) => Some(*dtype),
                ValueType::Resource => None,
            },
            OpKind::Defined(op) => op.op().type_attr(inputs),
            _ => first_dense(0),
        }
    }

    /// How many outputs an op whose outputs have no static shape yet produces: its
    /// `num_split` or `num` attr for the ops that cut a tensor into pieces, a defined op's
    /// output count, else one.
    pub fn piece_count(&self) -> usize {
        match self {
            OpKind::Defined(op) => op.op().output_count(),
            _ => 1,
        }
    }

    /// True for ops whose first input is a variable handle that they read or write.
    pub fn uses_resource(&self) -> bool {
        match self {
            OpKind::Defined(op) => op.op().uses_resource(),
            _ => false,
        }
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
}

impl Value {
    /// The value's type.
    pub fn value_type(&self) -> ValueType {
        match self {
            Value::Dense(tensor) => ValueType::Dense(tensor.dtype()),
            Value::Resource(_) => ValueType::Resource,
            Value::Ref(_, dtype) => ValueType::Ref(*dtype),
        }
    }

    /// The tensor, if this is one.
    pub fn tensor(&self) -> Option<&Tensor> {
        match self {
            Value::Dense(tensor) => Some(tensor),
            Value::Resource(_) | Value::Ref(..) => None,
        }
    }

    /// Bytes a copy of this value moves between devices (handles are 0: they stay).
    pub fn size_in_bytes(&self) -> u64 {
        match self {
            Value::Dense(tensor) => ops::cost::tensor_bytes(tensor.dtype(), tensor.shape()),
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
    /// The value, once assigned.
    pub value: Option<Tensor>,
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
        op: &OpKind,
        dtype: DType,
        seeds: [i64; 2],
        count: u64,
    ) -> Philox {
        let key = match site.node {
            Some(("", node)) => node.to_string(),
            Some((function, node)) => format!("{function}/{node}"),
            None => format!(
                "{}:{}:{}:{}",
                op.op_type(),
                dtype.name(),
                seeds[0],
                seeds[1]
            ),
        };
        let generator = self
            .random_kernels
            .entry(key)
            .or_insert_with(|| ops::generator_for(seeds));
        let reserved = *generator;
        generator.skip(random::reserved_samples(count));
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

fn dense<'a>(inputs: &'a [Value], index: usize, op: &OpKind) -> Result<&'a Tensor, KernelFailure> {
    inputs.get(index).and_then(Value::tensor).ok_or_else(|| {
        KernelFailure::Status(TfError::internal(format!(
            "{} expects a tensor as input #{index}",
            op.op_type()
        )))
    })
}

fn integers(tensor: &Tensor, op: &OpKind) -> Result<Vec<i64>, KernelFailure> {
    tensor.to_i64_vec().ok_or_else(|| {
        KernelFailure::Status(TfError::invalid_argument(format!(
            "{} expects an integer tensor, got {}",
            op.op_type(),
            tensor.dtype().name()
        )))
    })
}

/// The number of values a random kernel makes for `dims` (negative dimensions fail later,
/// in the kernel).
fn element_count(dims: &[i64]) -> u64 {
    dims.iter()
        .map(|dim| (*dim).max(0) as u64)
        .fold(1u64, u64::saturating_mul)
}

fn scalar_f64(tensor: &Tensor, op: &OpKind) -> Result<f64, KernelFailure> {
    match tensor.to_f64_vec().as_deref() {
        Some([value]) => Ok(*value),
        _ => Err(KernelFailure::Status(TfError::invalid_argument(format!(
            "{} expects scalar inputs",
            op.op_type()
        )))),
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
        Some(tensor) => Ok(Value::Dense(tensor.clone())),
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
    let one = |tensor: Tensor| Ok(vec![Value::Dense(tensor)]);
    let takes_references = match op {
        OpKind::Defined(defined) => defined.op().takes_references(),
        _ => false,
    };
    if !takes_references && inputs.iter().any(|input| matches!(input, Value::Ref(..))) {
        let values: Vec<Value> = inputs
            .iter()
            .map(|input| deref(input, resources))
            .collect::<Result<_, _>>()?;
        return compute_at(op, &values, resources, site);
    }
    match op {
        OpKind::Defined(defined) => defined.op().run(
            inputs,
            &mut crate::op_defs::op::KernelEnv { resources, site },
        ),
        OpKind::Const(tensor) => one(tensor.clone()),
        OpKind::Placeholder { .. } => Err(KernelFailure::Status(TfError::internal(
            "a placeholder was computed instead of fed",
        ))),
        OpKind::RandomStandardNormal { dtype, seeds } => {
            let dims = integers(dense(inputs, 0, op)?, op)?;
            let generator =
                resources.reserve_random(&site, op, *dtype, *seeds, element_count(&dims));
            one(ops::standard_normal(&dims, *dtype, generator)?)
        }
        OpKind::RandomUniform { dtype, seeds } => {
            let dims = integers(dense(inputs, 0, op)?, op)?;
            let generator =
                resources.reserve_random(&site, op, *dtype, *seeds, element_count(&dims));
            one(ops::uniform(&dims, *dtype, generator)?)
        }
        OpKind::RandomUniformInt { seeds, .. } => {
            let dims = integers(dense(inputs, 0, op)?, op)?;
            let low = scalar_f64(dense(inputs, 1, op)?, op)? as i64;
            let high = scalar_f64(dense(inputs, 2, op)?, op)? as i64;
            let dtype = dense(inputs, 1, op)?.dtype();
            let generator =
                resources.reserve_random(&site, op, dtype, *seeds, element_count(&dims));
            one(ops::uniform_int(&dims, low, high, dtype, generator)?)
        }
        OpKind::Switch | OpKind::Merge => Err(KernelFailure::Status(TfError::internal(
            "Switch and Merge run in the session's executor",
        ))),
        OpKind::Identity | OpKind::StopGradient | OpKind::AllReduce { .. } => {
            match inputs.first() {
                Some(value) => Ok(vec![value.clone()]),
                None => Err(KernelFailure::Status(TfError::internal(
                    "Identity without input",
                ))),
            }
        }
        OpKind::NoOp => Ok(Vec::new()),
        OpKind::StringFormat {
            template,
            placeholder,
            summarize,
        } => {
            // absl::StrSplit: an empty delimiter cuts between characters.
            let pieces: Vec<&str> = if placeholder.is_empty() {
                match template
                    .char_indices()
                    .map(|(at, _)| at)
                    .collect::<Vec<_>>()
                {
                    starts if starts.is_empty() => vec![""],
                    starts => (0..starts.len())
                        .map(|i| {
                            &template
                                [starts[i]..starts.get(i + 1).map_or(template.len(), |end| *end)]
                        })
                        .collect(),
                }
            } else {
                template.split(placeholder.as_str()).collect()
            };
            if pieces.len() != inputs.len() + 1 {
                return Err(KernelFailure::Status(TfError::invalid_argument(format!(
                    "num placeholders in template and num inputs must match: {} vs. {}",
                    pieces.len() - 1,
                    inputs.len()
                ))));
            }
            let mut text = pieces[0].to_string();
            for (index, piece) in pieces[1..].iter().enumerate() {
                text.push_str(&summarize_value(dense(inputs, index, op)?, *summarize));
                text.push_str(piece);
            }
            one(Tensor::from_strings(
                Shape::new(Vec::new()),
                vec![text.into_bytes()],
            )?)
        }
        OpKind::PrintV2 { output_stream, end } => {
            let input = dense(inputs, 0, op)?;
            let (TensorData::String(values), 0) = (input.data(), input.rank()) else {
                return Err(KernelFailure::Status(TfError::invalid_argument(format!(
                    "Input is expected to be scalar, but got shape: {}",
                    input.shape()
                ))));
            };
            let mut text = String::from_utf8_lossy(&values[0]).into_owned();
            text.push_str(end);
            resources.printed.push((*output_stream, text));
            Ok(Vec::new())
        }
        OpKind::Arg { .. } => Err(KernelFailure::Status(TfError::internal(
            "a function argument was computed instead of passed",
        ))),
    }
}

fn dtype_hint_at(inputs: &[InputFact<'_>], index: usize) -> Option<DType> {
    match inputs.get(index).map(|fact| fact.value_type) {
        Some(ValueType::Dense(dtype)) => Some(dtype),
        _ => None,
    }
}

/// Static facts of a not yet defined op from running its kernel on stand-ins
/// ([`crate::op_defs::support::run_on_stand_ins`]), else the output dtype with an unknown
/// shape.
pub(crate) fn infer_by_running(
    op: &OpKind,
    inputs: &[InputFact<'_>],
) -> Result<Vec<OutputFact>, TfError> {
    if let OpKind::RandomUniform { dtype, .. } | OpKind::RandomUniformInt { dtype, .. } = op {
        let dims = inputs.first().and_then(shape_entries);
        let dtype = match op {
            OpKind::RandomUniformInt { .. } => dtype_hint_at(inputs, 1).unwrap_or(*dtype),
            _ => *dtype,
        };
        return Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape: shape_from_entries(dims),
        }]);
    }
    if let Some(facts) = crate::op_defs::support::run_on_stand_ins(op, inputs, &[])? {
        return Ok(facts);
    }
    let dtype_hint = inputs.iter().find_map(|fact| match fact.value_type {
        ValueType::Dense(dtype) => Some(dtype),
        _ => None,
    });
    let dtype = match op {
        OpKind::RandomUniform { dtype, .. } => *dtype,
        _ => dtype_hint.unwrap_or(DType::Float32),
    };
    let shape = TensorShape::unknown();
    Ok(vec![
        OutputFact {
            value_type: ValueType::Dense(dtype),
            shape,
        };
        op.piece_count()
    ])
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
    let takes_references = match op {
        OpKind::Defined(defined) => defined.op().takes_references(),
        _ => false,
    };
    if !takes_references
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
        return infer(op, &dereffed);
    }
    if let OpKind::Defined(defined) = op {
        return defined.op().infer(inputs);
    }
    crate::shape_fn::check(op, inputs)?;
    let dense_type = |index: usize| match inputs.get(index).map(|fact| fact.value_type) {
        Some(ValueType::Dense(dtype)) => Ok(dtype),
        _ => Err(TfError::internal(format!(
            "{} expects a tensor as input #{index}",
            op.op_type()
        ))),
    };
    let shape_of = |index: usize| {
        inputs
            .get(index)
            .map_or_else(TensorShape::unknown, |fact| fact.shape.clone())
    };
    let _constant_ints = |index: usize| {
        inputs
            .get(index)
            .and_then(|fact| fact.constant)
            .and_then(Tensor::to_i64_vec)
    };
    let out = |dtype: DType, shape: TensorShape| {
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape,
        }])
    };
    match op {
        // Indices of a shape known only when the graph runs (`tf.boolean_mask`'s
        // `Squeeze(Where(mask))`): params' dims around the indices' dims.
        OpKind::Const(tensor) => out(tensor.dtype(), TensorShape::from(tensor.shape())),
        OpKind::Placeholder { dtype, shape } => out(*dtype, shape.clone()),
        OpKind::Identity | OpKind::StopGradient | OpKind::AllReduce { .. } => {
            out(dense_type(0)?, shape_of(0))
        }
        OpKind::Switch => {
            let value_type = ValueType::Dense(dense_type(0)?);
            let fact = OutputFact {
                value_type,
                shape: shape_of(0),
            };
            Ok(vec![fact.clone(), fact])
        }
        OpKind::Merge => {
            let shape = if shape_of(0) == shape_of(1) {
                shape_of(0)
            } else {
                TensorShape::unknown()
            };
            Ok(vec![
                OutputFact {
                    value_type: ValueType::Dense(dense_type(0)?),
                    shape,
                },
                OutputFact {
                    value_type: ValueType::Dense(DType::Int32),
                    shape: TensorShape::new(Vec::new()),
                },
            ])
        }
        OpKind::RandomStandardNormal { dtype, .. } => out(
            *dtype,
            shape_from_entries(inputs.first().and_then(shape_entries)),
        ),
        OpKind::Arg { value_type, shape } => Ok(vec![OutputFact {
            value_type: *value_type,
            shape: shape.clone(),
        }]),
        OpKind::NoOp | OpKind::PrintV2 { .. } => Ok(Vec::new()),
        OpKind::StringFormat { .. } => out(DType::String, TensorShape::new(Vec::new())),
        _ => infer_by_running(op, inputs),
    }
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
