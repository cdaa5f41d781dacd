//! Graph placement (TF1 Session, graph mode, `tf.function` bodies): §2.3 step by step.
//!
//! The shape follows `placer.cc` and `colocation_graph.cc`: a union-find over nodes
//! (`Member`s), initialised from kernels and requested devices, merged along resource/ref
//! edges and `_class` groups, then two passes that pick devices (Heuristic B and the
//! Identity heuristic in the first, Heuristic A for generators in the second). Errors
//! carry §3's texts.
//!
//! Deviations, all because tf-semantics.md is silent: edges are visited by consumer then
//! input index (TensorFlow visits edge ids); the per-op lines of "Colocation Debug Info"
//! are sorted by op type (TensorFlow iterates an unordered map); kernel priorities are all 0;
//! `Device::IsLocal` is not modelled in device ordering.

use std::collections::HashMap;

use crate::device::{DeviceId, DeviceSet, ParsedName};
use crate::errors::{format_colocation_node, format_node_name};
use crate::kernels::KernelRegistry;
use crate::{
    graph_log_line, ColocationCause, ErrorCode, FallbackCause, Graph, Node, NodeId, NodePlacement,
    PlacementError, PlacementReason,
};

/// Options of one placement run (`Placer` constructor arguments).
#[derive(Clone, Debug, Default)]
pub struct GraphPlacementOptions {
    /// `ConfigProto.allow_soft_placement`: false for TF1 Sessions, true for `tf.function`s
    /// called from eager (§2.5).
    pub allow_soft_placement: bool,
    /// `ConfigProto.log_device_placement`: fills [`GraphPlacement::log_lines`].
    pub log_device_placement: bool,
    /// The function's or caller's device, tried first among equal candidates.
    pub default_local_device: Option<DeviceId>,
    /// Place a `tf.function` body: `_Retval` nodes take the device of the node that
    /// produces them first (`PinArgsAndRets`), which raises `Unable to find any devices for
    /// spec ...` when that device does not exist and soft placement is off (case d02).
    pub pin_function_outputs: bool,
}

/// The result of a successful placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphPlacement {
    /// One entry per node, in graph order.
    pub nodes: Vec<NodePlacement>,
    /// `log_device_placement` lines (`name: (Op): device`) in assignment order.
    pub log_lines: Vec<String>,
    /// INFO and WARNING messages TensorFlow logs on the way (ignored requests, relaxed
    /// resource devices).
    pub warnings: Vec<String>,
}

/// Places every node of `graph` on one of `devices`, or fails with TensorFlow's error.
pub fn place_graph(
    graph: &Graph,
    devices: &DeviceSet,
    registry: &KernelRegistry,
    options: &GraphPlacementOptions,
) -> Result<GraphPlacement, PlacementError> {
    if devices.devices().is_empty() {
        return Err(PlacementError::new(
            ErrorCode::FailedPrecondition,
            "No devices are registered".to_string(),
        ));
    }
    if devices.prioritized_types().len() > TYPE_COUNT_MAX {
        return Err(PlacementError::new(
            ErrorCode::Internal,
            format!("The emulator supports at most {TYPE_COUNT_MAX} device types per machine"),
        ));
    }
    if options
        .default_local_device
        .is_some_and(|device| device.index() >= devices.devices().len())
    {
        // Not a TensorFlow text: the runtime passed a device of another machine.
        return Err(PlacementError::new(
            ErrorCode::Internal,
            "The default local device is not in the device set".to_string(),
        ));
    }
    validate_edges(graph)?;
    let mut placer = Placer::new(graph, devices, registry, options);
    if options.pin_function_outputs {
        placer.pin_function_outputs()?;
    }
    placer.initialize()?;
    placer.run()?;
    Ok(placer.finish())
}

/// Device types are kept as bits of a `u64`, in `DeviceSet::prioritized_types` order.
const TYPE_COUNT_MAX: usize = 64;

/// A set of device types as bits; lower bits are higher priority.
type TypeMask = u64;

/// One node's union-find entry; the root's fields describe the whole group.
#[derive(Clone, Debug)]
struct Member {
    parent: u32,
    rank: u32,
    requested: ParsedName,
    assigned: ParsedName,
    resource: ParsedName,
    supported: TypeMask,
    possible: Option<Vec<DeviceId>>,
    assigned_device: Option<DeviceId>,
    /// Set when `possible` came from soft placement.
    soft_cause: Option<FallbackCause>,
    /// Set when a soft merge dropped a conflicting type or id.
    merge_dropped_details: bool,
    /// The node whose request or resource device the group carries.
    anchor: Option<NodeId>,
    /// The node whose assignment pinned the group.
    pinned_by: Option<NodeId>,
}

struct Placer<'a> {
    graph: &'a Graph,
    devices: &'a DeviceSet,
    registry: &'a KernelRegistry,
    options: &'a GraphPlacementOptions,
    members: Vec<Member>,
    /// Per device: its type's bit.
    device_type_bit: Vec<TypeMask>,
    /// Per node: consumers along data and control edges.
    consumers: Vec<Vec<NodeId>>,
    /// Per node: the device the runtime fixed, or the one `PinArgsAndRets` chose.
    preassigned: Vec<Option<String>>,
    /// Per node: an extra `loc:@` group added by `PinArgsAndRets`.
    extra_groups: Vec<Option<&'a str>>,
    assignments: Vec<Option<DeviceId>>,
    reasons: Vec<Option<PlacementReason>>,
    /// Device name interning as `Graph::InternDeviceName` does (index 0 is "").
    interned: Vec<DeviceId>,
    log_lines: Vec<String>,
    warnings: Vec<String>,
}

