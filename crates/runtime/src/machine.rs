//! The machine a program runs on: the topology's devices, split into logical CPUs if the
//! program asks, frozen into a [`DeviceSet`] when the runtime initialises.
//!
//! **One source of truth:** the [`Topology`]'s device names. The [`DeviceSet`] the placer
//! uses is *derived* from them (plus the logical CPU split) exactly once, at initialisation,
//! which is also the moment TensorFlow stops accepting `set_logical_device_configuration`
//! (`RuntimeError: Virtual devices cannot be modified after being initialized`, checked
//! with the oracle). Listing physical devices does not initialise; listing logical devices
//! or running any op does.

use crate::error::{ExceptionClass, TfError, TfResult};
use hardware::topology::Topology;
use placer::device::{DeviceSet, ParsedName};
use tensor::ops::MatMulArithmetic;

/// The job of the devices that belong to the program's own process.
const LOCAL_JOB: &str = "localhost";
/// The most logical CPUs one physical CPU may be split into (a playground limit).
pub const LOGICAL_CPUS_MAX: u32 = 64;

/// `tf.config.PhysicalDevice`: a device of the local host before any splitting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhysicalDevice {
    /// `/physical_device:CPU:0`.
    pub name: String,
    /// `CPU`, `GPU`, `TPU`.
    pub device_type: String,
}

impl PhysicalDevice {
    /// `repr(device)`: `PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')`.
    pub fn repr(&self) -> String {
        format!(
            "PhysicalDevice(name='{}', device_type='{}')",
            self.name, self.device_type
        )
    }
}

/// `tf.config.LogicalDevice`: a device as the runtime exposes it after initialisation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicalDevice {
    /// `/device:CPU:0` for local devices, the full name for remote ones.
    pub name: String,
    /// `CPU`, `GPU`, `TPU`.
    pub device_type: String,
}

impl LogicalDevice {
    /// `repr(device)`: `LogicalDevice(name='/device:CPU:0', device_type='CPU')`.
    pub fn repr(&self) -> String {
        format!(
            "LogicalDevice(name='{}', device_type='{}')",
            self.name, self.device_type
        )
    }
}

/// The machine of one program run.
#[derive(Clone, Debug)]
pub struct Machine {
    topology_name: String,
    /// The topology's full device names in registration order.
    topology_devices: Vec<String>,
    /// Logical CPUs per local physical CPU, when the program split it.
    logical_cpu_count: Option<u32>,
    /// The device set, once initialised.
    devices: Option<DeviceSet>,
    /// The chips behind the devices, for the arithmetic their kernels use.
    hardware: std::sync::Arc<hardware::Hardware>,
    /// Remote devices (other jobs than `localhost`) stay hidden until
    /// `experimental_connect_to_cluster` (a Colab TPU Node, a TPU slice's workers).
    remote_hidden: bool,
}

impl Machine {
    /// A machine with the topology's devices, not yet initialised.
    pub fn new(topology: &Topology) -> Machine {
        Machine {
            topology_name: topology.name.to_string(),
            topology_devices: topology.devices.clone(),
            logical_cpu_count: None,
            devices: None,
            hardware: topology.hardware.clone(),
            remote_hidden: topology.hardware.environment.tpu_requires_connect,
        }
    }

    /// For a GPU device: its index and its memory in bytes (what its allocator can hand out).
    pub fn gpu_memory(&self, device: &str) -> Option<(u32, u64)> {
        let (_, index) = device.rsplit_once("/device:GPU:")?;
        let index: u32 = index.parse().ok()?;
        let chip = &self
            .hardware
            .devices
            .get(self.hardware.device_index(device)?)?
            .chip;
        Some((index, chip.memory_bytes))
    }

    /// How `MatMul` computes on `device`: on a TPU core, the MXU's bfloat16 passes with the
    /// chip's tile; elsewhere sums in `k` order.
    pub fn matmul_arithmetic(&self, device: &str) -> MatMulArithmetic {
        if !device.contains("/device:TPU:") {
            return MatMulArithmetic::Sequential;
        }
        let chip = match self.hardware.device_index(device) {
            Some(index) => self.hardware.devices.get(index),
            None => self
                .hardware
                .devices
                .iter()
                .find(|d| d.device_type == "TPU"),
        };
        let tile = chip.map_or(128, |device| device.chip.mxu_tile.max(1));
        MatMulArithmetic::Mxu {
            tile: tile as usize,
        }
    }

