//! `tf.matmul`: `MatMul` for two rank-2 operands (or ranks ≤ 2, which `MatMul` rejects with
//! its own texts) and `BatchMatMulV2` with broadcast batch dimensions otherwise, each with
//! `transpose_a` / `transpose_b`.
//!
//! Products above the work budget ([`crate::limits`]) are refused with an error that
//! says so. float32 accumulates in f32 in `k` order, fused or not as TensorFlow's CPU kernel
//! does for the shape (`cpu_summation`); float16/bfloat16 accumulate in f32 and round the
//! result; integers wrap.

use super::gemm::Summation;
use super::support::{check_allowed, expect_dtype, internal, BroadcastIndices};
use super::OpType;
use crate::dtype::DType;
use crate::error::{ErrorClass, OpError, OpResult};
use crate::limits;
use crate::shape::Shape;
use crate::tensor::{Tensor, TensorData};

/// `tf.matmul`'s transpose flags, and which op it builds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatMulOptions {
    /// Use the transpose of the last two dimensions of `a` (`BatchMatMulV2`'s `adj_x`).
    pub transpose_a: bool,
    /// Use the transpose of the last two dimensions of `b` (`adj_y`).
    pub transpose_b: bool,
    /// `BatchMatMulV2` instead of `MatMul`: TensorFlow's Python `matmul` builds it when an
    /// input's static rank is unknown, 0 or above 2. Inputs of rank above 2 always run
    /// as `BatchMatMulV2`.
    pub batched: bool,
}

impl MatMulOptions {
    /// Whether inputs of statically known ranks (`None`: unknown) make `tf.matmul` build
    /// `BatchMatMulV2` (`a_shape = a._shape_tuple(); if not a_shape or len(a_shape) > 2`).
    pub fn batched_for_ranks(a: Option<usize>, b: Option<usize>) -> bool {
        let batched = |rank: Option<usize>| rank.is_none_or(|rank| rank == 0 || rank > 2);
        batched(a) || batched(b)
    }
}

/// The CPU `NotFoundError` for `MatMul` on uint8 (registered in the op, no CPU kernel).
const MATMUL_UINT8_NOT_FOUND: &str = "Could not find device for node: {{node MatMul}} = \
MatMul[T=DT_UINT8, grad_a=false, grad_b=false, transpose_a=false, transpose_b=false]
All kernels registered for op MatMul:
  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_COMPLEX64, DT_INT64, DT_BFLOAT16, DT_COMPLEX128, DT_HALF]
  device='CPU'; T in [DT_INT64]
  device='CPU'; T in [DT_INT32]
  device='CPU'; T in [DT_INT16]
  device='CPU'; T in [DT_DOUBLE]
  device='CPU'; T in [DT_FLOAT]
  device='CPU'; T in [DT_BFLOAT16]
  device='CPU'; T in [DT_HALF]
  device='CPU'; T in [DT_COMPLEX128]
  device='CPU'; T in [DT_COMPLEX64]
";

/// How a device's matrix unit computes a floating-point product.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MatMulArithmetic {
    /// CPUs and GPUs: each output sums its products in `k` order in the operand type.
    #[default]
    Sequential,
    /// A TPU's MXU at TensorFlow's DEFAULT precision: float inputs rounded to bfloat16,
    /// products summed in float32 one `tile`-deep slice of `k` at a time
    /// ([`super::mxu`]).
    Mxu {
        /// The systolic array's side: 128, or 256 on v6e.
        tile: usize,
    },
}

/// Multiplies `a` by `b` as `tf.matmul(a, b, transpose_a, transpose_b)` does on a CPU.
pub fn matmul(a: &Tensor, b: &Tensor, options: MatMulOptions) -> OpResult<Tensor> {
    matmul_on(a, b, options, MatMulArithmetic::Sequential)
}

