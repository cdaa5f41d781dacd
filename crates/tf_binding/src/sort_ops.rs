//! `tf.math.top_k` / `tf.nn.top_k` (a `TopKV2(values=..., indices=...)` namedtuple),
//! `tf.sort` and `tf.argsort`, on [`Context::top_k`](runtime::Context::top_k) and
//! [`Context::sort`](runtime::Context::sort).

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::array_ops::required;
use crate::convert::{int_list, name_arg, to_operand};
use crate::tensor_class::wrap;
use crate::{named_tuple, string_arg, St};
use runtime::sort::SortDirection;
use runtime::Operand;
use tensor::Tensor;

/// The `top_k` function, with the `TopKV2` namedtuple class its results belong to.
pub fn top_k_function(st: &St) -> Value {
    let class = named_tuple::class(
        "TopKV2",
        "tensorflow.python.ops.gen_nn_ops",
        &["values", "indices"],
    );
    let st = st.clone();
    lang::host::native_function_closure("top_k", move |vm, args| {
        let bound = bind!(vm, "top_k", &args, 1, [input, k, sorted, index_type, name])?;
        let input = to_operand(&st, vm, &required(&bound.input))?;
        let k = match &bound.k {
            Some(k) => to_operand(&st, vm, k)?,
            None => Operand::Literal(Tensor::scalar(1i32)),
        };
        let name = name_arg(vm, &bound.name)?;
        let (values, indices) = st.tf(vm, |ctx| ctx.top_k(input, k, name.as_deref()))?;
        let values = wrap(&st, vm, values)?;
        let indices = wrap(&st, vm, indices)?;
        Ok(named_tuple::instance(&class, vec![values, indices]))
    })
}

fn sort_or_argsort(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, argsort: bool) -> PyResult {
    let (values, axis, direction, name) = if argsort {
        let bound = bind!(
            vm,
            "argsort",
            args,
            1,
            [values, axis, direction, stable, name]
        )?;
        (bound.values, bound.axis, bound.direction, bound.name)
    } else {
        let bound = bind!(vm, "sort", args, 1, [values, axis, direction, name])?;
        (bound.values, bound.axis, bound.direction, bound.name)
    };
    let direction = match &direction {
        Some(direction) => string_arg(vm, direction, "direction")?,
        None => "ASCENDING".to_string(),
    };
    let direction = match direction.as_str() {
        "ASCENDING" => SortDirection::Ascending,
        "DESCENDING" => SortDirection::Descending,
        other => {
            return Err(vm.value_error(format!(
                "Argument `direction` should be one of ASCENDING, DESCENDING. Received: direction={other}"
            )))
        }
    };
    let axis = match &axis {
        Some(axis) => match int_list(st, vm, axis, "axis")?.as_slice() {
            [axis] => *axis,
            _ => return Err(vm.value_error("axis must be a constant scalar")),
        },
        None => -1,
    };
    let values = to_operand(st, vm, &required(&values))?;
    let name = name_arg(vm, &name)?;
    let handle = st.tf(vm, |ctx| {
        ctx.sort(values, axis, direction, argsort, name.as_deref())
    })?;
    wrap(st, vm, handle)
}

/// `tf.sort(values, axis=-1, direction='ASCENDING', name=None)`.
pub fn sort(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    sort_or_argsort(st, vm, &args, false)
}

/// `tf.argsort(values, axis=-1, direction='ASCENDING', stable=False, name=None)`: the
/// sort is stable either way (`TopKV2` keeps equal values in index order).
pub fn argsort(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    sort_or_argsort(st, vm, &args, true)
}
