//! Checking a topology document and resolving it into a [`Hardware`].
//!
//! A document may come from a share link or a file, so it is hostile input: every count is
//! bounded, every figure must be finite and inside a physical range, every name must refer
//! to something declared, ICI wraparound must follow the generation's rule, and every
//! device must be reachable. All problems are reported at once, each with its path in the
//! document (`chips.t4.memory_bytes: ...`).

use super::machine::{Device, Hardware, Host, Link};
use super::spec::{ChipSpec, IciSpec, LinkKind, LinkSpec, TopologySpec};
use cpython_text::float_to_decimal::{format_exp, format_fixed};
use std::collections::HashMap;

/// Bounds on a document, so a share link cannot make the simulator allocate without limit.
pub const HOSTS_MAX: usize = 64;
pub const DEVICES_MAX: usize = 1024;
pub const LINKS_MAX: usize = 8192;
pub const CHIPS_MAX: usize = 64;
/// Largest accepted figures: far above any real chip, so only nonsense is refused.
const FLOPS_MAX: f64 = 1e18;
const BANDWIDTH_MAX: f64 = 1e15;
const MEMORY_BYTES_MAX: u64 = 1 << 50;
const MICROSECONDS_MAX: f64 = 1e7;
/// The TensorFlow device type of a chip.
const DEVICE_TYPES: [&str; 3] = ["CPU", "GPU", "TPU"];

/// Parses a JSON topology document and validates it.
pub fn parse_json(text: &str) -> Result<(TopologySpec, Hardware), String> {
    if text.len() > 1 << 20 {
        return Err("topology document is larger than 1 MiB".into());
    }
    let spec: TopologySpec =
        serde_json::from_str(text).map_err(|error| format!("topology document: {error}"))?;
    let hardware = validate(&spec)?;
    Ok((spec, hardware))
}

/// Validates a document and builds the machine, or lists every problem found.
pub fn validate(spec: &TopologySpec) -> Result<Hardware, String> {
    let mut errors = Vec::new();
    check_counts(spec, &mut errors);
    if !errors.is_empty() {
        return Err(report(spec, &errors));
    }
    check_name(&spec.name, &mut errors);
    for (key, chip) in &spec.chips {
        check_chip(key, chip, &mut errors);
    }
    let mut builder = Builder::default();
    builder.hosts_and_devices(spec, &mut errors);
    if builder.devices.len() > DEVICES_MAX {
        // Host CPUs, accelerators and system devices together: the simulator's costs grow
        // with this count, so it is bounded like the document's lists.
        errors.push(format!(
            "devices: the machine would have {} devices in all, at most {DEVICES_MAX} allowed",
            builder.devices.len()
        ));
        return Err(report(spec, &errors));
    }
    for (index, link) in spec.links.iter().enumerate() {
        builder.link(&format!("links[{index}]"), link, &mut errors);
    }
    if let Some(ici) = &spec.ici {
        builder.torus(spec, ici, &mut errors);
    }
    if !errors.is_empty() {
        return Err(report(spec, &errors));
    }
    let hardware = Hardware::new(
        spec.name.clone(),
        spec.label.clone(),
        builder.hosts,
        builder.devices,
        builder.links,
        builder.nodes,
        spec.environment.clone(),
    );
    if let Some((src, dst)) = hardware.unreachable() {
        errors.push(format!(
            "links: no path from {} to {}",
            hardware.devices[src].name, hardware.devices[dst].name
        ));
        return Err(report(spec, &errors));
    }
    Ok(hardware)
}

fn report(spec: &TopologySpec, errors: &[String]) -> String {
    let mut text = format!("invalid topology '{}':", spec.name);
    for error in errors.iter().take(20) {
        text.push_str("\n  ");
        text.push_str(error);
    }
    if errors.len() > 20 {
        text.push_str(&format!("\n  ... and {} more", errors.len() - 20));
    }
    text
}

