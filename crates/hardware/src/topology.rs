//! Topologies: the machines a program can run on, named as TensorFlow names their devices,
//! with the hardware model behind them.
//!
//! A [`Topology`] is a validated topology document ([`crate::spec`]): the presets
//! of DESIGN.md "Topologies" ([`crate::presets`]) or a custom JSON document from a
//! file or share link ([`Topology::from_document`]). `devices` is the TensorFlow device list
//! the runtime and placer use; `hardware` is what the simulator times work on.

use crate::{presets, Hardware, TopologySpec};
use std::sync::Arc;

/// A machine the user can pick: its short name for the CLI and share links, a label for the
/// UI, the TensorFlow devices it exposes, and its hardware.
#[derive(Debug, Clone, PartialEq)]
pub struct Topology {
    /// The preset's name, or `custom` for a document that is not a preset's.
    pub name: &'static str,
    pub label: &'static str,
    /// Full TensorFlow device names in registration order.
    pub devices: Vec<String>,
    /// The resolved machine the simulator runs on.
    pub hardware: Arc<Hardware>,
    /// The document it came from (what a share link carries).
    pub document: Arc<TopologySpec>,
}

/// The name a custom document's topology goes by at runtime.
pub const CUSTOM: &str = "custom";

impl Topology {
    fn from_spec(spec: TopologySpec, hardware: Hardware) -> Topology {
        let known = presets::NAMES.iter().find(|(name, _)| *name == spec.name);
        let (name, label) = known.copied().unwrap_or((CUSTOM, "Custom topology"));
        Topology {
            name,
            label,
            devices: hardware.devices.iter().map(|d| d.name.clone()).collect(),
            hardware: Arc::new(hardware),
            document: Arc::new(spec),
        }
    }

    /// A topology from a JSON document, validated (the text is untrusted).
    pub fn from_document(text: &str) -> Result<Topology, String> {
        let (spec, hardware) = crate::parse_json(text)?;
        Ok(Topology::from_spec(spec, hardware))
    }
}

/// Every preset, in the order the UI lists them. `cpu` comes first: it is the default and
/// the one the conformance corpus runs on.
pub fn presets() -> Vec<Topology> {
    presets::documents()
        .into_iter()
        .map(|spec| match crate::validate(&spec) {
            Ok(hardware) => Topology::from_spec(spec, hardware),
            // Presets are code, not input; `presets_are_valid` keeps this unreachable.
            Err(error) => panic!("preset {} is invalid: {error}", spec.name),
        })
        .collect()
}

/// The preset called `name`, if there is one.
pub fn preset(name: &str) -> Option<Topology> {
    let spec = presets::documents().into_iter().find(|t| t.name == name)?;
    let hardware = crate::validate(&spec).ok()?;
    Some(Topology::from_spec(spec, hardware))
}