fn validate_edges(graph: &Graph) -> Result<(), PlacementError> {
    let count = graph.nodes.len();
    for node in &graph.nodes {
        let sources = node
            .inputs
            .iter()
            .map(|input| input.source)
            .chain(node.control_inputs.iter().copied());
        for source in sources {
            if source.index() >= count {
                // Not a TensorFlow text: a malformed graph can only come from an emulator bug.
                return Err(PlacementError::new(
                    ErrorCode::Internal,
                    format!(
                        "Node '{}' has an input from node {source}, which is not in the graph",
                        node.name
                    ),
                ));
            }
        }
    }
    Ok(())
}

impl<'a> Placer<'a> {
    fn new(
        graph: &'a Graph,
        devices: &'a DeviceSet,
        registry: &'a KernelRegistry,
        options: &'a GraphPlacementOptions,
    ) -> Placer<'a> {
        let node_count = graph.nodes.len();
        let type_bit = |device_type: &str| -> TypeMask {
            let position = devices
                .prioritized_types()
                .iter()
                .position(|(name, _)| name == device_type);
            position.map_or(0, |index| 1 << index)
        };
        let device_type_bit = devices
            .devices()
            .iter()
            .map(|device| type_bit(&device.device_type))
            .collect();
        let mut consumers = vec![Vec::new(); node_count];
        for (index, node) in graph.nodes.iter().enumerate() {
            let consumer = NodeId(index as u32);
            for input in &node.inputs {
                consumers[input.source.index()].push(consumer);
            }
            for source in &node.control_inputs {
                consumers[source.index()].push(consumer);
            }
        }
        let members = (0..node_count as u32)
            .map(|index| Member {
                parent: index,
                rank: 0,
                requested: ParsedName::default(),
                assigned: ParsedName::default(),
                resource: ParsedName::default(),
                supported: 0,
                possible: None,
                assigned_device: None,
                soft_cause: None,
                merge_dropped_details: false,
                anchor: None,
                pinned_by: None,
            })
            .collect();
        Placer {
            graph,
            devices,
            registry,
            options,
            members,
            device_type_bit,
            consumers,
            preassigned: graph
                .nodes
                .iter()
                .map(|node| node.assigned_device.clone())
                .collect(),
            extra_groups: vec![None; node_count],
            assignments: vec![None; node_count],
            reasons: vec![None; node_count],
            interned: Vec::new(),
            log_lines: Vec::new(),
            warnings: Vec::new(),
        }
    }

    fn node(&self, id: NodeId) -> &'a Node {
        &self.graph.nodes[id.index()]
    }

    fn node_ids(&self) -> impl Iterator<Item = NodeId> {
        (0..self.graph.nodes.len() as u32).map(NodeId)
    }

    // ---- Function outputs (`PinArgsAndRets`) ----------------------------------------

    fn pin_function_outputs(&mut self) -> Result<(), PlacementError> {
        for retval in self.node_ids() {
            let node = self.node(retval);
            if node.op_type != "_Retval" || self.preassigned[retval.index()].is_some() {
                continue;
            }
            let Some(first_input) = node.inputs.first() else {
                continue;
            };
            let mut source = self.node(first_input.source);
            let mut steps = 0;
            while source.requested_device.is_empty()
                && source.colocation_groups.is_empty()
                && source.op_type == "Identity"
                && steps < self.graph.nodes.len()
            {
                let Some(input) = source.inputs.first() else {
                    break;
                };
                source = self.node(input.source);
                steps += 1;
            }
            if let Some(group) = source.colocation_groups.first() {
                self.extra_groups[retval.index()] = Some(group.as_str());
                continue;
            }
            let source_device = self.preassigned_or_requested(source);
            if source_device.is_empty()
                || (first_input.tensor_type.dtype == crate::kernels::DataType::Resource
                    && source.is_function_call)
            {
                continue;
            }
            if let Some(device) = self.pick_output_device(&source_device)? {
                self.preassigned[retval.index()] = Some(self.devices.device(device).name.clone());
            }
        }
        Ok(())
    }

    fn preassigned_or_requested(&self, node: &Node) -> String {
        node.assigned_device
            .clone()
            .unwrap_or_else(|| node.requested_device.clone())
    }

    fn pick_output_device(&self, source_device: &str) -> Result<Option<DeviceId>, PlacementError> {
        let Some(parsed) = ParsedName::parse(source_device) else {
            return Err(PlacementError::invalid_argument(format!(
                "Failed to parse explicit device specification {source_device}"
            )));
        };
        let matching = self.devices.find_matching(&parsed);
        let default_device = if self.options.allow_soft_placement {
            self.options.default_local_device
        } else {
            None
        };
        match matching.as_slice() {
            [] => match default_device {
                Some(device) => Ok(Some(device)),
                None => Err(PlacementError::invalid_argument(format!(
                    "Unable to find any devices for spec {source_device}"
                ))),
            },
            [only] => Ok(Some(*only)),
            [first, rest @ ..] => {
                let first_space = self.devices.device(*first).parsed.address_space();
                if rest
                    .iter()
                    .all(|id| self.devices.device(*id).parsed.address_space() == first_space)
                {
                    return Ok(None);
                }
                if let Some(default_device) = self.options.default_local_device {
                    let default_space = self.devices.device(default_device).parsed.address_space();
                    let on_default = matching
                        .iter()
                        .filter(|id| {
                            self.devices.device(**id).parsed.address_space() == default_space
                        })
                        .count();
                    if on_default == 1 {
                        return Ok(None);
                    }
                }
                let names: Vec<&str> = matching
                    .iter()
                    .map(|id| self.devices.device(*id).name.as_str())
                    .collect();
                Err(PlacementError::invalid_argument(format!(
                    "{source_device}When FunctionLibraryRuntime::Options.output_devices are not specified for a \
                     multi-device function, the device specification on the output node must match exactly one \
                     device. Matched devices are [{}]",
                    names.join(", ")
                )))
            }
        }
    }

    // ---- Initialisation (`ColocationGraph::Initialize`) -----------------------------

    fn initialize(&mut self) -> Result<(), PlacementError> {
        for id in self.node_ids() {
            self.initialize_member(id)
                .map_err(|error| error.attach_node(&self.node(id).name))?;
        }
        self.colocate_resource_and_ref_edges()?;
        self.colocate_all_nodes()?;
        for id in self.node_ids() {
            let root = self.find_root(id.index());
            self.maybe_exclude_xla_devices(root);
        }
        Ok(())
    }

    fn supported_mask(&self, node: &Node) -> TypeMask {
        let present = self.devices.prioritized_types();
        let mut supported = self.registry.supported_device_types(
            &node.op_type,
            node.dtype,
            node.is_function_call,
            present,
        );
        if supported.is_empty() {
            supported = self.remote_op_types(node);
        }
        let mut mask = 0;
        for (device_type, _) in supported {
            if let Some(index) = present.iter().position(|(name, _)| *name == device_type) {
                mask |= 1 << index;
            }
        }
        mask
    }

    /// §2.2 remote-op exception: no local kernel, but the request names another address
    /// space than the default local device's, so the remote process decides.
    fn remote_op_types(&self, node: &Node) -> Vec<(String, i32)> {
        let Some(local) = self.options.default_local_device else {
            return Vec::new();
        };
        let Some(requested) = ParsedName::parse(&node.requested_device) else {
            return Vec::new();
        };
        let local_space = self.devices.device(local).parsed.address_space();
        let requested_space = requested.address_space();
        if requested_space == ParsedName::default() || local_space.matches(&requested_space) {
            return Vec::new();
        }
        let present = self.devices.prioritized_types();
        match &requested.device_type {
            Some(device_type) => present
                .iter()
                .filter(|(name, _)| name == device_type)
                .cloned()
                .collect(),
            None => present.to_vec(),
        }
    }

    fn initialize_member(&mut self, id: NodeId) -> Result<(), PlacementError> {
        let node = self.node(id);
        let supported = self.supported_mask(node);
        self.members[id.index()].supported = supported;
        if let Some(assigned) = self.preassigned[id.index()].clone() {
            return self.initialize_assigned_member(id, &assigned);
        }
        if supported == 0 {
            let mut registered: Vec<&str> = self
                .devices
                .devices()
                .iter()
                .map(|device| device.device_type.as_str())
                .collect();
            registered.sort_unstable();
            registered.dedup();
            return Err(PlacementError::invalid_argument(format!(
                "No OpKernel was registered to support Op '{}' used by {} with these attrs: [{}]\n\
                 Registered devices: [{}]\nRegistered kernels:\n{}",
                node.op_type,
                format_node_name(&node.name),
                attrs_debug_string(node),
                registered.join(", "),
                self.registry.kernels_registered_for_op(&node.op_type)
            )));
        }
        if node.requested_device.is_empty() {
            return Ok(());
        }
        let Some(parsed) = ParsedName::parse(&node.requested_device) else {
            return Err(PlacementError::invalid_argument(format!(
                "Malformed device specification '{}' in node: {}",
                node.requested_device,
                node_debug_string(id, node)
            )));
        };
        let member = &mut self.members[id.index()];
        if node.is_resource_generator() {
            member.resource = parsed.clone();
        }
        member.requested = parsed;
        member.anchor = Some(id);
        Ok(())
    }

    fn initialize_assigned_member(
        &mut self,
        id: NodeId,
        assigned: &str,
    ) -> Result<(), PlacementError> {
        let Some(parsed) = ParsedName::parse(assigned) else {
            return Err(PlacementError::new(
                ErrorCode::Internal,
                format!("Malformed assigned device '{assigned}'"),
            ));
        };
        let Some(device) = self.devices.find_by_name(assigned) else {
            return Err(PlacementError::new(
                ErrorCode::Internal,
                format!(
                    "Assigned device '{assigned}' does not match any device. This error can happen when one attempts \
                     to run a tf.function with resource inputs residing on remote devices. This use case is \
                     currently not supported. Here are the devices available on this machine: [{}].If you are seeing \
                     this error when running using a tf.Session, set \
                     experimental.share_cluster_devices_in_session to true in the tf.ConfigProto.",
                    self.devices.joined_names()
                ),
            ));
        };
        let member = &mut self.members[id.index()];
        if member.supported & self.device_type_bit[device.index()] == 0 {
            return Err(PlacementError::new(
                ErrorCode::Internal,
                format!(
                    "Assigned device '{assigned}' does not have registered OpKernel support for {}",
                    self.node(id).op_type
                ),
            ));
        }
        member.assigned = parsed.clone();
        member.requested = parsed;
        member.anchor = Some(id);
        Ok(())
    }

    fn colocate_resource_and_ref_edges(&mut self) -> Result<(), PlacementError> {
        for destination in self.node_ids() {
            let node = self.node(destination);
            for input in &node.inputs {
                let dtype = input.tensor_type.dtype;
                let both_datasets = dtype == crate::kernels::DataType::Variant
                    && self.registry.is_dataset(&self.node(input.source).op_type)
                    && self.registry.is_dataset(&node.op_type);
                let pins = input.tensor_type.is_ref_or_resource()
                    && !self.registry.is_colocation_exempt(&node.op_type);
                if both_datasets || pins {
                    self.colocate_resource_or_ref_edge(input.source, destination)?;
                }
            }
        }
        Ok(())
    }

    fn colocate_resource_or_ref_edge(
        &mut self,
        source: NodeId,
        destination: NodeId,
    ) -> Result<(), PlacementError> {
        let source_root = self.find_root(source.index());
        let destination_root = self.find_root(destination.index());
        self.ensure_compatibility_across_resource_edge(
            source,
            source_root,
            destination,
            destination_root,
        )?;
        self.colocate_nodes(source, source_root, destination, destination_root).map_err(|error| {
            PlacementError::invalid_argument(format!(
                "Nodes were connected by a reference connection (requiring them to be on the same device), but the \
                 two nodes were assigned two different devices: {}",
                error.message
            ))
            .attach_node(&self.node(destination).name)
        })
    }

    fn ensure_compatibility_across_resource_edge(
        &mut self,
        source: NodeId,
        source_root: usize,
        destination: NodeId,
        destination_root: usize,
    ) -> Result<(), PlacementError> {
        let (source_member, destination_member) =
            (&self.members[source_root], &self.members[destination_root]);
        for (kind, source_name, destination_name) in [
            (
                "assigned",
                &source_member.assigned,
                &destination_member.assigned,
            ),
            (
                "resource",
                &source_member.resource,
                &destination_member.resource,
            ),
        ] {
            if !source_name.is_compatible_with(destination_name) {
                return Err(PlacementError::invalid_argument(format!(
                    "Cannot place the graph because a reference or resource edge connects colocation groups with \
                     incompatible {kind} devices: {source_name} vs {destination_name}. The edge src node is {} , and \
                     the dst node is {}",
                    self.node(source).name,
                    self.node(destination).name
                )));
            }
        }
        if source_member
            .requested
            .is_compatible_with(&destination_member.requested)
        {
            return Ok(());
        }
        if self.options.log_device_placement {
            self.warnings.push(format!(
                "Ignoring device specification {} for node '{}' because the input edge from '{}' is a reference \
                 connection and already has a device field set to {}",
                destination_member.requested,
                self.node(destination).name,
                self.node(source).name,
                source_member.requested
            ));
        }
        let mut requested = source_member.requested.clone();
        requested.ensure_specification(&destination_member.assigned);
        requested.ensure_specification(&destination_member.resource);
        let anchor = source_member.anchor;
        let destination_member = &mut self.members[destination_root];
        destination_member.requested = requested;
        destination_member.anchor = anchor;
        Ok(())
    }

    fn colocate_all_nodes(&mut self) -> Result<(), PlacementError> {
        let mut group_roots: HashMap<&'a str, NodeId> =
            HashMap::with_capacity(self.graph.nodes.len());
        for id in self.node_ids() {
            let node = self.node(id);
            let extra = self.extra_groups[id.index()];
            for class in node
                .colocation_groups
                .iter()
                .map(String::as_str)
                .chain(extra)
            {
                if let Some(group) = class.strip_prefix("loc:@") {
                    self.colocate_node_to_group(&mut group_roots, id, group)?;
                }
            }
            self.colocate_node_to_group(&mut group_roots, id, &node.name)?;
        }
        Ok(())
    }

    fn colocate_node_to_group(
        &mut self,
        group_roots: &mut HashMap<&'a str, NodeId>,
        id: NodeId,
        group: &'a str,
    ) -> Result<(), PlacementError> {
        let Some(&group_node) = group_roots.get(group) else {
            group_roots.insert(group, id);
            return Ok(());
        };
        let x_root = self.find_root(id.index());
        let y_root = self.find_root(group_node.index());
        let Err(error) = self.colocate_nodes(id, x_root, group_node, y_root) else {
            return Ok(());
        };
        let error = error.attach_node(&self.node(id).name);
        if !self.options.allow_soft_placement {
            return Err(error);
        }
        if self.options.log_device_placement {
            // `Status::ToString` prefixes the code name; tf-semantics.md gives only `<err>`.
            self.warnings.push(format!(
                "Ignoring request to colocate node '{}' with nodes in colocation group '{group}' because soft \
                 placement is on and an attempt at doing so resulted in the following error: INVALID_ARGUMENT: {}",
                self.node(id).name,
                error.message
            ));
        }
        Ok(())
    }

    fn colocate_nodes(
        &mut self,
        x: NodeId,
        x_root: usize,
        y: NodeId,
        y_root: usize,
    ) -> Result<(), PlacementError> {
        if x_root == y_root {
            return Ok(());
        }
        let (new_root, old_root) = self.merge_roots(x_root, y_root);
        let old = self.members[old_root].clone();
        let soft = self.options.allow_soft_placement;
        let merged = {
            let new = &self.members[new_root];
            let mut assigned = new.assigned.clone();
            let mut resource = new.resource.clone();
            let mut requested = new.requested.clone();
            let merge_result = assigned
                .merge(&old.assigned, false)
                .and_then(|()| resource.merge(&old.resource, false))
                .and_then(|()| requested.merge(&old.requested, soft));
            merge_result.map(|()| {
                let dropped = soft && new.requested.clone().merge(&old.requested, false).is_err();
                requested.ensure_specification(&assigned);
                requested.ensure_specification(&resource);
                (assigned, resource, requested, dropped)
            })
        };
        let (assigned, resource, requested, dropped) = merged.map_err(|error| {
            PlacementError::invalid_argument(format!(
                "Cannot colocate nodes {} and {}: {error}",
                format_colocation_node(&self.node(x).name),
                format_colocation_node(&self.node(y).name)
            ))
        })?;
        let supported = self.members[new_root].supported & old.supported;
        if supported == 0 {
            return Err(PlacementError::invalid_argument(format!(
                "Cannot colocate nodes {} and {} because no device type supports both of those nodes and the other \
                 nodes colocated with them.{}{}",
                format_colocation_node(&self.node(x).name),
                format_colocation_node(&self.node(y).name),
                self.debug_info(x_root),
                self.debug_info(y_root)
            )));
        }
        let anchor = self.preferred_anchor(self.members[new_root].anchor, old.anchor);
        let new = &mut self.members[new_root];
        new.assigned = assigned;
        new.resource = resource;
        new.requested = requested;
        new.supported = supported;
        new.merge_dropped_details |= dropped || old.merge_dropped_details;
        new.anchor = anchor;
        new.pinned_by = new.pinned_by.or(old.pinned_by);
        if new.rank == old.rank {
            new.rank += 1;
        }
        new.possible = None;
        self.members[old_root].parent = new_root as u32;
        Ok(())
    }

    /// The root that survives a union (`Member::Merge`): the higher rank, `x` on ties.
    fn merge_roots(&self, x_root: usize, y_root: usize) -> (usize, usize) {
        if self.members[x_root].rank < self.members[y_root].rank {
            (y_root, x_root)
        } else {
            (x_root, y_root)
        }
    }

    fn preferred_anchor(&self, first: Option<NodeId>, second: Option<NodeId>) -> Option<NodeId> {
        match (first, second) {
            (Some(a), Some(b))
                if !self.node(a).is_resource_generator()
                    && self.node(b).is_resource_generator() =>
            {
                Some(b)
            }
            (a, b) => a.or(b),
        }
    }

    fn maybe_exclude_xla_devices(&mut self, root: usize) {
        let member = &self.members[root];
        let names = [&member.requested, &member.assigned, &member.resource];
        if names
            .iter()
            .any(|name| name.device_type.as_deref().is_some_and(is_xla_device))
        {
            return;
        }
        let xla_mask = self.type_mask_where(is_xla_device);
        let non_xla = member.supported & !xla_mask;
        if non_xla != 0 && non_xla != member.supported {
            self.members[root].supported = non_xla;
        }
    }

    fn type_mask_where(&self, predicate: impl Fn(&str) -> bool) -> TypeMask {
        let mut mask = 0;
        for (index, (name, _)) in self.devices.prioritized_types().iter().enumerate() {
            if predicate(name) {
                mask |= 1 << index;
            }
        }
        mask
    }

    fn find_root(&mut self, index: usize) -> usize {
        let mut root = index;
        while self.members[root].parent as usize != root {
            root = self.members[root].parent as usize;
        }
        let mut current = index;
        while self.members[current].parent as usize != root {
            let next = self.members[current].parent as usize;
            self.members[current].parent = root as u32;
            current = next;
        }
        root
    }

    fn find_root_readonly(&self, index: usize) -> usize {
        let mut root = index;
        while self.members[root].parent as usize != root {
            root = self.members[root].parent as usize;
        }
        root
    }

    // ---- The two passes (`Placer::Run`) ----------------------------------------------

    fn run(&mut self) -> Result<(), PlacementError> {
        let mut second_pass = Vec::new();
        for id in self.node_ids() {
            if let Some(assigned) = self.preassigned[id.index()].clone() {
                let device = self.devices.find_by_name(&assigned).ok_or_else(|| {
                    PlacementError::new(
                        ErrorCode::Internal,
                        format!("Malformed assigned device '{assigned}'"),
                    )
                })?;
                self.assign(id, device, PlacementReason::AlreadyAssigned)?;
                continue;
            }
            if self.node(id).is_generator() {
                second_pass.push(id);
                continue;
            }
            let candidates = self.devices_for_node_wrapped(id)?;
            let heuristic = self.input_heuristic(id, &candidates);
            self.choose(id, &candidates, heuristic)?;
        }
        for id in second_pass {
            let candidates = self.devices_for_node_wrapped(id)?;
            let heuristic = self.consumer_heuristic(id, &candidates);
            self.choose(id, &candidates, heuristic)?;
        }
        Ok(())
    }

    fn devices_for_node_wrapped(&mut self, id: NodeId) -> Result<Vec<DeviceId>, PlacementError> {
        self.devices_for_node(id).map_err(|error| {
            let name = &self.node(id).name;
            PlacementError {
                message: format!(
                    "Cannot assign a device for operation {name}: {}",
                    error.message
                ),
                ..error
            }
            .attach_node(name)
        })
    }

    /// Heuristic B and the Identity heuristic: go with the input when allowed.
    fn input_heuristic(
        &self,
        id: NodeId,
        candidates: &[DeviceId],
    ) -> Option<(DeviceId, PlacementReason)> {
        let node = self.node(id);
        let is_metadata = self.registry.is_metadata(&node.op_type);
        if !is_metadata && !self.matches_identity_operation(id) {
            return None;
        }
        let input = node
            .inputs
            .first()
            .map(|it| it.source)
            .or_else(|| node.control_inputs.first().copied())?;
        let device =
            self.assignments[input.index()].filter(|device| candidates.contains(device))?;
        let input = self.node(input).name.clone();
        let reason = if is_metadata {
            PlacementReason::MetadataFollowsInput { input }
        } else {
            PlacementReason::IdentityFollowsInput { input }
        };
        Some((device, reason))
    }

    fn matches_identity_operation(&self, id: NodeId) -> bool {
        let node = self.node(id);
        if node.op_type != "Identity"
            || self.preassigned[id.index()].is_some()
            || !node.requested_device.is_empty()
        {
            return false;
        }
        if node.inputs.len() + node.control_inputs.len() != 1
            || self.consumers[id.index()].len() != 1
        {
            return false;
        }
        let input = node
            .inputs
            .first()
            .map(|it| it.source)
            .or_else(|| node.control_inputs.first().copied());
        let (Some(input), Some(output)) = (input, self.consumers[id.index()].first()) else {
            return false;
        };
        self.node(input).requested_device == self.node(*output).requested_device
    }

    /// Heuristic A: a generator goes where all its consumers went, when allowed.
    fn consumer_heuristic(
        &self,
        id: NodeId,
        candidates: &[DeviceId],
    ) -> Option<(DeviceId, PlacementReason)> {
        let consumers = &self.consumers[id.index()];
        let first = *consumers.first()?;
        let device = self.assignments[first.index()];
        if !consumers
            .iter()
            .all(|consumer| self.assignments[consumer.index()] == device)
        {
            return None;
        }
        let device = device.filter(|device| candidates.contains(device))?;
        Some((
            device,
            PlacementReason::GeneratorFollowsConsumer {
                consumer: self.node(first).name.clone(),
            },
        ))
    }

    fn choose(
        &mut self,
        id: NodeId,
        candidates: &[DeviceId],
        heuristic: Option<(DeviceId, PlacementReason)>,
    ) -> Result<(), PlacementError> {
        let (device, reason) = match heuristic {
            Some((device, reason)) => (device, reason),
            None => {
                // `devices_for_node` never returns an empty list.
                let device = *candidates.first().ok_or_else(|| {
                    PlacementError::new(ErrorCode::Internal, "empty candidate list".to_string())
                })?;
                (device, self.default_reason(id, device))
            }
        };
        self.assign(id, device, reason)
    }

    fn default_reason(&mut self, id: NodeId, device: DeviceId) -> PlacementReason {
        let root = self.find_root(id.index());
        let member = &self.members[root];
        let node = self.node(id);
        if let Some(why) = &member.soft_cause {
            let requested = if node.requested_device.is_empty() {
                member.requested.to_string()
            } else {
                node.requested_device.clone()
            };
            return PlacementReason::SoftPlacementFallback {
                requested,
                why: why.clone(),
            };
        }
        if let Some(pinned_by) = member.pinned_by.filter(|other| *other != id) {
            return PlacementReason::ColocatedWith {
                node: self.node(pinned_by).name.clone(),
                why: self.colocation_cause(id),
            };
        }
        let own = ParsedName::parse(&node.requested_device).filter(ParsedName::has_some_details);
        if let Some(own) = own {
            if own.matches(&self.devices.device(device).parsed) {
                return PlacementReason::ExplicitRequest;
            }
            if member.merge_dropped_details {
                return PlacementReason::SoftPlacementFallback {
                    requested: node.requested_device.clone(),
                    why: FallbackCause::ColocationConflict,
                };
            }
        }
        if member.requested.has_some_details() {
            if let Some(anchor) = member.anchor.filter(|anchor| *anchor != id) {
                return PlacementReason::ColocatedWith {
                    node: self.node(anchor).name.clone(),
                    why: self.colocation_cause(id),
                };
            }
            return PlacementReason::ExplicitRequest;
        }
        PlacementReason::DefaultPriority {
            device_type: self.devices.device(device).device_type.clone(),
        }
    }

    fn colocation_cause(&self, id: NodeId) -> ColocationCause {
        let node = self.node(id);
        let uses_resource = node
            .inputs
            .iter()
            .any(|input| input.tensor_type.is_ref_or_resource());
        if uses_resource || node.is_resource_generator() {
            ColocationCause::ResourceEdge
        } else {
            ColocationCause::ColocateWith
        }
    }

    /// `AssignAndLog`: records the device and pins the node's group to it.
    fn assign(
        &mut self,
        id: NodeId,
        device: DeviceId,
        reason: PlacementReason,
    ) -> Result<(), PlacementError> {
        let root = self.find_root(id.index());
        if !self.interned.contains(&device) {
            self.interned.push(device);
        }
        let device_name = &self.devices.device(device).parsed;
        let member = &mut self.members[root];
        if member.assigned_device != Some(device) {
            let internal = |error: crate::device::MergeError| {
                PlacementError::new(
                    ErrorCode::Internal,
                    format!(
                        "Constraining by assigned device should not cause an error. Error: {error}"
                    ),
                )
            };
            member
                .assigned
                .merge(device_name, false)
                .map_err(internal)?;
            member
                .resource
                .merge_override(device_name)
                .map_err(internal)?;
            member
                .requested
                .merge_override(device_name)
                .map_err(internal)?;
            member.assigned_device = Some(device);
            member.possible = None;
            member.soft_cause = None;
            member.pinned_by = member.pinned_by.or(Some(id));
        }
        self.assignments[id.index()] = Some(device);
        self.reasons[id.index()] = Some(reason);
        if self.options.log_device_placement {
            let node = self.node(id);
            self.log_lines.push(graph_log_line(
                &node.name,
                &node.op_type,
                &self.devices.device(device).name,
            ));
        }
        Ok(())
    }

    // ---- Candidate devices (`ColocationGraph::GetDevicesForNode`) ---------------------

    fn devices_for_node(&mut self, id: NodeId) -> Result<Vec<DeviceId>, PlacementError> {
        let root = self.find_root(id.index());
        if let Some(possible) = &self.members[root].possible {
            return Ok(possible.clone());
        }
        let member = &self.members[root];
        let supported = member.supported;
        let mut soft_cause = None;
        let devices = if member.requested.has_some_details() {
            let matching = self.devices.find_matching(&member.requested);
            let mut devices = self.filter_supported(&matching, supported);
            if devices.is_empty() && self.options.allow_soft_placement {
                soft_cause = Some(if matching.is_empty() {
                    FallbackCause::NoMatchingDevice
                } else {
                    FallbackCause::NoKernelOnRequestedDevice
                });
                devices = self.soft_device_candidates(root);
            }
            if devices.is_empty() {
                return Err(self.explicit_device_error(id, root));
            }
            devices
        } else {
            let all: Vec<DeviceId> = self.devices.ids().collect();
            let devices = self.filter_supported(&all, supported);
            if devices.is_empty() {
                let node = self.node(id);
                let input_types: Vec<&str> = node
                    .inputs
                    .iter()
                    .map(|input| input.tensor_type.dtype.short_name())
                    .collect();
                return Err(PlacementError::invalid_argument(format!(
                    "Node had no OpKernel registered to support this operation: Operation was {} and inputs were \
                     [{}].\n{}",
                    node.op_type,
                    input_types.join(", "),
                    self.debug_info(root)
                )));
            }
            devices
        };
        let member = &mut self.members[root];
        member.possible = Some(devices.clone());
        member.soft_cause = soft_cause;
        Ok(devices)
    }

    /// `FilterSupportedDevices`: the default local device first, then by type priority and
    /// name (kernel priorities are all 0 here).
    fn filter_supported(&self, devices: &[DeviceId], supported: TypeMask) -> Vec<DeviceId> {
        let mut default_device = None;
        let mut filtered: Vec<DeviceId> = Vec::with_capacity(devices.len());
        for device in devices {
            if self.device_type_bit[device.index()] & supported == 0 {
                continue;
            }
            if Some(*device) == self.options.default_local_device {
                default_device = Some(*device);
            } else {
                filtered.push(*device);
            }
        }
        filtered.sort_by(|a, b| {
            let (a, b) = (self.devices.device(*a), self.devices.device(*b));
            b.type_priority
                .cmp(&a.type_priority)
                .then_with(|| a.name.cmp(&b.name))
        });
        if let Some(device) = default_device {
            filtered.insert(0, device);
        }
        filtered
    }

    /// `GetSoftDeviceCandidates`: drop type and id unless the assigned or resource device
    /// fixes them; then, with a warning, relax the resource device too.
    fn soft_device_candidates(&mut self, root: usize) -> Vec<DeviceId> {
        let member = &self.members[root];
        let mut preferred = member.requested.clone();
        if member.assigned.device_type.is_none() && member.resource.device_type.is_none() {
            preferred.device_type = None;
        }
        if member.assigned.id.is_none() && member.resource.id.is_none() {
            preferred.id = None;
        }
        let devices =
            self.filter_supported(&self.devices.find_matching(&preferred), member.supported);
        if !devices.is_empty() {
            return devices;
        }
        let mut relaxed = member.requested.clone();
        if member.assigned.device_type.is_none() {
            relaxed.device_type = None;
        }
        if member.assigned.id.is_none() {
            relaxed.id = None;
        }
        let devices =
            self.filter_supported(&self.devices.find_matching(&relaxed), member.supported);
        if !devices.is_empty() {
            let names: Vec<&str> = devices
                .iter()
                .map(|id| self.devices.device(*id).name.as_str())
                .collect();
            self.warnings.push(format!(
                "Failed to place the graph without changing the devices of some resources. Some of the operations \
                 (that had to be colocated with resource generating operations) are not supported on the resources' \
                 devices. Current candidate devices are [\n  {}].\nSee below for details of this colocation group:{}",
                names.join("\n  "),
                self.debug_info(root)
            ));
        }
        devices
    }

    /// The §3.1 / §3.2 / §3.3 texts, chosen as `GetDevicesForNode` chooses them.
    fn explicit_device_error(&self, id: NodeId, root: usize) -> PlacementError {
        let node = self.node(id);
        let member = &self.members[root];
        let debug_info = self.debug_info(root);
        let specified = ParsedName::parse(&node.requested_device);
        let Some(specified) = specified.filter(|specified| *specified == member.requested) else {
            return PlacementError::invalid_argument(format!(
                "Could not satisfy explicit device specification '{}' because the node {} was colocated with a \
                 group of nodes that required incompatible device '{}'. All available devices [{}]. {debug_info}",
                node.requested_device,
                format_colocation_node(&node.name),
                member.requested,
                self.devices.joined_names()
            ));
        };
        if self.devices.find_matching(&specified).is_empty() {
            let mut names: Vec<&str> = self
                .devices
                .devices()
                .iter()
                .map(|device| device.name.as_str())
                .collect();
            names.sort_unstable();
            let is_gpu = specified
                .device_type
                .as_deref()
                .is_some_and(|it| it.eq_ignore_ascii_case("gpu"));
            let gpu_message = if !self.devices.cuda_enabled() && is_gpu {
                " The requested device appears to be a GPU, but CUDA is not enabled."
            } else {
                ""
            };
            return PlacementError::invalid_argument(format!(
                "{} was explicitly assigned to {} but available devices are [ {} ]. Make sure the device \
                 specification refers to a valid device.{gpu_message}",
                format_node_name(&node.name),
                node.requested_device,
                names.join(", ")
            ));
        }
        match &specified.device_type {
            Some(device_type) => PlacementError::invalid_argument(format!(
                "Could not satisfy explicit device specification '{}' because no supported kernel for {device_type} \
                 devices is available.{debug_info}\nOp: {}\nNode attrs: {}\nRegistered kernels:\n{}",
                node.requested_device,
                node.op_type,
                attrs_debug_string(node),
                self.registry.kernels_registered_for_op(&node.op_type)
            )),
            // The closing quote is missing in TensorFlow's source too (§3.2).
            None => PlacementError::invalid_argument(format!(
                "Could not satisfy explicit device specification '{}{debug_info}",
                node.requested_device
            )),
        }
    }

    // ---- "Colocation Debug Info" (§3.6) ------------------------------------------------

    fn debug_info(&self, root: usize) -> String {
        let root = self.find_root_readonly(root);
        // `type_to_devices` is a `std::unordered_map`: its order is the hash table's.
        let mut type_lines: Vec<(&str, String)> = Vec::new();
        let mut member_lines = String::new();
        let mut found = 0;
        for id in self.node_ids() {
            if self.find_root_readonly(id.index()) != root {
                continue;
            }
            found += 1;
            let node = self.node(id);
            let supported = self.registry.supported_device_types(
                &node.op_type,
                node.dtype,
                node.is_function_call,
                self.devices.prioritized_types(),
            );
            let mut devices_registered = String::new();
            for (device_type, _) in supported {
                devices_registered.push_str(&device_type);
                devices_registered.push(' ');
            }
            type_lines.push((node.op_type.as_str(), devices_registered));
            member_lines.push_str(&format!(
                "\n  {} ({}) {}",
                node.name, node.op_type, node.requested_device
            ));
            if let Some(device) = self.assignments[id.index()] {
                member_lines.push_str(&format!(
                    " framework assigned device={}",
                    self.devices.device(device).name
                ));
            }
        }
        if found == 0 {
            return String::new();
        }
        let mut text = String::from(
            "\nColocation Debug Info:\nColocation group had the following types and supported devices: ",
        );
        text.push_str(&format!("\nRoot {}", self.member_debug_string(root)));
        let order = super::cpp_map_order::iteration_order(type_lines.iter().map(|(op, _)| *op));
        for op_type in order {
            // `map[type] = devices` keeps the last value written.
            if let Some((_, device_types)) = type_lines.iter().rev().find(|(op, _)| *op == op_type)
            {
                text.push_str(&format!("\n{op_type}: {device_types}"));
            }
        }
        text.push_str("\n\nColocation members, user-requested devices, and framework assigned devices, if any:");
        text.push_str(&member_lines);
        text.push('\n');
        text
    }

    /// `Member::DebugString`. The source read ends the text with `]`; tf-semantics.md §3.6
    /// shows a closing `)`; the source wins.
    fn member_debug_string(&self, root: usize) -> String {
        let member = &self.members[root];
        let assigned_index = member
            .assigned_device
            .and_then(|device| self.interned.iter().position(|it| *it == device))
            .map_or(-1, |position| position as i64 + 1);
        let types: Vec<&str> = self
            .devices
            .prioritized_types()
            .iter()
            .enumerate()
            .filter(|(index, _)| member.supported & (1 << index) != 0)
            .map(|(_, (name, _))| name.as_str())
            .collect();
        let possible: Vec<&str> = member
            .possible
            .iter()
            .flatten()
            .map(|device| self.devices.device(*device).name.as_str())
            .collect();
        format!(
            "Member(assigned_device_name_index_={assigned_index} requested_device_name_='{}' \
             assigned_device_name_='{}' resource_device_name_='{}' supported_device_types_=[{}] \
             possible_devices_=[{}]",
            member.requested,
            member.assigned,
            member.resource,
            types.join(", "),
            possible.join(", ")
        )
    }

    fn finish(self) -> GraphPlacement {
        let mut nodes = Vec::with_capacity(self.graph.nodes.len());
        for (index, node) in self.graph.nodes.iter().enumerate() {
            // Every node is assigned once `run` succeeded; the fallbacks keep this total.
            let device = self.assignments[index].unwrap_or(DeviceId(0));
            let reason = self.reasons[index]
                .clone()
                .unwrap_or(PlacementReason::AlreadyAssigned);
            nodes.push(NodePlacement {
                device,
                requested_device: node.requested_device.clone(),
                reason,
            });
        }
        GraphPlacement {
            nodes,
            log_lines: self.log_lines,
            warnings: self.warnings,
        }
    }
}

