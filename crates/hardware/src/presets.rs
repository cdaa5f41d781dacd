//! The preset machines of DESIGN.md "Topologies", as topology documents.
//!
//! Every figure carries its source tag from `shared/research/hardware-anchors.md` (trust
//! grades: A vendor docs, B well-known secondary, C blog quoting the vendor, D derived or from
//! memory, marked ⚠). Calibration terms (efficiencies, floors) name the measurement they
//! reproduce. Units: B/s and FLOP/s, µs.

use super::spec::{
    ChipSpec, DeviceSpec, EnvironmentSpec, HostSpec, IciSpec, LinkKind, LinkSpec, TopologySpec,
};
use std::collections::BTreeMap;

const GB: f64 = 1e9;
const GIB: u64 = 1 << 30;
const TERA: f64 = 1e12;

fn flops(pairs: &[(&str, f64)]) -> BTreeMap<String, f64> {
    BTreeMap::from_iter(pairs.iter().map(|&(k, v)| (k.to_string(), v)))
}

/// The Colab VM's CPU: 2 vCPU (one core, two hyperthreads) "Intel Xeon @ 2.20GHz" [S39][S41]
/// B, 12.7 GB RAM [S40] B. Peak ⚠ D: 1 core × 2.2 GHz × 32 FLOP/cycle (AVX2, two FMA units
/// of 8 float32 lanes). Bandwidth: grappler's 32 GB/s default for an unknown CPU [S38] A
/// (a placeholder, not a measurement).
fn colab_cpu() -> ChipSpec {
    ChipSpec {
        device_type: "CPU".into(),
        model: "Intel Xeon @ 2.20GHz (2 vCPU)".into(),
        peak_flops: flops(&[("float32", 70.4e9), ("float64", 35.2e9)]),
        memory_bytes: 12_700_000_000,
        memory_bandwidth_bytes_per_s: 32.0 * GB,
        cores: 2,
        memory_efficiency: 0.9,
        matmul_efficiency: 0.8,
        // ⚠ D: a CPU kernel's fixed cost in TF's executor; eager dispatch of one op from
        // Python through TFE_Execute is tens of µs; 10 µs assumed.
        kernel_floor_us: 0.5,
        eager_dispatch_us: 10.0,
        program_launch_us: 20.0,
        source: "[S39][S40][S41] B; peak ⚠ D (2.2 GHz × 32 FLOP/cycle); bandwidth [S38] A \
                 placeholder; dispatch ⚠ D"
            .into(),
        ..ChipSpec::default()
    }
}

/// A GPU server's host CPU (DGX-class) ⚠ D: 64 cores × 2.5 GHz × 32 FLOP/cycle, 1 TiB DRAM,
/// 200 GB/s. Not in the anchors; only host-side ops run here.
fn server_cpu() -> ChipSpec {
    ChipSpec {
        model: "server CPU (64 cores)".into(),
        peak_flops: flops(&[("float32", 5.12e12), ("float64", 2.56e12)]),
        memory_bytes: 1 << 40,
        memory_bandwidth_bytes_per_s: 200.0 * GB,
        cores: 64,
        source: "⚠ D: a DGX-class host, not in the anchors".into(),
        ..colab_cpu()
    }
}

/// A TPU VM host of the v2/v3 era: "96 vCPU and 335 GB of RAM" [S20] C; peak ⚠ D
/// (48 cores × 2.0 GHz × 32 FLOP/cycle); bandwidth ⚠ D 100 GB/s.
fn tpu_vm_cpu() -> ChipSpec {
    ChipSpec {
        model: "TPU VM host (96 vCPU)".into(),
        peak_flops: flops(&[("float32", 3.07e12), ("float64", 1.54e12)]),
        memory_bytes: 335_000_000_000,
        memory_bandwidth_bytes_per_s: 100.0 * GB,
        cores: 96,
        source: "[S20] C; peak and bandwidth ⚠ D".into(),
        ..colab_cpu()
    }
}