/// A preset name, or a JSON topology document (text starting with `{`).
pub fn resolve(name_or_document: &str) -> Result<Topology, String> {
    if name_or_document.trim_start().starts_with('{') {
        return Topology::from_document(name_or_document);
    }
    preset(name_or_document).ok_or_else(|| {
        let names: Vec<&str> = presets::NAMES.iter().map(|(name, _)| *name).collect();
        // A name is echoed only when it looks like one, never a whole text.
        let shown = if name_or_document.len() <= 64
            && name_or_document.chars().all(|c| c.is_ascii_graphic())
        {
            format!("'{name_or_document}'")
        } else {
            format!(
                "(a {}-byte text that is not a name)",
                name_or_document.len()
            )
        };
        format!("unknown topology {shown}; known: {}", names.join(", "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_list_the_ui_shows_matches_the_presets_in_order() {
        let from_presets: Vec<(&str, &str)> = presets().iter().map(|t| (t.name, t.label)).collect();
        assert_eq!(from_presets, presets::NAMES.to_vec());
    }

    #[test]
    fn cpu_is_a_tensorflow_cpu_install() {
        let cpu = preset("cpu").unwrap();
        assert_eq!(
            cpu.devices,
            ["/job:localhost/replica:0/task:0/device:CPU:0"]
        );
    }

    #[test]
    fn presets_are_valid_and_named_as_listed() {
        let all = presets();
        let names: Vec<(&str, &str)> = all.iter().map(|t| (t.name, t.label)).collect();
        assert_eq!(names, presets::NAMES);
        for spec in presets::documents() {
            let label = presets::NAMES
                .iter()
                .find(|(n, _)| *n == spec.name)
                .unwrap()
                .1;
            assert_eq!(spec.label, label);
        }
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
    fn device_lists_keep_their_tensorflow_names() {
        let local = |kinds: &[(&str, u32)]| -> Vec<String> {
            kinds
                .iter()
                .flat_map(|&(kind, n)| {
                    (0..n)
                        .map(move |i| format!("/job:localhost/replica:0/task:0/device:{kind}:{i}"))
                })
                .collect()
        };
        assert_eq!(
            preset("colab-t4").unwrap().devices,
            local(&[("CPU", 1), ("GPU", 1)])
        );
        assert_eq!(
            preset("8x-a100").unwrap().devices,
            local(&[("CPU", 1), ("GPU", 8)])
        );
        let tpu = preset("colab-tpu-v2-8").unwrap();
        let mut expected = local(&[("CPU", 1)]);
        expected.push("/job:worker/replica:0/task:0/device:CPU:0".into());
        expected.extend((0..8).map(|i| format!("/job:worker/replica:0/task:0/device:TPU:{i}")));
        expected.push("/job:worker/replica:0/task:0/device:TPU_SYSTEM:0".into());
        assert_eq!(tpu.devices, expected);
        // v4-32: 16 megacore chips on 4 hosts (the suffix counts TensorCores).
        let v4 = preset("tpu-v4-32").unwrap();
        let chips = v4
            .devices
            .iter()
            .filter(|d| d.contains("/device:TPU:"))
            .count();
        assert_eq!(chips, 16);
        assert!(v4
            .devices
            .contains(&"/job:worker/replica:0/task:3/device:TPU:3".to_string()));
    }

    #[test]
    fn a_document_round_trips_and_custom_names_stay_custom() {
        let mut spec = presets::documents().remove(1);
        let text = serde_json::to_string(&spec).unwrap();
        let same = Topology::from_document(&text).unwrap();
        assert_eq!(same.name, "colab-t4");
        spec.name = "my-box".into();
        let custom = Topology::from_document(&serde_json::to_string(&spec).unwrap()).unwrap();
        assert_eq!(custom.name, CUSTOM);
        assert_eq!(custom.document.name, "my-box");
    }

    #[test]
    fn a_repeated_task_or_device_index_is_named_and_the_rest_still_checked() {
        let v4 = || {
            presets::documents()
                .into_iter()
                .find(|spec| spec.name == "tpu-v4-32")
                .unwrap()
        };
        let error = |spec: &TopologySpec| {
            Topology::from_document(&serde_json::to_string(spec).unwrap()).unwrap_err()
        };
        // Two hosts with one (job, task): the second is refused.
        let mut spec = v4();
        spec.hosts[2].job = spec.hosts[1].job.clone();
        spec.hosts[2].task = spec.hosts[1].task;
        assert!(error(&spec).contains("hosts[2]: job 'worker' task 0 is invalid or repeated"));
        // A host refused for its name does not claim its task: the next host may use it.
        let mut spec = v4();
        spec.hosts[1].name = "bad name".into();
        spec.hosts[2].task = spec.hosts[1].task;
        let text = error(&spec);
        assert!(text.contains("hosts[1].name: 'bad name' is invalid or repeated"));
        assert!(!text.contains("hosts[2]: job"));
        // One host's devices repeat an index; other hosts reuse the same indices freely.
        let mut spec = v4();
        let host = spec.hosts[1].name.clone();
        let on_host: Vec<usize> = (0..spec.devices.len())
            .filter(|&i| spec.devices[i].host == host)
            .collect();
        spec.devices[on_host[1]].index = spec.devices[on_host[0]].index;
        let text = error(&spec);
        let repeated = format!(
            "devices[{}].index: {} is repeated",
            on_host[1], spec.devices[on_host[0]].index
        );
        assert!(text.contains(&repeated), "{text}");
        assert_eq!(
            text.matches("is repeated or too large").count(),
            1,
            "{text}"
        );
    }

    #[test]
    fn system_devices_count_toward_the_device_limit_and_the_refusal_is_quick() {
        let mut spec = presets::documents().remove(0);
        // 8,200 system devices fit in a share link; the engine must refuse them by count.
        spec.hosts[0].system_devices = (0..8200).map(|i| format!("SYS{i}")).collect();
        let error = Topology::from_document(&serde_json::to_string(&spec).unwrap()).unwrap_err();
        assert!(
            error.contains("hosts: 8200 system_devices in all, at most 1024 allowed"),
            "{error}"
        );
        // Under the per-list limit, but the machine as a whole is over it.
        spec.hosts[0].system_devices = (0..1024).map(|i| format!("SYS{i}")).collect();
        let error = Topology::from_document(&serde_json::to_string(&spec).unwrap()).unwrap_err();
        assert!(
            error.contains("devices: the machine would have 1025 devices in all"),
            "{error}"
        );
    }

    #[test]
    fn an_unknown_name_is_echoed_only_when_it_looks_like_one() {
        let error = resolve("tpu-v9").unwrap_err();
        assert!(
            error.starts_with("unknown topology 'tpu-v9'; known: cpu"),
            "{error}"
        );
        let error = resolve("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1").unwrap_err();
        assert!(
            error.starts_with("unknown topology (a 44-byte text that is not a name)"),
            "{error}"
        );
    }
}
