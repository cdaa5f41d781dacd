//! Where datasets run: on the client's host CPU. [`Context`] runs the traced map and filter
//! functions of a pipeline there (their graphs' kernels, without recording each op, as
//! TensorFlow's dataset threads do not show up as eager ops), prices them with the
//! simulator's work model on one host core, and hands each element to the program as the
//! outputs of one `IteratorGetNext` op on the host CPU carrying that host work
//! ([`InputElement`]), which the simulator lays out on the host's input-pipeline lane.

use crate::context::Context;
use crate::data::ElementFunctions;
use crate::eager::EagerTensor;
use crate::error::{ExceptionClass, TfError, TfResult};
use crate::function::ConcreteFunctionId;
use crate::graph::OperationId;
use crate::op::{compute_at, KernelFailure, KernelSite, Value};
use hardware::roofline::{self, Work};
use hardware::spec::ChipSpec;
use placer::PlacementReason;
use report::{InputElement, OpReport};
use tensor::Tensor;

impl Context {
    /// One core of the client host's CPU: its figures with the peak divided by its cores
    /// (a tf.data function runs on one thread per call).
    fn host_core(&self) -> ChipSpec {
        let device = self
            .hardware
            .hosts
            .first()
            .map_or(0, |host| host.cpu_device);
        let mut chip = self
            .hardware
            .devices
            .get(device)
            .map(|device| device.chip.clone())
            .unwrap_or_default();
        let cores = f64::from(chip.cores.max(1));
        for peak in chip.peak_flops.values_mut() {
            *peak /= cores;
        }
        chip
    }
}

/// A stand-in report op for the work model: type, output shape and dtype, inputs.
fn work_op(id: usize, op_type: &str, output: Option<&Tensor>, inputs: Vec<u32>) -> OpReport {
    let (shape, dtype) = output.map_or((Vec::new(), String::new()), |tensor| {
        (
            tensor.dims().iter().map(|d| *d as i64).collect(),
            tensor.dtype().name().to_string(),
        )
    });
    OpReport {
        id: id as u32,
        name: String::new(),
        op_type: op_type.to_string(),
        device: String::new(),
        requested_device: String::new(),
        reason: String::new(),
        inputs,
        shape,
        dtype,
        line: 0,
        start_us: 0.0,
        dur_us: 0.0,
        execution: String::new(),
        launch: 0,
        cost: String::new(),
        input_element: None,
        not_computed: None,
        xla: false,
        class: crate::op_defs::sim_class(op_type),
    }
}

impl Context {
    /// `If` and `While` in a dataset function (a `tf.cond` or loop in `Dataset.map`): the
    /// branch, or the condition and body, called as element functions themselves, on
    /// computed tensors. `None` for any other op.
    #[allow(clippy::type_complexity)] // The outputs and their host time, or no control op.
    fn element_control_flow(
        &mut self,
        kind: &crate::op::OpKind,
        inputs: &[Value],
    ) -> TfResult<Option<(Vec<Tensor>, u64)>> {
        let tensors = |values: &[Value]| -> TfResult<Vec<Tensor>> {
            values
                .iter()
                .map(|value| match value {
                    Value::Uncomputed(value) => Err(value.observed_error()),
                    value => value.tensor().cloned().ok_or_else(|| {
                        TfError::new(
                            crate::error::ExceptionClass::RuntimeError,
                            "Control flow on a variable inside a dataset function is not \
                             emulated in this playground yet.",
                        )
                    }),
                })
                .collect()
        };
        if let Some(control) = kind.downcast::<crate::op_defs::If>() {
            let inputs = tensors(inputs)?;
            let condition = inputs
                .first()
                .ok_or_else(|| TfError::internal("If without a condition"))?;
            let then_end = 1 + control.then_inputs;
            let (branch, arguments) = if crate::function_body::truth(condition)? {
                (control.then_branch, &inputs[1..then_end])
            } else {
                (control.else_branch, &inputs[then_end..])
            };
            return self.call_element_function(branch, arguments).map(Some);
        }
        let Some(control) = kind.downcast::<crate::op_defs::While>() else {
            return Ok(None);
        };
        let inputs = tensors(inputs)?;
        let count = control.loop_vars.len();
        let cond_end = count + control.cond_inputs;
        let mut state = inputs[..count].to_vec();
        let mut host_ns = 0u64;
        let mut iterations = 0usize;
        loop {
            let mut arguments = state.clone();
            arguments.extend_from_slice(&inputs[count..cond_end]);
            let (result, ns) = self.call_element_function(control.cond, &arguments)?;
            host_ns += ns;
            let condition = result
                .first()
                .ok_or_else(|| TfError::internal("a while condition without a result"))?;
            if !crate::function_body::truth(condition)? {
                return Ok(Some((state, host_ns)));
            }
            iterations += 1;
            crate::function_body::check_while_iteration(iterations)?;
            let mut arguments = state.clone();
            arguments.extend_from_slice(&inputs[cond_end..]);
            let (next, ns) = self.call_element_function(control.body, &arguments)?;
            host_ns += ns;
            state = next;
        }
    }
}

