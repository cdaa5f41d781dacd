//! `numpy.random.default_rng(seed)` and its `Generator`: PCG64 seeded through
//! `SeedSequence`, with `Generator`'s transforms (see `tensor::numpy_generator`):
//! `random`, `integers`, `uniform`, `normal`, `standard_normal`, `choice` (with
//! replacement), `shuffle`, `permutation`.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use lang::host::{native_function_closure, set_native_data, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::convert::op_error;
use crate::numpy_module::{array_value, NdArray};
use crate::numpy_random::{
    integer_scalar, normal_params, permuted, population, shuffle_in_place, size_dims, take,
    uniform_params,
};
use crate::{bound, St};
use tensor::numpy_generator::{seed_words, Pcg64};
use tensor::ops;
use tensor::{DType, Shape, Tensor};

struct PyGenerator(RefCell<Pcg64>);

thread_local! {
    /// Unseeded generators: NumPy draws entropy from the operating system; here each
    /// unseeded generator of a run gets the next of a fixed series, so runs reproduce.
    static UNSEEDED: Cell<u32> = const { Cell::new(0) };
}

fn state(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyGenerator>> {
    crate::this_as::<PyGenerator>(vm, args, "Generator")
}

/// An integer's entropy words (its little-endian 32-bit words); `None` for a non-integer.
fn int_words(vm: &mut Vm<'_>, value: &Value) -> PyResult<Option<Vec<u32>>> {
    let bytes = if let Some(value) = integer_scalar(vm, value)? {
        if value < 0 {
            return Err(vm.value_error("expected non-negative integer"));
        }
        value.to_le_bytes().to_vec()
    } else if let Value::BigInt(_) = value {
        // Past 64 bits: its bytes from Python's own `int.to_bytes`.
        let negative = vm.call_method(value, "__lt__", &[Value::Int(0)])?;
        if vm.truthy(&negative)? {
            return Err(vm.value_error("expected non-negative integer"));
        }
        let bits = vm.call_method(value, "bit_length", &[])?;
        let length = (bits.as_i64().unwrap_or(0) + 7) / 8;
        let little = Value::str("little".to_string());
        match vm.call_method(value, "to_bytes", &[Value::Int(length), little])? {
            Value::Bytes(bytes) => bytes.to_vec(),
            _ => return Err(vm.type_error("int.to_bytes did not return bytes")),
        }
    } else {
        return Ok(None);
    };
    Ok(Some(seed_words(&bytes)))
}

/// The entropy words of a seed: `None` (fresh), a non-negative integer, or a sequence of
/// them (each one's 32-bit words in turn).
fn entropy(vm: &mut Vm<'_>, seed: &Value) -> PyResult<Vec<u32>> {
    if seed.is_none() {
        let next = UNSEEDED.with(|counter| {
            counter.set(counter.get().wrapping_add(1));
            counter.get()
        });
        return Ok(vec![0x5eed_0000 ^ next, 0x9e37_79b9]);
    }
    if let Some(words) = int_words(vm, seed)? {
        return Ok(words);
    }
    let mut words = Vec::new();
    for item in &vm.iterate(seed)? {
        let Some(item_words) = int_words(vm, item)? else {
            let name = vm.type_name(item);
            return Err(vm.type_error(format!(
                "SeedSequence expects int or sequence of ints for entropy not {name}"
            )));
        };
        words.extend(item_words);
    }
    Ok(words)
}

/// `default_rng(seed=None)`: a `Generator` (a `Generator` passes through).
pub fn default_rng_function(class: Rc<Class>) -> Value {
    native_function_closure("default_rng", move |vm, args| {
        let seed = args.get(0).cloned().unwrap_or(Value::None);
        if Rc::ptr_eq(&vm.class_of(&seed), &class) {
            return Ok(seed);
        }
        vm.call(&Value::Class(class.clone()), &[seed], &[])
    })
}

/// Values of `dims` (a Python scalar for `None`) from `draw`, within the element budget.
fn fill<T: Copy>(
    st: &St,
    vm: &mut Vm<'_>,
    dims: Option<Vec<usize>>,
    scalar: impl Fn(T) -> Value,
    make: impl Fn(Shape, Vec<T>) -> tensor::OpResult<Tensor>,
    mut draw: impl FnMut(usize) -> Vec<T>,
) -> PyResult {
    let Some(dims) = dims else {
        return Ok(scalar(draw(1)[0]));
    };
    let shape = Shape::from(&dims[..]);
    let count = tensor::limits::check_elements(&shape).map_err(|e| op_error(vm, e))?;
    let values = draw(count);
    let tensor = make(shape, values).map_err(|e| op_error(vm, e))?;
    array_value(st, vm, tensor)
}

fn doubles(
    st: &St,
    vm: &mut Vm<'_>,
    args: &Args<'_>,
    dims: Option<Vec<usize>>,
    mut draw: impl FnMut(&mut Pcg64) -> f64,
) -> PyResult {
    let generator = state(vm, args)?;
    let mut rng = generator.0.borrow_mut();
    fill(st, vm, dims, Value::Float, Tensor::from_vec, |count| {
        (0..count).map(|_| draw(&mut rng)).collect()
    })
}

/// `integers(low, high=None, size=None, dtype=np.int64, endpoint=False)`.
fn integers(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "integers",
        &args,
        2,
        [this = "self", low, high, size, dtype, endpoint]
    )?;
    let int = |vm: &mut Vm<'_>, value: &Value| -> PyResult<i64> {
        vm.as_index(value)?.ok_or_else(|| {
            let name = vm.type_name(value);
            vm.type_error(format!(
                "'{name}' object cannot be interpreted as an integer"
            ))
        })
    };
    let first = int(vm, bound.low.as_ref().unwrap_or(&Value::None))?;
    let (low, high) = match bound.high.as_ref().filter(|high| !high.is_none()) {
        Some(high) => (first, int(vm, high)?),
        None => (0, first),
    };
    let endpoint = match &bound.endpoint {
        Some(value) => vm.truthy(value)?,
        None => false,
    };
    let high = if endpoint { high } else { high - 1 };
    if high < low {
        return Err(vm.value_error(if endpoint {
            "low > high"
        } else {
            "low >= high"
        }));
    }
    let dtype = crate::convert::opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Int64);
    let range = (high as i128 - low as i128) as u64;
    let dims = size_dims(st, vm, &bound.size)?;
    let generator = state(vm, &args)?;
    let mut rng = generator.0.borrow_mut();
    let result = fill(st, vm, dims, Value::Int, Tensor::from_vec, |count| {
        rng.bounded_fill(range, count)
            .into_iter()
            .map(|v| (low as i128 + v as i128) as i64)
            .collect()
    })?;
    drop(rng);
    match (result.downcast::<NdArray>(), dtype) {
        (Some(array), dtype) if dtype != DType::Int64 => {
            let cast = ops::cast(&array.tensor(), dtype).map_err(|e| op_error(vm, e))?;
            array_value(st, vm, cast)
        }
        _ => Ok(result),
    }
}

