//! The RunReport: the single contract between the engine and every front end.
//!
//! DESIGN.md fixes its JSON shape. The CLI prints it with `--json`, the web UI renders it,
//! exercises check it. Everything here is plain data with public fields so it serialises
//! the same way everywhere; nothing in this module computes anything.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Everything one run of a program produced: output, the uncaught error if any, where every
/// op ran and what crossed between devices, and the simulated timing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct RunReport {
    pub stdout: String,
    pub stderr: String,
    /// 0 when the program ran to the end, 1 when an exception escaped (as CPython exits).
    pub exit_code: i32,
    pub error: Option<ErrorReport>,
    pub topology: TopologyReport,
    pub ops: Vec<OpReport>,
    pub transfers: Vec<TransferReport>,
    pub metrics: Metrics,
    /// Chrome Trace Event JSON (`{"traceEvents": [...]}`), which Perfetto opens.
    pub trace: TraceJson,
}

/// A Chrome trace as its JSON text. The trace is written once by the simulator and read
/// whole by Perfetto, so it stays text from end to end: no tree of values to build, copy
/// or free for tens of thousands of events. In the report's JSON it is the object itself.
#[derive(Debug, Clone, PartialEq)]
pub struct TraceJson(String);

impl TraceJson {
    /// A trace from the JSON text serde_json wrote for it.
    pub fn from_json_text(text: String) -> TraceJson {
        TraceJson(text)
    }

    /// The JSON text, as Perfetto opens it.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The trace as a JSON value, for readers that look inside it.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::from_str(&self.0).unwrap_or_default()
    }
}

impl Default for TraceJson {
    /// An empty trace.
    fn default() -> TraceJson {
        TraceJson(r#"{"traceEvents":[]}"#.to_string())
    }
}

impl Serialize for TraceJson {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            let raw = serde_json::value::RawValue::from_string(self.0.clone())
                .map_err(serde::ser::Error::custom)?;
            raw.serialize(serializer)
        } else {
            serializer.serialize_str(&self.0)
        }
    }
}

impl<'de> Deserialize<'de> for TraceJson {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<TraceJson, D::Error> {
        if deserializer.is_human_readable() {
            let value = serde_json::Value::deserialize(deserializer)?;
            Ok(TraceJson(value.to_string()))
        } else {
            Ok(TraceJson(String::deserialize(deserializer)?))
        }
    }
}

/// The exception that ended the run, with the traceback pointing at the user's lines.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ErrorReport {
    /// The exception class name, such as `InvalidArgumentError` or `KeyError`.
    #[serde(rename = "type")]
    pub type_name: String,
    pub message: String,
    /// Outermost frame first, as Python prints a traceback.
    pub traceback: Vec<TracebackFrame>,
}

/// One line of a traceback: where in the user's program the error passed through.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TracebackFrame {
    pub line: u32,
    pub col: u32,
    /// `<module>` or the function's name.
    pub function: String,
    pub source: String,
}

/// The machine the program ran on, as the report's readers need it to draw and explain it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct TopologyReport {
    pub name: String,
    /// Full TensorFlow device names, e.g. `/job:localhost/replica:0/task:0/device:CPU:0`.
    pub devices: Vec<String>,
    /// Link names (`PCIe vm<->GPU:0`), as transfers and `bytes_by_link` name them.
    pub links: Vec<String>,
    /// Each link's figures, in the order of `links`.
    #[serde(default)]
    pub link_details: Vec<LinkReport>,
    /// The topology document the run used (JSON), so a report can be re-run or shared.
    #[serde(default, with = "free_json")]
    pub document: serde_json::Value,
}

/// One link of the machine with the figures the simulator used.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct LinkReport {
    pub name: String,
    /// `pcie`, `nvlink`, `onchip`, `ici`, `dcn`, `grpc`.
    pub kind: String,
    pub a: String,
    pub b: String,
    pub bandwidth_bytes_per_s: f64,
    pub latency_us: f64,
    /// Where the figures come from (hardware-anchors.md tags).
    pub source: String,
}

