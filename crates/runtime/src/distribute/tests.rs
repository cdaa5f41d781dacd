//! Strategies, mirrored variables, reductions and the TPU lifecycle at the runtime level,
//! without the interpreter. Expected values are those the Python-level cases
//! (`tests/conformance/local/l6_*`) recorded from TensorFlow, or tf-semantics.md's texts.

use super::tpu::ResolveError;
use super::*;
use crate::api::{Handle, Operand};
use hardware::topology;
use tensor::Tensor;

const CPU0: &str = "/job:localhost/replica:0/task:0/device:CPU:0";
const CPU1: &str = "/job:localhost/replica:0/task:0/device:CPU:1";

/// A `cpu` run split into two logical CPUs, with a MirroredStrategy over them.
fn mirrored() -> (Context, StrategyId) {
    let mut ctx = Context::new(&topology::preset("cpu").unwrap());
    ctx.machine
        .set_logical_cpu_count("/physical_device:CPU:0", 2)
        .unwrap();
    let devices = vec![
        ctx.strategy_device("/cpu:0").unwrap(),
        ctx.strategy_device("/cpu:1").unwrap(),
    ];
    let host = ctx.current_host_device();
    let id = ctx
        .create_strategy(StrategyKind::Mirrored, devices, host)
        .unwrap();
    (ctx, id)
}

fn scalar(ctx: &mut Context, variable: VariableId) -> f32 {
    match ctx.read_variable(variable).unwrap() {
        Handle::Eager(tensor) => tensor.tensor().unwrap().as_slice::<f32>().unwrap()[0],
        Handle::Symbolic(_) => panic!("eager read expected"),
    }
}

fn values(ctx: &mut Context, id: DistributedVariableId) -> Vec<f32> {
    let components = ctx.distributed_variable(id).unwrap().components.clone();
    components.into_iter().map(|c| scalar(ctx, c)).collect()
}

#[test]
fn mirrored_variables_have_one_named_component_per_device() {
    let (mut ctx, strategy) = mirrored();
    let id = ctx
        .create_distributed_variable(
            strategy,
            Operand::Literal(Tensor::scalar(1.0f32)),
            None,
            true,
            None,
            Aggregation::None,
        )
        .unwrap();
    let components = ctx.distributed_variable(id).unwrap().components.clone();
    let names: Vec<String> = components
        .iter()
        .map(|c| ctx.variable(*c).unwrap().name.clone())
        .collect();
    assert_eq!(names, ["Variable:0", "Variable/replica_1:0"]);
    let devices: Vec<String> = components
        .iter()
        .map(|c| {
            let handle = ctx.variable(*c).unwrap().handle.clone();
            ctx.handle_device(&handle).unwrap()
        })
        .collect();
    assert_eq!(devices, [CPU0, CPU1]);
    // Cross-replica assignment writes every copy.
    ctx.assign_distributed(
        id,
        crate::op_defs::AssignVariable::kind(crate::op_defs::Update::Set),
        Operand::Literal(Tensor::scalar(5.0f32)),
    )
    .unwrap();
    assert_eq!(values(&mut ctx, id), [5.0, 5.0]);
}

#[test]
fn replica_updates_follow_the_aggregation() {
    // Case l6_03: NONE updates the replica's copy; SUM, MEAN and ONLY_FIRST_REPLICA
    // combine the replicas' values (1 and 2) and write every copy.
    let (mut ctx, strategy) = mirrored();
    let mut variables = Vec::new();
    for aggregation in [
        Aggregation::None,
        Aggregation::Sum,
        Aggregation::Mean,
        Aggregation::OnlyFirstReplica,
    ] {
        let id = ctx
            .create_distributed_variable(
                strategy,
                Operand::Literal(Tensor::scalar(0.0f32)),
                None,
                true,
                None,
                aggregation,
            )
            .unwrap();
        variables.push(id);
    }
    for replica in 0..2 {
        ctx.enter_replica(strategy, replica, false).unwrap();
        for &id in &variables {
            let delta = Tensor::scalar(replica as f32 + 1.0);
            ctx.assign_distributed(
                id,
                crate::op_defs::AssignVariable::kind(crate::op_defs::Update::Add),
                Operand::Literal(delta),
            )
            .unwrap();
        }
        ctx.exit_replica().unwrap();
    }
    let all: Vec<Vec<f32>> = variables.iter().map(|id| values(&mut ctx, *id)).collect();
    assert_eq!(
        all,
        [
            vec![1.0, 2.0],
            vec![3.0, 3.0],
            vec![1.5, 1.5],
            vec![1.0, 1.0]
        ]
    );
}

#[test]
fn mean_of_an_integer_mirrored_variable_is_refused() {
    let (mut ctx, strategy) = mirrored();
    let error = ctx
        .create_distributed_variable(
            strategy,
            Operand::Literal(Tensor::scalar(0i32)),
            None,
            true,
            None,
            Aggregation::Mean,
        )
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "ValueError: creating distributed tf.Variable with aggregation=MEAN and a non-floating dtype is not supported, please use a different aggregation or dtype"
    );
}

