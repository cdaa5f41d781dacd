//! Printing tests: every case in `cases.rs` was recorded from real TensorFlow and NumPy; each
//! is rebuilt in Rust and must print byte for byte the same.

use super::cases::{Case, CASES};
use super::*;
use crate::shape::Shape;

/// Rebuilds a recorded tensor from its dtype, shape and literal values.
fn build(case: &Case) -> Tensor {
    let dtype = DType::from_name(case.dtype).expect("recorded dtype is emulated");
    let shape = Shape::from(case.dims);
    let floats = || -> Vec<f64> {
        case.values
            .iter()
            .map(|text| text.parse::<f64>().expect("float literal"))
            .collect()
    };
    let ints = || -> Vec<i64> {
        case.values
            .iter()
            .map(|text| text.parse::<i64>().expect("int literal"))
            .collect()
    };
    let data = match dtype {
        DType::Float16 | DType::BFloat16 | DType::Float32 => {
            TensorData::Float32(floats().into_iter().map(|v| v as f32).collect())
        }
        DType::Float64 => TensorData::Float64(floats()),
        DType::Int8 => TensorData::Int8(ints().into_iter().map(|v| v as i8).collect()),
        DType::Int16 => TensorData::Int16(ints().into_iter().map(|v| v as i16).collect()),
        DType::Int32 => TensorData::Int32(ints().into_iter().map(|v| v as i32).collect()),
        DType::Int64 => TensorData::Int64(ints()),
        DType::UInt8 => TensorData::UInt8(ints().into_iter().map(|v| v as u8).collect()),
        DType::UInt16 => TensorData::UInt16(ints().into_iter().map(|v| v as u16).collect()),
        DType::UInt32 => TensorData::UInt32(ints().into_iter().map(|v| v as u32).collect()),
        DType::UInt64 => TensorData::UInt64(ints().into_iter().map(|v| v as u64).collect()),
        DType::Complex64 | DType::Complex128 => {
            unreachable!("the recorded cases hold no complex tensors")
        }
        DType::Bool => TensorData::Bool(ints().into_iter().map(|v| v != 0).collect()),
        DType::String => TensorData::String(
            case.values
                .iter()
                .map(|text| text.as_bytes().to_vec())
                .collect(),
        ),
    };
    Tensor::new(dtype, shape, data).expect("recorded tensor fits")
}

#[test]
fn recorded_cases_print_identically() {
    let mut failures = Vec::new();
    for case in CASES {
        let tensor = build(case);
        let checks = [
            ("str", tensor_str(&tensor), case.tensor_str),
            ("repr", tensor_repr(&tensor), case.tensor_repr),
            ("numpy str", numpy_str(&tensor), case.numpy_str),
            ("numpy repr", numpy_value_repr(&tensor), case.numpy_repr),
            (
                "variable",
                variable_repr("Variable:0", &tensor),
                case.variable_repr,
            ),
        ];
        for (what, actual, expected) in checks {
            if actual != expected {
                failures.push(format!(
                    "{} ({what}):\n  expected: {expected:?}\n  actual:   {actual:?}",
                    case.label
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

#[test]
fn numpy_scalars() {
    let float = Tensor::scalar(5.0f32);
    assert_eq!(numpy_scalar_str(&float, 0), "5.0");
    assert_eq!(numpy_scalar_repr(&float, 0), "np.float32(5.0)");
    let int = Tensor::scalar(3i64);
    assert_eq!(numpy_scalar_repr(&int, 0), "np.int64(3)");
    assert_eq!(numpy_scalar_repr(&Tensor::scalar(true), 0), "np.True_");
    let bytes = Tensor::scalar(b"ab".to_vec());
    assert_eq!(numpy_scalar_repr(&bytes, 0), "np.bytes_(b'ab')");
    assert_eq!(
        numpy_scalar_repr(&Tensor::scalar(1e-5f64), 0),
        "np.float64(1e-05)"
    );
}

#[test]
fn zero_d_array_repr() {
    // `repr(np.array(3.0))` and `str(np.array(3.0))`.
    let tensor = Tensor::scalar(3.0f64);
    assert_eq!(numpy_repr(&tensor), "array(3.)");
    assert_eq!(numpy_str(&tensor), "3.0");
}
