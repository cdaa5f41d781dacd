//! CPU kernels with TensorFlow's semantics and their op type names.
//!
//! Every kernel takes tensors and plain parameters and returns `OpResult<Tensor>`; errors
//! carry TensorFlow's class and message (see [`crate::error`]). Kernels never panic
//! on shapes or values: sizes use checked arithmetic and every allocation passes
//! [`crate::limits`].
//!
//! - [`elementwise`]: binary arithmetic, comparisons, logic, broadcasting.
//! - [`unary`]: neg, abs, sqrt, exp, ..., softmax, clip, round.
//! - [`reduce`]: sum/mean/max/min/prod/any/all over axes, argmax/argmin.
//! - [`matmul`]: 2-D and batched matrix products.
//! - [`manip`]: reshape, transpose, concat, stack, expand_dims, squeeze, gather, slicing,
//!   one_hot, where.
//! - [`cast`]: `tf.cast` with TensorFlow's rounding, truncation and wrapping.
//! - [`create`]: fill, zeros, ones, range, random normal/uniform.
//! - [`image`]: string to number, image resizing.
//! - [`conv`], [`mod@pool`], [`bias`]: `Conv2D`, `MaxPool`/`AvgPool`, `BiasAdd` and their
//!   gradients, over the sliding-window geometry of [`window`].
//! - [`mod@broadcast_to`], [`mod@slice_begin_size`]: `BroadcastTo`, `Slice` (`tf.slice`).
//! - [`add_n`], [`mod@pad`], [`float_class`]: `AddN`, `Pad`/`PadV2`/`MirrorPad`,
//!   `IsNan`/`IsInf`/`IsFinite`.
//! - [`matrix_diag`]: `MatrixDiagV3`, `MatrixSetDiagV3`, `MatrixDiagPartV3` (`tf.eye`).
//! - [`cost`]: the bytes a tensor occupies.

pub mod add_n;
pub mod bias;
pub mod bitwise;
pub mod broadcast_to;
pub mod cast;
pub mod complex;
pub mod conv;
pub mod cost;
pub mod create;
mod dtype_errors;
pub mod eigen_math;
mod eigen_sum;
pub mod elementwise;
pub mod fingerprint;
pub mod float_class;
pub mod gemm;
pub mod image;
pub mod manip;
pub mod matmul;
pub mod matrix_diag;
pub mod mxu;
pub mod pad;
pub mod parse_example;
pub mod pool;
pub mod reduce;
pub mod sampling;
pub mod scatter;
pub mod slice_begin_size;
pub mod split;
pub mod strings;
mod support;
pub mod top_k;
pub mod unary;
pub mod unique;
pub mod window;

pub use add_n::add_n;
pub use bias::{bias_add, bias_add_grad};
pub use bitwise::{bitwise, invert, BitwiseOp};
pub use broadcast_to::broadcast_to;
pub use cast::cast;
pub use complex::{complex, complex_part, conj, ComplexPart};
pub use conv::{conv2d, conv2d_backprop_filter, conv2d_backprop_input, conv2d_on, Conv2DAttrs};
pub use create::{
    fill, generator_for, ones, random_normal, random_uniform, range, standard_normal,
    stateless_uniform_int, truncated_normal, uniform, uniform_full_int, uniform_int, zeros,
};
pub use elementwise::{binary, truediv, BinaryOp};
pub use float_class::{float_class, FloatClass};
pub use image::{resize, string_to_number};
pub use manip::{
    concat, cumprod, cumsum, expand_dims, gather, identity, one_hot, reshape, reverse, slice,
    slice_partial_shape, squeeze, stack, strided_slice_grad, tile, transpose, where_indices,
    where_select, SliceSpec,
};
pub use matmul::{matmul, matmul_on, MatMulArithmetic, MatMulOptions};
pub use matrix_diag::{matrix_diag, matrix_diag_part, matrix_set_diag};
pub use mxu::matmul_mxu;
pub use pad::{mirror_pad_grad, pad, pad_grad, PadMode};
pub use pool::{pool, pool_grad, PoolAttrs, PoolKind};
pub use reduce::{arg_reduce, arg_reduce_lanes, reduce, ArgReduceOp, ReduceOp};
pub use scatter::{scatter_add, tensor_scatter_into, ScatterMode};
pub use slice_begin_size::{slice_begin_size, slice_bounds};
pub use split::{split, unstack, SplitSizes};
pub use support::{check_allowed_attr, check_allowed_named, disallowed_python_list};
pub use top_k::top_k;
pub use unary::{clip_by_value, softmax, unary, UnaryOp};
pub use unique::unique;
pub use window::Padding;

