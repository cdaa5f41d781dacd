//! The TPU lifecycle for programs (tf-semantics.md §4.2): `TPUClusterResolver`,
//! `tf.config.experimental_connect_to_cluster`, `tf.tpu.experimental.initialize_tpu_system`
//! (and the `Topology` it returns), `shutdown_tpu_system`, and
//! `tf.tpu.outside_compilation`. The rules are the runtime's
//! (`runtime/distribute/tpu.rs`); this converts arguments and results.

use std::rc::Rc;

use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Args, Class, Module, PyResult, Value};
use lang::vm::Vm;

use crate::distribute::with_state;
use crate::{def, module, this_as, St};
use runtime::distribute::tpu::{ResolveError, TpuResolution, TpuTopology};
use tensor::Tensor;

/// The data of a `TPUClusterResolver`.
pub struct PyResolver {
    /// What its `tpu` argument resolved to.
    pub resolution: TpuResolution,
}

/// The data of a `tf.tpu.experimental.Topology`.
pub struct PyTopology {
    topology: TpuTopology,
}

/// The TPU classes of a run.
pub struct TpuClasses {
    resolver: Rc<Class>,
    cluster_spec: Rc<Class>,
    topology: Rc<Class>,
}

/// Builds the TPU classes (once per run).
pub fn build_classes(st: &St) -> TpuClasses {
    let resolver = ClassBuilder::new(
        "TPUClusterResolver",
        "tensorflow.python.distribute.cluster_resolver.tpu.tpu_cluster_resolver",
    )
    .static_method_closure("__new__", with_state(st, resolver_new))
    .method("__init__", |_vm, _args| Ok(Value::None))
    .method("master", |vm, args| {
        Ok(Value::str(
            resolver_of(vm, &args)?.resolution.master.clone(),
        ))
    })
    .method("get_master", |vm, args| {
        Ok(Value::str(
            resolver_of(vm, &args)?.resolution.master.clone(),
        ))
    })
    .method_closure(
        "cluster_spec",
        with_state(st, |st, vm, args| {
            let resolver = resolver_of(vm, &args)?;
            let classes = st.classes(vm)?;
            Ok(new_native_instance(&classes.tpu.cluster_spec, resolver))
        }),
    )
    .build();
    let cluster_spec = ClassBuilder::new("ClusterSpec", "tensorflow.python.training.server_lib")
        .method("__repr__", |vm, args| {
            let resolver = resolver_of(vm, &args)?;
            Ok(Value::str(match &resolver.resolution.worker {
                Some(worker) => format!("ClusterSpec({{'worker': ['{worker}']}})"),
                None => "ClusterSpec({})".to_string(),
            }))
        })
        .method("as_dict", |vm, args| {
            let resolver = resolver_of(vm, &args)?;
            let dict = Rc::new(std::cell::RefCell::new(lang::value::Dict::new()));
            if let Some(worker) = &resolver.resolution.worker {
                vm.dict_setitem(
                    &dict,
                    Value::str("worker"),
                    Value::list(vec![Value::str(worker.clone())]),
                )?;
            }
            Ok(Value::Dict(dict))
        })
        .build();
    let topology = ClassBuilder::new("Topology", "tensorflow.python.tpu.topology")
        .property_closure(
            "mesh_shape",
            with_state(st, |st, vm, args| {
                let topology = topology_of(vm, &args)?;
                let dims: Vec<i32> = topology
                    .topology
                    .mesh_shape
                    .iter()
                    .map(|d| *d as i32)
                    .collect();
                let tensor = Tensor::from_vec(vec![dims.len()].into(), dims)
                    .map_err(|e| crate::convert::op_error(vm, e))?;
                crate::numpy_module::array_value(st, vm, tensor)
            }),
            None,
        )
        .property(
            "num_tasks",
            |vm, args| {
                Ok(Value::Int(
                    topology_of(vm, &args)?.topology.num_tasks as i64,
                ))
            },
            None,
        )
        .property(
            "num_tpus_per_task",
            |vm, args| {
                Ok(Value::Int(
                    topology_of(vm, &args)?.topology.num_tpus_per_task as i64,
                ))
            },
            None,
        )
        .build();
    TpuClasses {
        resolver,
        cluster_spec,
        topology,
    }
}

fn resolver_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyResolver>> {
    this_as::<PyResolver>(vm, args, "expected a TPUClusterResolver")
}

fn topology_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyTopology>> {
    this_as::<PyTopology>(vm, args, "expected a Topology")
}

/// Resolves a `tpu` argument as `TPUClusterResolver` does, raising its errors.
pub(crate) fn resolve(st: &St, vm: &mut Vm<'_>, tpu: Option<&str>) -> PyResult<TpuResolution> {
    let resolved = st.with_ctx(vm, |ctx| ctx.distribute.tpu.resolve(tpu))?;
    match resolved {
        Ok(resolution) => Ok(resolution),
        Err(ResolveError::Tf(error)) => st.tf(vm, |_| Err(error)),
        Err(ResolveError::Url(message)) => {
            let base = vm.exc_types().os_error.clone();
            let class = lang::exceptions::new_exception_class("URLError", "urllib.error", &[base]);
            Err(vm.new_error(&class, message))
        }
    }
}

