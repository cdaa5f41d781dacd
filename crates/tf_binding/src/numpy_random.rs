//! `numpy.random`'s legacy API: the `RandomState` class and the module's functions, which
//! are the methods of one hidden global `RandomState`, as in NumPy (`np.random.seed`,
//! `rand`, `randn`, `randint`, `random`, `normal`, `uniform`, `choice`, `shuffle`,
//! `permutation`). The generator and its transforms are `tensor::numpy_random`.

use std::cell::RefCell;
use std::rc::Rc;

use lang::host::{set_native_data, ClassBuilder};
use lang::value::{Args, Class, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{op_error, to_numpy_tensor};
use crate::numpy_module::{array_value, NdArray};
use crate::{bound, this, St};
use tensor::numpy_random::RandomState;
use tensor::ops;
use tensor::{DType, Shape, Tensor};

/// The native data of a `RandomState` object.
struct PyRandomState(RefCell<RandomState>);

/// The seed of an unseeded generator. NumPy draws one from the operating system; a run
/// here is reproducible instead.
const UNSEEDED: u32 = 5489;

/// The methods the module exposes from its global `RandomState`.
const MODULE_FUNCTIONS: &[&str] = &[
    "seed",
    "rand",
    "randn",
    "random",
    "random_sample",
    "randint",
    "normal",
    "standard_normal",
    "uniform",
    "choice",
    "shuffle",
    "permutation",
];

/// Builds `numpy.random`.
pub fn build_module(st: &St, vm: &mut Vm<'_>) -> PyResult<Value> {
    let class = build_class(st);
    let module = crate::module("numpy.random");
    let global = vm.call(&Value::Class(class.clone()), &[], &[])?;
    for name in MODULE_FUNCTIONS {
        let method = vm.get_attr_str(&global, name)?;
        module.set(name, method);
    }
    module.set("RandomState", Value::Class(class));
    let generator_class = crate::numpy_generator::build_class(st);
    module.set(
        "default_rng",
        crate::numpy_generator::default_rng_function(generator_class.clone()),
    );
    module.set("Generator", Value::Class(generator_class));
    Ok(Value::Module(module))
}

fn build_class(st: &St) -> Rc<Class> {
    let method =
        |builder: ClassBuilder, name: &str, f: fn(&St, &mut Vm<'_>, Args<'_>) -> PyResult| {
            builder.method_closure(name, bound(st, f))
        };
    let mut builder =
        ClassBuilder::new("RandomState", "numpy.random.mtrand").method("__init__", |vm, args| {
            let bound = bind!(vm, "RandomState", &args, 1, [this = "self", seed])?;
            let state = seeded(vm, bound.seed.as_ref().unwrap_or(&Value::None))?;
            set_native_data(
                this(vm, &args)?,
                Rc::new(PyRandomState(RefCell::new(state))),
            );
            Ok(Value::None)
        });
    builder = builder.method("seed", |vm, args| {
        let bound = bind!(vm, "seed", &args, 1, [this = "self", seed])?;
        let state = seeded(vm, bound.seed.as_ref().unwrap_or(&Value::None))?;
        *generator(vm, &args)?.0.borrow_mut() = state;
        Ok(Value::None)
    });
    builder = method(builder, "rand", |st, vm, args| {
        let dims = positional_dims(vm, &args)?;
        doubles(st, vm, &args, dims, |state| state.next_f64())
    });
    builder = method(builder, "randn", |st, vm, args| {
        let dims = positional_dims(vm, &args)?;
        doubles(st, vm, &args, dims, RandomState::gauss)
    });
    for name in ["random", "random_sample"] {
        builder = method(builder, name, |st, vm, args| {
            let bound = bind!(vm, "random_sample", &args, 1, [this = "self", size])?;
            let dims = size_dims(st, vm, &bound.size)?;
            doubles(st, vm, &args, dims, |state| state.next_f64())
        });
    }
    builder = method(builder, "standard_normal", |st, vm, args| {
        let bound = bind!(vm, "standard_normal", &args, 1, [this = "self", size])?;
        let dims = size_dims(st, vm, &bound.size)?;
        doubles(st, vm, &args, dims, RandomState::gauss)
    });
    builder = method(builder, "normal", |st, vm, args| {
        let bound = bind!(vm, "normal", &args, 1, [this = "self", loc, scale, size])?;
        let (loc, scale) = normal_params(vm, &bound.loc, &bound.scale)?;
        let dims = size_dims(st, vm, &bound.size)?;
        doubles(st, vm, &args, dims, |state| loc + scale * state.gauss())
    });
    builder = method(builder, "uniform", |st, vm, args| {
        let bound = bind!(vm, "uniform", &args, 1, [this = "self", low, high, size])?;
        let (low, range) = uniform_params(vm, &bound.low, &bound.high, "Range")?;
        let dims = size_dims(st, vm, &bound.size)?;
        doubles(st, vm, &args, dims, |state| low + range * state.next_f64())
    });
    builder = method(builder, "randint", randint);
    builder = method(builder, "choice", choice);
    builder = method(builder, "permutation", permutation);
    builder = method(builder, "shuffle", shuffle);
    builder.build()
}

fn generator(vm: &Vm<'_>, args: &Args<'_>) -> PyResult<Rc<PyRandomState>> {
    crate::this_as::<PyRandomState>(vm, args, "RandomState")
}

/// `RandomState(seed)` / `seed(seed)`: `None`, an integer in `0..2**32`, or a sequence
/// of such integers (`init_by_array`).
fn seeded(vm: &mut Vm<'_>, seed: &Value) -> PyResult<RandomState> {
    const RANGE: &str = "Seed must be between 0 and 2**32 - 1";
    if seed.is_none() {
        return Ok(RandomState::new(UNSEEDED));
    }
    if let Some(value) = integer_scalar(vm, seed)? {
        let word = u32::try_from(value).map_err(|_| vm.value_error(RANGE))?;
        return Ok(RandomState::new(word));
    }
    let items = vm.iterate(seed)?;
    let mut words = Vec::with_capacity(items.len());
    for item in &items {
        let value = vm
            .as_index(item)?
            .ok_or_else(|| vm.type_error("Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'"))?;
        words.push(u32::try_from(value).map_err(|_| vm.value_error(RANGE))?);
    }
    if words.is_empty() {
        return Err(vm.value_error("Seed must be non-empty"));
    }
    Ok(RandomState::from_words(&words))
}

/// `value` as an integer if it is one (a Python `int` or `bool`, or a NumPy integer
/// scalar), `None` for anything else (a list, an array).
pub(crate) fn integer_scalar(vm: &mut Vm<'_>, value: &Value) -> PyResult<Option<i64>> {
    let scalar = match value.downcast::<NdArray>() {
        Some(array) => array.dims().is_empty() && array.dtype().is_integer(),
        None => matches!(value, Value::Int(_) | Value::Bool(_)),
    };
    if scalar {
        vm.as_index(value)
    } else {
        Ok(None)
    }
}

/// `rand(d0, d1, ...)`'s dimensions (`None`: a Python float).
fn positional_dims(vm: &mut Vm<'_>, args: &Args<'_>) -> PyResult<Option<Vec<usize>>> {
    let dims: Vec<Value> = args.positional.iter().skip(1).cloned().collect();
    if dims.is_empty() {
        return Ok(None);
    }
    let mut out = Vec::with_capacity(dims.len());
    for dim in &dims {
        let value = vm.as_index(dim)?.ok_or_else(|| {
            let name = vm.type_name(dim);
            vm.type_error(format!(
                "'{name}' object cannot be interpreted as an integer"
            ))
        })?;
        out.push(non_negative(vm, value)?);
    }
    Ok(Some(out))
}

/// A `size=` argument: `None`, an integer or a sequence of them.
pub(crate) fn size_dims(
    st: &St,
    vm: &mut Vm<'_>,
    size: &Option<Value>,
) -> PyResult<Option<Vec<usize>>> {
    let Some(size) = size.as_ref().filter(|size| !size.is_none()) else {
        return Ok(None);
    };
    if let Some(value) = vm.as_index(size)? {
        return Ok(Some(vec![non_negative(vm, value)?]));
    }
    let dims = crate::convert::int_list(st, vm, size, "size")?;
    dims.into_iter()
        .map(|d| non_negative(vm, d))
        .collect::<PyResult<_>>()
        .map(Some)
}

pub(crate) fn non_negative(vm: &Vm<'_>, value: i64) -> PyResult<usize> {
    usize::try_from(value).map_err(|_| vm.value_error("negative dimensions are not allowed"))
}

/// `uniform(low=0.0, high=1.0)`'s `(low, high - low)`; an infinite range is an
/// `OverflowError` ("`what` exceeds valid bounds").
pub(crate) fn uniform_params(
    vm: &mut Vm<'_>,
    low: &Option<Value>,
    high: &Option<Value>,
    what: &str,
) -> PyResult<(f64, f64)> {
    let low = float_arg(vm, low, 0.0)?;
    let high = float_arg(vm, high, 1.0)?;
    let range = high - low;
    if !range.is_finite() {
        return Err(vm.overflow_error(format!("{what} exceeds valid bounds")));
    }
    Ok((low, range))
}

/// `normal(loc=0.0, scale=1.0)`'s parameters, with NumPy's check of `scale`.
pub(crate) fn normal_params(
    vm: &mut Vm<'_>,
    loc: &Option<Value>,
    scale: &Option<Value>,
) -> PyResult<(f64, f64)> {
    let loc = float_arg(vm, loc, 0.0)?;
    let scale = float_arg(vm, scale, 1.0)?;
    if scale < 0.0 || scale.is_nan() {
        return Err(vm.value_error("scale < 0"));
    }
    Ok((loc, scale))
}

pub(crate) fn float_arg(vm: &mut Vm<'_>, value: &Option<Value>, default: f64) -> PyResult<f64> {
    match value.as_ref().filter(|value| !value.is_none()) {
        None => Ok(default),
        Some(value) => match vm.to_f64(value)? {
            Some(number) => Ok(number),
            None => {
                let name = vm.type_name(value);
                Err(vm.type_error(format!("must be real number, not {name}")))
            }
        },
    }
}

/// Elements of `dims` (a Python float for `None`), each drawn by `draw`, checked against
/// the playground's element budget before drawing.
fn doubles(
    st: &St,
    vm: &mut Vm<'_>,
    args: &Args<'_>,
    dims: Option<Vec<usize>>,
    mut draw: impl FnMut(&mut RandomState) -> f64,
) -> PyResult {
    let generator = generator(vm, args)?;
    let mut state = generator.0.borrow_mut();
    let Some(dims) = dims else {
        return Ok(Value::Float(draw(&mut state)));
    };
    let shape = Shape::from(&dims[..]);
    let count = tensor::limits::check_elements(&shape).map_err(|e| op_error(vm, e))?;
    let values: Vec<f64> = (0..count).map(|_| draw(&mut state)).collect();
    drop(state);
    let tensor = Tensor::from_vec(shape, values).map_err(|e| op_error(vm, e))?;
    array_value(st, vm, tensor)
}

/// `randint(low, high=None, size=None, dtype=int)`: integers in `[low, high)`.
fn randint(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "randint",
        &args,
        2,
        [this = "self", low, high, size, dtype]
    )?;
    let int = |vm: &mut Vm<'_>, value: &Value| -> PyResult<i64> {
        match vm.as_index(value)? {
            Some(number) => Ok(number),
            None => {
                let name = vm.type_name(value);
                Err(vm.type_error(format!(
                    "'{name}' object cannot be interpreted as an integer"
                )))
            }
        }
    };
    let first = int(vm, bound.low.as_ref().unwrap_or(&Value::None))?;
    let (low, high) = match bound.high.as_ref().filter(|high| !high.is_none()) {
        Some(high) => (first, int(vm, high)?),
        None => (0, first),
    };
    if low >= high {
        return Err(vm.value_error("low >= high"));
    }
    let dtype = crate::convert::opt_dtype(vm, &bound.dtype)?.unwrap_or(DType::Int64);
    let range = (high as i128 - 1 - low as i128) as u64;
    let dims = size_dims(st, vm, &bound.size)?;
    let generator = generator(vm, &args)?;
    let mut state = generator.0.borrow_mut();
    let mut draw = || (low as i128 + state.bounded(range) as i128) as i64;
    let Some(dims) = dims else {
        return Ok(Value::Int(draw()));
    };
    let shape = Shape::from(&dims[..]);
    let count = tensor::limits::check_elements(&shape).map_err(|e| op_error(vm, e))?;
    let values: Vec<i64> = (0..count).map(|_| draw()).collect();
    drop(state);
    let tensor = Tensor::from_vec(shape, values).map_err(|e| op_error(vm, e))?;
    let tensor = ops::cast(&tensor, dtype).map_err(|e| op_error(vm, e))?;
    array_value(st, vm, tensor)
}

