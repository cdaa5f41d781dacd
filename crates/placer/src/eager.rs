//! Eager placement (TF2): one op at a time, §2.4 and the texts of §3.5.
//!
//! Order of decisions, as in `execute.cc` / `placement_utils.cc`: a resource input pins the
//! op to the resource's device; otherwise small int32/int64 host inputs pin it to the host
//! CPU; otherwise `EagerContext::SelectDevice` matches the scope's device name against the
//! devices with a kernel, with soft placement as a fallback.
//!
//! §7c leaves open whether an explicit `tf.device` disables the small-op rule; here it
//! does not (the rule is applied whatever the scope says).

use crate::device::{DeviceId, DeviceSet, ParsedName};
use crate::errors::format_node_name;
use crate::kernels::{DataType, KernelRegistry};
use crate::{ErrorCode, FallbackCause, PlacementError, PlacementReason};

/// Ops the small-op rule never pins to CPU (§2.4 step 3).
const NEVER_PINNED_OPS: &[&str] = &[
    "RandomUniform",
    "RandomUniformInt",
    "RandomStandardNormal",
    "StatelessRandomUniform",
    "StatelessRandomUniformInt",
    "StatelessRandomUniformFullInt",
    "StatelessRandomNormal",
];

/// The most elements an input may have for the small-op rule (`num_elements > 64` fails).
const SMALL_INPUT_ELEMENTS_MAX: u64 = 64;

/// An input of an eager op: where the tensor lives and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EagerInput {
    /// Its device; for a resource handle, the resource's device.
    pub device: DeviceId,
    /// Its dtype (`Resource` for variable handles).
    pub dtype: DataType,
    /// How many elements it has.
    pub element_count: u64,
}

/// An op about to run eagerly.
#[derive(Clone, Copy, Debug)]
pub struct EagerOp<'a> {
    /// TensorFlow's op type, or the function name (`__inference_f_7`) for a function call.
    pub op_type: &'a str,
    /// The `T` attr, if any.
    pub dtype: Option<DataType>,
    /// Its inputs in order.
    pub inputs: &'a [EagerInput],
    /// A `tf.function` call: exempt from the pinning rules, supported everywhere.
    pub is_function_call: bool,
}

/// Where an eager op runs and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EagerPlacement {
    /// The device.
    pub device: DeviceId,
    /// Why.
    pub reason: PlacementReason,
}

/// Places one eager op. `scope_device` is the current `tf.device` scope's name, already a
/// full name from [`crate::device::spec::eager_scope_name`], or empty.
pub fn place_eager_op(
    devices: &DeviceSet,
    registry: &KernelRegistry,
    op: &EagerOp<'_>,
    scope_device: &str,
    allow_soft_placement: bool,
) -> Result<EagerPlacement, PlacementError> {
    let Some(preferred) = ParsedName::parse(scope_device) else {
        // Not in tf-semantics.md: `EagerOperation::SetDeviceName` rejects names the C++
        // parser refuses; the op's debug string that follows is not modelled.
        return Err(PlacementError::invalid_argument(format!(
            "Malformed device specification '{scope_device}' in eager op: {}",
            op.op_type
        )));
    };
    if let Some(input) = op
        .inputs
        .iter()
        .find(|input| input.device.index() >= devices.devices().len())
    {
        // Not a TensorFlow text: an input on an unknown device is an emulator bug.
        return Err(PlacementError::new(
            ErrorCode::Internal,
            format!(
                "An input of {} lives on unknown device #{}",
                op.op_type, input.device.0
            ),
        ));
    }
    if let Some(placement) = pin_to_resource_device(registry, op) {
        check_kernel(devices, registry, op, placement.device)?;
        return Ok(placement);
    }
    if let Some(host_cpu) = pin_small_ops_to_cpu(devices, registry, op) {
        check_kernel(devices, registry, op, host_cpu)?;
        return Ok(EagerPlacement {
            device: host_cpu,
            reason: PlacementReason::PinnedSmallIntOpsToCpu,
        });
    }
    let (device, fallback) =
        select_device(devices, registry, op, &preferred, allow_soft_placement)?;
    let reason = match fallback {
        Some(why) => PlacementReason::SoftPlacementFallback {
            requested: scope_device.to_string(),
            why,
        },
        None if preferred.has_some_details() => PlacementReason::ExplicitRequest,
        None => PlacementReason::DefaultPriority {
            device_type: devices.device(device).device_type.clone(),
        },
    };
    Ok(EagerPlacement { device, reason })
}

/// Where eager `tf.constant` puts its tensor under the scope `scope_device`.
///
/// Inferred from cases b02, b04 and b06 (not in tf-semantics.md): a name holding
/// `/device:CPU:0` is a copy to that exact device, which fails with `<name> unknown
/// device.` when no such device exists; any other name runs `_EagerConst` there through
/// `SelectDevice`, whose errors carry no `[Op:...]` suffix. No scope means the host CPU.
pub fn place_eager_constant(
    devices: &DeviceSet,
    registry: &KernelRegistry,
    dtype: DataType,
    scope_device: &str,
    allow_soft_placement: bool,
) -> Result<EagerPlacement, PlacementError> {
    if scope_device.is_empty() {
        let host_cpu = devices.host_cpu().ok_or_else(|| {
            PlacementError::new(
                ErrorCode::Internal,
                "The machine has no CPU device".to_string(),
            )
        })?;
        return Ok(EagerPlacement {
            device: host_cpu,
            reason: PlacementReason::DefaultPriority {
                device_type: "CPU".to_string(),
            },
        });
    }
    if scope_device.contains("/device:CPU:0") {
        return match devices.find_by_name(scope_device) {
            Some(device) => Ok(EagerPlacement {
                device,
                reason: PlacementReason::ExplicitRequest,
            }),
            None => Err(PlacementError::invalid_argument(format!(
                "{scope_device} unknown device."
            ))),
        };
    }
    let op = EagerOp {
        op_type: "_EagerConst",
        dtype: Some(dtype),
        inputs: &[],
        is_function_call: false,
    };
    place_eager_op(devices, registry, &op, scope_device, allow_soft_placement)
}

