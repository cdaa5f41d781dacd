//! The topology document: a machine as plain data (JSON), the form presets are written in,
//! the UI edits and share links carry.
//!
//! A document names *chips* (a catalogue of hardware figures, each with the source it came
//! from), *hosts* (machines with a CPU chip and a TensorFlow job/task), *devices* (TensorFlow
//! device names, each an instance of a chip on a host), *links* (PCIe, NVLink, on-chip, ICI,
//! DCN, gRPC) and an optional ICI torus that expands into links. Nothing here is trusted:
//! [`super::validate`] checks and clamps every figure before the simulator sees it.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A whole machine as the user picks or edits it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct TopologySpec {
    /// Short name for the CLI and share links (`colab-t4`).
    pub name: String,
    /// What the UI shows (`Colab T4 GPU`).
    #[serde(default)]
    pub label: String,
    /// Hardware figures by chip key; devices and hosts refer to these keys.
    pub chips: BTreeMap<String, ChipSpec>,
    /// The machines. The first host is where the Python program runs (the client).
    pub hosts: Vec<HostSpec>,
    /// Accelerator devices (host CPUs are devices too, declared by their host).
    #[serde(default)]
    pub devices: Vec<DeviceSpec>,
    /// Explicit links between endpoints (host names or full device names).
    #[serde(default)]
    pub links: Vec<LinkSpec>,
    /// An ICI torus over TPU chips, expanded into `ici` links with wraparound rules.
    #[serde(default)]
    pub ici: Option<IciSpec>,
    /// The process environment and TPU lifecycle rules.
    #[serde(default)]
    pub environment: EnvironmentSpec,
}

/// The hardware figures of one kind of chip (or one TPU core when cores are devices).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct ChipSpec {
    /// `CPU`, `GPU` or `TPU`: which TensorFlow device type instances of it are.
    #[serde(rename = "type")]
    pub device_type: String,
    /// Marketing name (`Tesla T4`, `TPU v4`).
    pub model: String,
    /// Dense peak FLOP/s by dtype name (`float32`, `bfloat16`, `float16`); dtypes not listed
    /// run at the `float32` figure.
    pub peak_flops: BTreeMap<String, f64>,
    /// Memory the device owns (HBM, GDDR, or host DRAM for a CPU).
    pub memory_bytes: u64,
    /// Peak memory bandwidth.
    pub memory_bandwidth_bytes_per_s: f64,
    /// Cores (CPU cores, GPU SMs, TPU TensorCores) inside one device.
    #[serde(default = "one")]
    pub cores: u32,
    /// Matrix units per device (TPU MXUs); 0 when matmuls run on vector or tensor cores.
    #[serde(default)]
    pub mxus: u32,
    /// The MXU tile edge: 128, or 256 on v6e. Shapes are padded to it.
    #[serde(default)]
    pub mxu_tile: u32,
    /// Fraction of peak a large matmul reaches (calibrated, see each preset's source).
    #[serde(default = "default_matmul_efficiency")]
    pub matmul_efficiency: f64,
    /// Fraction of peak bandwidth a large streaming kernel reaches.
    #[serde(default = "default_memory_efficiency")]
    pub memory_efficiency: f64,
    /// The least time any kernel takes on the device (launch gap, fusion floor).
    #[serde(default)]
    pub kernel_floor_us: f64,
    /// Host time to dispatch one eager op to this device (Python → TF runtime → driver).
    #[serde(default)]
    pub eager_dispatch_us: f64,
    /// Host time to launch one compiled program (a `tf.function` call, a TPU program).
    #[serde(default)]
    pub program_launch_us: f64,
    /// A per-matmul overhead that grows with the number of MXU weight-tile passes up to this
    /// many microseconds (calibration for TPUs; see `hardware::roofline`).
    #[serde(default)]
    pub mxu_pass_overhead_us: f64,
    /// The number of single-array MXU cycles at which that overhead is fully paid.
    #[serde(default)]
    pub mxu_pass_overhead_cycles: f64,
    /// Where the figures come from: source tags of `shared/research/hardware-anchors.md`.
    #[serde(default)]
    pub source: String,
}