/// `random(size=None, dtype=np.float64)`: doubles in `[0, 1)` (floats from 24 bits).
fn random(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "random", &args, 1, [this = "self", size, dtype, out])?;
    let dims = size_dims(st, vm, &bound.size)?;
    let dtype = crate::convert::opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Float64);
    match dtype {
        DType::Float64 => doubles(st, vm, &args, dims, Pcg64::next_f64),
        DType::Float32 => {
            let generator = state(vm, &args)?;
            let mut rng = generator.0.borrow_mut();
            let make = |shape: Shape, values: Vec<f32>| Tensor::from_vec(shape, values);
            fill(
                st,
                vm,
                dims,
                |v: f32| Value::Float(f64::from(v)),
                make,
                |count| {
                    (0..count)
                        .map(|_| (rng.next_u32() >> 8) as f32 * (1.0 / 16_777_216.0))
                        .collect()
                },
            )
        }
        other => Err(vm.type_error(format!(
            "Unsupported dtype dtype('{}') for random",
            other.name()
        ))),
    }
}

/// `choice(a, size=None, replace=True, p=None)`: uniform draws with replacement.
fn choice(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "choice", &args, 2, [this = "self", a, size, replace, p])?;
    let replace = match &bound.replace {
        Some(value) => vm.truthy(value)?,
        None => true,
    };
    if !replace || bound.p.as_ref().is_some_and(|p| !p.is_none()) {
        return Err(vm.not_implemented_error(
            "Generator.choice without replacement or with p= is not emulated in this \
             playground yet; use np.random.choice (RandomState) or Generator.permutation",
        ));
    }
    let (pool, _) = population(st, vm, bound.a.as_ref().unwrap_or(&Value::None), "choice")?;
    let rows = pool.dims()[0];
    if rows == 0 {
        return Err(vm.value_error("a cannot be empty unless no samples are taken"));
    }
    let dims = size_dims(st, vm, &bound.size)?;
    let generator = state(vm, &args)?;
    let count = dims.as_ref().map_or(1, |d| d.iter().product());
    let indices: Vec<i64> = generator
        .0
        .borrow_mut()
        .bounded_fill(rows as u64 - 1, count)
        .into_iter()
        .map(|v| v as i64)
        .collect();
    let shape = dims.clone().unwrap_or_default();
    let picked = take(vm, &pool, indices, &shape)?;
    let value = array_value(st, vm, picked)?;
    if dims.is_none() {
        return vm.call_method(&value, "item", &[]);
    }
    Ok(value)
}

