//! `Context`: the state of one program run: the machine, placement settings, the eager
//! device scope stack, the graphs being built, variables, traced functions, the log sink
//! and the report recorder.
//!
//! The Python binding owns one `Context` per run and calls its methods (spread over
//! [`crate::eager`], [`crate::api`], [`crate::variables`],
//! [`crate::session`] and [`crate::function`]). Mode follows TensorFlow:
//! with no default graph pushed the context executes eagerly; `tf.Graph().as_default()`
//! and tracing push a graph, and the same API calls then build ops instead.

use crate::distribute::DistributeState;
use crate::error::{TfError, TfResult};
use crate::function::FunctionState;
use crate::graph::{Graph, GraphId, GraphKind};
use crate::machine::Machine;
use crate::op::{PrintStream, ResourceStore};
use crate::random_seed::EagerSeed;
use crate::recorder::Recorder;
use crate::variables::VariableState;
use hardware::topology::Topology;
use placer::device::set::LOCAL_HOST_CPU;
use placer::device::spec::eager_scope_name;
use placer::device::{DeviceId, DeviceSet, DeviceSpec};
use placer::kernels::KernelRegistry;
use placer::StackFrame;

/// The most graphs one run may create (a playground limit).
pub const GRAPHS_MAX: usize = 10_000;

/// Budget units making one graph costs (a `tf.function` trace is about 0.2 ms natively).
const GRAPH_WORK: u64 = 100_000;

/// The state of one program run.
#[derive(Debug)]
pub struct Context {
    /// The machine and its devices.
    pub machine: Machine,
    /// Which op has a kernel where.
    pub registry: KernelRegistry,
    /// `tf.config.set_soft_device_placement`, if the program called it.
    soft_placement_user: Option<bool>,
    /// `tf.debugging.set_log_device_placement` as it stood when the machine was
    /// initialised: the placer prints its lines by that setting for the whole program
    /// (see [`Context::set_log_device_placement`]).
    pub log_device_placement: bool,
    /// Whether the op being called had a Python list or tuple among its inputs, so
    /// TensorFlow ran it through its eager fallback path, whose errors do not end in
    /// ` name: ` as the fast path's do.
    pub eager_fallback: bool,
    /// Eager `tf.device` scopes: full names, `""` for `tf.device(None)`.
    eager_scopes: Vec<String>,
    /// The eager `tf.name_scope` (`context.scope_name`: `""` or `outer/inner/`).
    pub eager_name_scope: String,
    graphs: Vec<Graph>,
    default_graphs: Vec<GraphId>,
    /// Names eager ops get in the report, as if they were in one graph (`add`, `add_1`).
    pub eager_names: Graph,
    /// Eager variables' state.
    pub eager_resources: ResourceStore,
    /// The dataset iteration whose element functions run now (their random kernels'
    /// scope; see `ElementFunctions::swap_kernel_scope`).
    pub(crate) dataset_kernel_scope: u64,
    /// The report's ops and transfers.
    pub recorder: Recorder,
    /// Log lines for stderr (`log_device_placement` output), oldest first.
    log: Vec<String>,
    /// The user's frames of the API call in progress, outermost first.
    call_stack: Vec<StackFrame>,
    pub variables: VariableState,
    pub functions: FunctionState,
    /// `disable_v2_behavior()`: graph-mode `tf.cond` builds TF1 `Switch`/`Merge` ops.
    pub control_flow_v1: bool,
    /// Signatures of the eager single-op functions already logged.
    pub function_log_keys: std::collections::HashSet<String>,
    /// Lines for stdout (the placer's `printf` of function placements), oldest first.
    pub stdout_lines: Vec<String>,
    /// The global random seed of eager execution.
    pub eager_seed: EagerSeed,
    /// `tf.distribute` strategies, mirrored variables and the TPU system.
    pub distribute: DistributeState,
    /// `tf.GradientTape`s and what they recorded.
    pub tapes: crate::tape::TapeState,
    /// The machine's hardware figures (the input pipeline's host costs use them).
    pub hardware: std::sync::Arc<hardware::Hardware>,
    /// Dataset iterations started (each `IteratorGetNext` names its iteration).
    pub input_iterators: u32,
    /// The report name of each library function computed eagerly but run compiled by
    /// TensorFlow (`multi_step_on_iterator` → `__inference_multi_step_on_iterator_7`).
    pub compiled_steps: std::collections::HashMap<String, String>,
    /// TensorFlow's uid counter (the `N` of `__inference_f_N`).
    pub uids: crate::uid::UidCounter,
}

