//! The value type: [`Tensor`] = dtype + shape + shared, immutable, row-major storage.
//!
//! Clones are cheap (the storage is behind an `Arc`), and ops never mutate a tensor: they
//! build a new one. Storage is an enum of typed vectors ([`TensorData`]):
//!
//! - `float16` and `bfloat16` are stored as `f32` values that are exactly representable in the
//!   narrow type (every constructor rounds with [`round_to_dtype`]). Kernels compute in f32 and
//!   round the result, which is what Eigen does for `half` on CPU.
//! - `string` elements are byte vectors: TensorFlow strings are bytes, not text.
//! - `complex64` and `complex128` elements are pairs of `f32` or `f64` (real, imaginary).

use cpython_text::float_to_decimal;
use std::sync::Arc;

pub use num_complex::{Complex32, Complex64};

use super::dtype::DType;
use super::error::{ErrorClass, OpError, OpResult};
use super::limits;
use super::shape::Shape;

/// Row-major element storage, one variant per storage type.
#[derive(Clone, PartialEq)]
pub enum TensorData {
    /// `float16`, `bfloat16` (rounded to their precision) and `float32`.
    Float32(Vec<f32>),
    /// `float64`.
    Float64(Vec<f64>),
    /// `int8`.
    Int8(Vec<i8>),
    /// `int16`.
    Int16(Vec<i16>),
    /// `int32`.
    Int32(Vec<i32>),
    /// `int64`.
    Int64(Vec<i64>),
    /// `uint8`.
    UInt8(Vec<u8>),
    /// `uint16`.
    UInt16(Vec<u16>),
    /// `uint32`.
    UInt32(Vec<u32>),
    /// `uint64`.
    UInt64(Vec<u64>),
    /// `complex64`.
    Complex64(Vec<Complex32>),
    /// `complex128`.
    Complex128(Vec<Complex64>),
    /// `bool`.
    Bool(Vec<bool>),
    /// `string`: one byte vector per element.
    String(Vec<Vec<u8>>),
}

/// Written out rather than derived so that floats print through
/// `cpython_text::float_to_decimal` (shortest `{:e}` text), which keeps Rust's float
/// formatting out of the web bundle.
impl std::fmt::Debug for TensorData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let floats = |f: &mut std::fmt::Formatter<'_>, name: &str, texts: Vec<String>| {
            f.debug_tuple(name)
                .field(&format_args!("[{}]", texts.join(", ")))
                .finish()
        };
        match self {
            TensorData::Float32(values) => floats(
                f,
                "Float32",
                values
                    .iter()
                    .map(|&v| float_to_decimal::format_exp_f32(v))
                    .collect(),
            ),
            TensorData::Float64(values) => floats(
                f,
                "Float64",
                values
                    .iter()
                    .map(|&v| float_to_decimal::format_exp(v, None))
                    .collect(),
            ),
            TensorData::Int8(values) => f.debug_tuple("Int8").field(values).finish(),
            TensorData::Int16(values) => f.debug_tuple("Int16").field(values).finish(),
            TensorData::Int32(values) => f.debug_tuple("Int32").field(values).finish(),
            TensorData::Int64(values) => f.debug_tuple("Int64").field(values).finish(),
            TensorData::UInt8(values) => f.debug_tuple("UInt8").field(values).finish(),
            TensorData::UInt16(values) => f.debug_tuple("UInt16").field(values).finish(),
            TensorData::UInt32(values) => f.debug_tuple("UInt32").field(values).finish(),
            TensorData::UInt64(values) => f.debug_tuple("UInt64").field(values).finish(),
            TensorData::Complex64(values) => floats(
                f,
                "Complex64",
                values
                    .iter()
                    .map(|v| {
                        format!(
                            "({}, {})",
                            float_to_decimal::format_exp_f32(v.re),
                            float_to_decimal::format_exp_f32(v.im)
                        )
                    })
                    .collect(),
            ),
            TensorData::Complex128(values) => floats(
                f,
                "Complex128",
                values
                    .iter()
                    .map(|v| {
                        format!(
                            "({}, {})",
                            float_to_decimal::format_exp(v.re, None),
                            float_to_decimal::format_exp(v.im, None)
                        )
                    })
                    .collect(),
            ),
            TensorData::Bool(values) => f.debug_tuple("Bool").field(values).finish(),
            TensorData::String(values) => f.debug_tuple("String").field(values).finish(),
        }
    }
}

