//! Array ops: constants, shapes, reshaping, slicing, joining and splitting, gathering.

use super::{HostMemoryInputs, OpDef};
use placer::kernels::{GpuKernel, Kernels};
use report::OpClass;

/// An op that only relabels or hands over its input's buffer.
const fn free(name: &'static str) -> OpDef {
    OpDef::compute(name).class(OpClass::Free)
}

/// The shape ops: metadata (placed with their input, Heuristic B), output in host memory on
/// GPU (§7 notes).
const SHAPE_OP: Kernels = Kernels::EVERYWHERE
    .with_gpu(GpuKernel::NUMERIC.host_memory(&["output"]))
    .metadata();

pub(super) const OPS: &[OpDef] = &[
    free("Const"),
    free("Identity").kernels(Kernels::EVERYWHERE.colocation_exempt()),
    free("IdentityN").kernels(Kernels::EVERYWHERE.colocation_exempt()),
    OpDef::compute("StopGradient"),
    free("Reshape")
        .host_memory(&[1])
        .kernels(Kernels::EVERYWHERE.with_gpu(GpuKernel::NUMERIC.host_memory(&["shape"]))),
    OpDef::compute("Transpose").host_memory(&[1]),
    OpDef {
        host_memory_inputs: HostMemoryInputs::Last,
        ..OpDef::compute("ConcatV2")
    },
    OpDef::compute("Pack"),
    // split_dim; size_splits and split_dim.
    OpDef::compute("Split").host_memory(&[0]),
    OpDef::compute("SplitV").host_memory(&[1, 2]),
    OpDef::compute("Unpack"),
    free("Shape").kernels(SHAPE_OP),
    OpDef::compute("ShapeN").kernels(SHAPE_OP),
    free("Size").kernels(SHAPE_OP),
    free("Rank").kernels(SHAPE_OP),
    OpDef::compute("ZerosLike"),
    OpDef::compute("OnesLike"),
    OpDef::compute("GatherV2").host_memory(&[2]),
    OpDef::compute("BroadcastTo").host_memory(&[1]),
    OpDef::compute("Slice").host_memory(&[1, 2, 3]),
    OpDef::compute("StridedSlice").host_memory(&[1, 2, 3]),
    OpDef::compute("StridedSliceGrad").host_memory(&[0, 1, 2, 3]),
    // tf.pad: kernels on CPU and GPU, and XLA lowerings (tf2xla `REGISTER_XLA_OP`).
    OpDef::compute("Pad").host_memory(&[1]),
    OpDef::compute("PadV2").host_memory(&[1]),
    OpDef::compute("MirrorPad").host_memory(&[1]),
    // tf.eye: kernels on CPU and GPU, and XLA lowerings (tf2xla matrix_diag_ops.cc).
    // k, num_rows, num_cols, padding_value; k; k, padding_value.
    OpDef::compute("MatrixDiagV3").host_memory(&[1, 2, 3, 4]),
    OpDef::compute("MatrixSetDiagV3").host_memory(&[2]),
    OpDef::compute("MatrixDiagPartV3").host_memory(&[1, 2]),
];
