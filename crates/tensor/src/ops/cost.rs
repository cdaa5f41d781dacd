//! Cost of one op for the timing model: floating-point operations and bytes moved.
//!
//! Estimates, not measurements: element-wise ops count one operation per output element
//! (transcendentals are counted separately), reductions one per input element, `MatMul` two
//! per multiply-add, data movement none. String elements count as 16 bytes.

use super::OpType;
use crate::dtype::DType;
use crate::shape::Shape;

/// What one execution of an op costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpCost {
    /// Arithmetic operations (adds, multiplies, comparisons).
    pub flops: u64,
    /// Transcendental evaluations (exp, log, tanh, sin, ...), which are slower per element.
    pub transcendentals: u64,
    /// Bytes read from inputs.
    pub bytes_read: u64,
    /// Bytes written to the output.
    pub bytes_written: u64,
}

/// Bytes a tensor of `dtype` and `shape` occupies (saturating).
pub fn tensor_bytes(dtype: DType, shape: &Shape) -> u64 {
    let elements = shape.num_elements().map_or(u64::MAX, |count| count as u64);
    elements.saturating_mul(dtype.size_in_bytes().unwrap_or(16) as u64)
}

impl OpCost {
    /// Estimates the cost of `op` reading `inputs` and writing `output` (dtype and shape).
    pub fn estimate(op: OpType, inputs: &[(DType, &Shape)], output: (DType, &Shape)) -> OpCost {
        let count = |shape: &Shape| shape.num_elements().map_or(u64::MAX, |n| n as u64);
        let output_elements = count(output.1);
        let input_elements: u64 = inputs
            .iter()
            .map(|(_, shape)| count(shape))
            .fold(0, u64::saturating_add);
        let bytes_read = inputs
            .iter()
            .map(|(dtype, shape)| tensor_bytes(*dtype, shape))
            .fold(0, u64::saturating_add);
        let bytes_written = tensor_bytes(output.0, output.1);
        let (flops, transcendentals) = match op {
            OpType::MatMul | OpType::BatchMatMulV2 => {
                // k = elements of `a` / (batch·m), with output = batch·m·n.
                let a_elements = inputs.first().map_or(0, |(_, shape)| count(shape));
                let n = output.1.dims().last().copied().unwrap_or(1).max(1) as u64;
                let rows = output_elements / n;
                let k = a_elements.checked_div(rows).unwrap_or(0);
                (output_elements.saturating_mul(k).saturating_mul(2), 0)
            }
            OpType::Conv2D => {
                // An implicit GEMM: every output element takes kh·kw·cin multiply-adds, and the
                // filter [kh, kw, cin, cout] has kh·kw·cin·cout elements.
                let filter = inputs.get(1).map_or(0, |(_, shape)| count(shape));
                let out_depth = output.1.dims().last().copied().unwrap_or(1).max(1) as u64;
                let depth = filter / out_depth;
                (output_elements.saturating_mul(depth).saturating_mul(2), 0)
            }
            OpType::Sum
            | OpType::Mean
            | OpType::Max
            | OpType::Min
            | OpType::Prod
            | OpType::Any
            | OpType::All
            | OpType::ArgMax
            | OpType::ArgMin => (input_elements, 0),
            OpType::Exp
            | OpType::Log
            | OpType::Sin
            | OpType::Cos
            | OpType::Tanh
            | OpType::Sigmoid
            | OpType::Sqrt
            | OpType::Pow => (output_elements, output_elements),
            OpType::Softmax => (output_elements.saturating_mul(3), output_elements),
            // One addition per element of every input but the first.
            OpType::AddN => (input_elements.saturating_sub(output_elements), 0),
            OpType::Reshape
            | OpType::Transpose
            | OpType::ConcatV2
            | OpType::Pack
            | OpType::ExpandDims
            | OpType::Squeeze
            | OpType::GatherV2
            | OpType::StridedSlice
            | OpType::StridedSliceGrad
            | OpType::Slice
            | OpType::BroadcastTo
            | OpType::Identity
            | OpType::Const
            | OpType::Fill
            | OpType::Pad
            | OpType::PadV2
            | OpType::MirrorPad
            | OpType::MatrixDiagV3
            | OpType::MatrixSetDiagV3
            | OpType::MatrixDiagPartV3
            | OpType::Cast => (0, 0),
            _ => (output_elements, 0),
        };
        OpCost {
            flops,
            transcendentals,
            bytes_read,
            bytes_written,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matmul_counts_two_flops_per_multiply_add() {
        let a = Shape::new(vec![8, 16]);
        let b = Shape::new(vec![16, 4]);
        let out = Shape::new(vec![8, 4]);
        let cost = OpCost::estimate(
            OpType::MatMul,
            &[(DType::Float32, &a), (DType::Float32, &b)],
            (DType::Float32, &out),
        );
        assert_eq!(cost.flops, 2 * 8 * 16 * 4);
        assert_eq!(cost.bytes_read, (8 * 16 + 16 * 4) * 4);
        assert_eq!(cost.bytes_written, 8 * 4 * 4);
    }

    #[test]
    fn conv2d_counts_two_flops_per_multiply_add_of_its_gemm() {
        let input = Shape::new(vec![2, 8, 8, 3]);
        let filter = Shape::new(vec![3, 3, 3, 16]);
        let out = Shape::new(vec![2, 8, 8, 16]);
        let cost = OpCost::estimate(
            OpType::Conv2D,
            &[(DType::Float32, &input), (DType::Float32, &filter)],
            (DType::Float32, &out),
        );
        assert_eq!(cost.flops, 2 * 2 * 8 * 8 * 3 * 3 * 3 * 16);
    }

    #[test]
    fn elementwise_and_movement() {
        let shape = Shape::new(vec![1000]);
        let add = OpCost::estimate(
            OpType::AddV2,
            &[(DType::Float32, &shape), (DType::Float32, &shape)],
            (DType::Float32, &shape),
        );
        assert_eq!(
            (add.flops, add.bytes_read, add.bytes_written),
            (1000, 8000, 4000)
        );
        let moved = OpCost::estimate(
            OpType::Transpose,
            &[(DType::Int8, &shape)],
            (DType::Int8, &shape),
        );
        assert_eq!(moved.flops, 0);
        let huge = Shape::new(vec![usize::MAX, 4]);
        let saturated = OpCost::estimate(
            OpType::Exp,
            &[(DType::Float32, &huge)],
            (DType::Float32, &huge),
        );
        assert_eq!(saturated.bytes_read, u64::MAX);
    }
}
