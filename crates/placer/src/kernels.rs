//! Kernel availability: which op type has a kernel on which device type (tf-semantics §7).
//!
//! The placer asks one question: "for this node, which of the machine's device types have a
//! kernel whose type constraint accepts the node's dtype?" ([`KernelRegistry::supported_device_types`]).
//! Each op type registers its [`Kernels`] (the runtime's op definitions hold §7's table):
//! where §7 says "✓x" the op also has a kernel on the XLA devices (TPU, XLA_CPU, XLA_GPU)
//! and the JIT types (XLA_*_JIT); where it says "device kernel" only on the XLA devices.
//! Strings never go to TPU or XLA (§4.1).
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
    /// `DT_UINT16`.
    UInt16,
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
    pub const ALL: [DataType; 18] = [
        DataType::Float,
        DataType::Double,
        DataType::Half,
        DataType::BFloat16,
        DataType::Int8,
        DataType::Int16,
        DataType::Int32,
        DataType::Int64,
        DataType::UInt8,
        DataType::UInt16,
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
            DataType::UInt16 => "DT_UINT16",
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
            DataType::UInt16 => "uint16",
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
    /// `kTpuAllTypes` (§4.1): the TPU kernels of numeric ops, which take neither strings
    /// nor `complex128`.
    TpuTypes,
}

impl TypeConstraint {
    /// True when a node whose `T` attr is `dtype` (or absent) fits.
    pub fn accepts(self, dtype: Option<DataType>) -> bool {
        match (self, dtype) {
            (_, None) | (TypeConstraint::Any, _) => true,
            (TypeConstraint::NotString, Some(dtype)) => dtype != DataType::String,
            (TypeConstraint::TpuTypes, Some(dtype)) => {
                !matches!(dtype, DataType::String | DataType::Complex128)
            }
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

/// The kernels of every registered op type, keyed by op type: what the placer asks.
#[derive(Clone, Debug, Default)]
pub struct KernelRegistry {
    ops: HashMap<&'static str, OpInfo>,
}

/// The XLA device types that run compiled clusters and XLA device kernels.
const XLA_DEVICES: [&str; 3] = ["TPU", "XLA_CPU", "XLA_GPU"];
/// The symbolic JIT device types used when compiling (`XLA_*_JIT`).
const XLA_JIT_TYPES: [&str; 3] = ["XLA_CPU_JIT", "XLA_GPU_JIT", "XLA_TPU_JIT"];

/// Where one op type has kernels, as its `REGISTER_KERNEL_BUILDER` and `REGISTER_XLA_OP`
/// lines say (tf-semantics §7). An op's definition holds one; the registry expands it into
/// kernels in TensorFlow's registration order: CPU, GPU, the XLA devices, the JIT types, then
/// `extra`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernels {
    /// A CPU kernel (any dtype).
    pub cpu: bool,
    /// The GPU kernel, if any.
    pub gpu: Option<GpuKernel>,
    /// The XLA kernels, if any: the devices' (TPU, XLA_CPU, XLA_GPU) and, unless
    /// `device_only`, the JIT types'.
    pub xla: Option<XlaKernels>,
    /// Kernels on other device types or with other constraints, after the ones above.
    pub extra: &'static [KernelDef],
    /// Works on shapes only, so the placer puts it with its input (Heuristic B, §2.3).
    pub is_metadata: bool,
    /// Exempt from resource-input colocation (`InputColocationExemptionRegistry`).
    pub is_colocation_exempt: bool,
    /// A tf.data dataset op: variant edges between two of them are colocated.
    pub is_dataset: bool,
}

/// A GPU kernel's constraint and the arguments it keeps in host memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GpuKernel {
    /// Which `T` it accepts.
    pub constraint: TypeConstraint,
    /// `.HostMemory(...)` arguments, by op-def argument name.
    pub host_memory_arguments: &'static [&'static str],
    /// Whether `host_memory_arguments` apply only when `T` is int32 (§7, AddV2 on GPU).
    pub host_memory_only_for_int32: bool,
}

/// XLA lowerings of an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XlaKernels {
    /// Which `T` they accept (every TPU kernel excludes strings, §4.1).
    pub constraint: TypeConstraint,
    /// Only the XLA devices' own kernels (`xla_device_ops.h`), no JIT kernel.
    pub device_only: bool,
}

impl GpuKernel {
    /// A GPU kernel for every dtype but strings.
    pub const NUMERIC: GpuKernel = GpuKernel::new(TypeConstraint::NotString);
    /// A GPU kernel for every dtype.
    pub const ANY: GpuKernel = GpuKernel::new(TypeConstraint::Any);

    /// A GPU kernel with `constraint` and nothing in host memory.
    pub const fn new(constraint: TypeConstraint) -> GpuKernel {
        GpuKernel {
            constraint,
            host_memory_arguments: &[],
            host_memory_only_for_int32: false,
        }
    }

    /// The same kernel keeping `arguments` in host memory.
    pub const fn host_memory(self, arguments: &'static [&'static str]) -> GpuKernel {
        GpuKernel {
            host_memory_arguments: arguments,
            ..self
        }
    }
}

