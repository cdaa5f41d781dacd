//! The data behind a NumPy `ndarray`: storage shared between an array and its views, and
//! the indexing that reads and writes it (`a[1:, idx]`, `a[mask] = 0`, `a += 1`).
//!
//! An array is a [`Layout`] (offset, dims, strides) over a storage tensor that views share,
//! so `b = a[0]; b[:] = 5` changes `a`, as in NumPy. Tensors handed out of an array (to
//! kernels, to `tf.constant`) are snapshots: a later write copies the storage first if a
//! snapshot still holds it.

use std::cell::RefCell;
use std::rc::Rc;

use lang::host::new_native_instance;
use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::convert::{op_error, to_numpy_tensor};
use crate::{this, St};
use tensor::ops;
use tensor::strided::{self, Key, Layout, Selection};
use tensor::{DType, Shape, Tensor};

/// The data of an `ndarray` (0-d arrays stand for NumPy scalars).
pub struct NdArray {
    storage: Rc<RefCell<Tensor>>,
    layout: Layout,
    /// The array that owns the memory this one views (`a.base`); `None` for owners.
    base: Option<Value>,
}

impl NdArray {
    /// An array that owns `tensor`'s values.
    pub fn new(tensor: Tensor) -> NdArray {
        let layout = Layout::contiguous(tensor.dims());
        NdArray {
            storage: Rc::new(RefCell::new(tensor)),
            layout,
            base: None,
        }
    }

    /// The array's values now, as a contiguous tensor.
    pub fn tensor(&self) -> Tensor {
        let storage = self.storage.borrow();
        let layout = &self.layout;
        if layout.offset == 0 && layout.len() == storage.num_elements() && layout.is_c_contiguous()
        {
            if layout.dims == storage.dims() {
                return storage.clone();
            }
            if let Ok(reshaped) = storage.with_shape(Shape::new(layout.dims.clone())) {
                return reshaped;
            }
        }
        let (starts, run) = layout.runs();
        let data = storage.data().take_runs(&starts, run);
        Tensor::new(storage.dtype(), Shape::new(layout.dims.clone()), data)
            .expect("a view's elements fit its dims")
    }

    /// The element type.
    pub fn dtype(&self) -> DType {
        self.storage.borrow().dtype()
    }

    /// The dimensions.
    pub fn dims(&self) -> &[usize] {
        &self.layout.dims
    }

    /// Where the elements live in the storage.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The array that owns the memory (`a.base`), `None` for an owner.
    pub fn base(&self) -> Option<&Value> {
        self.base.as_ref()
    }

    /// A view of the same storage; `this` is the Python value of `self`.
    pub fn view(&self, this: &Value, layout: Layout) -> NdArray {
        NdArray {
            storage: Rc::clone(&self.storage),
            layout,
            base: Some(self.base.clone().unwrap_or_else(|| this.clone())),
        }
    }

    /// Writes `values` (any dtype, broadcast to the selection) at the storage indices
    /// `offsets` of a selection of `dims`. `shape_error` words the error when `values`
    /// does not broadcast, given both shapes' texts.
    fn write(
        &self,
        vm: &Vm<'_>,
        dims: &[usize],
        offsets: &[usize],
        values: &Tensor,
        shape_error: impl Fn(&str, &str) -> String,
    ) -> PyResult<()> {
        let dtype = self.dtype();
        let values = if values.dtype() == dtype {
            values.clone()
        } else {
            ops::cast(values, dtype).map_err(|e| op_error(vm, e))?
        };
        let map = strided::broadcast_indices(values.dims(), dims).ok_or_else(|| {
            vm.value_error(shape_error(
                &strided::shape_text(values.dims()),
                &strided::shape_text(dims),
            ))
        })?;
        let picked = values.data().take(&map);
        self.storage
            .borrow_mut()
            .put(offsets, &picked)
            .map_err(|e| op_error(vm, e))
    }

    /// Replaces every element with `values` broadcast to the array's shape (in-place
    /// operators, `fill`, `shuffle`).
    pub fn assign(&self, vm: &Vm<'_>, values: &Tensor) -> PyResult<()> {
        let dims = self.layout.dims.clone();
        // An output operand takes no extra leading axes, even of length 1.
        if values.rank() > dims.len() {
            return Err(vm.value_error(format!(
                "non-broadcastable output operand with shape {} doesn't match the broadcast shape {}",
                strided::shape_text(&dims),
                strided::shape_text(values.dims())
            )));
        }
        self.write(vm, &dims, &self.layout.offsets(), values, |value, target| {
            format!("non-broadcastable output operand with shape {target} doesn't match the broadcast shape {value}")
        })
    }
}

