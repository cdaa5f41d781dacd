//! Topologies: the machines a program can run on, named as TensorFlow names their devices.
//!
//! For now a topology is its list of devices; the hardware model (FLOP/s, memory, links)
//! arrives with the simulator. Presets follow DESIGN.md "Topologies".

/// A machine the user can pick: its short name for the CLI and share links, a label for the UI,
/// and the TensorFlow devices it exposes.
#[derive(Debug, Clone, PartialEq)]
pub struct Topology {
    pub name: &'static str,
    pub label: &'static str,
    pub devices: Vec<String>,
}

const LOCAL: &str = "/job:localhost/replica:0/task:0/device";
const TPU_WORKER: &str = "/job:worker/replica:0/task:0/device";

fn local(kinds: &[(&str, u32)]) -> Vec<String> {
    kinds
        .iter()
        .flat_map(|&(kind, count)| (0..count).map(move |i| format!("{LOCAL}:{kind}:{i}")))
        .collect()
}

/// A Colab-style VM (its own CPU) attached to a TPU worker with `cores` TPU cores.
fn tpu_host(cores: u32) -> Vec<String> {
    let mut devices = local(&[("CPU", 1)]);
    devices.push(format!("{TPU_WORKER}:CPU:0"));
    devices.extend((0..cores).map(|i| format!("{TPU_WORKER}:TPU:{i}")));
    devices.push(format!("{TPU_WORKER}:TPU_SYSTEM:0"));
    devices
}

/// Every preset, in the order the UI lists them. `cpu` comes first: it is the default and
/// the one the conformance corpus runs on.
pub fn presets() -> Vec<Topology> {
    vec![
        Topology {
            name: "cpu",
            label: "CPU only (tensorflow-cpu)",
            devices: local(&[("CPU", 1)]),
        },
        Topology {
            name: "colab-t4",
            label: "Colab T4 GPU",
            devices: local(&[("CPU", 1), ("GPU", 1)]),
        },
        Topology {
            name: "2x-v100-nvlink",
            label: "2× V100 (NVLink)",
            devices: local(&[("CPU", 1), ("GPU", 2)]),
        },
        Topology {
            name: "8x-a100",
            label: "8× A100 (NVLink)",
            devices: local(&[("CPU", 1), ("GPU", 8)]),
        },
        Topology {
            name: "h100",
            label: "H100 SXM",
            devices: local(&[("CPU", 1), ("GPU", 1)]),
        },
        Topology {
            name: "colab-tpu-v2-8",
            label: "Colab TPU v2-8",
            devices: tpu_host(8),
        },
        Topology {
            name: "tpu-v3-8",
            label: "TPU v3-8",
            devices: tpu_host(8),
        },
        Topology {
            name: "tpu-v4-32",
            label: "TPU v4-32 slice",
            devices: tpu_host(32),
        },
        Topology {
            name: "tpu-v5e-8",
            label: "TPU v5e-8",
            devices: tpu_host(8),
        },
    ]
}

/// The preset called `name`, if there is one.
pub fn preset(name: &str) -> Option<Topology> {
    presets().into_iter().find(|t| t.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_is_a_tensorflow_cpu_install() {
        let cpu = preset("cpu").unwrap();
        assert_eq!(
            cpu.devices,
            ["/job:localhost/replica:0/task:0/device:CPU:0"]
        );
    }

    #[test]
    fn preset_names_are_unique_and_found() {
        let all = presets();
        for t in &all {
            assert_eq!(all.iter().filter(|o| o.name == t.name).count(), 1);
            assert_eq!(preset(t.name).as_ref(), Some(t));
        }
        assert!(preset("no-such-machine").is_none());
    }

    #[test]
    fn tpu_presets_name_worker_cores() {
        let tpu = preset("colab-tpu-v2-8").unwrap();
        let cores = tpu
            .devices
            .iter()
            .filter(|d| d.contains("/device:TPU:"))
            .count();
        assert_eq!(cores, 8);
        assert!(tpu
            .devices
            .contains(&"/job:worker/replica:0/task:0/device:TPU:7".to_string()));
    }
}
