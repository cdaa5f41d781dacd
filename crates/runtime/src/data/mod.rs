//! `tf.data` as plain Rust: a dataset is an immutable graph of [`DatasetNode`]s (sources
//! and transformations), each knowing its element spec and cardinality; iterating it runs
//! the [`iterator`] over that graph.
//!
//! Module map:
//! - this file: [`Dataset`], [`DatasetNode`], cardinality (TensorFlow's
//!   `CardinalityInternal` rules per dataset op) and element specs.
//! - [`structure`]: nested elements ([`Structure`]) and per-component specs.
//! - [`iterator`]: [`DatasetIterator`], one iteration over a dataset graph.
//! - [`options`]: `tf.data.Options` and `AutoShardPolicy`.
//!
//! Map and filter functions are traced once into concrete functions (as TensorFlow does),
//! so a dataset never calls back into Python: the iterator runs their graphs through an
//! [`ElementFunctions`] runner, which the [`Context`](crate::Context) implements.

pub mod host;
pub mod iterator;
pub mod options;
pub mod structure;

use std::cell::RefCell;
use std::rc::Rc;

use crate::error::{TfError, TfResult};
use crate::function::ConcreteFunctionId;
use tensor::{DType, Tensor, TensorShape};

pub use iterator::{DatasetIterator, ElementCost, ElementFunctions};
pub use options::{AutoShardPolicy, DataOptions};
pub use structure::{ComponentSpec, ElementSpec, Structure};

/// `tf.data.INFINITE_CARDINALITY`.
pub const INFINITE: i64 = -1;
/// `tf.data.UNKNOWN_CARDINALITY`.
pub const UNKNOWN: i64 = -2;
/// `tf.data.AUTOTUNE`.
pub const AUTOTUNE: i64 = -1;

/// One element: its components in the order of the element spec's leaves.
pub type Element = Vec<Tensor>;

/// How `padded_batch` pads each component of its elements.
#[derive(Clone, Debug)]
pub struct Padding {
    /// The shape each component is padded to; an unknown dimension pads to the longest in
    /// the batch.
    pub shapes: Vec<TensorShape>,
    /// The scalar each component is padded with.
    pub values: Vec<Tensor>,
}

/// A dataset: a shared, immutable node of the dataset graph.
#[derive(Clone, Debug)]
pub struct Dataset {
    node: Rc<DatasetNode>,
    spec: ElementSpec,
}

