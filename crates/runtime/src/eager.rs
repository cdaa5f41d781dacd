//! Eager execution: [`EagerTensor`] (a value and the device it lives on) and
//! [`Context::execute`]: eager placement (§2.4), the kernel, and the report record.

use crate::context::Context;
use crate::error::{TfError, TfResult};
use crate::op::{compute_at, data_type, KernelFailure, KernelSite, OpKind, Value, ValueType};
use crate::op_defs::op::VariableLog;
use crate::recorder::{RecordedInput, RecordedOp};
use placer::device::DeviceId;
use placer::eager::{place_eager_constant, place_eager_op, EagerInput, EagerOp};
use placer::{eager_log_line, PlacementReason};
use tensor::Tensor;

/// An eager tensor: its value and the device it lives on (`t.device`).
#[derive(Clone, Debug, PartialEq)]
pub struct EagerTensor {
    /// The value (a tensor, or a variable handle).
    pub value: Value,
    /// The device.
    pub device: DeviceId,
    /// The device's full name, as `t.device` prints it.
    pub device_name: String,
    /// The report id of the op that produced it.
    pub producer: Option<u32>,
    /// The report name of the tensor (`add:0`), for transfers.
    pub tensor_name: String,
}

impl EagerTensor {
    /// The tensor, or an error for a resource handle used as a value.
    pub fn tensor(&self) -> TfResult<&Tensor> {
        match &self.value {
            Value::Uncomputed(value) => Err(value.observed_error()),
            value => value
                .tensor()
                .ok_or_else(|| TfError::internal("a resource handle was used as a tensor")),
        }
    }

    fn as_recorded_input(&self) -> RecordedInput {
        RecordedInput {
            producer: self.producer,
            tensor_name: self.tensor_name.clone(),
            device: self.device_name.clone(),
            bytes: self.value.size_in_bytes(),
        }
    }
}

impl Context {
    /// `t.cpu()`: the tensor copied to the host CPU, as TensorFlow copies a handle (no op
    /// runs; a tensor on an accelerator crosses to the host, which the report shows).
    pub fn copy_to_host(&mut self, tensor: &EagerTensor) -> TfResult<EagerTensor> {
        let devices = self.devices()?;
        let host = devices
            .host_cpu()
            .ok_or_else(|| TfError::internal("the machine has no CPU device"))?;
        let host_name = devices.device(host).name.clone();
        self.recorder
            .record_copy(&tensor.as_recorded_input(), &host_name);
        Ok(EagerTensor {
            device: host,
            device_name: host_name,
            ..tensor.clone()
        })
    }

    /// `tf.constant(value)` in eager mode, under the current device scope (cases a01, b01,
    /// b06 via `place_eager_constant`).
    pub fn eager_constant(&mut self, tensor: Tensor) -> TfResult<EagerTensor> {
        self.eager_value(Value::Dense(tensor))
    }

    /// An eager tensor holding `value`, placed as a constant is: a constant's, or, for a
    /// value not computed (values on demand, a gradient beyond the budget), one of its
    /// dtype and shape.
    pub fn eager_value(&mut self, value: Value) -> TfResult<EagerTensor> {
        let ValueType::Dense(dtype) = value.value_type() else {
            return Err(TfError::internal("a handle is no constant"));
        };
        let scope = self.eager_scope_device().to_string();
        let soft = self.soft_device_placement();
        let devices = self.machine.devices()?;
        let placement =
            place_eager_constant(devices, &self.registry, data_type(dtype), &scope, soft)?;
        let device_name = devices.device(placement.device).name.clone();
        self.distribute.tpu.check_ready(&device_name)?;
        self.take_uids(1);
        Ok(self.finish_eager(
            "Const",
            "Const",
            &scope,
            placement.device,
            device_name,
            &placement.reason,
            &[],
            value,
        ))
    }