/// One placed operation: what it is, where it ran, why there, and when.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct OpReport {
    pub id: u32,
    /// The graph name TensorFlow gives it (`add`, `add_1`, `MatMul`).
    pub name: String,
    /// TensorFlow's op type name (`AddV2`, `MatMul`, `VarHandleOp`, `_Send`).
    #[serde(rename = "type")]
    pub op_type: String,
    pub device: String,
    pub requested_device: String,
    /// Why the placer chose `device` (explicit request, soft-placement fallback, colocation...).
    pub reason: String,
    pub inputs: Vec<u32>,
    pub shape: Vec<i64>,
    pub dtype: String,
    /// The user's source line that created the op.
    pub line: u32,
    pub start_us: f64,
    pub dur_us: f64,
    /// How it was issued: `eager` (one host dispatch each), `function` (inside a compiled
    /// `tf.function`), `session` (inside a `Session.run`), `call` (a function call op), or
    /// `send`/`recv` for the partitioner's `_Send`/`_Recv`. Filled by the simulator.
    #[serde(default)]
    pub execution: String,
    /// Which `Session.run` issued it (1, 2, ...); 0 outside a Session.
    #[serde(default)]
    pub launch: u32,
    /// Why it took `dur_us`: `compute`, `memory` or `launch` bound, with the figures used.
    #[serde(default)]
    pub cost: String,
    /// For an `IteratorGetNext`: the host work that produced the element it hands over
    /// (`null` for other ops; always written, since binary formats cannot skip a field).
    #[serde(default)]
    pub input_element: Option<InputElement>,
    /// Why its outputs' numbers were not computed (values on demand: over the playground's
    /// work budget, or made from a value that was not), `null` when they were. Placement,
    /// transfers, memory and timing are exact either way.
    #[serde(default)]
    pub not_computed: Option<String>,
    /// On a function call op: XLA compiles its body as one program (`jit_compile=True`,
    /// Keras's `jit_compile`), so the simulator fuses its element-wise ops as XLA does, on
    /// any device; a TPU program is always compiled. `false` on every other op.
    #[serde(default)]
    pub xla: bool,
    /// How the simulator treats the op, from its type's definition. Not part of the
    /// serialized report: the engine sets it and the simulator reads it before sending.
    #[serde(skip)]
    pub class: OpClass,
}

/// What the simulator needs to know about an op's type: how its work is counted and what
/// role it plays in the schedule. An op definition names its class; the simulator never
/// matches op type names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OpClass {
    /// One FLOP per output element (most element-wise and array ops).
    #[default]
    Elementwise,
    /// No kernel work: it only relabels or hands over buffers (`Reshape`, `Identity`,
    /// variable handles).
    Free,
    /// A transcendental per element (`Exp`, `Tanh`...).
    Transcendental,
    /// One FLOP per input element (`Sum`, `ArgMax`...).
    Reduction,
    /// A (batched) GEMM read from the output and the left operand's shapes.
    MatMul,
    /// An im2col GEMM (`Conv2D`, NHWC input, HWIO filter).
    Conv2D,
    /// A convolution's input gradient: the output gradient's GEMM with the filter
    /// (`Conv2DBackpropInput(input_sizes, filter, out_backprop)`).
    ConvBackpropInput,
    /// A convolution's filter gradient: the input patches' GEMM with the output gradient
    /// (`Conv2DBackpropFilter(input, filter_sizes, out_backprop)`).
    ConvBackpropFilter,
    /// A pooling window over its input.
    Pool,
    /// One addition per element of every input but the first.
    AddN,
    /// A scalar image-resize loop: this many operations per output value.
    Resize {
        /// Operations per output value (bilinear 8, nearest 1).
        per_value: u64,
    },
    /// Writes its value input into a variable, which keeps that memory to the end.
    Assign,
    /// One replica's part of an all-reduce across devices.
    AllReduce,
    /// A function call: one launch; its body's ops carry the work.
    Call,
}