/// What one dataset op does.
#[derive(Clone, Debug)]
pub enum DatasetNode {
    /// `from_tensor_slices`: each component sliced along its first axis.
    TensorSlices {
        /// The whole tensors.
        components: Vec<Tensor>,
    },
    /// `from_tensors`: one element.
    Tensors {
        /// The element.
        components: Vec<Tensor>,
    },
    /// `Dataset.range(start, stop, step)`.
    Range {
        /// First value.
        start: i64,
        /// Bound (exclusive).
        stop: i64,
        /// Step (never 0).
        step: i64,
    },
    /// `map(f)`.
    Map {
        /// The input dataset.
        input: Dataset,
        /// The traced function.
        function: MapFunction,
    },
    /// `filter(predicate)`.
    Filter {
        /// The input dataset.
        input: Dataset,
        /// The traced predicate (a scalar bool).
        predicate: MapFunction,
    },
    /// `batch(size, drop_remainder)`, or `padded_batch` with its padding.
    Batch {
        /// The input dataset.
        input: Dataset,
        /// Elements per batch (positive).
        size: i64,
        /// Drop a final partial batch.
        drop_remainder: bool,
        /// `padded_batch`'s shapes and values (`None` for `batch`).
        padding: Option<Rc<Padding>>,
    },
    /// `unbatch()`.
    Unbatch {
        /// The input dataset.
        input: Dataset,
    },
    /// `shuffle(buffer_size, seed)`.
    Shuffle {
        /// The input dataset.
        input: Dataset,
        /// Buffer size (positive).
        buffer: i64,
        /// `get_seed(seed)`'s pair (a fixed one when TensorFlow would pick random seeds,
        /// so runs stay deterministic).
        seeds: [i64; 2],
        /// Whether each epoch reshuffles.
        reshuffle_each_iteration: bool,
        /// Iterations started so far (each epoch's seed differs).
        epochs: Rc<RefCell<u64>>,
    },
    /// `repeat(count)`; `-1` repeats forever.
    Repeat {
        /// The input dataset.
        input: Dataset,
        /// Repetitions.
        count: i64,
    },
    /// `take(count)`; `-1` takes everything.
    Take {
        /// The input dataset.
        input: Dataset,
        /// Elements to take.
        count: i64,
    },
    /// `skip(count)`; `-1` skips everything.
    Skip {
        /// The input dataset.
        input: Dataset,
        /// Elements to skip.
        count: i64,
    },
    /// `cache()`: the first complete iteration fills the cache, later ones read it.
    Cache {
        /// The input dataset.
        input: Dataset,
        /// The cached elements once an iteration completed.
        store: Rc<RefCell<Option<Vec<Element>>>>,
    },
    /// `prefetch(buffer_size)`.
    Prefetch {
        /// The input dataset.
        input: Dataset,
        /// Buffer size, or [`AUTOTUNE`].
        buffer: i64,
    },
    /// `shard(num_shards, index)`.
    Shard {
        /// The input dataset.
        input: Dataset,
        /// Number of shards (positive).
        num_shards: i64,
        /// This shard (in `0..num_shards`).
        index: i64,
    },
    /// `a.concatenate(b)`.
    Concatenate {
        /// The elements that come first.
        first: Dataset,
        /// The elements that follow.
        second: Dataset,
    },
    /// `Dataset.zip(datasets)`.
    Zip {
        /// The zipped datasets.
        inputs: Vec<Dataset>,
    },
    /// `with_options(options)`.
    Options {
        /// The input dataset.
        input: Dataset,
        /// The options.
        options: DataOptions,
    },
    /// `interleave(map_func, cycle_length, block_length, num_parallel_calls)`: each input
    /// element opens the dataset `map_func` returns (the runner calls the program's
    /// function); `cycle_length` of them are read in turn, `block_length` elements each.
    Interleave {
        /// The input dataset.
        input: Dataset,
        /// Which of the run's interleave functions (the runner knows the callable).
        function: u32,
        /// Datasets open at once, or [`AUTOTUNE`] (the host's cores).
        cycle_length: i64,
        /// Consecutive elements from one dataset (positive).
        block_length: i64,
        /// `num_parallel_calls` (`None` for sequential, [`AUTOTUNE`] for autotuned).
        parallel_calls: Option<i64>,
    },
    /// `Dataset.from_generator(generator, ...)`: elements from a host generator, which
    /// the [`ElementFunctions`] runner calls (TensorFlow's `PyFunc` per element).
    Generator {
        /// Which of the run's generator sources (the runner knows the Python callable).
        source: u32,
    },
}

/// A traced map or filter function and what the host pays per element to run it.
#[derive(Clone, Debug, PartialEq)]
pub struct MapFunction {
    /// The concrete function.
    pub function: ConcreteFunctionId,
    /// `num_parallel_calls` (`None` for sequential, [`AUTOTUNE`] for autotuned).
    pub parallel_calls: Option<i64>,
    /// For a function that calls Python (`tf.py_function`): which of the run's host
    /// functions the runner calls for each element instead of running the traced graph.
    pub host: Option<u32>,
}

fn invalid(message: impl Into<String>) -> TfError {
    TfError::invalid_argument(message)
}

impl Dataset {
    fn new(node: DatasetNode, spec: ElementSpec) -> Dataset {
        Dataset {
            node: Rc::new(node),
            spec,
        }
    }

    /// The node.
    pub fn node(&self) -> &DatasetNode {
        &self.node
    }

    /// `element_spec`.
    pub fn element_spec(&self) -> &ElementSpec {
        &self.spec
    }