    /// Runs one op eagerly: places it (resource pinning, small-int pinning, the scope's
    /// device, soft placement), runs the kernel, records it. Returns its outputs (none for
    /// assignments).
    pub fn execute(&mut self, op: &OpKind, inputs: &[EagerTensor]) -> TfResult<Vec<EagerTensor>> {
        let scope = self.eager_scope_device().to_string();
        let soft = self.soft_device_placement();
        let input_types: Vec<ValueType> = inputs
            .iter()
            .map(|input| input.value.value_type())
            .collect();
        let eager_inputs: Vec<EagerInput> = inputs
            .iter()
            .map(|input| EagerInput {
                device: input.device,
                dtype: input.value.value_type().data_type(),
                element_count: input.value.shape().map_or(1, |shape| {
                    shape.num_elements().unwrap_or(u64::MAX as usize) as u64
                }),
            })
            .collect();
        let op_type = op.op_type();
        let eager_op = EagerOp {
            op_type,
            dtype: op.type_attr(&input_types).map(data_type),
            inputs: &eager_inputs,
            is_function_call: false,
        };
        let devices = self.machine.devices()?;
        let placement =
            place_eager_op(devices, &self.registry, &eager_op, &scope, soft).map_err(|error| {
                // Eager placement errors carry the op suffix (case b03 shows it is absent
                // for `_EagerConst`, present for real ops, §3.5).
                let mut error = TfError::from(error);
                error.message.push_str(&format!(" [Op:{op_type}]"));
                error
            })?;
        let device_name = devices.device(placement.device).name.clone();
        self.check_device_memory(op, inputs, &device_name)?;
        self.distribute.tpu.check_ready(&device_name)?;
        let values: Vec<Value> = inputs.iter().map(|input| input.value.clone()).collect();
        let site = KernelSite {
            device: Some((&self.machine, &device_name)),
            node: None,
        };
        let outputs = match compute_at(op, &values, &mut self.eager_resources, site) {
            Ok(outputs) => outputs,
            Err(KernelFailure::Op(mut error)) => {
                let input_dtypes: Vec<_> = inputs
                    .iter()
                    .filter_map(|input| input.value.tensor().map(Tensor::dtype))
                    .collect();
                if input_dtypes.len() == inputs.len() {
                    self.log_failed_eager_function(op, &input_dtypes, &device_name);
                }
                if self.eager_fallback && error.op_name.as_deref() == Some("") {
                    error.op_name = None;
                }
                return Err(TfError::from_eager_op(&error, &device_name));
            }
            Err(KernelFailure::Status(error)) => return Err(error),
        };
        if let Some(log) = op.variable_log() {
            let value = match log {
                VariableLog::Read => outputs.first().and_then(Value::tensor),
                VariableLog::Handle | VariableLog::Write => {
                    inputs.get(1).and_then(|input| input.value.tensor())
                }
            };
            let value = value.map(|tensor| (tensor.dtype(), tensor.shape()));
            self.log_eager_variable_function(op, log, value, &device_name);
        } else if let Some(output) = outputs.first().and_then(Value::tensor) {
            let input_dtypes: Vec<_> = inputs
                .iter()
                .filter_map(|input| input.value.tensor().map(Tensor::dtype))
                .collect();
            if input_dtypes.len() == inputs.len() {
                self.log_eager_function(op, &input_dtypes, output.dtype(), &device_name);
            }
        }
        self.take_uids(outputs.len());
        let name = default_eager_name(op);
        let mut results = Vec::with_capacity(outputs.len());
        let recorded: Vec<RecordedInput> =
            inputs.iter().map(EagerTensor::as_recorded_input).collect();
        let shape_value = outputs.first().cloned();
        let record = self.record_eager(
            &name,
            op_type,
            &scope,
            &device_name,
            &placement.reason,
            &recorded,
            shape_value.as_ref(),
        );
        for (index, value) in outputs.into_iter().enumerate() {
            results.push(EagerTensor {
                value,
                device: placement.device,
                device_name: device_name.clone(),
                producer: record.0,
                tensor_name: format!("{}:{index}", record.1),
            });
        }
        self.tape_record(op, inputs, &results);
        Ok(results)
    }

    /// Like [`Context::execute`] for single-output ops.
    pub fn execute_one(&mut self, op: &OpKind, inputs: &[EagerTensor]) -> TfResult<EagerTensor> {
        self.execute(op, inputs)?
            .into_iter()
            .next()
            .ok_or_else(|| TfError::internal(format!("{} produced no output", op.op_type())))
    }

    #[allow(clippy::too_many_arguments)] // One record has this many facts.
    fn finish_eager(
        &mut self,
        name: &str,
        op_type: &str,
        scope: &str,
        device: DeviceId,
        device_name: String,
        reason: &PlacementReason,
        inputs: &[RecordedInput],
        value: Value,
    ) -> EagerTensor {
        let (producer, name) = self.record_eager(
            name,
            op_type,
            scope,
            &device_name,
            reason,
            inputs,
            Some(&value),
        );
        EagerTensor {
            value,
            device,
            device_name,
            producer,
            tensor_name: format!("{name}:0"),
        }
    }

    /// Names, logs and records one eager op; returns its report id and name.
    #[allow(clippy::too_many_arguments)] // One record has this many facts.
    pub fn record_eager(
        &mut self,
        name: &str,
        op_type: &str,
        scope: &str,
        device_name: &str,
        reason: &PlacementReason,
        inputs: &[RecordedInput],
        output: Option<&Value>,
    ) -> (Option<u32>, String) {
        let name = self.eager_names.unique_name(name);
        if self.log_device_placement {
            self.log(eager_log_line(op_type, device_name));
        }
        let (shape, dtype) = crate::recorder::output_facts(output);
        let line = self.call_line();
        let id = self.recorder.record(RecordedOp {
            name: &name,
            op_type,
            device: device_name,
            requested_device: scope,
            reason: reason.sentence(device_name),
            inputs,
            shape,
            dtype,
            line,
            not_computed: output
                .and_then(|output| crate::recorder::not_computed(std::slice::from_ref(output))),
        });
        (id, name)
    }
}

/// The name an op gets when the Python API names it by default: a binary op's is its Python
/// operator's (`a + b` → `add`, `x * y` → `mul`, `a & b` → `and`), others their type's
/// (`tf.matmul` → `MatMul`).
pub fn default_eager_name(op: &OpKind) -> String {
    op.op().default_name().unwrap_or(op.op_type()).to_string()
}