/// The resolution of a resolver argument (`TypeError` for anything else).
pub(crate) fn resolution_of(vm: &Vm<'_>, value: &Value) -> PyResult<TpuResolution> {
    value
        .downcast::<PyResolver>()
        .map(|resolver| resolver.resolution.clone())
        .ok_or_else(|| {
            vm.type_error("expected a tf.distribute.cluster_resolver.TPUClusterResolver")
        })
}

/// The resolver argument of the lifecycle functions: a resolver, or `None` for
/// `TPUClusterResolver('')`.
fn resolver_arg(st: &St, vm: &mut Vm<'_>, value: &Option<Value>) -> PyResult<TpuResolution> {
    match value {
        Some(value) => resolution_of(vm, value),
        None => resolve(st, vm, None),
    }
}

fn resolver_new(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let rest = Args::new(args.positional.get(1..).unwrap_or(&[]), args.keywords);
    let bound = bind!(
        vm,
        "TPUClusterResolver",
        &rest,
        0,
        [
            tpu,
            zone,
            project,
            job_name,
            coordinator_name,
            coordinator_address,
            credentials,
            service,
            discovery_url
        ]
    )?;
    let tpu = match &bound.tpu {
        Some(value) => Some(crate::string_arg(vm, value, "tpu")?),
        None => None,
    };
    let resolution = resolve(st, vm, tpu.as_deref())?;
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.tpu.resolver,
        Rc::new(PyResolver { resolution }),
    ))
}

/// `tf.config.experimental_connect_to_cluster(cluster_spec_or_resolver, ...)`.
pub fn connect_to_cluster(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "experimental_connect_to_cluster",
        &args,
        1,
        [
            cluster_spec_or_resolver,
            job_name,
            task_index,
            protocol,
            make_master_device_default,
            cluster_device_filters
        ]
    )?;
    let resolution = match &bound.cluster_spec_or_resolver {
        Some(value) if value.downcast::<PyResolver>().is_some() => resolution_of(vm, value)?,
        _ => {
            return Err(vm.value_error(
                "`cluster_spec_or_resolver` must be a `ClusterSpec` or a `ClusterResolver`.",
            ))
        }
    };
    st.tf(vm, |ctx| ctx.connect_to_cluster(&resolution))?;
    Ok(Value::None)
}

fn initialize(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "initialize_tpu_system", &args, 0, [cluster_resolver])?;
    let resolution = resolver_arg(st, vm, &bound.cluster_resolver)?;
    let topology = st.tf(vm, |ctx| ctx.initialize_tpu_system(&resolution))?;
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.tpu.topology,
        Rc::new(PyTopology { topology }),
    ))
}

fn shutdown(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "shutdown_tpu_system", &args, 0, [cluster_resolver])?;
    let resolution = resolver_arg(st, vm, &bound.cluster_resolver)?;
    st.tf(vm, |ctx| ctx.shutdown_tpu_system(&resolution))?;
    Ok(Value::None)
}

/// `tf.tpu.outside_compilation(computation, *args, **kwargs)`: runs `computation` with its
/// ops requested on the host CPU, outside the XLA program.
fn outside_compilation(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let Some(computation) = args.positional.first().cloned() else {
        return Err(vm.type_error(
            "outside_compilation() missing 1 required positional argument: 'computation'",
        ));
    };
    let rest: Vec<Value> = args.positional[1..].to_vec();
    st.tf(vm, |ctx| {
        let host = ctx.distribute.tpu.host_cpu.clone();
        ctx.push_device_scope(Some(&host))
    })?;
    let result = vm.call(&computation, &rest, args.keywords);
    st.tf(vm, |ctx| ctx.pop_device_scope())?;
    result
}

/// Builds `tensorflow.tpu`, `tensorflow.tpu.experimental` and
/// `tensorflow.distribute.cluster_resolver`.
pub fn build_modules(st: &St, vm: &Vm<'_>) -> PyResult<(Rc<Module>, Rc<Module>, Rc<Module>)> {
    let classes = st.classes(vm)?;
    let tpu = module("tensorflow.tpu");
    let experimental = module("tensorflow.tpu.experimental");
    def(&experimental, st, "initialize_tpu_system", initialize);
    def(&experimental, st, "shutdown_tpu_system", shutdown);
    experimental.set("Topology", Value::Class(classes.tpu.topology.clone()));
    tpu.set("experimental", Value::Module(experimental.clone()));
    def(&tpu, st, "outside_compilation", outside_compilation);
    let resolver = module("tensorflow.distribute.cluster_resolver");
    resolver.set(
        "TPUClusterResolver",
        Value::Class(classes.tpu.resolver.clone()),
    );
    Ok((tpu, experimental, resolver))
}
