//! The TPU lifecycle (tf-semantics.md §4.2) and the XLA compile check of TPU programs
//! (§4.3).
//!
//! On a topology whose environment says so, TPU cores are remote: they appear only after
//! `tf.config.experimental_connect_to_cluster` (which also makes the worker's CPU the
//! default device) and run programs only after `tf.tpu.experimental.initialize_tpu_system`.
//! The resolver finds the TPU from its argument, `TPU_NAME`, or Colab's `COLAB_TPU_ADDR`.

use std::collections::BTreeMap;
use std::ops::Range;

use crate::context::Context;
use crate::error::{ExceptionClass, TfError, TfResult};
use crate::function::ConcreteFunctionId;
use crate::graph::{Graph, GraphKind};
use crate::op::{data_type, ValueType};
use crate::op_defs::op::CompileTimeValue;
use crate::recorder::RecordedOp;
use crate::xla_constants::{first_non_constant_input, Parameters};
use crate::Handle;
use hardware::topology::Topology;
use tensor::TensorShape;

/// The master device of a connected remote TPU cluster (§4.2): the worker's CPU.
pub const MASTER_DEVICE: &str = "/job:worker/replica:0/task:0/device:CPU:0";
/// The device the init and shutdown ops of a remote TPU run on (§4.1).
const SYSTEM_DEVICE: &str = "/job:worker/replica:0/task:0/device:TPU_SYSTEM:0";

/// A TPU computation `TPUStrategy.run` built inside a `tf.function`: the ops of its
/// replicas in the function's body. TensorFlow compiles it with XLA when the function
/// runs, so that is when an op XLA cannot compile fails.
#[derive(Clone, Debug, PartialEq)]
pub struct TpuProgram {
    /// The Python name of the function being traced (`train_step`).
    pub name: String,
    /// The range of body ops the replicas made.
    pub ops: std::ops::Range<usize>,
}

/// What a `TPUClusterResolver` resolved its `tpu` argument to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TpuResolution {
    /// The TPU's name as the logs print it (`grpc://10.0.0.2:8470`, `local`).
    pub name: String,
    /// `resolver.master()`: the gRPC address, or `''` for a local TPU.
    pub master: String,
    /// The worker's `host:port`, for `cluster_spec()`.
    pub worker: Option<String>,
}

/// Why a resolver could not be built.
#[derive(Clone, Debug, PartialEq)]
pub enum ResolveError {
    /// A TensorFlow error.
    Tf(TfError),
    /// A TPU name that needs the Cloud TPU API: Python's `urllib.error.URLError` with
    /// this message (the sandbox has no network, as the oracle's machine had none).
    Url(String),
}

/// The TPU system of the machine and how far it is brought up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TpuSystem {
    environment: BTreeMap<String, String>,
    requires_connect: bool,
    requires_initialize: bool,
    /// INFO and WARNING lines of TensorFlow's Python logger reach stderr (Colab and TPU
    /// VMs show them; a plain `python3` with tensorflow-cpu does not).
    pub info_logs: bool,
    /// The TPU cores of the topology, in task then index order.
    pub cores: Vec<String>,
    /// The CPU of the first TPU host: where `TPUStrategy` reduces and outside compilation
    /// runs (the worker's CPU for a remote TPU, the VM's own CPU on a TPU VM).
    pub host_cpu: String,
    /// `TPU_SYSTEM:0` of the first TPU host, where init and shutdown run.
    pub system_device: String,
    /// `Topology.mesh_shape`: the chip grid, then the cores per chip.
    pub mesh_shape: Vec<u32>,
    /// `Topology.num_tasks`.
    pub num_tasks: u32,
    /// The resolver name the cluster was connected with.
    pub connected: Option<String>,
    /// The resolver name the system was initialised with.
    pub initialized: Option<String>,
}

