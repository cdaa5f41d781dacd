//! The devices of a machine (`DeviceSet`): full names, types, priorities, lookups.
//!
//! Priorities come from the device factories (§2.1): GPU 210, CPU 70 on CUDA builds and 60
//! otherwise, XLA devices, TPU and TPU_SYSTEM 50. Registration order matters: graph-mode
//! error texts list devices in that order, or sorted by name, depending on the message.

use std::collections::HashMap;

use crate::device::ParsedName;

/// Index of a device in its [`DeviceSet`]; cheap to copy and compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeviceId(pub u32);

impl DeviceId {
    /// The index as `usize`, for slices.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One device: its full name and what the placer needs to know about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Device {
    /// The full canonical name, `/job:localhost/replica:0/task:0/device:GPU:0`.
    pub name: String,
    /// The same name, parsed; every part is set.
    pub parsed: ParsedName,
    /// The device type, such as `GPU`.
    pub device_type: String,
    /// The factory priority of the type (§2.1).
    pub type_priority: i32,
}

/// The devices of a machine, as the placer and eager runtime see them.
#[derive(Clone, Debug)]
pub struct DeviceSet {
    devices: Vec<Device>,
    by_name: HashMap<String, DeviceId>,
    prioritized: Vec<DeviceId>,
    prioritized_types: Vec<(String, i32)>,
    cuda_enabled: bool,
}

/// The host CPU every preset machine has.
pub const LOCAL_HOST_CPU: &str = "/job:localhost/replica:0/task:0/device:CPU:0";

/// The priority of a device type's factory (§2.1).
///
/// Types the table does not name (test types such as `FakeGPU`) get the registrar default
/// of 50, like XLA and TPU; tf-semantics.md is silent on them.
pub fn device_type_priority(device_type: &str, cuda_enabled: bool) -> i32 {
    match device_type {
        "GPU" => 210,
        "CPU" if cuda_enabled => 70,
        "CPU" => 60,
        _ => 50,
    }
}

impl DeviceSet {
    /// Builds a device set from full names in registration order.
    ///
    /// `cuda_enabled` says whether this TensorFlow build has CUDA (`IsGoogleCudaEnabled`):
    /// it changes the CPU priority and one error text. Fails with a description when a
    /// name is not a complete device name or appears twice.
    pub fn new(names: &[&str], cuda_enabled: bool) -> Result<DeviceSet, String> {
        let mut devices = Vec::with_capacity(names.len());
        let mut by_name = HashMap::new();
        for name in names {
            let parsed = ParsedName::parse(name)
                .filter(ParsedName::is_fully_specified)
                .ok_or_else(|| format!("not a complete device name: {name}"))?;
            let device_type = parsed.device_type.clone().unwrap_or_default();
            let id = DeviceId(devices.len() as u32);
            let full_name = parsed.to_string();
            if by_name.insert(full_name.clone(), id).is_some() {
                return Err(format!("device listed twice: {name}"));
            }
            by_name.insert(parsed.legacy_name(), id);
            devices.push(Device {
                name: full_name,
                type_priority: device_type_priority(&device_type, cuda_enabled),
                device_type,
                parsed,
            });
        }
        let mut prioritized: Vec<DeviceId> = (0..devices.len() as u32).map(DeviceId).collect();
        prioritized.sort_by(|a, b| {
            let (a, b) = (&devices[a.index()], &devices[b.index()]);
            b.type_priority
                .cmp(&a.type_priority)
                .then_with(|| a.name.cmp(&b.name))
        });
        let mut prioritized_types: Vec<(String, i32)> = Vec::new();
        for device in &devices {
            if !prioritized_types
                .iter()
                .any(|(name, _)| *name == device.device_type)
            {
                prioritized_types.push((device.device_type.clone(), device.type_priority));
            }
        }
        prioritized_types.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        Ok(DeviceSet {
            devices,
            by_name,
            prioritized,
            prioritized_types,
            cuda_enabled,
        })
    }

    /// A `tensorflow-cpu` install: `CPU:0` only, no CUDA (the conformance corpus machine).
    pub fn cpu_only() -> DeviceSet {
        DeviceSet::logical_cpus(1)
    }

    /// A CPU-only install whose CPU is split into `count` logical CPUs
    /// (`tf.config.set_logical_device_configuration`); `count` is clamped to 1..=64.
    pub fn logical_cpus(count: u32) -> DeviceSet {
        let names: Vec<String> = (0..count.clamp(1, 64))
            .map(|id| format!("/job:localhost/replica:0/task:0/device:CPU:{id}"))
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        DeviceSet::new(&names, false).unwrap_or_else(|error| unreachable!("{error}"))
    }

