//! `tf.cond` and the staged half of `tf.while_loop`. Inside a `tf.function` each branch,
//! and a loop's condition and body, is traced as a function of its own and the enclosing
//! graph gets one `If` or `While` op (`runtime/functional.rs`), as TensorFlow 2 builds
//! them. A predicate known while tracing picks its branch at once; a TF1 graph gets
//! `Switch`/`Merge`. `tf.while_loop`'s Python (nests, the eager loop) is in
//! `_tensorflow/control_flow.py`, over `_tf_control_flow.while_graph`.

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{name_arg, to_operand};
use crate::function::{outputs, rebuild};
use crate::tensor_class::wrap;
use crate::St;
use runtime::function::{ArgSpec, ConcreteFunctionId};
use runtime::Operand;
use tensor::{DType, TensorShape};

/// The name of the private module with `while_graph`.
pub const MODULE: &str = "_tf_control_flow";

/// Builds the `_tf_control_flow` module.
pub fn build(st: &St) -> Vec<(String, Value)> {
    let module = lang::host::new_module(MODULE);
    let state = st.clone();
    module.set(
        "while_graph",
        lang::host::native_function_closure("while_graph", move |vm, args| {
            while_graph(&state, vm, args)
        }),
    );
    let state = st.clone();
    module.set(
        "assert_op",
        lang::host::native_function_closure("assert_op", move |vm, args| {
            assert_op(&state, vm, args)
        }),
    );
    let state = st.clone();
    module.set(
        "scratch",
        lang::host::native_function_closure("scratch", move |vm, args| scratch(&state, vm, args)),
    );
    vec![(MODULE.to_string(), Value::Module(module))]
}

/// `scratch(fn)`: calls `fn()` with its ops going to a throwaway function graph (AutoGraph
/// stages one iteration of a loop there to learn the types of variables the loop
/// defines); returns what `fn` returned.
fn scratch(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let func = args.get(0).cloned().unwrap_or(Value::None);
    st.tf(vm, |ctx| ctx.begin_branch("tmp", &[]))?;
    let result = vm.call(&func, &[], &[]);
    if let Ok(mut ctx) = st.ctx.try_borrow_mut() {
        ctx.abort_trace();
    }
    result
}

/// `tf.cond(pred, true_fn, false_fn, name=None)`.
pub fn cond(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "cond", &args, 3, [pred, true_fn, false_fn, name])?;
    let pred = bound.pred.clone().unwrap_or(Value::None);
    let (Some(true_fn), Some(false_fn)) = (bound.true_fn.clone(), bound.false_fn.clone()) else {
        return Err(vm.type_error("true_fn and false_fn must be callable."));
    };
    if let Some(taken) = crate::tf_module::static_predicate(st, vm, &pred)? {
        let branch = if taken { true_fn } else { false_fn };
        return vm.call(&branch, &[], &[]);
    }
    let name = name_arg(vm, &bound.name)?;
    let condition = to_operand(st, vm, &pred)?;
    if let Some(builder) = st.tf(vm, |ctx| ctx.cond_begin(&condition, name.as_deref()))? {
        return crate::tf_module::cond_v1(st, vm, builder, &true_fn, &false_fn);
    }
    if !in_function_graph(st, vm)? {
        // A TF2 program's own `tf.Graph`: both branches, selected element-wise.
        let then_value = vm.call(&true_fn, &[], &[])?;
        let else_value = vm.call(&false_fn, &[], &[])?;
        let x = to_operand(st, vm, &then_value)?;
        let y = to_operand(st, vm, &else_value)?;
        let handle = st.tf(vm, |ctx| ctx.where_select(condition, x, y, name.as_deref()))?;
        return wrap(st, vm, handle);
    }
    let (then_id, then_structure) = trace_branch(st, vm, "cond_true", &true_fn, &[])?;
    let (else_id, else_structure) = trace_branch(st, vm, "cond_false", &false_fn, &[])?;
    if format!("{then_structure:?}") != format!("{else_structure:?}") {
        return Err(vm.value_error(
            "true_fn and false_fn arguments to tf.cond must have the same number, type, and overall structure of return values.",
        ));
    }
    let handles = st.tf(vm, |ctx| {
        ctx.build_if(condition, then_id, else_id, name.as_deref())
    })?;
    let mut values = Vec::with_capacity(handles.len());
    for handle in handles {
        values.push(wrap(st, vm, handle)?);
    }
    rebuild(st, vm, &then_structure, &mut values.into_iter())
}

/// Whether ops are being built into a traced function's graph.
fn in_function_graph(st: &St, vm: &mut Vm<'_>) -> PyResult<bool> {
    st.with_ctx(vm, |ctx| {
        ctx.default_graph()
            .and_then(|graph| ctx.graph(graph).ok())
            .is_some_and(|graph| matches!(graph.kind, runtime::graph::GraphKind::Function { .. }))
    })
}

/// Traces `func` called with parameters `params` as a branch or loop body: its function
/// and the structure of what it returned.
fn trace_branch(
    st: &St,
    vm: &mut Vm<'_>,
    name: &str,
    func: &Value,
    params: &[ArgSpec],
) -> PyResult<(ConcreteFunctionId, crate::function::Structure)> {
    let handles = st.tf(vm, |ctx| ctx.begin_branch(name, params))?;
    let traced = (|| {
        let mut arguments = Vec::with_capacity(handles.len());
        for handle in handles {
            arguments.push(wrap(st, vm, handle)?);
        }
        let result = vm.call(func, &arguments, &[])?;
        outputs(st, vm, &result)
    })();
    match traced {
        Ok((handles, structure)) => {
            let id = st.tf(vm, |ctx| ctx.end_trace(&handles))?;
            Ok((id, structure))
        }
        Err(error) => {
            if let Ok(mut ctx) = st.ctx.try_borrow_mut() {
                ctx.abort_trace();
            }
            Err(error)
        }
    }
}

