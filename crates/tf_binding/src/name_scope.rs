//! `tf.name_scope(name)` and `tf.compat.v1.name_scope(name, default_name, values)`: a
//! context manager whose ops are named under `name/` in the default graph (inside a
//! `tf.function` or a `tf.compat.v1` graph), made unique there (`layer`, `layer_1`), and
//! which yields the scope with its slash (`layer_1/`). A name ending in `/` re-enters that
//! exact scope, and `""` returns to the top level (`ops.name_scope_v2`). Executing eagerly
//! ops have no names; the scope is only tracked (`context.scope_name`), so nested scopes
//! yield `outer/inner/`, never made unique.

use std::cell::RefCell;
use std::rc::Rc;

use lang::host::{new_native_instance, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::{bound, this_as, St};
use runtime::graph::GraphId;

/// The data of a `name_scope` context manager: the name asked for, and while entered, what
/// to restore on exit.
pub struct NameScope {
    name: String,
    entered: RefCell<Option<Entered>>,
}

/// What entering a name scope changed.
enum Entered {
    /// The default graph's scope before this one.
    Graph { graph: GraphId, previous: String },
    /// The eager scope before this one.
    Eager { previous: String },
}

/// Builds the context manager class.
pub fn build(st: &St) -> Rc<Class> {
    ClassBuilder::new("name_scope", "tensorflow.python.framework.ops")
        .property(
            "name",
            |vm, args| Ok(Value::str(scope_of(vm, &args)?.name.clone())),
            None,
        )
        .method_closure(
            "__enter__",
            bound(st, |st, vm, args| {
                let scope = scope_of(vm, &args)?;
                let name = scope.name.clone();
                let (entered, yielded) = st.tf(vm, |ctx| {
                    Ok(match ctx.default_graph() {
                        Some(graph) => {
                            let g = ctx.graph_mut(graph)?;
                            let (previous, full) = if name.is_empty() {
                                (g.push_exact_name_scope(""), String::new())
                            } else if let Some(exact) = name.strip_suffix('/') {
                                (g.push_exact_name_scope(exact), exact.to_string())
                            } else {
                                g.push_name_scope(&name)
                            };
                            let yielded = if full.is_empty() {
                                String::new()
                            } else {
                                format!("{full}/")
                            };
                            (Entered::Graph { graph, previous }, yielded)
                        }
                        None => {
                            let previous = ctx.eager_name_scope.clone();
                            let next = if name.is_empty() {
                                String::new()
                            } else if name.ends_with('/') {
                                name.clone()
                            } else {
                                format!("{previous}{name}/")
                            };
                            ctx.eager_name_scope = next.clone();
                            (Entered::Eager { previous }, next)
                        }
                    })
                })?;
                *scope.entered.borrow_mut() = Some(entered);
                Ok(Value::str(&yielded))
            }),
        )
        .method_closure(
            "__exit__",
            bound(st, |st, vm, args| {
                let scope = scope_of(vm, &args)?;
                let entered = scope.entered.borrow_mut().take();
                match entered {
                    Some(Entered::Graph { graph, previous }) => st.tf(vm, |ctx| {
                        ctx.graph_mut(graph)?.pop_name_scope(previous);
                        Ok(())
                    })?,
                    Some(Entered::Eager { previous }) => {
                        st.tf(vm, |ctx| {
                            ctx.eager_name_scope = previous;
                            Ok(())
                        })?;
                    }
                    None => {}
                }
                Ok(Value::Bool(false))
            }),
        )
        .build()
}

fn scope_of(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<NameScope>> {
    this_as::<NameScope>(vm, args, "expected a name_scope")
}

fn new_scope(st: &St, vm: &mut Vm<'_>, name: String) -> PyResult {
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.name_scope,
        Rc::new(NameScope {
            name,
            entered: RefCell::new(None),
        }),
    ))
}

/// `tf.name_scope(name)`.
pub fn name_scope(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "name_scope", &args, 1, [name])?;
    let Some(Value::Str(name)) = &bound.name else {
        return Err(vm.value_error("name for name_scope must be a string."));
    };
    let name = name.as_str().to_string();
    new_scope(st, vm, name)
}

/// `tf.compat.v1.name_scope(name, default_name=None, values=None)`: `name`, or
/// `default_name` when `name` is None.
pub fn name_scope_v1(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "name_scope", &args, 1, [name, default_name, values])?;
    let name = match (&bound.name, &bound.default_name) {
        (Some(Value::Str(name)), _) => name.as_str().to_string(),
        (_, Some(Value::Str(default))) => default.as_str().to_string(),
        _ => String::new(),
    };
    new_scope(st, vm, name)
}