impl TpuSystem {
    /// The TPU system of `topology`.
    pub fn new(topology: &Topology) -> TpuSystem {
        let environment = topology.hardware.environment.clone();
        let cores: Vec<String> = topology
            .devices
            .iter()
            .filter(|name| name.contains("/device:TPU:"))
            .cloned()
            .collect();
        let num_tasks = topology
            .hardware
            .hosts
            .iter()
            .filter(|host| {
                let cpu = &topology.hardware.devices[host.cpu_device].name;
                cores.iter().any(|core| {
                    core.rsplit_once("/device:").map(|(a, _)| a)
                        == cpu.rsplit_once("/device:").map(|(a, _)| a)
                })
            })
            .count() as u32;
        let mut mesh_shape: Vec<u32> = topology
            .document
            .ici
            .as_ref()
            .map(|ici| ici.dims.clone())
            .unwrap_or_default();
        if !mesh_shape.is_empty() {
            while mesh_shape.len() < 3 {
                mesh_shape.push(1);
            }
            let chips: u32 = mesh_shape.iter().product();
            mesh_shape.push((cores.len() as u32 / chips.max(1)).max(1));
        }
        let address = cores
            .first()
            .and_then(|core| core.rsplit_once("/device:"))
            .map(|(address, _)| address.to_string());
        let (host_cpu, system_device) = match address {
            Some(address) => (
                format!("{address}/device:CPU:0"),
                format!("{address}/device:TPU_SYSTEM:0"),
            ),
            None => (MASTER_DEVICE.to_string(), SYSTEM_DEVICE.to_string()),
        };
        TpuSystem {
            info_logs: environment.tpu_requires_connect
                || environment.tpu_requires_initialize
                || environment.variables.contains_key("COLAB_RELEASE_TAG"),
            host_cpu,
            system_device,
            requires_connect: environment.tpu_requires_connect,
            requires_initialize: environment.tpu_requires_initialize,
            environment: environment.variables,
            cores,
            mesh_shape,
            num_tasks,
            connected: None,
            initialized: None,
        }
    }

    /// Whether TPU devices are hidden until `experimental_connect_to_cluster`.
    pub fn hides_cores_until_connected(&self) -> bool {
        self.requires_connect && !self.cores.is_empty()
    }

    /// `TPUClusterResolver(tpu=...)`: the argument, else `TPU_NAME`, else Colab's
    /// `COLAB_TPU_ADDR`; nothing at all is TensorFlow's `ValueError`.
    pub fn resolve(&self, tpu: Option<&str>) -> Result<TpuResolution, ResolveError> {
        let name = tpu
            .filter(|name| !name.is_empty())
            .map(str::to_string)
            .or_else(|| self.environment.get("TPU_NAME").cloned())
            .or_else(|| {
                self.environment
                    .get("COLAB_TPU_ADDR")
                    .map(|address| format!("grpc://{address}"))
            })
            .ok_or_else(|| {
                ResolveError::Tf(TfError::value_error(
                    "Please provide a TPU Name to connect to.",
                ))
            })?;
        if name == "local" {
            return Ok(TpuResolution {
                name,
                master: String::new(),
                worker: None,
            });
        }
        if let Some(address) = name.strip_prefix("grpc://") {
            return Ok(TpuResolution {
                master: name.clone(),
                worker: Some(address.to_string()),
                name,
            });
        }
        Err(ResolveError::Url(
            "<urlopen error [Errno -2] Name or service not known>".to_string(),
        ))
    }

    /// Whether `resolution` names this machine's TPU.
    fn reaches_cores(&self, resolution: &TpuResolution) -> bool {
        if self.cores.is_empty() {
            return false;
        }
        match &resolution.worker {
            None => !self.environment.contains_key("COLAB_TPU_ADDR"),
            Some(address) => {
                self.environment.get("COLAB_TPU_ADDR") == Some(address)
                    || self.environment.get("TPU_NAME") == Some(&resolution.name)
            }
        }
    }

    /// The error of a TPU op before the system is initialised, if it applies to `device`.
    pub fn check_ready(&self, device: &str) -> TfResult<()> {
        if self.requires_initialize && self.initialized.is_none() && device.contains("/device:TPU:")
        {
            return Err(TfError::new(
                ExceptionClass::FailedPrecondition,
                "The TPU system has not been initialized.",
            ));
        }
        Ok(())
    }
}