/// Calibration shared by the NVIDIA presets.
/// - `matmul_efficiency` 0.807: an H100 bf16 8192³ matmul is measured at ≈798 TFLOP/s of
///   989 peak (DESIGN.md "Timing model", the acceptance figure).
/// - `memory_efficiency` 0.9: an H100 device-to-device copy reaches ≈3.0 TB/s of 3.35
///   (same source); and the N=2³⁰ H100 vector add runs 4.1 ms vs a 3.84 ms roofline [S15] B.
/// - `kernel_floor_us` 1.3: a 65,536-element add takes 1.5 µs vs a 0.23 µs roofline [S15] B.
/// - `eager_dispatch_us` 20: ~20 µs host → first instruction per framework op [S35] C.
/// - `program_launch_us` 30 ⚠ D: one `tf.function` call (a graph executor start).
fn nvidia(model: &str, peaks: &[(&str, f64)], memory_bytes: u64, bandwidth: f64) -> ChipSpec {
    ChipSpec {
        device_type: "GPU".into(),
        model: model.into(),
        peak_flops: flops(peaks),
        memory_bytes,
        memory_bandwidth_bytes_per_s: bandwidth,
        cores: 1,
        matmul_efficiency: 0.807,
        memory_efficiency: 0.9,
        kernel_floor_us: 1.3,
        eager_dispatch_us: 20.0,
        program_launch_us: 30.0,
        ..ChipSpec::default()
    }
}

/// Tesla T4: fp32 8.1 TF, fp16 tensor cores 65 TF, 16 GB GDDR6 at 320 GB/s [S23] C. No
/// bf16 units (Turing): bfloat16 runs at the float32 rate.
fn t4() -> ChipSpec {
    ChipSpec {
        cores: 40,
        source: "[S23] C; calibration from DESIGN.md H100 figures and [S15][S35]".into(),
        ..nvidia(
            "Tesla T4",
            &[
                ("float32", 8.1 * TERA),
                ("float16", 65.0 * TERA),
                ("bfloat16", 8.1 * TERA),
            ],
            16 * 1_000_000_000,
            320.0 * GB,
        )
    }
}

/// V100 SXM2: fp32 15.7 TF, fp16 tensor cores 125 TF, 16 GB HBM2 at 900 GB/s
/// [S24][S25][S26] C. No bf16 units (Volta).
fn v100() -> ChipSpec {
    ChipSpec {
        cores: 80,
        source: "[S24][S25][S26] C".into(),
        ..nvidia(
            "Tesla V100-SXM2-16GB",
            &[
                ("float32", 15.7 * TERA),
                ("float16", 125.0 * TERA),
                ("bfloat16", 15.7 * TERA),
            ],
            16 * 1_000_000_000,
            900.0 * GB,
        )
    }
}

/// A100 SXM 40 GB: fp32 19.5, tf32 156, fp16/bf16 312 TF; 1555 GB/s [S27][S28] C.
fn a100() -> ChipSpec {
    ChipSpec {
        cores: 108,
        source: "[S27][S28][S29] C".into(),
        ..nvidia(
            "NVIDIA A100-SXM4-40GB",
            &[
                ("float32", 19.5 * TERA),
                ("tfloat32", 156.0 * TERA),
                ("float16", 312.0 * TERA),
                ("bfloat16", 312.0 * TERA),
            ],
            40 * 1_000_000_000,
            1555.0 * GB,
        )
    }
}

/// H100 SXM5: fp32 67, tf32 495, fp16/bf16 989 TF dense; 80 GB HBM3 at 3.35 TB/s
/// [S30][S31][S15] B/C.
fn h100() -> ChipSpec {
    ChipSpec {
        cores: 132,
        source: "[S30][S31][S15] B/C".into(),
        ..nvidia(
            "NVIDIA H100 80GB HBM3",
            &[
                ("float32", 67.0 * TERA),
                ("tfloat32", 495.0 * TERA),
                ("float16", 989.0 * TERA),
                ("bfloat16", 989.0 * TERA),
            ],
            80 * 1_000_000_000,
            3350.0 * GB,
        )
    }
}

