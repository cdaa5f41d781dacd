//! The placer: which device each op runs on, why, or TensorFlow's error when none fits.
//!
//! Two modes, as in TensorFlow:
//! - [`graph::place_graph`]: TF1 `Session`, graph mode and `tf.function` bodies (§2.3),
//!   over the small IR of this module ([`Graph`], [`Node`]).
//! - [`eager::place_eager_op`]: one op at a time in TF2 eager mode (§2.4).
//!
//! Every placement carries a [`PlacementReason`] the UI can show. Error texts are §3's,
//! built in one place ([`errors`]). This module knows nothing about values, shapes or time.

pub mod cpp_map_order;
pub mod device;
pub mod eager;
pub mod errors;
pub mod graph;
pub mod kernels;

use std::fmt;

use crate::device::DeviceId;
use crate::kernels::DataType;

pub use errors::{function_error_message, ErrorCode, PlacementError, StackFrame};

/// Index of a node in its [`Graph`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The index as `usize`, for slices.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The type of a tensor flowing along an edge or out of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TensorType {
    /// Its dtype (`DT_RESOURCE` for variable handles).
    pub dtype: DataType,
    /// A TF1 reference (`float_ref`), as VariableV2 outputs and Assign takes.
    pub is_ref: bool,
}

impl TensorType {
    /// A plain value of `dtype`.
    pub fn value(dtype: DataType) -> TensorType {
        TensorType {
            dtype,
            is_ref: false,
        }
    }

    /// A TF1 reference to `dtype`.
    pub fn reference(dtype: DataType) -> TensorType {
        TensorType {
            dtype,
            is_ref: true,
        }
    }

    /// True for refs and resource handles: such edges pin both ends together (§2.3 step 2).
    pub fn is_ref_or_resource(self) -> bool {
        self.is_ref || self.dtype == DataType::Resource
    }
}

/// A data input of a node: which node produces it and its type at this end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Input {
    /// The producing node.
    pub source: NodeId,
    /// The input's type as the consumer declares it.
    pub tensor_type: TensorType,
}

/// One op of a graph, with what the placer reads from its `NodeDef`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The graph name (`add`, `random_normal/RandomStandardNormal`).
    pub name: String,
    /// TensorFlow's op type (`AddV2`, `VarHandleOp`).
    pub op_type: String,
    /// `NodeDef.device` as the Python scopes produced it (`/device:TPU:0`), or empty.
    pub requested_device: String,
    /// A device the runtime already fixed (`_Arg` of a function call), or `None`.
    pub assigned_device: Option<String>,
    /// Data inputs in order.
    pub inputs: Vec<Input>,
    /// Control inputs (`^name`).
    pub control_inputs: Vec<NodeId>,
    /// The `_class` attr: `loc:@<name>` entries from `colocate_with`.
    pub colocation_groups: Vec<String>,
    /// Output types in order.
    pub outputs: Vec<TensorType>,
    /// The `T` attr kernels are constrained on, if the op has one.
    pub dtype: Option<DataType>,
    /// A call of a user function (`PartitionedCall`, `__inference_f_7`): supported everywhere.
    pub is_function_call: bool,
}

impl Node {
    /// A node with one output of `dtype` and no inputs, device or constraints yet.
    pub fn new(name: &str, op_type: &str, dtype: DataType) -> Node {
        Node {
            name: name.to_string(),
            op_type: op_type.to_string(),
            requested_device: String::new(),
            assigned_device: None,
            inputs: Vec::new(),
            control_inputs: Vec::new(),
            colocation_groups: Vec::new(),
            outputs: vec![TensorType::value(dtype)],
            dtype: Some(dtype),
            is_function_call: false,
        }
    }

    /// Sets the requested device.
    pub fn on(mut self, device: &str) -> Node {
        self.requested_device = device.to_string();
        self
    }

    /// Adds a data input of the source's dtype.
    pub fn input(mut self, source: NodeId, dtype: DataType) -> Node {
        self.inputs.push(Input {
            source,
            tensor_type: TensorType::value(dtype),
        });
        self
    }

    /// Adds a resource input (a variable handle).
    pub fn resource_input(mut self, source: NodeId) -> Node {
        self.inputs.push(Input {
            source,
            tensor_type: TensorType::value(DataType::Resource),
        });
        self
    }

    /// Adds a `loc:@<group>` colocation entry.
    pub fn colocate_with(mut self, group: &str) -> Node {
        self.colocation_groups.push(format!("loc:@{group}"));
        self
    }

    /// True for generators: no data inputs and one non-ref output (Const, VarHandleOp).
    /// The placer places them last, next to their consumers (Heuristic A).
    pub fn is_generator(&self) -> bool {
        self.inputs.is_empty() && self.outputs.len() == 1 && !self.outputs[0].is_ref
    }

    /// True for resource or ref generators (VarHandleOp, VariableV2, resource `_Arg`):
    /// their requested device is fixed, not a preference (§2.3 step 1).
    pub fn is_resource_generator(&self) -> bool {
        self.inputs.is_empty() && self.outputs.len() == 1 && self.outputs[0].is_ref_or_resource()
    }
}

/// A graph to place: nodes in creation order (the order TensorFlow walks them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    /// The nodes; inputs refer to them by index.
    pub nodes: Vec<Node>,
}