/// Runs `$body` with `$values` bound to the typed vector inside `$data`, whatever its type.
macro_rules! with_values {
    ($data:expr, $values:ident => $body:expr) => {
        match $data {
            $crate::tensor::TensorData::Float32($values) => $body,
            $crate::tensor::TensorData::Float64($values) => $body,
            $crate::tensor::TensorData::Int8($values) => $body,
            $crate::tensor::TensorData::Int16($values) => $body,
            $crate::tensor::TensorData::Int32($values) => $body,
            $crate::tensor::TensorData::Int64($values) => $body,
            $crate::tensor::TensorData::UInt8($values) => $body,
            $crate::tensor::TensorData::UInt16($values) => $body,
            $crate::tensor::TensorData::UInt32($values) => $body,
            $crate::tensor::TensorData::UInt64($values) => $body,
            $crate::tensor::TensorData::Complex64($values) => $body,
            $crate::tensor::TensorData::Complex128($values) => $body,
            $crate::tensor::TensorData::Bool($values) => $body,
            $crate::tensor::TensorData::String($values) => $body,
        }
    };
}

/// Like [`with_values`], but rebuilds the same variant from `$body`'s vector.
macro_rules! map_values {
    ($data:expr, $values:ident => $body:expr) => {
        match $data {
            $crate::tensor::TensorData::Float32($values) => {
                $crate::tensor::TensorData::Float32($body)
            }
            $crate::tensor::TensorData::Float64($values) => {
                $crate::tensor::TensorData::Float64($body)
            }
            $crate::tensor::TensorData::Int8($values) => $crate::tensor::TensorData::Int8($body),
            $crate::tensor::TensorData::Int16($values) => $crate::tensor::TensorData::Int16($body),
            $crate::tensor::TensorData::Int32($values) => $crate::tensor::TensorData::Int32($body),
            $crate::tensor::TensorData::Int64($values) => $crate::tensor::TensorData::Int64($body),
            $crate::tensor::TensorData::UInt8($values) => $crate::tensor::TensorData::UInt8($body),
            $crate::tensor::TensorData::UInt16($values) => {
                $crate::tensor::TensorData::UInt16($body)
            }
            $crate::tensor::TensorData::UInt32($values) => {
                $crate::tensor::TensorData::UInt32($body)
            }
            $crate::tensor::TensorData::UInt64($values) => {
                $crate::tensor::TensorData::UInt64($body)
            }
            $crate::tensor::TensorData::Complex64($values) => {
                $crate::tensor::TensorData::Complex64($body)
            }
            $crate::tensor::TensorData::Complex128($values) => {
                $crate::tensor::TensorData::Complex128($body)
            }
            $crate::tensor::TensorData::Bool($values) => $crate::tensor::TensorData::Bool($body),
            $crate::tensor::TensorData::String($values) => {
                $crate::tensor::TensorData::String($body)
            }
        }
    };
}

impl TensorData {
    /// Number of elements stored.
    pub fn len(&self) -> usize {
        with_values!(self, values => values.len())
    }

    /// True when no element is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when this storage variant can hold `dtype`.
    pub fn holds(&self, dtype: DType) -> bool {
        matches!(
            (self, dtype),
            (
                TensorData::Float32(_),
                DType::Float16 | DType::BFloat16 | DType::Float32
            ) | (TensorData::Float64(_), DType::Float64)
                | (TensorData::Int8(_), DType::Int8)
                | (TensorData::Int16(_), DType::Int16)
                | (TensorData::Int32(_), DType::Int32)
                | (TensorData::Int64(_), DType::Int64)
                | (TensorData::UInt8(_), DType::UInt8)
                | (TensorData::UInt16(_), DType::UInt16)
                | (TensorData::UInt32(_), DType::UInt32)
                | (TensorData::UInt64(_), DType::UInt64)
                | (TensorData::Complex64(_), DType::Complex64)
                | (TensorData::Complex128(_), DType::Complex128)
                | (TensorData::Bool(_), DType::Bool)
                | (TensorData::String(_), DType::String)
        )
    }