/// Multiplies `a` by `b` with the arithmetic of the device the op runs on.
pub fn matmul_on(
    a: &Tensor,
    b: &Tensor,
    options: MatMulOptions,
    arithmetic: MatMulArithmetic,
) -> OpResult<Tensor> {
    let batched = options.batched || a.rank() > 2 || b.rank() > 2;
    let op = if batched {
        OpType::BatchMatMulV2
    } else {
        OpType::MatMul
    };
    expect_dtype(op, 1, a.dtype(), b.dtype())?;
    check_allowed(op, a.dtype())?;
    if a.dtype() == DType::UInt8 {
        let error = OpError::dispatch(ErrorClass::NotFound, op, MATMUL_UINT8_NOT_FOUND);
        return Err(if batched {
            OpError::dispatch(
                ErrorClass::NotFound,
                op,
                "Could not find device for node: {{node BatchMatMulV2}} = BatchMatMulV2[T=DT_UINT8]",
            )
        } else {
            error
        });
    }
    let (a_dims, b_dims) = (a.dims(), b.dims());
    if !batched {
        if a.rank() != b.rank() {
            return Err(OpError::invalid_argument(
                op,
                format!(
                    "In[0] and In[1] has different ndims: {} vs. {}",
                    a.shape().to_tf_list(),
                    b.shape().to_tf_list()
                ),
            ));
        }
        if a.rank() != 2 {
            return Err(OpError::invalid_argument(
                op,
                format!("In[0] and In[1] ndims must be == 2: {}", a.rank()),
            ));
        }
    } else {
        for (index, tensor) in [a, b].iter().enumerate() {
            if tensor.rank() < 2 {
                return Err(OpError::invalid_argument(
                    op,
                    format!("In[{index}] ndims must be >= 2: {}", tensor.rank()),
                ));
            }
        }
    }
    let (a_batch, a_matrix) = a_dims.split_at(a.rank() - 2);
    let (b_batch, b_matrix) = b_dims.split_at(b.rank() - 2);
    let (m, k) = if options.transpose_a {
        (a_matrix[1], a_matrix[0])
    } else {
        (a_matrix[0], a_matrix[1])
    };
    let (k_b, n) = if options.transpose_b {
        (b_matrix[1], b_matrix[0])
    } else {
        (b_matrix[0], b_matrix[1])
    };
    let a_batch_shape = Shape::from(a_batch);
    let b_batch_shape = Shape::from(b_batch);
    let batch_shape = Shape::broadcast(&a_batch_shape, &b_batch_shape).map_err(|_| {
        OpError::invalid_argument(
            op,
            format!(
                "In[0] and In[1] must have compatible batch dimensions: {} vs. {}",
                a.shape().to_tf_list(),
                b.shape().to_tf_list()
            ),
        )
    })?;
    if k != k_b {
        return Err(OpError::invalid_argument(
            op,
            format!(
                "Matrix size-incompatible: In[0]: {}, In[1]: {}",
                a.shape().to_tf_list(),
                b.shape().to_tf_list()
            ),
        ));
    }
    let mut output_dims = batch_shape.dims().to_vec();
    output_dims.extend([m, n]);
    let output_shape = Shape::new(output_dims);
    let output_count = limits::check_elements(&output_shape)?;
    let work = (output_count as u64).checked_mul(k as u64);
    limits::check_work(op.name(), work)?;

    let batch_count = batch_shape.num_elements().unwrap_or(0);
    let a_batches: Vec<usize> = BroadcastIndices::new(&a_batch_shape, &batch_shape).collect();
    let b_batches: Vec<usize> = BroadcastIndices::new(&b_batch_shape, &batch_shape).collect();
    let geometry = Geometry {
        m,
        n,
        k,
        a_rows: a_matrix[0],
        a_cols: a_matrix[1],
        b_cols: b_matrix[1],
        b_rows: b_matrix[0],
        options,
    };
    let pairs: Vec<(usize, usize)> = (0..batch_count)
        .map(|batch| (a_batches[batch], b_batches[batch]))
        .collect();
    let data = match (a.data(), b.data(), arithmetic) {
        (TensorData::Float32(x), TensorData::Float32(y), MatMulArithmetic::Mxu { tile }) => {
            TensorData::Float32(geometry.run_mxu(x, y, &pairs, tile))
        }
        (TensorData::Float32(x), TensorData::Float32(y), _) => {
            let summation = cpu_summation(batched, m, k, n);
            TensorData::Float32(geometry.run_blocked(x, y, &pairs, summation))
        }
        (TensorData::Float64(x), TensorData::Float64(y), _) => {
            TensorData::Float64(geometry.run(x, y, &pairs, 0.0f64, |acc, p, q| acc + p * q))
        }
        (TensorData::Int32(x), TensorData::Int32(y), _) => {
            TensorData::Int32(geometry.run(x, y, &pairs, 0i32, |acc, p, q| {
                acc.wrapping_add(p.wrapping_mul(q))
            }))
        }
        (TensorData::Int64(x), TensorData::Int64(y), _) => {
            TensorData::Int64(geometry.run(x, y, &pairs, 0i64, |acc, p, q| {
                acc.wrapping_add(p.wrapping_mul(q))
            }))
        }
        (TensorData::Complex64(x), TensorData::Complex64(y), _) => {
            let zero = crate::tensor::Complex32::new(0.0, 0.0);
            TensorData::Complex64(geometry.run(x, y, &pairs, zero, |acc, p, q| acc + p * q))
        }
        (TensorData::Complex128(x), TensorData::Complex128(y), _) => {
            let zero = crate::tensor::Complex64::new(0.0, 0.0);
            TensorData::Complex128(geometry.run(x, y, &pairs, zero, |acc, p, q| acc + p * q))
        }
        _ => return Err(internal(op, "unsupported matmul storage")),
    };
    Tensor::new(a.dtype(), output_shape, data)
}