impl Context {
    /// A fresh run on `topology`.
    pub fn new(topology: &Topology) -> Context {
        Context {
            machine: Machine::new(topology),
            registry: crate::op_defs::kernel_registry(),
            soft_placement_user: None,
            log_device_placement: false,
            eager_fallback: false,
            eager_scopes: Vec::new(),
            eager_name_scope: String::new(),
            graphs: Vec::new(),
            default_graphs: Vec::new(),
            eager_names: Graph::new(GraphId(u32::MAX), GraphKind::User),
            eager_resources: ResourceStore::default(),
            dataset_kernel_scope: 0,
            recorder: Recorder::default(),
            log: Vec::new(),
            call_stack: Vec::new(),
            variables: VariableState::default(),
            functions: FunctionState::default(),
            control_flow_v1: false,
            function_log_keys: std::collections::HashSet::new(),
            stdout_lines: Vec::new(),
            eager_seed: EagerSeed::default(),
            distribute: DistributeState::new(topology),
            tapes: Default::default(),
            hardware: topology.hardware.clone(),
            input_iterators: 0,
            compiled_steps: std::collections::HashMap::new(),
            uids: Default::default(),
        }
    }

    // ---- Settings -------------------------------------------------------------------

    /// `tf.config.set_soft_device_placement(enabled)`.
    pub fn set_soft_device_placement(&mut self, enabled: bool) {
        self.soft_placement_user = Some(enabled);
    }

    /// `tf.config.get_soft_device_placement()`: the user's setting, or the mode default
    /// (on when executing eagerly, off in graph mode, §2.5).
    pub fn soft_device_placement(&self) -> bool {
        self.soft_placement_user
            .unwrap_or_else(|| self.executing_eagerly())
    }

    /// The soft-placement setting a `tf.function` call uses: the user's, or on (the call
    /// is made from eager mode).
    pub fn function_soft_placement(&self) -> bool {
        self.soft_placement_user.unwrap_or(true)
    }

    /// The device set, initialising the machine.
    pub fn devices(&mut self) -> TfResult<&DeviceSet> {
        self.machine.devices()
    }

    // ---- Call sites and log ---------------------------------------------------------

    /// Sets the user's frames for the API call about to be made (outermost first); ops
    /// created by that call carry them as their definition stack.
    pub fn set_call_stack(&mut self, frames: Vec<StackFrame>) {
        self.call_stack = frames;
    }

    /// The current call's frames.
    pub fn call_stack(&self) -> &[StackFrame] {
        &self.call_stack
    }

    /// The current call's line in the program (see [`program_line`]).
    pub fn call_line(&self) -> u32 {
        program_line(&self.call_stack)
    }

    /// Appends a line to the log sink.
    pub fn log(&mut self, line: String) {
        self.log.push(line);
    }

    /// Takes what `PrintV2` ops wrote (eagerly or in a function) since the last call, each
    /// with its stream (the binding writes them out).
    pub fn take_printed(&mut self) -> Vec<(PrintStream, String)> {
        self.eager_resources.take_printed()
    }

    /// Takes the log lines written so far (the binding prints them to stderr).
    pub fn take_log(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }

    // ---- Modes and graphs -----------------------------------------------------------

    /// True when no graph is the default (`tf.executing_eagerly()`).
    pub fn executing_eagerly(&self) -> bool {
        self.default_graphs.is_empty()
    }

    /// `tf.Graph()`: a new, empty user graph.
    pub fn new_graph(&mut self) -> TfResult<GraphId> {
        let id = self.add_graph(GraphKind::User)?;
        self.take_uids(1);
        Ok(id)
    }

    /// The TF1 global default graph, made on its first use: the graph a trace or a
    /// variable may already have made TensorFlow create (it takes one uid, once).
    pub fn new_global_graph(&mut self) -> TfResult<GraphId> {
        let id = self.add_graph(GraphKind::User)?;
        self.touch_global_default_graph();
        Ok(id)
    }

    pub fn add_graph(&mut self, kind: GraphKind) -> TfResult<GraphId> {
        if self.graphs.len() >= GRAPHS_MAX {
            return Err(TfError::new(
                crate::error::ExceptionClass::ResourceExhausted,
                format!("The playground allows at most {GRAPHS_MAX} graphs per run"),
            ));
        }
        // Tracing a function or building a graph costs far more natively than its ops'
        // names: it is charged to the run's budget as a whole (see `meter::work`).
        meter::work::add(GRAPH_WORK);
        let id = GraphId(self.graphs.len() as u32);
        let is_function = matches!(kind, GraphKind::Function { .. });
        let mut graph = Graph::new(id, kind);
        if is_function {
            // A `FuncGraph` takes the eager global seed, or its outer graph's seed.
            graph.seed.seed = match self.default_graph() {
                None => self.eager_seed.global(),
                Some(outer) => self.graph(outer)?.seed.seed,
            };
        }
        self.graphs.push(graph);
        Ok(id)
    }