/// The population of `choice` or `permutation`: `arange(n)` for an integer, else the
/// argument as an array.
pub(crate) fn population(
    st: &St,
    vm: &mut Vm<'_>,
    value: &Value,
    what: &str,
) -> PyResult<(Tensor, bool)> {
    if let Some(n) = integer_scalar(vm, value)? {
        if n < 0 && what == "choice" {
            return Err(vm.value_error("a must be a positive integer unless no samples are taken"));
        }
        let n = n.max(0);
        let tensor = ops::range(0.0, n as f64, 1.0, DType::Int64).map_err(|e| op_error(vm, e))?;
        return Ok((tensor, true));
    }
    let tensor = to_numpy_tensor(st, vm, value, None)?;
    if tensor.rank() == 0 {
        return Err(vm.value_error(if what == "choice" {
            "a must be 1-dimensional or an integer"
        } else {
            "x must be an integer or at least 1-dimensional"
        }));
    }
    Ok((tensor, false))
}

/// Rows `indices` of `tensor` along its first axis.
pub(crate) fn take(
    vm: &mut Vm<'_>,
    tensor: &Tensor,
    indices: Vec<i64>,
    dims: &[usize],
) -> PyResult<Tensor> {
    let index = Tensor::from_vec(Shape::from(dims), indices).map_err(|e| op_error(vm, e))?;
    ops::gather(tensor, &index, 0).map_err(|e| op_error(vm, e))
}

