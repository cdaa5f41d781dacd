//! Property tests: no input shape or value makes the core panic, broadcasting is symmetric
//! and agrees with element counts, reshape round-trips, and printing always succeeds with
//! balanced brackets.

use proptest::prelude::*;

use super::format::{numpy_repr, tensor_repr, tensor_str};
use super::ops::{self, BinaryOp, ReduceOp, SliceSpec};
use super::shape::Shape;
use super::tensor::Tensor;
use super::DType;

fn small_dims() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0usize..4, 0..4)
}

fn float_tensor(dims: Vec<usize>, seed: u64) -> Tensor {
    let count: usize = dims.iter().product();
    let values = (0..count)
        .map(|i| {
            let x = (seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(i as u64)
                >> 33) as f32;
            (x - 1e9) / 1e3
        })
        .collect();
    Tensor::from_vec(Shape::new(dims), values).expect("small tensor")
}

proptest! {
    #[test]
    fn broadcast_is_symmetric(a in small_dims(), b in small_dims()) {
        let (a, b) = (Shape::new(a), Shape::new(b));
        let forward = Shape::broadcast(&a, &b).ok();
        let backward = Shape::broadcast(&b, &a).ok();
        prop_assert_eq!(&forward, &backward);
        if let Some(out) = forward {
            prop_assert_eq!(out.rank(), a.rank().max(b.rank()));
        }
    }

    #[test]
    fn binary_ops_never_panic(a in small_dims(), b in small_dims(), seed in any::<u64>()) {
        let (x, y) = (float_tensor(a, seed), float_tensor(b, seed ^ 1));
        for op in [BinaryOp::Add, BinaryOp::FloorMod, BinaryOp::Pow, BinaryOp::Less] {
            if let Ok(result) = ops::binary(op, &x, &y) {
                let expected = Shape::broadcast(x.shape(), y.shape()).unwrap();
                prop_assert_eq!(result.shape(), &expected);
            }
        }
    }

    #[test]
    fn reshape_round_trips(dims in small_dims(), seed in any::<u64>()) {
        let tensor = float_tensor(dims.clone(), seed);
        let flat = ops::reshape(&tensor, &[-1]).unwrap();
        let back: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
        prop_assert_eq!(ops::reshape(&flat, &back).unwrap(), tensor);
    }

    #[test]
    fn reshape_of_arbitrary_targets_never_panics(
        dims in small_dims(),
        target in prop::collection::vec(prop_oneof![Just(-1i64), -3i64..5, Just(i64::MAX)], 0..4),
    ) {
        let _ = ops::reshape(&float_tensor(dims, 3), &target);
    }

    #[test]
    fn huge_shapes_are_errors_not_panics(dims in prop::collection::vec(any::<i64>(), 0..4)) {
        let _ = ops::zeros(&dims, DType::Float32);
        let _ = ops::fill(&dims, &Tensor::scalar(1i32));
        let _ = ops::random_normal(&dims, 0.0, 1.0, DType::Float32, Some(1));
    }

    #[test]
    fn kernels_never_panic(dims in small_dims(), seed in any::<u64>(), axis in -5i64..5) {
        let tensor = float_tensor(dims, seed);
        let _ = ops::reduce(ReduceOp::Mean, &tensor, Some(&[axis]), true);
        let _ = ops::arg_reduce(ops::ArgReduceOp::ArgMax, &tensor, axis, DType::Int64);
        let _ = ops::expand_dims(&tensor, axis);
        let _ = ops::squeeze(&tensor, Some(&[axis]));
        let _ = ops::transpose(&tensor, None);
        let _ = ops::concat(&[tensor.clone(), tensor.clone()], axis);
        let _ = ops::stack(&[tensor.clone(), tensor.clone()], axis);
        let _ = ops::matmul(&tensor, &tensor, ops::MatMulOptions::default());
        let _ = ops::slice(&tensor, &[SliceSpec::Range { start: Some(axis), stop: None, step: Some(-2) }, SliceSpec::Index(axis)]);
        let _ = ops::cast(&tensor, DType::UInt8);
        for step in [i64::MIN, -2, 0, 3, i64::MAX] {
            let range = SliceSpec::Range { start: Some(axis), stop: Some(i64::MIN), step: Some(step) };
            let _ = ops::slice(&tensor, &[range, SliceSpec::Index(axis), SliceSpec::NewAxis]);
            let _ = ops::slice(&tensor, &[SliceSpec::Ellipsis, SliceSpec::Range { start: None, stop: Some(i64::MAX), step: Some(step) }]);
        }
        let indices = Tensor::from_vec(Shape::new(vec![2]), vec![axis, 0]).unwrap();
        let _ = ops::gather(&tensor, &indices, axis);
    }

    #[test]
    fn printing_always_balances(dims in small_dims(), seed in any::<u64>(), scale in -12i32..12) {
        let tensor = float_tensor(dims, seed);
        let factor = Tensor::scalar(10f32.powi(scale));
        let scaled = ops::binary(BinaryOp::Mul, &tensor, &factor).unwrap();
        for text in [tensor_str(&scaled), tensor_repr(&scaled), numpy_repr(&scaled)] {
            prop_assert_eq!(text.matches('[').count(), text.matches(']').count());
        }
    }

    #[test]
    fn printing_any_float32_bits(bits in prop::collection::vec(any::<u32>(), 1..30)) {
        let values: Vec<f32> = bits.into_iter().map(f32::from_bits).collect();
        let tensor = Tensor::from_vec(Shape::new(vec![values.len()]), values).unwrap();
        let text = tensor_str(&tensor);
        prop_assert!(text.starts_with("tf.Tensor("));
        for line in numpy_repr(&tensor).lines() {
            prop_assert!(line.len() <= 90, "line too long: {}", line);
        }
    }
}