impl ElementFunctions for Context {
    fn call_element_function(
        &mut self,
        id: ConcreteFunctionId,
        args: &[Tensor],
    ) -> TfResult<(Vec<Tensor>, u64)> {
        let core = self.host_core();
        let function = self
            .functions
            .functions
            .get(id.0 as usize)
            .cloned()
            .ok_or_else(|| TfError::internal("unknown dataset function"))?;
        let operations = function.graph.operations();
        let kernel_scope = format!("{}#{}", function.name, self.dataset_kernel_scope);
        let mut values: Vec<Vec<Value>> = vec![Vec::new(); operations.len()];
        let mut priced: Vec<OpReport> = Vec::with_capacity(operations.len());
        let mut host_ns = 0u64;
        let parameters = function.arguments.len() - function.captures.len();
        if args.len() != parameters {
            return Err(TfError::internal(format!(
                "{} takes {parameters} arguments, got {}",
                function.name,
                args.len()
            )));
        }
        let supplied = args
            .iter()
            .map(|tensor| Value::Dense(tensor.clone()))
            .chain(
                function
                    .captures
                    .iter()
                    .map(|capture| capture.value.clone()),
            );
        for (argument, value) in function.arguments.iter().zip(supplied) {
            values[argument.index()] = vec![value];
        }
        for (index, operation) in operations.iter().enumerate() {
            if function.arguments.contains(&OperationId(index as u32)) {
                let output = values[index].first().and_then(Value::tensor);
                priced.push(work_op(index, "_Arg", output, Vec::new()));
                continue;
            }
            let mut inputs = Vec::with_capacity(operation.inputs.len());
            for input in &operation.inputs {
                let value = values
                    .get(input.operation.index())
                    .and_then(|outputs| outputs.get(input.output as usize))
                    .cloned()
                    .ok_or_else(|| TfError::internal("a dataset function input was missing"))?;
                inputs.push(value);
            }
            if let Some(outputs) = self.element_control_flow(&operation.kind, &inputs)? {
                let (outputs, ns) = outputs;
                host_ns += ns;
                values[index] = outputs.into_iter().map(Value::Dense).collect();
                priced.push(work_op(
                    index,
                    operation.kind.op_type(),
                    None,
                    operation.inputs.iter().map(|i| i.operation.0).collect(),
                ));
                continue;
            }
            // Each iteration instantiates the function afresh: its random nodes start anew.
            let site = KernelSite {
                device: None,
                node: Some((&kernel_scope, &operation.name)),
            };
            values[index] = compute_at(&operation.kind, &inputs, &mut self.eager_resources, site)
                .map_err(|failure| match failure {
                KernelFailure::Op(error) => TfError::new(
                    error.class.into(),
                    format!("{}\n\t [[{{{{node {}}}}}]]", error.message, operation.name),
                ),
                KernelFailure::Status(error) => error,
            })?;
            let op = work_op(
                index,
                operation.kind.op_type(),
                values[index].first().and_then(Value::tensor),
                operation.inputs.iter().map(|i| i.operation.0).collect(),
            );
            let work = sim::work::op_work(&op, &priced);
            host_ns += roofline::op_time(&core, &op.dtype, &work).duration_ns;
            priced.push(op);
        }
        let outputs = function
            .outputs
            .iter()
            .map(|output| {
                values
                    .get(output.operation.index())
                    .and_then(|outputs| outputs.get(output.output as usize))
                    .and_then(Value::tensor)
                    .cloned()
                    .ok_or_else(|| TfError::internal("a dataset function output was missing"))
            })
            .collect::<TfResult<Vec<_>>>()?;
        Ok((outputs, host_ns))
    }

