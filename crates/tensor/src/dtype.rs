//! Element types (`tf.DType`): their TensorFlow and NumPy names, sizes and classes, and the
//! dtype that `tf.constant` / `np.array` infer from Python literals.

use std::fmt;

/// A TensorFlow element type.
///
/// Only the dtypes the playground emulates; the quantized `qint*`, `resource` and `variant`
/// are absent on purpose (variables and datasets are values of their own here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DType {
    /// IEEE half precision (`tf.float16`, `tf.half`).
    Float16,
    /// Brain floating point: f32's exponent with 8 bits of mantissa (`tf.bfloat16`).
    BFloat16,
    /// IEEE single precision (`tf.float32`), TensorFlow's default float.
    Float32,
    /// IEEE double precision (`tf.float64`, `tf.double`).
    Float64,
    /// Signed 8-bit integer.
    Int8,
    /// Signed 16-bit integer.
    Int16,
    /// Signed 32-bit integer, TensorFlow's default integer.
    Int32,
    /// Signed 64-bit integer, NumPy's default integer.
    Int64,
    /// Unsigned 8-bit integer (images).
    UInt8,
    /// Unsigned 16-bit integer.
    UInt16,
    /// Unsigned 32-bit integer.
    UInt32,
    /// Unsigned 64-bit integer.
    UInt64,
    /// A complex number of two `float32`s.
    Complex64,
    /// A complex number of two `float64`s, what a Python `complex` converts to.
    Complex128,
    /// Boolean.
    Bool,
    /// Byte string (`tf.string` holds bytes, not text).
    String,
}

impl DType {
    /// Every emulated dtype, in declaration order.
    pub const ALL: [DType; 16] = [
        DType::Float16,
        DType::BFloat16,
        DType::Float32,
        DType::Float64,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::UInt8,
        DType::UInt16,
        DType::UInt32,
        DType::UInt64,
        DType::Complex64,
        DType::Complex128,
        DType::Bool,
        DType::String,
    ];