    /// The elements at `indices`, in that order, of the same storage type.
    /// Indices must be in bounds (callers compute them from shapes).
    #[allow(clippy::clone_on_copy)] // One body for all variants, strings included.
    pub fn take(&self, indices: &[usize]) -> TensorData {
        map_values!(self, values => indices.iter().map(|&index| values[index].clone()).collect())
    }

    /// The elements of runs of `run` consecutive indices from each of `starts`: a gather
    /// of rows or a strided view copies a run at a time.
    #[allow(clippy::clone_on_copy)] // One body for all variants, strings included.
    pub fn take_runs(&self, starts: &[usize], run: usize) -> TensorData {
        map_values!(self, values => {
            let mut out = Vec::with_capacity(starts.len() * run);
            for &start in starts {
                out.extend_from_slice(&values[start..start + run]);
            }
            out
        })
    }

    /// Concatenates pieces picked from several storages of the same variant: each pick is
    /// `(part, element index)`. `None` when the parts' variants differ.
    #[allow(clippy::clone_on_copy)] // One body for all variants, strings included.
    pub fn gather_parts<'p>(
        parts: &[&TensorData],
        picks: impl IntoIterator<Item = &'p (usize, usize)>,
    ) -> Option<TensorData> {
        Self::gather_parts_from(parts, picks.into_iter().copied())
    }

    /// [`TensorData::gather_parts`] from picks made as they are read, so a kernel need not
    /// hold a list of picks as large as its output.
    #[allow(clippy::clone_on_copy)] // One body for all variants, strings included.
    pub fn gather_parts_from(
        parts: &[&TensorData],
        picks: impl Iterator<Item = (usize, usize)>,
    ) -> Option<TensorData> {
        let first = parts.first()?;
        let gathered = map_values!(first, first_values => {
            let typed: Vec<_> = parts
                .iter()
                .map(|part| same_variant(first_values, part))
                .collect::<Option<Vec<_>>>()?;
            picks
                .map(|(part, index)| typed[part][index].clone())
                .collect()
        });
        Some(gathered)
    }

    /// The runs `(start, length)` of `self`, one after another: what a kernel that reads
    /// whole rows (a slice whose innermost axis is contiguous) copies as slices.
    pub fn concat_runs(&self, runs: impl Iterator<Item = (usize, usize)>) -> TensorData {
        map_values!(self, values => {
            let mut out = Vec::new();
            for (start, length) in runs {
                out.extend_from_slice(&values[start..start + length]);
            }
            out
        })
    }

    /// `count` copies of `fill`'s first element with runs of `self` copied over them: each
    /// run is `(source start, destination start, length)`. Kernels that move whole rows
    /// (a constant pad) copy them as slices instead of picking element by element. `None`
    /// when `fill` is empty or of another variant; runs must be in bounds.
    #[allow(clippy::clone_on_copy)] // One body for all variants, strings included.
    pub fn filled_with_runs(
        &self,
        fill: &TensorData,
        count: usize,
        runs: impl Iterator<Item = (usize, usize, usize)>,
    ) -> Option<TensorData> {
        let filled = map_values!(self, values => {
            let fill = same_variant(values, fill)?.first()?;
            let mut out = vec![fill.clone(); count];
            for (source, destination, length) in runs {
                out[destination..destination + length]
                    .clone_from_slice(&values[source..source + length]);
            }
            out
        });
        Some(filled)
    }

    /// Storage of `count` default values (zeros, `False`, empty strings) for `dtype`.
    pub fn zeros(dtype: DType, count: usize) -> TensorData {
        match dtype {
            DType::Float16 | DType::BFloat16 | DType::Float32 => {
                TensorData::Float32(vec![0.0; count])
            }
            DType::Float64 => TensorData::Float64(vec![0.0; count]),
            DType::Int8 => TensorData::Int8(vec![0; count]),
            DType::Int16 => TensorData::Int16(vec![0; count]),
            DType::Int32 => TensorData::Int32(vec![0; count]),
            DType::Int64 => TensorData::Int64(vec![0; count]),
            DType::UInt8 => TensorData::UInt8(vec![0; count]),
            DType::UInt16 => TensorData::UInt16(vec![0; count]),
            DType::UInt32 => TensorData::UInt32(vec![0; count]),
            DType::UInt64 => TensorData::UInt64(vec![0; count]),
            DType::Complex64 => TensorData::Complex64(vec![Complex32::new(0.0, 0.0); count]),
            DType::Complex128 => TensorData::Complex128(vec![Complex64::new(0.0, 0.0); count]),
            DType::Bool => TensorData::Bool(vec![false; count]),
            DType::String => TensorData::String(vec![Vec::new(); count]),
        }
    }
}

