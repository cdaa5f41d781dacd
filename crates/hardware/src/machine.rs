//! The resolved machine: a validated [`TopologySpec`] turned into indexed devices, links and
//! the route between every pair of devices, which is what the simulator walks.
//!
//! Endpoints (graph nodes) are hosts (a host *is* its `CPU:0`), accelerator devices, chip
//! nodes shared by the cores of one TPU v2/v3 chip, and switches named only by links. Routes
//! are the cheapest paths by "latency + time to move 1 MB", ties broken by declaration
//! order, so NVLink wins over a trip through the host and every run picks the same path.

use super::spec::{ChipSpec, EnvironmentSpec, LinkKind};
use std::collections::HashMap;

/// One TensorFlow device with the figures of its chip.
#[derive(Debug, Clone, PartialEq)]
pub struct Device {
    /// Full TensorFlow name (`/job:localhost/replica:0/task:0/device:GPU:0`).
    pub name: String,
    /// `CPU`, `GPU`, `TPU`, `TPU_SYSTEM`.
    pub device_type: String,
    /// Index into [`Hardware::hosts`].
    pub host: usize,
    /// The hardware figures (a system device borrows its host CPU's).
    pub chip: ChipSpec,
    /// Index into the endpoint graph.
    pub node: usize,
}

/// One machine of the topology.
#[derive(Debug, Clone, PartialEq)]
pub struct Host {
    pub name: String,
    /// Index of its `CPU:0` device.
    pub cpu_device: usize,
}

/// One full-duplex link; each direction is its own shared resource in the simulator.
#[derive(Debug, Clone, PartialEq)]
pub struct Link {
    pub kind: LinkKind,
    /// Endpoint indices.
    pub a: usize,
    pub b: usize,
    pub bandwidth_bytes_per_s: f64,
    pub latency_ns: u64,
    /// `PCIe vm<->GPU:0`: the name transfers and metrics use.
    pub name: String,
    pub source: String,
}

/// One step of a route: a link and the direction it is crossed in (`true`: a → b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hop {
    pub link: usize,
    pub forward: bool,
}

/// A validated machine, ready to simulate on.
#[derive(Debug, Clone, PartialEq)]
pub struct Hardware {
    pub name: String,
    pub label: String,
    pub hosts: Vec<Host>,
    /// In TensorFlow's registration order (host by host: CPU, accelerators, system devices).
    pub devices: Vec<Device>,
    pub links: Vec<Link>,
    /// Endpoint names, indexed by node.
    pub nodes: Vec<String>,
    pub environment: EnvironmentSpec,
    /// `routes[src][dst]`: the hops from device `src` to device `dst`.
    routes: Vec<Vec<Vec<Hop>>>,
    /// Device index by full name; a hash map, the type the simulator's stream index already
    /// compiles, rather than one more `BTreeMap` instantiation.
    by_name: HashMap<String, usize>,
}

impl Hardware {
    /// Builds the indices and routes. Callers pass parts that `validate` already checked.
    pub(super) fn new(
        name: String,
        label: String,
        hosts: Vec<Host>,
        devices: Vec<Device>,
        links: Vec<Link>,
        nodes: Vec<String>,
        environment: EnvironmentSpec,
    ) -> Hardware {
        // A later device with the same name wins, as with `collect`.
        let mut by_name = HashMap::new();
        for (index, device) in devices.iter().enumerate() {
            by_name.insert(device.name.clone(), index);
        }
        let mut hardware = Hardware {
            name,
            label,
            hosts,
            devices,
            links,
            nodes,
            environment,
            routes: Vec::new(),
            by_name,
        };
        hardware.routes = hardware.all_routes();
        hardware
    }

    /// The device called `name` (full TensorFlow name), if the machine has it.
    pub fn device_index(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The hops a tensor takes from device `src` to device `dst` (empty when they share an
    /// endpoint, such as a host and its system device).
    pub fn route(&self, src: usize, dst: usize) -> &[Hop] {
        self.routes
            .get(src)
            .and_then(|row| row.get(dst))
            .map_or(&[], Vec::as_slice)
    }

    /// Whether every device can reach every other one.
    pub(super) fn unreachable(&self) -> Option<(usize, usize)> {
        for src in 0..self.devices.len() {
            for dst in 0..self.devices.len() {
                let same = self.devices[src].node == self.devices[dst].node;
                if !same && self.route(src, dst).is_empty() {
                    return Some((src, dst));
                }
            }
        }
        None
    }

    fn all_routes(&self) -> Vec<Vec<Vec<Hop>>> {
        let mut adjacency: Vec<Vec<(usize, Hop)>> = vec![Vec::new(); self.nodes.len()];
        for (index, link) in self.links.iter().enumerate() {
            let forward = Hop {
                link: index,
                forward: true,
            };
            let backward = Hop {
                link: index,
                forward: false,
            };
            adjacency[link.a].push((link.b, forward));
            adjacency[link.b].push((link.a, backward));
        }
        let weights: Vec<u64> = self
            .links
            .iter()
            .map(|link| link.latency_ns + (1e15 / link.bandwidth_bytes_per_s.max(1.0)) as u64)
            .collect();
        self.devices
            .iter()
            .map(|src| {
                let previous = shortest_paths(src.node, &adjacency, &weights);
                self.devices
                    .iter()
                    .map(|dst| unwind(&previous, &self.links, dst.node))
                    .collect()
            })
            .collect()
    }
}

/// Dijkstra from `start`; returns for each node the hop that reached it on a cheapest path.
/// O(V²) with a linear scan: machines have at most a few thousand endpoints.
fn shortest_paths(
    start: usize,
    adjacency: &[Vec<(usize, Hop)>],
    weights: &[u64],
) -> Vec<Option<Hop>> {
    let count = adjacency.len();
    let mut distance = vec![u64::MAX; count];
    let mut done = vec![false; count];
    let mut previous: Vec<Option<Hop>> = vec![None; count];
    distance[start] = 0;
    for _ in 0..count {
        let next = (0..count)
            .filter(|&node| !done[node] && distance[node] != u64::MAX)
            .min_by_key(|&node| (distance[node], node));
        let Some(node) = next else { break };
        done[node] = true;
        for &(neighbour, hop) in &adjacency[node] {
            let candidate = distance[node].saturating_add(weights[hop.link]);
            if candidate < distance[neighbour] {
                distance[neighbour] = candidate;
                previous[neighbour] = Some(hop);
            }
        }
    }
    previous
}

fn unwind(previous: &[Option<Hop>], links: &[Link], target: usize) -> Vec<Hop> {
    let mut hops = Vec::new();
    let mut node = target;
    // A path visits each node at most once, so this loop is bounded by the node count.
    for _ in 0..previous.len() {
        let Some(hop) = previous[node] else { break };
        hops.push(hop);
        let link = &links[hop.link];
        node = if hop.forward { link.a } else { link.b };
    }
    hops.reverse();
    hops
}