#[test]
fn reductions_sum_and_average_across_replicas_and_axes() {
    let (mut ctx, _) = mirrored();
    let mut per_replica = Vec::new();
    for device in [CPU0, CPU1] {
        ctx.push_device_scope(Some(device)).unwrap();
        let handle = ctx
            .constant(
                Tensor::from_vec(vec![3].into(), vec![1.0f32, 2.0, 3.0]).unwrap(),
                None,
            )
            .unwrap();
        ctx.pop_device_scope().unwrap();
        per_replica.push((handle, device.to_string()));
    }
    let reduce = |ctx: &mut Context, reduction, axis: Option<Vec<i64>>| {
        let handle = ctx
            .reduce_across_replicas(reduction, per_replica.clone(), axis, CPU0)
            .unwrap();
        match handle {
            Handle::Eager(tensor) => tensor.tensor().unwrap().as_slice::<f32>().unwrap().to_vec(),
            Handle::Symbolic(_) => panic!("eager expected"),
        }
    };
    // Case l6_02's figures: SUM keeps the shape, MEAN with an axis divides by every element.
    assert_eq!(
        reduce(&mut ctx, ReplicaReduction::Sum, None),
        [2.0, 4.0, 6.0]
    );
    assert_eq!(
        reduce(&mut ctx, ReplicaReduction::Sum, Some(vec![0])),
        [12.0]
    );
    assert_eq!(
        reduce(&mut ctx, ReplicaReduction::Mean, Some(vec![0])),
        [2.0]
    );
    assert_eq!(
        ReplicaReduction::Mean
            .combine(&[Tensor::scalar(1.0f32), Tensor::scalar(2.0f32)])
            .unwrap()
            .as_slice::<f32>()
            .unwrap(),
        [1.5]
    );
}

#[test]
fn mixing_strategies_is_refused_and_scopes_nest() {
    let (mut ctx, first) = mirrored();
    let host = ctx.current_host_device();
    let second = ctx
        .create_strategy(StrategyKind::OneDevice, vec![CPU1.into()], host)
        .unwrap();
    ctx.enter_strategy_scope(first).unwrap();
    ctx.enter_strategy_scope(first).unwrap();
    assert_eq!(ctx.enter_strategy_scope(second), Err(first));
    ctx.exit_strategy_scope();
    ctx.exit_strategy_scope();
    assert_eq!(ctx.current_strategy(), None);
    assert_eq!(ctx.enter_strategy_scope(second), Ok(()));
}

#[test]
fn resolvers_follow_each_machines_environment() {
    let cpu = Context::new(&topology::preset("cpu").unwrap());
    assert_eq!(
        cpu.distribute.tpu.resolve(Some("")),
        Err(ResolveError::Tf(TfError::value_error(
            "Please provide a TPU Name to connect to."
        )))
    );
    assert!(matches!(
        cpu.distribute.tpu.resolve(Some("my-tpu")),
        Err(ResolveError::Url(_))
    ));
    let colab = Context::new(&topology::preset("colab-tpu-v2-8").unwrap());
    let found = colab.distribute.tpu.resolve(None).unwrap();
    assert_eq!(found.master, "grpc://10.0.0.2:8470");
    let vm = Context::new(&topology::preset("tpu-v4-32").unwrap());
    assert_eq!(vm.distribute.tpu.resolve(None).unwrap().name, "local");
}

#[test]
fn connecting_then_initialising_brings_the_cores_up() {
    let mut ctx = Context::new(&topology::preset("colab-tpu-v2-8").unwrap());
    let resolution = ctx.distribute.tpu.resolve(None).unwrap();
    assert!(ctx
        .devices()
        .unwrap()
        .find_by_name("/job:worker/replica:0/task:0/device:TPU:0")
        .is_none());
    assert_eq!(ctx.tpu_strategy_devices().unwrap(), None);
    assert!(ctx.take_log()[0]
        .starts_with("INFO:tensorflow:Failed to find TPU: _TPUSystemMetadata(num_cores=0"));
    ctx.connect_to_cluster(&resolution).unwrap();
    assert_eq!(ctx.current_host_device(), tpu::MASTER_DEVICE);
    let core = "/job:worker/replica:0/task:0/device:TPU:5";
    assert!(ctx.devices().unwrap().find_by_name(core).is_some());
    assert_eq!(
        ctx.distribute
            .tpu
            .check_ready(core)
            .unwrap_err()
            .to_string(),
        "FailedPreconditionError: The TPU system has not been initialized."
    );
    let topology = ctx.initialize_tpu_system(&resolution).unwrap();
    assert_eq!(topology.mesh_shape, [2, 2, 1, 2]);
    assert_eq!((topology.num_tasks, topology.num_tpus_per_task), (1, 8));
    assert!(ctx.distribute.tpu.check_ready(core).is_ok());
    let cores = ctx.tpu_strategy_devices().unwrap().unwrap();
    assert_eq!(cores.len(), 8);
    let log = ctx.take_log();
    assert_eq!(
        log[..4],
        [
            "INFO:absl:Entering into master device scope: /job:worker/replica:0/task:0/device:CPU:0",
            "INFO:tensorflow:Deallocate tpu buffers before initializing tpu system.",
            "INFO:tensorflow:Initializing the TPU system: grpc://10.0.0.2:8470",
            "INFO:tensorflow:Finished initializing TPU system.",
        ]
    );
}