/// `choice(a, size=None, replace=True, p=None)`.
fn choice(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "choice", &args, 2, [this = "self", a, size, replace, p])?;
    let (pool, from_int) = population(st, vm, bound.a.as_ref().unwrap_or(&Value::None), "choice")?;
    if pool.rank() != 1 {
        return Err(vm.value_error("a must be 1-dimensional"));
    }
    let pop_size = pool.dims()[0];
    let replace = crate::flag(vm, &bound.replace, true)?;
    let dims = size_dims(st, vm, &bound.size)?;
    let count: usize = dims.as_ref().map_or(1, |dims| dims.iter().product());
    if pop_size == 0 && count > 0 {
        return Err(vm.value_error(if from_int {
            "a must be a positive integer unless no samples are taken"
        } else {
            "a cannot be empty unless no samples are taken"
        }));
    }
    let weights = match bound.p.as_ref().filter(|p| !p.is_none()) {
        None => None,
        Some(p) => {
            let p = to_numpy_tensor(st, vm, p, Some(DType::Float64))?;
            let p = p.to_f64_vec().unwrap_or_default();
            if p.len() != pop_size {
                return Err(vm.value_error("a and p must have same size"));
            }
            if p.iter().any(|w| *w < 0.0) {
                return Err(vm.value_error("probabilities are not non-negative"));
            }
            let total: f64 = p.iter().sum();
            if (total - 1.0).abs() > f64::EPSILON.sqrt() {
                return Err(vm.value_error("probabilities do not sum to 1"));
            }
            Some(p)
        }
    };
    let generator = generator(vm, &args)?;
    let indices: Vec<i64> = {
        let mut state = generator.0.borrow_mut();
        match (replace, &weights) {
            (true, None) => (0..count)
                .map(|_| state.bounded(pop_size as u64 - 1) as i64)
                .collect(),
            (true, Some(p)) => {
                let cdf = cumulative(p);
                (0..count)
                    .map(|_| {
                        let u = state.next_f64();
                        cdf.partition_point(|c| *c <= u) as i64
                    })
                    .collect()
            }
            (false, _) if count > pop_size => {
                drop(state);
                return Err(vm.value_error(
                    "Cannot take a larger sample than population when 'replace=False'",
                ));
            }
            (false, None) => {
                let mut order: Vec<i64> = (0..pop_size as i64).collect();
                for (i, j) in state.shuffle_swaps(pop_size) {
                    order.swap(i, j);
                }
                order.truncate(count);
                order
            }
            (false, Some(p)) => {
                if p.iter().filter(|w| **w > 0.0).count() < count {
                    drop(state);
                    return Err(vm.value_error("Fewer non-zero entries in p than size"));
                }
                weighted_without_replacement(&mut state, p.clone(), count)
            }
        }
    };
    match dims {
        None => {
            let picked = take(vm, &pool, indices, &[])?;
            if from_int {
                Ok(Value::Int(
                    picked
                        .to_i64_vec()
                        .and_then(|v| v.first().copied())
                        .unwrap_or(0),
                ))
            } else {
                array_value(st, vm, picked)
            }
        }
        Some(dims) => {
            let picked = take(vm, &pool, indices, &dims)?;
            array_value(st, vm, picked)
        }
    }
}