/// What `initialize_tpu_system` returns: `tf.tpu.experimental.Topology`'s figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TpuTopology {
    /// `mesh_shape`.
    pub mesh_shape: Vec<u32>,
    /// `num_tasks`.
    pub num_tasks: u32,
    /// `num_tpus_per_task`.
    pub num_tpus_per_task: u32,
}

impl Context {
    fn info(&mut self, line: &str) {
        if self.distribute.tpu.info_logs {
            self.log(format!("INFO:tensorflow:{line}"));
        }
    }

    fn warning(&mut self, line: &str) {
        if self.distribute.tpu.info_logs {
            self.log(format!("WARNING:tensorflow:{line}"));
        }
    }

    /// `tf.config.experimental_connect_to_cluster(resolver)`.
    pub fn connect_to_cluster(&mut self, resolution: &TpuResolution) -> TfResult<()> {
        if !self.executing_eagerly() {
            return Err(TfError::value_error(
                "`tf.config.experimental_connect_to_cluster` can only be called in eager mode.",
            ));
        }
        if resolution.worker.is_none() {
            // `remote.py` returns at once for a local master: the TPU VM's own cores are
            // the program's (a TPU VM lists them under `/job:localhost` from the start; a
            // multi-host slice's `worker` tasks appear now), and the default device stays
            // the client's CPU.
            if self.distribute.tpu.reaches_cores(resolution) {
                self.machine.connect_remote_devices();
                self.distribute.tpu.connected = Some(resolution.name.clone());
            }
            return Ok(());
        }
        if !self.distribute.tpu.reaches_cores(resolution) {
            // Playground text: TensorFlow waits on a gRPC channel no server answers.
            return Err(TfError::new(
                ExceptionClass::Internal,
                format!(
                    "No TPU worker answers at {} on this machine",
                    resolution.master
                ),
            ));
        }
        let current = self.eager_scope_device().to_string();
        if !current.is_empty() && current != MASTER_DEVICE {
            return Err(TfError::value_error(format!(
                "`connect_to_cluster` is called inside existing device scope {current}, which is different from the master device scope {MASTER_DEVICE} to enter. This is not allowed."
            )));
        }
        self.machine.connect_remote_devices();
        self.distribute.tpu.connected = Some(resolution.name.clone());
        if current.is_empty() {
            // `remote.py` logs through absl, hence the `absl` logger name.
            if self.distribute.tpu.info_logs {
                self.log(format!(
                    "INFO:absl:Entering into master device scope: {MASTER_DEVICE}"
                ));
            }
            self.push_device_scope(Some(MASTER_DEVICE))?;
        }
        Ok(())
    }

    /// `tf.tpu.experimental.initialize_tpu_system(resolver)`: its log lines, the
    /// `ConfigureDistributedTPU` op on `TPU_SYSTEM:0`, and the topology it returns.
    pub fn initialize_tpu_system(&mut self, resolution: &TpuResolution) -> TfResult<TpuTopology> {
        if let Some(graph) = self.default_graph() {
            if matches!(self.graph(graph)?.kind, GraphKind::Function { .. }) {
                return Err(TfError::new(
                    ExceptionClass::RuntimeError,
                    "initialize_tpu_system is not supported within tf.functions.",
                ));
            }
        }
        // The log lines and their order are `tpu_strategy_util.py`'s, as Colab and TPU VM
        // outputs show them (tf-semantics.md §4.2 puts "Clearing out eager caches" here;
        // the source logs it when shutting down).
        self.info("Deallocate tpu buffers before initializing tpu system.");
        let tpu = &self.distribute.tpu;
        let visible = !tpu.cores.is_empty()
            && (tpu.connected.is_some() || !tpu.hides_cores_until_connected())
            && tpu.reaches_cores(resolution);
        if tpu.initialized.as_ref() == Some(&resolution.name) {
            self.warning(&format!(
                "TPU system {} has already been initialized. Reinitializing the TPU can cause previously created variables on TPU to be lost.",
                resolution.name
            ));
        }
        self.info(&format!("Initializing the TPU system: {}", resolution.name));
        if !visible {
            let available = self.devices()?.joined_names();
            return Err(TfError::new(
                ExceptionClass::NotFound,
                format!(
                    "TPUs not found in the cluster. Failed in initialization: Could not satisfy device specification '{}'. enable_soft_placement=1. Supported device types [TPU_SYSTEM]. All available devices [{available}].",
                    self.distribute.tpu.system_device
                ),
            ));
        }
        self.record_system_op("ConfigureDistributedTPU");
        self.info("Finished initializing TPU system.");
        self.distribute.tpu.initialized = Some(resolution.name.clone());
        Ok(self.tpu_topology())
    }

