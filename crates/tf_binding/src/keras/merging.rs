//! Keras merge layers, which take a list of tensors: `Concatenate(axis=-1)` (one
//! `ConcatV2`) and `Add()` (a chain of `AddV2`, as Keras adds the inputs one by one). They
//! are what joins the branches of a functional model.

use std::rc::Rc;

use lang::host::ClassBuilder;
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::keras::layers::{handle_of, layer_name, layer_of, LayerData, LayerKind};
use crate::keras::ops;
use crate::tensor_class::wrap;
use crate::{bound, this, St};
use runtime::Operand;
use tensor::ops::BinaryOp;
use tensor::Tensor;

/// Which merge a merge layer does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Merge {
    /// `Concatenate(axis)`.
    Concatenate {
        /// The axis (negative counts from the end).
        axis: i64,
    },
    /// `Add()`.
    Add,
}

/// A shape as Python prints a tuple (`(None, 4)`, `(4,)`).
fn python_tuple(dims: &[Option<usize>]) -> String {
    let parts: Vec<String> = dims
        .iter()
        .map(|d| d.map_or("None".to_string(), |d| d.to_string()))
        .collect();
    match parts.len() {
        1 => format!("({},)", parts[0]),
        _ => format!("({})", parts.join(", ")),
    }
}

fn python_list(shapes: &[Vec<Option<usize>>]) -> String {
    let parts: Vec<String> = shapes.iter().map(|s| python_tuple(s)).collect();
    format!("[{}]", parts.join(", "))
}

/// The output shape of a merge of inputs of `shapes`, with Keras's errors.
pub fn merge_output_dims(
    vm: &Vm<'_>,
    merge: &Merge,
    shapes: &[Vec<Option<usize>>],
) -> PyResult<Vec<Option<usize>>> {
    if shapes.is_empty() {
        return Err(vm.value_error(format!(
            "A merge layer should be called on a list of at least 1 input. Received 0 inputs. Full input_shape received: {}",
            python_list(shapes)
        )));
    }
    match merge {
        Merge::Concatenate { axis } => {
            let mismatch = || {
                vm.value_error(format!(
                    "A `Concatenate` layer requires inputs with matching shapes except for the concatenation axis. Received: input_shape={}",
                    python_list(shapes)
                ))
            };
            let rank = shapes[0].len();
            if rank == 0 || shapes.iter().any(|s| s.len() != rank) {
                return Err(mismatch());
            }
            let axis = axis.rem_euclid(rank as i64) as usize;
            let mut out = shapes[0].clone();
            for (index, slot) in out.iter_mut().enumerate() {
                if index == axis {
                    *slot = shapes
                        .iter()
                        .try_fold(0usize, |acc, s| s[index].map(|d| acc + d));
                    continue;
                }
                let known: Vec<usize> = shapes.iter().filter_map(|s| s[index]).collect();
                if known.windows(2).any(|w| w[0] != w[1]) {
                    return Err(mismatch());
                }
                *slot = known.first().copied();
            }
            Ok(out)
        }
        Merge::Add => {
            let mut out = shapes[0].clone();
            for shape in &shapes[1..] {
                if out.len() != shape.len() {
                    return Err(vm.value_error(format!(
                        "Inputs have incompatible shapes. Received shapes {} and {}",
                        python_tuple(&out[1.min(out.len())..]),
                        python_tuple(&shape[1.min(shape.len())..])
                    )));
                }
                for index in 0..out.len() {
                    out[index] = match (out[index], shape[index]) {
                        (Some(1), other) | (other, Some(1)) => other,
                        (None, other) | (other, None) => other.filter(|_| index > 0),
                        (Some(a), Some(b)) if a == b => Some(a),
                        _ => {
                            return Err(vm.value_error(format!(
                                "Inputs have incompatible shapes. Received shapes {} and {}",
                                python_tuple(&out[1..]),
                                python_tuple(&shape[1..])
                            )))
                        }
                    };
                }
            }
            Ok(out)
        }
    }
}