impl Graph {
    /// Appends a node and returns its id.
    pub fn add(&mut self, node: Node) -> NodeId {
        self.nodes.push(node);
        NodeId(self.nodes.len() as u32 - 1)
    }
}

/// Why soft placement moved a node away from its request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FallbackCause {
    /// No device of the machine matches the request (`/device:TPU:0` on a CPU machine).
    NoMatchingDevice,
    /// Devices match but none of their types has a kernel for the op (or its group).
    NoKernelOnRequestedDevice,
    /// The colocation group's devices conflicted, so type and id were dropped.
    ColocationConflict,
}

/// How a node came to share its colocation group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ColocationCause {
    /// It reads or writes a resource or ref produced by the other node.
    ResourceEdge,
    /// A `colocate_with` (`_class` `loc:@...`) entry.
    ColocateWith,
}

/// Why a node runs where it runs; the Placement pane shows [`PlacementReason::sentence`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlacementReason {
    /// The user's `tf.device` request was satisfied.
    ExplicitRequest,
    /// The request could not be satisfied and soft placement picked another device.
    SoftPlacementFallback {
        /// The request as written on the node (or the group's merged request).
        requested: String,
        /// What went wrong with it.
        why: FallbackCause,
    },
    /// The node follows another node of its colocation group.
    ColocatedWith {
        /// The node whose device the group took.
        node: String,
        /// Why the two are in one group.
        why: ColocationCause,
    },
    /// Nothing was requested: the highest-priority device type with a kernel won.
    DefaultPriority {
        /// That device type.
        device_type: String,
    },
    /// A generator (Const) went where all its consumers went (Heuristic A).
    GeneratorFollowsConsumer {
        /// One of those consumers.
        consumer: String,
    },
    /// A metadata op (Shape, Size, Rank) went with its input (Heuristic B).
    MetadataFollowsInput {
        /// The input node.
        input: String,
    },
    /// A pass-through Identity went with its input.
    IdentityFollowsInput {
        /// The input node.
        input: String,
    },
    /// Eager: every input was a small int32/int64 tensor on the host CPU.
    PinnedSmallIntOpsToCpu,
    /// Eager: an input is a resource, so the op runs on the resource's device.
    ResourceDevice {
        /// Which input is the resource.
        input_index: usize,
    },
    /// The runtime had already fixed the device (function arguments).
    AlreadyAssigned,
}

impl PlacementReason {
    /// One sentence for the UI, given the device the node ended on.
    pub fn sentence(&self, device: &str) -> String {
        match self {
            PlacementReason::ExplicitRequest => format!("Placed on {device} as requested by tf.device."),
            PlacementReason::SoftPlacementFallback { requested, why } => {
                let cause = match why {
                    FallbackCause::NoMatchingDevice => "no device matches it",
                    FallbackCause::NoKernelOnRequestedDevice => "the op has no kernel for that device type",
                    FallbackCause::ColocationConflict => "its colocation group required incompatible devices",
                };
                format!("Requested {requested}, but {cause}; soft placement chose {device}.")
            }
            PlacementReason::ColocatedWith { node, why } => {
                let cause = match why {
                    ColocationCause::ResourceEdge => "it uses a resource (variable) that",
                    ColocationCause::ColocateWith => "colocate_with ties it to",
                };
                format!("Placed on {device} because {cause} '{node}' lives there.")
            }
            PlacementReason::DefaultPriority { device_type } => format!(
                "No device requested: {device_type} is the highest-priority device type with a kernel, so {device}."
            ),
            PlacementReason::GeneratorFollowsConsumer { consumer } => {
                format!("A generator placed with its consumers ('{consumer}') on {device}.")
            }
            PlacementReason::MetadataFollowsInput { input } => {
                format!("A shape-only op placed with its input '{input}' on {device}.")
            }
            PlacementReason::IdentityFollowsInput { input } => {
                format!("A pass-through Identity placed with its input '{input}' on {device}.")
            }
            PlacementReason::PinnedSmallIntOpsToCpu => format!(
                "All inputs are small int32/int64 tensors on the host, so eager runs it on {device}."
            ),
            PlacementReason::ResourceDevice { input_index } => {
                format!("Input #{input_index} is a resource on {device}, so the op runs there.")
            }
            PlacementReason::AlreadyAssigned => format!("The runtime had already assigned {device}."),
        }
    }
}

/// Where one node went and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodePlacement {
    /// The chosen device.
    pub device: DeviceId,
    /// The request as written on the node (may be empty).
    pub requested_device: String,
    /// Why.
    pub reason: PlacementReason,
}

/// The `log_device_placement` line of the graph placer: `name: (Op): device` (§2.6).
pub fn graph_log_line(node_name: &str, op_type: &str, device: &str) -> String {
    format!("{node_name}: ({op_type}): {device}")
}

/// The eager `log_device_placement` line: `Executing op <Op> in device <device>` (§2.4).
pub fn eager_log_line(op_type: &str, device: &str) -> String {
    format!("Executing op {op_type} in device {device}")
}

impl fmt::Display for NodeId {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "#{}", self.0)
    }
}

#[cfg(test)]
mod tests;