    /// `tf.tpu.experimental.shutdown_tpu_system(resolver)`, with `tpu_strategy_util.py`'s
    /// log lines.
    pub fn shutdown_tpu_system(&mut self, resolution: &TpuResolution) -> TfResult<()> {
        if self.distribute.tpu.initialized.as_ref() != Some(&resolution.name) {
            self.warning(&format!(
                "You are shutting down a TPU system {} that has not been initialized.",
                resolution.name
            ));
        }
        self.info(&format!(
            "Shutting down the TPU system: {}",
            resolution.name
        ));
        if self.distribute.tpu.initialized.take().is_some() {
            self.record_system_op("ShutdownDistributedTPU");
        }
        self.info("Clearing out eager caches");
        self.info("Finished shutting down TPU system.");
        Ok(())
    }

    /// The figures of the machine's TPU topology.
    pub fn tpu_topology(&self) -> TpuTopology {
        let tpu = &self.distribute.tpu;
        TpuTopology {
            mesh_shape: tpu.mesh_shape.clone(),
            num_tasks: tpu.num_tasks,
            num_tpus_per_task: tpu.cores.len() as u32 / tpu.num_tasks.max(1),
        }
    }

    fn record_system_op(&mut self, op_type: &str) {
        let line = self.call_line();
        let system_device = self.distribute.tpu.system_device.clone();
        let name = self.eager_names.unique_name(op_type);
        self.recorder.record(RecordedOp {
            name: &name,
            op_type,
            device: &system_device,
            requested_device: &system_device,
            reason: "the TPU system's init and shutdown ops run on TPU_SYSTEM:0".into(),
            inputs: &[],
            shape: Vec::new(),
            dtype: "",
            line,
            not_computed: None,
        });
    }

    /// The TPU cores a `TPUStrategy` replicates over, logging what TensorFlow's metadata
    /// query logs. With no TPU visible, TensorFlow's `TPUExtended.__init__` indexes an
    /// empty device list (§4.2, inferred): `IndexError: list index out of range`, returned
    /// here as `None`.
    pub fn tpu_strategy_devices(&mut self) -> TfResult<Option<Vec<String>>> {
        let names: Vec<(String, String)> = self
            .devices()?
            .devices()
            .iter()
            .map(|device| (device.name.clone(), device.device_type.clone()))
            .collect();
        let cores: Vec<String> = names
            .iter()
            .filter(|(_, kind)| kind == "TPU")
            .map(|(name, _)| name.clone())
            .collect();
        let attributes: Vec<String> = names
            .iter()
            .map(|(name, kind)| format!("_DeviceAttributes({name}, {kind}, 0, 0)"))
            .collect();
        if cores.is_empty() {
            // The metadata's repr is inferred from `tpu_system_metadata.py`'s namedtuple.
            self.info(&format!(
                "Failed to find TPU: _TPUSystemMetadata(num_cores=0, num_hosts=1, num_of_cores_per_host=0, topology=None, devices=[{}])",
                attributes.join(", ")
            ));
            return Ok(None);
        }
        let tasks = self.distribute.tpu.num_tasks.max(1);
        self.info("Found TPU system:");
        self.info(&format!("*** Num TPU Cores: {}", cores.len()));
        self.info(&format!("*** Num TPU Workers: {tasks}"));
        self.info(&format!(
            "*** Num TPU Cores Per Worker: {}",
            cores.len() as u32 / tasks
        ));
        for device in &attributes {
            self.info(&format!("*** Available Device: {device}"));
        }
        Ok(Some(cores))
    }

