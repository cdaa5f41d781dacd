//! Library steps that TensorFlow runs as one compiled `tf.function` call but the playground
//! computes op by op: Keras's `fit`, `evaluate` and `predict` wrap each step in
//! `multi_step_on_iterator` (a `tf.function`, `keras/src/backend/tensorflow/trainer.py`),
//! unless the model was compiled with `run_eagerly=True`.
//!
//! The values come from eager kernels; the report shows what TensorFlow runs: one call op
//! `__inference_<name>_<uid>` on the caller's device, and the step's ops as its body
//! (`__inference_<name>_<uid>/<op>`). The simulator then charges one launch per step instead
//! of a dispatch per op, which is what separates a remote TPU's step time from its eager
//! round trips.

use crate::context::Context;
use crate::error::TfResult;
use placer::PlacementReason;

impl Context {
    /// Starts one call of the compiled library function `name`: records its call op and
    /// reports every op until [`Context::end_compiled_step`] as its body.
    /// `xla`: the step is compiled by XLA (Keras's `jit_compile`), which fuses its
    /// element-wise ops.
    pub fn begin_compiled_step(&mut self, name: &str, xla: bool) -> TfResult<()> {
        let function = match self.compiled_steps.get(name) {
            Some(function) => function.clone(),
            None => {
                let function = format!("__inference_{name}_{}", self.next_uid());
                self.compiled_steps
                    .insert(name.to_string(), function.clone());
                function
            }
        };
        let caller = self.caller_device()?;
        let devices = self.devices()?;
        let caller_name = devices.device(caller).name.clone();
        let reason = PlacementReason::DefaultPriority {
            device_type: devices.device(caller).device_type.clone(),
        };
        let scope = self.eager_scope_device().to_string();
        let (id, _) = self.record_eager(
            &function,
            &function,
            &scope,
            &caller_name,
            &reason,
            &[],
            None,
        );
        if xla {
            self.recorder.mark_xla(id);
        }
        self.recorder.begin_compiled_body(&function);
        Ok(())
    }

    /// Ends the compiled call begun by [`Context::begin_compiled_step`].
    pub fn end_compiled_step(&mut self) {
        self.recorder.end_call();
    }
}
