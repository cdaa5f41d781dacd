//! The placer lines TensorFlow prints to stdout for eager ops under
//! `tf.debugging.set_log_device_placement(True)` (tf-semantics §2.6): each eager op runs
//! as a single-op function, whose placement prints `name: (type): device` for its
//! arguments, the op and its results, once per op signature (op type, dtypes, attrs).
//!
//! Int32 arguments and results are kept in device memory (`_DeviceArg`,
//! `_DeviceRetval`); the others are `_Arg` and `_Retval`. `tf.constant` runs
//! `_EagerConst`, whose input is in host memory (always `_Arg`).

use crate::runtime::context::Context;
use crate::runtime::op::OpKind;
use crate::tensor::ops::SliceSpec;
use crate::tensor::DType;

/// The op-def names of an eager op's inputs (given how many there are) and of its
/// output; `None` for ops whose function log is not modelled.
fn signature(op: &OpKind, input_count: usize) -> Option<(Vec<String>, &'static str)> {
    let fixed = |names: &[&str]| names.iter().map(|name| name.to_string()).collect();
    let listed = |count: usize| {
        (0..count)
            .map(|i| format!("values_{i}"))
            .collect::<Vec<_>>()
    };
    Some(match op {
        OpKind::Binary(_) => (fixed(&["x", "y"]), "z"),
        OpKind::Unary(_) => (fixed(&["x"]), "y"),
        OpKind::MatMul(_) if op.op_type() == "MatMul" => (fixed(&["a", "b"]), "product"),
        OpKind::Reduce { .. } => (fixed(&["input", "reduction__indices"]), "output"),
        OpKind::Reshape => (fixed(&["tensor", "shape"]), "output"),
        OpKind::Transpose => (fixed(&["x", "perm"]), "y"),
        OpKind::ConcatV2 => {
            let mut names = listed(input_count.saturating_sub(1));
            names.push("axis".to_string());
            (names, "output")
        }
        OpKind::Pack { .. } => (listed(input_count), "output"),
        OpKind::Cast { .. } => (fixed(&["x"]), "y"),
        OpKind::StridedSlice { .. } => (fixed(&["input", "begin", "end", "strides"]), "output"),
        OpKind::Fill => (fixed(&["dims", "value"]), "output"),
        OpKind::ExpandDims => (fixed(&["input", "dim"]), "output"),
        OpKind::GatherV2 => (fixed(&["params", "indices", "axis"]), "output"),
        OpKind::Tile => (fixed(&["input", "multiples"]), "output"),
        OpKind::BroadcastTo => (fixed(&["input", "shape"]), "output"),
        OpKind::Slice => (fixed(&["input", "begin", "size"]), "output"),
        OpKind::ReverseV2 => (fixed(&["tensor", "axis"]), "output"),
        OpKind::Cumsum { .. } => (fixed(&["x", "axis"]), "out"),
        OpKind::Identity | OpKind::StopGradient => (fixed(&["input"]), "output"),
        OpKind::SelectV2 => (fixed(&["condition", "t", "e"]), "output"),
        OpKind::Softmax => (fixed(&["logits"]), "softmax"),
        _ => return None,
    })
}

/// `StridedSlice`'s mask attrs for a subscript (what tells two slices' functions apart).
fn slice_masks(specs: &[SliceSpec]) -> String {
    let SliceMasks {
        begin,
        end,
        shrink,
        new_axis,
        ellipsis,
    } = slice_mask_bits(specs);
    format!("{begin},{end},{shrink},{new_axis},{ellipsis}")
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
    pub(crate) fn log_eager_function(
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
        let attrs = match op {
            OpKind::StridedSlice { specs } => {
                input_types.extend([DType::Int32; 3]);
                slice_masks(specs)
            }
            other => format!("{other:?}"),
        };
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

    /// Logs `tf.constant`'s `_EagerConst` function, once per dtype and device.
    pub(crate) fn log_eager_const(&mut self, dtype: DType, device: &str) {
        if !self.log_device_placement {
            return;
        }
        if !self
            .function_log_keys
            .insert(format!("_EagerConst|{dtype:?}|{device}"))
        {
            return;
        }
        self.stdout_lines.extend([
            format!("input: (_Arg): {device}"),
            format!("_EagerConst: (_EagerConst): {device}"),
            format!("output_RetVal: (_Retval): {device}"),
        ]);
    }

    /// Takes the lines written to stdout so far (the binding prints them).
    pub fn take_stdout_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.stdout_lines)
    }
}