    /// The XLA compile check of a TPU program (§4.3): the first op XLA_TPU_JIT cannot
    /// compile, wrapped in the TPU compile error; then whether its buffers fit a core's HBM
    /// (`runtime/tpu_memory.rs`).
    pub fn check_tpu_program(&self, id: ConcreteFunctionId, function_name: &str) -> TfResult<()> {
        let function = self.concrete_function(id)?;
        let Some(unsupported) = first_unsupported(self, function, "XLA_TPU_JIT") else {
            let graph = &function.graph;
            check_tpu_constants(graph, 0..graph.operations().len(), &function.name)?;
            return self.check_tpu_program_memory(function);
        };
        let Unsupported {
            index,
            op_type,
            node,
            mismatch,
            ..
        } = unsupported;
        Err(TfError::invalid_argument(format!(
            "{{{{function_node {}}}}} Compilation failure: Detected unsupported operations when trying to compile graph cluster_{function_name}[] on XLA_TPU_JIT: {op_type} (No registered '{op_type}' OpKernel for XLA_TPU_JIT devices compatible with node {{{{node {node}}}}}{mismatch}){{{{node {node}}}}}\n\tTPU compilation failed\n\t [[{{{{node tpu_compile_succeeded_assert/_{}/_{}}}}}]]",
            function.name,
            index + 1,
            index + 3,
        )))
    }

    /// Ends a `TPUStrategy.run` traced into a `tf.function`: the ops made since op `start`
    /// of the function's body are one TPU computation, compiled when the function runs.
    pub fn record_tpu_program(&mut self, start: usize) -> TfResult<()> {
        let Some(graph) = self.default_graph() else {
            return Ok(());
        };
        let end = self.graph(graph)?.operations().len();
        let name = self.traced_function_name().unwrap_or("fn").to_string();
        self.add_tpu_program_to_trace(TpuProgram {
            name,
            ops: start..end,
        });
        Ok(())
    }

    /// The inputs of one argument of a `TPUStrategy.run` traced into a `tf.function`, one
    /// per replica, padded to one bounded shape (§6.3: `experimental_enable_dynamic_batch_size`
    /// pads every replica's input to the largest one, so a partial last batch compiles as one
    /// program): a replica whose static shape differs from the shared one reads an
    /// `Identity` of that shape; at run time each keeps its real size, as a bounded dynamic
    /// dimension does, on its replica's device. Inputs of different ranks, or not all graph
    /// tensors, stay as they are.
    pub fn pad_replica_inputs(
        &mut self,
        inputs: Vec<Handle>,
        devices: &[String],
    ) -> TfResult<Vec<Handle>> {
        let mut shapes = Vec::with_capacity(inputs.len());
        for input in &inputs {
            match input {
                Handle::Symbolic(_) => shapes.push(self.handle_shape(input)?),
                Handle::Eager(_) => return Ok(inputs),
            }
        }
        let Some(bound) = bounded_shape(&shapes) else {
            return Ok(inputs);
        };
        let mut padded = Vec::with_capacity(inputs.len());
        for (replica, (input, shape)) in inputs.into_iter().zip(&shapes).enumerate() {
            if *shape == bound {
                padded.push(input);
                continue;
            }
            self.push_device_scope(devices.get(replica).map(String::as_str))?;
            let identity = self.identity(input.into(), None);
            self.pop_device_scope()?;
            let identity = identity?;
            if let Handle::Symbolic(tensor) = &identity {
                self.graph_mut(tensor.graph)?
                    .set_output_shape(*tensor, bound.clone());
            }
            padded.push(identity);
        }
        Ok(padded)
    }

