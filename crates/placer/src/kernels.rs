//! Kernel availability: which op type has a kernel on which device type (tf-semantics §7).
//!
//! The placer asks one question: "for this node, which of the machine's device types have a
//! kernel whose type constraint accepts the node's dtype?" ([`KernelRegistry::supported_device_types`]).
//! The table is §7's, device column by device column. Where §7 says "✓x" the op also has a
//! kernel on the XLA devices (TPU, XLA_CPU, XLA_GPU) and the JIT types (XLA_*_JIT); where it
//! says "device kernel" only on the XLA devices. Strings never go to TPU or XLA (§4.1).
//!
//! Not here: kernel *implementations* (values), and the TPU compile checks of §4.3.

use std::collections::HashMap;
use std::fmt;

/// A TensorFlow dtype, as kernels constrain it and error texts print it (`DT_FLOAT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DataType {
    /// `DT_FLOAT`.
    Float,
    /// `DT_DOUBLE`.
    Double,
    /// `DT_HALF`.
    Half,
    /// `DT_BFLOAT16`.
    BFloat16,
    /// `DT_INT8`.
    Int8,
    /// `DT_INT16`.
    Int16,
    /// `DT_INT32`.
    Int32,
    /// `DT_INT64`.
    Int64,
    /// `DT_UINT8`.
    UInt8,
    /// `DT_UINT32`.
    UInt32,
    /// `DT_UINT64`.
    UInt64,
    /// `DT_BOOL`.
    Bool,
    /// `DT_STRING`.
    String,
    /// `DT_COMPLEX64`.
    Complex64,
    /// `DT_COMPLEX128`.
    Complex128,
    /// `DT_RESOURCE`: a handle to a variable, iterator or other resource.
    Resource,
    /// `DT_VARIANT`: datasets, optionals, tensor lists.
    Variant,
}

impl DataType {
    /// Every dtype, for generators and tests.
    pub const ALL: [DataType; 17] = [
        DataType::Float,
        DataType::Double,
        DataType::Half,
        DataType::BFloat16,
        DataType::Int8,
        DataType::Int16,
        DataType::Int32,
        DataType::Int64,
        DataType::UInt8,
        DataType::UInt32,
        DataType::UInt64,
        DataType::Bool,
        DataType::String,
        DataType::Complex64,
        DataType::Complex128,
        DataType::Resource,
        DataType::Variant,
    ];

    /// The enum name TensorFlow prints in attrs and kernel lists, such as `DT_FLOAT`.
    pub fn enum_name(self) -> &'static str {
        match self {
            DataType::Float => "DT_FLOAT",
            DataType::Double => "DT_DOUBLE",
            DataType::Half => "DT_HALF",
            DataType::BFloat16 => "DT_BFLOAT16",
            DataType::Int8 => "DT_INT8",
            DataType::Int16 => "DT_INT16",
            DataType::Int32 => "DT_INT32",
            DataType::Int64 => "DT_INT64",
            DataType::UInt8 => "DT_UINT8",
            DataType::UInt32 => "DT_UINT32",
            DataType::UInt64 => "DT_UINT64",
            DataType::Bool => "DT_BOOL",
            DataType::String => "DT_STRING",
            DataType::Complex64 => "DT_COMPLEX64",
            DataType::Complex128 => "DT_COMPLEX128",
            DataType::Resource => "DT_RESOURCE",
            DataType::Variant => "DT_VARIANT",
        }
    }

    /// The short name `DataTypeString` prints (`float`, `int32`, `resource`), used in
    /// "inputs were [...]" texts.
    pub fn short_name(self) -> &'static str {
        match self {
            DataType::Float => "float",
            DataType::Double => "double",
            DataType::Half => "half",
            DataType::BFloat16 => "bfloat16",
            DataType::Int8 => "int8",
            DataType::Int16 => "int16",
            DataType::Int32 => "int32",
            DataType::Int64 => "int64",
            DataType::UInt8 => "uint8",
            DataType::UInt32 => "uint32",
            DataType::UInt64 => "uint64",
            DataType::Bool => "bool",
            DataType::String => "string",
            DataType::Complex64 => "complex64",
            DataType::Complex128 => "complex128",
            DataType::Resource => "resource",
            DataType::Variant => "variant",
        }
    }
}

