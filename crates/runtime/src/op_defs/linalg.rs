//! The dense linear-algebra ops on batches of square matrices: `MatrixDeterminant`
//! (`tf.linalg.det`), `MatrixInverse` (`tf.linalg.inv`), `MatrixSolve` (`tf.linalg.solve`)
//! and `Cholesky` (`tf.linalg.cholesky`).
//!
//! The CPU kernels factor each matrix as Eigen does for small sizes: LU with partial
//! pivoting (the first largest magnitude of a column as its pivot, the column below it
//! divided by it, a rank-one update of the rest) and the unblocked Cholesky, in the
//! tensor's own float type. The determinant is `sign · exp(Σ log|u_ii|)`, as TensorFlow's
//! `SLogDet` computes it.

use super::support::{dense_type, type_name};
use super::{Op, OpDef};
use crate::error::{ExceptionClass, TfError, TfResult};
use crate::op::{InputFact, OpKind, OutputFact, ValueType};
use report::OpClass;
use tensor::{DType, ErrorClass, OpError, Shape, Tensor, TensorShape};

/// `MatrixDeterminant`.
pub static DETERMINANT: OpDef = OpDef::compute("MatrixDeterminant").class(OpClass::Transcendental);
/// `MatrixInverse`.
pub static INVERSE: OpDef = OpDef::compute("MatrixInverse").class(OpClass::MatMul);
/// `MatrixSolve`.
pub static SOLVE: OpDef = OpDef::compute("MatrixSolve").class(OpClass::MatMul);
/// `Cholesky`.
pub static CHOLESKY: OpDef = OpDef::compute("Cholesky").class(OpClass::MatMul);

/// Which factorisation-based op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Linalg {
    /// The determinant of each matrix.
    Determinant,
    /// The inverse of each matrix (of its adjoint with `adjoint`).
    Inverse {
        /// Invert the adjoint.
        adjoint: bool,
    },
    /// `X` with `A X = B` (or `Aᴴ X = B`) for each matrix.
    Solve {
        /// Solve with the adjoint.
        adjoint: bool,
    },
    /// The lower Cholesky factor of each matrix.
    Cholesky,
}

impl Linalg {
    /// Wraps the op for `OpKind`.
    pub fn kind(self) -> OpKind {
        OpKind::new(self)
    }
}

/// The float arithmetic the kernels run in (f32 or f64).
trait Real: Copy + PartialOrd + std::ops::Sub<Output = Self> + std::ops::Mul<Output = Self> {
    const ZERO: Self;
    const ONE: Self;
    fn div(self, other: Self) -> Self;
    fn add(self, other: Self) -> Self;
    fn abs(self) -> Self;
    fn ln(self) -> Self;
    fn exp(self) -> Self;
    fn sqrt(self) -> Self;
    fn from_f64(value: f64) -> Self;
    fn into_f64(self) -> f64;
}

macro_rules! real {
    ($t:ty) => {
        impl Real for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            fn div(self, other: Self) -> Self {
                self / other
            }
            fn add(self, other: Self) -> Self {
                self + other
            }
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            fn ln(self) -> Self {
                <$t>::ln(self)
            }
            fn exp(self) -> Self {
                <$t>::exp(self)
            }
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            fn from_f64(value: f64) -> Self {
                value as $t
            }
            fn into_f64(self) -> f64 {
                f64::from(self)
            }
        }
    };
}
real!(f32);
real!(f64);

/// An LU factorisation with partial pivoting of an `n × n` row-major matrix, in place:
/// the row swaps made, and how many.
fn lu<T: Real>(a: &mut [T], n: usize) -> (Vec<usize>, usize) {
    let mut swaps = Vec::with_capacity(n);
    let mut count = 0;
    for k in 0..n {
        let mut pivot = k;
        let mut biggest = a[k * n + k].abs();
        for row in k + 1..n {
            let value = a[row * n + k].abs();
            if value > biggest {
                biggest = value;
                pivot = row;
            }
        }
        swaps.push(pivot);
        if biggest != T::ZERO {
            if pivot != k {
                for col in 0..n {
                    a.swap(k * n + col, pivot * n + col);
                }
                count += 1;
            }
            let diagonal = a[k * n + k];
            for row in k + 1..n {
                a[row * n + k] = a[row * n + k].div(diagonal);
            }
        }
        for row in k + 1..n {
            let factor = a[row * n + k];
            for col in k + 1..n {
                a[row * n + col] = a[row * n + col] - factor * a[k * n + col];
            }
        }
    }
    (swaps, count)
}

/// Solves `LU X = P B` for `m` right-hand columns of `b` (row-major `n × m`), in place.
fn lu_solve<T: Real>(lu: &[T], swaps: &[usize], n: usize, b: &mut [T], m: usize) {
    for (k, &pivot) in swaps.iter().enumerate() {
        if pivot != k {
            for col in 0..m {
                b.swap(k * m + col, pivot * m + col);
            }
        }
    }
    for col in 0..m {
        for i in 0..n {
            let mut sum = b[i * m + col];
            for j in 0..i {
                sum = sum - lu[i * n + j] * b[j * m + col];
            }
            b[i * m + col] = sum;
        }
        // Column by column from the last, as Eigen's triangular solve: each solved
        // unknown (scaled by the diagonal's reciprocal) is taken from the rows above.
        for k in (0..n).rev() {
            let solved = b[k * m + col] * T::ONE.div(lu[k * n + k]);
            b[k * m + col] = solved;
            for i in 0..k {
                b[i * m + col] = b[i * m + col] - lu[i * n + k] * solved;
            }
        }
    }
}