    /// The op count of the graph being built (where a `TPUStrategy.run` inside a
    /// `tf.function` starts).
    pub fn traced_op_count(&self) -> TfResult<usize> {
        match self.default_graph() {
            Some(graph) => Ok(self.graph(graph)?.operations().len()),
            None => Ok(0),
        }
    }

    /// The XLA compile check of a TPU computation inside `function` (§4.3), as
    /// [`Context::check_tpu_program`] does for one called eagerly.
    pub fn check_tpu_program_in(
        &self,
        function: &crate::function::ConcreteFunction,
        program: &TpuProgram,
    ) -> TfResult<()> {
        let graph = &function.graph;
        let operations = graph.operations();
        let end = program.ops.end.min(operations.len());
        let start = program.ops.start.min(end);
        // Its arguments: what its ops read from outside it, and the function's captures
        // made while its replicas were traced (a mirrored variable's handles).
        let mut arguments: Vec<crate::graph::OperationId> = function
            .arguments
            .iter()
            .filter(|argument| (start..end).contains(&argument.index()))
            .copied()
            .collect();
        for operation in &operations[start..end] {
            for input in &operation.inputs {
                if !(start..end).contains(&input.operation.index())
                    && !arguments.contains(&input.operation)
                {
                    arguments.push(input.operation);
                }
            }
        }
        // Its outputs: what ops after it read from it.
        let mut outputs = Vec::new();
        for operation in &operations[end..] {
            for input in &operation.inputs {
                if (start..end).contains(&input.operation.index()) {
                    outputs.push(*input);
                }
            }
        }
        outputs.extend(
            function
                .outputs
                .iter()
                .filter(|output| (start..end).contains(&output.operation.index())),
        );
        let Some(unsupported) = first_unsupported_in(
            self,
            graph,
            &arguments,
            &outputs,
            Some(start..end),
            "XLA_TPU_JIT",
        ) else {
            return check_tpu_constants(graph, start..end, &function.name);
        };
        let Unsupported {
            index,
            op_type,
            node,
            mismatch,
            ..
        } = unsupported;
        Err(TfError::invalid_argument(format!(
            "{{{{function_node {}}}}} Compilation failure: Detected unsupported operations when trying to compile graph cluster_{}[] on XLA_TPU_JIT: {op_type} (No registered '{op_type}' OpKernel for XLA_TPU_JIT devices compatible with node {{{{node {node}}}}}{mismatch}){{{{node {node}}}}}\n\tTPU compilation failed\n\t [[{{{{node tpu_compile_succeeded_assert/_{}/_{}}}}}]]",
            function.name,
            program.name,
            index + 1,
            index + 3,
        )))
    }

    /// The XLA compile check of a `tf.function(jit_compile=True)` call, for the caller's
    /// device, with the text the oracle prints on CPU (its build's `config_proto` and
    /// `executor_type` attrs; TensorFlow's own frames of "The op is created at" are left
    /// out).
    pub fn check_jit_program(&mut self, id: ConcreteFunctionId) -> TfResult<()> {
        let caller = self.caller_device()?;
        let device_type = self.devices()?.device(caller).device_type.clone();
        let jit = format!("XLA_{device_type}_JIT");
        let function = self.concrete_function(id)?;
        let graph = format!(
            "{}[_XlaMustCompile=true,config_proto=13561319589895757934,executor_type=11160318154034397263]",
            function.name
        );
        let Some(unsupported) = first_unsupported(self, function, &jit) else {
            let operations = function.graph.operations().len();
            return match first_non_constant_input(
                &function.graph,
                0..operations,
                Parameters::Constant,
                &|_| false,
            ) {
                None => Ok(()),
                Some(input) => Err(TfError::invalid_argument(format!(
                    "{}\n\ttf2xla conversion failed while converting {graph}. Run with TF_DUMP_GRAPH_PREFIX=/path/to/dump/dir and --vmodule=xla_compiler=2 to obtain a dump of the compiled functions. [Op:{}]",
                    input.message_with_stack(),
                    function.name
                ))),
            };
        };
        let Unsupported {
            op_type,
            node,
            mismatch,
            frame,
            ..
        } = unsupported;
        let created = frame.map_or_else(String::new, |frame| {
            format!(
                "\nThe op is created at: \nFile \"{}\", line {}, in {}",
                frame.filename, frame.line, frame.function
            )
        });
        Err(TfError::invalid_argument(format!(
            "Detected unsupported operations when trying to compile graph {graph} on {jit}: {op_type} (No registered '{op_type}' OpKernel for {jit} devices compatible with node {{{{node {node}}}}}{mismatch}){{{{node {node}}}}}{created}\n\ttf2xla conversion failed while converting {graph}. Run with TF_DUMP_GRAPH_PREFIX=/path/to/dump/dir and --vmodule=xla_compiler=2 to obtain a dump of the compiled functions. [Op:{}]",
            function.name
        )))
    }
}