/// `IsXlaDevice` (§2.3 step 6).
fn is_xla_device(device_type: &str) -> bool {
    matches!(
        device_type,
        "XLA_CPU_JIT" | "XLA_GPU_JIT" | "XLA_TPU_JIT" | "XLA_CPU" | "XLA_GPU" | "TPU"
    )
}

/// The node's attrs as `AttrSlice::DebugString` would list them. Only `T` and `_class` are
/// modelled; tf-semantics.md does not record the exact format, so this is an approximation.
fn attrs_debug_string(node: &Node) -> String {
    let mut parts = Vec::new();
    if let Some(dtype) = node.dtype {
        parts.push(format!("T={}", dtype.enum_name()));
    }
    if !node.colocation_groups.is_empty() {
        let quoted: Vec<String> = node
            .colocation_groups
            .iter()
            .map(|it| format!("\"{it}\""))
            .collect();
        parts.push(format!("_class=[{}]", quoted.join(", ")));
    }
    parts.join(", ")
}

/// `Node::DebugString`, approximated (tf-semantics.md gives only `<NodeDef debug string>`);
/// TensorFlow numbers op nodes from 2, after `_SOURCE` and `_SINK`.
fn node_debug_string(id: NodeId, node: &Node) -> String {
    format!(
        "{{name:'{}' id:{} op device:{{requested: '{}', assigned: ''}} def:{{{} = {}[{}]()}}}}",
        node.name,
        id.0 as u64 + 2,
        node.requested_device,
        format_node_name(&node.name),
        node.op_type,
        attrs_debug_string(node)
    )
}
