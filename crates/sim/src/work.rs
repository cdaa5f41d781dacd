//! The work of a recorded op, from its type and shapes alone.
//!
//! The simulator never looks at values: an op's FLOPs and bytes follow from its output shape
//! and dtype and its inputs' (the producers' outputs), as TensorFlow's grappler estimates
//! them (`op_level_cost_estimator.cc` [S38] A: 2 ops per multiply-add, element-wise ops one per
//! element, Reshape/Identity/Send/Recv/variables free).

use hardware::roofline::{Gemm, Work};
use report::OpReport;

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

/// Ops that only relabel or hand over buffers: no kernel work.
fn is_free(op_type: &str) -> bool {
    matches!(
        op_type,
        "Const"
            | "Identity"
            | "Reshape"
            | "ExpandDims"
            | "Squeeze"
            | "Placeholder"
            | "NoOp"
            | "VarHandleOp"
            | "VariableV2"
            | "ReadVariableOp"
            | "_Send"
            | "_Recv"
            | "Shape"
            | "Rank"
            | "Size"
    ) || op_type.starts_with("__inference_")
}

/// Element-wise ops that evaluate a transcendental per element (counted as 8 FLOPs ⚠ D:
/// special-function units run at a fraction of the FMA rate).
fn is_transcendental(op_type: &str) -> bool {
    matches!(
        op_type,
        "Exp"
            | "Log"
            | "Sin"
            | "Cos"
            | "Tanh"
            | "Sigmoid"
            | "Sqrt"
            | "Pow"
            | "Softmax"
            | "Rsqrt"
            | "Log1p"
            | "Expm1"
            | "Tan"
            | "Softplus"
            | "Atan"
            | "Asin"
            | "Acos"
            | "Sinh"
            | "Cosh"
    )
}

fn is_reduction(op_type: &str) -> bool {
    matches!(
        op_type,
        "Sum" | "Mean" | "Max" | "Min" | "Prod" | "Any" | "All" | "ArgMax" | "ArgMin"
    )
}

/// Peak-equivalent FLOPs per scalar operation in the image resize kernels (not vectorised).
const RESIZE_SCALAR_PENALTY: u64 = 16;

/// The work of `op`, whose inputs' shapes are their producers' outputs in `ops`.
pub fn op_work(op: &OpReport, ops: &[OpReport]) -> Work {
    if is_free(&op.op_type) {
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
    match op.op_type.as_str() {
        "MatMul" | "BatchMatMulV2" | "BatchMatMul" => {
            let gemm = matmul_gemm(op, inputs.first().copied());
            Work {
                flops: gemm_flops(gemm),
                bytes,
                gemm: Some(gemm),
            }
        }
        "Conv2D" => {
            // Output NHWC; filter [kh, kw, cin, cout]: an im2col GEMM of
            // (N·H·W) × (kh·kw·cin) by (kh·kw·cin) × cout.
            let filter = inputs.get(1).map_or(1, |f| elements(&f.shape));
            let cout = op.shape.last().copied().unwrap_or(1).max(1) as u64;
            let gemm = Gemm {
                batch: 1,
                m: out / cout,
                k: filter / cout,
                n: cout,
            };
            Work {
                flops: gemm_flops(gemm),
                bytes,
                gemm: Some(gemm),
            }
        }
        "ResizeBilinear" | "ResizeNearestNeighbor" => {
            // TensorFlow's CPU resize kernels are scalar loops: per output value about 8
            // operations (bilinear; 1 for nearest), at roughly 1/16 of an AVX2 FMA peak
            // ⚠ D, so each counts 16 peak-equivalent FLOPs.
            let per_value = if op.op_type == "ResizeBilinear" { 8 } else { 1 };
            Work {
                flops: out.saturating_mul(per_value * RESIZE_SCALAR_PENALTY),
                bytes,
                gemm: None,
            }
        }
        "MaxPool" | "AvgPool" => {
            // Each output compares or adds its window: about one operation per input read
            // (windows overlap little at the usual stride = window size).
            let first = inputs.first().map_or(out, |input| elements(&input.shape));
            Work {
                flops: first.max(out),
                bytes,
                gemm: None,
            }
        }
        "AddN" => {
            // One addition per element of every input but the first.
            let read: u64 = inputs
                .iter()
                .map(|input| elements(&input.shape))
                .fold(0, u64::saturating_add);
            Work {
                flops: read.saturating_sub(out),
                bytes,
                gemm: None,
            }
        }
        kind if is_reduction(kind) => {
            let first = inputs.first().map_or(out, |input| elements(&input.shape));
            Work {
                flops: first,
                bytes,
                gemm: None,
            }
        }
        kind if is_transcendental(kind) => Work {
            flops: out.saturating_mul(8),
            bytes,
            gemm: None,
        },
        _ => Work {
            flops: out,
            bytes,
            gemm: None,
        },
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