/// The array behind `value`, if it is one.
pub fn array_data(value: &Value) -> Option<Rc<NdArray>> {
    value.downcast::<NdArray>()
}

/// `a[key]`: a view for basic indexing, a new array for advanced indexing, a NumPy
/// scalar for a single element.
pub fn getitem(st: &St, vm: &mut Vm<'_>, this: &Value, key: &Value) -> PyResult {
    let array = self_array(vm, this)?;
    let keys = index_keys(st, vm, key)?;
    match array
        .layout
        .select(&keys)
        .map_err(|e| select_error(vm, e))?
    {
        Selection::View(layout) if !layout.dims.is_empty() => {
            let classes = st.classes(vm)?;
            Ok(new_native_instance(
                &classes.ndarray,
                Rc::new(array.view(this, layout)),
            ))
        }
        selection => {
            let storage = array.storage.borrow();
            let (starts, run) = selection.runs();
            let data = storage.data().take_runs(&starts, run);
            let tensor = Tensor::new(storage.dtype(), Shape::new(selection.dims().to_vec()), data)
                .map_err(|e| op_error(vm, e))?;
            drop(storage);
            crate::numpy_module::array_value(st, vm, tensor)
        }
    }
}

/// `a[key] = value`: writes through to the storage (and so to every view of it).
pub fn setitem(st: &St, vm: &mut Vm<'_>, args: &Args<'_>) -> PyResult {
    let this = this(vm, args)?.clone();
    let array = self_array(vm, &this)?;
    if array.layout.dims.is_empty() && array.base.is_none() {
        let name = vm.type_name(&this);
        if name != "ndarray" {
            return Err(vm.type_error(format!(
                "'numpy.{name}' object does not support item assignment"
            )));
        }
    }
    let keys = index_keys(st, vm, args.get(1).unwrap_or(&Value::None))?;
    let value = args.get(2).cloned().unwrap_or(Value::None);
    let values = value_tensor(st, vm, &value, array.dtype())?;
    let selection = array
        .layout
        .select(&keys)
        .map_err(|e| select_error(vm, e))?;
    let dims = selection.dims().to_vec();
    let offsets = selection.offsets();
    match selection {
        Selection::View(_) => array.write(vm, &dims, &offsets, &values, |value, target| {
            format!("could not broadcast input array from shape {value} into shape {target}")
        })?,
        Selection::Picks { .. } => array.write(vm, &dims, &offsets, &values, |value, target| {
            format!("shape mismatch: value array of shape {value} could not be broadcast to indexing result of shape {target}")
        })?,
    }
    Ok(Value::None)
}

/// The value assigned by `a[key] = value` as an array, converted as NumPy converts it
/// into an array of `dtype` (Python numbers take the array's dtype directly).
fn value_tensor(st: &St, vm: &mut Vm<'_>, value: &Value, dtype: DType) -> PyResult<Tensor> {
    if let Some(array) = array_data(value) {
        return Ok(array.tensor());
    }
    let direct = matches!(value, Value::Int(_) | Value::Bool(_))
        || (matches!(value, Value::Float(_)) && dtype.is_floating());
    to_numpy_tensor(st, vm, value, direct.then_some(dtype))
}

fn select_error(vm: &Vm<'_>, error: strided::IndexError) -> lang::exceptions::Exception {
    match error {
        strided::IndexError::Index(message) => vm.index_error(message),
        strided::IndexError::Value(message) => vm.value_error(message),
        strided::IndexError::Budget(message) => {
            let class = vm.exc_types().memory_error.clone();
            vm.new_error(&class, message)
        }
    }
}

fn self_array(vm: &Vm<'_>, this: &Value) -> PyResult<Rc<NdArray>> {
    array_data(this).ok_or_else(|| vm.type_error("expected a numpy.ndarray"))
}

/// An index expression as [`Key`]s: a tuple indexes several axes, anything else one.
fn index_keys(st: &St, vm: &mut Vm<'_>, key: &Value) -> PyResult<Vec<Key>> {
    let parts = match key {
        Value::Tuple(items) => items.0.clone(),
        other => vec![other.clone()],
    };
    parts.iter().map(|part| index_key(st, vm, part)).collect()
}

