//! Keras's windowed layers: `Conv2D`, `MaxPooling2D`, `AveragePooling2D` and
//! `GlobalAveragePooling2D` (channels last), as Keras 3 on the TensorFlow backend runs them:
//! `Conv2D` is one `Conv2D` op, then its bias reshaped to `(1, 1, 1, filters)` and added
//! (`Reshape`, `AddV2`) and the activation; the poolings are one `MaxPool` / `AvgPool`, the
//! global average a `Mean` over rows and columns. Output shapes follow Keras's
//! `compute_conv_output_shape`, which gives the same sizes as TensorFlow's windows.

use std::rc::Rc;

use lang::host::ClassBuilder;
use lang::value::{Args, Class, Module, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{int_list, to_operand};
use crate::keras::initializers::{initializer_arg, Initializer, InitializerArg};
use crate::keras::layers::{base_args, float_input, layer_of, weight_at, Activation, LayerKind};
use crate::keras::ops;
use crate::tensor_class::wrap;
use crate::{bound, this, St};
use runtime::Operand;
use tensor::ops::{BinaryOp, Conv2DAttrs, Padding, PoolAttrs, PoolKind, ReduceOp};

/// A windowed layer's configuration.
pub enum WindowedLayer {
    /// `Conv2D`.
    Conv2D {
        /// Output channels.
        filters: usize,
        /// `(rows, cols)` of the kernel.
        kernel: [usize; 2],
        /// `(rows, cols)` strides.
        strides: [usize; 2],
        /// `padding='same'` (else `'valid'`).
        same: bool,
        /// `(rows, cols)` dilation rates.
        dilation: [usize; 2],
        /// Filter groups.
        groups: usize,
        /// The activation.
        activation: Activation,
        /// Whether there is a bias.
        use_bias: bool,
        /// The kernel's initialiser.
        kernel_initializer: InitializerArg,
        /// The bias's initialiser.
        bias_initializer: InitializerArg,
    },
    /// `MaxPooling2D` / `AveragePooling2D`.
    Pooling {
        /// Max or average.
        kind: PoolKind,
        /// `(rows, cols)` of the window.
        pool: [usize; 2],
        /// `(rows, cols)` strides (the window by default).
        strides: [usize; 2],
        /// `padding='same'` (else `'valid'`).
        same: bool,
    },
    /// `GlobalAveragePooling2D`.
    GlobalAverage {
        /// Keep the rows and columns as size-1 dimensions.
        keepdims: bool,
    },
}

/// Output size of one dimension, as Keras's `compute_conv_output_shape` computes it.
fn window_output(
    input: Option<usize>,
    kernel: usize,
    stride: usize,
    dilation: usize,
    same: bool,
) -> Option<usize> {
    let input = input?;
    let stride = stride.max(1);
    if same {
        return Some(input.div_ceil(stride));
    }
    let span = dilation * kernel.saturating_sub(1) + 1;
    Some(input.checked_sub(span)? / stride + 1)
}

impl WindowedLayer {
    /// The output shape for an input of `dims` (NHWC); `None` when a window does not fit.
    pub fn output_dims(&self, dims: &[Option<usize>]) -> Option<Vec<Option<usize>>> {
        let [batch, rows, cols, depth]: [Option<usize>; 4] = dims.try_into().ok()?;
        Some(match self {
            WindowedLayer::Conv2D {
                filters,
                kernel,
                strides,
                same,
                dilation,
                ..
            } => vec![
                batch,
                window_output(rows, kernel[0], strides[0], dilation[0], *same),
                window_output(cols, kernel[1], strides[1], dilation[1], *same),
                Some(*filters),
            ],
            WindowedLayer::Pooling {
                pool,
                strides,
                same,
                ..
            } => vec![
                batch,
                window_output(rows, pool[0], strides[0], 1, *same),
                window_output(cols, pool[1], strides[1], 1, *same),
                depth,
            ],
            WindowedLayer::GlobalAverage { keepdims: true } => vec![batch, Some(1), Some(1), depth],
            WindowedLayer::GlobalAverage { keepdims: false } => vec![batch, depth],
        })
    }
}

/// The Keras classes of this module.
pub struct WindowedClasses {
    conv2d: Rc<Class>,
    max_pooling2d: Rc<Class>,
    average_pooling2d: Rc<Class>,
    global_average_pooling2d: Rc<Class>,
}

/// Puts the classes in `tf.keras.layers`.
pub fn install(classes: &WindowedClasses, layers: &Module) {
    layers.set("Conv2D", Value::Class(classes.conv2d.clone()));
    layers.set("MaxPooling2D", Value::Class(classes.max_pooling2d.clone()));
    layers.set("MaxPool2D", Value::Class(classes.max_pooling2d.clone()));
    layers.set(
        "AveragePooling2D",
        Value::Class(classes.average_pooling2d.clone()),
    );
    layers.set("AvgPool2D", Value::Class(classes.average_pooling2d.clone()));
    layers.set(
        "GlobalAveragePooling2D",
        Value::Class(classes.global_average_pooling2d.clone()),
    );
}

/// `(rows, cols)` from an int or a pair (`kernel_size`, `strides`, `pool_size`).
fn pair(
    st: &St,
    vm: &mut Vm<'_>,
    value: Option<&Value>,
    default: [usize; 2],
    what: &str,
) -> PyResult<[usize; 2]> {
    let Some(value) = value else {
        return Ok(default);
    };
    let values = int_list(st, vm, value, what)?;
    let shown = |vm: &mut Vm<'_>| vm.repr(value);
    let pair = match values.as_slice() {
        [one] => [*one, *one],
        [rows, cols] => [*rows, *cols],
        _ => {
            let text = shown(vm)?;
            return Err(vm.value_error(format!(
                "The `{what}` argument must be a tuple of 2 integers. Received {what}={text}"
            )));
        }
    };
    let mut bad: Vec<i64> = values.iter().copied().filter(|v| *v <= 0).collect();
    if !bad.is_empty() {
        bad.sort_unstable();
        bad.dedup();
        let text = shown(vm)?;
        let listed: Vec<String> = bad.iter().map(i64::to_string).collect();
        return Err(vm.value_error(format!(
            "The `{what}` argument must be a tuple of 2 integers. Received {what}={text}, including values {{{}}} that do not satisfy `value > 0`",
            listed.join(", ")
        )));
    }
    Ok([pair[0] as usize, pair[1] as usize])
}

/// `padding='valid'` or `'same'` (any case) → whether it is `same`.
fn same_padding(vm: &mut Vm<'_>, value: Option<&Value>) -> PyResult<bool> {
    let Some(value) = value else {
        return Ok(false);
    };
    let text = cpython_text::str_lower(&crate::string_arg(vm, value, "padding")?);
    match text.as_str() {
        "valid" => Ok(false),
        "same" => Ok(true),
        _ => Err(vm.value_error(format!(
            "The `padding` argument must be a list/tuple or one of {{'same', 'valid'}}. Received: {text}"
        ))),
    }
}

/// Only `channels_last` is emulated.
fn check_data_format(vm: &mut Vm<'_>, value: Option<&Value>) -> PyResult<()> {
    match value.and_then(Value::as_str) {
        None | Some("channels_last") => Ok(()),
        Some(other) => {
            let class = vm.exc_types().not_implemented_error.clone();
            Err(vm.new_error(
                &class,
                format!(
                    "data_format={other:?} is not emulated in this playground; use channels_last"
                ),
            ))
        }
    }
}

/// Layers without weights are built when made, as Keras 3 marks them (`built=True`).
fn built_at_init(st: &St, vm: &mut Vm<'_>, args: &Args<'_>, kind: LayerKind) -> PyResult {
    base_args(st, vm, args, kind)?;
    layer_of(vm, this(vm, args)?)?.built.set(true);
    Ok(Value::None)
}

fn conv_init(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "Conv2D",
        &args,
        3,
        [
            this = "self",
            filters,
            kernel_size,
            strides,
            padding,
            data_format,
            dilation_rate,
            groups,
            activation,
            use_bias,
            kernel_initializer,
            bias_initializer,
            kernel_regularizer,
            bias_regularizer,
            activity_regularizer,
            kernel_constraint,
            bias_constraint,
            name,
            trainable,
            dtype,
            input_shape
        ]
    )?;
    let filters_value = bound.filters.clone().unwrap_or(Value::None);
    let filters = match filters_value.as_i64() {
        Some(filters) if filters > 0 => filters as usize,
        _ => {
            let text = vm.repr(&filters_value)?;
            return Err(vm.value_error(format!(
                "Invalid value for argument `filters`. Expected a strictly positive value. Received filters={text}."
            )));
        }
    };
    check_data_format(vm, bound.data_format.as_ref())?;
    let groups = match bound.groups.as_ref().and_then(Value::as_i64) {
        None => 1,
        Some(groups) if groups > 0 && filters % groups as usize == 0 => groups as usize,
        Some(groups) => {
            return Err(vm.value_error(format!(
                "The number of filters must be evenly divisible by the number of groups. Received: groups={groups}, filters={filters}."
            )))
        }
    };
    let kind = WindowedLayer::Conv2D {
        filters,
        kernel: pair(st, vm, bound.kernel_size.as_ref(), [1, 1], "kernel_size")?,
        strides: pair(st, vm, bound.strides.as_ref(), [1, 1], "strides")?,
        same: same_padding(vm, bound.padding.as_ref())?,
        dilation: pair(
            st,
            vm,
            bound.dilation_rate.as_ref(),
            [1, 1],
            "dilation_rate",
        )?,
        groups,
        activation: Activation::from_arg(vm, bound.activation.as_ref())?,
        use_bias: crate::flag(vm, &bound.use_bias, true)?,
        kernel_initializer: initializer_arg(
            vm,
            bound.kernel_initializer.as_ref(),
            Initializer::GlorotUniform(None),
        )?,
        bias_initializer: initializer_arg(vm, bound.bias_initializer.as_ref(), Initializer::Zeros)?,
    };
    base_args(st, vm, &args, LayerKind::Windowed(kind))
}