/// Returns `part`'s values when `part` is the same variant as the vector `_like`.
fn same_variant<'a, T: Element>(_like: &[T], part: &'a TensorData) -> Option<&'a [T]> {
    T::slice(part)
}

/// A Rust type that is the storage of one [`TensorData`] variant.
pub trait Element: Clone + PartialEq + std::fmt::Debug + 'static {
    /// The dtype a vector of this type is by default (`f32` → `float32`).
    const DTYPE: DType;
    /// Wraps a vector in its variant.
    fn wrap(values: Vec<Self>) -> TensorData;
    /// Borrows the vector if `data` is this type's variant.
    fn slice(data: &TensorData) -> Option<&[Self]>;
}

macro_rules! impl_element {
    ($rust:ty, $variant:ident, $dtype:expr) => {
        impl Element for $rust {
            const DTYPE: DType = $dtype;
            fn wrap(values: Vec<Self>) -> TensorData {
                TensorData::$variant(values)
            }
            fn slice(data: &TensorData) -> Option<&[Self]> {
                match data {
                    TensorData::$variant(values) => Some(values),
                    _ => None,
                }
            }
        }
    };
}

impl_element!(f32, Float32, DType::Float32);
impl_element!(f64, Float64, DType::Float64);
impl_element!(i8, Int8, DType::Int8);
impl_element!(i16, Int16, DType::Int16);
impl_element!(i32, Int32, DType::Int32);
impl_element!(i64, Int64, DType::Int64);
impl_element!(u8, UInt8, DType::UInt8);
impl_element!(u16, UInt16, DType::UInt16);
impl_element!(u32, UInt32, DType::UInt32);
impl_element!(u64, UInt64, DType::UInt64);
impl_element!(Complex32, Complex64, DType::Complex64);
impl_element!(Complex64, Complex128, DType::Complex128);
impl_element!(bool, Bool, DType::Bool);
impl_element!(Vec<u8>, String, DType::String);

/// Rounds an f32 to the nearest value of `dtype` (half, bfloat16: round to nearest even;
/// other dtypes: unchanged).
pub fn round_to_dtype(dtype: DType, value: f32) -> f32 {
    match dtype {
        DType::Float16 => half::f16::from_f32(value).to_f32(),
        DType::BFloat16 => half::bf16::from_f32(value).to_f32(),
        _ => value,
    }
}

/// An immutable n-dimensional value with a dtype; cheap to clone.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    dtype: DType,
    shape: Shape,
    data: Arc<TensorData>,
}

impl Tensor {
    /// Builds a tensor, checking that `data` holds `dtype`, has as many elements as `shape`
    /// and stays within the element cap. Rounds `float16`/`bfloat16` values.
    pub fn new(dtype: DType, shape: Shape, data: TensorData) -> OpResult<Tensor> {
        // The storage exists already: its memory was checked when it was made.
        let count = limits::check_count(&shape)?;
        if !data.holds(dtype) || data.len() != count {
            return Err(OpError::python(
                ErrorClass::Internal,
                format!(
                    "tensor storage of {} elements does not fit dtype {} and shape {}",
                    data.len(),
                    dtype.name(),
                    shape
                ),
            ));
        }
        let data = match (dtype, data) {
            (DType::Float16 | DType::BFloat16, TensorData::Float32(values)) => TensorData::Float32(
                values
                    .into_iter()
                    .map(|value| round_to_dtype(dtype, value))
                    .collect(),
            ),
            (_, data) => data,
        };
        Ok(Tensor {
            dtype,
            shape,
            data: Arc::new(data),
        })
    }