/// `Σ_{k<len} l[a][k] · l[b][k]`, summed in order (Eigen's small reductions).
fn row_dot<T: Real>(l: &[T], n: usize, a: usize, b: usize, len: usize) -> T {
    (0..len).fold(T::ZERO, |sum, k| sum.add(l[a * n + k] * l[b * n + k]))
}

/// `value - sum`, or `value` itself when nothing was summed (`terms == 0`).
fn take_off<T: Real>(value: T, sum: T, terms: usize) -> T {
    if terms > 0 {
        value - sum
    } else {
        value
    }
}

/// Whether an LU factor is singular (a zero on its diagonal).
fn singular<T: Real>(lu: &[T], n: usize) -> bool {
    (0..n).any(|i| lu[i * n + i] == T::ZERO)
}

fn transpose<T: Real>(a: &[T], n: usize) -> Vec<T> {
    let mut out = a.to_vec();
    for i in 0..n {
        for j in 0..n {
            out[j * n + i] = a[i * n + j];
        }
    }
    out
}

fn not_invertible() -> OpError {
    OpError::kernel_of(
        ErrorClass::InvalidArgument,
        "MatrixInverse",
        Some(""),
        "Input is not invertible.",
    )
}

impl Linalg {
    /// One matrix (row-major `n × n`, with `rhs` of `n × m` for a solve) through the op.
    fn matrix<T: Real>(self, a: &[T], n: usize, rhs: &[T], m: usize) -> Result<Vec<T>, OpError> {
        match self {
            Linalg::Determinant => {
                if n == 0 {
                    return Ok(vec![T::ONE]);
                }
                // TensorFlow's `SLogDet`: the sign of the permutation and of each pivot,
                // times `exp` of the summed logs of the pivots' magnitudes.
                let mut lu_factor = a.to_vec();
                let (_, count) = lu(&mut lu_factor, n);
                let minus_one = T::ZERO - T::ONE;
                let mut sign = if count % 2 == 0 { T::ONE } else { minus_one };
                let mut log_abs = T::ZERO;
                for i in 0..n {
                    let diagonal = lu_factor[i * n + i];
                    log_abs = log_abs.add(diagonal.abs().ln());
                    if diagonal < T::ZERO {
                        sign = sign * minus_one;
                    }
                }
                Ok(vec![sign * log_abs.exp()])
            }
            Linalg::Inverse { adjoint } => {
                let source = if adjoint { transpose(a, n) } else { a.to_vec() };
                let mut lu_factor = source;
                let (swaps, _) = lu(&mut lu_factor, n);
                if singular(&lu_factor, n) {
                    return Err(not_invertible());
                }
                let mut identity = vec![T::ZERO; n * n];
                for i in 0..n {
                    identity[i * n + i] = T::ONE;
                }
                lu_solve(&lu_factor, &swaps, n, &mut identity, n);
                Ok(identity)
            }
            Linalg::Solve { adjoint } => {
                let mut lu_factor = if adjoint { transpose(a, n) } else { a.to_vec() };
                let (swaps, _) = lu(&mut lu_factor, n);
                if singular(&lu_factor, n) {
                    return Err(OpError::kernel_of(
                        ErrorClass::InvalidArgument,
                        "MatrixSolve",
                        Some(""),
                        "Input matrix is not invertible.",
                    ));
                }
                let mut x = rhs.to_vec();
                lu_solve(&lu_factor, &swaps, n, &mut x, m);
                Ok(x)
            }
            Linalg::Cholesky => {
                let mut l = vec![T::ZERO; n * n];
                for j in 0..n {
                    // Eigen's LLT: the row's squared norm summed first, then taken off.
                    let diagonal = take_off(a[j * n + j], row_dot(&l, n, j, j, j), j);
                    // Not positive definite: TensorFlow's CPU kernel gives NaNs, no error.
                    let root = diagonal.sqrt();
                    l[j * n + j] = root;
                    for i in j + 1..n {
                        let column = take_off(a[i * n + j], row_dot(&l, n, i, j, j), j);
                        l[i * n + j] = column.div(root);
                    }
                }
                Ok(l)
            }
        }
    }