fn conv_build(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "build", &args, 2, [this = "self", input_shape])?;
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    let LayerKind::Windowed(WindowedLayer::Conv2D {
        filters,
        kernel,
        groups,
        use_bias,
        kernel_initializer,
        bias_initializer,
        ..
    }) = &data.kind
    else {
        return Err(vm.type_error("expected a Conv2D layer"));
    };
    let shape = vm.iterate(bound.input_shape.as_ref().unwrap_or(&Value::None))?;
    let Some(channels) = shape
        .last()
        .and_then(Value::as_i64)
        .filter(|_| shape.len() == 4)
    else {
        let text = vm.repr(bound.input_shape.as_ref().unwrap_or(&Value::None))?;
        return Err(vm.value_error(format!(
            "Input 0 of layer \"{}\" is incompatible with the layer: expected min_ndim=4, found ndim={}. Full shape received: {text}",
            data.name.borrow(),
            shape.len()
        )));
    };
    let channels = channels.max(0) as usize;
    if !channels.is_multiple_of(*groups) {
        let text = vm.repr(bound.input_shape.as_ref().unwrap_or(&Value::None))?;
        return Err(vm.value_error(format!(
            "The number of input channels must be evenly divisible by the number of groups. Received groups={groups}, but the input has {channels} channels (full input shape is {text})"
        )));
    }
    let kernel_dims = [kernel[0], kernel[1], channels / groups, *filters];
    crate::keras::layers::build_kernel_and_bias(
        st,
        vm,
        &data,
        (kernel_initializer, &kernel_dims),
        use_bias.then_some((bias_initializer, *filters)),
        &shape,
    )?;
    Ok(Value::None)
}

