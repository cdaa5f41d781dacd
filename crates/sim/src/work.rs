//! The work of a recorded op, from its class (its definition's) and shapes alone.
//!
//! The simulator never looks at values: an op's FLOPs and bytes follow from its output shape
//! and dtype and its inputs' (the producers' outputs), as TensorFlow's grappler estimates
//! them (`op_level_cost_estimator.cc` [S38] A: 2 ops per multiply-add, element-wise ops one per
//! element, Reshape/Identity/Send/Recv/variables free).

use hardware::roofline::{Gemm, Work};
use report::{OpClass, OpReport};

/// Bytes per element of a TensorFlow dtype name (strings count 16, handles 0).
pub fn dtype_bytes(dtype: &str) -> u64 {
    match dtype {
        "float64" | "int64" | "uint64" | "complex64" => 8,
        "float32" | "int32" | "uint32" => 4,
        "float16" | "bfloat16" | "int16" | "uint16" => 2,
        "int8" | "uint8" | "bool" | "qint8" | "quint8" => 1,
        "complex128" => 16,
        "string" => 16,
        _ => 0,
    }
}

/// Elements of a shape (unknown dimensions count 1, as grappler does).
pub fn elements(shape: &[i64]) -> u64 {
    shape
        .iter()
        .map(|&dim| dim.max(1) as u64)
        .fold(1u64, u64::saturating_mul)
}

/// Bytes of an op's output.
pub fn output_bytes(op: &OpReport) -> u64 {
    if op.dtype.is_empty() {
        return 0;
    }
    elements(&op.shape).saturating_mul(dtype_bytes(&op.dtype))
}

/// Peak-equivalent FLOPs per scalar operation in the image resize kernels (not vectorised).
const RESIZE_SCALAR_PENALTY: u64 = 16;

/// The work of `op`, whose inputs' shapes are their producers' outputs in `ops`, counted as
/// its class says.
pub fn op_work(op: &OpReport, ops: &[OpReport]) -> Work {
    if matches!(op.class, OpClass::Free | OpClass::Call) {
        return Work::default();
    }
    let inputs: Vec<&OpReport> = op
        .inputs
        .iter()
        .filter_map(|&id| ops.get(id as usize))
        .collect();
    let bytes_read: u64 = inputs
        .iter()
        .map(|input| output_bytes(input))
        .fold(0, u64::saturating_add);
    let bytes = bytes_read.saturating_add(output_bytes(op));
    let out = elements(&op.shape);
    let first_input = || inputs.first().map_or(out, |input| elements(&input.shape));
    let flops = |flops: u64| Work {
        flops,
        bytes,
        gemm: None,
    };
    let gemm = |gemm: Gemm| Work {
        flops: gemm_flops(gemm),
        bytes,
        gemm: Some(gemm),
    };
    match op.class {
        OpClass::MatMul => gemm(matmul_gemm(op, inputs.first().copied())),
        OpClass::Conv2D => {
            // Output NHWC; filter [kh, kw, cin, cout]: an im2col GEMM of
            // (N·H·W) × (kh·kw·cin) by (kh·kw·cin) × cout.
            let filter = inputs.get(1).map_or(1, |f| elements(&f.shape));
            let cout = op.shape.last().copied().unwrap_or(1).max(1) as u64;
            gemm(Gemm {
                batch: 1,
                m: out / cout,
                k: filter / cout,
                n: cout,
            })
        }
        // The gradients are GEMMs of the same size as the forward convolution's, over the
        // output gradient's positions: (N·Ho·Wo) × cout by cout × K for the input's (then
        // Col2im), K × (N·Ho·Wo) by (N·Ho·Wo) × cout for the filter's, where the filter has
        // K·cout elements (K = kh·kw·cin per group).
        OpClass::ConvBackpropInput | OpClass::ConvBackpropFilter => {
            let input_gradient = op.class == OpClass::ConvBackpropInput;
            let filter = if input_gradient {
                inputs.get(1).map_or(1, |filter| elements(&filter.shape))
            } else {
                out
            };
            let Some(out_backprop) = inputs.get(2) else {
                return flops(out);
            };
            let cout = out_backprop.shape.last().copied().unwrap_or(1).max(1) as u64;
            let positions = elements(&out_backprop.shape) / cout;
            let k = (filter / cout).max(1);
            gemm(if input_gradient {
                Gemm {
                    batch: 1,
                    m: positions,
                    k: cout,
                    n: k,
                }
            } else {
                Gemm {
                    batch: 1,
                    m: k,
                    k: positions,
                    n: cout,
                }
            })
        }
        // TensorFlow's CPU resize kernels are scalar loops: per output value about 8
        // operations (bilinear; 1 for nearest), at roughly 1/16 of an AVX2 FMA peak ⚠ D, so
        // each counts 16 peak-equivalent FLOPs.
        OpClass::Resize { per_value } => {
            flops(out.saturating_mul(per_value * RESIZE_SCALAR_PENALTY))
        }
        // Each output compares or adds its window: about one operation per input read
        // (windows overlap little at the usual stride = window size).
        OpClass::Pool => flops(first_input().max(out)),
        OpClass::AddN => {
            // One addition per element of every input but the first.
            let read: u64 = inputs
                .iter()
                .map(|input| elements(&input.shape))
                .fold(0, u64::saturating_add);
            flops(read.saturating_sub(out))
        }
        OpClass::Reduction => flops(first_input()),
        // Special-function units run at a fraction of the FMA rate: 8 FLOPs ⚠ D.
        OpClass::Transcendental => flops(out.saturating_mul(8)),
        OpClass::Elementwise
        | OpClass::Assign
        | OpClass::AllReduce
        | OpClass::Free
        | OpClass::Call => flops(out),
    }
}

/// `batch` GEMMs of `m × k` by `k × n` from the output shape and the left operand.
fn matmul_gemm(op: &OpReport, left: Option<&OpReport>) -> Gemm {
    let out = elements(&op.shape);
    let n = op.shape.last().copied().unwrap_or(1).max(1) as u64;
    let m = if op.shape.len() >= 2 {
        op.shape[op.shape.len() - 2].max(1) as u64
    } else {
        1
    };
    let batch = (out / n.saturating_mul(m).max(1)).max(1);
    let left_elements = left.map_or(m, |l| elements(&l.shape));
    let k = (left_elements / batch.saturating_mul(m).max(1)).max(1);
    Gemm { batch, m, k, n }
}

fn gemm_flops(gemm: Gemm) -> u64 {
    2u64.saturating_mul(gemm.batch)
        .saturating_mul(gemm.m)
        .saturating_mul(gemm.k)
        .saturating_mul(gemm.n)
}