/// Products TensorFlow's CPU kernel fuses, as far as the oracle shows: two matrices (a
/// single row or column is a matrix-vector product, which does not fuse; batches take
/// another path), summed in `k` order only up to Eigen's depth block (about 320 for every
/// shape recorded). Above [`FUSED_WORK`] multiply-adds the product is unfused too: exact
/// fused arithmetic costs the browser about ten times as much (`benches/wasm`), and the
/// native build must print what the browser prints.
fn cpu_summation(batched: bool, m: usize, k: usize, n: usize) -> Summation {
    let work = m.saturating_mul(n).saturating_mul(k);
    if !batched && m > 1 && n > 1 && k <= FUSED_DEPTH && work <= super::gemm::FUSED_WORK {
        Summation::Fused
    } else {
        Summation::Unfused
    }
}

/// The deepest product TensorFlow's CPU kernel sums in one `k`-order pass for every shape
/// recorded (4×384×512, 16×384×16 and 256×320×256 do; 256×336×256 and 16×400×16 do not).
const FUSED_DEPTH: usize = 320;

/// Matrix sizes of one product and where to read operands.
pub(super) struct Geometry {
    pub(super) m: usize,
    pub(super) n: usize,
    pub(super) k: usize,
    pub(super) a_rows: usize,
    pub(super) a_cols: usize,
    pub(super) b_rows: usize,
    pub(super) b_cols: usize,
    pub(super) options: MatMulOptions,
}

impl Geometry {
    /// Every output element is a sum over `k` in order, as Eigen's CPU kernel computes it
    /// for the sizes tutorials use. The loops run row, `k`, column, so each step updates a
    /// whole output row from one row of `b` (vectorisable), while each element still
    /// accumulates its products in `k` order: the result is bit for bit the naive one.
    pub(super) fn run<T: Copy>(
        &self,
        a: &[T],
        b: &[T],
        batches: &[(usize, usize)],
        zero: T,
        multiply_add: impl Fn(T, T, T) -> T,
    ) -> Vec<T> {
        let a_size = self.a_rows * self.a_cols;
        let b_size = self.b_rows * self.b_cols;
        let (m, n, k) = (self.m, self.n, self.k);
        let mut out = vec![zero; batches.len() * m * n];
        // `b` as k rows of n values, transposed once if needed.
        let mut b_rows: Vec<T> = Vec::new();
        for (batch, &(a_batch, b_batch)) in batches.iter().enumerate() {
            let a_matrix = &a[a_batch * a_size..(a_batch + 1) * a_size];
            let b_matrix = &b[b_batch * b_size..(b_batch + 1) * b_size];
            let b_kn: &[T] = if self.options.transpose_b {
                b_rows.clear();
                b_rows.extend(
                    (0..k * n).map(|index| b_matrix[(index % n) * self.b_cols + index / n]),
                );
                &b_rows
            } else {
                b_matrix
            };
            let out_matrix = &mut out[batch * m * n..(batch + 1) * m * n];
            for (row, out_row) in out_matrix.chunks_exact_mut(n.max(1)).enumerate().take(m) {
                for inner in 0..k {
                    let left = if self.options.transpose_a {
                        a_matrix[inner * self.a_cols + row]
                    } else {
                        a_matrix[row * self.a_cols + inner]
                    };
                    let b_row = &b_kn[inner * n..(inner + 1) * n];
                    for (acc, &right) in out_row.iter_mut().zip(b_row) {
                        *acc = multiply_add(*acc, left, right);
                    }
                }
            }
        }
        out
    }

