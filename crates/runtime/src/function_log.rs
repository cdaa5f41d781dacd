//! The placer lines TensorFlow prints to stdout for eager ops under
//! `tf.debugging.set_log_device_placement(True)` (tf-semantics §2.6): each eager op runs
//! as a single-op function, whose placement prints `name: (type): device` for its
//! arguments, the op and its results, once per op signature (op type, dtypes, attrs).
//!
//! Int32 arguments and results are kept in device memory (`_DeviceArg`,
//! `_DeviceRetval`); the others are `_Arg` and `_Retval`. `tf.constant` runs
//! `_EagerConst`, whose input is in host memory (always `_Arg`), as does every Python
//! value an op converts. The setting counts as it stood when the context was initialised.
//!
//! A `tf.function`'s body prints the same way on each concrete function's first call
//! (`Context::log_function_placement`); a v1 `Session` prints its graph's lines itself.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::context::Context;
use crate::op::OpKind;
use crate::op_defs::op::VariableLog;
use placer;
use placer::graph::GraphPlacement;
use tensor::ops::SliceSpec;
use tensor::{DType, Shape};

/// The op-def names of an eager op's inputs (given how many there are) and of its
/// output; `None` for ops whose function log is not modelled.
fn signature(op: &OpKind, input_count: usize) -> Option<(Vec<String>, &'static str)> {
    let fixed = |names: &[&str]| {
        names
            .iter()
            .map(|name| name.to_string())
            .collect::<Vec<_>>()
    };
    let op = op.op();
    let (inputs, output) = op.argument_names()?;
    let mut names = match op.list_argument() {
        Some(list) => (0..input_count.saturating_sub(inputs.len()))
            .map(|i| format!("{list}_{i}"))
            .collect(),
        None => Vec::new(),
    };
    names.extend(fixed(inputs));
    Some((names, output))
}

/// The mask attrs of the `StridedSlice` a Python subscript becomes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SliceMasks {
    /// `begin_mask`: ranges without a start.
    pub begin: u64,
    /// `end_mask`: ranges without a stop.
    pub end: u64,
    /// `shrink_axis_mask`: single indices.
    pub shrink: u64,
    /// `new_axis_mask`: `tf.newaxis`.
    pub new_axis: u64,
    /// `ellipsis_mask`: `...`.
    pub ellipsis: u64,
}

/// The mask attrs of `StridedSlice` for a subscript, one bit per entry.
pub fn slice_mask_bits(specs: &[SliceSpec]) -> SliceMasks {
    let (mut begin, mut end, mut shrink, mut new_axis, mut ellipsis) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    for (index, spec) in specs.iter().enumerate().take(64) {
        let bit = 1u64 << index;
        match spec {
            SliceSpec::Index(_) => shrink |= bit,
            SliceSpec::Range { start, stop, .. } => {
                if start.is_none() {
                    begin |= bit;
                }
                if stop.is_none() {
                    end |= bit;
                }
            }
            SliceSpec::NewAxis => new_axis |= bit,
            SliceSpec::Ellipsis => ellipsis |= bit,
        }
    }
    SliceMasks {
        begin,
        end,
        shrink,
        new_axis,
        ellipsis,
    }
}

fn arg_type(dtype: DType) -> &'static str {
    if dtype == DType::Int32 {
        "_DeviceArg"
    } else {
        "_Arg"
    }
}

fn retval_type(dtype: DType) -> &'static str {
    if dtype == DType::Int32 {
        "_DeviceRetval"
    } else {
        "_Retval"
    }
}

impl Context {
    /// Logs the single-op function of an eager op run on `device` with inputs and first
    /// output of these dtypes, the first time its signature runs.
    pub fn log_eager_function(
        &mut self,
        op: &OpKind,
        inputs: &[DType],
        output: DType,
        device: &str,
    ) {
        if !self.log_device_placement {
            return;
        }
        let Some((names, output_name)) = signature(op, inputs.len()) else {
            return;
        };
        let mut input_types = inputs.to_vec();
        let (extra_inputs, attrs) = op.op().placement_log_key();
        input_types.extend(extra_inputs);
        let key = format!(
            "{}|{input_types:?}|{output:?}|{attrs}|{device}",
            op.op_type()
        );
        if !self.function_log_keys.insert(key) {
            return;
        }
        let mut lines: Vec<String> = names
            .iter()
            .zip(&input_types)
            .map(|(name, dtype)| format!("{name}: ({}): {device}", arg_type(*dtype)))
            .collect();
        let op_type = op.op_type();
        lines.push(format!("{op_type}: ({op_type}): {device}"));
        lines.push(format!(
            "{output_name}_RetVal: ({}): {device}",
            retval_type(output)
        ));
        self.stdout_lines.extend(lines);
    }