    fn swap_kernel_scope(&mut self, scope: u64) -> u64 {
        std::mem::replace(&mut self.dataset_kernel_scope, scope)
    }

    fn host_cores(&self) -> u32 {
        let device = self
            .hardware
            .hosts
            .first()
            .map_or(0, |host| host.cpu_device);
        self.hardware
            .devices
            .get(device)
            .map_or(1, |device| device.chip.cores.max(1))
    }

    fn copy_ns(&self, bytes: u64) -> u64 {
        let work = Work {
            flops: 0,
            bytes: bytes.saturating_mul(2),
            gemm: None,
        };
        roofline::op_time(&self.host_core(), "float32", &work).duration_ns
    }
}

impl Context {
    /// An error raised while producing an element, as the eager `IteratorGetNext` op
    /// reports it: wrapped in its function node and with the op suffix.
    pub fn iterator_error(&mut self, error: TfError, components: usize) -> TfError {
        self.wrap_dataset_error(
            &format!("IteratorGetNext_output_types_{components}"),
            "IteratorGetNext",
            error,
        )
    }

    /// An error of a dataset op's kernel when the dataset is made (`batch(0)`):
    /// `{{function_node __wrapped__BatchDatasetV2_device_...}} ... [Op:BatchDatasetV2] name: `.
    pub fn dataset_op_error(&mut self, op: &str, error: TfError) -> TfError {
        self.wrap_dataset_error(op, op, error)
    }

    /// A dataset kernel's error as TensorFlow raises it: `{{function_node
    /// __wrapped__NODE_device_...}} MESSAGE [Op:OP] name: `.
    pub fn wrap_dataset_error(&mut self, node: &str, op: &str, error: TfError) -> TfError {
        if !error.class.is_tf_op_error() || error.class == ExceptionClass::Internal {
            return error;
        }
        let device = self
            .devices()
            .ok()
            .and_then(|devices| devices.host_cpu().map(|id| devices.device(id).name.clone()))
            .unwrap_or_default();
        TfError::new(
            error.class,
            format!(
                "{{{{function_node __wrapped__{node}_device_{device}}}}} {} [Op:{op}] name: ",
                error.message
            ),
        )
    }

    /// Starts a dataset iteration; returns its number for [`InputElement::iterator`].
    pub fn begin_input_iteration(&mut self) -> u32 {
        self.input_iterators = self.input_iterators.saturating_add(1);
        self.input_iterators
    }

    /// Hands one element to the program: the outputs of an `IteratorGetNext` op on the host
    /// CPU, recorded in the report with the host work that produced it.
    pub fn iterator_get_next(
        &mut self,
        element: Vec<Tensor>,
        produced: Option<InputElement>,
    ) -> TfResult<Vec<EagerTensor>> {
        let devices = self.devices()?;
        let device = devices
            .host_cpu()
            .ok_or_else(|| TfError::internal("The machine has no CPU device"))?;
        let device_name = devices.device(device).name.clone();
        let reason = PlacementReason::DefaultPriority {
            device_type: "CPU".to_string(),
        };
        let first = element.first().map(|t| Value::Dense(t.clone()));
        let (producer, name) = self.record_eager(
            "IteratorGetNext",
            "IteratorGetNext",
            "",
            &device_name,
            &reason,
            &[],
            first.as_ref(),
        );
        if let Some(op) = producer.and_then(|id| self.recorder.ops.get_mut(id as usize)) {
            op.input_element = produced;
        }
        self.take_uids(element.len());
        Ok(element
            .into_iter()
            .enumerate()
            .map(|(index, tensor)| EagerTensor {
                value: Value::Dense(tensor),
                device,
                device_name: device_name.clone(),
                producer,
                tensor_name: format!("{name}:{index}"),
            })
            .collect())
    }
}