/// Which values of the node's `T` attr a kernel accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeConstraint {
    /// Any dtype (or the op has no `T` attr).
    Any,
    /// Any dtype but `DT_STRING`: GPU and XLA kernels of numeric ops, and every TPU kernel
    /// (`kTpuAllTypes` has no string, §4.1).
    NotString,
    /// Only these dtypes (the XLA MatMul list of §7).
    Only(&'static [DataType]),
}

impl TypeConstraint {
    /// True when a node whose `T` attr is `dtype` (or absent) fits.
    pub fn accepts(self, dtype: Option<DataType>) -> bool {
        match (self, dtype) {
            (_, None) | (TypeConstraint::Any, _) => true,
            (TypeConstraint::NotString, Some(dtype)) => dtype != DataType::String,
            (TypeConstraint::Only(allowed), Some(dtype)) => allowed.contains(&dtype),
        }
    }
}

/// One registered kernel: an op on a device type, with its constraints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelDef {
    /// The device type, such as `GPU` or `XLA_TPU_JIT`.
    pub device_type: &'static str,
    /// Which `T` it accepts.
    pub constraint: TypeConstraint,
    /// Kernel priority (`.Priority(n)`); every kernel of §7 has the default 0.
    pub priority: i32,
    /// Arguments kept in host memory on this device, by op-def argument name.
    pub host_memory_arguments: &'static [&'static str],
    /// Whether `host_memory_arguments` apply only when `T` is int32 (§7, AddV2 on GPU).
    pub host_memory_only_for_int32: bool,
}

/// What the registry knows about one op type besides its kernels.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpInfo {
    /// Its kernels, in registration order.
    pub kernels: Vec<KernelDef>,
    /// Works on shapes only, so the placer puts it with its input (Heuristic B, §2.3).
    pub is_metadata: bool,
    /// Exempt from resource-input colocation (`InputColocationExemptionRegistry`).
    pub is_colocation_exempt: bool,
    /// A tf.data dataset op: variant edges between two of them are colocated.
    pub is_dataset: bool,
}

/// The kernel table of §7, keyed by op type.
#[derive(Clone, Debug)]
pub struct KernelRegistry {
    ops: HashMap<&'static str, OpInfo>,
}

/// The XLA device types that run compiled clusters and XLA device kernels.
const XLA_DEVICES: [&str; 3] = ["TPU", "XLA_CPU", "XLA_GPU"];
/// The symbolic JIT device types used when compiling (`XLA_*_JIT`).
const XLA_JIT_TYPES: [&str; 3] = ["XLA_CPU_JIT", "XLA_GPU_JIT", "XLA_TPU_JIT"];
/// The XLA MatMul list of §7 (T={complex64,double,float}).
const XLA_MATMUL_TYPES: &[DataType] = &[DataType::Complex64, DataType::Double, DataType::Float];
/// The same plus bf16, which TPUs take ("bf16 on TPU", §7).
const TPU_MATMUL_TYPES: &[DataType] = &[
    DataType::Complex64,
    DataType::Double,
    DataType::Float,
    DataType::BFloat16,
];