fn one() -> u32 {
    1
}

fn default_matmul_efficiency() -> f64 {
    1.0
}

fn default_memory_efficiency() -> f64 {
    1.0
}

/// One machine: its CPU and the TensorFlow job and task its devices belong to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct HostSpec {
    /// A name links refer to (`vm`, `tpu-host-0`).
    pub name: String,
    /// TensorFlow job of its devices (`localhost`, `worker`).
    pub job: String,
    /// TensorFlow task index.
    #[serde(default)]
    pub task: u32,
    /// Chip key of its CPU; the host is also the device `/job:J/replica:0/task:T/device:CPU:0`.
    pub cpu: String,
    /// Extra non-compute devices TensorFlow lists on this host (`TPU_SYSTEM`).
    #[serde(default)]
    pub system_devices: Vec<String>,
}

/// One accelerator device: an instance of a chip on a host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct DeviceSpec {
    /// Host name the device is attached to.
    pub host: String,
    /// Chip key.
    pub chip: String,
    /// TensorFlow device index on its host (`GPU:1` → 1).
    pub index: u32,
    /// The physical chip this device belongs to, when several devices share a chip (the two
    /// TensorCores of a TPU v2/v3 chip). Devices with the same `package` on a host talk over
    /// an on-chip link.
    #[serde(default)]
    pub package: Option<u32>,
}

/// What kind of wire a link is; it decides colours in the UI and names in the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Hash, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum LinkKind {
    /// Host ↔ accelerator over PCI Express.
    Pcie,
    /// GPU ↔ GPU (or GPU ↔ NVSwitch).
    Nvlink,
    /// Between the cores of one chip.
    Onchip,
    /// TPU inter-chip interconnect.
    Ici,
    /// Data-centre network between hosts.
    Dcn,
    /// A gRPC channel to a remote TensorFlow worker (Colab VM → TPU node).
    Grpc,
}

impl LinkKind {
    /// The name used in link labels.
    pub fn name(self) -> &'static str {
        match self {
            LinkKind::Pcie => "PCIe",
            LinkKind::Nvlink => "NVLink",
            LinkKind::Onchip => "on-chip",
            LinkKind::Ici => "ICI",
            LinkKind::Dcn => "DCN",
            LinkKind::Grpc => "gRPC",
        }
    }
}

/// A full-duplex wire between two endpoints (host names, full device names, or switch names
/// that appear only in links).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkSpec {
    pub kind: LinkKind,
    pub a: String,
    pub b: String,
    /// Bandwidth in each direction.
    pub bandwidth_bytes_per_s: f64,
    /// One-way latency of a message.
    pub latency_us: f64,
    #[serde(default)]
    pub source: String,
}

/// An ICI torus: TPU devices laid out on a grid, neighbours linked, ends joined where the
/// generation's wraparound rule allows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IciSpec {
    /// Grid size per axis (1 to 3 axes), e.g. `[2, 2, 4]`.
    pub dims: Vec<u32>,
    /// Whether each axis wraps around; must agree with the generation's rule.
    pub wraparound: Vec<bool>,
    /// The chips in row-major grid order: for each grid point, its `package` on its host,
    /// given as `[host, package]`.
    pub chips: Vec<(String, u32)>,
    /// Per-link bandwidth in each direction.
    pub bandwidth_bytes_per_s: f64,
    /// Per-hop latency.
    pub latency_us: f64,
    #[serde(default)]
    pub source: String,
}

/// The process environment and how TPUs come up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentSpec {
    /// Environment variables (`COLAB_TPU_ADDR`).
    #[serde(default)]
    pub variables: BTreeMap<String, String>,
    /// TPU devices appear only after `tf.config.experimental_connect_to_cluster`.
    #[serde(default)]
    pub tpu_requires_connect: bool,
    /// TPU devices work only after `tf.tpu.experimental.initialize_tpu_system`.
    #[serde(default)]
    pub tpu_requires_initialize: bool,
}