/// `strategy.run` traced into a function, replica after replica: the `k`-th all-reduce of
/// each replica is one instance, run together when the function runs, so every replica
/// gets the sum although replica 1 was traced after replica 0's all-reduce.
#[test]
fn all_reduces_of_replicas_traced_in_turn_run_together() {
    let (mut ctx, strategy) = mirrored();
    ctx.begin_trace("train_step", &[], false).unwrap();
    let mut outputs = Vec::new();
    for replica in 0..2 {
        ctx.enter_replica(strategy, replica, false).unwrap();
        let own = ctx
            .constant(Tensor::scalar(replica as f32 + 1.0), None)
            .unwrap();
        let summed = ctx
            .all_reduce(strategy, ReplicaReduction::Sum, Operand::Handle(own))
            .unwrap();
        let doubled = ctx
            .binary(
                tensor::ops::BinaryOp::Mul,
                Operand::Handle(summed),
                Operand::Literal(Tensor::scalar(2.0f32)),
                None,
            )
            .unwrap();
        outputs.push(doubled);
        ctx.exit_replica().unwrap();
    }
    ctx.end_collective_trace().unwrap();
    let function = ctx.end_trace(&outputs).unwrap();
    let body = ctx.concrete_function(function).unwrap().clone();
    let steps = collective::execution_order(&body.graph, &body.arguments).unwrap();
    let groups: Vec<&collective::Step> = steps
        .iter()
        .filter(|step| matches!(step, collective::Step::AllReduce(_)))
        .collect();
    assert_eq!(groups.len(), 1);
    assert_eq!(groups[0].operations().len(), 2);
    let results = ctx.call_function(function, &[]).unwrap();
    let values: Vec<f32> = results
        .iter()
        .map(|tensor| tensor.tensor().unwrap().as_slice::<f32>().unwrap()[0])
        .collect();
    assert_eq!(values, [6.0, 6.0]);
    let devices: Vec<&str> = ctx
        .recorder
        .ops
        .iter()
        .filter(|op| op.op_type == "CollectiveReduceV2")
        .map(|op| op.device.as_str())
        .collect();
    assert_eq!(devices, [CPU0, CPU1]);
}

/// Replicas that make different all-reduces would wait for each other forever.
#[test]
fn replicas_with_unmatched_all_reduces_are_an_error() {
    let (mut ctx, strategy) = mirrored();
    ctx.begin_trace("train_step", &[], false).unwrap();
    ctx.enter_replica(strategy, 0, false).unwrap();
    let own = ctx.constant(Tensor::scalar(1.0f32), None).unwrap();
    ctx.all_reduce(strategy, ReplicaReduction::Sum, Operand::Handle(own))
        .unwrap();
    ctx.exit_replica().unwrap();
    ctx.enter_replica(strategy, 1, false).unwrap();
    ctx.exit_replica().unwrap();
    let error = ctx.end_collective_trace().unwrap_err();
    assert!(error.message.contains("every replica must take part"));
    ctx.abort_trace();
}

/// A Keras variable made in the scope stands for its mirrored variable: a replica reads
/// its own copy, and an update outside `strategy.run` writes every copy.
#[test]
fn an_alias_reads_the_replica_copy_and_updates_every_copy() {
    let (mut ctx, strategy) = mirrored();
    let id = ctx
        .create_distributed_variable(
            strategy,
            Operand::Literal(Tensor::scalar(1.0f32)),
            Some("kernel"),
            true,
            None,
            Aggregation::None,
        )
        .unwrap();
    let alias = ctx.alias_mirrored_variable(id).unwrap();
    ctx.assign_variable(
        alias,
        crate::op_defs::AssignVariable::kind(crate::op_defs::Update::Set),
        Operand::Literal(Tensor::scalar(3.0f32)),
    )
    .unwrap();
    assert_eq!(values(&mut ctx, id), [3.0, 3.0]);
    ctx.enter_replica(strategy, 1, false).unwrap();
    let Handle::Eager(read) = ctx.read_variable(alias).unwrap() else {
        panic!("eager read expected");
    };
    ctx.exit_replica().unwrap();
    assert_eq!(read.device_name, CPU1);
}
