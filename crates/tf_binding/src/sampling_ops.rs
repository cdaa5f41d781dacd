//! `tf.random.shuffle` and `tf.random.categorical`: the stateful `RandomShuffle` and
//! `Multinomial` ops with the op seeds `random_seed.get_seed` gives, as TensorFlow's
//! wrappers make them.

use lang::value::{Args, PyResult};
use lang::vm::Vm;

use crate::array_ops::required;
use crate::convert::{name_arg, opt_dtype, to_operand};
use crate::tensor_class::wrap;
use crate::tf_module::seed_arg;
use crate::St;
use runtime::op_defs::{Multinomial, RandomShuffle};
use tensor::DType;

/// `tf.random.shuffle(value, seed=None, name=None)`: one `RandomShuffle`.
pub fn shuffle(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "shuffle", &args, 1, [value, seed, name])?;
    let value = to_operand(st, vm, &required(&bound.value))?;
    let seed = seed_arg(vm, &bound.seed)?.map(|seed| seed as i64);
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        let seeds = ctx.op_seeds(seed)?;
        ctx.array_op(
            RandomShuffle::kind(seeds),
            "RandomShuffle",
            name.as_deref(),
            vec![(value, "value", false)],
        )
    })?;
    wrap(st, vm, handle)
}

/// `tf.random.categorical(logits, num_samples, dtype=None, seed=None, name=None)`: a
/// `Multinomial` in a `categorical` scope, int64 samples unless `dtype` says int32.
pub fn categorical(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "categorical",
        &args,
        2,
        [logits, num_samples, dtype, seed, name]
    )?;
    let output = opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Int64);
    if !matches!(output, DType::Int32 | DType::Int64) {
        return Err(vm.value_error(format!(
            "Argument `dtype` got invalid value {}. Accepted dtypes are (tf.int32, tf.int64).",
            output.repr()
        )));
    }
    let logits = to_operand(st, vm, &required(&bound.logits))?;
    let samples = to_operand(st, vm, &required(&bound.num_samples))?;
    let seed = seed_arg(vm, &bound.seed)?.map(|seed| seed as i64);
    let name = name_arg(vm, &bound.name)?;
    let handle = st.tf(vm, |ctx| {
        let scope = ctx.enter_composite_scope(name.as_deref().unwrap_or("categorical"))?;
        let result = ctx.op_seeds(seed).and_then(|seeds| {
            ctx.array_op(
                Multinomial::kind(seeds, output),
                "Multinomial",
                None,
                vec![(logits, "logits", false), (samples, "num_samples", false)],
            )
        });
        ctx.leave_composite_scope(scope)?;
        // TensorFlow's wrapper passes its (eagerly empty) name scope on to the op, so an
        // eager kernel error ends in ` name: `.
        result.map_err(|mut error| {
            if error.message.ends_with("[Op:Multinomial]") {
                error.message.push_str(" name: ");
            }
            error
        })
    })?;
    wrap(st, vm, handle)
}