/// `0..rows` in the order `shuffle` leaves it (Fisher-Yates from the last row).
fn shuffled_order(vm: &Vm<'_>, args: &Args<'_>, rows: usize) -> PyResult<Vec<i64>> {
    let generator = state(vm, args)?;
    let mut rng = generator.0.borrow_mut();
    let mut order: Vec<i64> = (0..rows as i64).collect();
    for i in (1..rows).rev() {
        let j = rng.interval(i as u64) as usize;
        order.swap(i, j);
    }
    Ok(order)
}

fn permutation(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "permutation", &args, 2, [this = "self", x])?;
    let x = bound.x.clone().unwrap_or(Value::None);
    permuted(st, vm, &x, |vm, rows| shuffled_order(vm, &args, rows))
}

fn shuffle(_st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "shuffle", &args, 2, [this = "self", x])?;
    let target = bound.x.clone().unwrap_or(Value::None);
    shuffle_in_place(vm, &target, |vm, rows| shuffled_order(vm, &args, rows))
}

/// The `Generator` class.
pub fn build_class(st: &St) -> Rc<Class> {
    let method =
        |builder: ClassBuilder, name: &str, f: fn(&St, &mut Vm<'_>, Args<'_>) -> PyResult| {
            builder.method_closure(name, bound(st, f))
        };
    let mut builder = ClassBuilder::new("Generator", "numpy.random._generator")
        .method("__init__", |vm, args| {
            let seed = args.get(1).cloned().unwrap_or(Value::None);
            let words = entropy(vm, &seed)?;
            let me = crate::this(vm, &args)?;
            set_native_data(
                me,
                Rc::new(PyGenerator(RefCell::new(Pcg64::from_entropy(&words)))),
            );
            Ok(Value::None)
        })
        .method("__repr__", |vm, args| {
            let me = crate::this(vm, &args)?.clone();
            let id = me.id();
            Ok(Value::str(format!("Generator(PCG64) at 0x{id:X}")))
        });
    builder = method(builder, "random", random);
    builder = method(builder, "integers", integers);
    builder = method(builder, "uniform", |st, vm, args| {
        let bound = bind!(vm, "uniform", &args, 1, [this = "self", low, high, size])?;
        let (low, range) = uniform_params(vm, &bound.low, &bound.high, "high - low range")?;
        let dims = size_dims(st, vm, &bound.size)?;
        doubles(st, vm, &args, dims, |rng| low + range * rng.next_f64())
    });
    builder = method(builder, "standard_normal", |st, vm, args| {
        let bound = bind!(
            vm,
            "standard_normal",
            &args,
            1,
            [this = "self", size, dtype]
        )?;
        let dims = size_dims(st, vm, &bound.size)?;
        doubles(st, vm, &args, dims, Pcg64::standard_normal)
    });
    builder = method(builder, "normal", |st, vm, args| {
        let bound = bind!(vm, "normal", &args, 1, [this = "self", loc, scale, size])?;
        let (loc, scale) = normal_params(vm, &bound.loc, &bound.scale)?;
        let dims = size_dims(st, vm, &bound.size)?;
        doubles(st, vm, &args, dims, |rng| {
            loc + scale * rng.standard_normal()
        })
    });
    builder = method(builder, "choice", choice);
    builder = method(builder, "permutation", permutation);
    builder = method(builder, "shuffle", shuffle);
    builder.build()
}
