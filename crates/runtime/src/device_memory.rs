//! Device memory while the program runs: an eager op whose output does not fit in what is
//! left of its GPU's memory fails as TensorFlow's BFC allocator fails it, with
//! `ResourceExhaustedError: ... OOM when allocating tensor with shape[...] and type float
//! on <device> by allocator GPU_0_bfc`.
//!
//! What counts as resident is what the runtime knows to be alive: the variables on the
//! device and the op's own inputs there. Temporaries the program still holds are not
//! counted, so the check is a lower bound on TensorFlow's usage; the simulator's peak
//! memory (`metrics.peak_memory_bytes`) reports the whole timeline afterwards.

use crate::api::Handle;
use crate::context::Context;
use crate::eager::EagerTensor;
use crate::error::{ExceptionClass, TfError, TfResult};
use crate::op::{infer, value_facts, value_shapes, OpKind, ValueType};
use tensor::{DType, TensorShape};

/// The bytes a tensor of `dtype` and `shape` takes, if its shape is fully known.
fn tensor_bytes(dtype: DType, shape: &TensorShape) -> Option<u64> {
    let dims = shape.dims()?;
    dims.iter()
        .try_fold(dtype.size_in_bytes()? as u64, |bytes, dim| {
            bytes.checked_mul((*dim)? as u64)
        })
}

impl Context {
    /// Fails like TensorFlow when `op`'s output cannot be allocated on `device` (a GPU, or
    /// a TPU core through [`Context::check_eager_tpu_memory`]): called after placement,
    /// before the kernel computes anything.
    pub fn check_device_memory(
        &self,
        op: &OpKind,
        inputs: &[EagerTensor],
        device: &str,
    ) -> TfResult<()> {
        let gpu = self.machine.gpu_memory(device);
        if gpu.is_none() && !device.contains("/device:TPU:") {
            return Ok(());
        }
        let shapes = value_shapes(inputs.iter().map(|input| &input.value));
        let facts = value_facts(inputs.iter().map(|input| &input.value), &shapes);
        let Ok(outputs) = infer(op, &facts) else {
            return Ok(());
        };
        let Some((gpu_index, capacity)) = gpu else {
            // A TPU core: XLA's compile-time HBM check (`runtime/tpu_memory.rs`).
            return self.check_eager_tpu_memory(op, inputs, &outputs, device);
        };
        let resident: u64 = inputs
            .iter()
            .filter(|input| input.device_name == device)
            .map(|input| input.value.size_in_bytes())
            .chain(self.variables_bytes_on(device))
            .fold(0u64, u64::saturating_add);
        for output in outputs {
            let ValueType::Dense(dtype) = output.value_type else {
                continue;
            };
            let Some(bytes) = tensor_bytes(dtype, &output.shape) else {
                continue;
            };
            if resident.saturating_add(bytes) > capacity {
                let op_type = op.op_type();
                let shape = output.shape.dims().unwrap_or_default();
                // `tensor_bytes` succeeded, so every dimension is known.
                let dims: Vec<String> = shape
                    .iter()
                    .map(|dim| dim.map_or("?".to_string(), |dim| dim.to_string()))
                    .collect();
                return Err(TfError::new(
                    ExceptionClass::ResourceExhausted,
                    format!(
                        "{{{{function_node __wrapped__{op_type}_device_{device}}}}} OOM when \
                         allocating tensor with shape[{}] and type {} on {device} by allocator \
                         GPU_{gpu_index}_bfc [Op:{op_type}] name: ",
                        dims.join(","),
                        dtype.kernel_name()
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The bytes of the eager variables that live on `device`.
    fn variables_bytes_on<'a>(&'a self, device: &'a str) -> impl Iterator<Item = u64> + 'a {
        self.variables
            .all()
            .filter_map(move |variable| match &variable.handle {
                Handle::Eager(handle) if handle.device_name == device => {
                    tensor_bytes(variable.dtype, &variable.shape)
                }
                _ => None,
            })
    }
}