    /// `tf.random.set_seed(seed)` (and `tf.compat.v1.set_random_seed`): the eager global
    /// seed, which also resets every eager random kernel, and the default graph's seed.
    pub fn set_random_seed(&mut self, seed: i64) -> TfResult<()> {
        self.eager_seed.set(seed);
        self.eager_resources.reset_random_kernels();
        if let Some(graph) = self.default_graph() {
            self.graph_mut(graph)?.seed.seed = Some(seed);
        }
        Ok(())
    }

    /// `random_seed.get_seed(op_seed)` for a random op created now.
    pub fn op_seeds(&mut self, op_seed: Option<i64>) -> TfResult<[i64; 2]> {
        match self.default_graph() {
            None => Ok(self.eager_seed.op_seeds(op_seed)),
            Some(graph) => Ok(self.graph_mut(graph)?.seed.op_seeds(op_seed)),
        }
    }

    /// Enters `with graph.as_default()`.
    pub fn push_default_graph(&mut self, graph: GraphId) {
        self.default_graphs.push(graph);
    }

    /// Leaves the innermost `as_default()`.
    pub fn pop_default_graph(&mut self) -> Option<GraphId> {
        self.default_graphs.pop()
    }

    /// The graph new ops go to, if not executing eagerly.
    pub fn default_graph(&self) -> Option<GraphId> {
        self.default_graphs.last().copied()
    }

    /// Every graph made so far, in order of creation.
    pub fn graphs(&self) -> &[Graph] {
        &self.graphs
    }

    /// A graph.
    pub fn graph(&self, id: GraphId) -> TfResult<&Graph> {
        self.graphs
            .get(id.0 as usize)
            .ok_or_else(|| TfError::internal(format!("unknown graph #{}", id.0)))
    }

    /// A graph, mutably.
    pub fn graph_mut(&mut self, id: GraphId) -> TfResult<&mut Graph> {
        self.graphs
            .get_mut(id.0 as usize)
            .ok_or_else(|| TfError::internal(format!("unknown graph #{}", id.0)))
    }

    // ---- Device scopes --------------------------------------------------------------

    /// Enters `with tf.device(spec)` (`None` is `tf.device(None)`), in whichever mode is
    /// current. Malformed strings raise Python's `ValueError` (case b06).
    pub fn push_device_scope(&mut self, spec: Option<&str>) -> TfResult<()> {
        let parsed = spec
            .map(DeviceSpec::parse)
            .transpose()
            .map_err(|error| TfError::value_error(error.to_string()))?;
        match self.default_graph() {
            Some(graph) => {
                self.graph_mut(graph)?.push_device(parsed);
            }
            None => {
                let current = self.eager_scopes.last().map_or("", String::as_str);
                let name = eager_scope_name(current, spec, LOCAL_HOST_CPU, &[])
                    .map_err(|error| TfError::value_error(error.to_string()))?;
                self.eager_scopes.push(name);
            }
        }
        Ok(())
    }

    /// Leaves the innermost `tf.device` scope of the current mode.
    pub fn pop_device_scope(&mut self) -> TfResult<()> {
        match self.default_graph() {
            Some(graph) => self.graph_mut(graph)?.pop_device(),
            None => {
                self.eager_scopes.pop();
            }
        }
        Ok(())
    }

    /// The eager scope's device name (full, or `""` with no scope).
    pub fn eager_scope_device(&self) -> &str {
        self.eager_scopes.last().map_or("", String::as_str)
    }

    /// The device a `tf.function` call runs from: the eager scope's device if it names an
    /// existing device; with no scope, `SelectDevice` for a function call, which every
    /// device type supports, so the highest-priority device (GPU:0 on a GPU machine, whose
    /// body ops then default to it; the CPU beside TPUs, which rank below CPUs).
    pub fn caller_device(&mut self) -> TfResult<DeviceId> {
        let scope = self.eager_scope_device().to_string();
        let devices = self.devices()?;
        let from_scope = devices.find_by_name(&scope);
        let by_priority = || {
            if scope.is_empty() {
                devices.prioritized_devices().first().copied()
            } else {
                None
            }
        };
        from_scope
            .or_else(by_priority)
            .or_else(|| devices.host_cpu())
            .ok_or_else(|| TfError::internal("The machine has no CPU device"))
    }
}

/// The line of the program's own file an op made under `stack` (outermost first) comes
/// from: the innermost frame in the outermost frame's file, so that an op a layer makes in
/// a library file carries the program's line that called the layer; 0 when unknown.
pub fn program_line(stack: &[StackFrame]) -> u32 {
    let Some(program) = stack.first() else {
        return 0;
    };
    stack
        .iter()
        .rev()
        .find(|frame| frame.filename == program.filename)
        .map_or(0, |frame| frame.line)
}