impl Kernels {
    /// CPU, GPU and XLA kernels, strings on the CPU only: most compute ops (rows marked ✓ or
    /// ✓x in all three columns of §7).
    pub const EVERYWHERE: Kernels = Kernels {
        cpu: true,
        gpu: Some(GpuKernel::NUMERIC),
        xla: Some(XlaKernels {
            constraint: TypeConstraint::NotString,
            device_only: false,
        }),
        extra: &[],
        is_metadata: false,
        is_colocation_exempt: false,
        is_dataset: false,
    };
    /// CPU and GPU kernels for every dtype, no XLA kernel (§7: XLA ✗).
    pub const CPU_GPU: Kernels = Kernels {
        gpu: Some(GpuKernel::ANY),
        xla: None,
        ..Kernels::EVERYWHERE
    };
    /// A CPU kernel only.
    pub const CPU: Kernels = Kernels {
        gpu: None,
        ..Kernels::CPU_GPU
    };
    /// CPU and GPU kernels and the XLA devices' own kernels, but no JIT kernel
    /// (`xla_device_ops.h`, §7): handles, iterators, sends and receives.
    pub const XLA_DEVICE: Kernels = Kernels {
        xla: Some(XlaKernels {
            constraint: TypeConstraint::NotString,
            device_only: true,
        }),
        ..Kernels::CPU_GPU
    };
    /// Exactly `kernels`.
    pub const fn only(kernels: &'static [KernelDef]) -> Kernels {
        Kernels {
            cpu: false,
            gpu: None,
            xla: None,
            extra: kernels,
            ..Kernels::EVERYWHERE
        }
    }

    /// The same kernels, with `extra` after them.
    pub const fn and(self, extra: &'static [KernelDef]) -> Kernels {
        Kernels { extra, ..self }
    }

    /// The same kernels with this GPU kernel.
    pub const fn with_gpu(self, gpu: GpuKernel) -> Kernels {
        Kernels {
            gpu: Some(gpu),
            ..self
        }
    }

    /// The same kernels, marked as a metadata op (Heuristic B).
    pub const fn metadata(self) -> Kernels {
        Kernels {
            is_metadata: true,
            ..self
        }
    }

    /// The same kernels, marked exempt from resource colocation.
    pub const fn colocation_exempt(self) -> Kernels {
        Kernels {
            is_colocation_exempt: true,
            ..self
        }
    }

    /// The same kernels, marked as a dataset op.
    pub const fn dataset(self) -> Kernels {
        Kernels {
            is_dataset: true,
            ..self
        }
    }

    /// The kernel definitions, in registration order.
    fn expand(&self) -> Vec<KernelDef> {
        let mut kernels = Vec::new();
        if self.cpu {
            kernels.push(KernelDef::new("CPU", TypeConstraint::Any));
        }
        if let Some(gpu) = self.gpu {
            kernels.push(KernelDef {
                host_memory_arguments: gpu.host_memory_arguments,
                host_memory_only_for_int32: gpu.host_memory_only_for_int32,
                ..KernelDef::new("GPU", gpu.constraint)
            });
        }
        if let Some(xla) = self.xla {
            let jit: &[&'static str] = if xla.device_only { &[] } else { &XLA_JIT_TYPES };
            for device_type in XLA_DEVICES.iter().chain(jit) {
                let tpu = matches!(*device_type, "TPU" | "XLA_TPU_JIT");
                let constraint = match xla.constraint {
                    TypeConstraint::NotString if tpu => TypeConstraint::TpuTypes,
                    other => other,
                };
                kernels.push(KernelDef::new(device_type, constraint));
            }
        }
        kernels.extend_from_slice(self.extra);
        kernels
    }
}

impl KernelDef {
    /// A kernel on `device_type` accepting `constraint`, default priority, nothing in host
    /// memory.
    pub const fn new(device_type: &'static str, constraint: TypeConstraint) -> KernelDef {
        KernelDef {
            device_type,
            constraint,
            priority: 0,
            host_memory_arguments: &[],
            host_memory_only_for_int32: false,
        }
    }
}

impl KernelRegistry {
    /// A registry holding `op_type`'s kernels for each pair (the engine passes every op
    /// definition's).
    pub fn new<'a>(ops: impl IntoIterator<Item = (&'static str, &'a Kernels)>) -> KernelRegistry {
        let mut registry = KernelRegistry::default();
        for (op_type, kernels) in ops {
            registry.register(op_type, kernels);
        }
        registry
    }

    /// Registers `op_type`'s kernels (once per op type).
    pub fn register(&mut self, op_type: &'static str, kernels: &Kernels) {
        self.ops.insert(
            op_type,
            OpInfo {
                kernels: kernels.expand(),
                is_metadata: kernels.is_metadata,
                is_colocation_exempt: kernels.is_colocation_exempt,
                is_dataset: kernels.is_dataset,
            },
        );
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
}

impl fmt::Display for DataType {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.enum_name())
    }
}