    /// Logs the single-op function of an eager resource-variable op, whose resource
    /// arguments and results are `_Arg` and `_Retval`: `VarHandleOp` (no argument; its
    /// `_Retval` prints first, as the op is a generator the placer puts last),
    /// `ReadVariableOp` and the assignments, `value` being the dtype read or assigned.
    /// `VarHandleOp`'s attrs (its shared name) differ per variable, so each creation logs;
    /// the others' kernels are cached by the variable's dtype and shape, which `shape`
    /// (of the value read or assigned) stands for (oracle TF 2.21).
    pub fn log_eager_variable_function(
        &mut self,
        op: &OpKind,
        log: VariableLog,
        value: Option<(DType, &Shape)>,
        device: &str,
    ) {
        if !self.log_device_placement {
            return;
        }
        let op_type = op.op_type();
        let lines: Vec<(String, &str)> = match (log, value) {
            (VariableLog::Handle, _) => vec![
                ("resource_RetVal".to_string(), "_Retval"),
                (op_type.to_string(), op_type),
            ],
            (VariableLog::Read, Some((dtype, _))) => vec![
                ("resource".to_string(), "_Arg"),
                (op_type.to_string(), op_type),
                ("value_RetVal".to_string(), retval_type(dtype)),
            ],
            (VariableLog::Write, Some((dtype, _))) => vec![
                ("resource".to_string(), "_Arg"),
                ("value".to_string(), arg_type(dtype)),
                (op_type.to_string(), op_type),
            ],
            _ => return,
        };
        if !self
            .function_log_keys
            .insert(format!("{op_type}|{value:?}|{op:?}|{device}"))
        {
            return;
        }
        self.stdout_lines.extend(
            lines
                .into_iter()
                .map(|(name, kind)| placer::graph_log_line(&name, kind, device)),
        );
    }

    /// Logs the placement of a `tf.function`'s body when its concrete function `name` runs
    /// for the first time, as TensorFlow's placer prints the instantiated function graph:
    /// the `_Arg` nodes first (named as `FunctionDef` inputs are, `readvariableop_resource`),
    /// then the body in topological order (creation order among ready nodes, control
    /// edges counted, so `NoOp` comes before the outputs' `Identity`), the `_Retval` nodes
    /// (`identity_RetVal`), and last the generators (`Const`s) the placer puts beside their
    /// consumers in a second pass (oracle TF 2.21). `graph` is the body with its arguments
    /// marked `_Arg` and the `_Retval` nodes appended, `arguments` the `_Arg` indices.
    pub fn log_function_placement(
        &mut self,
        name: &str,
        graph: &placer::Graph,
        placement: &GraphPlacement,
        arguments: &[usize],
    ) -> crate::error::TfResult<()> {
        if !self.log_device_placement || !self.function_log_keys.insert(format!("function|{name}"))
        {
            return Ok(());
        }
        let devices = self.machine.devices()?;
        let device = |index: usize| {
            placement.nodes.get(index).map_or(String::new(), |placed| {
                devices.device(placed.device).name.clone()
            })
        };
        let mut lines = Vec::with_capacity(graph.nodes.len());
        for &index in arguments {
            if let Some(node) = graph.nodes.get(index) {
                lines.push(placer::graph_log_line(
                    &function_arg_name(&node.name),
                    "_Arg",
                    &device(index),
                ));
            }
        }
        let mut deferred = Vec::new();
        for index in function_body_order(graph, arguments) {
            let node = &graph.nodes[index];
            if node.op_type == "_Retval" {
                let producer = node.inputs.first().map(|input| input.source.index());
                let output = producer.map_or(String::new(), |producer| {
                    function_arg_name(&graph.nodes[producer].name)
                });
                lines.push(placer::graph_log_line(
                    &format!("{output}_RetVal"),
                    "_Retval",
                    &device(index),
                ));
            } else if node.is_generator() {
                deferred.push(index);
            } else {
                lines.push(placer::graph_log_line(
                    &node.name,
                    &node.op_type,
                    &device(index),
                ));
            }
        }
        for index in deferred {
            let node = &graph.nodes[index];
            lines.push(placer::graph_log_line(
                &node.name,
                &node.op_type,
                &device(index),
            ));
        }
        self.stdout_lines.extend(lines);
        Ok(())
    }

