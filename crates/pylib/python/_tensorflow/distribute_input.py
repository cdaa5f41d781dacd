"""`tf.distribute.InputContext` (what `distribute_datasets_from_function` gives its
function) and the cross-device reduction choices `MirroredStrategy(cross_device_ops=...)`
takes. The playground models one all-reduce per device type (NCCL between GPUs, the
collective otherwise), so the choice is recorded, not acted on."""


class InputContext:
    """Which input pipeline a dataset function builds, out of how many, for how many
    replicas."""

    def __init__(self, num_input_pipelines=1, input_pipeline_id=0, num_replicas_in_sync=1):
        self._num_input_pipelines = num_input_pipelines
        self._input_pipeline_id = input_pipeline_id
        self._num_replicas_in_sync = num_replicas_in_sync

    @property
    def num_replicas_in_sync(self):
        return self._num_replicas_in_sync

    @property
    def input_pipeline_id(self):
        return self._input_pipeline_id

    @property
    def num_input_pipelines(self):
        return self._num_input_pipelines

    def get_per_replica_batch_size(self, global_batch_size):
        if global_batch_size % self._num_replicas_in_sync != 0:
            raise ValueError(
                f"The `global_batch_size` {global_batch_size} is not divisible by "
                f"`num_replicas_in_sync` {self._num_replicas_in_sync}")
        return global_batch_size // self._num_replicas_in_sync

    def __str__(self):
        return "tf.distribute.InputContext(input pipeline id {}, total: {})".format(
            self.input_pipeline_id, self.num_input_pipelines)


class CrossDeviceOps:
    """Base class of the cross-device reductions."""


class ReductionToOneDevice(CrossDeviceOps):
    def __init__(self, reduce_to_device=None, accumulation_fn=None):
        self.reduce_to_device = reduce_to_device
        self.accumulation_fn = accumulation_fn


class AllReduceCrossDeviceOps(CrossDeviceOps):
    def __init__(self, all_reduce_alg="nccl", num_packs=1):
        self._all_reduce_alg = all_reduce_alg
        self._num_packs = num_packs


class NcclAllReduce(AllReduceCrossDeviceOps):
    def __init__(self, num_packs=1):
        if num_packs < 0:
            raise ValueError(
                "NCCL all-reduce requires num_packs >= 0, but {} is specified".format(num_packs))
        super().__init__(all_reduce_alg="nccl", num_packs=num_packs)


class HierarchicalCopyAllReduce(AllReduceCrossDeviceOps):
    def __init__(self, num_packs=1):
        if num_packs <= 0:
            raise ValueError(
                "HierarchicalCopy requires num_packs > 0, but {} is specified".format(num_packs))
        super().__init__(all_reduce_alg="hierarchical_copy", num_packs=num_packs)