    /// `tf.config.experimental_connect_to_cluster`: the remote workers' devices appear
    /// (after the local ones, so existing device ids stay valid).
    pub fn connect_remote_devices(&mut self) {
        if self.remote_hidden {
            self.remote_hidden = false;
            if self.devices.is_some() {
                self.devices = None;
                let _ = self.devices();
            }
        }
    }

    /// The topology's short name (`cpu`, `colab-t4`).
    pub fn topology_name(&self) -> &str {
        &self.topology_name
    }

    /// True once the device set exists (any op ran or logical devices were listed).
    pub fn is_initialized(&self) -> bool {
        self.devices.is_some()
    }

    /// `tf.config.list_physical_devices(device_type)`: local devices only, in topology order.
    pub fn list_physical_devices(&self, device_type: Option<&str>) -> Vec<PhysicalDevice> {
        let mut counts: Vec<(String, u32)> = Vec::new();
        let mut result = Vec::new();
        for parsed in self.local_devices() {
            let Some(kind) = parsed.device_type.clone() else {
                continue;
            };
            let index = match counts.iter_mut().find(|(name, _)| *name == kind) {
                Some((_, count)) => {
                    *count += 1;
                    *count - 1
                }
                None => {
                    counts.push((kind.clone(), 1));
                    0
                }
            };
            if device_type.is_none_or(|wanted| wanted == kind) {
                result.push(PhysicalDevice {
                    name: format!("/physical_device:{kind}:{index}"),
                    device_type: kind,
                });
            }
        }
        result
    }

    /// `tf.config.set_logical_device_configuration(physical, [LogicalDeviceConfiguration()] *
    /// count)` for a CPU. After initialisation TensorFlow raises a `RuntimeError`.
    pub fn set_logical_cpu_count(&mut self, physical: &str, count: u32) -> TfResult<()> {
        if self.is_initialized() {
            return Err(TfError::new(
                ExceptionClass::RuntimeError,
                "Virtual devices cannot be modified after being initialized",
            ));
        }
        if !physical.starts_with("/physical_device:CPU:") {
            // Playground limit, not a TensorFlow text: GPU memory-limited splits are not
            // emulated yet.
            return Err(TfError::value_error(format!(
                "The playground can only split CPUs into logical devices, not {physical}"
            )));
        }
        if count == 0 || count > LOGICAL_CPUS_MAX {
            // Playground limit, not a TensorFlow text.
            return Err(TfError::value_error(format!(
                "The playground supports 1 to {LOGICAL_CPUS_MAX} logical CPUs, not {count}"
            )));
        }
        self.logical_cpu_count = Some(count);
        Ok(())
    }

    /// The device set, initialising the machine on first use.
    pub fn devices(&mut self) -> TfResult<&DeviceSet> {
        if self.devices.is_none() {
            let names = self.logical_device_names();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let cuda_enabled = self
                .topology_devices
                .iter()
                .any(|name| name.contains("/device:GPU:"));
            let set = DeviceSet::new(&names, cuda_enabled).map_err(TfError::internal)?;
            self.devices = Some(set);
        }
        self.devices
            .as_ref()
            .ok_or_else(|| TfError::internal("device set missing after initialisation"))
    }

    /// `tf.config.list_logical_devices(device_type)`; initialises the machine.
    pub fn list_logical_devices(
        &mut self,
        device_type: Option<&str>,
    ) -> TfResult<Vec<LogicalDevice>> {
        let devices = self.devices()?;
        Ok(devices
            .devices()
            .iter()
            .filter(|device| device_type.is_none_or(|wanted| wanted == device.device_type))
            .map(|device| {
                let local = device.parsed.job.as_deref() == Some(LOCAL_JOB);
                let name = if local {
                    format!(
                        "/device:{}:{}",
                        device.device_type,
                        device.parsed.id.unwrap_or(0)
                    )
                } else {
                    device.name.clone()
                };
                LogicalDevice {
                    name,
                    device_type: device.device_type.clone(),
                }
            })
            .collect())
    }

