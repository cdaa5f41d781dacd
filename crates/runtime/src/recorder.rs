//! The recorder: every op the program ran and every tensor that crossed devices, as the
//! RunReport's `ops` and `transfers`.
//!
//! Times are zero here; the simulator fills `start_us`/`dur_us` and `link` later from the
//! topology's hardware model.

use crate::op::Value;
use report::{OpReport, TransferReport};

/// Where an op's input came from, for the report's `inputs` and `transfers`.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedInput {
    /// The producing op's report id, if it was recorded.
    pub producer: Option<u32>,
    /// The tensor name (`add:0`).
    pub tensor_name: String,
    /// The device the value lives on (full name).
    pub device: String,
    /// Bytes a copy moves.
    pub bytes: u64,
}

/// One op about to be recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedOp<'a> {
    /// Graph name (`add_1`).
    pub name: &'a str,
    /// Op type (`AddV2`).
    pub op_type: &'a str,
    /// Full device name.
    pub device: &'a str,
    /// The request as written (`/device:TPU:0`) or `""`.
    pub requested_device: &'a str,
    /// The placement reason sentence.
    pub reason: String,
    /// Its inputs.
    pub inputs: &'a [RecordedInput],
    /// Output shape (`-1` for unknown dimensions; empty for no output).
    pub shape: Vec<i64>,
    /// Output dtype name, or `""`.
    pub dtype: &'a str,
    /// The user's line.
    pub line: u32,
    /// Why its outputs were not computed, if they were not.
    pub not_computed: Option<String>,
}

/// Why the outputs of an op were not computed (values on demand), if one was not.
pub fn not_computed(outputs: &[Value]) -> Option<String> {
    outputs
        .iter()
        .find_map(Value::uncomputed)
        .map(|value| value.why.to_string())
}

/// The report's `shape` and `dtype` of an op whose first output is `output`: a dense
/// tensor's dims and dtype name, `resource` for handles and refs, nothing for no output.
pub fn output_facts(output: Option<&Value>) -> (Vec<i64>, &'static str) {
    match output {
        Some(Value::Dense(tensor)) => (
            tensor.dims().iter().map(|dim| *dim as i64).collect(),
            tensor.dtype().name(),
        ),
        Some(Value::Uncomputed(value)) => (
            value.shape.dims().iter().map(|dim| *dim as i64).collect(),
            value.dtype.name(),
        ),
        Some(Value::Resource(_) | Value::Ref(..)) => (Vec::new(), "resource"),
        None => (Vec::new(), ""),
    }
}

/// Accumulates the report's ops and transfers.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    /// Recorded ops in execution order; `id` is the index.
    pub ops: Vec<OpReport>,
    /// Recorded transfers in execution order.
    pub transfers: Vec<TransferReport>,
    /// The `Session.run` being executed (its ops share one launch in the simulator), or 0.
    pub launch: u32,
    /// How many `Session.run` launches began.
    launches: u32,
    /// The `tf.function` call whose body is being recorded, or 0.
    call: u32,
    /// How many function bodies began.
    calls: u32,
    /// Function calls made past [`RECORDED_OPS_MAX`], by function: the clock counts each as
    /// long as the function's last recorded call (a training loop's later steps).
    pub unrecorded_calls: std::collections::HashMap<String, u64>,
    /// Copies already made: (producer, tensor, destination, launch, call). An eager tensor
    /// keeps a mirror on each device it was copied to, so it crosses once; inside one
    /// `Session.run` or function call the partitioner makes one `_Send`/`_Recv` pair per
    /// tensor and destination, however many consumers it has there.
    copies: std::collections::HashSet<(Option<u32>, String, String, u32, u32)>,
    /// The function whose body eagerly computed ops stand for (`__inference_f_7`), set
    /// between [`Recorder::begin_compiled_body`] and [`Recorder::end_call`]: their report
    /// names get its prefix, so the simulator times them as one compiled call.
    compiled_body: Option<String>,
}

/// The most ops one run records; later ops still run but are not reported (a playground
/// limit that keeps long loops from filling memory).
pub const RECORDED_OPS_MAX: usize = 100_000;