    /// Every matrix of a batch through [`Linalg::matrix`], in `T`.
    fn batch<T: Real>(
        self,
        matrices: &[f64],
        rhs: &[f64],
        n: usize,
        m: usize,
        count: usize,
    ) -> Result<Vec<f64>, OpError> {
        let per_output = match self {
            Linalg::Determinant => 1,
            Linalg::Solve { .. } => n * m,
            _ => n * n,
        };
        let mut out = Vec::with_capacity(count * per_output);
        for b in 0..count {
            let a: Vec<T> = matrices[b * n * n..(b + 1) * n * n]
                .iter()
                .map(|v| T::from_f64(*v))
                .collect();
            let r: Vec<T> = if m > 0 {
                rhs[b * n * m..(b + 1) * n * m]
                    .iter()
                    .map(|v| T::from_f64(*v))
                    .collect()
            } else {
                Vec::new()
            };
            out.extend(self.matrix(&a, n, &r, m)?.into_iter().map(Real::into_f64));
        }
        Ok(out)
    }

    fn name(self) -> &'static str {
        self.def().name
    }
}

/// The batch dims and the size of square matrices of `dims`, or TensorFlow's error.
fn square(dims: &[usize]) -> Result<(Vec<usize>, usize), String> {
    if dims.len() < 2 {
        return Err(format!(
            "Input tensor 0 must have rank >= 2, got {}",
            dims.len()
        ));
    }
    let (rows, cols) = (dims[dims.len() - 2], dims[dims.len() - 1]);
    if rows != cols {
        return Err("Input matrix must be square.".to_string());
    }
    Ok((dims[..dims.len() - 2].to_vec(), rows))
}

impl Op for Linalg {
    fn def(&self) -> &'static OpDef {
        match self {
            Linalg::Determinant => &DETERMINANT,
            Linalg::Inverse { .. } => &INVERSE,
            Linalg::Solve { .. } => &SOLVE,
            Linalg::Cholesky => &CHOLESKY,
        }
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        let dtype = dense_type(inputs, 0, self.name())?;
        if !matches!(dtype, DType::Float32 | DType::Float64) {
            return Err(TfError::new(
                ExceptionClass::InvalidArgument,
                format!(
                    "Value for attr 'T' of {} is not in the list of allowed values: double, \
                     float, half, complex64, complex128",
                    dtype.name()
                ),
            ));
        }
        let matrix = inputs
            .first()
            .map(|fact| fact.shape.clone())
            .unwrap_or_else(TensorShape::unknown);
        let shape = match (self, matrix.dims()) {
            (Linalg::Determinant, Some(dims)) if dims.len() >= 2 => {
                TensorShape::new(dims[..dims.len() - 2].to_vec())
            }
            (Linalg::Solve { .. }, _) => inputs
                .get(1)
                .map(|fact| fact.shape.clone())
                .unwrap_or_else(TensorShape::unknown),
            (Linalg::Determinant, _) => TensorShape::unknown(),
            _ => matrix,
        };
        Ok(vec![OutputFact {
            value_type: ValueType::Dense(dtype),
            shape,
        }])
    }

    fn compute(&self, inputs: &[&Tensor]) -> Result<Vec<Tensor>, OpError> {
        let matrix = inputs
            .first()
            .ok_or_else(|| OpError::python(ErrorClass::Internal, "a linalg op takes a matrix"))?;
        let dtype = matrix.dtype();
        let (batch, n) = square(matrix.dims()).map_err(|message| {
            OpError::kernel_of(ErrorClass::InvalidArgument, self.name(), Some(""), message)
        })?;
        let count: usize = batch.iter().product();
        let values = matrix.to_f64_vec().unwrap_or_default();
        let (rhs, m, out_dims) = match self {
            Linalg::Solve { .. } => {
                let rhs = inputs.get(1).ok_or_else(|| {
                    OpError::python(ErrorClass::Internal, "MatrixSolve takes a right-hand side")
                })?;
                let dims = rhs.dims();
                if dims.len() != matrix.rank()
                    || dims[..dims.len() - 2] != batch[..]
                    || dims[dims.len() - 2] != n
                {
                    return Err(OpError::kernel_of(
                        ErrorClass::InvalidArgument,
                        "MatrixSolve",
                        Some(""),
                        "Input matrix and rhs are incompatible.",
                    ));
                }
                let m = dims[dims.len() - 1];
                (rhs.to_f64_vec().unwrap_or_default(), m, dims.to_vec())
            }
            Linalg::Determinant => (Vec::new(), 0, batch.clone()),
            _ => (Vec::new(), 0, matrix.dims().to_vec()),
        };
        let out = match dtype {
            DType::Float32 => self.batch::<f32>(&values, &rhs, n, m, count)?,
            DType::Float64 => self.batch::<f64>(&values, &rhs, n, m, count)?,
            other => {
                return Err(OpError::python(
                    ErrorClass::InvalidArgument,
                    format!(
                        "Value for attr 'T' of {} is not in the list of allowed values: double, \
                         float, half, complex64, complex128",
                        other.name()
                    ),
                ))
            }
        };
        let result = Tensor::from_vec(Shape::new(out_dims), out)?;
        Ok(vec![tensor::ops::cast(&result, dtype)?])
    }

    fn node_attrs(&self, inputs: &[InputFact<'_>]) -> Vec<String> {
        let dtype = format!("T={}", type_name(inputs, 0));
        match self {
            Linalg::Inverse { adjoint } | Linalg::Solve { adjoint } => {
                vec![format!("adjoint={adjoint}"), dtype]
            }
            _ => vec![dtype],
        }
    }
}