    /// `Dataset.from_tensor_slices(components)` with the element's `structure`.
    pub fn from_tensor_slices(structure: Structure, components: Vec<Tensor>) -> TfResult<Dataset> {
        let mut first: Option<usize> = None;
        let mut specs = Vec::with_capacity(components.len());
        for tensor in &components {
            let Some(&rows) = tensor.dims().first() else {
                return Err(invalid(
                    "Unbatching a tensor is only supported for rank >= 1",
                ));
            };
            match first {
                None => first = Some(rows),
                Some(expected) if expected != rows => {
                    return Err(TfError::value_error(format!(
                        "Dimensions {expected} and {rows} are not compatible"
                    )))
                }
                Some(_) => {}
            }
            specs.push(ComponentSpec {
                dtype: tensor.dtype(),
                shape: TensorShape::new(tensor.dims()[1..].iter().map(|d| Some(*d)).collect()),
            });
        }
        let spec = ElementSpec::new(structure, specs)?;
        Ok(Dataset::new(DatasetNode::TensorSlices { components }, spec))
    }

    /// `Dataset.from_tensors(components)`.
    pub fn from_tensors(structure: Structure, components: Vec<Tensor>) -> TfResult<Dataset> {
        let specs = components
            .iter()
            .map(|tensor| ComponentSpec {
                dtype: tensor.dtype(),
                shape: TensorShape::from(tensor.shape()),
            })
            .collect();
        let spec = ElementSpec::new(structure, specs)?;
        Ok(Dataset::new(DatasetNode::Tensors { components }, spec))
    }

    /// `interleave(...)`: `spec` is the element spec of the datasets `function` returns.
    pub fn interleave(
        &self,
        function: u32,
        cycle_length: i64,
        block_length: i64,
        parallel_calls: Option<i64>,
        spec: ElementSpec,
    ) -> TfResult<Dataset> {
        if cycle_length <= 0 && cycle_length != AUTOTUNE {
            return Err(invalid("cycle_length must be greater than zero."));
        }
        if block_length <= 0 {
            return Err(invalid("block_length must be greater than zero."));
        }
        Ok(Dataset::new(
            DatasetNode::Interleave {
                input: self.clone(),
                function,
                cycle_length,
                block_length,
                parallel_calls,
            },
            spec,
        ))
    }

    /// `Dataset.from_generator`: elements of `spec` from generator source `source`.
    pub fn from_generator(source: u32, spec: ElementSpec) -> Dataset {
        Dataset::new(DatasetNode::Generator { source }, spec)
    }

    /// `Dataset.range(start, stop, step)` (int64 elements).
    pub fn range(start: i64, stop: i64, step: i64) -> TfResult<Dataset> {
        if step == 0 {
            return Err(invalid("step must be a non-zero integer."));
        }
        let spec = ElementSpec::single(ComponentSpec {
            dtype: DType::Int64,
            shape: TensorShape::new(Vec::new()),
        });
        Ok(Dataset::new(DatasetNode::Range { start, stop, step }, spec))
    }

    /// `map(f)`: `spec` is what tracing `f` produced.
    pub fn map(&self, function: MapFunction, spec: ElementSpec) -> Dataset {
        Dataset::new(
            DatasetNode::Map {
                input: self.clone(),
                function,
            },
            spec,
        )
    }

    /// `filter(predicate)`.
    pub fn filter(&self, predicate: MapFunction) -> Dataset {
        Dataset::new(
            DatasetNode::Filter {
                input: self.clone(),
                predicate,
            },
            self.spec.clone(),
        )
    }

    /// `batch(size, drop_remainder)`.
    pub fn batch(&self, size: i64, drop_remainder: bool) -> TfResult<Dataset> {
        if size <= 0 {
            return Err(invalid("Batch size must be greater than zero."));
        }
        let batch_dim = drop_remainder.then_some(size as usize);
        let spec = self.spec.map_shapes(|shape| match shape.dims() {
            Some(dims) => {
                let mut out = vec![batch_dim];
                out.extend_from_slice(dims);
                TensorShape::new(out)
            }
            None => TensorShape::unknown(),
        });
        Ok(Dataset::new(
            DatasetNode::Batch {
                input: self.clone(),
                size,
                drop_remainder,
                padding: None,
            },
            spec,
        ))
    }