    /// Float32 products through the register-blocked kernels ([`super::gemm`]), each
    /// element summed in `k` order as `summation` says: bit for bit [`Geometry::run`] when
    /// unfused.
    pub(super) fn run_blocked(
        &self,
        a: &[f32],
        b: &[f32],
        batches: &[(usize, usize)],
        summation: Summation,
    ) -> Vec<f32> {
        self.run_slices(a, b, batches, self.k, summation)
    }

    /// Each batch's product as products over slices of `k` at most `depth` deep, each
    /// summed from zero ([`super::gemm`]) and then added to the output (with one slice, the
    /// output is that product).
    fn run_slices(
        &self,
        a: &[f32],
        b: &[f32],
        batches: &[(usize, usize)],
        depth: usize,
        summation: Summation,
    ) -> Vec<f32> {
        let (m, n, k) = (self.m, self.n, self.k);
        let a_size = self.a_rows * self.a_cols;
        let b_size = self.b_rows * self.b_cols;
        let (a_cols, transpose_a) = (self.a_cols, self.options.transpose_a);
        let depth = depth.max(1);
        let mut out = vec![0f32; batches.len() * m * n];
        let mut partial = if depth < k {
            vec![0f32; m * n]
        } else {
            Vec::new()
        };
        let mut b_rows: Vec<f32> = Vec::new();
        for (batch, &(a_batch, b_batch)) in batches.iter().enumerate() {
            let a_matrix = &a[a_batch * a_size..(a_batch + 1) * a_size];
            let b_matrix = &b[b_batch * b_size..(b_batch + 1) * b_size];
            let b_kn: &[f32] = if self.options.transpose_b {
                b_rows.clear();
                b_rows.extend(
                    (0..k * n).map(|index| b_matrix[(index % n) * self.b_cols + index / n]),
                );
                &b_rows
            } else {
                b_matrix
            };
            let out_matrix = &mut out[batch * m * n..(batch + 1) * m * n];
            for start in (0..k.max(1)).step_by(depth) {
                let slice = depth.min(k - start);
                let a_row = |i: usize, row: &mut [f32]| {
                    if transpose_a {
                        for (offset, value) in row.iter_mut().enumerate() {
                            *value = a_matrix[(start + offset) * a_cols + i];
                        }
                    } else {
                        row.copy_from_slice(&a_matrix[i * a_cols + start..][..slice]);
                    }
                };
                let b_slice = &b_kn[start * n..];
                if depth >= k {
                    super::gemm::gemm(summation, m, slice, n, a_row, b_slice, n, out_matrix, n);
                } else {
                    super::gemm::gemm(summation, m, slice, n, a_row, b_slice, n, &mut partial, n);
                    for (o, p) in out_matrix.iter_mut().zip(&partial) {
                        *o += *p;
                    }
                }
            }
        }
        out
    }