fn conv_call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    let LayerKind::Windowed(WindowedLayer::Conv2D {
        filters,
        strides,
        same,
        dilation,
        activation,
        use_bias,
        ..
    }) = &data.kind
    else {
        return Err(vm.type_error("expected a Conv2D layer"));
    };
    let inputs = args.positional.get(1).cloned().unwrap_or(Value::None);
    let x = float_input(st, vm, &inputs)?;
    let weights = data.weights.borrow().clone();
    let (Some(kernel), bias) = (weights.first().cloned(), weights.get(1).cloned()) else {
        return Err(vm.value_error("Conv2D layer is not built"));
    };
    let kernel = to_operand(st, vm, &kernel)?;
    let attrs = Conv2DAttrs {
        strides: vec![1, strides[0] as i64, strides[1] as i64, 1],
        dilations: vec![1, dilation[0] as i64, dilation[1] as i64, 1],
        padding: if *same { Padding::Same } else { Padding::Valid },
        nchw: false,
    };
    let mut y = st.tf(vm, |ctx| {
        ctx.array_op(
            runtime::op_defs::Conv2D::kind(attrs),
            "Conv2D",
            None,
            vec![
                (Operand::Handle(x), "input", true),
                (kernel, "filter", true),
            ],
        )
    })?;
    if let (true, Some(bias)) = (*use_bias, bias) {
        let bias = to_operand(st, vm, &bias)?;
        let bias = ops::reshape(st, vm, bias, vec![1, 1, 1, *filters as i64])?;
        y = ops::binary(
            st,
            vm,
            BinaryOp::Add,
            Operand::Handle(y),
            Operand::Handle(bias),
        )?;
    }
    let y = activation.apply(st, vm, y)?;
    wrap(st, vm, y)
}