/// Calibration shared by TPU chips, from the TPU v4 matmul measurements [S36] B:
/// - `matmul_efficiency` 0.59 and `mxu_pass_overhead_us` 29.7: the published linear fit
///   `t[µs] ≈ 0.000202·cycles + 29.7` over 343 matmuls (SCALE-Sim TPU validation; one
///   v4 array-cycle spread over 8 MXUs is 0.000119 µs, so 0.000119/0.000202 = 0.59);
/// - `mxu_pass_overhead_cycles` 89,984: the overhead ramps in linearly up to the cycles of
///   a 1024³ matmul, which reproduces the small sizes of the same table (128³: 1.36 µs);
/// - `kernel_floor_us` 1.3: the ≈1.3 µs per-fusion floor [S36] B.
///
/// Other generations reuse these ⚠ D (no published per-op data in the anchors).
/// Eager dispatch to a local TPU ⚠ D 30 µs; a compiled program launch ⚠ D 50 µs. A remote
/// TPU (Colab's TPU Node) adds the gRPC link's latency to both.
fn tpu(model: &str, bf16: f64, memory_bytes: u64, bandwidth: f64, mxus: u32) -> ChipSpec {
    ChipSpec {
        device_type: "TPU".into(),
        model: model.into(),
        // float32 matmuls run as bf16 MXU passes at DEFAULT precision.
        peak_flops: flops(&[("bfloat16", bf16), ("float32", bf16)]),
        memory_bytes,
        memory_bandwidth_bytes_per_s: bandwidth,
        cores: 1,
        mxus,
        mxu_tile: 128,
        matmul_efficiency: 0.59,
        memory_efficiency: 0.9,
        kernel_floor_us: 1.3,
        eager_dispatch_us: 30.0,
        program_launch_us: 50.0,
        mxu_pass_overhead_us: 29.7,
        mxu_pass_overhead_cycles: 89_984.0,
        ..ChipSpec::default()
    }
}

/// One TPU v2 TensorCore (a device; two per chip, separate HBM): 45 TF per chip / 2, 16 GiB
/// per chip / 2, 600 GB/s per chip / 2, 1 MXU of 128×128 [S5][S6][S7] C.
fn tpu_v2_core() -> ChipSpec {
    ChipSpec {
        source: "[S5][S6][S7][S8] C (per chip, halved per core); calibration [S36] B ⚠ D".into(),
        ..tpu("TPU v2", 22.5 * TERA, 8 * GIB, 300.0 * GB, 1)
    }
}

/// One TPU v3 TensorCore: 123 TF, 32 GiB, 900 GB/s per chip, halved; 2 MXUs per core [S2] A.
fn tpu_v3_core() -> ChipSpec {
    ChipSpec {
        source: "[S2] A (per chip, halved per core); calibration [S36] B ⚠ D".into(),
        ..tpu("TPU v3", 61.5 * TERA, 16 * GIB, 450.0 * GB, 2)
    }
}

/// A TPU v4 chip (megacore: its two TensorCores are one device): 275 TF bf16, 32 GiB HBM at
/// 1200 GB/s [S1] A; 4 MXUs per TensorCore [S1] A.
fn tpu_v4_chip() -> ChipSpec {
    ChipSpec {
        cores: 2,
        source: "[S1] A; calibration [S36] B".into(),
        ..tpu("TPU v4", 275.0 * TERA, 32 * GIB, 1200.0 * GB, 8)
    }
}

/// A TPU v5e chip: 197 TF bf16, 16 GB HBM at 819 GB/s, 1 TensorCore with 4 MXUs [S3] A.
fn tpu_v5e_chip() -> ChipSpec {
    ChipSpec {
        source: "[S3] A; calibration [S36] B ⚠ D".into(),
        ..tpu("TPU v5e", 197.0 * TERA, 16_000_000_000, 819.0 * GB, 4)
    }
}