    /// A tensor of `T`'s default dtype from a row-major vector.
    pub fn from_vec<T: Element>(shape: Shape, values: Vec<T>) -> OpResult<Tensor> {
        Tensor::new(T::DTYPE, shape, T::wrap(values))
    }

    /// A scalar of `T`'s default dtype.
    pub fn scalar<T: Element>(value: T) -> Tensor {
        Tensor {
            dtype: T::DTYPE,
            shape: Shape::scalar(),
            data: Arc::new(T::wrap(vec![value])),
        }
    }

    /// A string tensor from byte strings.
    pub fn from_strings(shape: Shape, values: Vec<Vec<u8>>) -> OpResult<Tensor> {
        Tensor::new(DType::String, shape, TensorData::String(values))
    }

    /// The element type.
    pub fn dtype(&self) -> DType {
        self.dtype
    }

    /// The shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The dimension sizes.
    pub fn dims(&self) -> &[usize] {
        self.shape.dims()
    }

    /// The number of dimensions.
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// The number of elements (the storage length).
    pub fn num_elements(&self) -> usize {
        self.data.len()
    }

    /// The storage.
    pub fn data(&self) -> &TensorData {
        &self.data
    }

    /// The elements as `T`, if `T` is the storage type.
    pub fn as_slice<T: Element>(&self) -> Option<&[T]> {
        T::slice(&self.data)
    }

    /// Writes `values` at the storage indices `indices`, in order, so a later write to an
    /// index wins (NumPy's `a[[0, 0]] = [1, 2]`). `values` must be this tensor's storage
    /// variant with one element per index, and the indices in bounds. The storage is
    /// copied first if another tensor shares it, so values taken earlier keep theirs.
    #[allow(clippy::clone_on_copy)] // One body for all variants, strings included.
    pub fn put(&mut self, indices: &[usize], values: &TensorData) -> OpResult<()> {
        let fits = values.len() == indices.len()
            && std::mem::discriminant(values) == std::mem::discriminant(&*self.data)
            && indices.iter().all(|&index| index < self.data.len());
        if !fits {
            return Err(OpError::python(
                ErrorClass::Internal,
                "values written do not fit the tensor's storage".to_string(),
            ));
        }
        let data = Arc::make_mut(&mut self.data);
        with_values!(data, target => {
            if let Some(source) = same_variant(&target[..], values) {
                for (&index, value) in indices.iter().zip(source) {
                    target[index] = value.clone();
                }
            }
        });
        Ok(())
    }

    /// The elements' little-endian machine bytes, row-major (NumPy's `tobytes`, the data
    /// of an `.npy` file); `None` for strings, which have no fixed width.
    pub fn to_le_bytes(&self) -> Option<Vec<u8>> {
        macro_rules! bytes {
            ($values:expr, $to_bits:expr) => {
                $values
                    .iter()
                    .flat_map(|v| $to_bits(*v).to_le_bytes())
                    .collect()
            };
        }
        Some(match (&*self.data, self.dtype) {
            (TensorData::Float32(v), DType::Float16) => {
                bytes!(v, |x| half::f16::from_f32(x).to_bits())
            }
            (TensorData::Float32(v), DType::BFloat16) => {
                bytes!(v, |x| half::bf16::from_f32(x).to_bits())
            }
            (TensorData::Float32(v), _) => bytes!(v, |x: f32| x),
            (TensorData::Float64(v), _) => bytes!(v, |x: f64| x),
            (TensorData::Int8(v), _) => bytes!(v, |x: i8| x),
            (TensorData::Int16(v), _) => bytes!(v, |x: i16| x),
            (TensorData::Int32(v), _) => bytes!(v, |x: i32| x),
            (TensorData::Int64(v), _) => bytes!(v, |x: i64| x),
            (TensorData::UInt8(v), _) => v.clone(),
            (TensorData::UInt16(v), _) => bytes!(v, |x: u16| x),
            (TensorData::UInt32(v), _) => bytes!(v, |x: u32| x),
            (TensorData::UInt64(v), _) => bytes!(v, |x: u64| x),
            (TensorData::Complex64(v), _) => v
                .iter()
                .flat_map(|c| [c.re.to_le_bytes(), c.im.to_le_bytes()])
                .flatten()
                .collect(),
            (TensorData::Complex128(v), _) => v
                .iter()
                .flat_map(|c| [c.re.to_le_bytes(), c.im.to_le_bytes()])
                .flatten()
                .collect(),
            (TensorData::Bool(v), _) => v.iter().map(|&b| u8::from(b)).collect(),
            (TensorData::String(_), _) => return None,
        })
    }

