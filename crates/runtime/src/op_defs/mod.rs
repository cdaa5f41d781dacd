//! One definition per op type: what TensorFlow registers about it (its name, its kernels per
//! device type and the inputs they read from host memory, whether it is stateful) and how
//! the simulator counts its work. The kernel registry the placer asks, the recorder's
//! host-memory check and the simulator's op classes are all read from here.
//!
//! Each op's behaviour (shape function, kernel, gradients, the texts TensorFlow prints about
//! it) is its [`Op`] implementation. An op type with a file of its own
//! (`sparse_softmax_cross_entropy.rs`) holds its definition and its implementation; adding an
//! op is that file plus one line in [`SINGLE_OPS`]. A family of op types that share one
//! behaviour (`Binary`, `Reduce`, the variable ops) has one type, whose op types are lines of
//! a family file (`math.rs`, `reduce.rs`, `variables.rs`), as are the op types that only
//! need a kernel table entry.

mod activations;
mod add_n;
mod adjust_contrast;
mod arg_reduce;
mod array;
mod assert;
mod bias_add;
mod binary;
mod bitwise;
mod broadcast_args;
mod broadcast_to;
mod cast;
mod complex;
mod concat_v2;
mod constant;
mod control_flow;
mod conv2d;
mod conv2d_backprop;
mod cumsum;
mod dataset;
mod depthwise_conv2d;
mod distribute;
mod div_no_nan;
mod ensure_shape;
mod executor;
mod expand_dims;
mod fill;
mod float_class;
mod gather_nd;
mod gather_v2;
pub(crate) mod identity;
mod image_projective_transform;
mod io;
mod l2_loss;
mod linalg;
mod log_softmax;
mod lookup;
mod mat_mul;
mod math;
mod matrix_diag;
mod nn;
mod one_hot;
pub mod op;
mod pack;
mod pad;
mod parse_example;
mod placeholder;
mod pool;
mod print_v2;
mod py_func;
mod random;
mod range;
mod reduce;
mod reshape;
mod resize;
mod reverse_v2;
mod scatter_nd;
mod select_v2;
mod shape;
mod slice;
mod softmax;
mod softmax_cross_entropy;
mod sparse_softmax_cross_entropy;
mod split;
mod squeeze;
mod strided_slice;
mod string_format;
mod string_to_number;
mod strings;
pub(crate) mod support;
mod tensor_scatter;
mod tile;
mod top_k_v2;
mod transpose;
mod unary;
mod unique;
mod variables;
mod where_indices;

pub use activations::Activation;
pub use add_n::AddN;
pub use adjust_contrast::AdjustContrast;
pub use arg_reduce::ArgReduce;
pub use assert::Assert;
pub use bias_add::BiasAdd;
pub use binary::Binary;
pub use bitwise::Bitwise;
pub use broadcast_args::{BroadcastArgs, BroadcastGradientArgs};
pub use broadcast_to::BroadcastTo;
pub use cast::Cast;
pub use complex::ComplexOp;
pub use concat_v2::ConcatV2;
pub use constant::Const;
pub use control_flow::{If, Merge, NoOp, Switch, While};
pub use conv2d::Conv2D;
pub use conv2d_backprop::{Conv2DBackpropFilter, Conv2DBackpropInput};
pub use cumsum::Scan;
pub use depthwise_conv2d::DepthwiseConv2dNative;
pub use distribute::AllReduce;
pub use div_no_nan::DivNoNan;
pub use ensure_shape::EnsureShape;
pub use expand_dims::ExpandDims;
pub use fill::Fill;
pub use float_class::FloatClassOp;
pub use gather_nd::GatherNd;
pub use gather_v2::GatherV2;
pub use identity::{Identity, IdentityN, StopGradient};
pub use image_projective_transform::{FillMode, ImageProjectiveTransform, Interpolation};
pub use l2_loss::L2Loss;
pub use linalg::Linalg;
pub use log_softmax::LogSoftmax;
pub use lookup::{TableAction, TableOp};
pub use mat_mul::MatMul;
pub use matrix_diag::{MatrixDiag, MatrixSetDiag};
pub use one_hot::OneHot;
pub use op::{DefinedOp, Op};
pub use pack::Pack;
pub use pad::Pad;
pub use parse_example::ParseExampleV2;
pub use placeholder::{Arg, Placeholder};
pub use pool::Pool;
pub use print_v2::PrintV2;
pub use py_func::PyFunc;
pub use random::{
    Distribution, Multinomial, RandomOp, RandomShuffle, StatelessDistribution, StatelessRandomOp,
};
pub use range::Range;
pub use reduce::Reduce;
pub use reshape::Reshape;
pub use resize::Resize;
pub use reverse_v2::ReverseV2;
pub use scatter_nd::ScatterNd;
pub use select_v2::SelectV2;
pub use shape::{ShapeOp, SizeOp};
pub use slice::Slice;
pub use softmax::Softmax;
pub use softmax_cross_entropy::SoftmaxCrossEntropyWithLogits;
pub use sparse_softmax_cross_entropy::SparseSoftmaxCrossEntropyWithLogits;
pub use split::{Split, SplitV, Unpack};
pub use squeeze::Squeeze;
pub use strided_slice::{StridedSlice, StridedSliceGrad};
pub use string_format::StringFormat;
pub use string_to_number::StringToNumber;
pub use strings::{StringAction, StringOp};
pub(crate) use support::shape_of;
pub use tensor_scatter::TensorScatter;
pub use tile::Tile;
pub use top_k_v2::TopKV2;
pub use transpose::Transpose;
pub use unary::Unary;
pub use unique::Unique;
pub use variables::{
    AssignVariable, ReadVariableOp, RefAssign, Update, VarHandleOp, VarIsInitializedOp, VariableV2,
};
pub use where_indices::Where;

