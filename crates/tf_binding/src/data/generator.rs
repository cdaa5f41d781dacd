//! `tf.data.Dataset.from_generator` and the runner that lets a dataset iteration call the
//! program's Python generators. TensorFlow runs a generator through a `PyFunc` per element:
//! the generator is called when an iteration asks for its first element (again for every
//! epoch), each yielded value is converted to the declared dtypes and checked against the
//! declared shapes, and an exception inside it surfaces as an `InvalidArgumentError` from
//! `IteratorGetNext`. The [`HostRunner`] is the [`ElementFunctions`] that does this: it
//! borrows the TensorFlow context only while a traced function runs, so the generator's
//! own Python (even its TensorFlow calls) runs with the context free.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use lang::exceptions::Exception;
use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::convert::to_numpy_tensor;
use crate::data::{flatten, new_dataset};
use crate::numpy_module::array_value;
use crate::shapes::spec_parts;
use crate::St;
use runtime::data::{
    ComponentSpec, Dataset, DatasetIterator, Element, ElementFunctions, ElementSpec,
};
use runtime::function::ConcreteFunctionId;
use runtime::{ExceptionClass, TfError, TfResult};
use tensor::{ops, DType, TensorShape};

/// Most generator sources one run may create.
const SOURCES_MAX: usize = 10_000;

/// One `from_generator` call: the callable, its arguments and the declared element.
struct Source {
    generator: Value,
    args: Vec<Value>,
    spec: ElementSpec,
}

/// The run's generator sources and the Python iterators of running iterations.
#[derive(Default)]
pub struct GeneratorSources {
    sources: RefCell<Vec<Source>>,
    /// `interleave` functions and the structure of the element they take.
    pub(crate) interleave_functions: RefCell<Vec<(Value, runtime::data::Structure)>>,
    /// `map` functions that call Python (`tf.py_function`), with the structure of the
    /// element they take and the element spec they return.
    pub(crate) host_map_functions: RefCell<Vec<(Value, runtime::data::Structure, ElementSpec)>>,
    running: RefCell<HashMap<u64, Value>>,
    next_iteration: Cell<u64>,
}

impl GeneratorSources {
    /// Drops every Python value held (they may refer back to the module state).
    pub fn release(&self) {
        self.sources.borrow_mut().clear();
        self.interleave_functions.borrow_mut().clear();
        self.host_map_functions.borrow_mut().clear();
        self.running.borrow_mut().clear();
    }
}

/// The element spec a signature of `tf.TensorSpec`s (nested in tuples and dicts) declares.
fn signature_spec(vm: &mut Vm<'_>, signature: &Value) -> PyResult<ElementSpec> {
    let (structure, leaves) = flatten(vm, signature, 0)?;
    let mut components = Vec::with_capacity(leaves.len());
    for leaf in &leaves {
        let Some((shape, dtype)) = spec_parts(leaf) else {
            let class = vm.class_of(leaf).full_name();
            return Err(vm.type_error(format!(
                "`output_signature` must contain objects that are subclass of `tf.TypeSpec` but found <class '{class}'> which is not."
            )));
        };
        components.push(ComponentSpec { dtype, shape });
    }
    ElementSpec::new(structure, components).map_err(|e| vm.value_error(e.message))
}

/// The element spec of the deprecated `output_types` (dtypes) and `output_shapes`.
fn types_spec(
    st: &St,
    vm: &mut Vm<'_>,
    types: &Value,
    shapes: Option<&Value>,
) -> PyResult<ElementSpec> {
    let (structure, leaves) = flatten(vm, types, 0)?;
    let shape_leaves = match shapes {
        Some(shapes) => {
            let (shape_structure, found) = match shapes {
                Value::Tuple(_) if matches!(structure, runtime::data::Structure::Leaf) => {
                    (runtime::data::Structure::Leaf, vec![shapes.clone()])
                }
                other => flatten(vm, other, 0)?,
            };
            if shape_structure != structure {
                return Err(vm.type_error(
                    "`output_shapes` must have the same structure as `output_types`.",
                ));
            }
            found.into_iter().map(Some).collect()
        }
        None => vec![None; leaves.len()],
    };
    let mut components = Vec::with_capacity(leaves.len());
    for (leaf, shape) in leaves.iter().zip(shape_leaves) {
        let dtype = crate::convert::opt_dtype(vm, &Some(leaf.clone()))?.unwrap_or(DType::Float32);
        let shape = match shape {
            None => TensorShape::unknown(),
            Some(value) => {
                let dims = vm.iterate(&value)?;
                let mut out = Vec::with_capacity(dims.len());
                for dim in dims {
                    out.push(match dim {
                        Value::None => None,
                        other => Some(
                            crate::convert::int_list(st, vm, &other, "shape")?
                                .first()
                                .copied()
                                .unwrap_or(0)
                                .max(0) as usize,
                        ),
                    });
                }
                TensorShape::new(out)
            }
        };
        components.push(ComponentSpec { dtype, shape });
    }
    ElementSpec::new(structure, components).map_err(|e| vm.value_error(e.message))
}