const VALID_INDICES: &str = "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices";

fn index_key(st: &St, vm: &mut Vm<'_>, part: &Value) -> PyResult<Key> {
    match part {
        Value::None => return Ok(Key::NewAxis),
        Value::Ellipsis => return Ok(Key::Ellipsis),
        Value::Bool(_) => {
            return Err(vm.index_error("boolean scalar indices are not emulated in this playground"))
        }
        Value::Slice(slice) => {
            let mut bound = |v: &Value| -> PyResult<Option<i64>> {
                if v.is_none() {
                    return Ok(None);
                }
                match vm.as_index(v)? {
                    Some(index) => Ok(Some(index)),
                    None => Err(vm.type_error(
                        "slice indices must be integers or None or have an __index__ method",
                    )),
                }
            };
            return Ok(Key::Slice(
                bound(&slice.start)?,
                bound(&slice.stop)?,
                bound(&slice.step)?,
            ));
        }
        Value::Int(index) => return Ok(Key::Int(*index)),
        _ => {}
    }
    let array = match array_data(part) {
        Some(array) => Some(array.tensor()),
        None => match part {
            Value::List(_) => Some(to_numpy_tensor(st, vm, part, None)?),
            _ => crate::convert::eager_value(st, vm, part)?,
        },
    };
    let Some(array) = array else {
        return match vm.as_index(part)? {
            Some(index) => Ok(Key::Int(index)),
            None => Err(vm.index_error(VALID_INDICES)),
        };
    };
    let dims = array.dims().to_vec();
    match array.dtype() {
        DType::Bool => {
            let values = array.as_slice::<bool>().unwrap_or_default().to_vec();
            Ok(Key::Bools(values, dims))
        }
        dtype if dtype.is_integer() => {
            if dims.is_empty() {
                let values = array.to_i64_vec().unwrap_or_default();
                return Ok(Key::Int(values.first().copied().unwrap_or(0)));
            }
            Ok(Key::Ints(array.to_i64_vec().unwrap_or_default(), dims))
        }
        // An empty list indexes nothing (NumPy makes it an integer index).
        _ if array.num_elements() == 0 => Ok(Key::Ints(Vec::new(), dims)),
        _ => Err(vm.index_error("arrays used as indices must be of integer (or boolean) type")),
    }
}

/// `a.T` and `a.transpose(*axes)`: a view with the axes reversed or permuted.
pub fn transposed(st: &St, vm: &mut Vm<'_>, this: &Value, axes: Option<Vec<i64>>) -> PyResult {
    let array = self_array(vm, this)?;
    let rank = array.layout.dims.len();
    let layout = match axes {
        None => array.layout.transposed(),
        Some(axes) => {
            if axes.len() != rank {
                return Err(vm.value_error("axes don't match array"));
            }
            let mut order = Vec::with_capacity(rank);
            for axis in axes {
                let resolved = if axis < 0 { axis + rank as i64 } else { axis };
                if resolved < 0 || resolved >= rank as i64 {
                    return Err(vm.value_error(format!(
                        "axis {axis} is out of bounds for array of dimension {rank}"
                    )));
                }
                if order.contains(&(resolved as usize)) {
                    return Err(vm.value_error("repeated axis in transpose"));
                }
                order.push(resolved as usize);
            }
            array.layout.permuted(&order)
        }
    };
    if rank == 0 {
        return Ok(this.clone());
    }
    let classes = st.classes(vm)?;
    Ok(new_native_instance(
        &classes.ndarray,
        Rc::new(array.view(this, layout)),
    ))
}

/// `a.reshape(dims)` as NumPy does it: a view when the layout allows, else a copy.
pub fn reshaped(st: &St, vm: &mut Vm<'_>, this: &Value, dims: &[usize]) -> PyResult {
    let array = self_array(vm, this)?;
    match array.layout.reshaped(dims) {
        Some(layout) if !dims.is_empty() => {
            let classes = st.classes(vm)?;
            Ok(new_native_instance(
                &classes.ndarray,
                Rc::new(array.view(this, layout)),
            ))
        }
        _ => {
            let tensor = array
                .tensor()
                .with_shape(Shape::new(dims.to_vec()))
                .map_err(|e| op_error(vm, e))?;
            crate::numpy_module::array_value(st, vm, tensor)
        }
    }
}
