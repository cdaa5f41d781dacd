//! TPU system ops and the all-reduces between replicas (§4.1, §5.2).

use super::{Op, OpDef};
use crate::distribute::{CollectiveMember, ReplicaReduction};
use crate::error::TfResult;
use crate::op::{InputFact, KernelFailure, OpKind, OutputFact, Value};
use crate::op_defs::identity::{pass_through, same_as_input};
use crate::op_defs::op::{CompileTimeValue, KernelEnv};
use placer::kernels::{KernelDef, Kernels, TypeConstraint};
use report::OpClass;

/// TPU_SYSTEM is used only by the TPU init and shutdown ops (§4.1). The op names are
/// TensorFlow's; §4 does not list them.
const TPU_SYSTEM: Kernels = Kernels::only(&[KernelDef::new("TPU_SYSTEM", TypeConstraint::Any)]);

/// An all-reduce: one op per replica, recorded together.
const fn all_reduce(name: &'static str) -> OpDef {
    OpDef::compute(name).class(OpClass::AllReduce)
}

pub(super) const OPS: &[OpDef] = &[
    OpDef::compute("ConfigureDistributedTPU").kernels(TPU_SYSTEM),
    OpDef::compute("ShutdownDistributedTPU").kernels(TPU_SYSTEM),
    // XLA's all-reduce inside TPU programs, NCCL's between GPUs, the collective op between
    // mirrored CPUs. Not in §7.
    all_reduce("CrossReplicaSum").kernels(Kernels::only(&[
        KernelDef::new("TPU", TypeConstraint::NotString),
        KernelDef::new("XLA_TPU_JIT", TypeConstraint::NotString),
    ])),
    all_reduce("CollectiveReduceV2").kernels(Kernels {
        xla: None,
        ..Kernels::EVERYWHERE
    }),
    all_reduce("NcclAllReduce").kernels(Kernels::only(&[KernelDef::new(
        "GPU",
        TypeConstraint::NotString,
    )])),
];

/// An all-reduce across the replicas of a strategy (`CrossReplicaSum` in a TPU program,
/// `CollectiveReduceV2` between mirrored devices, `NcclAllReduce` between GPUs). Run alone
/// it is the identity; the replicated executor (`distribute/replicated.rs`) and the
/// function executor (`distribute/collective.rs`) combine every replica's input.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AllReduce {
    /// How the replicas' values combine.
    pub reduction: ReplicaReduction,
    /// The op type, by where it runs.
    pub op_type: &'static str,
    /// Set when the replicas were traced one after the other into one function
    /// (`strategy.run` inside a `tf.function`): which all-reduce and replica this op is.
    pub member: Option<CollectiveMember>,
}

impl AllReduce {
    /// Wraps the op for `OpKind`.
    pub fn kind(
        reduction: ReplicaReduction,
        op_type: &'static str,
        member: Option<CollectiveMember>,
    ) -> OpKind {
        OpKind::new(AllReduce {
            reduction,
            op_type,
            member,
        })
    }
}

impl Op for AllReduce {
    fn def(&self) -> &'static OpDef {
        super::family_def(self.op_type)
    }

    /// It moves a value along, computed or not.
    fn accepts_uncomputed(&self) -> bool {
        true
    }

    fn infer(&self, inputs: &[InputFact<'_>]) -> TfResult<Vec<OutputFact>> {
        same_as_input(inputs, self.op_type)
    }

    fn run(&self, inputs: &[Value], _env: &mut KernelEnv<'_>) -> Result<Vec<Value>, KernelFailure> {
        pass_through(inputs, self.op_type)
    }

    fn compile_time_value(&self) -> CompileTimeValue {
        CompileTimeValue::Unknown
    }
}