    /// The Python-side name, as in `tf.float32.name` and `TensorSpec(dtype=tf.float32)`.
    pub fn name(self) -> &'static str {
        match self {
            DType::Float16 => "float16",
            DType::BFloat16 => "bfloat16",
            DType::Float32 => "float32",
            DType::Float64 => "float64",
            DType::Int8 => "int8",
            DType::Int16 => "int16",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::UInt8 => "uint8",
            DType::UInt16 => "uint16",
            DType::UInt32 => "uint32",
            DType::UInt64 => "uint64",
            DType::Complex64 => "complex64",
            DType::Complex128 => "complex128",
            DType::Bool => "bool",
            DType::String => "string",
        }
    }

    /// `repr(tf.float32)` and `print(tf.float32)`: `<dtype: 'float32'>`.
    pub fn repr(self) -> String {
        format!("<dtype: '{}'>", self.name())
    }

    /// The C++ `DataTypeString` used inside kernel error messages (`float`, `double`, `half`).
    pub fn kernel_name(self) -> &'static str {
        match self {
            DType::Float16 => "half",
            DType::Float32 => "float",
            DType::Float64 => "double",
            other => other.name(),
        }
    }

    /// The C++ enum name used in node attributes (`T=DT_FLOAT`).
    pub fn enum_name(self) -> &'static str {
        match self {
            DType::Float16 => "DT_HALF",
            DType::BFloat16 => "DT_BFLOAT16",
            DType::Float32 => "DT_FLOAT",
            DType::Float64 => "DT_DOUBLE",
            DType::Int8 => "DT_INT8",
            DType::Int16 => "DT_INT16",
            DType::Int32 => "DT_INT32",
            DType::Int64 => "DT_INT64",
            DType::UInt8 => "DT_UINT8",
            DType::UInt16 => "DT_UINT16",
            DType::UInt32 => "DT_UINT32",
            DType::UInt64 => "DT_UINT64",
            DType::Complex64 => "DT_COMPLEX64",
            DType::Complex128 => "DT_COMPLEX128",
            DType::Bool => "DT_BOOL",
            DType::String => "DT_STRING",
        }
    }

    /// The NumPy dtype name of `.numpy()`'s result; strings come back as `object` arrays.
    pub fn numpy_name(self) -> &'static str {
        match self {
            DType::String => "object",
            other => other.name(),
        }
    }

    /// Parses a TensorFlow dtype name or alias (`"float32"`, `"float"`, `"half"`, `"double"`).
    pub fn from_name(name: &str) -> Option<DType> {
        let found = match name {
            "half" => DType::Float16,
            "float" => DType::Float32,
            "double" => DType::Float64,
            _ => return DType::ALL.into_iter().find(|dtype| dtype.name() == name),
        };
        Some(found)
    }

    /// Bytes per element; `None` for strings, whose elements have no fixed size.
    pub fn size_in_bytes(self) -> Option<usize> {
        let size = match self {
            DType::Int8 | DType::UInt8 | DType::Bool => 1,
            DType::Float16 | DType::BFloat16 | DType::Int16 | DType::UInt16 => 2,
            DType::Float32 | DType::Int32 | DType::UInt32 => 4,
            DType::Float64 | DType::Int64 | DType::UInt64 | DType::Complex64 => 8,
            DType::Complex128 => 16,
            DType::String => return None,
        };
        Some(size)
    }

    /// `dtype.is_floating`: the four float types.
    pub fn is_floating(self) -> bool {
        matches!(
            self,
            DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Float64
        )
    }

    /// `dtype.is_integer`: signed and unsigned integers (not bool).
    pub fn is_integer(self) -> bool {
        matches!(
            self,
            DType::Int8
                | DType::Int16
                | DType::Int32
                | DType::Int64
                | DType::UInt8
                | DType::UInt16
                | DType::UInt32
                | DType::UInt64
        )
    }

    /// `dtype.is_unsigned`.
    pub fn is_unsigned(self) -> bool {
        matches!(
            self,
            DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 | DType::Bool
        )
    }

    /// `dtype.is_complex`.
    pub fn is_complex(self) -> bool {
        matches!(self, DType::Complex64 | DType::Complex128)
    }

    /// The real type of a complex dtype's parts (`tf.math.real`'s result); the dtype itself
    /// for the others.
    pub fn real_dtype(self) -> DType {
        match self {
            DType::Complex64 => DType::Float32,
            DType::Complex128 => DType::Float64,
            other => other,
        }
    }

    /// True for floats, integers and complex numbers: the dtypes arithmetic kernels accept.
    pub fn is_numeric(self) -> bool {
        self.is_floating() || self.is_integer() || self.is_complex()
    }

    /// `tf.truediv`'s table: the float type integer operands are cast to before dividing.
    /// Floats divide as themselves; `None` for bool and string.
    pub fn truediv_result(self) -> Option<DType> {
        match self {
            DType::Int8 | DType::Int16 | DType::UInt8 | DType::UInt16 => Some(DType::Float32),
            DType::Int32 | DType::Int64 | DType::UInt32 | DType::UInt64 => Some(DType::Float64),
            float if float.is_floating() || float.is_complex() => Some(float),
            _ => None,
        }
    }
}

impl fmt::Display for DType {
    /// `print(tf.float32)` prints the repr: `<dtype: 'float32'>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<dtype: '{}'>", self.name())
    }
}

/// The kind of one Python literal leaf in a (possibly nested) list given to `tf.constant`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LiteralKind {
    /// `True` / `False`.
    Bool,
    /// A Python `int` with its value (values beyond i64 are the interpreter's concern).
    Int(i64),
    /// A Python `float`.
    Float,
    /// A Python `complex`.
    Complex,
    /// A `str` or `bytes`.
    Str,
}

/// Why a list of literals has no TensorFlow dtype.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InferenceError {
    /// `tf.constant([True, 1])`, `tf.constant(["a", 1])`: mixed kinds that do not promote.
    MixedTypes,
}

impl InferenceError {
    /// The `ValueError` text TensorFlow raises.
    pub fn message(self) -> &'static str {
        match self {
            InferenceError::MixedTypes => {
                "Can't convert Python sequence with mixed types to Tensor."
            }
        }
    }
}

/// The dtype `tf.constant(value)` infers from the literal leaves of `value`.
///
/// Ints give int32, or int64 when any value does not fit in int32; any float among ints gives
/// float32; bools and strings must not mix with anything else. An empty list gives float32.
pub fn infer_tf_dtype(leaves: &[LiteralKind]) -> Result<DType, InferenceError> {
    let (mut has_bool, mut has_int, mut has_float, mut has_str, mut needs_int64) =
        (false, false, false, false, false);
    let mut has_complex = false;
    for leaf in leaves {
        match *leaf {
            LiteralKind::Bool => has_bool = true,
            LiteralKind::Int(value) => {
                has_int = true;
                needs_int64 |= i32::try_from(value).is_err();
            }
            LiteralKind::Float => has_float = true,
            LiteralKind::Complex => has_complex = true,
            LiteralKind::Str => has_str = true,
        }
    }
    let numeric = has_int || has_float || has_complex;
    if (has_bool && (numeric || has_str)) || (has_str && numeric) {
        return Err(InferenceError::MixedTypes);
    }
    let dtype = if has_str {
        DType::String
    } else if has_bool {
        DType::Bool
    } else if has_complex {
        DType::Complex128
    } else if has_float || !has_int {
        DType::Float32
    } else if needs_int64 {
        DType::Int64
    } else {
        DType::Int32
    };
    Ok(dtype)
}