/// Ops with CPU, GPU and XLA kernels (rows marked ✓ or ✓x in all three columns of §7).
const COMPUTE_OPS: &[&str] = &[
    "Const",
    "Identity",
    "StopGradient",
    "NoOp",
    "BatchMatMulV2",
    "Sub",
    "Mul",
    "RealDiv",
    "Conv2D",
    "BiasAdd",
    "Relu",
    "Relu6",
    "Softmax",
    "LogSoftmax",
    "Sigmoid",
    "Tanh",
    "Floor",
    "Ceil",
    "Rsqrt",
    "Log1p",
    "Expm1",
    "Tan",
    "Reciprocal",
    "Softplus",
    "Atan",
    "Asin",
    "Acos",
    "Sinh",
    "Cosh",
    "MaxPool",
    "AvgPool",
    "MaxPoolGrad",
    "AvgPoolGrad",
    "Conv2DBackpropInput",
    "Conv2DBackpropFilter",
    "BiasAddGrad",
    "FusedBatchNormV3",
    "SoftmaxCrossEntropyWithLogits",
    "SparseSoftmaxCrossEntropyWithLogits",
    "Reshape",
    "Transpose",
    "ConcatV2",
    "Pack",
    "Squeeze",
    "ExpandDims",
    "Cast",
    "Shape",
    "ShapeN",
    "Size",
    "Rank",
    "Fill",
    "ZerosLike",
    "OnesLike",
    "Sum",
    "Mean",
    "Max",
    "Min",
    "Prod",
    "ArgMax",
    "GatherV2",
    "Tile",
    "BroadcastTo",
    "Slice",
    "ReverseV2",
    "Cumsum",
    "GatherNd",
    "OneHot",
    "RandomStandardNormal",
    "RandomUniform",
    "StatelessRandomNormal",
    "StatelessRandomUniform",
    "ReadVariableOp",
    "AssignVariableOp",
    "AssignAddVariableOp",
    "AssignSubVariableOp",
    "ResourceApplyGradientDescent",
    "ResourceApplyAdam",
    "ResourceApplyMomentum",
    "If",
    "StatelessIf",
    "While",
    "StatelessWhile",
    "Where",
    // Not in §7: element-wise, comparison and array ops the runtime executes, assumed to
    // have kernels everywhere like their §7 neighbours (AddV2, Mul).
    "Greater",
    "GreaterEqual",
    "Less",
    "LessEqual",
    "Equal",
    "NotEqual",
    "LogicalAnd",
    "LogicalOr",
    "LogicalNot",
    "SelectV2",
    "Range",
    "Split",
    "SplitV",
    "Unpack",
    "TopKV2",
    "Unique",
    "Neg",
    "Abs",
    "Sign",
    "Square",
    "Sqrt",
    "Exp",
    "Log",
    "Sin",
    "Cos",
    "Round",
    "FloorDiv",
    "FloorMod",
    "Pow",
    "Maximum",
    "Minimum",
    "SquaredDifference",
    "ClipByValue",
    "Any",
    "All",
    "ArgMin",
    "StridedSlice",
    "StridedSliceGrad",
    "VarIsInitializedOp",
    "ResizeBilinear",
    "ResizeNearestNeighbor",
    "RandomUniformInt",
    // tf.add_n, tf.pad and the float tests: kernels on CPU and GPU, and XLA lowerings
    // (tf2xla `REGISTER_XLA_OP` for AddN, Pad, PadV2, MirrorPad, IsNan, IsInf, IsFinite).
    "AddN",
    "Pad",
    "PadV2",
    "MirrorPad",
    "IsNan",
    "IsInf",
    "IsFinite",
    // tf.eye: kernels on CPU and GPU, and XLA lowerings (tf2xla matrix_diag_ops.cc).
    "MatrixDiagV3",
    "MatrixSetDiagV3",
    "MatrixDiagPartV3",
];

/// Ops with CPU and GPU kernels only (§7: XLA ✗).
const CPU_GPU_OPS: &[&str] = &[
    "Placeholder",
    "Switch",
    "Merge",
    "VariableV2",
    "Assign",
    "AssignAdd",
    "AssignSub",
    "EagerPyFunc",
    "ImageProjectiveTransformV3",
];

/// Ops with a CPU kernel only (§7).
const CPU_ONLY_OPS: &[&str] = &[
    "StringToNumber",
    "DecodeJpeg",
    "DecodePng",
    "StringFormat",
    "PrintV2",
    "PyFunc",
    "SparseSoftmax",
];

/// Dataset ops (§7: "input pipelines run on the host CPU"). The table names the first three
/// and says "..."; the rest are the common ones tf.data builds.
const DATASET_OPS: &[&str] = &[
    "TensorSliceDataset",
    "MapDataset",
    "BatchDatasetV2",
    "TensorDataset",
    "RangeDataset",
    "ParallelMapDatasetV2",
    "PrefetchDataset",
    "CacheDatasetV2",
    "ShuffleDatasetV3",
    "RepeatDataset",
    "TakeDataset",
    "ShardDataset",
    "OptionsDataset",
];

