//! Strategies: which devices the replicas of a `tf.distribute.Strategy` run on (§5.1).
//!
//! `MirroredStrategy` takes the devices it is given (or every GPU, or the CPU),
//! `OneDeviceStrategy` one device, `TPUStrategy` every TPU core of the connected cluster,
//! and the default strategy the current device.

use crate::context::Context;
use crate::error::{TfError, TfResult};
use placer::device::set::LOCAL_HOST_CPU;
use placer::device::spec::eager_scope_name;

/// Index of a strategy in the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StrategyId(pub u32);

/// Which `tf.distribute` class a strategy is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrategyKind {
    /// `tf.distribute.get_strategy()` outside any scope.
    Default,
    /// `tf.distribute.OneDeviceStrategy`.
    OneDevice,
    /// `tf.distribute.MirroredStrategy`.
    Mirrored,
    /// `tf.distribute.MultiWorkerMirroredStrategy` (TensorFlow's
    /// `CollectiveAllReduceStrategy`) on one worker: mirrored over the local devices,
    /// all-reduced with collective ops.
    MultiWorkerMirrored,
    /// `tf.distribute.TPUStrategy`.
    Tpu,
}

impl StrategyKind {
    /// The Python class and module its objects print with.
    pub fn python_class(self) -> (&'static str, &'static str) {
        match self {
            StrategyKind::Default => (
                "_DefaultDistributionStrategy",
                "tensorflow.python.distribute.distribute_lib",
            ),
            StrategyKind::OneDevice => (
                "OneDeviceStrategy",
                "tensorflow.python.distribute.one_device_strategy",
            ),
            StrategyKind::Mirrored => (
                "MirroredStrategy",
                "tensorflow.python.distribute.mirrored_strategy",
            ),
            StrategyKind::MultiWorkerMirrored => (
                "CollectiveAllReduceStrategy",
                "tensorflow.python.distribute.collective_all_reduce_strategy",
            ),
            StrategyKind::Tpu => ("TPUStrategyV2", "tensorflow.python.distribute.tpu_strategy"),
        }
    }

    /// Whether variables created in its scope are mirrored (one component per replica).
    pub fn mirrors_variables(self) -> bool {
        matches!(
            self,
            StrategyKind::Mirrored | StrategyKind::MultiWorkerMirrored | StrategyKind::Tpu
        )
    }
}

/// One strategy object's devices.
#[derive(Clone, Debug, PartialEq)]
pub struct Strategy {
    /// Its class.
    pub kind: StrategyKind,
    /// Replica `i` runs on `devices[i]` (full names).
    pub devices: Vec<String>,
    /// Where reductions and cross-replica results go: the client's CPU, or the first TPU
    /// host's CPU.
    pub host_device: String,
}

impl Strategy {
    /// `strategy.num_replicas_in_sync`.
    pub fn num_replicas(&self) -> usize {
        self.devices.len()
    }

    /// The op type of an all-reduce between its replicas: XLA's `CrossReplicaSum` in a TPU
    /// program, NCCL's between a `MirroredStrategy`'s GPUs, the collective op otherwise
    /// (a `MultiWorkerMirroredStrategy` runs NCCL inside `CollectiveReduceV2`).
    pub fn all_reduce_op_type(&self) -> &'static str {
        if self.kind == StrategyKind::Tpu {
            "CrossReplicaSum"
        } else if self.kind == StrategyKind::Mirrored
            && self
                .devices
                .iter()
                .all(|device| device.contains("/device:GPU:"))
        {
            "NcclAllReduce"
        } else {
            "CollectiveReduceV2"
        }
    }
}

impl Context {
    /// The full name of the device a strategy argument (`'/cpu:1'`, `'GPU:0'`) names. A
    /// device the machine lacks is kept, as TensorFlow keeps it: soft placement runs its
    /// replica's ops on the CPU.
    pub fn strategy_device(&mut self, spec: &str) -> TfResult<String> {
        let full = eager_scope_name("", Some(spec), LOCAL_HOST_CPU, &[])
            .map_err(|error| TfError::value_error(error.to_string()))?;
        let devices = self.devices()?;
        Ok(match devices.find_by_name(&full) {
            Some(id) => devices.device(id).name.clone(),
            None => full,
        })
    }

    /// `MirroredStrategy()`'s default devices: every GPU, or every logical CPU of the client
    /// if there is none.
    pub fn default_mirrored_devices(&mut self) -> TfResult<Vec<String>> {
        let devices = self.devices()?;
        let gpus: Vec<String> = devices
            .devices()
            .iter()
            .filter(|device| {
                device.device_type == "GPU" && device.parsed.job.as_deref() == Some("localhost")
            })
            .map(|device| device.name.clone())
            .collect();
        if !gpus.is_empty() {
            return Ok(gpus);
        }
        // Every logical CPU of the client (two after `set_logical_device_configuration` with
        // two configurations, checked with the oracle).
        let cpus: Vec<String> = devices
            .devices()
            .iter()
            .filter(|device| {
                device.device_type == "CPU" && device.parsed.job.as_deref() == Some("localhost")
            })
            .map(|device| device.name.clone())
            .collect();
        if !cpus.is_empty() {
            return Ok(cpus);
        }
        Ok(vec![LOCAL_HOST_CPU.to_string()])
    }

    /// `MultiWorkerMirroredStrategy()`'s devices on one worker: every local GPU, else the
    /// first CPU only (`CollectiveAllReduceExtended._initialize_local` ignores logical
    /// CPUs, checked with the oracle).
    pub fn default_multi_worker_devices(&mut self) -> TfResult<Vec<String>> {
        let devices = self.default_mirrored_devices()?;
        if devices.iter().any(|device| device.contains("/device:GPU:")) {
            Ok(devices)
        } else {
            Ok(vec![LOCAL_HOST_CPU.to_string()])
        }
    }

    /// The device an unpinned eager op runs on: the master device after
    /// `experimental_connect_to_cluster`, else the client's CPU.
    pub fn current_host_device(&self) -> String {
        let scope = self.eager_scope_device();
        if scope.is_empty() {
            LOCAL_HOST_CPU.to_string()
        } else {
            match scope.rsplit_once("/device:") {
                Some((address, _)) => format!("{address}/device:CPU:0"),
                None => LOCAL_HOST_CPU.to_string(),
            }
        }
    }
}