use placer::kernels::{KernelRegistry, Kernels};
use report::OpClass;
use std::collections::HashMap;
use std::sync::OnceLock;

/// What TensorFlow registers about one op type, and the simulator's class for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpDef {
    /// TensorFlow's op type name (`AddV2`).
    pub name: &'static str,
    /// Its kernels per device type.
    pub kernels: Kernels,
    /// The inputs its GPU and TPU kernels read from host memory.
    pub host_memory_inputs: HostMemoryInputs,
    /// How the simulator counts its work.
    pub class: OpClass,
    /// Marked stateful in its `REGISTER_OP`: it runs even when nothing uses its output,
    /// and XLA cannot fold it into a constant.
    pub stateful: bool,
    /// Automatic control dependencies' exceptions among the stateful ops (TensorFlow's
    /// lists in `auto_control_deps.py`).
    pub control: ControlDeps,
}

/// How automatic control dependencies in a `tf.function` treat a stateful op, following
/// the op-type lists of TensorFlow's `auto_control_deps.py` and `auto_control_deps_utils.py`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ControlDeps {
    /// Ordered with the other stateful ops.
    Ordered,
    /// `RESOURCE_READ_OPS`: runs only when its value is used.
    ResourceRead,
    /// `LEGACY_RANDOM_OPS`: not `op_is_stateful` there, so it gets no dependency.
    LegacyRandom,
    /// `_ORDER_INSENSITIVE_STATEFUL_OPS`: needs no order among the others.
    OrderInsensitive,
}

/// How partial evaluation of a shape-like value (`shape_value`) treats an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShapeEvaluation {
    /// Not evaluated: a value it produces is unknown.
    NotEvaluated,
    /// Evaluated even on partly known inputs: it only moves entries (a reshape, a pack), so
    /// unknown dimensions travel along.
    MovesEntries,
    /// Evaluated only on fully known inputs (arithmetic).
    Arithmetic,
}

/// The inputs an op's GPU and TPU kernels read from host memory (`.HostMemory("shape")` in
/// their registrations, compile-time constants under XLA): shapes, axes, permutations and
/// sizes. Such an input stays where it was made, so feeding it from the host copies nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostMemoryInputs {
    /// These inputs, by index.
    Indices(&'static [usize]),
    /// The last input (`ConcatV2`'s axis).
    Last,
}

impl OpDef {
    /// A compute op: kernels everywhere (strings on the CPU only), one FLOP per output
    /// element, nothing in host memory, stateless.
    pub const fn compute(name: &'static str) -> OpDef {
        OpDef {
            name,
            kernels: Kernels::EVERYWHERE,
            host_memory_inputs: HostMemoryInputs::Indices(&[]),
            class: OpClass::Elementwise,
            stateful: false,
            control: ControlDeps::Ordered,
        }
    }

    /// The same op with these kernels.
    pub const fn kernels(self, kernels: Kernels) -> OpDef {
        OpDef { kernels, ..self }
    }

    /// The same op counted as `class`.
    pub const fn class(self, class: OpClass) -> OpDef {
        OpDef { class, ..self }
    }

    /// The same op reading `inputs` from host memory.
    pub const fn host_memory(self, inputs: &'static [usize]) -> OpDef {
        OpDef {
            host_memory_inputs: HostMemoryInputs::Indices(inputs),
            ..self
        }
    }

    /// The same op, treated so by automatic control dependencies.
    pub const fn control(self, control: ControlDeps) -> OpDef {
        OpDef { control, ..self }
    }