fn host(name: &str, job: &str, task: u32, cpu: &str, system: &[&str]) -> HostSpec {
    HostSpec {
        name: name.into(),
        job: job.into(),
        task,
        cpu: cpu.into(),
        system_devices: system.iter().map(|s| s.to_string()).collect(),
    }
}

fn link(
    kind: LinkKind,
    a: &str,
    b: &str,
    bandwidth: f64,
    latency_us: f64,
    source: &str,
) -> LinkSpec {
    LinkSpec {
        kind,
        a: a.into(),
        b: b.into(),
        bandwidth_bytes_per_s: bandwidth,
        latency_us,
        source: source.into(),
    }
}

fn local_device(kind: &str, index: u32) -> String {
    format!("/job:localhost/replica:0/task:0/device:{kind}:{index}")
}

/// A single host with `count` GPUs of `chip`, each on PCIe, and optional GPU↔GPU links.
fn gpu_machine(
    name: &str,
    label: &str,
    chip: ChipSpec,
    count: u32,
    pcie: (f64, &str),
    cpu: ChipSpec,
) -> TopologySpec {
    let mut spec = TopologySpec {
        name: name.into(),
        label: label.into(),
        chips: BTreeMap::from_iter([("cpu".to_string(), cpu), ("gpu".to_string(), chip)]),
        hosts: vec![host("vm", "localhost", 0, "cpu", &[])],
        ..TopologySpec::default()
    };
    for index in 0..count {
        spec.devices.push(DeviceSpec {
            host: "vm".into(),
            chip: "gpu".into(),
            index,
            package: None,
        });
        // PCIe latency ⚠ D: ~5 µs per host↔device DMA (cudaMemcpy set-up), cf. [S34].
        spec.links.push(link(
            LinkKind::Pcie,
            "vm",
            &local_device("GPU", index),
            pcie.0,
            5.0,
            pcie.1,
        ));
    }
    spec
}

/// `cpu`: a tensorflow-cpu install (the conformance corpus runs here), on Colab's CPU.
fn cpu_preset() -> TopologySpec {
    TopologySpec {
        name: "cpu".into(),
        label: "CPU only (tensorflow-cpu)".into(),
        chips: BTreeMap::from_iter([("cpu".to_string(), colab_cpu())]),
        hosts: vec![host("vm", "localhost", 0, "cpu", &[])],
        ..TopologySpec::default()
    }
}

/// A GPU server's environment: CUDA's version only.
fn server_environment() -> EnvironmentSpec {
    EnvironmentSpec {
        variables: BTreeMap::from_iter([("CUDA_VERSION".to_string(), "12.2".to_string())]),
        ..EnvironmentSpec::default()
    }
}

/// A Colab VM's environment: a server's, with Colab's release tag and `extra`.
fn colab_environment(extra: &[(&str, &str)]) -> EnvironmentSpec {
    let mut environment = server_environment();
    let tag = [("COLAB_RELEASE_TAG", "release-colab")];
    for &(k, v) in tag.iter().chain(extra) {
        environment.variables.insert(k.into(), v.into());
    }
    environment
}

fn colab_t4() -> TopologySpec {
    let mut spec = gpu_machine(
        "colab-t4",
        "Colab T4 GPU",
        t4(),
        1,
        // PCIe 3.0 x16: ≈16 GB/s per direction [S23] C, anchors §2.
        (16.0 * GB, "PCIe 3.0 x16, 16 GB/s per direction [S23] C"),
        colab_cpu(),
    );
    spec.environment = colab_environment(&[]);
    spec
}