fn check_counts(spec: &TopologySpec, errors: &mut Vec<String>) {
    let counts = [
        ("hosts", spec.hosts.len(), HOSTS_MAX),
        ("devices", spec.devices.len(), DEVICES_MAX),
        ("links", spec.links.len(), LINKS_MAX),
        ("chips", spec.chips.len(), CHIPS_MAX),
    ];
    for (what, count, max) in counts {
        if count > max {
            errors.push(format!("{what}: {count} entries, at most {max} allowed"));
        }
    }
    if spec.hosts.is_empty() {
        errors.push("hosts: at least one host is needed (the client)".into());
    }
    let system_devices: usize = spec.hosts.iter().map(|h| h.system_devices.len()).sum();
    if system_devices > DEVICES_MAX {
        errors.push(format!(
            "hosts: {system_devices} system_devices in all, at most {DEVICES_MAX} allowed"
        ));
    }
    if let Some(ici) = &spec.ici {
        if ici.chips.len() > DEVICES_MAX {
            errors.push(format!("ici.chips: at most {DEVICES_MAX} chips allowed"));
        }
    }
}

fn is_identifier(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 64
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

fn check_name(name: &str, errors: &mut Vec<String>) {
    if !is_identifier(name) {
        errors.push(format!(
            "name: '{name}' must be 1 to 64 letters, digits, '-', '_' or '.'"
        ));
    }
}

fn check_range(path: &str, value: f64, low: f64, high: f64, errors: &mut Vec<String>) {
    if !(value.is_finite() && value > low && value <= high) {
        errors.push(format!(
            "{path}: must be a finite number above {} and at most {}, got {}",
            format_fixed(low, None),
            format_exp(high, None),
            format_fixed(value, None)
        ));
    }
}

fn check_chip(key: &str, chip: &ChipSpec, errors: &mut Vec<String>) {
    let path = format!("chips.{key}");
    if !is_identifier(key) {
        errors.push(format!(
            "{path}: chip keys are letters, digits, '-', '_' or '.'"
        ));
    }
    if !DEVICE_TYPES.contains(&chip.device_type.as_str()) {
        errors.push(format!(
            "{path}.type: '{}' is not one of CPU, GPU, TPU",
            chip.device_type
        ));
    }
    if chip.peak_flops.is_empty() || chip.peak_flops.len() > 16 {
        errors.push(format!("{path}.peak_flops: give 1 to 16 dtypes"));
    }
    for (dtype, flops) in &chip.peak_flops {
        check_range(
            &format!("{path}.peak_flops.{dtype}"),
            *flops,
            0.0,
            FLOPS_MAX,
            errors,
        );
    }
    if chip.memory_bytes == 0 || chip.memory_bytes > MEMORY_BYTES_MAX {
        errors.push(format!(
            "{path}.memory_bytes: must be 1 to {MEMORY_BYTES_MAX}, got {}",
            chip.memory_bytes
        ));
    }
    let bandwidth = chip.memory_bandwidth_bytes_per_s;
    let bandwidth_path = format!("{path}.memory_bandwidth_bytes_per_s");
    check_range(&bandwidth_path, bandwidth, 0.0, BANDWIDTH_MAX, errors);
    check_range(
        &format!("{path}.matmul_efficiency"),
        chip.matmul_efficiency,
        0.0,
        1.0,
        errors,
    );
    check_range(
        &format!("{path}.memory_efficiency"),
        chip.memory_efficiency,
        0.0,
        1.0,
        errors,
    );
    let times = [
        ("kernel_floor_us", chip.kernel_floor_us),
        ("eager_dispatch_us", chip.eager_dispatch_us),
        ("program_launch_us", chip.program_launch_us),
        ("mxu_pass_overhead_us", chip.mxu_pass_overhead_us),
    ];
    for (field, value) in times {
        if !(value.is_finite() && (0.0..=MICROSECONDS_MAX).contains(&value)) {
            errors.push(format!(
                "{path}.{field}: must be 0 to {} µs, got {}",
                format_exp(MICROSECONDS_MAX, None),
                format_fixed(value, None)
            ));
        }
    }
    let cycles = chip.mxu_pass_overhead_cycles;
    if !(cycles.is_finite() && (0.0..=1e15).contains(&cycles)) {
        errors.push(format!(
            "{path}.mxu_pass_overhead_cycles: must be 0 to 1e15, got {cycles}"
        ));
    }
    if chip.cores == 0 || chip.cores > 1 << 16 || chip.mxus > 1 << 12 {
        errors.push(format!(
            "{path}: cores must be 1 to 65536 and mxus at most 4096"
        ));
    }
    if chip.mxus > 0 && !(8..=1024).contains(&chip.mxu_tile) {
        errors.push(format!(
            "{path}.mxu_tile: a chip with MXUs needs a tile edge of 8 to 1024, got {}",
            chip.mxu_tile
        ));
    }
}

#[derive(Default)]
struct Builder {
    hosts: Vec<Host>,
    devices: Vec<Device>,
    links: Vec<Link>,
    nodes: Vec<String>,
    /// Node by name (lookups only, so a hash map: see `Hardware::by_name`).
    node_index: HashMap<String, usize>,
}

impl Builder {
    fn node(&mut self, name: &str) -> usize {
        if let Some(&index) = self.node_index.get(name) {
            return index;
        }
        self.nodes.push(name.to_string());
        self.node_index
            .insert(name.to_string(), self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    fn hosts_and_devices(&mut self, spec: &TopologySpec, errors: &mut Vec<String>) {
        // The (job, task) of each host accepted so far; at most HOSTS_MAX.
        let mut tasks: Vec<(&str, u32)> = Vec::new();
        for (index, host) in spec.hosts.iter().enumerate() {
            let path = format!("hosts[{index}]");
            if !is_identifier(&host.name) || self.node_index.contains_key(&host.name) {
                errors.push(format!(
                    "{path}.name: '{}' is invalid or repeated",
                    host.name
                ));
                continue;
            }
            if !is_identifier(&host.job) || tasks.contains(&(host.job.as_str(), host.task)) {
                errors.push(format!(
                    "{path}: job '{}' task {} is invalid or repeated",
                    host.job, host.task
                ));
                continue;
            }
            tasks.push((host.job.as_str(), host.task));
            let cpu = match spec.chips.get(&host.cpu) {
                Some(chip) if chip.device_type == "CPU" => chip.clone(),
                _ => {
                    errors.push(format!("{path}.cpu: '{}' is not a CPU chip", host.cpu));
                    continue;
                }
            };
            let prefix = format!("/job:{}/replica:0/task:{}/device", host.job, host.task);
            let node = self.node(&host.name);
            let cpu_device = self.devices.len();
            self.devices.push(Device {
                name: format!("{prefix}:CPU:0"),
                device_type: "CPU".into(),
                host: index,
                chip: cpu.clone(),
                node,
            });
            self.hosts.push(Host {
                name: host.name.clone(),
                cpu_device,
            });
            self.accelerators(spec, index, &prefix, errors);
            for system in &host.system_devices {
                if !is_identifier(system) {
                    errors.push(format!("{path}.system_devices: '{system}' is invalid"));
                    continue;
                }
                self.devices.push(Device {
                    name: format!("{prefix}:{system}:0"),
                    device_type: system.clone(),
                    host: index,
                    chip: cpu.clone(),
                    node,
                });
            }
        }
    }

    /// The devices attached to host `host`, in declaration order.
    fn accelerators(
        &mut self,
        spec: &TopologySpec,
        host: usize,
        prefix: &str,
        errors: &mut Vec<String>,
    ) {
        let host_name = &spec.hosts[host].name;
        // How many of this host's devices each package holds (at most DEVICES_MAX devices).
        let mut package_sizes: Vec<(u32, usize)> = Vec::new();
        for device in spec.devices.iter().filter(|d| &d.host == host_name) {
            if let Some(package) = device.package {
                match package_sizes.iter_mut().find(|(p, _)| *p == package) {
                    Some((_, size)) => *size += 1,
                    None => package_sizes.push((package, 1)),
                }
            }
        }
        for (index, device) in spec.devices.iter().enumerate() {
            if &device.host != host_name {
                continue;
            }
            let path = format!("devices[{index}]");
            let chip = match spec.chips.get(&device.chip) {
                Some(chip) if chip.device_type != "CPU" => chip.clone(),
                _ => {
                    errors.push(format!(
                        "{path}.chip: '{}' is not a GPU or TPU chip",
                        device.chip
                    ));
                    continue;
                }
            };
            // The host's prefix is its own (its job and task are not repeated), so a device
            // name already among the nodes is this host's (type, index) repeated.
            let name = format!("{prefix}:{}:{}", chip.device_type, device.index);
            if device.index > 4096 || self.node_index.contains_key(&name) {
                errors.push(format!(
                    "{path}.index: {} is repeated or too large",
                    device.index
                ));
                continue;
            }
            let node = self.node(&name);
            let shared = device
                .package
                .filter(|p| package_sizes.iter().any(|&(q, size)| q == *p && size > 1));
            if let Some(package) = shared {
                // The cores of one chip meet at the chip; the chip is the ICI/PCIe endpoint.
                let chip_node = self.node(&format!("{host_name}/chip:{package}"));
                self.links.push(Link {
                    kind: LinkKind::Onchip,
                    a: chip_node,
                    b: node,
                    bandwidth_bytes_per_s: chip.memory_bandwidth_bytes_per_s,
                    latency_ns: 0,
                    name: format!("on-chip {host_name}/chip:{package}<->{}", short(&name)),
                    source: "cores of a chip exchange through HBM (modelled at HBM bandwidth)"
                        .into(),
                });
            } else if let Some(package) = device.package {
                self.node_index
                    .insert(format!("{host_name}/chip:{package}"), node);
            }
            self.devices.push(Device {
                name,
                device_type: chip.device_type.clone(),
                host,
                chip,
                node,
            });
        }
        let orphans = spec
            .devices
            .iter()
            .filter(|d| !spec.hosts.iter().any(|h| h.name == d.host))
            .count();
        if host == 0 && orphans > 0 {
            errors.push(format!(
                "devices: {orphans} device(s) name a host that does not exist"
            ));
        }
    }

    fn link(&mut self, path: &str, link: &LinkSpec, errors: &mut Vec<String>) {
        let bandwidth = link.bandwidth_bytes_per_s;
        check_range(
            &format!("{path}.bandwidth_bytes_per_s"),
            bandwidth,
            0.0,
            BANDWIDTH_MAX,
            errors,
        );
        let latency = link.latency_us;
        if !(latency.is_finite() && (0.0..=MICROSECONDS_MAX).contains(&latency)) {
            errors.push(format!(
                "{path}.latency_us: must be 0 to 1e7, got {latency}"
            ));
            return;
        }
        let mut endpoint = |name: &str| -> Option<usize> {
            if let Some(&node) = self.node_index.get(name) {
                return Some(node);
            }
            if name.starts_with("switch:") && is_identifier(&name[7..]) {
                return Some(self.node(name));
            }
            errors.push(format!(
                "{path}: '{name}' is not a host, a device, a chip (`host/chip:N`) or a \
                 `switch:NAME`"
            ));
            None
        };
        let (Some(a), Some(b)) = (endpoint(&link.a), endpoint(&link.b)) else {
            return;
        };
        if a == b {
            errors.push(format!("{path}: a link needs two different endpoints"));
            return;
        }
        let name = format!(
            "{} {}<->{}",
            link.kind.name(),
            short(&self.nodes[a]),
            short(&self.nodes[b])
        );
        self.links.push(Link {
            kind: link.kind,
            a,
            b,
            bandwidth_bytes_per_s: bandwidth,
            latency_ns: (latency * 1e3) as u64,
            name,
            source: link.source.clone(),
        });
    }

    fn torus(&mut self, spec: &TopologySpec, ici: &IciSpec, errors: &mut Vec<String>) {
        let dims = &ici.dims;
        let bad_dims = dims.is_empty() || dims.len() > 3 || dims.iter().any(|&d| d == 0 || d > 64);
        if bad_dims || ici.wraparound.len() != dims.len() {
            errors.push("ici: 1 to 3 axes of 1 to 64 chips, one wraparound flag per axis".into());
            return;
        }
        let total: usize = dims.iter().map(|&d| d as usize).product();
        if total != ici.chips.len() {
            errors.push(format!(
                "ici.chips: the grid {dims:?} has {total} points but {} chips are listed",
                ici.chips.len()
            ));
            return;
        }
        let model = ici
            .chips
            .first()
            .and_then(|(host, package)| {
                spec.devices
                    .iter()
                    .find(|d| &d.host == host && d.package == Some(*package))
            })
            .and_then(|device| spec.chips.get(&device.chip))
            .map(|chip| chip.model.clone())
            .unwrap_or_default();
        for (axis, (&size, &wraps)) in dims.iter().zip(&ici.wraparound).enumerate() {
            if wraps != super::wraparound_allowed(&model, dims, axis) {
                errors.push(format!(
                    "ici.wraparound[{axis}]: {} has {} on an axis of {size} chips in a \
                     {dims:?} slice ({})",
                    if model.is_empty() {
                        "this chip"
                    } else {
                        &model
                    },
                    if wraps {
                        "no wraparound"
                    } else {
                        "a wraparound link"
                    },
                    super::WRAPAROUND_RULE
                ));
            }
        }
        let mut nodes = Vec::with_capacity(total);
        for (index, (host, package)) in ici.chips.iter().enumerate() {
            match self.node_index.get(&format!("{host}/chip:{package}")) {
                Some(&node) => nodes.push(node),
                None => {
                    errors.push(format!(
                        "ici.chips[{index}]: no device of host '{host}' has package {package}"
                    ));
                    return;
                }
            }
        }
        let link = LinkSpec {
            kind: LinkKind::Ici,
            a: String::new(),
            b: String::new(),
            bandwidth_bytes_per_s: ici.bandwidth_bytes_per_s,
            latency_us: ici.latency_us,
            source: ici.source.clone(),
        };
        for (point, &node) in nodes.iter().enumerate() {
            for (axis, neighbour) in torus_neighbours(point, dims, &ici.wraparound) {
                let _ = axis;
                let mut link = link.clone();
                link.a = self.nodes[node].clone();
                link.b = self.nodes[nodes[neighbour]].clone();
                self.link("ici", &link, errors);
            }
        }
    }
}

/// The "next" neighbours of grid point `point` along each axis (each pair listed once).
fn torus_neighbours(point: usize, dims: &[u32], wrap: &[bool]) -> Vec<(usize, usize)> {
    let mut coords = Vec::with_capacity(dims.len());
    let mut rest = point;
    for &size in dims.iter().rev() {
        coords.push(rest % size as usize);
        rest /= size as usize;
    }
    coords.reverse();
    let index_of = |coords: &[usize]| {
        coords
            .iter()
            .zip(dims)
            .fold(0, |acc, (&c, &size)| acc * size as usize + c)
    };
    let mut neighbours = Vec::new();
    for axis in 0..dims.len() {
        let size = dims[axis] as usize;
        let next = coords[axis] + 1;
        // A wraparound link on an axis of 2 would duplicate the plain one; validation
        // refuses it, and this check keeps the torus well-formed regardless.
        let target = if next < size {
            Some(next)
        } else if wrap[axis] && size > 2 {
            Some(0)
        } else {
            None
        };
        if let Some(target) = target {
            let mut other = coords.clone();
            other[axis] = target;
            neighbours.push((axis, index_of(&other)));
        }
    }
    neighbours
}

/// A device or endpoint name without the local prefix: `GPU:0`, `worker:1/TPU:3`.
pub fn short(name: &str) -> String {
    let Some(rest) = name.strip_prefix("/job:") else {
        return name.to_string();
    };
    let mut parts = rest.split('/');
    let job = parts.next().unwrap_or_default();
    let task = parts
        .find_map(|part| part.strip_prefix("task:"))
        .unwrap_or("0");
    let device = name.rsplit("/device:").next().unwrap_or(name);
    if job == "localhost" {
        device.to_string()
    } else {
        format!("{job}:{task}/{device}")
    }
}