/// `cumsum(p) / cumsum(p)[-1]`: the cumulative weights `choice` searches.
fn cumulative(p: &[f64]) -> Vec<f64> {
    let mut cdf: Vec<f64> = p
        .iter()
        .scan(0.0, |sum, w| {
            *sum += w;
            Some(*sum)
        })
        .collect();
    let last = *cdf.last().unwrap_or(&1.0);
    cdf.iter_mut().for_each(|c| *c /= last);
    cdf
}

/// NumPy's draw without replacement by weight: rounds of uniform draws against the
/// cumulative weights of what is left, keeping each round's new values in order of first
/// appearance (`np.unique(return_index=True)`, whose indices are then sorted).
fn weighted_without_replacement(
    state: &mut RandomState,
    mut p: Vec<f64>,
    count: usize,
) -> Vec<i64> {
    let mut found: Vec<i64> = Vec::with_capacity(count);
    while found.len() < count {
        let draws: Vec<f64> = (0..count - found.len()).map(|_| state.next_f64()).collect();
        for &index in &found {
            p[index as usize] = 0.0;
        }
        let cdf = cumulative(&p);
        let picked: Vec<i64> = draws
            .iter()
            .map(|u| cdf.partition_point(|c| *c <= *u) as i64)
            .collect();
        // np.unique's first index of each value, in the order of those indices.
        let mut firsts: Vec<(usize, i64)> = Vec::new();
        for (position, &value) in picked.iter().enumerate() {
            if !firsts.iter().any(|(_, seen)| *seen == value) {
                firsts.push((position, value));
            }
        }
        firsts.sort_unstable();
        found.extend(firsts.into_iter().map(|(_, value)| value));
    }
    found.truncate(count);
    found
}