    /// `padded_batch(size, padded_shapes, padding_values, drop_remainder)`: batches of
    /// elements each padded to `padding`'s shapes (one per component).
    pub fn padded_batch(
        &self,
        size: i64,
        drop_remainder: bool,
        padding: Padding,
    ) -> TfResult<Dataset> {
        if size <= 0 {
            return Err(invalid("Batch size must be greater than zero."));
        }
        if padding.shapes.len() != self.spec.components.len()
            || padding.values.len() != self.spec.components.len()
        {
            return Err(invalid(
                "The padded shapes and padding values must match the element's structure.",
            ));
        }
        let batch_dim = drop_remainder.then_some(size as usize);
        let mut spec = self.spec.clone();
        for (component, shape) in spec.components.iter_mut().zip(&padding.shapes) {
            let mut dims = vec![batch_dim];
            match shape.dims() {
                Some(padded) => dims.extend_from_slice(padded),
                None => return Err(invalid("padded_shapes must have a known rank.")),
            }
            component.shape = TensorShape::new(dims);
        }
        Ok(Dataset::new(
            DatasetNode::Batch {
                input: self.clone(),
                size,
                drop_remainder,
                padding: Some(Rc::new(padding)),
            },
            spec,
        ))
    }

    /// `unbatch()`.
    pub fn unbatch(&self) -> TfResult<Dataset> {
        let mut failed = false;
        let spec = self.spec.map_shapes(|shape| match shape.dims() {
            Some([]) => {
                failed = true;
                shape.clone()
            }
            Some(dims) => TensorShape::new(dims[1..].to_vec()),
            None => TensorShape::unknown(),
        });
        if failed {
            return Err(TfError::value_error(
                "Cannot unbatch an input with scalar components.",
            ));
        }
        Ok(Dataset::new(
            DatasetNode::Unbatch {
                input: self.clone(),
            },
            spec,
        ))
    }

    /// `shuffle(buffer_size, seed, reshuffle_each_iteration)`; `seeds` is `get_seed(seed)`
    /// (`None` when both are 0, where TensorFlow draws random seeds).
    pub fn shuffle(
        &self,
        buffer: i64,
        seeds: Option<[i64; 2]>,
        reshuffle: bool,
    ) -> TfResult<Dataset> {
        if buffer <= 0 && buffer != AUTOTUNE {
            return Err(invalid("buffer_size must be greater than zero."));
        }
        Ok(self.derived(DatasetNode::Shuffle {
            input: self.clone(),
            buffer: if buffer == AUTOTUNE { 1 } else { buffer },
            seeds: seeds.unwrap_or([0x5eed, 0xda7a]),
            reshuffle_each_iteration: reshuffle,
            epochs: Rc::new(RefCell::new(0)),
        }))
    }

    /// `repeat(count)`.
    pub fn repeat(&self, count: i64) -> Dataset {
        self.derived(DatasetNode::Repeat {
            input: self.clone(),
            count,
        })
    }

    /// `take(count)`.
    pub fn take(&self, count: i64) -> Dataset {
        self.derived(DatasetNode::Take {
            input: self.clone(),
            count,
        })
    }

    /// `skip(count)`.
    pub fn skip(&self, count: i64) -> Dataset {
        self.derived(DatasetNode::Skip {
            input: self.clone(),
            count,
        })
    }

    /// `cache()` (in memory).
    pub fn cache(&self) -> Dataset {
        self.derived(DatasetNode::Cache {
            input: self.clone(),
            store: Rc::new(RefCell::new(None)),
        })
    }