/// `Dataset.from_generator(generator, output_types=None, output_shapes=None, args=None,
/// output_signature=None, name=None)`.
pub fn from_generator(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let bound = bind!(
        vm,
        "from_generator",
        &args,
        1,
        [
            generator,
            output_types,
            output_shapes,
            args,
            output_signature,
            name
        ]
    )?;
    let generator = bound.generator.clone().unwrap_or(Value::None);
    if !vm.is_callable(&generator) {
        return Err(vm.type_error("`generator` must be a Python callable."));
    }
    let spec = match (
        bound.output_signature.clone(),
        bound.output_types.clone(),
        bound.output_shapes.clone(),
    ) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Err(vm.type_error(
                "The `output_types` and `output_shapes` arguments are deprecated; pass `output_signature` alone.",
            ))
        }
        (Some(signature), None, None) => signature_spec(vm, &signature)?,
        (None, Some(types), shapes) => types_spec(st, vm, &types, shapes.as_ref())?,
        (None, None, Some(_)) => {
            return Err(vm.type_error(
                "The `output_types` argument can not be None if `output_shapes` is not None.",
            ))
        }
        (None, None, None) => {
            return Err(vm.type_error(
                "To specify the output signature you need to provide either the `output_signature` argument or the `output_types` argument.",
            ))
        }
    };
    // TensorFlow turns `args` into tensors and hands the generator their NumPy values.
    let mut call_args = Vec::new();
    if let Some(values) = bound.args.clone() {
        for value in vm.iterate(&values)? {
            let tensor = crate::convert::to_tensor(st, vm, &value, None)?;
            call_args.push(array_value(st, vm, tensor)?);
        }
    }
    let classes = st.classes(vm)?;
    let sources = &classes.data.generators;
    let index = sources.sources.borrow().len();
    if index >= SOURCES_MAX {
        return Err(vm.runtime_error(format!(
            "A run may create at most {SOURCES_MAX} generator datasets in this playground."
        )));
    }
    sources.sources.borrow_mut().push(Source {
        generator,
        args: call_args,
        spec: spec.clone(),
    });
    new_dataset(st, vm, Dataset::from_generator(index as u32, spec))
}

/// The [`ElementFunctions`] of an iteration driven from Python: traced functions run in
/// the context; generators run in the interpreter.
pub struct HostRunner<'a, 'v> {
    st: &'a St,
    vm: &'a mut Vm<'v>,
    sources: std::rc::Rc<crate::Classes>,
    /// A Python exception that must end the program as it is (the instruction budget).
    pub fatal: Option<Exception>,
}

impl<'a, 'v> HostRunner<'a, 'v> {
    /// A runner for one `next()`.
    pub fn new(st: &'a St, vm: &'a mut Vm<'v>) -> PyResult<HostRunner<'a, 'v>> {
        let sources = st.classes(vm)?;
        Ok(HostRunner {
            st,
            vm,
            sources,
            fatal: None,
        })
    }

    fn busy() -> TfError {
        TfError::new(
            ExceptionClass::RuntimeError,
            "re-entrant TensorFlow call in an input pipeline",
        )
    }

    /// A generator's exception as TensorFlow reports it from the `PyFunc`.
    fn python_error(&mut self, error: Exception) -> TfError {
        if error.is_fatal() {
            self.fatal = Some(error);
            return TfError::internal("the program stopped");
        }
        let class = error.class().name.clone();
        let text = self.vm.str(&error.value()).unwrap_or_default();
        let line = if text.is_empty() {
            class
        } else {
            format!("{class}: {text}")
        };
        TfError::invalid_argument(format!(
            "{line}\nTraceback (most recent call last):\n\n{line}\n\n\n\t [[{{{{node PyFunc}}}}]]"
        ))
    }