/// Ops with CPU, GPU and XLA *device* kernels but no JIT kernel (`xla_device_ops.h`, §7).
const DEVICE_KERNEL_OPS: &[&str] = &[
    "VarHandleOp",
    "IteratorGetNext",
    "DestroyResourceOp",
    "_Send",
    "_Recv",
];

/// Ops §2.3 calls metadata ops (Heuristic B).
const METADATA_OPS: &[&str] = &["Shape", "ShapeN", "Size", "Rank"];

/// Colocation-exempt ops. §7c says the full list is not verified; function calls are named
/// by the source comment, Identity and the functional control-flow ops are "likely".
const COLOCATION_EXEMPT_OPS: &[&str] = &[
    "Identity",
    "IdentityN",
    "If",
    "StatelessIf",
    "While",
    "StatelessWhile",
    "PartitionedCall",
    "StatefulPartitionedCall",
];

/// Whether input `index` of `input_count` is one an op's GPU and TPU kernels read from host
/// memory (`.HostMemory("shape")` in their kernel registrations, compile-time constants under
/// XLA): shapes, axes, permutations and sizes. Such an input stays where it was made, so
/// feeding it from the host CPU copies nothing.
pub fn is_host_memory_input(op_type: &str, index: usize, input_count: usize) -> bool {
    if op_type == "ConcatV2" {
        return index + 1 == input_count;
    }
    host_memory_inputs(op_type).contains(&index)
}

fn host_memory_inputs(op_type: &str) -> &'static [usize] {
    match op_type {
        "RandomUniform" | "RandomStandardNormal" | "TruncatedNormal" | "RandomUniformInt" => &[0],
        "Fill" => &[0],
        "Reshape"
        | "Transpose"
        | "ExpandDims"
        | "Tile"
        | "BroadcastTo"
        | "Pad"
        | "PadV2"
        | "MirrorPad"
        | "ResizeBilinear"
        | "ResizeNearestNeighbor"
        | "ArgMax"
        | "ArgMin"
        | "Sum"
        | "Mean"
        | "Max"
        | "Min"
        | "Prod"
        | "All"
        | "Any" => &[1],
        "OneHot" => &[1],
        "GatherV2" => &[2],
        "StridedSlice" | "Slice" => &[1, 2, 3],
        "StridedSliceGrad" => &[0, 1, 2, 3],
        "Range" => &[0, 1, 2],
        "ReverseV2" | "Cumsum" => &[1],
        // split_dim; size_splits and split_dim.
        "Split" => &[0],
        "SplitV" => &[1, 2],
        "TopKV2" => &[1],
        // k, num_rows, num_cols, padding_value; k; k, padding_value.
        "MatrixDiagV3" => &[1, 2, 3, 4],
        "MatrixSetDiagV3" => &[2],
        "MatrixDiagPartV3" => &[1, 2],
        _ => &[],
    }
}