/// What the input pipeline (tf.data on the host) did to produce one element.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct InputElement {
    /// Which iteration (a fresh iterator per epoch) it belongs to.
    pub iterator: u32,
    /// Host nanoseconds of the stages behind the last `prefetch` (they run ahead on the
    /// pipeline's threads, overlapping the consumer).
    pub background_ns: u64,
    /// Host nanoseconds of the stages after the last `prefetch` (the consumer waits).
    pub inline_ns: u64,
    /// Elements the last `prefetch` may hold ahead (0: no prefetch).
    pub prefetch: u32,
}

/// Bytes that crossed from one device to another.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TransferReport {
    pub src: String,
    pub dst: String,
    pub bytes: u64,
    pub link: String,
    pub start_us: f64,
    pub dur_us: f64,
    /// The tensor's name, such as `add:0`.
    pub tensor: String,
    /// The op that produced the tensor (report id), if recorded.
    #[serde(default)]
    pub producer: Option<u32>,
    /// The op that consumed it on `dst` (report id).
    #[serde(default)]
    pub consumer: Option<u32>,
    /// The partitioner's `_Send` (on `src`) and `_Recv` (on `dst`) ops for this edge.
    #[serde(default)]
    pub send_op: Option<u32>,
    #[serde(default)]
    pub recv_op: Option<u32>,
}

/// Whole-run figures from the simulated timeline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Metrics {
    pub step_time_us: f64,
    pub device_busy_us: BTreeMap<String, f64>,
    pub bytes_by_link: BTreeMap<String, u64>,
    pub peak_memory_bytes: BTreeMap<String, u64>,
    /// Share of the step the program waited for its input pipeline (TensorFlow profiler:
    /// from 0.20 highly, from 0.05 moderately input-bound).
    pub input_bound_fraction: f64,
    /// `device_busy_us / step_time_us` per device.
    #[serde(default)]
    pub busy_fraction: BTreeMap<String, f64>,
    /// Per TPU device: useful matmul FLOPs over what its MXUs could do in the step.
    #[serde(default)]
    pub mxu_utilization: BTreeMap<String, f64>,
    /// Per TPU device: useful over padded multiply-adds of its MXU work (tile padding waste).
    #[serde(default)]
    pub mxu_padding_efficiency: BTreeMap<String, f64>,
    /// Time the client's Python thread spent dispatching eager ops and launching programs.
    #[serde(default)]
    pub host_dispatch_us: f64,
    /// Sentences explaining where the time went, for the Metrics pane.
    #[serde(default)]
    pub notes: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_uses_the_design_field_names() {
        let report = RunReport {
            error: Some(ErrorReport {
                type_name: "KeyError".into(),
                message: "'k'".into(),
                traceback: vec![],
            }),
            ..RunReport::default()
        };
        let json = serde_json::to_value(&report).unwrap();
        for key in [
            "stdout",
            "stderr",
            "exit_code",
            "error",
            "topology",
            "ops",
            "transfers",
            "metrics",
            "trace",
        ] {
            assert!(json.get(key).is_some(), "missing {key}");
        }
        assert_eq!(json["error"]["type"], "KeyError");
        let back: RunReport = serde_json::from_value(json).unwrap();
        assert_eq!(back, report);
    }
}

/// Serde for the report's free-form JSON (the trace, the topology document): the value itself
/// in JSON, its JSON text in binary formats (the web worker's answers), which cannot carry a
/// value without a schema.
mod free_json {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use serde_json::Value;

    pub fn serialize<S: Serializer>(value: &Value, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            value.serialize(serializer)
        } else {
            serializer.serialize_str(&value.to_string())
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        if deserializer.is_human_readable() {
            Value::deserialize(deserializer)
        } else {
            let text = String::deserialize(deserializer)?;
            serde_json::from_str(&text).map_err(D::Error::custom)
        }
    }
}