    /// `prefetch(buffer_size)`.
    pub fn prefetch(&self, buffer: i64) -> TfResult<Dataset> {
        if buffer < AUTOTUNE {
            return Err(invalid("buffer_size must be greater than or equal to -1."));
        }
        Ok(self.derived(DatasetNode::Prefetch {
            input: self.clone(),
            buffer,
        }))
    }

    /// `shard(num_shards, index)`.
    pub fn shard(&self, num_shards: i64, index: i64) -> TfResult<Dataset> {
        if num_shards <= 0 {
            return Err(invalid(format!(
                "Number of shards must be greater than zero (currently num_shards = {num_shards})."
            )));
        }
        if index < 0 || index >= num_shards {
            return Err(invalid(format!(
                "Index must be between 0 and {} (currently index = {index}).",
                num_shards - 1
            )));
        }
        Ok(self.derived(DatasetNode::Shard {
            input: self.clone(),
            num_shards,
            index,
        }))
    }

    /// `Dataset.zip(datasets)` with the result's `structure`.
    pub fn zip(inputs: Vec<Dataset>, structure: Structure) -> TfResult<Dataset> {
        let components = inputs
            .iter()
            .flat_map(|input| input.spec.components.iter().cloned())
            .collect();
        let spec = ElementSpec::new(structure, components)?;
        Ok(Dataset::new(DatasetNode::Zip { inputs }, spec))
    }

    /// `concatenate(other)`: shapes that differ become unknown dimensions.
    pub fn concatenate(&self, other: &Dataset) -> TfResult<Dataset> {
        let (a, b) = (&self.spec, &other.spec);
        let dtypes_match = a.components.len() == b.components.len()
            && a.components
                .iter()
                .zip(&b.components)
                .all(|(x, y)| x.dtype == y.dtype);
        if a.structure != b.structure || !dtypes_match {
            return Err(TfError::type_error(format!(
                "Incompatible dataset elements:\n  {}\nvs.  {}",
                a.repr(),
                b.repr()
            )));
        }
        let components = a
            .components
            .iter()
            .zip(&b.components)
            .map(|(x, y)| ComponentSpec {
                dtype: x.dtype,
                shape: most_specific_compatible(&x.shape, &y.shape),
            })
            .collect();
        let spec = ElementSpec::new(a.structure.clone(), components)?;
        Ok(Dataset::new(
            DatasetNode::Concatenate {
                first: self.clone(),
                second: other.clone(),
            },
            spec,
        ))
    }

    /// `with_options(options)`.
    pub fn with_options(&self, options: DataOptions) -> Dataset {
        self.derived(DatasetNode::Options {
            input: self.clone(),
            options,
        })
    }

    fn derived(&self, node: DatasetNode) -> Dataset {
        Dataset::new(node, self.spec.clone())
    }

    /// The options in effect: the outermost `with_options` wins for each field set.
    pub fn options(&self) -> DataOptions {
        let mut merged = DataOptions::default();
        let mut node = Some(self);
        while let Some(dataset) = node {
            if let DatasetNode::Options { options, .. } = dataset.node() {
                merged.fill_unset_from(options);
            }
            node = dataset.single_input();
        }
        merged
    }

    /// The input of a one-input transformation.
    pub fn single_input(&self) -> Option<&Dataset> {
        match self.node() {
            DatasetNode::TensorSlices { .. }
            | DatasetNode::Tensors { .. }
            | DatasetNode::Range { .. }
            | DatasetNode::Generator { .. }
            | DatasetNode::Concatenate { .. }
            | DatasetNode::Zip { .. } => None,
            DatasetNode::Map { input, .. }
            | DatasetNode::Filter { input, .. }
            | DatasetNode::Batch { input, .. }
            | DatasetNode::Unbatch { input }
            | DatasetNode::Shuffle { input, .. }
            | DatasetNode::Repeat { input, .. }
            | DatasetNode::Take { input, .. }
            | DatasetNode::Skip { input, .. }
            | DatasetNode::Cache { input, .. }
            | DatasetNode::Prefetch { input, .. }
            | DatasetNode::Shard { input, .. }
            | DatasetNode::Interleave { input, .. }
            | DatasetNode::Options { input, .. } => Some(input),
        }
    }