/// `permutation(x)`: a shuffled `arange(x)`, or a shuffled copy of `x` along its first axis.
fn permutation(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "permutation", &args, 2, [this = "self", x])?;
    let x = bound.x.clone().unwrap_or(Value::None);
    permuted(st, vm, &x, |vm, rows| shuffled_order(vm, &args, rows))
}

/// `x` (an integer `n`: `arange(n)`) with its rows in the order `order(rows)` gives.
pub(crate) fn permuted(
    st: &St,
    vm: &mut Vm<'_>,
    x: &Value,
    order: impl FnOnce(&mut Vm<'_>, usize) -> PyResult<Vec<i64>>,
) -> PyResult {
    let (pool, _) = population(st, vm, x, "permutation")?;
    let rows = pool.dims()[0];
    let order = order(vm, rows)?;
    let result = take(vm, &pool, order, &[rows])?;
    array_value(st, vm, result)
}

/// `0..rows` in the order `shuffle` leaves it.
fn shuffled_order(vm: &Vm<'_>, args: &Args<'_>, rows: usize) -> PyResult<Vec<i64>> {
    let generator = generator(vm, args)?;
    let mut order: Vec<i64> = (0..rows as i64).collect();
    for (i, j) in generator.0.borrow_mut().shuffle_swaps(rows) {
        order.swap(i, j);
    }
    Ok(order)
}

/// `shuffle(x)`: shuffles an array (along its first axis) or a list in place.
fn shuffle(_st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(vm, "shuffle", &args, 2, [this = "self", x])?;
    let target = bound.x.clone().unwrap_or(Value::None);
    shuffle_in_place(vm, &target, |vm, rows| shuffled_order(vm, &args, rows))
}

/// Puts the rows of an array (its first axis) or the items of a list in the order
/// `order(count)` gives, in place.
pub(crate) fn shuffle_in_place(
    vm: &mut Vm<'_>,
    target: &Value,
    order: impl FnOnce(&mut Vm<'_>, usize) -> PyResult<Vec<i64>>,
) -> PyResult {
    if let Some(array) = target.downcast::<NdArray>() {
        let tensor = array.tensor();
        let Some(&rows) = tensor.dims().first() else {
            return Err(vm.type_error("object of type 'numpy.float64' has no len()"));
        };
        let order = order(vm, rows)?;
        let shuffled = take(vm, &tensor, order, &[rows])?;
        array.assign(vm, &shuffled)?;
        return Ok(Value::None);
    }
    if let Value::List(list) = target {
        let count = list.borrow().len();
        let order = order(vm, count)?;
        let items = list.borrow().clone();
        let mut out = list.borrow_mut();
        for (slot, index) in out.iter_mut().zip(order) {
            *slot = items[index as usize].clone();
        }
        return Ok(Value::None);
    }
    let name = vm.type_name(target);
    Err(vm.type_error(format!("object of type '{name}' has no len()")))
}