/// `while_graph(cond, body, loop_vars, shape_invariants, name)`: the `While` op of a loop
/// in a function graph. `loop_vars` is a flat list; `cond` and `body` take them as
/// arguments, `cond` returns a bool scalar and `body` a list like `loop_vars`.
fn while_graph(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "while_graph",
        &args,
        3,
        [cond, body, loop_vars, shape_invariants, name]
    )?;
    if !in_function_graph(st, vm)? {
        return Err(vm.not_implemented_error(
            "tf.while_loop in a TF1 graph is not emulated: the playground runs loops inside tf.function and eagerly.",
        ));
    }
    let cond = bound.cond.clone().unwrap_or(Value::None);
    let body = bound.body.clone().unwrap_or(Value::None);
    let loop_vars = vm.iterate(bound.loop_vars.as_ref().unwrap_or(&Value::None))?;
    let invariants = match bound.shape_invariants.as_ref() {
        Some(value) if !value.is_none() => vm.iterate(value)?,
        _ => Vec::new(),
    };
    let name = name_arg(vm, &bound.name)?;
    let mut operands = Vec::with_capacity(loop_vars.len());
    let mut specs = Vec::with_capacity(loop_vars.len());
    let mut entry_shapes = Vec::with_capacity(loop_vars.len());
    for (index, value) in loop_vars.iter().enumerate() {
        let operand = to_operand(st, vm, value)?;
        let (dtype, shape): (DType, TensorShape) = st.tf(vm, |ctx| {
            Ok((ctx.operand_dtype(&operand)?, ctx.operand_shape(&operand)?))
        })?;
        let invariant = match invariants.get(index) {
            Some(value) if !value.is_none() => Some(crate::convert::tensor_shape(vm, Some(value))?),
            _ => None,
        };
        entry_shapes.push(shape.clone());
        specs.push(ArgSpec {
            name: "placeholder".to_string(),
            dtype,
            shape: invariant.unwrap_or(shape),
        });
        operands.push(operand);
    }
    let (cond_id, _) = trace_branch(st, vm, "while_cond", &cond, &specs)?;
    let (body_id, _) = trace_branch(st, vm, "while_body", &body, &specs)?;
    // The body's results must fit the loop variables' shapes (or their invariants).
    let results = st.tf(vm, |ctx| {
        let body = ctx.concrete_function(body_id)?;
        Ok(body
            .outputs
            .iter()
            .map(|output| {
                body.graph
                    .tensor_fact(*output)
                    .map(|fact| fact.shape.clone())
            })
            .collect::<Vec<_>>())
    })?;
    for ((spec, result), (value, entry)) in specs
        .iter()
        .zip(&results)
        .zip(loop_vars.iter().zip(&entry_shapes))
    {
        let Some(result) = result else { continue };
        if !shape_fits(result, &spec.shape) {
            let name = match to_operand(st, vm, value)? {
                Operand::Handle(handle) => st
                    .tf(vm, |ctx| ctx.handle_name(&handle))?
                    .unwrap_or_default(),
                _ => String::new(),
            };
            return Err(vm.value_error(format!(
                "Input tensor '{name}' enters the loop with shape {}, but has shape {} after one iteration. To allow the shape to vary across iterations, use the `shape_invariants` argument of tf.while_loop to specify a less-specific shape.",
                entry, result
            )));
        }
    }
    let handles = st.tf(vm, |ctx| {
        ctx.build_while(operands, cond_id, body_id, name.as_deref())
    })?;
    let mut values = Vec::with_capacity(handles.len());
    for handle in handles {
        values.push(wrap(st, vm, handle)?);
    }
    Ok(Value::list(values))
}

/// Whether `shape` is at least as specific as `invariant`.
fn shape_fits(shape: &TensorShape, invariant: &TensorShape) -> bool {
    let Some(wanted) = invariant.dims() else {
        return true;
    };
    let Some(dims) = shape.dims() else {
        return false;
    };
    dims.len() == wanted.len()
        && dims
            .iter()
            .zip(wanted)
            .all(|(dim, want)| want.is_none() || dim == want)
}

/// `assert_op(condition, data, summarize, name)`: the `Assert` op of a graph, which fails
/// when the graph runs if `condition` is false (`tf.debugging.Assert` inside a
/// `tf.function`; eagerly it is checked in Python).
fn assert_op(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "assert_op",
        &args,
        3,
        [condition, data, summarize, name]
    )?;
    let condition = to_operand(st, vm, bound.condition.as_ref().unwrap_or(&Value::None))?;
    let data = vm.iterate(bound.data.as_ref().unwrap_or(&Value::None))?;
    let summarize = match bound.summarize.as_ref() {
        Some(value) if !value.is_none() => vm.as_index(value)?.unwrap_or(3),
        _ => 3,
    };
    let name = name_arg(vm, &bound.name)?;
    let mut inputs = vec![(condition, "condition", false)];
    for item in &data {
        inputs.push((to_operand(st, vm, item)?, "data", false));
    }
    st.tf(vm, |ctx| {
        ctx.array_op_outputs(
            runtime::op_defs::Assert::kind(summarize),
            "Assert",
            name.as_deref(),
            inputs,
        )
    })?;
    Ok(Value::None)
}
