//! Element-wise math, comparisons, casts and matrix products.

use super::OpDef;
use placer::kernels::{DataType, GpuKernel, KernelDef, Kernels, TypeConstraint};
use report::OpClass;

/// `AddV2` and `Add`: the CPU kernel takes strings (`Add` concatenates them); int32 GPU
/// kernels keep their operands in host memory (§7).
const ADD: Kernels = Kernels::EVERYWHERE.with_gpu(GpuKernel {
    host_memory_only_for_int32: true,
    ..GpuKernel::NUMERIC.host_memory(&["x", "y", "z"])
});

/// The XLA MatMul list of §7 (T={complex64,double,float}).
const XLA_MATMUL_TYPES: &[DataType] = &[DataType::Complex64, DataType::Double, DataType::Float];
/// What XLA's compiler takes for `MatMul` on a CPU or GPU (`jit_compile=True`), in the
/// order TensorFlow 2.21 lists them ("All kernels registered for op MatMul:
/// device='XLA_CPU_JIT'; T in [...]", printed by the TF 2.21 venv for a uint16 matmul).
const JIT_MATMUL_TYPES: &[DataType] = &[
    DataType::Float,
    DataType::Double,
    DataType::Int32,
    DataType::Complex64,
    DataType::Int64,
    DataType::BFloat16,
    DataType::Complex128,
    DataType::Half,
];
/// The same plus bf16, which TPUs take ("bf16 on TPU", §7).
const TPU_MATMUL_TYPES: &[DataType] = &[
    DataType::Complex64,
    DataType::Double,
    DataType::Float,
    DataType::BFloat16,
];

/// `MatMul`: CPU and GPU for any numeric type; XLA only for the types of §7.
const MATMUL: Kernels = Kernels {
    xla: None,
    ..Kernels::EVERYWHERE
}
.and(&[
    KernelDef::new("XLA_CPU", TypeConstraint::Only(XLA_MATMUL_TYPES)),
    KernelDef::new("XLA_GPU", TypeConstraint::Only(XLA_MATMUL_TYPES)),
    KernelDef::new("XLA_CPU_JIT", TypeConstraint::Only(JIT_MATMUL_TYPES)),
    KernelDef::new("XLA_GPU_JIT", TypeConstraint::Only(JIT_MATMUL_TYPES)),
    KernelDef::new("TPU", TypeConstraint::Only(TPU_MATMUL_TYPES)),
    KernelDef::new("XLA_TPU_JIT", TypeConstraint::Only(TPU_MATMUL_TYPES)),
]);

/// Element-wise ops that evaluate a transcendental function per element.
const fn transcendental(name: &'static str) -> OpDef {
    OpDef::compute(name).class(OpClass::Transcendental)
}

pub(super) const OPS: &[OpDef] = &[
    OpDef::compute("AddV2").kernels(ADD),
    OpDef::compute("Add").kernels(ADD),
    OpDef::compute("Sub"),
    OpDef::compute("Mul"),
    OpDef::compute("RealDiv"),
    OpDef::compute("FloorDiv"),
    OpDef::compute("FloorMod"),
    transcendental("Pow"),
    OpDef::compute("Maximum"),
    OpDef::compute("Minimum"),
    OpDef::compute("SquaredDifference"),
    OpDef::compute("Greater"),
    OpDef::compute("GreaterEqual"),
    OpDef::compute("Less"),
    OpDef::compute("LessEqual"),
    OpDef::compute("Equal"),
    OpDef::compute("NotEqual"),
    OpDef::compute("LogicalAnd"),
    OpDef::compute("LogicalOr"),
    OpDef::compute("LogicalNot"),
    OpDef::compute("Neg"),
    OpDef::compute("Abs"),
    OpDef::compute("Sign"),
    OpDef::compute("Square"),
    transcendental("Sqrt"),
    transcendental("Exp"),
    transcendental("Log"),
    transcendental("Sin"),
    transcendental("Cos"),
    transcendental("Tanh"),
    transcendental("Sigmoid"),
    OpDef::compute("Floor"),
    OpDef::compute("Ceil"),
    transcendental("Rsqrt"),
    transcendental("Log1p"),
    transcendental("Expm1"),
    transcendental("Erf"),
    transcendental("Erfc"),
    transcendental("Tan"),
    OpDef::compute("Reciprocal"),
    transcendental("Softplus"),
    transcendental("Atan"),
    transcendental("Asin"),
    transcendental("Acos"),
    transcendental("Sinh"),
    transcendental("Cosh"),
    OpDef::compute("Round"),
    OpDef::compute("Relu"),
    OpDef::compute("ClipByValue"),
    OpDef::compute("AddN").class(OpClass::AddN),
    OpDef::compute("Cast"),
    // tf.math.is_nan and friends: kernels on CPU and GPU, and XLA lowerings (tf2xla
    // `REGISTER_XLA_OP`).
    OpDef::compute("BitwiseAnd"),
    OpDef::compute("BitwiseOr"),
    OpDef::compute("BitwiseXor"),
    OpDef::compute("LeftShift"),
    OpDef::compute("RightShift"),
    OpDef::compute("Invert"),
    OpDef::compute("Real"),
    OpDef::compute("Imag"),
    OpDef::compute("Conj"),
    transcendental("Angle"),
    transcendental("ComplexAbs"),
    OpDef::compute("Complex"),
    OpDef::compute("IsNan"),
    OpDef::compute("IsInf"),
    OpDef::compute("IsFinite"),
    OpDef::compute("MatMul")
        .kernels(MATMUL)
        .class(OpClass::MatMul),
    OpDef::compute("BatchMatMulV2").class(OpClass::MatMul),
];