impl KernelRegistry {
    /// The registry of §7 (plus the runtime-internal ops the emulator needs).
    pub fn standard() -> KernelRegistry {
        let mut registry = KernelRegistry {
            ops: HashMap::new(),
        };
        for op in COMPUTE_OPS {
            registry.add_cpu_gpu(op, TypeConstraint::NotString);
            registry.add_xla(op, TypeConstraint::NotString, true);
        }
        // CPU Add takes strings; int32 GPU kernels keep their operands in host memory (§7).
        for op in ["AddV2", "Add"] {
            registry.add(op, kernel("CPU", TypeConstraint::Any));
            registry.add(
                op,
                KernelDef {
                    host_memory_arguments: &["x", "y", "z"],
                    host_memory_only_for_int32: true,
                    ..kernel("GPU", TypeConstraint::NotString)
                },
            );
            registry.add_xla(op, TypeConstraint::NotString, true);
        }
        registry.add_cpu_gpu("MatMul", TypeConstraint::NotString);
        for device_type in ["XLA_CPU", "XLA_GPU", "XLA_CPU_JIT", "XLA_GPU_JIT"] {
            registry.add(
                "MatMul",
                kernel(device_type, TypeConstraint::Only(XLA_MATMUL_TYPES)),
            );
        }
        for device_type in ["TPU", "XLA_TPU_JIT"] {
            registry.add(
                "MatMul",
                kernel(device_type, TypeConstraint::Only(TPU_MATMUL_TYPES)),
            );
        }
        for op in CPU_GPU_OPS {
            registry.add_cpu_gpu(op, TypeConstraint::Any);
        }
        for op in CPU_ONLY_OPS.iter().chain(DATASET_OPS) {
            registry.add(op, kernel("CPU", TypeConstraint::Any));
        }
        for op in DEVICE_KERNEL_OPS {
            registry.add_cpu_gpu(op, TypeConstraint::Any);
            registry.add_xla(op, TypeConstraint::NotString, false);
        }
        // `_Arg`/`_Retval` with T=DT_STRING have no XLA kernel (§7, last row).
        for op in ["_Arg", "_Retval"] {
            registry.add_cpu_gpu(op, TypeConstraint::Any);
            registry.add_xla(op, TypeConstraint::NotString, true);
        }
        // Not in §7: eager `tf.constant` on a device other than CPU:0 runs `_EagerConst`
        // (inferred from cases b02/b04, whose errors carry no `[Op:...]` suffix). Its TPU
        // kernel is assumed, since constants are created on TPUs all the time.
        registry.add_cpu_gpu("_EagerConst", TypeConstraint::Any);
        registry.add("_EagerConst", kernel("TPU", TypeConstraint::NotString));
        // §4.1: TPU_SYSTEM is used only by the TPU init and shutdown ops. The op names are
        // TensorFlow's; §4 does not list them.
        for op in ["ConfigureDistributedTPU", "ShutdownDistributedTPU"] {
            registry.add(op, kernel("TPU_SYSTEM", TypeConstraint::Any));
        }
        // All-reduces between replicas (§5.2): XLA's `CrossReplicaSum` inside TPU programs,
        // NCCL's between GPUs, the collective op between mirrored CPUs. Not in §7.
        for device_type in ["TPU", "XLA_TPU_JIT"] {
            registry.add(
                "CrossReplicaSum",
                kernel(device_type, TypeConstraint::NotString),
            );
        }
        registry.add_cpu_gpu("CollectiveReduceV2", TypeConstraint::NotString);
        registry.add("NcclAllReduce", kernel("GPU", TypeConstraint::NotString));
        for op in METADATA_OPS {
            registry.info_mut(op).is_metadata = true;
        }
        for op in COLOCATION_EXEMPT_OPS {
            registry.info_mut(op).is_colocation_exempt = true;
        }
        for op in DATASET_OPS {
            registry.info_mut(op).is_dataset = true;
        }
        // VarHandleOp's resource handle lives in host memory on GPU; so do the outputs of
        // the GPU shape ops, Reshape's shape and If's cond (§7 notes).
        for (op, arguments) in [
            ("VarHandleOp", &["resource"][..]),
            ("Shape", &["output"][..]),
            ("ShapeN", &["output"][..]),
            ("Size", &["output"][..]),
            ("Rank", &["output"][..]),
            ("Reshape", &["shape"][..]),
            ("If", &["cond"][..]),
        ] {
            if let Some(gpu) = registry
                .info_mut(op)
                .kernels
                .iter_mut()
                .find(|it| it.device_type == "GPU")
            {
                gpu.host_memory_arguments = arguments;
            }
        }
        registry
    }

    /// What the registry knows about `op_type`, if it is registered.
    pub fn op(&self, op_type: &str) -> Option<&OpInfo> {
        self.ops.get(op_type)
    }

    /// True when the op works on shapes only (Heuristic B).
    pub fn is_metadata(&self, op_type: &str) -> bool {
        self.op(op_type).is_some_and(|info| info.is_metadata)
    }

    /// True when resource inputs do not pull the op onto the resource's device.
    pub fn is_colocation_exempt(&self, op_type: &str) -> bool {
        self.op(op_type)
            .is_some_and(|info| info.is_colocation_exempt)
    }

    /// True for tf.data dataset ops.
    pub fn is_dataset(&self, op_type: &str) -> bool {
        self.op(op_type).is_some_and(|info| info.is_dataset)
    }