    /// A CUDA build with `gpu_count` GPUs after the host CPU (clamped to 0..=16).
    pub fn with_gpus(gpu_count: u32) -> DeviceSet {
        let mut names = vec![LOCAL_HOST_CPU.to_string()];
        names.extend(
            (0..gpu_count.min(16))
                .map(|id| format!("/job:localhost/replica:0/task:0/device:GPU:{id}")),
        );
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        DeviceSet::new(&names, true).unwrap_or_else(|error| unreachable!("{error}"))
    }

    /// A Colab VM connected to a TPU v2-8: the local CPU plus the worker's CPU, 8 TPU
    /// cores and TPU_SYSTEM (§4.1). Whether Colab's build has CUDA is not recorded in the
    /// spec; this preset says no.
    pub fn colab_tpu() -> DeviceSet {
        let mut names = vec![
            LOCAL_HOST_CPU.to_string(),
            "/job:worker/replica:0/task:0/device:CPU:0".to_string(),
        ];
        names.extend((0..8).map(|id| format!("/job:worker/replica:0/task:0/device:TPU:{id}")));
        names.push("/job:worker/replica:0/task:0/device:TPU_SYSTEM:0".to_string());
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        DeviceSet::new(&names, false).unwrap_or_else(|error| unreachable!("{error}"))
    }

    /// All devices in registration order (`DeviceSet::devices()`).
    pub fn devices(&self) -> &[Device] {
        &self.devices
    }

    /// One device.
    pub fn device(&self, id: DeviceId) -> &Device {
        &self.devices[id.index()]
    }

    /// Device ids in registration order.
    pub fn ids(&self) -> impl Iterator<Item = DeviceId> + '_ {
        (0..self.devices.len() as u32).map(DeviceId)
    }

    /// Devices by type priority, then by name (`prioritized_devices()`).
    pub fn prioritized_devices(&self) -> &[DeviceId] {
        &self.prioritized
    }

    /// Distinct device types by priority, then name (`PrioritizedDeviceTypeList`).
    pub fn prioritized_types(&self) -> &[(String, i32)] {
        &self.prioritized_types
    }

    /// Whether this build has CUDA.
    pub fn cuda_enabled(&self) -> bool {
        self.cuda_enabled
    }

    /// The device with this full or legacy name (`FindDeviceByName`).
    pub fn find_by_name(&self, name: &str) -> Option<DeviceId> {
        self.by_name.get(name).copied()
    }

    /// Devices matching a (partial) spec, in registration order (`FindMatchingDevices`).
    pub fn find_matching(&self, spec: &ParsedName) -> Vec<DeviceId> {
        self.ids()
            .filter(|id| spec.matches(&self.device(*id).parsed))
            .collect()
    }

    /// True when some device lives in the address space (job/replica/task) of `spec`.
    pub fn has_address_space(&self, spec: &ParsedName) -> bool {
        let address_space = spec.address_space();
        self.devices
            .iter()
            .any(|device| address_space.matches(&device.parsed))
    }

    /// The host CPU of the client: the first CPU device, the eager `HostCPU()`.
    pub fn host_cpu(&self) -> Option<DeviceId> {
        self.ids().find(|id| self.device(*id).device_type == "CPU")
    }

    /// Names in registration order, `", "`-joined, as several error texts print them.
    pub fn joined_names(&self) -> String {
        self.devices
            .iter()
            .map(|device| device.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn priorities_put_gpu_first_and_tpu_last() {
        let set = DeviceSet::with_gpus(2);
        let names: Vec<&str> = set
            .prioritized_devices()
            .iter()
            .map(|id| set.device(*id).name.as_str())
            .collect();
        assert_eq!(
            names,
            [
                "/job:localhost/replica:0/task:0/device:GPU:0",
                "/job:localhost/replica:0/task:0/device:GPU:1",
                "/job:localhost/replica:0/task:0/device:CPU:0",
            ]
        );
        let tpu = DeviceSet::colab_tpu();
        let types: Vec<&str> = tpu
            .prioritized_types()
            .iter()
            .map(|(name, _)| name.as_str())
            .collect();
        assert_eq!(types, ["CPU", "TPU", "TPU_SYSTEM"]);
    }

    #[test]
    fn lookups_accept_legacy_names_and_partial_specs() {
        let set = DeviceSet::with_gpus(1);
        assert_eq!(
            set.find_by_name("/job:localhost/replica:0/task:0/gpu:0"),
            Some(DeviceId(1))
        );
        let spec = ParsedName::parse("/device:GPU:*").unwrap();
        assert_eq!(set.find_matching(&spec), [DeviceId(1)]);
        assert!(DeviceSet::new(&["/device:GPU:0"], true).is_err());
        assert!(DeviceSet::new(&[LOCAL_HOST_CPU, LOCAL_HOST_CPU], true).is_err());
    }
}