fn pooling_init(st: &St, vm: &mut Vm<'_>, args: Args<'_>, kind: PoolKind) -> PyResult {
    let function = match kind {
        PoolKind::Max => "MaxPooling2D",
        PoolKind::Avg => "AveragePooling2D",
    };
    let bound = bind!(
        vm,
        function,
        &args,
        1,
        [
            this = "self",
            pool_size,
            strides,
            padding,
            data_format,
            name,
            trainable,
            dtype
        ]
    )?;
    check_data_format(vm, bound.data_format.as_ref())?;
    let pool = pair(st, vm, bound.pool_size.as_ref(), [2, 2], "pool_size")?;
    let layer = WindowedLayer::Pooling {
        kind,
        pool,
        strides: pair(st, vm, bound.strides.as_ref(), pool, "strides")?,
        same: same_padding(vm, bound.padding.as_ref())?,
    };
    built_at_init(st, vm, &args, LayerKind::Windowed(layer))
}

fn pooling_call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    let LayerKind::Windowed(WindowedLayer::Pooling {
        kind,
        pool,
        strides,
        same,
    }) = &data.kind
    else {
        return Err(vm.type_error("expected a pooling layer"));
    };
    let inputs = args.positional.get(1).cloned().unwrap_or(Value::None);
    let x = float_input(st, vm, &inputs)?;
    let attrs = PoolAttrs {
        ksize: vec![1, pool[0] as i64, pool[1] as i64, 1],
        strides: vec![1, strides[0] as i64, strides[1] as i64, 1],
        padding: if *same { Padding::Same } else { Padding::Valid },
        nchw: false,
    };
    let kind = *kind;
    let y = st.tf(vm, |ctx| {
        ctx.array_op(
            runtime::op_defs::Pool::kind(kind, attrs),
            kind.op_type().name(),
            None,
            vec![(Operand::Handle(x), "input", true)],
        )
    })?;
    wrap(st, vm, y)
}

