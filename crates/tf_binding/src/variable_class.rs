//! `tf.Variable`: calling the class creates a variable in the current mode (eager, graph,
//! or lifted out of a `tf.function` trace) and returns a `ResourceVariable`. Reads happen
//! where the variable is used, so operators are the tensors' ([`install_operators`]).

use std::rc::Rc;

use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{name_arg, opt_dtype, to_operand};
use crate::tensor_class::{install_operators, wrap};
use crate::{bound, flag, this, St};
use runtime::op::OpKind;
use runtime::variables::VariableId;
use runtime::Handle;
use tensor::format::variable_repr;

/// The data of a variable object.
pub struct PyVariable {
    /// The runtime's variable.
    pub id: VariableId,
}

fn id_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<VariableId> {
    this(vm, args)?
        .downcast::<PyVariable>()
        .map(|v| v.id)
        .ok_or_else(|| vm.type_error("expected a tf.Variable"))
}

/// The unique variable object of `id`.
pub fn wrap_variable(st: &St, vm: &Vm<'_>, id: VariableId) -> PyResult {
    if let Some(object) = st.variable_objects.borrow().get(&id.0) {
        return Ok(object.clone());
    }
    let classes = st.classes(vm)?;
    let object = new_native_instance(&classes.resource_variable, Rc::new(PyVariable { id }));
    st.variable_objects
        .borrow_mut()
        .insert(id.0, object.clone());
    Ok(object)
}

/// `tf.Variable(initial_value, trainable=True, validate_shape=True, caching_device=None,
/// name=None, variable_def=None, dtype=None, ...)`.
fn create(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let rest = Args::new(args.positional.get(1..).unwrap_or(&[]), args.keywords);
    let bound = bind!(
        vm,
        "Variable",
        &rest,
        0,
        [
            initial_value,
            trainable,
            validate_shape,
            caching_device,
            name,
            variable_def,
            dtype,
            import_scope,
            constraint,
            synchronization,
            aggregation,
            shape,
            experimental_enable_variable_lifting
        ]
    )?;
    let Some(initial) = bound.initial_value.clone() else {
        return Err(vm.value_error("initial_value must be specified."));
    };
    let initial = if matches!(initial, Value::Function(_) | Value::NativeFunction(_)) {
        vm.call(&initial, &[], &[])?
    } else {
        initial
    };
    // An `ON_READ` variable is not trainable unless asked to be (TensorFlow's default).
    let on_read = match bound.synchronization.as_ref().filter(|s| !s.is_none()) {
        Some(sync) => {
            matches!(vm.get_attr_str(sync, "name")?, Value::Str(s) if s.as_str() == "ON_READ")
        }
        None => false,
    };
    let trainable = flag(vm, &bound.trainable, !on_read)?;
    let name = name_arg(vm, &bound.name)?;
    let dtype = opt_dtype(vm, &bound.dtype)?;
    let operand = match dtype {
        Some(dtype)
            if initial
                .downcast::<crate::tensor_class::PyTensor>()
                .is_none() =>
        {
            runtime::Operand::Literal(crate::convert::to_tensor(st, vm, &initial, Some(dtype))?)
        }
        _ => to_operand(st, vm, &initial)?,
    };
    if let Some(created) = crate::distribute::strategy::create_in_scope(
        st,
        vm,
        &operand,
        name.as_deref(),
        trainable,
        dtype,
        &bound.aggregation,
    )? {
        return Ok(created);
    }
    let id = st.tf(vm, |ctx| {
        ctx.create_variable(operand, name.as_deref(), trainable, dtype)
    })?;
    let variable = wrap_variable(st, vm, id)?;
    for (attr, given) in [
        ("_aggregation", &bound.aggregation),
        ("_synchronization", &bound.synchronization),
    ] {
        if let Some(given) = given.clone().filter(|v| !v.is_none()) {
            vm.set_attr(&variable, &lang::value::name(attr), given)?;
        }
    }
    if let Some(constraint) = bound.constraint.clone().filter(|c| !c.is_none()) {
        if !vm.is_callable(&constraint) {
            let shown = vm.repr(&constraint)?;
            return Err(vm.value_error(format!(
                "The `constraint` argument must be a callable. Received: {shown}"
            )));
        }
        vm.set_attr(&variable, &lang::value::name("constraint"), constraint)?;
    }
    Ok(variable)
}