/// The dtype `np.array(value)` infers: NumPy promotes instead of refusing (bool < int64 <
/// float64), and an empty list is float64. Strings are only supported alone (`None` otherwise:
/// NumPy would build a `<U` or object array the playground does not emulate).
pub fn infer_numpy_dtype(leaves: &[LiteralKind]) -> Option<DType> {
    let has = |wanted: fn(&LiteralKind) -> bool| leaves.iter().any(wanted);
    let has_str = has(|leaf| matches!(leaf, LiteralKind::Str));
    if has_str {
        return leaves
            .iter()
            .all(|leaf| matches!(leaf, LiteralKind::Str))
            .then_some(DType::String);
    }
    let dtype = if has(|leaf| matches!(leaf, LiteralKind::Complex)) {
        DType::Complex128
    } else if leaves.is_empty() || has(|leaf| matches!(leaf, LiteralKind::Float)) {
        DType::Float64
    } else if has(|leaf| matches!(leaf, LiteralKind::Int(_))) {
        DType::Int64
    } else {
        DType::Bool
    };
    Some(dtype)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for dtype in DType::ALL {
            assert_eq!(DType::from_name(dtype.name()), Some(dtype));
        }
        assert_eq!(DType::Float32.repr(), "<dtype: 'float32'>");
        assert_eq!(DType::Float32.to_string(), "<dtype: 'float32'>");
        assert_eq!(DType::Float32.kernel_name(), "float");
        assert_eq!(DType::String.numpy_name(), "object");
        assert_eq!(DType::from_name("double"), Some(DType::Float64));
        assert_eq!(DType::from_name("complex64"), Some(DType::Complex64));
        assert_eq!(DType::from_name("qint8"), None);
    }

    #[test]
    fn classes_and_sizes() {
        assert!(DType::BFloat16.is_floating());
        assert!(!DType::Bool.is_integer());
        assert!(DType::UInt8.is_integer());
        assert_eq!(DType::Float16.size_in_bytes(), Some(2));
        assert_eq!(DType::String.size_in_bytes(), None);
        assert_eq!(DType::Int32.truediv_result(), Some(DType::Float64));
        assert_eq!(DType::Int16.truediv_result(), Some(DType::Float32));
        assert_eq!(DType::Bool.truediv_result(), None);
    }

    #[test]
    fn tf_inference_matches_tensorflow() {
        use LiteralKind::*;
        // Each row was checked against tensorflow-cpu 2.21.0.
        let cases: &[(&[LiteralKind], Result<DType, InferenceError>)] = &[
            (&[Int(1)], Ok(DType::Int32)),
            (&[Float], Ok(DType::Float32)),
            (&[Int(1), Float], Ok(DType::Float32)),
            (&[Int(1), Int(1 << 40)], Ok(DType::Int64)),
            (&[Int(1 << 31)], Ok(DType::Int64)),
            (&[Bool, Bool], Ok(DType::Bool)),
            (&[Str], Ok(DType::String)),
            (&[], Ok(DType::Float32)),
            (&[Bool, Int(1)], Err(InferenceError::MixedTypes)),
            (&[Str, Int(1)], Err(InferenceError::MixedTypes)),
        ];
        for (leaves, expected) in cases {
            assert_eq!(infer_tf_dtype(leaves), *expected, "{leaves:?}");
        }
    }

    #[test]
    fn numpy_inference_promotes() {
        use LiteralKind::*;
        assert_eq!(infer_numpy_dtype(&[Int(1)]), Some(DType::Int64));
        assert_eq!(infer_numpy_dtype(&[Int(1), Float]), Some(DType::Float64));
        assert_eq!(infer_numpy_dtype(&[Bool, Int(1)]), Some(DType::Int64));
        assert_eq!(infer_numpy_dtype(&[Bool]), Some(DType::Bool));
        assert_eq!(infer_numpy_dtype(&[]), Some(DType::Float64));
        assert_eq!(infer_numpy_dtype(&[Str, Int(1)]), None);
    }
}
