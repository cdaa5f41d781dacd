//! tf.data: dataset ops run on the host CPU (§7); the iterator hands elements to devices.

use super::OpDef;
use placer::kernels::Kernels;

/// A dataset op: CPU only, and colocated with the datasets it consumes.
const fn dataset(name: &'static str) -> OpDef {
    OpDef::compute(name).kernels(Kernels::CPU.dataset())
}

pub(super) const OPS: &[OpDef] = &[
    // §7 names the first three and says "..."; the rest are the common ones tf.data builds.
    dataset("TensorSliceDataset"),
    dataset("MapDataset"),
    dataset("BatchDatasetV2"),
    dataset("TensorDataset"),
    dataset("RangeDataset"),
    dataset("ParallelMapDatasetV2"),
    dataset("PrefetchDataset"),
    dataset("CacheDatasetV2"),
    dataset("ShuffleDatasetV3"),
    dataset("RepeatDataset"),
    dataset("TakeDataset"),
    dataset("ShardDataset"),
    dataset("OptionsDataset"),
    OpDef::compute("IteratorGetNext").kernels(Kernels::XLA_DEVICE),
];