/// A TensorFlow op type, as the `type` of a graph node (`AddV2`, `MatMul`, `Sum`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)] // Each variant is TensorFlow's op of the same name.
pub enum OpType {
    AddV2,
    Sub,
    Mul,
    RealDiv,
    FloorDiv,
    FloorMod,
    Pow,
    Maximum,
    Minimum,
    SquaredDifference,
    Equal,
    NotEqual,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    LogicalAnd,
    LogicalOr,
    LogicalNot,
    Neg,
    Abs,
    Sign,
    Square,
    Sqrt,
    Exp,
    Log,
    Sin,
    Cos,
    Tanh,
    Floor,
    Ceil,
    Rsqrt,
    Log1p,
    Expm1,
    Erf,
    Erfc,
    Tan,
    Reciprocal,
    Softplus,
    Atan,
    Asin,
    Acos,
    Sinh,
    Cosh,
    Sigmoid,
    Relu,
    Round,
    Softmax,
    ClipByValue,
    MatMul,
    BatchMatMulV2,
    Sum,
    Mean,
    Max,
    Min,
    Prod,
    Any,
    All,
    ArgMax,
    ArgMin,
    Reshape,
    Transpose,
    ConcatV2,
    Pack,
    Split,
    SplitV,
    Unpack,
    TopKV2,
    Unique,
    ExpandDims,
    Squeeze,
    GatherV2,
    Tile,
    BroadcastTo,
    Slice,
    ReverseV2,
    Cumsum,
    Cumprod,
    StridedSlice,
    /// `StridedSliceGrad`: the gradient of a Python subscript.
    StridedSliceGrad,
    OneHot,
    SelectV2,
    Where,
    Cast,
    Fill,
    Range,
    RandomStandardNormal,
    RandomUniform,
    RandomUniformInt,
    TruncatedNormal,
    RandomShuffle,
    Multinomial,
    Identity,
    Const,
    /// `Add`: the op `+` uses for strings (concatenation).
    Add,
    StringToNumber,
    ResizeBilinear,
    ResizeNearestNeighbor,
    Conv2D,
    Conv2DBackpropInput,
    Conv2DBackpropFilter,
    MaxPool,
    AvgPool,
    MaxPoolGrad,
    AvgPoolGrad,
    BiasAdd,
    BiasAddGrad,
    AddN,
    Pad,
    PadV2,
    MirrorPad,
    IsNan,
    IsInf,
    IsFinite,
    MatrixDiagV3,
    MatrixSetDiagV3,
    MatrixDiagPartV3,
}