    /// `cardinality()`: the element count, [`INFINITE`] or [`UNKNOWN`], following each
    /// dataset kernel's `CardinalityInternal`.
    pub fn cardinality(&self) -> i64 {
        match self.node() {
            DatasetNode::TensorSlices { components } => components
                .first()
                .and_then(|t| t.dims().first())
                .map_or(0, |rows| *rows as i64),
            DatasetNode::Tensors { .. } => 1,
            DatasetNode::Range { start, stop, step } => range_len(*start, *stop, *step),
            DatasetNode::Filter { .. }
            | DatasetNode::Unbatch { .. }
            | DatasetNode::Generator { .. }
            | DatasetNode::Interleave { .. } => UNKNOWN,
            DatasetNode::Map { input, .. }
            | DatasetNode::Shuffle { input, .. }
            | DatasetNode::Cache { input, .. }
            | DatasetNode::Prefetch { input, .. }
            | DatasetNode::Options { input, .. } => input.cardinality(),
            DatasetNode::Batch {
                input,
                size,
                drop_remainder,
                ..
            } => {
                let n = input.cardinality();
                if n < 0 {
                    return n;
                }
                n / size + i64::from(n % size != 0 && !drop_remainder)
            }
            DatasetNode::Repeat { input, count } => {
                let n = input.cardinality();
                if *count < 0 {
                    return if n == 0 { 0 } else { INFINITE };
                }
                if *count == 0 {
                    return 0;
                }
                if n < 0 {
                    return n;
                }
                n.saturating_mul(*count)
            }
            DatasetNode::Take { input, count } => {
                let n = input.cardinality();
                if n == UNKNOWN {
                    UNKNOWN
                } else if n == INFINITE {
                    *count
                } else if *count < 0 {
                    n
                } else {
                    n.min(*count)
                }
            }
            DatasetNode::Skip { input, count } => {
                let n = input.cardinality();
                if n < 0 {
                    n
                } else if *count < 0 {
                    0
                } else {
                    (n - count).max(0)
                }
            }
            DatasetNode::Shard {
                input,
                num_shards,
                index,
            } => {
                let n = input.cardinality();
                if n < 0 {
                    return n;
                }
                n / num_shards + i64::from(*index < n % num_shards)
            }
            DatasetNode::Concatenate { first, second } => {
                let (a, b) = (first.cardinality(), second.cardinality());
                if a == INFINITE || b == INFINITE {
                    INFINITE
                } else if a == UNKNOWN || b == UNKNOWN {
                    UNKNOWN
                } else {
                    a.saturating_add(b)
                }
            }
            DatasetNode::Zip { inputs } => {
                let mut result = INFINITE;
                for input in inputs {
                    let n = input.cardinality();
                    if n == UNKNOWN {
                        return UNKNOWN;
                    }
                    if n != INFINITE {
                        result = if result == INFINITE { n } else { result.min(n) };
                    }
                }
                result
            }
        }
    }
}

/// The shape both `a` and `b` fit: dimensions that differ become unknown.
fn most_specific_compatible(a: &TensorShape, b: &TensorShape) -> TensorShape {
    match (a.dims(), b.dims()) {
        (Some(x), Some(y)) if x.len() == y.len() => TensorShape::new(
            x.iter()
                .zip(y)
                .map(|(p, q)| if p == q { *p } else { None })
                .collect(),
        ),
        _ => TensorShape::unknown(),
    }
}

/// How many values `range(start, stop, step)` yields.
pub fn range_len(start: i64, stop: i64, step: i64) -> i64 {
    let span = i128::from(stop) - i128::from(start);
    let step = i128::from(step);
    if step == 0 || (span > 0) != (step > 0) || span == 0 {
        return 0;
    }
    let count = (span + step - step.signum()) / step;
    count.clamp(0, i128::from(i64::MAX)) as i64
}

#[cfg(test)]
mod tests;