impl Recorder {
    /// Marks the start of a `Session.run`: ops recorded until [`Recorder::end_launch`] are
    /// issued together by one launch.
    pub fn begin_launch(&mut self) {
        self.launches = self.launches.saturating_add(1);
        self.launch = self.launches;
    }

    /// Marks the end of a `Session.run`.
    pub fn end_launch(&mut self) {
        self.launch = 0;
    }

    /// Marks the start of a `tf.function` call's body: its copies are its own.
    pub fn begin_call(&mut self) {
        self.calls = self.calls.saturating_add(1);
        self.call = self.calls;
    }

    /// Marks the recorded call op `id` as a program XLA compiles (its report's `xla`).
    pub fn mark_xla(&mut self, id: Option<u32>) {
        if let Some(op) = id.and_then(|id| self.ops.get_mut(id as usize)) {
            op.xla = true;
        }
    }

    /// Marks the end of a `tf.function` call's body.
    pub fn end_call(&mut self) {
        self.call = 0;
        self.compiled_body = None;
    }

    /// Marks the start of ops that a library computes eagerly but TensorFlow runs as the
    /// body of the compiled function `function` (Keras's train step): until
    /// [`Recorder::end_call`] they are reported as `function/<name>`.
    pub fn begin_compiled_body(&mut self, function: &str) {
        self.begin_call();
        self.compiled_body = Some(function.to_string());
    }

    /// Records a copy that no op makes: an eager tensor handle copied to another device
    /// (`t.cpu()`), counted once per tensor and destination as op inputs are.
    pub fn record_copy(&mut self, input: &RecordedInput, destination: &str) {
        if input.device != destination && input.bytes != 0 {
            self.push_transfer(input, destination, None);
        }
    }

    /// Adds the transfer of `input` to `destination` (for the op `consumer`, if an op
    /// reads it), unless the same copy was already recorded in this launch and call.
    fn push_transfer(&mut self, input: &RecordedInput, destination: &str, consumer: Option<u32>) {
        let copy = (
            input.producer,
            input.tensor_name.clone(),
            destination.to_string(),
            self.launch,
            self.call,
        );
        if self.copies.insert(copy) {
            self.transfers.push(TransferReport {
                src: input.device.clone(),
                dst: destination.to_string(),
                bytes: input.bytes,
                link: String::new(),
                start_us: 0.0,
                dur_us: 0.0,
                tensor: input.tensor_name.clone(),
                producer: input.producer,
                consumer,
                send_op: None,
                recv_op: None,
            });
        }
    }

    /// Records an op and a transfer for each input that lives on another device; returns
    /// the op's id (or `None` past [`RECORDED_OPS_MAX`]).
    pub fn record(&mut self, op: RecordedOp<'_>) -> Option<u32> {
        if self.ops.len() >= RECORDED_OPS_MAX {
            if op.op_type.starts_with("__inference_") {
                *self
                    .unrecorded_calls
                    .entry(op.op_type.to_string())
                    .or_default() += 1;
            }
            return None;
        }
        let id = self.ops.len() as u32;
        let on_accelerator = !op.device.contains("/device:CPU:");
        for (index, input) in op.inputs.iter().enumerate() {
            if on_accelerator
                && crate::op_defs::is_host_memory_input(op.op_type, index, op.inputs.len())
            {
                continue;
            }
            if input.device == op.device || input.bytes == 0 {
                continue;
            }
            self.push_transfer(input, op.device, Some(id));
        }
        let name = match &self.compiled_body {
            Some(function) => format!("{function}/{}", op.name),
            None => op.name.to_string(),
        };
        self.ops.push(OpReport {
            id,
            name,
            op_type: op.op_type.to_string(),
            device: op.device.to_string(),
            requested_device: op.requested_device.to_string(),
            reason: op.reason,
            inputs: op
                .inputs
                .iter()
                .filter_map(|input| input.producer)
                .collect(),
            shape: op.shape,
            dtype: op.dtype.to_string(),
            line: op.line,
            start_us: 0.0,
            dur_us: 0.0,
            execution: String::new(),
            launch: self.launch,
            cost: String::new(),
            input_element: None,
            not_computed: op.not_computed,
            xla: false,
            class: crate::op_defs::sim_class(op.op_type),
        });
        Some(id)
    }
}