fn merge_init(st: &St, vm: &mut Vm<'_>, args: Args<'_>, concatenate: bool) -> PyResult {
    let axis = if concatenate {
        bind!(
            vm,
            "Merge",
            &args,
            1,
            [this = "self", axis, name, trainable, dtype]
        )?
        .axis
    } else {
        bind!(
            vm,
            "Merge",
            &args,
            1,
            [this = "self", name, trainable, dtype]
        )?;
        None
    };
    let merge = if concatenate {
        let axis = match &axis {
            Some(value) => value
                .as_i64()
                .ok_or_else(|| vm.type_error("`axis` must be an integer"))?,
            None => -1,
        };
        Merge::Concatenate { axis }
    } else {
        Merge::Add
    };
    let me = this(vm, &args)?.clone();
    let name = layer_name(st, vm, &me, args.kwarg("name"))?;
    lang::host::set_native_data(&me, Rc::new(LayerData::new(LayerKind::Merge(merge), name)));
    Ok(Value::None)
}

/// The merge of real tensors.
fn merge_call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "call", &args, 2, [this = "self", inputs])?;
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    let LayerKind::Merge(merge) = data.kind else {
        return Err(vm.type_error("expected a merge layer"));
    };
    let inputs = bound.inputs.clone().unwrap_or(Value::None);
    let (Value::List(_) | Value::Tuple(_)) = inputs else {
        let handle = handle_of(st, vm, &inputs)?;
        let (shape, _) = ops::shape_dtype(st, vm, &handle)?;
        let text = python_tuple(shape.dims().unwrap_or(&[]));
        return Err(vm.value_error(match merge {
            Merge::Concatenate { .. } => format!(
                "A `Concatenate` layer should be called on a list of at least 1 input. Received: input_shape={text}"
            ),
            Merge::Add => format!(
                "A merge layer should be called on a list of inputs. Received: input_shape={text} (not a list of shapes)"
            ),
        }));
    };
    let mut handles = Vec::new();
    for item in vm.iterate(&inputs)? {
        handles.push(handle_of(st, vm, &item)?);
    }
    let mut shapes = Vec::with_capacity(handles.len());
    for handle in &handles {
        let (shape, _) = ops::shape_dtype(st, vm, handle)?;
        shapes.push(shape.dims().map(<[_]>::to_vec).unwrap_or_default());
    }
    merge_output_dims(vm, &merge, &shapes)?;
    let mut handles = handles.into_iter();
    let Some(first) = handles.next() else {
        return Err(vm.value_error("A merge layer needs at least one input."));
    };
    let output = match merge {
        Merge::Add => {
            let mut total = first;
            for next in handles {
                total = ops::binary(
                    st,
                    vm,
                    BinaryOp::Add,
                    Operand::Handle(total),
                    Operand::Handle(next),
                )?;
            }
            total
        }
        Merge::Concatenate { axis } => {
            let mut inputs: Vec<(Operand, &'static str, bool)> =
                vec![(Operand::Handle(first), "values", true)];
            inputs.extend(handles.map(|h| (Operand::Handle(h), "values", true)));
            let axis = i32::try_from(axis).map_err(|_| vm.value_error("axis out of range"))?;
            inputs.push((Operand::Literal(Tensor::scalar(axis)), "axis", false));
            st.tf(vm, |ctx| {
                ctx.array_op(
                    runtime::op_defs::ConcatV2::kind(),
                    "concatenate",
                    None,
                    inputs,
                )
            })?
        }
    };
    wrap(st, vm, output)
}

fn build_merge_class(st: &St, layer: &Rc<Class>, name: &str, module: &str) -> Rc<Class> {
    let init: fn(&St, &mut Vm<'_>, Args<'_>) -> PyResult = if name == "Concatenate" {
        |st, vm, args| merge_init(st, vm, args, true)
    } else {
        |st, vm, args| merge_init(st, vm, args, false)
    };
    let builder = ClassBuilder::new(name, module)
        .base(layer)
        .method_closure("__init__", bound(st, init))
        .method("build", |vm, args| {
            layer_of(vm, this(vm, &args)?)?.built.set(true);
            Ok(Value::None)
        })
        .method_closure("call", bound(st, merge_call));
    builder.build()
}

/// Builds `Concatenate`.
pub fn build_concatenate_class(st: &St, layer: &Rc<Class>) -> Rc<Class> {
    build_merge_class(
        st,
        layer,
        "Concatenate",
        "keras.src.layers.merging.concatenate",
    )
}

/// Builds `Add`.
pub fn build_add_class(st: &St, layer: &Rc<Class>) -> Rc<Class> {
    build_merge_class(st, layer, "Add", "keras.src.layers.merging.add")
}