    fn start(&mut self, source: u32) -> TfResult<Value> {
        let (generator, args) = {
            let sources = self.sources.data.generators.sources.borrow();
            let found = sources
                .get(source as usize)
                .ok_or_else(|| TfError::internal("unknown generator source"))?;
            (found.generator.clone(), found.args.clone())
        };
        let made = self
            .vm
            .call(&generator, &args, &[])
            .and_then(|made| self.vm.get_iter(&made));
        made.map_err(|e| self.python_error(e))
    }

    /// A yielded value as the declared components, with TensorFlow's checks.
    fn convert(&mut self, source: u32, value: &Value) -> TfResult<Element> {
        let spec = {
            let sources = self.sources.data.generators.sources.borrow();
            sources
                .get(source as usize)
                .map(|s| s.spec.clone())
                .ok_or_else(|| TfError::internal("unknown generator source"))?
        };
        let leaves = match &spec.structure {
            runtime::data::Structure::Leaf => vec![value.clone()],
            expected => {
                let (structure, leaves) =
                    flatten(self.vm, value, 0).map_err(|e| self.python_error(e))?;
                if &structure != expected {
                    let dtypes: Vec<String> = spec
                        .components
                        .iter()
                        .map(|c| format!("tf.{}", c.dtype.name()))
                        .collect();
                    let expected = structure_text(expected, &mut dtypes.into_iter());
                    let yielded = self.vm.repr(value).map_err(|e| self.python_error(e))?;
                    return Err(TfError::invalid_argument(format!(
                        "TypeError: `generator` yielded an element that did not match the expected structure. The expected structure was {expected}, but the yielded element was {yielded}.\n\n\t [[{{{{node PyFunc}}}}]]"
                    )));
                }
                leaves
            }
        };
        let mut element = Vec::with_capacity(leaves.len());
        for (leaf, component) in leaves.iter().zip(&spec.components) {
            let tensor =
                to_numpy_tensor(self.st, self.vm, leaf, None).map_err(|e| self.python_error(e))?;
            let tensor = if tensor.dtype() == component.dtype {
                tensor
            } else {
                ops::cast(&tensor, component.dtype).map_err(TfError::from_kernel_message)?
            };
            if !component.shape.accepts(tensor.dims()) {
                let got = python_shape(tensor.dims());
                let want = component
                    .shape
                    .dims()
                    .map(|d| {
                        let parts: Vec<String> = d
                            .iter()
                            .map(|x| x.map_or("None".into(), |x| x.to_string()))
                            .collect();
                        tuple_text(&parts)
                    })
                    .unwrap_or_default();
                return Err(TfError::invalid_argument(format!(
                    "TypeError: `generator` yielded an element of shape {got} where an element of shape {want} was expected.\n\n\t [[{{{{node PyFunc}}}}]]"
                )));
            }
            element.push(tensor);
        }
        Ok(element)
    }
}