fn two_v100() -> TopologySpec {
    let mut spec = gpu_machine(
        "2x-v100-nvlink",
        "2× V100 (NVLink)",
        v100(),
        2,
        (16.0 * GB, "PCIe 3.0 x16, 16 GB/s per direction [S25] C"),
        server_cpu(),
    );
    // NVLink2: 6 links × 25 GB/s per direction = 150 GB/s per GPU [S25] C; ⚠ assumes all
    // six bricks join the pair (a 2-GPU board), latency ⚠ D 2 µs.
    spec.links.push(link(
        LinkKind::Nvlink,
        &local_device("GPU", 0),
        &local_device("GPU", 1),
        150.0 * GB,
        2.0,
        "NVLink2 6 × 25 GB/s per direction [S25] C; latency ⚠ D",
    ));
    spec.environment = server_environment();
    spec
}

fn eight_a100() -> TopologySpec {
    let mut spec = gpu_machine(
        "8x-a100",
        "8× A100 (NVLink)",
        a100(),
        8,
        (32.0 * GB, "PCIe Gen4 32 GB/s per direction [S27][S29] C"),
        server_cpu(),
    );
    // NVLink3 through NVSwitch: 600 GB/s bidirectional per GPU = 300 per direction
    // [S27][S29] C; latency ⚠ D 2 µs per hop.
    for index in 0..8 {
        spec.links.push(link(
            LinkKind::Nvlink,
            &local_device("GPU", index),
            "switch:nvswitch",
            300.0 * GB,
            1.0,
            "NVLink3 300 GB/s per direction per GPU [S27][S29] C; latency ⚠ D",
        ));
    }
    spec.environment = server_environment();
    spec
}

fn h100_preset() -> TopologySpec {
    let mut spec = gpu_machine(
        "h100",
        "H100 SXM",
        h100(),
        1,
        (
            64.0 * GB,
            "PCIe Gen5 128 GB/s bidirectional = 64 per direction [S31] C",
        ),
        server_cpu(),
    );
    spec.environment = server_environment();
    spec
}