    /// Logs the single-op function of an op whose kernel then failed: TensorFlow places
    /// (and logs) the function before running it, declared with the attr `T` its first
    /// input gives, so `int32 + float32` logs two int32 arguments before `cannot compute
    /// AddV2 as input #1(zero-based) was expected to be a int32 tensor` (oracle TF 2.21).
    /// Modelled for the ops whose inputs all have type `T`: binary ops and matmuls.
    pub fn log_failed_eager_function(&mut self, op: &OpKind, inputs: &[DType], device: &str) {
        let Some(&declared) = inputs.first() else {
            return;
        };
        let Some(output) = op.op().failed_call_output(declared) else {
            return;
        };
        let declared_inputs = vec![declared; inputs.len()];
        self.log_eager_function(op, &declared_inputs, output, device);
    }

    /// `tf.debugging.set_log_device_placement(enabled)`. TensorFlow's placer takes the
    /// setting from the context's config when the context is initialised (the first op,
    /// tensor or device listing), so a later call changes nothing the program prints,
    /// whether it turns logging on or off (oracle TF 2.21).
    pub fn set_log_device_placement(&mut self, enabled: bool) {
        if !self.machine.is_initialized() {
            self.log_device_placement = enabled;
        }
    }

    /// Logs the host `Cast` a Python value's conversion runs before its `_EagerConst` when
    /// TensorFlow cannot build the tensor in the `converted` dtype directly (int8, uint8,
    /// int16 and bfloat16: `t_uint8 + 1` casts an int32 `1`), once per dtype pair and
    /// device. Its argument and result are in host memory (`_Arg`, `_Retval`), so it is a
    /// function of its own beside `tf.cast`'s (oracle TF 2.21).
    pub fn log_literal_cast(&mut self, natural: DType, converted: DType, device: &str) {
        let direct = !matches!(
            converted,
            DType::Int8 | DType::UInt8 | DType::Int16 | DType::BFloat16
        );
        if !self.log_device_placement || natural == converted || direct {
            return;
        }
        self.log_function_once(
            format!("_HostCast|{natural:?}|{converted:?}|{device}"),
            ["x: (_Arg)", "Cast: (Cast)", "y_RetVal: (_Retval)"],
            device,
        );
    }

    /// Logs `tf.constant`'s `_EagerConst` function, once per dtype and device. Under a
    /// device scope naming `CPU:0` there is none: TensorFlow makes every constant there
    /// first and copies it (with `_EagerConst`) only to another device.
    pub fn log_eager_const(&mut self, dtype: DType, device: &str) {
        // The eager scope's name is canonical (`.../device:CPU:0`): TF's own test,
        // `ConvertToEagerTensor`'s search for `/device:CPU:0` in the context's device.
        if !self.log_device_placement || self.eager_scope_device().contains("/device:CPU:0") {
            return;
        }
        self.log_function_once(
            format!("_EagerConst|{dtype:?}|{device}"),
            [
                "input: (_Arg)",
                "_EagerConst: (_EagerConst)",
                "output_RetVal: (_Retval)",
            ],
            device,
        );
    }

    /// The placement lines of one of TF's one-op helper functions (argument, op, return
    /// value), the first time `key` is seen: TF logs a function's placement on its first call.
    fn log_function_once(&mut self, key: String, nodes: [&str; 3], device: &str) {
        if self.function_log_keys.insert(key) {
            self.stdout_lines
                .extend(nodes.map(|node| format!("{node}: {device}")));
        }
    }

    /// Takes the lines written to stdout so far (the binding prints them).
    pub fn take_stdout_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.stdout_lines)
    }
}

/// A `FunctionDef` argument's name for a node: lower case, with every character other than
/// letters, digits and `_` replaced by `_` (`ReadVariableOp/resource` is
/// `readvariableop_resource`, the output `Identity_1` is `identity_1`).
fn function_arg_name(node_name: &str) -> String {
    node_name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// The nodes other than `arguments` in topological order (data and control edges), the
/// earliest-created ready node first.
fn function_body_order(graph: &placer::Graph, arguments: &[usize]) -> Vec<usize> {
    let count = graph.nodes.len();
    let mut pending = vec![0usize; count];
    let mut consumers: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (index, node) in graph.nodes.iter().enumerate() {
        let sources = node
            .inputs
            .iter()
            .map(|input| input.source.index())
            .chain(node.control_inputs.iter().map(|source| source.index()));
        for source in sources.filter(|source| *source < count) {
            pending[index] += 1;
            consumers[source].push(index);
        }
    }
    let mut ready: BinaryHeap<Reverse<usize>> = (0..count)
        .filter(|index| pending[*index] == 0)
        .map(Reverse)
        .collect();
    let mut order = Vec::with_capacity(count);
    while let Some(Reverse(index)) = ready.pop() {
        if !arguments.contains(&index) {
            order.push(index);
        }
        for &consumer in &consumers[index] {
            pending[consumer] -= 1;
            if pending[consumer] == 0 {
                ready.push(Reverse(consumer));
            }
        }
    }
    order
}