/// A structure printed with its leaves (`(tf.int32,)`, `{'x': tf.float32}`).
fn structure_text(
    structure: &runtime::data::Structure,
    leaves: &mut impl Iterator<Item = String>,
) -> String {
    use runtime::data::Structure;
    match structure {
        Structure::Leaf => leaves.next().unwrap_or_default(),
        Structure::Tuple(parts) => {
            let items: Vec<String> = parts.iter().map(|p| structure_text(p, leaves)).collect();
            tuple_text(&items)
        }
        Structure::Dict(entries) => {
            let items: Vec<String> = entries
                .iter()
                .map(|(key, part)| format!("'{key}': {}", structure_text(part, leaves)))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
    }
}

fn tuple_text(parts: &[String]) -> String {
    match parts.len() {
        1 => format!("({},)", parts[0]),
        _ => format!("({})", parts.join(", ")),
    }
}

fn python_shape(dims: &[usize]) -> String {
    let parts: Vec<String> = dims.iter().map(usize::to_string).collect();
    tuple_text(&parts)
}

impl ElementFunctions for HostRunner<'_, '_> {
    fn call_element_function(
        &mut self,
        function: ConcreteFunctionId,
        args: &[tensor::Tensor],
    ) -> TfResult<(Vec<tensor::Tensor>, u64)> {
        let mut ctx = self.st.ctx.try_borrow_mut().map_err(|_| Self::busy())?;
        ctx.call_element_function(function, args)
    }

    fn host_cores(&self) -> u32 {
        self.st.ctx.try_borrow().map_or(1, |ctx| ctx.host_cores())
    }

    fn swap_kernel_scope(&mut self, scope: u64) -> u64 {
        self.st
            .ctx
            .try_borrow_mut()
            .map_or(scope, |mut ctx| ctx.swap_kernel_scope(scope))
    }

    fn copy_ns(&self, bytes: u64) -> u64 {
        self.st.ctx.try_borrow().map_or(0, |ctx| ctx.copy_ns(bytes))
    }

    fn host_map(
        &mut self,
        function: u32,
        element: &[tensor::Tensor],
    ) -> TfResult<(Vec<tensor::Tensor>, u64)> {
        let (func, structure, spec) = self
            .sources
            .data
            .generators
            .host_map_functions
            .borrow()
            .get(function as usize)
            .cloned()
            .ok_or_else(|| TfError::internal("unknown host map function"))?;
        let returned = crate::data::interleave::call_element_func(
            self.st, self.vm, &func, &structure, element,
        )
        .map_err(|e| self.python_error(e))?;
        // A list returned is a tuple of components, as the trace took it.
        let returned = match returned {
            Value::List(items) => Value::tuple(items.borrow().to_vec()),
            other => other,
        };
        let (_, leaves) = flatten(self.vm, &returned, 0).map_err(|e| self.python_error(e))?;
        if leaves.len() != spec.components.len() {
            return Err(TfError::invalid_argument(format!(
                "The map function returned {} values where its trace returned {}.",
                leaves.len(),
                spec.components.len()
            )));
        }
        let mut outputs = Vec::with_capacity(leaves.len());
        let mut bytes = 0;
        for (leaf, component) in leaves.iter().zip(&spec.components) {
            let tensor =
                to_numpy_tensor(self.st, self.vm, leaf, None).map_err(|e| self.python_error(e))?;
            let tensor = if tensor.dtype() == component.dtype {
                tensor
            } else {
                ops::cast(&tensor, component.dtype).map_err(TfError::from_kernel_message)?
            };
            bytes += (tensor.num_elements() * component.dtype.size_in_bytes().unwrap_or(8)) as u64;
            outputs.push(tensor);
        }
        Ok((
            outputs,
            runtime::data::iterator::GENERATOR_ELEMENT_NS + self.copy_ns(bytes),
        ))
    }

    fn interleave_dataset(
        &mut self,
        function: u32,
        element: &[tensor::Tensor],
    ) -> TfResult<Dataset> {
        let (func, structure) = self
            .sources
            .data
            .generators
            .interleave_functions
            .borrow()
            .get(function as usize)
            .cloned()
            .ok_or_else(|| TfError::internal("unknown interleave function"))?;
        let made =
            crate::data::interleave::call_map_func(self.st, self.vm, &func, &structure, element);
        made.map_err(|e| self.python_error(e))
    }

    fn generator_next(
        &mut self,
        source: u32,
        iteration: &mut Option<u64>,
    ) -> TfResult<Option<Element>> {
        let generators = &self.sources.clone().data.generators;
        let id = match *iteration {
            Some(id) => id,
            None => {
                let iterator = self.start(source)?;
                let id = generators.next_iteration.get();
                generators.next_iteration.set(id + 1);
                generators.running.borrow_mut().insert(id, iterator);
                *iteration = Some(id);
                id
            }
        };
        let Some(iterator) = generators.running.borrow().get(&id).cloned() else {
            return Ok(None);
        };
        self.vm.charge(1).map_err(|e| self.python_error(e))?;
        match self.vm.next(&iterator) {
            Ok(Some(value)) => self.convert(source, &value).map(Some),
            Ok(None) => {
                generators.running.borrow_mut().remove(&id);
                Ok(None)
            }
            Err(error) => {
                generators.running.borrow_mut().remove(&id);
                Err(self.python_error(error))
            }
        }
    }
}

/// The next element of an iteration driven from Python, calling the generators it
/// needs; errors as TensorFlow's `IteratorGetNext` raises them.
pub fn next_element(
    st: &St,
    vm: &mut Vm<'_>,
    iterator: &mut DatasetIterator,
    components: usize,
) -> PyResult<Option<Element>> {
    let mut runner = HostRunner::new(st, vm)?;
    let result = iterator.next(&mut runner);
    if let Some(fatal) = runner.fatal.take() {
        return Err(fatal);
    }
    match result {
        Ok(element) => Ok(element),
        Err(error) => {
            let error = st.tf(vm, |ctx| Ok(ctx.iterator_error(error, components)))?;
            Err(crate::errors::raise(st, vm, error))
        }
    }
}