fn assign(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, kind: OpKind, what: &str) -> PyResult {
    let bound = bind!(
        vm,
        what,
        args,
        2,
        [this = "self", value, use_locking, name, read_value]
    )?;
    let id = id_of(vm, args)?;
    let value = bound.value.clone().unwrap_or(Value::None);
    let operand = to_operand(st, vm, &value)?;
    let result = st.tf(vm, |ctx| ctx.assign_variable(id, kind, operand))?;
    match result {
        Some(handle) => wrap(st, vm, handle),
        None => Ok(this(vm, args)?.clone()),
    }
}

fn read(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let id = id_of(vm, &args)?;
    let handle = st.tf(vm, |ctx| ctx.read_variable(id))?;
    wrap(st, vm, handle)
}

/// The Python module of the variable methods TensorFlow writes in Python.
const VARIABLE_OPS: &str = "_tensorflow.variable_ops";

/// Builds `tf.Variable` (the class programs call) and `ResourceVariable` (the class of the
/// objects it returns).
pub fn build(st: &St) -> (Rc<Class>, Rc<Class>) {
    let variable = ClassBuilder::new("Variable", "tensorflow.python.ops.variables")
        .static_method_closure("__new__", bound(st, create))
        .method("__init__", |_vm, _args| Ok(Value::None))
        .build();
    let builder = ClassBuilder::new(
        "ResourceVariable",
        "tensorflow.python.ops.resource_variable_ops",
    )
    .base(&variable)
    // `constraint=`'s function (None unless given): optimizers apply it after updates.
    .attr("constraint", Value::None)
    .method_closure(
        "eval",
        crate::python_method("_tensorflow.v1_session", "eval"),
    )
    .method_closure(
        "scatter_nd_update",
        crate::python_method(VARIABLE_OPS, "scatter_nd_update"),
    )
    .method_closure(
        "scatter_nd_add",
        crate::python_method(VARIABLE_OPS, "scatter_nd_add"),
    )
    .method_closure(
        "scatter_nd_sub",
        crate::python_method(VARIABLE_OPS, "scatter_nd_sub"),
    )
    .method_closure(
        "__repr__",
        bound(st, |st, vm, args| {
            let id = id_of(vm, &args)?;
            let (name, graph) = st.tf(vm, |ctx| {
                let v = ctx.variable(id)?;
                Ok((v.name.clone(), v.graph_parts.is_some()))
            })?;
            if graph {
                let (shape, dtype) = st.tf(vm, |ctx| {
                    let v = ctx.variable(id)?;
                    let suffix = if v.snapshot.is_some() { "_ref" } else { "" };
                    Ok((v.shape.to_string(), format!("{}{suffix}", v.dtype.name())))
                })?;
                return Ok(Value::str(format!(
                    "<tf.Variable '{name}' shape={shape} dtype={dtype}>"
                )));
            }
            let me = this(vm, &args)?.clone();
            match crate::convert::eager_value(st, vm, &me)? {
                Some(value) => Ok(Value::str(variable_repr(&name, &value))),
                None => Ok(Value::str(format!("<tf.Variable '{name}'>"))),
            }
        }),
    )
    .method_closure(
        "assign",
        bound(st, |st, vm, args| {
            assign(
                st,
                vm,
                &args,
                runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Set),
                "assign",
            )
        }),
    )
    .method_closure(
        "assign_add",
        bound(st, |st, vm, args| {
            assign(
                st,
                vm,
                &args,
                runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Add),
                "assign_add",
            )
        }),
    )
    .method_closure(
        "assign_sub",
        bound(st, |st, vm, args| {
            assign(
                st,
                vm,
                &args,
                runtime::op_defs::AssignVariable::kind(runtime::op_defs::Update::Sub),
                "assign_sub",
            )
        }),
    )
    .method_closure(
        "read_value",
        bound(st, |st, vm, args| {
            let id = id_of(vm, &args)?;
            let handle = st.tf(vm, |ctx| ctx.read_value(id))?;
            wrap(st, vm, handle)
        }),
    )
    .method_closure("value", bound(st, read))
    .property_closure(
        "name",
        bound(st, |st, vm, args| {
            let id = id_of(vm, &args)?;
            Ok(Value::str(
                st.tf(vm, |ctx| Ok(ctx.variable(id)?.name.clone()))?,
            ))
        }),
        None,
    )
    .property_closure(
        "dtype",
        bound(st, |st, vm, args| {
            let id = id_of(vm, &args)?;
            let (dtype, is_ref) = st.tf(vm, |ctx| {
                let variable = ctx.variable(id)?;
                Ok((variable.dtype, variable.snapshot.is_some()))
            })?;
            crate::dtypes::dtype_object_of(st, vm, dtype, is_ref)
        }),
        None,
    )
    .property_closure("shape", bound(st, shape), None)
    .property_closure(
        "aggregation",
        bound(st, |st, vm, args| {
            let me = this(vm, &args)?.clone();
            match vm.get_attr_opt(&me, &lang::value::name("_aggregation"))? {
                Some(given) if !given.is_none() => Ok(given),
                // TensorFlow reports the default with the V1 enum.
                _ => crate::distribute::values::member(st, vm, "VariableAggregation", "NONE"),
            }
        }),
        None,
    )
    .property_closure(
        "synchronization",
        crate::python_method(VARIABLE_OPS, "synchronization"),
        None,
    )
    .method_closure("get_shape", bound(st, shape))
    .property_closure(
        "trainable",
        bound(st, |st, vm, args| {
            let id = id_of(vm, &args)?;
            Ok(Value::Bool(
                st.tf(vm, |ctx| Ok(ctx.variable(id)?.trainable))?,
            ))
        }),
        None,
    )
    .property_closure(
        "device",
        bound(st, |st, vm, args| {
            let id = id_of(vm, &args)?;
            Ok(Value::str(st.tf(vm, |ctx| {
                let handle = ctx.variable(id)?.handle.clone();
                ctx.handle_device(&handle)
            })?))
        }),
        None,
    )
    .property_closure(
        "initializer",
        bound(st, |st, vm, args| {
            let id = id_of(vm, &args)?;
            let parts = st.tf(vm, |ctx| {
                let v = ctx.variable(id)?;
                Ok(match (&v.handle, v.graph_parts) {
                    (Handle::Symbolic(handle), Some((assign, _))) => Some((handle.graph, assign)),
                    _ => None,
                })
            })?;
            match parts {
                Some((graph, op)) => crate::graph::operation_object(st, vm, graph, op),
                None => Ok(Value::None),
            }
        }),
        None,
    )
    .property_closure(
        "op",
        bound(st, |st, vm, args| {
            let id = id_of(vm, &args)?;
            let handle = st.tf(vm, |ctx| Ok(ctx.variable(id)?.handle.clone()))?;
            match handle {
                Handle::Symbolic(tensor) => {
                    crate::graph::operation_object(st, vm, tensor.graph, tensor.operation)
                }
                Handle::Eager(_) => Err(
                    vm.attribute_error("Variable.op is undefined when eager execution is enabled.")
                ),
            }
        }),
        None,
    );
    let resource = install_operators(builder, st)
        .method_closure(
            "__hash__",
            bound(st, |st, vm, args| {
                let me = this(vm, &args)?.clone();
                let eager = st.with_ctx(vm, |ctx| ctx.executing_eagerly())?;
                if st.tensor_equality.get() && eager {
                    let text = vm.repr(&me)?;
                    return Err(vm.type_error(format!(
                        "Variable is unhashable. Instead, use variable.ref() as the key. \
                         (Variable: {text})"
                    )));
                }
                Ok(Value::Int(me.object_address().unwrap_or(0) as i64 >> 4))
            }),
        )
        .build();
    (variable, resource)
}

fn shape(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let id = id_of(vm, &args)?;
    let shape = st.tf(vm, |ctx| Ok(ctx.variable(id)?.shape.clone()))?;
    crate::shapes::new_shape(st, vm, shape)
}