/// The shape replicas' inputs of static `shapes` share once padded: a dimension all of
/// them agree on stays, one they differ in is a bounded dynamic dimension, unknown in the
/// program (its bound is the largest, known to XLA only); `None` when their ranks differ
/// or are unknown.
pub fn bounded_shape(shapes: &[TensorShape]) -> Option<TensorShape> {
    let first = shapes.first()?.dims()?.to_vec();
    let mut bound = first.clone();
    for shape in shapes {
        let dims = shape.dims().filter(|dims| dims.len() == first.len())?;
        for (merged, dim) in bound.iter_mut().zip(dims) {
            if *merged != *dim {
                *merged = None;
            }
        }
    }
    Some(TensorShape::new(bound))
}

/// The compile-time-constant check of a TPU program (§4.3, §6.3): ops `program` of
/// `graph`, compiled from their arguments' shapes only; the error in the TPU compile
/// wrapper.
fn check_tpu_constants(graph: &Graph, program: Range<usize>, function_name: &str) -> TfResult<()> {
    let operations = graph.operations();
    let on_host = |index: usize| operations[index].device.contains("CPU");
    let Some(input) = first_non_constant_input(graph, program, Parameters::ShapesOnly, &on_host)
    else {
        return Ok(());
    };
    Err(TfError::invalid_argument(format!(
        "{{{{function_node {function_name}}}}} Compilation failure: {}\n\tTPU compilation failed\n\t [[{{{{node tpu_compile_succeeded_assert/_{}/_{}}}}}]]",
        input.message(),
        input.index + 1,
        input.index + 3,
    )))
}

/// The first op of a program XLA cannot compile for `jit` (`XLA_TPU_JIT`, `XLA_CPU_JIT`).
struct Unsupported {
    index: usize,
    op_type: &'static str,
    node: String,
    /// The "(OpKernel was found, but attributes didn't match)" part, if it applies.
    mismatch: String,
    /// The user's frame that created the op.
    frame: Option<placer::StackFrame>,
}

/// Finds what XLA would refuse in `function`. What reaches XLA is the program after
/// TensorFlow's constant folding (an op whose inputs are all constants becomes a constant:
/// the oracle folds `tf.strings.to_number(tf.constant("2.0"))` even under
/// `jit_compile=True`) and without the `tf.tpu.outside_compilation` ops, which run on the
/// host. Every op left needs a kernel on `jit` for its dtype, parameters (`_Arg`) included;
/// strings have none (§4.1).
fn first_unsupported(
    ctx: &Context,
    function: &crate::function::ConcreteFunction,
    jit: &str,
) -> Option<Unsupported> {
    first_unsupported_in(
        ctx,
        &function.graph,
        &function.arguments,
        &function.outputs,
        None,
        jit,
    )
}