/// A TPU slice: the client host `vm` (job localhost) plus `hosts` worker hosts, each with
/// `chips_per_host` chips of `cores_per_chip` devices on PCIe, an ICI grid, and the link
/// between the client and the workers.
struct Slice<'a> {
    name: &'a str,
    label: &'a str,
    client_cpu: ChipSpec,
    worker_cpu: ChipSpec,
    chip: ChipSpec,
    hosts: u32,
    chips_per_host: u32,
    cores_per_chip: u32,
    dims: Vec<u32>,
    pcie: (f64, &'a str),
    ici: (f64, &'a str),
    /// Client ↔ worker link: gRPC to a remote TPU node, or the same VM (DCN to itself is
    /// modelled as a fast local hop). Unused for a single TPU VM.
    client_link: LinkSpec,
    environment: EnvironmentSpec,
    /// The program runs on the one host of the slice, a TPU VM: its cores are the local
    /// process's devices, `/job:localhost/...` (tf-semantics.md §4.1), and there is no
    /// separate client. A multi-host slice keeps its hosts as the `worker` job's tasks.
    on_vm: bool,
}

fn slice(s: Slice<'_>) -> TopologySpec {
    let on_vm = s.on_vm && s.hosts == 1;
    let mut spec = TopologySpec {
        name: s.name.into(),
        label: s.label.into(),
        // A TPU VM is its own client: no separate client chip.
        chips: BTreeMap::from_iter(
            [
                ("worker".to_string(), s.worker_cpu),
                ("tpu".to_string(), s.chip.clone()),
            ]
            .into_iter()
            .chain((!on_vm).then(|| ("client".to_string(), s.client_cpu))),
        ),
        hosts: Vec::new(),
        environment: s.environment,
        ..TopologySpec::default()
    };
    let job = if on_vm { "localhost" } else { "worker" };
    if !on_vm {
        spec.hosts.push(host("vm", "localhost", 0, "client", &[]));
    }
    let mut grid = Vec::new();
    for task in 0..s.hosts {
        let name = if on_vm {
            "tpu-vm".to_string()
        } else {
            format!("tpu-host-{task}")
        };
        spec.hosts
            .push(host(&name, job, task, "worker", &["TPU_SYSTEM"]));
        for chip in 0..s.chips_per_host {
            for core in 0..s.cores_per_chip {
                spec.devices.push(DeviceSpec {
                    host: name.clone(),
                    chip: "tpu".into(),
                    index: chip * s.cores_per_chip + core,
                    package: Some(chip),
                });
            }
            let endpoint = if s.cores_per_chip > 1 {
                format!("{name}/chip:{chip}")
            } else {
                format!("/job:{job}/replica:0/task:{task}/device:TPU:{chip}")
            };
            spec.links.push(link(
                LinkKind::Pcie,
                &name,
                &endpoint,
                s.pcie.0,
                5.0,
                s.pcie.1,
            ));
            grid.push((name.clone(), chip));
        }
        // DCN between worker hosts: ~2.5e10 B/s per host [S11] B; latency ⚠ D 10 µs.
        if task > 0 {
            spec.links.push(link(
                LinkKind::Dcn,
                "tpu-host-0",
                &name,
                2.5e10,
                10.0,
                "DCN ~2.5e10 B/s per host [S11] B; latency ⚠ D",
            ));
        }
    }
    if !on_vm {
        let mut client = s.client_link;
        client.a = "vm".into();
        client.b = "tpu-host-0".into();
        spec.links.push(client);
    }
    let wraparound = (0..s.dims.len())
        .map(|axis| super::wraparound_allowed(&s.chip.model, &s.dims, axis))
        .collect();
    spec.ici = Some(IciSpec {
        dims: s.dims,
        wraparound,
        chips: grid,
        bandwidth_bytes_per_s: s.ici.0,
        // ~1 µs fixed cost per ICI hop [S15][S11] B.
        latency_us: 1.0,
        source: format!("{}; 1 µs per hop [S15][S11] B", s.ici.1),
    });
    spec
}

/// The TPU lifecycle of a TPU reached through a resolver: connect, then initialise.
fn tpu_environment(extra: &[(&str, &str)]) -> EnvironmentSpec {
    EnvironmentSpec {
        variables: BTreeMap::from_iter(extra.iter().map(|&(k, v)| (k.to_string(), v.to_string()))),
        tpu_requires_connect: true,
        tpu_requires_initialize: true,
    }
}

/// The TPU lifecycle on a single TPU VM: the cores are local devices from the start
/// (`experimental_connect_to_cluster` returns at once for the `local` master), and
/// programs need `initialize_tpu_system`.
fn tpu_vm_environment() -> EnvironmentSpec {
    EnvironmentSpec {
        tpu_requires_connect: false,
        ..tpu_environment(&[("TPU_NAME", "local")])
    }
}

/// Colab's legacy TPU Node: the Colab VM reaches a remote v2-8 over gRPC [S18][S19][S42].
/// gRPC figures ⚠ D: a VM NIC of 10 Gbit/s (1.25e9 B/s) and 250 µs one way per message.
fn colab_tpu_v2_8() -> TopologySpec {
    slice(Slice {
        name: "colab-tpu-v2-8",
        label: "Colab TPU v2-8",
        client_cpu: colab_cpu(),
        worker_cpu: tpu_vm_cpu(),
        chip: tpu_v2_core(),
        hosts: 1,
        chips_per_host: 4,
        cores_per_chip: 2,
        dims: vec![2, 2],
        pcie: (16.0 * GB, "≈16 GB/s per chip (IEEE Micro notes) [S13] C/D"),
        ici: (62.0 * GB, "⚠ ≈496 Gbit/s per link [S13] D"),
        client_link: link(
            LinkKind::Grpc,
            "",
            "",
            1.25e9,
            250.0,
            "⚠ D: Colab VM → TPU Node gRPC, 10 Gbit/s NIC, 250 µs per message",
        ),
        environment: tpu_environment(&[
            ("COLAB_RELEASE_TAG", "release-colab"),
            ("COLAB_TPU_ADDR", "10.0.0.2:8470"),
        ]),
        on_vm: false,
    })
}

/// The client process runs on the TPU VM itself: a loopback hop between the two CPU devices.
fn loopback() -> LinkSpec {
    link(
        LinkKind::Dcn,
        "",
        "",
        10.0 * GB,
        5.0,
        "⚠ D: same VM, in-process gRPC loopback",
    )
}

fn tpu_v3_8() -> TopologySpec {
    slice(Slice {
        name: "tpu-v3-8",
        label: "TPU v3-8",
        client_cpu: tpu_vm_cpu(),
        worker_cpu: tpu_vm_cpu(),
        chip: tpu_v3_core(),
        hosts: 1,
        chips_per_host: 4,
        cores_per_chip: 2,
        dims: vec![2, 2],
        pcie: (1.5e10, "~1.5e10 B/s [S11] B"),
        ici: (1e11, "1e11 B/s one way per link [S11] B"),
        client_link: loopback(),
        environment: tpu_vm_environment(),
        on_vm: true,
    })
}

/// A v4-32 slice: 16 chips (the suffix counts TensorCores) as 2×2×4, 4 chips per host on 4
/// hosts [S1] A; megacore makes each chip one TF device. No wraparound: not every axis is a
/// multiple of 4 [S11] B.
fn tpu_v4_32() -> TopologySpec {
    slice(Slice {
        name: "tpu-v4-32",
        label: "TPU v4-32 slice",
        client_cpu: tpu_vm_cpu(),
        worker_cpu: tpu_vm_cpu(),
        chip: tpu_v4_chip(),
        hosts: 4,
        chips_per_host: 4,
        cores_per_chip: 1,
        dims: vec![2, 2, 4],
        pcie: (16.0 * GB, "PCIe Gen3 x16, 16 GB/s each way [S14] C"),
        ici: (4.5e10, "4.5e10 B/s one way per link [S11] B"),
        client_link: loopback(),
        environment: tpu_environment(&[("TPU_NAME", "local")]),
        // Four TPU VMs: the program on the first reaches all four hosts as the `worker`
        // job's tasks.
        on_vm: false,
    })
}

/// A v5e-8: 8 chips as 2×4 on one host [S3] A; no wraparound below an axis of 16 [S11] B.
fn tpu_v5e_8() -> TopologySpec {
    slice(Slice {
        name: "tpu-v5e-8",
        label: "TPU v5e-8",
        client_cpu: tpu_vm_cpu(),
        worker_cpu: tpu_vm_cpu(),
        chip: tpu_v5e_chip(),
        hosts: 1,
        chips_per_host: 8,
        cores_per_chip: 1,
        dims: vec![2, 4],
        pcie: (1.5e10, "~1.5e10 B/s [S11] B"),
        ici: (5e10, "5e10 B/s one way per link [S3] A [S11] B"),
        client_link: loopback(),
        environment: tpu_vm_environment(),
        on_vm: true,
    })
}

/// Every preset's name and label, in the order the UI lists them.
pub const NAMES: [(&str, &str); 9] = [
    ("cpu", "CPU only (tensorflow-cpu)"),
    ("colab-t4", "Colab T4 GPU"),
    ("2x-v100-nvlink", "2× V100 (NVLink)"),
    ("8x-a100", "8× A100 (NVLink)"),
    ("h100", "H100 SXM"),
    ("colab-tpu-v2-8", "Colab TPU v2-8"),
    ("tpu-v3-8", "TPU v3-8"),
    ("tpu-v4-32", "TPU v4-32 slice"),
    ("tpu-v5e-8", "TPU v5e-8"),
];

/// Every preset document, in the order the UI lists them (`cpu` first: the default).
pub fn documents() -> Vec<TopologySpec> {
    vec![
        cpu_preset(),
        colab_t4(),
        two_v100(),
        eight_a100(),
        h100_preset(),
        colab_tpu_v2_8(),
        tpu_v3_8(),
        tpu_v4_32(),
        tpu_v5e_8(),
    ]
}