fn global_average_init(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "GlobalAveragePooling2D",
        &args,
        1,
        [this = "self", data_format, keepdims, name, trainable, dtype]
    )?;
    check_data_format(vm, bound.data_format.as_ref())?;
    let keepdims = crate::flag(vm, &bound.keepdims, false)?;
    built_at_init(
        st,
        vm,
        &args,
        LayerKind::Windowed(WindowedLayer::GlobalAverage { keepdims }),
    )
}

fn global_average_call(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?.clone();
    let data = layer_of(vm, &me)?;
    let LayerKind::Windowed(WindowedLayer::GlobalAverage { keepdims }) = &data.kind else {
        return Err(vm.type_error("expected a GlobalAveragePooling2D layer"));
    };
    let keepdims = *keepdims;
    let inputs = args.positional.get(1).cloned().unwrap_or(Value::None);
    let x = float_input(st, vm, &inputs)?;
    let y = ops::reduce(
        st,
        vm,
        ReduceOp::Mean,
        Operand::Handle(x),
        Some(vec![1, 2]),
        keepdims,
    )?;
    wrap(st, vm, y)
}

/// Builds the classes on the `Layer` base.
pub fn build_classes(st: &St, layer: &Rc<Class>) -> WindowedClasses {
    let conv2d = ClassBuilder::new("Conv2D", "keras.src.layers.convolutional.conv2d")
        .base(layer)
        .method_closure("__init__", bound(st, conv_init))
        .method_closure("build", bound(st, conv_build))
        .method_closure("call", bound(st, conv_call))
        .property_closure("kernel", weight_at(0), None)
        .property_closure("bias", weight_at(1), None)
        .property(
            "filters",
            |vm, args| {
                let data = layer_of(vm, this(vm, &args)?)?;
                Ok(match &data.kind {
                    LayerKind::Windowed(WindowedLayer::Conv2D { filters, .. }) => {
                        Value::Int(*filters as i64)
                    }
                    _ => Value::None,
                })
            },
            None,
        )
        .build();
    let pooling = |name: &str, module: &str, kind: PoolKind| {
        let init: fn(&St, &mut Vm<'_>, Args<'_>) -> PyResult = match kind {
            PoolKind::Max => |st, vm, args| pooling_init(st, vm, args, PoolKind::Max),
            PoolKind::Avg => |st, vm, args| pooling_init(st, vm, args, PoolKind::Avg),
        };
        ClassBuilder::new(name, module)
            .base(layer)
            .method_closure("__init__", bound(st, init))
            .method_closure("call", bound(st, pooling_call))
            .build()
    };
    WindowedClasses {
        conv2d,
        max_pooling2d: pooling(
            "MaxPooling2D",
            "keras.src.layers.pooling.max_pooling2d",
            PoolKind::Max,
        ),
        average_pooling2d: pooling(
            "AveragePooling2D",
            "keras.src.layers.pooling.average_pooling2d",
            PoolKind::Avg,
        ),
        global_average_pooling2d: ClassBuilder::new(
            "GlobalAveragePooling2D",
            "keras.src.layers.pooling.global_average_pooling2d",
        )
        .base(layer)
        .method_closure("__init__", bound(st, global_average_init))
        .method_closure("call", bound(st, global_average_call))
        .build(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_sizes_follow_keras() {
        assert_eq!(window_output(Some(6), 3, 1, 1, false), Some(4));
        assert_eq!(window_output(Some(8), 3, 2, 1, true), Some(4));
        assert_eq!(window_output(Some(4), 2, 1, 1, false), Some(3));
        assert_eq!(window_output(Some(2), 5, 1, 1, false), None);
        assert_eq!(window_output(None, 5, 1, 1, false), None);
        let pool = WindowedLayer::Pooling {
            kind: PoolKind::Max,
            pool: [2, 2],
            strides: [2, 2],
            same: true,
        };
        assert_eq!(
            pool.output_dims(&[None, Some(2), Some(2), Some(6)]),
            Some(vec![None, Some(1), Some(1), Some(6)])
        );
    }
}