    /// True when some kernel of `op_type` exists on `device_type` for `dtype`.
    pub fn has_kernel(&self, op_type: &str, device_type: &str, dtype: Option<DataType>) -> bool {
        self.op(op_type).is_some_and(|info| {
            info.kernels
                .iter()
                .any(|it| it.device_type == device_type && it.constraint.accepts(dtype))
        })
    }

    /// The device types among `present_types` (already in priority order) that have a
    /// kernel for the node, stable-sorted by kernel priority (`SupportedDeviceTypesForNode`).
    ///
    /// A function call is supported on every present type (§2.2).
    pub fn supported_device_types(
        &self,
        op_type: &str,
        dtype: Option<DataType>,
        is_function_call: bool,
        present_types: &[(String, i32)],
    ) -> Vec<(String, i32)> {
        if is_function_call {
            return present_types
                .iter()
                .map(|(name, _)| (name.clone(), 0))
                .collect();
        }
        let Some(info) = self.op(op_type) else {
            return Vec::new();
        };
        let mut result: Vec<(String, i32)> = present_types
            .iter()
            .filter_map(|(device_type, _)| {
                let kernel = info
                    .kernels
                    .iter()
                    .find(|it| it.device_type == device_type && it.constraint.accepts(dtype))?;
                Some((device_type.clone(), kernel.priority))
            })
            .collect();
        result.sort_by_key(|(_, priority)| std::cmp::Reverse(*priority));
        result
    }

    /// Arguments of `op_type` that live in host memory on `device_type` for `dtype`.
    pub fn host_memory_arguments(
        &self,
        op_type: &str,
        device_type: &str,
        dtype: Option<DataType>,
    ) -> &'static [&'static str] {
        let Some(info) = self.op(op_type) else {
            return &[];
        };
        info.kernels
            .iter()
            .find(|it| it.device_type == device_type && it.constraint.accepts(dtype))
            .filter(|it| !it.host_memory_only_for_int32 || dtype == Some(DataType::Int32))
            .map_or(&[], |it| it.host_memory_arguments)
    }

    /// The "Registered kernels" block (`KernelsRegisteredForOp`, §3.2): one line per kernel,
    /// `  device='<TYPE>'[; T in [...]]\n`, or `  <no registered kernels>\n`.
    ///
    /// Real TensorFlow lists every dtype a kernel is registered for; §7 does not record
    /// those lists, so only explicit `Only` constraints are printed.
    pub fn kernels_registered_for_op(&self, op_type: &str) -> String {
        let kernels = self
            .op(op_type)
            .map(|info| info.kernels.as_slice())
            .unwrap_or_default();
        if kernels.is_empty() {
            return "  <no registered kernels>\n".to_string();
        }
        let mut text = String::new();
        for kernel in kernels {
            text.push_str(&format!("  device='{}'", kernel.device_type));
            if let TypeConstraint::Only(allowed) = kernel.constraint {
                let names: Vec<&str> = allowed.iter().map(|it| it.enum_name()).collect();
                text.push_str(&format!("; T in [{}]", names.join(", ")));
            }
            text.push('\n');
        }
        text
    }

    /// Every registered op type, sorted; for tests and generators.
    pub fn op_types(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = self.ops.keys().copied().collect();
        names.sort_unstable();
        names
    }

    fn info_mut(&mut self, op_type: &'static str) -> &mut OpInfo {
        self.ops.entry(op_type).or_default()
    }

    fn add(&mut self, op_type: &'static str, kernel: KernelDef) {
        self.info_mut(op_type).kernels.push(kernel);
    }

    fn add_cpu_gpu(&mut self, op_type: &'static str, gpu_constraint: TypeConstraint) {
        self.add(op_type, kernel("CPU", TypeConstraint::Any));
        self.add(op_type, kernel("GPU", gpu_constraint));
    }

    fn add_xla(&mut self, op_type: &'static str, constraint: TypeConstraint, with_jit: bool) {
        for device_type in XLA_DEVICES {
            self.add(op_type, kernel(device_type, constraint));
        }
        if with_jit {
            for device_type in XLA_JIT_TYPES {
                self.add(op_type, kernel(device_type, constraint));
            }
        }
    }
}

impl fmt::Display for DataType {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.enum_name())
    }
}

