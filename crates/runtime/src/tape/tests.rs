//! Gradients from the tape checked against central finite differences, for the ops Keras
//! uses (matmul, bias add, activations, softmax, reductions, reshape, log/exp, division).

use crate::api::{Handle, Operand};
use crate::context::Context;
use crate::EagerTensor;
use hardware::topology;
use tensor::ops::{BinaryOp, MatMulOptions, ReduceOp, UnaryOp};
use tensor::{Shape, Tensor};

fn cpu() -> Context {
    Context::new(&topology::preset("cpu").expect("cpu preset"))
}

fn eager(handle: Handle) -> EagerTensor {
    match handle {
        Handle::Eager(tensor) => tensor,
        Handle::Symbolic(_) => panic!("expected an eager tensor"),
    }
}

/// A small model: `sum(softmax(tanh(x @ w + b)) * log(sigmoid(x) + 1) / 3)` reshaped and
/// mean-reduced, written with the runtime API the binding uses.
fn model(ctx: &mut Context, x: &Tensor, w: &Tensor) -> (EagerTensor, EagerTensor) {
    let x = eager(ctx.constant(x.clone(), None).unwrap());
    let w = eager(ctx.constant(w.clone(), None).unwrap());
    let tape = ctx.tape_begin(false, true);
    ctx.tape_watch(tape, &w);
    let h = ctx
        .matmul(
            Operand::Handle(Handle::Eager(x.clone())),
            Operand::Handle(Handle::Eager(w.clone())),
            MatMulOptions::default(),
            None,
        )
        .unwrap();
    let bias = Tensor::from_vec(Shape::new(vec![3]), vec![0.1f32, -0.2, 0.3]).unwrap();
    let h = ctx
        .binary(BinaryOp::Add, h.into(), Operand::Literal(bias), None)
        .unwrap();
    let h = ctx.unary(UnaryOp::Tanh, h.into(), None).unwrap();
    let s = ctx
        .array_op(
            crate::op_defs::Softmax::kind(),
            "Softmax",
            None,
            vec![(h.into(), "logits", true)],
        )
        .unwrap();
    let g = ctx.unary(UnaryOp::Relu, s.into(), None).unwrap();
    let e = ctx.unary(UnaryOp::Exp, g.into(), None).unwrap();
    let l = ctx.unary(UnaryOp::Log, e.into(), None).unwrap();
    let sig = ctx.unary(UnaryOp::Sigmoid, l.into(), None).unwrap();
    let d = ctx
        .binary(
            BinaryOp::RealDiv,
            sig.into(),
            Operand::Literal(Tensor::scalar(3.0f32)),
            None,
        )
        .unwrap();
    let sq = ctx
        .binary(
            BinaryOp::SquaredDifference,
            d.into(),
            Operand::Literal(Tensor::scalar(0.5f32)),
            None,
        )
        .unwrap();
    let r = ctx.reshape(sq.into(), vec![-1], None).unwrap();
    let loss = ctx
        .reduce(ReduceOp::Mean, r.into(), None, false, None)
        .unwrap();
    ctx.tape_stop(tape);
    let loss = eager(loss);
    let grads = ctx
        .tape_gradient(tape, &seeded(&loss), std::slice::from_ref(&w.tensor_name))
        .unwrap();
    let grad = grads[0].clone().expect("w is connected");
    let grad = eager(ctx.constant(grad.tensor().unwrap().clone(), None).unwrap());
    (loss, grad)
}

/// A gradient target with its ones seed.
fn seeded(target: &EagerTensor) -> Vec<(String, crate::op::Value)> {
    let seed = crate::tape::gradient_seed(&target.value).unwrap().unwrap();
    vec![(target.tensor_name.clone(), seed)]
}

fn value(tensor: &EagerTensor) -> Vec<f64> {
    tensor.tensor().unwrap().to_f64_vec().unwrap()
}

#[test]
fn gradients_match_finite_differences() {
    let x = Tensor::from_vec(Shape::new(vec![2, 2]), vec![0.5f32, -1.0, 1.5, 0.25]).unwrap();
    let w_values = vec![0.3f32, -0.7, 0.2, 0.9, 0.4, -0.5];
    let w = Tensor::from_vec(Shape::new(vec![2, 3]), w_values.clone()).unwrap();
    let mut ctx = cpu();
    let (_, grad) = model(&mut ctx, &x, &w);
    let analytic = value(&grad);
    let eps = 1e-2f32;
    for index in 0..w_values.len() {
        let mut plus = w_values.clone();
        plus[index] += eps;
        let mut minus = w_values.clone();
        minus[index] -= eps;
        let f = |values: Vec<f32>| {
            let mut ctx = cpu();
            let w = Tensor::from_vec(Shape::new(vec![2, 3]), values).unwrap();
            value(&model(&mut ctx, &x, &w).0)[0]
        };
        let numeric = (f(plus) - f(minus)) / (2.0 * f64::from(eps));
        assert!(
            (numeric - analytic[index]).abs() < 2e-3,
            "w[{index}]: finite difference {numeric}, tape {}",
            analytic[index]
        );
    }
}

#[test]
fn unwatched_sources_get_none_and_tapes_are_single_use() {
    let mut ctx = cpu();
    let a = eager(ctx.constant(Tensor::scalar(2.0f32), None).unwrap());
    let b = eager(ctx.constant(Tensor::scalar(5.0f32), None).unwrap());
    let tape = ctx.tape_begin(false, true);
    ctx.tape_watch(tape, &a);
    let y = ctx
        .binary(
            BinaryOp::Mul,
            Handle::Eager(a.clone()).into(),
            Handle::Eager(b.clone()).into(),
            None,
        )
        .unwrap();
    ctx.tape_stop(tape);
    let y = eager(y);
    let grads = ctx
        .tape_gradient(
            tape,
            &seeded(&y),
            &[a.tensor_name.clone(), b.tensor_name.clone()],
        )
        .unwrap();
    assert_eq!(
        grads[0]
            .as_ref()
            .unwrap()
            .tensor()
            .unwrap()
            .to_f64_vec()
            .unwrap(),
        vec![5.0]
    );
    assert!(grads[1].is_none());
    let again = ctx.tape_gradient(tape, &seeded(&y), std::slice::from_ref(&a.tensor_name));
    assert!(again.unwrap_err().message.contains("non-persistent"));
}