    fn local_devices(&self) -> impl Iterator<Item = ParsedName> + '_ {
        self.topology_devices
            .iter()
            .filter_map(|name| ParsedName::parse(name))
            .filter(|parsed| parsed.job.as_deref() == Some(LOCAL_JOB))
    }

    /// The topology's names with each local CPU expanded into the logical CPUs.
    fn logical_device_names(&self) -> Vec<String> {
        let mut names = Vec::with_capacity(self.topology_devices.len());
        for name in &self.topology_devices {
            let parsed = ParsedName::parse(name);
            let remote = parsed
                .as_ref()
                .is_some_and(|parsed| parsed.job.as_deref() != Some(LOCAL_JOB));
            if remote && self.remote_hidden {
                continue;
            }
            let is_local_cpu = parsed.as_ref().is_some_and(|parsed| {
                parsed.job.as_deref() == Some(LOCAL_JOB)
                    && parsed.device_type.as_deref() == Some("CPU")
            });
            match (is_local_cpu, self.logical_cpu_count) {
                (true, Some(count)) => {
                    let prefix = name
                        .rsplit_once(':')
                        .map_or(name.as_str(), |(head, _)| head);
                    names.extend((0..count).map(|id| format!("{prefix}:{id}")));
                }
                _ => names.push(name.clone()),
            }
        }
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hardware::topology;

    const LOCAL_CPU: &str = "/job:localhost/replica:0/task:0/device:CPU:0";

    fn cpu_machine() -> Machine {
        Machine::new(&topology::preset("cpu").expect("cpu preset"))
    }

    #[test]
    fn tpu_cores_multiply_on_the_mxu() {
        let tpu = Machine::new(&topology::preset("colab-tpu-v2-8").expect("preset"));
        assert_eq!(
            tpu.matmul_arithmetic("/job:worker/replica:0/task:0/device:TPU:3"),
            MatMulArithmetic::Mxu { tile: 128 }
        );
        assert_eq!(
            tpu.matmul_arithmetic("/job:localhost/replica:0/task:0/device:CPU:0"),
            MatMulArithmetic::Sequential
        );
        let gpu = Machine::new(&topology::preset("colab-t4").expect("preset"));
        assert_eq!(
            gpu.matmul_arithmetic("/job:localhost/replica:0/task:0/device:GPU:0"),
            MatMulArithmetic::Sequential
        );
    }

    #[test]
    fn logical_split_then_freeze() {
        // Case b05.
        let mut machine = cpu_machine();
        let physical = machine.list_physical_devices(Some("CPU"));
        let reprs: Vec<String> = physical.iter().map(PhysicalDevice::repr).collect();
        assert_eq!(
            reprs,
            ["PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')"]
        );
        assert!(!machine.is_initialized());
        machine.set_logical_cpu_count(&physical[0].name, 3).unwrap();
        let logical = machine.list_logical_devices(None).unwrap();
        let reprs: Vec<String> = logical.iter().map(LogicalDevice::repr).collect();
        assert_eq!(
            format!("[{}]", reprs.join(", ")),
            "[LogicalDevice(name='/device:CPU:0', device_type='CPU'), LogicalDevice(name='/device:CPU:1', device_type='CPU'), LogicalDevice(name='/device:CPU:2', device_type='CPU')]"
        );
        assert!(machine
            .list_logical_devices(Some("GPU"))
            .unwrap()
            .is_empty());
        let error = machine
            .set_logical_cpu_count(&physical[0].name, 2)
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "RuntimeError: Virtual devices cannot be modified after being initialized"
        );
    }

    #[test]
    fn gpu_topologies_enable_cuda_and_list_gpus() {
        let mut machine = Machine::new(&topology::preset("2x-v100-nvlink").expect("preset"));
        assert_eq!(machine.list_physical_devices(Some("GPU")).len(), 2);
        assert!(machine.devices().unwrap().cuda_enabled());
        let mut tpu = Machine::new(&topology::preset("colab-tpu-v2-8").expect("preset"));
        assert_eq!(tpu.list_physical_devices(None).len(), 1);
        // The TPU Node's cores appear only after `experimental_connect_to_cluster`.
        assert!(tpu.list_logical_devices(Some("TPU")).unwrap().is_empty());
        let host = tpu.devices().unwrap().find_by_name(LOCAL_CPU);
        tpu.connect_remote_devices();
        let logical = tpu.list_logical_devices(Some("TPU")).unwrap();
        assert_eq!(logical.len(), 8);
        assert_eq!(logical[0].name, "/job:worker/replica:0/task:0/device:TPU:0");
        assert_eq!(tpu.devices().unwrap().find_by_name(LOCAL_CPU), host);
    }
}
