//! `_tf_random_generator`: the samples `tf.random.Generator` (written in Python,
//! `crates/pylib/python/_tensorflow/random_generator.py`) draws. A Philox generator's state is
//! three int64s, the 128-bit counter then the key, as TensorFlow keeps it; the stateful
//! kernels (`StatefulStandardNormalV2`, `StatefulUniform`, ...) fill their output from that
//! stream exactly as the other Philox kernels do, and the Python side then advances the
//! counter by 256 per value (`ReserveRandomOutputs`).
//!
//! Like the stateless samplers (see [`crate::stateless_random`]), the values are computed when
//! the call is made and enter the program as one constant named after the kernel.

use lang::host::{native_function_closure, new_module};
use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{int_list, opt_dtype};
use crate::tensor_class::wrap;
use crate::St;
use tensor::ops;
use tensor::random::Philox;
use tensor::{DType, OpResult, Tensor, TensorData};

/// The module's name: private, imported by `_tensorflow.random_generator`.
pub const MODULE: &str = "_tf_random_generator";

/// The Philox stream a generator state `[counter_lo, counter_hi, key]` starts.
fn philox(state: &[i64]) -> Philox {
    let word = |value: i64, high: bool| {
        let bits = value as u64;
        if high {
            (bits >> 32) as u32
        } else {
            bits as u32
        }
    };
    let (lo, hi, key) = (state[0], state[1], state[2]);
    Philox::from_key_counter(
        [word(key, false), word(key, true)],
        [
            word(lo, false),
            word(lo, true),
            word(hi, false),
            word(hi, true),
        ],
    )
}

/// `UniformFullIntDistribution`: every bit pattern of the integer type.
fn uniform_full_int(dims: &[i64], dtype: DType, generator: Philox) -> OpResult<Tensor> {
    let shape = tensor::Shape::new(dims.iter().map(|d| (*d).max(0) as usize).collect());
    // Within the element budget, as every kernel that fills a tensor.
    let count = tensor::limits::check_elements(&shape)?;
    let mut generator = generator;
    let mut words = Vec::with_capacity(count * 2 + 4);
    let per_value = if dtype == DType::Int64 { 2 } else { 1 };
    while words.len() < count * per_value {
        words.extend(generator.next_block());
    }
    let data = match dtype {
        DType::Int32 => TensorData::Int32(words[..count].iter().map(|w| *w as i32).collect()),
        DType::Int64 => TensorData::Int64(
            words
                .chunks(2)
                .take(count)
                .map(|pair| (u64::from(pair[0]) | (u64::from(pair[1]) << 32)) as i64)
                .collect(),
        ),
        _ => {
            return Err(tensor::OpError::python(
                tensor::ErrorClass::ValueError,
                format!("Invalid dtype tf.{} for uniform_full_int", dtype.name()),
            ))
        }
    };
    Tensor::new(dtype, shape, data)
}

/// `sample(state, kind, shape, dtype, minval, maxval)`: one stateful kernel's output.
fn sample(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let state = int_list(st, vm, args.get(0).unwrap_or(&Value::None), "state")?;
    if state.len() != 3 {
        return Err(vm.value_error("a Philox generator state holds 3 integers"));
    }
    let kind = args
        .get(1)
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let dims = int_list(st, vm, args.get(2).unwrap_or(&Value::None), "shape")?;
    let dtype = opt_dtype(vm, &args.get(3).cloned())?.unwrap_or(DType::Float32);
    let generator = philox(&state);
    let (op, result) = match kind.as_str() {
        "normal" => (
            "StatefulStandardNormalV2",
            ops::standard_normal(&dims, dtype, generator),
        ),
        "uniform" => ("StatefulUniform", ops::uniform(&dims, dtype, generator)),
        "truncated_normal" => (
            "StatefulTruncatedNormal",
            ops::truncated_normal(&dims, dtype, generator),
        ),
        "uniform_int" => {
            let bounds = int_list(st, vm, args.get(4).unwrap_or(&Value::None), "minval")?;
            let upper = int_list(st, vm, args.get(5).unwrap_or(&Value::None), "maxval")?;
            let (minval, maxval) = (bounds.first().copied(), upper.first().copied());
            (
                "StatefulUniformInt",
                ops::uniform_int(
                    &dims,
                    minval.unwrap_or(0),
                    maxval.unwrap_or(0),
                    dtype,
                    generator,
                ),
            )
        }
        "uniform_full_int" => (
            "StatefulUniformFullInt",
            uniform_full_int(&dims, dtype, generator),
        ),
        _ => return Err(vm.value_error(format!("unknown sampler {kind}"))),
    };
    let tensor = result.map_err(|error| {
        let error = runtime::TfError::from_kernel_message(error);
        crate::errors::raise(st, vm, error)
    })?;
    let handle = st.tf(vm, |ctx| ctx.constant(tensor, Some(op)))?;
    wrap(st, vm, handle)
}

/// Builds the module.
pub fn build(st: &St) -> Vec<(String, Value)> {
    let module = new_module(MODULE);
    let state = st.clone();
    module.set(
        "sample",
        native_function_closure("sample", move |vm, args| sample(&state, vm, args)),
    );
    vec![(MODULE.to_string(), Value::Module(module))]
}