    /// [`Geometry::run`] on an MXU: operands rounded to bfloat16, and each output element
    /// summed one `tile`-deep slice of `k` at a time into a fresh float32 partial sum that
    /// is then added to it (padding to tiles adds zeros, so it is implicit). The slices are
    /// unfused products: a bfloat16 product is exact in float32, so adding it rounds as
    /// fusing it would.
    pub(super) fn run_mxu(
        &self,
        a: &[f32],
        b: &[f32],
        batches: &[(usize, usize)],
        tile: usize,
    ) -> Vec<f32> {
        let a: Vec<f32> = a.iter().map(|v| super::mxu::to_bf16(*v)).collect();
        let b: Vec<f32> = b.iter().map(|v| super::mxu::to_bf16(*v)).collect();
        self.run_slices(&a, &b, batches, tile, Summation::Unfused)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CPU: &str = "/job:localhost/replica:0/task:0/device:CPU:0";

    fn floats(dims: &[usize], values: &[f32]) -> Tensor {
        Tensor::from_vec(Shape::from(dims), values.to_vec()).unwrap()
    }

    #[test]
    fn corpus_product() {
        let x = floats(&[2, 2], &[1.0, 2.0, 3.0, 4.0]);
        let y = floats(&[2, 2], &[0.5, -1.0, 2.0, 0.25]);
        let result = matmul(&x, &y, MatMulOptions::default()).unwrap();
        assert_eq!(result.as_slice::<f32>(), Some(&[4.5, -0.5, 9.5, -2.0][..]));
    }

    #[test]
    fn corpus_shape_error() {
        let ones = floats(&[2, 3], &[1.0; 6]);
        let error = matmul(&ones, &ones, MatMulOptions::default()).unwrap_err();
        assert_eq!(
            format!(
                "{}: {}",
                error.class.python_name(),
                error.eager_message(CPU)
            ),
            "InvalidArgumentError: {{function_node __wrapped__MatMul_device_/job:localhost/\
             replica:0/task:0/device:CPU:0}} Matrix size-incompatible: In[0]: [2,3], In[1]: \
             [2,3] [Op:MatMul] name: "
        );
    }

    /// The textbook triple loop, one element at a time, summing in `k` order: fused
    /// multiply-adds for matrices, plain for a single row or column.
    fn naive(a: &[f32], b: &[f32], m: usize, k: usize, n: usize, ta: bool, tb: bool) -> Vec<f32> {
        let fused = m > 1 && n > 1;
        let mut out = Vec::new();
        for row in 0..m {
            for col in 0..n {
                let mut acc = 0.0f32;
                for inner in 0..k {
                    let x = if ta {
                        a[inner * m + row]
                    } else {
                        a[row * k + inner]
                    };
                    let y = if tb {
                        b[col * k + inner]
                    } else {
                        b[inner * n + col]
                    };
                    acc = if fused {
                        x.mul_add(y, acc)
                    } else {
                        acc + x * y
                    };
                }
                out.push(acc);
            }
        }
        out
    }

    #[test]
    fn products_give_the_naive_bits() {
        let mut seed = 0x2545_f491u32;
        let mut value = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            (seed % 2001) as f32 / 997.0 - 1.0
        };
        for (m, k, n) in [
            (1, 1, 1),
            (3, 7, 5),
            (17, 33, 9),
            (8, 1, 0),
            (0, 4, 3),
            (31, 64, 47),
        ] {
            for (ta, tb) in [(false, false), (true, false), (false, true), (true, true)] {
                let a: Vec<f32> = (0..m * k).map(|_| value()).collect();
                let b: Vec<f32> = (0..k * n).map(|_| value()).collect();
                let a_dims = if ta { [k, m] } else { [m, k] };
                let b_dims = if tb { [n, k] } else { [k, n] };
                let options = MatMulOptions {
                    transpose_a: ta,
                    transpose_b: tb,
                    batched: false,
                };
                let ours = matmul(&floats(&a_dims, &a), &floats(&b_dims, &b), options).unwrap();
                let expected = naive(&a, &b, m, k, n, ta, tb);
                let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(
                    bits(ours.as_slice::<f32>().unwrap()),
                    bits(&expected),
                    "{m}x{k}x{n} {ta} {tb}"
                );
            }
        }
    }