    /// The same op, stateful.
    pub const fn stateful(self) -> OpDef {
        OpDef {
            stateful: true,
            ..self
        }
    }

    /// Whether input `index` of `input_count` is read from host memory on accelerators.
    pub fn is_host_memory_input(&self, index: usize, input_count: usize) -> bool {
        match self.host_memory_inputs {
            HostMemoryInputs::Indices(indices) => indices.contains(&index),
            HostMemoryInputs::Last => index + 1 == input_count,
        }
    }
}

/// The op types of the family files.
const FAMILIES: &[&[OpDef]] = &[
    math::OPS,
    reduce::OPS,
    array::OPS,
    nn::OPS,
    random::OPS,
    variables::OPS,
    control_flow::OPS,
    io::OPS,
    dataset::OPS,
    distribute::OPS,
    executor::OPS,
    tensor_scatter::OPS,
    lookup::OPS,
    strings::OPS,
];

/// The op types with a file of their own: one line each.
const SINGLE_OPS: &[&OpDef] = &[
    &adjust_contrast::DEF,
    &activations::ELU,
    &activations::ELU_GRAD,
    &activations::LEAKY_RELU,
    &activations::LEAKY_RELU_GRAD,
    &activations::RELU6,
    &activations::RELU6_GRAD,
    &activations::SELU,
    &activations::SELU_GRAD,
    &activations::SOFTSIGN,
    &activations::SOFTSIGN_GRAD,
    &arg_reduce::ARG_MAX,
    &arg_reduce::ARG_MIN,
    &cumsum::DEF,
    &cumsum::CUMPROD,
    &depthwise_conv2d::DEF,
    &depthwise_conv2d::BACKPROP_INPUT,
    &depthwise_conv2d::BACKPROP_FILTER,
    &div_no_nan::DEF,
    &ensure_shape::DEF,
    &expand_dims::DEF,
    &broadcast_args::DEF,
    &broadcast_args::GRADIENT_DEF,
    &fill::DEF,
    &gather_nd::DEF,
    &l2_loss::DEF,
    &linalg::CHOLESKY,
    &linalg::DETERMINANT,
    &linalg::INVERSE,
    &linalg::SOLVE,
    &log_softmax::DEF,
    &one_hot::DEF,
    &range::DEF,
    &reverse_v2::DEF,
    &scatter_nd::DEF,
    &select_v2::DEF,
    &softmax::DEF,
    &softmax_cross_entropy::DEF,
    &sparse_softmax_cross_entropy::DEF,
    &squeeze::DEF,
    &tile::DEF,
    &parse_example::DEF,
    &top_k_v2::DEF,
    &unique::DEF,
    &where_indices::DEF,
];

/// Stands for an op type a family's type names but no definition lists (a test makes sure
/// there is none).
static UNREGISTERED: OpDef = OpDef::compute("Unregistered");

/// The definition of `name`, an op type of one of the families (`AddV2` of `Binary`).
pub(crate) fn family_def(name: &str) -> &'static OpDef {
    find(name).unwrap_or(&UNREGISTERED)
}

/// Every registered op type.
pub fn all() -> impl Iterator<Item = &'static OpDef> {
    FAMILIES
        .iter()
        .flat_map(|family| family.iter())
        .chain(SINGLE_OPS.iter().copied())
}

/// The definition of the op type `name`, if one is registered.
pub fn find(name: &str) -> Option<&'static OpDef> {
    static BY_NAME: OnceLock<HashMap<&'static str, &'static OpDef>> = OnceLock::new();
    BY_NAME
        .get_or_init(|| all().map(|def| (def.name, def)).collect())
        .get(name)
        .copied()
}

/// The kernel registry of every registered op type, for the placer.
pub fn kernel_registry() -> KernelRegistry {
    KernelRegistry::new(all().map(|def| (def.name, &def.kernels)))
}

/// How the simulator treats a recorded op of type `op_type`. A function call's op type is
/// its function's name (`__inference_f_12`), which no op definition has.
pub fn sim_class(op_type: &str) -> OpClass {
    match find(op_type) {
        Some(def) => def.class,
        None if op_type.starts_with("__inference_") => OpClass::Call,
        None => OpClass::Elementwise,
    }
}

/// Whether input `index` of `input_count` of an `op_type` op is read from host memory on
/// accelerators (see [`HostMemoryInputs`]).
pub fn is_host_memory_input(op_type: &str, index: usize, input_count: usize) -> bool {
    find(op_type).is_some_and(|def| def.is_host_memory_input(index, input_count))
}

#[cfg(test)]
mod tests;