    /// A vector of `dtype` elements read from little-endian bytes (whose length must be a
    /// multiple of the element size); `None` for strings.
    pub fn from_le_bytes(dtype: DType, raw: &[u8]) -> Option<OpResult<Tensor>> {
        macro_rules! read {
            ($t:ty, $from_bits:expr) => {
                raw.chunks_exact(std::mem::size_of::<$t>())
                    .map(|c| $from_bits(<$t>::from_le_bytes(c.try_into().expect("chunk width"))))
                    .collect()
            };
        }
        let data = match dtype {
            DType::Float16 => TensorData::Float32(read!(u16, |b| half::f16::from_bits(b).to_f32())),
            DType::BFloat16 => {
                TensorData::Float32(read!(u16, |b| half::bf16::from_bits(b).to_f32()))
            }
            DType::Float32 => TensorData::Float32(read!(f32, |x| x)),
            DType::Float64 => TensorData::Float64(read!(f64, |x| x)),
            DType::Int8 => TensorData::Int8(read!(i8, |x| x)),
            DType::Int16 => TensorData::Int16(read!(i16, |x| x)),
            DType::Int32 => TensorData::Int32(read!(i32, |x| x)),
            DType::Int64 => TensorData::Int64(read!(i64, |x| x)),
            DType::UInt8 => TensorData::UInt8(raw.to_vec()),
            DType::UInt16 => TensorData::UInt16(read!(u16, |x| x)),
            DType::UInt32 => TensorData::UInt32(read!(u32, |x| x)),
            DType::UInt64 => TensorData::UInt64(read!(u64, |x| x)),
            DType::Complex64 => {
                let parts: Vec<f32> = read!(f32, |x| x);
                TensorData::Complex64(
                    parts
                        .chunks_exact(2)
                        .map(|p| Complex32::new(p[0], p[1]))
                        .collect(),
                )
            }
            DType::Complex128 => {
                let parts: Vec<f64> = read!(f64, |x| x);
                TensorData::Complex128(
                    parts
                        .chunks_exact(2)
                        .map(|p| Complex64::new(p[0], p[1]))
                        .collect(),
                )
            }
            DType::Bool => TensorData::Bool(raw.iter().map(|&b| b != 0).collect()),
            DType::String => return None,
        };
        let count = data.len();
        Some(Tensor::new(dtype, Shape::new(vec![count]), data))
    }

    /// The same storage under another shape with the same element count (no copy).
    pub fn with_shape(&self, shape: Shape) -> OpResult<Tensor> {
        if shape.num_elements() != Some(self.num_elements()) {
            return Err(OpError::python(
                ErrorClass::Internal,
                format!(
                    "cannot view {} elements as shape {shape}",
                    self.num_elements()
                ),
            ));
        }
        Ok(Tensor {
            dtype: self.dtype,
            shape,
            data: Arc::clone(&self.data),
        })
    }

    /// The same values labelled with another dtype of the same storage (e.g. f32 data as
    /// float16, rounding). Fails if the storage cannot hold `dtype`.
    pub fn relabel(&self, dtype: DType) -> OpResult<Tensor> {
        Tensor::new(dtype, self.shape.clone(), (*self.data).clone())
    }