    #[test]
    fn mxu_arithmetic_rounds_inputs_and_sums_by_tiles() {
        let (m, k, n) = (3, 300, 2);
        let a: Vec<f32> = (0..m * k).map(|i| (i % 97) as f32 / 97.0 + 0.013).collect();
        let b: Vec<f32> = (0..k * n).map(|i| (i % 89) as f32 / 89.0 - 0.47).collect();
        let (ta, tb) = (floats(&[m, k], &a), floats(&[k, n], &b));
        let tpu = matmul_on(
            &ta,
            &tb,
            MatMulOptions::default(),
            MatMulArithmetic::Mxu { tile: 128 },
        )
        .unwrap();
        let cpu = matmul(&ta, &tb, MatMulOptions::default()).unwrap();
        assert_eq!(
            tpu.as_slice::<f32>().unwrap(),
            &super::super::matmul_mxu(&a, &b, m, k, n, 128).unwrap()[..]
        );
        assert_ne!(tpu.as_slice::<f32>(), cpu.as_slice::<f32>());
        // Transposed operands give the same products as transposing first.
        let options = MatMulOptions {
            transpose_a: true,
            transpose_b: true,
            batched: false,
        };
        let at: Vec<f32> = (0..k * m).map(|i| a[(i % m) * k + i / m]).collect();
        let bt: Vec<f32> = (0..n * k).map(|i| b[(i % k) * n + i / k]).collect();
        let transposed = matmul_on(
            &floats(&[k, m], &at),
            &floats(&[n, k], &bt),
            options,
            MatMulArithmetic::Mxu { tile: 128 },
        )
        .unwrap();
        assert_eq!(transposed.as_slice::<f32>(), tpu.as_slice::<f32>());
    }

    #[test]
    fn transposes_and_batches() {
        let a = floats(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let options = MatMulOptions {
            transpose_a: false,
            transpose_b: true,
            batched: false,
        };
        let result = matmul(&a, &a, options).unwrap();
        assert_eq!(
            result.as_slice::<f32>(),
            Some(&[14.0, 32.0, 32.0, 77.0][..])
        );
        let batch_a = floats(&[2, 1, 2, 3], &[1.0; 12]);
        let batch_b = floats(&[3, 3, 2], &[1.0; 18]);
        let result = matmul(&batch_a, &batch_b, MatMulOptions::default()).unwrap();
        assert_eq!(result.dims(), &[2, 3, 2, 2]);
        let bad = floats(&[3, 3, 2], &[1.0; 18]);
        let error = matmul(
            &floats(&[2, 2, 3], &[1.0; 12]),
            &bad,
            MatMulOptions::default(),
        )
        .unwrap_err();
        assert_eq!(
            error.message,
            "In[0] and In[1] must have compatible batch dimensions: [2,2,3] vs. [3,3,2]"
        );
    }

    #[test]
    fn rank_and_dtype_errors() {
        let vector = floats(&[3], &[1.0; 3]);
        let error = matmul(
            &vector,
            &floats(&[3, 2], &[1.0; 6]),
            MatMulOptions::default(),
        )
        .unwrap_err();
        assert_eq!(
            error.message,
            "In[0] and In[1] has different ndims: [3] vs. [3,2]"
        );
        let error = matmul(&vector, &vector, MatMulOptions::default()).unwrap_err();
        assert_eq!(error.message, "In[0] and In[1] ndims must be == 2: 1");
        let ints = Tensor::from_vec(Shape::new(vec![2, 2]), vec![1i32; 4]).unwrap();
        let error =
            matmul(&floats(&[2, 2], &[1.0; 4]), &ints, MatMulOptions::default()).unwrap_err();
        assert_eq!(
            error.message,
            "cannot compute MatMul as input #1(zero-based) was expected to be a float tensor but \
             is a int32 tensor"
        );
        let product = matmul(&ints, &ints, MatMulOptions::default()).unwrap();
        assert_eq!(product.as_slice::<i32>(), Some(&[2, 2, 2, 2][..]));
    }

    #[test]
    fn work_budget_is_enforced() {
        let previous = limits::set(limits::Limits {
            max_elements: 1_000_000,
            max_work: 1_000,
            ..limits::Limits::default()
        });
        let a = floats(&[20, 20], &[1.0; 400]);
        let error = matmul(&a, &a, MatMulOptions::default()).unwrap_err();
        limits::set(previous);
        assert_eq!(error.class, ErrorClass::ResourceExhausted);
        assert!(error.message.contains("budget"), "{}", error.message);
    }
}