fn kernel(device_type: &'static str, constraint: TypeConstraint) -> KernelDef {
    KernelDef {
        device_type,
        constraint,
        priority: 0,
        host_memory_arguments: &[],
        host_memory_only_for_int32: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types(names: &[(&str, i32)]) -> Vec<(String, i32)> {
        names
            .iter()
            .map(|(name, priority)| (name.to_string(), *priority))
            .collect()
    }

    fn supported(registry: &KernelRegistry, op: &str, dtype: Option<DataType>) -> Vec<String> {
        let present = types(&[("GPU", 210), ("CPU", 70), ("TPU", 50), ("XLA_CPU", 50)]);
        registry
            .supported_device_types(op, dtype, false, &present)
            .into_iter()
            .map(|it| it.0)
            .collect()
    }

    #[test]
    fn every_op_of_section_7_is_registered() {
        let registry = KernelRegistry::standard();
        for op in COMPUTE_OPS
            .iter()
            .chain(CPU_GPU_OPS)
            .chain(CPU_ONLY_OPS)
            .chain(DATASET_OPS)
            .chain(DEVICE_KERNEL_OPS)
        {
            assert!(
                registry.op(op).is_some_and(|it| !it.kernels.is_empty()),
                "{op}"
            );
        }
        for op in ["AddV2", "Add", "MatMul", "_Arg", "_Retval"] {
            assert!(registry.op(op).is_some(), "{op}");
        }
    }

    #[test]
    fn columns_follow_the_table() {
        let registry = KernelRegistry::standard();
        let float = Some(DataType::Float);
        assert_eq!(
            supported(&registry, "MatMul", float),
            ["GPU", "CPU", "TPU", "XLA_CPU"]
        );
        assert_eq!(
            supported(&registry, "StringToNumber", Some(DataType::String)),
            ["CPU"]
        );
        assert_eq!(
            supported(&registry, "AddV2", Some(DataType::String)),
            ["CPU"]
        );
        assert_eq!(supported(&registry, "Placeholder", float), ["GPU", "CPU"]);
        assert_eq!(
            supported(&registry, "VarHandleOp", None),
            ["GPU", "CPU", "TPU", "XLA_CPU"]
        );
        assert_eq!(supported(&registry, "TensorSliceDataset", None), ["CPU"]);
        assert_eq!(
            supported(&registry, "MatMul", Some(DataType::Int32)),
            ["GPU", "CPU"]
        );
        assert!(supported(&registry, "NoSuchOp", float).is_empty());
        assert!(registry.has_kernel("MatMul", "XLA_TPU_JIT", Some(DataType::BFloat16)));
        assert!(!registry.has_kernel("MatMul", "XLA_CPU_JIT", Some(DataType::BFloat16)));
        assert!(!registry.has_kernel("VarHandleOp", "XLA_TPU_JIT", None));
        assert!(registry.has_kernel("ConfigureDistributedTPU", "TPU_SYSTEM", None));
    }

    #[test]
    fn host_memory_for_int32_on_gpu() {
        let registry = KernelRegistry::standard();
        assert_eq!(
            registry.host_memory_arguments("AddV2", "GPU", Some(DataType::Int32)),
            ["x", "y", "z"]
        );
        assert!(registry
            .host_memory_arguments("AddV2", "GPU", Some(DataType::Float))
            .is_empty());
        assert_eq!(
            registry.host_memory_arguments("Shape", "GPU", Some(DataType::Float)),
            ["output"]
        );
        assert!(registry
            .host_memory_arguments("Shape", "CPU", Some(DataType::Float))
            .is_empty());
    }

    #[test]
    fn registered_kernels_text() {
        let registry = KernelRegistry::standard();
        assert_eq!(
            registry.kernels_registered_for_op("NoSuchOp"),
            "  <no registered kernels>\n"
        );
        assert_eq!(
            registry.kernels_registered_for_op("PyFunc"),
            "  device='CPU'\n"
        );
        assert!(registry
            .kernels_registered_for_op("MatMul")
            .contains("  device='XLA_CPU_JIT'; T in [DT_COMPLEX64, DT_DOUBLE, DT_FLOAT]\n"));
    }
}