    /// Numeric elements widened to f64 (bool as 0/1); `None` for strings.
    pub fn to_f64_vec(&self) -> Option<Vec<f64>> {
        let values = match &*self.data {
            TensorData::Float32(values) => values.iter().map(|&v| f64::from(v)).collect(),
            TensorData::Float64(values) => values.clone(),
            TensorData::Int8(values) => values.iter().map(|&v| f64::from(v)).collect(),
            TensorData::Int16(values) => values.iter().map(|&v| f64::from(v)).collect(),
            TensorData::Int32(values) => values.iter().map(|&v| f64::from(v)).collect(),
            TensorData::Int64(values) => values.iter().map(|&v| v as f64).collect(),
            TensorData::UInt8(values) => values.iter().map(|&v| f64::from(v)).collect(),
            TensorData::UInt16(values) => values.iter().map(|&v| f64::from(v)).collect(),
            TensorData::UInt32(values) => values.iter().map(|&v| f64::from(v)).collect(),
            TensorData::UInt64(values) => values.iter().map(|&v| v as f64).collect(),
            TensorData::Bool(values) => values.iter().map(|&v| f64::from(u8::from(v))).collect(),
            TensorData::String(_) | TensorData::Complex64(_) | TensorData::Complex128(_) => {
                return None
            }
        };
        Some(values)
    }

    /// Integer elements widened to i64 (bool as 0/1); `None` for floats and strings.
    pub fn to_i64_vec(&self) -> Option<Vec<i64>> {
        let values = match &*self.data {
            TensorData::Int8(values) => values.iter().map(|&v| i64::from(v)).collect(),
            TensorData::Int16(values) => values.iter().map(|&v| i64::from(v)).collect(),
            TensorData::Int32(values) => values.iter().map(|&v| i64::from(v)).collect(),
            TensorData::Int64(values) => values.clone(),
            TensorData::UInt8(values) => values.iter().map(|&v| i64::from(v)).collect(),
            TensorData::UInt16(values) => values.iter().map(|&v| i64::from(v)).collect(),
            TensorData::UInt32(values) => values.iter().map(|&v| i64::from(v)).collect(),
            TensorData::UInt64(values) => values.iter().map(|&v| v as i64).collect(),
            TensorData::Bool(values) => values.iter().map(|&v| i64::from(v)).collect(),
            _ => return None,
        };
        Some(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn construction_checks_sizes_and_dtypes() {
        let tensor = Tensor::from_vec(Shape::new(vec![2, 2]), vec![1.0f32, 2.0, 3.0, 4.0]);
        assert!(tensor.is_ok());
        assert!(Tensor::from_vec(Shape::new(vec![3]), vec![1i32, 2]).is_err());
        assert!(Tensor::new(
            DType::Int32,
            Shape::scalar(),
            TensorData::Float32(vec![1.0])
        )
        .is_err());
        let huge = Shape::new(vec![usize::MAX, 2]);
        assert!(Tensor::new(DType::Float32, huge, TensorData::Float32(vec![])).is_err());
    }

    #[test]
    #[allow(clippy::approx_constant)] // 3.14159 is the recorded input, not a stand-in for PI.
    fn half_types_are_rounded() {
        let tensor = Tensor::new(
            DType::Float16,
            Shape::new(vec![1]),
            TensorData::Float32(vec![0.1]),
        )
        .unwrap();
        assert_eq!(tensor.as_slice::<f32>(), Some(&[0.099975586f32][..]));
        let tensor = Tensor::new(
            DType::BFloat16,
            Shape::scalar(),
            TensorData::Float32(vec![3.14159]),
        )
        .unwrap();
        assert_eq!(tensor.as_slice::<f32>(), Some(&[3.140625f32][..]));
    }

    #[test]
    fn clones_share_storage() {
        let tensor = Tensor::from_vec(Shape::new(vec![4]), vec![1i64, 2, 3, 4]).unwrap();
        let view = tensor.with_shape(Shape::new(vec![2, 2])).unwrap();
        assert!(Arc::ptr_eq(&tensor.data, &view.data));
        assert!(tensor.with_shape(Shape::new(vec![3])).is_err());
    }

    #[test]
    fn take_and_gather_parts() {
        let data = TensorData::Int32(vec![10, 20, 30]);
        assert_eq!(data.take(&[2, 0]), TensorData::Int32(vec![30, 10]));
        let other = TensorData::Int32(vec![40]);
        let joined = TensorData::gather_parts(&[&data, &other], &[(1, 0), (0, 1)]);
        assert_eq!(joined, Some(TensorData::Int32(vec![40, 20])));
        let mixed = TensorData::Bool(vec![true]);
        assert_eq!(TensorData::gather_parts(&[&data, &mixed], &[(0, 0)]), None);
    }
}