impl OpType {
    /// TensorFlow's op type name.
    pub fn name(self) -> &'static str {
        match self {
            OpType::AddV2 => "AddV2",
            OpType::Sub => "Sub",
            OpType::Mul => "Mul",
            OpType::RealDiv => "RealDiv",
            OpType::FloorDiv => "FloorDiv",
            OpType::FloorMod => "FloorMod",
            OpType::Pow => "Pow",
            OpType::Maximum => "Maximum",
            OpType::Minimum => "Minimum",
            OpType::SquaredDifference => "SquaredDifference",
            OpType::Equal => "Equal",
            OpType::NotEqual => "NotEqual",
            OpType::Less => "Less",
            OpType::LessEqual => "LessEqual",
            OpType::Greater => "Greater",
            OpType::GreaterEqual => "GreaterEqual",
            OpType::LogicalAnd => "LogicalAnd",
            OpType::LogicalOr => "LogicalOr",
            OpType::LogicalNot => "LogicalNot",
            OpType::Neg => "Neg",
            OpType::Abs => "Abs",
            OpType::Sign => "Sign",
            OpType::Square => "Square",
            OpType::Sqrt => "Sqrt",
            OpType::Exp => "Exp",
            OpType::Log => "Log",
            OpType::Sin => "Sin",
            OpType::Cos => "Cos",
            OpType::Tanh => "Tanh",
            OpType::Floor => "Floor",
            OpType::Ceil => "Ceil",
            OpType::Rsqrt => "Rsqrt",
            OpType::Log1p => "Log1p",
            OpType::Expm1 => "Expm1",
            OpType::Erf => "Erf",
            OpType::Erfc => "Erfc",
            OpType::Tan => "Tan",
            OpType::Reciprocal => "Reciprocal",
            OpType::Softplus => "Softplus",
            OpType::Atan => "Atan",
            OpType::Asin => "Asin",
            OpType::Acos => "Acos",
            OpType::Sinh => "Sinh",
            OpType::Cosh => "Cosh",
            OpType::Sigmoid => "Sigmoid",
            OpType::Relu => "Relu",
            OpType::Round => "Round",
            OpType::Softmax => "Softmax",
            OpType::ClipByValue => "ClipByValue",
            OpType::MatMul => "MatMul",
            OpType::BatchMatMulV2 => "BatchMatMulV2",
            OpType::Sum => "Sum",
            OpType::Mean => "Mean",
            OpType::Max => "Max",
            OpType::Min => "Min",
            OpType::Prod => "Prod",
            OpType::Any => "Any",
            OpType::All => "All",
            OpType::ArgMax => "ArgMax",
            OpType::ArgMin => "ArgMin",
            OpType::Reshape => "Reshape",
            OpType::Transpose => "Transpose",
            OpType::ConcatV2 => "ConcatV2",
            OpType::Pack => "Pack",
            OpType::Split => "Split",
            OpType::SplitV => "SplitV",
            OpType::Unpack => "Unpack",
            OpType::TopKV2 => "TopKV2",
            OpType::Unique => "Unique",
            OpType::ExpandDims => "ExpandDims",
            OpType::Squeeze => "Squeeze",
            OpType::GatherV2 => "GatherV2",
            OpType::Tile => "Tile",
            OpType::BroadcastTo => "BroadcastTo",
            OpType::Slice => "Slice",
            OpType::ReverseV2 => "ReverseV2",
            OpType::Cumsum => "Cumsum",
            OpType::Cumprod => "Cumprod",
            OpType::StridedSlice => "StridedSlice",
            OpType::StridedSliceGrad => "StridedSliceGrad",
            OpType::OneHot => "OneHot",
            OpType::SelectV2 => "SelectV2",
            OpType::Where => "Where",
            OpType::Cast => "Cast",
            OpType::Fill => "Fill",
            OpType::Range => "Range",
            OpType::RandomStandardNormal => "RandomStandardNormal",
            OpType::RandomUniform => "RandomUniform",
            OpType::RandomUniformInt => "RandomUniformInt",
            OpType::TruncatedNormal => "TruncatedNormal",
            OpType::RandomShuffle => "RandomShuffle",
            OpType::Multinomial => "Multinomial",
            OpType::Identity => "Identity",
            OpType::Const => "Const",
            OpType::Add => "Add",
            OpType::StringToNumber => "StringToNumber",
            OpType::ResizeBilinear => "ResizeBilinear",
            OpType::ResizeNearestNeighbor => "ResizeNearestNeighbor",
            OpType::Conv2D => "Conv2D",
            OpType::Conv2DBackpropInput => "Conv2DBackpropInput",
            OpType::Conv2DBackpropFilter => "Conv2DBackpropFilter",
            OpType::MaxPool => "MaxPool",
            OpType::AvgPool => "AvgPool",
            OpType::MaxPoolGrad => "MaxPoolGrad",
            OpType::AvgPoolGrad => "AvgPoolGrad",
            OpType::BiasAdd => "BiasAdd",
            OpType::BiasAddGrad => "BiasAddGrad",
            OpType::AddN => "AddN",
            OpType::Pad => "Pad",
            OpType::PadV2 => "PadV2",
            OpType::MirrorPad => "MirrorPad",
            OpType::IsNan => "IsNan",
            OpType::IsInf => "IsInf",
            OpType::IsFinite => "IsFinite",
            OpType::MatrixDiagV3 => "MatrixDiagV3",
            OpType::MatrixSetDiagV3 => "MatrixSetDiagV3",
            OpType::MatrixDiagPartV3 => "MatrixDiagPartV3",
        }
    }

    /// The name eager mode prints after `[Op:X]` when the user gave none: `Some("")` prints
    /// ` name: `, `None` prints nothing (the Python wrapper passes no name), and list ops name
    /// themselves (`concat`, `stack`). Recorded from tensorflow-cpu 2.21.0.
    pub fn default_eager_name(self) -> Option<&'static str> {
        match self {
            OpType::Reshape
            | OpType::Transpose
            | OpType::GatherV2
            | OpType::StringToNumber
            | OpType::Pad
            | OpType::PadV2
            | OpType::MirrorPad => None,
            OpType::ConcatV2 => Some("concat"),
            OpType::Pack => Some("stack"),
            OpType::Split | OpType::SplitV => Some("split"),
            OpType::Unpack => Some("unstack"),
            OpType::StridedSlice => Some("strided_slice/"),
            _ => Some(""),
        }
    }
}

impl std::fmt::Display for OpType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