/// [`first_unsupported`] over a program that is part of a graph: `program` is the range of
/// ops it is made of (`None`: the whole graph), `arguments` the ops that feed it from
/// outside, `outputs` what it hands back.
fn first_unsupported_in(
    ctx: &Context,
    graph: &crate::graph::Graph,
    arguments: &[crate::graph::OperationId],
    outputs: &[crate::graph::GraphTensor],
    program: Option<std::ops::Range<usize>>,
    jit: &str,
) -> Option<Unsupported> {
    let operations = graph.operations();
    let is_argument = |index: usize| arguments.iter().any(|argument| argument.index() == index);
    let outside =
        |index: usize| !is_argument(index) && program.as_ref().is_some_and(|r| !r.contains(&index));
    let on_host = |index: usize| {
        outside(index) || (operations[index].device.contains("CPU") && jit == "XLA_TPU_JIT")
    };
    let mut folded = vec![false; operations.len()];
    for (index, operation) in operations.iter().enumerate() {
        let kind = &operation.kind;
        folded[index] = match kind.compile_time_value() {
            _ if kind.constant_value().is_some() => true,
            CompileTimeValue::Argument | CompileTimeValue::Unknown => false,
            _ if kind.is_stateful() => false,
            _ => {
                !is_argument(index)
                    && !operation.inputs.is_empty()
                    && operation
                        .inputs
                        .iter()
                        .all(|input| folded[input.operation.index()])
            }
        };
    }
    // Which ops feed an op that stays in the compiled program.
    let mut compiled_consumer = vec![false; operations.len()];
    for (index, operation) in operations.iter().enumerate() {
        if folded[index] || on_host(index) {
            continue;
        }
        for input in &operation.inputs {
            compiled_consumer[input.operation.index()] = true;
        }
    }
    for output in outputs {
        compiled_consumer[output.operation.index()] = true;
    }
    let present = [(jit.to_string(), 50)];
    for (index, operation) in operations.iter().enumerate() {
        if on_host(index) || (folded[index] && !compiled_consumer[index]) {
            continue;
        }
        if is_argument(index) && !compiled_consumer[index] {
            continue; // Feeds only host ops.
        }
        let output = operation.outputs.first();
        let output_type = output.map(|fact| fact.value_type);
        let (op_type, dtype, attribute) = if is_argument(index) {
            ("_Arg", output_type.map(ValueType::data_type), "T")
        } else if folded[index] {
            ("Const", output_type.map(ValueType::data_type), "dtype")
        } else {
            let input_types: Vec<ValueType> = operation
                .inputs
                .iter()
                .filter_map(|input| graph.tensor_fact(*input))
                .map(|fact| fact.value_type)
                .collect();
            let attribute = if operation.kind.constant_value().is_some() {
                "dtype"
            } else {
                "T"
            };
            (
                operation.kind.op_type(),
                operation.kind.type_attr(&input_types).map(data_type),
                attribute,
            )
        };
        if !ctx
            .registry
            .supported_device_types(op_type, dtype, false, &present)
            .is_empty()
        {
            continue;
        }
        let any_kernel = !ctx
            .registry
            .supported_device_types(op_type, None, false, &present)
            .is_empty();
        let node = operation.name.clone();
        let mismatch = match (any_kernel, dtype) {
            (true, Some(dtype)) => {
                let mut requested = format!("{attribute}={}", dtype.enum_name());
                if is_argument(index) && jit != "XLA_TPU_JIT" {
                    // The attrs an `_Arg` carries, as the oracle prints them.
                    let shape = output.map_or_else(String::new, |fact| {
                        fact.shape
                            .to_string()
                            .replace(['(', ')', ' '], "")
                            .trim_end_matches(',')
                            .to_string()
                    });
                    let position = arguments
                        .iter()
                        .position(|argument| argument.index() == index)
                        .unwrap_or(0);
                    requested.push_str(&format!(
                        ", _output_shapes=[[{shape}]], _user_specified_name=\"{node}\", index={position}"
                    ));
                }
                format!(
                    "\n\t (OpKernel was found, but attributes didn't match) Requested Attributes: {requested}"
                )
            }
            _ => String::new(),
        };
        return Some(Unsupported {
            index,
            op_type,
            node,
            mismatch,
            frame: operation.stack.last().cloned(),
        });
    }
    None
}