/// `MaybePinToResourceDevice`: the first resource input decides, unless the op is exempt.
fn pin_to_resource_device(registry: &KernelRegistry, op: &EagerOp<'_>) -> Option<EagerPlacement> {
    if op.is_function_call || registry.is_colocation_exempt(op.op_type) {
        return None;
    }
    let (input_index, input) = op
        .inputs
        .iter()
        .enumerate()
        .find(|(_, input)| input.dtype == DataType::Resource)?;
    Some(EagerPlacement {
        device: input.device,
        reason: PlacementReason::ResourceDevice { input_index },
    })
}

/// `MaybePinSmallOpsToCpu` (§2.4 step 3): returns the host CPU when the rule applies.
fn pin_small_ops_to_cpu(
    devices: &DeviceSet,
    registry: &KernelRegistry,
    op: &EagerOp<'_>,
) -> Option<DeviceId> {
    if op.is_function_call
        || registry.is_colocation_exempt(op.op_type)
        || NEVER_PINNED_OPS.contains(&op.op_type)
    {
        return None;
    }
    let host_cpu = devices.host_cpu()?;
    let all_small = !op.inputs.is_empty()
        && op.inputs.iter().all(|input| {
            matches!(input.dtype, DataType::Int32 | DataType::Int64)
                && input.element_count <= SMALL_INPUT_ELEMENTS_MAX
                && input.device == host_cpu
        });
    all_small.then_some(host_cpu)
}

/// `EagerContext::SelectDevice`: the first device, by supported type then device priority,
/// that matches `preferred`; with soft placement, retry with type and id cleared.
/// Returns the device and, when soft placement was needed, why.
pub fn select_device(
    devices: &DeviceSet,
    registry: &KernelRegistry,
    op: &EagerOp<'_>,
    preferred: &ParsedName,
    allow_soft_placement: bool,
) -> Result<(DeviceId, Option<FallbackCause>), PlacementError> {
    let supported = registry.supported_device_types(
        op.op_type,
        op.dtype,
        op.is_function_call,
        devices.prioritized_types(),
    );
    if supported.is_empty() {
        return Err(PlacementError::new(
            ErrorCode::NotFound,
            format!(
                "Could not find device for node: {} = {}[{}]\nAll kernels registered for op {}:\n{}",
                format_node_name(op.op_type),
                op.op_type,
                op.dtype.map(|dtype| format!("T={}", dtype.enum_name())).unwrap_or_default(),
                op.op_type,
                registry.kernels_registered_for_op(op.op_type)
            ),
        ));
    }
    let best_match = |pattern: &ParsedName| {
        supported.iter().find_map(|(device_type, _)| {
            devices.prioritized_devices().iter().copied().find(|id| {
                let device = devices.device(*id);
                device.device_type == *device_type && pattern.matches(&device.parsed)
            })
        })
    };
    if let Some(device) = best_match(preferred) {
        return Ok((device, None));
    }
    if allow_soft_placement {
        if let Some(device) = best_match(&preferred.without_type_and_id()) {
            let why = if devices.find_matching(preferred).is_empty() {
                FallbackCause::NoMatchingDevice
            } else {
                FallbackCause::NoKernelOnRequestedDevice
            };
            return Ok((device, Some(why)));
        }
    }
    let soft = u8::from(allow_soft_placement);
    let types: Vec<&str> = supported.iter().map(|(name, _)| name.as_str()).collect();
    let names: Vec<&str> = devices
        .prioritized_devices()
        .iter()
        .map(|id| devices.device(*id).name.as_str())
        .collect();
    let message = if preferred.has_some_details() {
        format!(
            "Could not satisfy device specification '{preferred}'. enable_soft_placement={soft}. Supported device \
             types [{}]. All available devices [{}].",
            types.join(", "),
            names.join(", ")
        )
    } else {
        // "devices types" is TensorFlow's wording (§3.5).
        format!(
            "No supported device found in available devices [{}]. enable_soft_placement={soft}. Supported devices \
             types [{}].",
            names.join(", "),
            types.join(", ")
        )
    };
    Err(PlacementError::invalid_argument(message))
}

/// After a pinning rule chose `device`, the kernel lookup may still fail (`FindKernelDef`,
/// §3.4). The node name in eager mode is not recorded in the spec; the op type stands in.
fn check_kernel(
    devices: &DeviceSet,
    registry: &KernelRegistry,
    op: &EagerOp<'_>,
    device: DeviceId,
) -> Result<(), PlacementError> {
    let device_type = &devices.device(device).device_type;
    if op.is_function_call || registry.has_kernel(op.op_type, device_type, op.dtype) {
        return Ok(());
    }
    let mut message = format!(
        "No registered '{}' OpKernel for {device_type} devices compatible with node {}",
        op.op_type,
        format_node_name(op.op_type)
    );
    if registry.has_kernel(op.op_type, device_type, None) {
        let attrs = op
            .dtype
            .map(|dtype| format!("T={}", dtype.enum_name()))
            .unwrap_or_default();
        message.push_str(&format!(
            " (OpKernel was found, but attributes didn't match) Requested Attributes: {attrs}"
        ));
    }
    if !device_type.ends_with("_JIT") {
        message.push_str(&format!(
            ".  Registered:{}",
            registry.kernels_registered_for_op(op.op_type)
        ));
    }
    Err(PlacementError::new(ErrorCode::NotFound, message))
}
