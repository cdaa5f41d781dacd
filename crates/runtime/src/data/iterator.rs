//! One iteration over a dataset graph: [`DatasetIterator`] mirrors the graph with one
//! state per node and pulls elements through it, as TensorFlow's iterator kernels do.
//!
//! Traced map and filter functions run through [`ElementFunctions`], so this module needs
//! neither the interpreter nor the report.
//!
//! **Host cost model.** Each element's production is costed as it happens ([`ElementCost`]):
//! a map or filter function costs its ops on one host core, divided by its parallel calls
//! (at most the host's cores; `AUTOTUNE` uses them all); slicing, batching and reading a
//! cache cost a copy of their bytes. Stages behind the outermost `prefetch` count as
//! background work (they run ahead on tf.data's threads); stages after it as inline work.
//! A pipeline whose last transformation is not a `prefetch` gets one, as tf.data's
//! `inject_prefetch` rewrite adds `prefetch(AUTOTUNE)` (on by default with autotuning), so
//! then all its work is background work.

use std::collections::VecDeque;
use std::rc::Rc;

use crate::data::{Dataset, DatasetNode, Element, MapFunction, AUTOTUNE};
use crate::error::{TfError, TfResult};
use crate::function::ConcreteFunctionId;
use tensor::ops::{self, SliceSpec};
use tensor::random::{Philox, SingleSample};
use tensor::{Shape, Tensor, TensorData};

/// Runs the traced functions of `map` and `filter` on one element's components, and
/// prices host work.
pub trait ElementFunctions {
    /// Calls `function` with `args`; returns its outputs and the nanoseconds one host
    /// core takes to run it.
    fn call_element_function(
        &mut self,
        function: ConcreteFunctionId,
        args: &[Tensor],
    ) -> TfResult<(Vec<Tensor>, u64)>;

    /// The host's cores (the most parallel calls that help).
    fn host_cores(&self) -> u32;

    /// Makes `scope` (an iterator's number) the scope of the random kernels element
    /// functions run from now on, returning the previous scope: TensorFlow instantiates a
    /// dataset's functions afresh for each iterator, so each iteration's random ops start
    /// their streams anew.
    fn swap_kernel_scope(&mut self, scope: u64) -> u64 {
        scope
    }

    /// Nanoseconds to copy `bytes` in host memory.
    fn copy_ns(&self, bytes: u64) -> u64;

    /// The next element of generator source `source` for one iteration (`iteration` is
    /// `None` until the runner starts the generator). Only a runner that can call the
    /// program's Python generators has any.
    fn generator_next(
        &mut self,
        source: u32,
        iteration: &mut Option<u64>,
    ) -> TfResult<Option<Element>> {
        let _ = (source, iteration);
        Err(TfError::new(
            crate::ExceptionClass::Unimplemented,
            "This input pipeline runs without access to the program's Python generators.",
        ))
    }

    /// The outputs of host map function `function` (one calling Python, such as
    /// `tf.py_function`) for one element, and the nanoseconds one host core takes. Only a
    /// runner that can call the program's Python functions has any.
    fn host_map(&mut self, function: u32, element: &[Tensor]) -> TfResult<(Vec<Tensor>, u64)> {
        let _ = (function, element);
        Err(TfError::new(
            crate::ExceptionClass::Unimplemented,
            "This input pipeline runs without access to the program's Python functions.",
        ))
    }

    /// The dataset interleave function `function` returns for one input element. Only a
    /// runner that can call the program's Python functions has any.
    fn interleave_dataset(&mut self, function: u32, element: &[Tensor]) -> TfResult<Dataset> {
        let _ = (function, element);
        Err(TfError::new(
            crate::ExceptionClass::Unimplemented,
            "This input pipeline runs without access to the program's Python functions.",
        ))
    }
}

/// Host nanoseconds TensorFlow's `PyFunc` spends handing one generator element from
/// Python to the pipeline (the GIL, the call, the conversion), beyond copying its bytes
/// ⚠ D.
pub const GENERATOR_ELEMENT_NS: u64 = 20_000;

/// Host nanoseconds spent producing one element.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ElementCost {
    /// Stages behind the outermost `prefetch` (overlappable with the consumer).
    pub background_ns: u64,
    /// Stages after it (the consumer waits for them).
    pub inline_ns: u64,
    /// Pipeline steps taken for this element (see [`STEPS_PER_ELEMENT_MAX`]).
    pub steps: u64,
}

/// The most pipeline steps one element may take: a playground limit that stops a filter
/// that never matches or a huge `skip` with an error instead of a frozen tab.
pub const STEPS_PER_ELEMENT_MAX: u64 = 1_000_000;

/// The prefetch depth `prefetch(tf.data.AUTOTUNE)` is modelled with: autotuning grows the
/// buffer while the consumer waits; two elements ⚠ D.
pub const AUTOTUNE_PREFETCH: u32 = 2;

/// An iterator over a dataset: `iter(ds)`.
#[derive(Debug)]
pub struct DatasetIterator {
    state: State,
    /// This iteration's number, the scope of its functions' random kernels.
    kernels: u64,
    cost: ElementCost,
    prefetch: u32,
    /// Whether `inject_prefetch` added the outermost prefetch.
    injected: bool,
}

#[derive(Debug)]
enum State {
    Slices {
        components: Vec<Tensor>,
        next: usize,
        rows: usize,
    },
    Tensors {
        components: Option<Vec<Tensor>>,
    },
    Range {
        next: i64,
        stop: i64,
        step: i64,
    },
    Map {
        input: Box<State>,
        function: MapFunction,
    },
    Filter {
        input: Box<State>,
        predicate: MapFunction,
    },
    Batch {
        input: Box<State>,
        size: usize,
        drop_remainder: bool,
        fused_map: bool,
        padding: Option<Rc<super::Padding>>,
    },
    Concatenate {
        first: Box<State>,
        second: Option<Dataset>,
    },
    Unbatch {
        input: Box<State>,
        pending: VecDeque<Element>,
    },
    Shuffle(Box<Shuffle>),
    Repeat {
        dataset: Dataset,
        count: i64,
        finished: i64,
        current: Option<Box<State>>,
        produced: bool,
    },
    Take {
        input: Box<State>,
        remaining: i64,
    },
    Skip {
        input: Box<State>,
        to_skip: i64,
    },
    CacheRead {
        elements: Vec<Element>,
        next: usize,
    },
    CacheFill {
        input: Box<State>,
        collected: Vec<Element>,
        store: std::rc::Rc<std::cell::RefCell<Option<Vec<Element>>>>,
    },
    Pass {
        input: Box<State>,
    },
    Prefetch {
        input: Box<State>,
    },
    Shard {
        input: Box<State>,
        num_shards: i64,
        index: i64,
        position: i64,
    },
    Zip {
        inputs: Vec<State>,
    },
    Generator {
        source: u32,
        iteration: Option<u64>,
    },
    Interleave(Box<Interleave>),
}

/// The state of an `interleave`: TensorFlow's `InterleaveDatasetOp` iterator (the parallel
/// kernel with `deterministic` keeps the same order).
#[derive(Debug)]
struct Interleave {
    input: State,
    function: u32,
    /// Resolved at the first element (`AUTOTUNE` is the host's cores).
    cycle_length: i64,
    block_length: i64,
    parallel_calls: Option<i64>,
    slots: Vec<Option<State>>,
    cycle_index: usize,
    block_index: i64,
    end_of_input: bool,
    open: usize,
}

impl Interleave {
    fn advance(&mut self) {
        self.block_index = 0;
        self.cycle_index = (self.cycle_index + 1) % self.slots.len().max(1);
    }

    fn next(
        &mut self,
        functions: &mut dyn ElementFunctions,
        cost: &mut ElementCost,
    ) -> TfResult<Option<Element>> {
        if self.slots.is_empty() {
            let cycle = if self.cycle_length == AUTOTUNE {
                i64::from(functions.host_cores().max(1))
            } else {
                self.cycle_length
            };
            self.slots = (0..cycle.clamp(1, 1 << 16)).map(|_| None).collect();
        }
        while !self.end_of_input || self.open > 0 {
            cost.steps += 1;
            if cost.steps > STEPS_PER_ELEMENT_MAX {
                return Err(TfError::new(
                    crate::ExceptionClass::ResourceExhausted,
                    format!(
                        "The input pipeline took more than {STEPS_PER_ELEMENT_MAX} steps to produce one element (a playground limit)."
                    ),
                ));
            }
            let index = self.cycle_index;
            if let Some(current) = self.slots[index].as_mut() {
                let mut inner = ElementCost::default();
                let element = current.next(functions, &mut inner)?;
                let threads = parallel_ns(1 << 20, self.parallel_calls, functions.host_cores());
                let scale = |ns: u64| ns.saturating_mul(threads) >> 20;
                cost.inline_ns = cost.inline_ns.saturating_add(scale(inner.inline_ns));
                cost.background_ns = cost
                    .background_ns
                    .saturating_add(scale(inner.background_ns));
                cost.steps = cost.steps.saturating_add(inner.steps);
                if let Some(element) = element {
                    self.block_index += 1;
                    if self.block_index == self.block_length {
                        self.advance();
                    }
                    return Ok(Some(element));
                }
                self.slots[index] = None;
                self.open -= 1;
                self.advance();
            } else if !self.end_of_input {
                match self.input.next(functions, cost)? {
                    Some(element) => {
                        let dataset = functions.interleave_dataset(self.function, &element)?;
                        self.slots[index] = Some(State::start(&dataset));
                        self.open += 1;
                    }
                    None => self.end_of_input = true,
                }
            } else {
                self.advance();
            }
        }
        Ok(None)
    }
}

/// The state of a `shuffle`: `ShuffleDatasetV3`'s iterator for one epoch. The buffer is a
/// ring of `size` slots; the elements waiting are `start..end`; each output is the one
/// `Random() % waiting` places after `start`, whose slot then takes the element at
/// `start`.
#[derive(Debug)]
struct Shuffle {
    input: State,
    slots: Vec<Option<Element>>,
    size: usize,
    start: usize,
    end: usize,
    random: SingleSample,
    exhausted: bool,
}

impl Shuffle {
    fn new(input: State, size: usize, seeds: [i64; 2], reshuffle: bool, epoch: u64) -> Shuffle {
        // `RandomSeedGenerator` gives each iterator the next two words of a stream seeded
        // by the dataset's seeds; `FixedSeedGenerator` gives the seeds themselves.
        let (seed, seed2) = if reshuffle {
            let mut seeds = SingleSample::new(Philox::new(seeds[0] as u64, seeds[1] as u64));
            for _ in 0..epoch.saturating_mul(2) {
                seeds.next_u32();
            }
            (i64::from(seeds.next_u32()), i64::from(seeds.next_u32()))
        } else {
            (seeds[0], seeds[1])
        };
        Shuffle {
            input,
            slots: Vec::new(),
            size,
            start: 0,
            end: 0,
            random: SingleSample::new(Philox::new(seed as u64, seed2 as u64)),
            exhausted: false,
        }
    }

    fn next(
        &mut self,
        functions: &mut dyn ElementFunctions,
        cost: &mut ElementCost,
    ) -> TfResult<Option<Element>> {
        while !self.exhausted && self.end - self.start < self.size {
            match self.input.next(functions, cost)? {
                Some(element) => {
                    let slot = self.end % self.size;
                    if slot >= self.slots.len() {
                        self.slots.resize_with(slot + 1, || None);
                    }
                    self.slots[slot] = Some(element);
                    self.end += 1;
                }
                None => self.exhausted = true,
            }
        }
        let waiting = self.end - self.start;
        if waiting == 0 {
            return Ok(None);
        }
        let offset = self.random.next_u32() as usize % waiting;
        let index = (self.start + offset) % self.size;
        let element = self.slots[index].take();
        self.slots.swap(index, self.start % self.size);
        self.start += 1;
        Ok(element)
    }
}

thread_local! {
    /// How many iterations have started (each numbers its random kernels' scope).
    static ITERATIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

impl DatasetIterator {
    /// Starts an iteration over `dataset`.
    pub fn new(dataset: &Dataset) -> DatasetIterator {
        let (prefetch, injected) = match prefetch_depth(dataset) {
            Some(depth) => (depth, false),
            None => (AUTOTUNE_PREFETCH, true),
        };
        DatasetIterator {
            state: State::start(dataset),
            kernels: ITERATIONS.with(|count| {
                count.set(count.get() + 1);
                count.get()
            }),
            cost: ElementCost::default(),
            prefetch,
            injected,
        }
    }

    /// The next element, or `None` at the end.
    pub fn next(&mut self, functions: &mut dyn ElementFunctions) -> TfResult<Option<Element>> {
        self.cost = ElementCost::default();
        let mut cost = ElementCost::default();
        let outer = functions.swap_kernel_scope(self.kernels);
        let element = self.state.next(functions, &mut cost);
        functions.swap_kernel_scope(outer);
        let element = element?;
        if self.injected {
            cost.background_ns += cost.inline_ns;
            cost.inline_ns = 0;
        }
        self.cost = cost;
        Ok(element)
    }

    /// What producing the last element cost the host.
    pub fn last_cost(&self) -> ElementCost {
        self.cost
    }

    /// The outermost `prefetch`'s depth (0 without one).
    pub fn prefetch(&self) -> u32 {
        self.prefetch
    }
}

/// The depth of the pipeline's last transformation when it is a `prefetch` (looking
/// through `with_options`); `None` when the last transformation is something else.
fn prefetch_depth(dataset: &Dataset) -> Option<u32> {
    let mut node = dataset;
    loop {
        match node.node() {
            DatasetNode::Prefetch { buffer, .. } => {
                return Some(if *buffer < 0 {
                    AUTOTUNE_PREFETCH
                } else {
                    (*buffer).clamp(0, 1 << 20) as u32
                })
            }
            DatasetNode::Options { input, .. } => node = input,
            _ => return None,
        }
    }
}

fn element_bytes(element: &[Tensor]) -> u64 {
    element
        .iter()
        .map(|t| tensor::ops::cost::tensor_bytes(t.dtype(), t.shape()))
        .fold(0, u64::saturating_add)
}

/// The per-element cost of a function on `parallel_calls` threads.
fn parallel_ns(single_ns: u64, parallel_calls: Option<i64>, cores: u32) -> u64 {
    let threads = match parallel_calls {
        Some(calls) if calls < 0 => u64::from(cores.max(1)),
        Some(calls) => (calls.max(1) as u64).min(u64::from(cores.max(1))),
        None => 1,
    };
    single_ns / threads
}

fn row(tensor: &Tensor, index: usize) -> TfResult<Tensor> {
    ops::slice(tensor, &[SliceSpec::Index(index as i64)]).map_err(TfError::from_kernel_message)
}

impl State {
    fn start(dataset: &Dataset) -> State {
        match dataset.node() {
            DatasetNode::TensorSlices { components } => State::Slices {
                rows: components
                    .first()
                    .and_then(|t| t.dims().first().copied())
                    .unwrap_or(0),
                components: components.clone(),
                next: 0,
            },
            DatasetNode::Tensors { components } => State::Tensors {
                components: Some(components.clone()),
            },
            DatasetNode::Range { start, stop, step } => State::Range {
                next: *start,
                stop: *stop,
                step: *step,
            },
            DatasetNode::Map { input, function } => State::Map {
                input: Box::new(State::start(input)),
                function: function.clone(),
            },
            DatasetNode::Filter { input, predicate } => State::Filter {
                input: Box::new(State::start(input)),
                predicate: predicate.clone(),
            },
            DatasetNode::Batch {
                input,
                size,
                drop_remainder,
                padding,
            } => State::Batch {
                input: Box::new(State::start(input)),
                size: (*size).max(1) as usize,
                drop_remainder: *drop_remainder,
                fused_map: matches!(input.node(), DatasetNode::Map { .. }),
                padding: padding.clone(),
            },
            DatasetNode::Concatenate { first, second } => State::Concatenate {
                first: Box::new(State::start(first)),
                second: Some(second.clone()),
            },
            DatasetNode::Unbatch { input } => State::Unbatch {
                input: Box::new(State::start(input)),
                pending: VecDeque::new(),
            },
            DatasetNode::Shuffle {
                input,
                buffer,
                seeds,
                reshuffle_each_iteration,
                epochs,
            } => {
                let epoch = {
                    let mut epochs = epochs.borrow_mut();
                    let epoch = *epochs;
                    *epochs += 1;
                    epoch
                };
                State::Shuffle(Box::new(Shuffle::new(
                    State::start(input),
                    (*buffer).clamp(1, 1 << 20) as usize,
                    *seeds,
                    *reshuffle_each_iteration,
                    epoch,
                )))
            }
            DatasetNode::Repeat { input, count } => State::Repeat {
                dataset: input.clone(),
                count: *count,
                finished: 0,
                current: None,
                produced: false,
            },
            DatasetNode::Take { input, count } => State::Take {
                input: Box::new(State::start(input)),
                remaining: *count,
            },
            DatasetNode::Skip { input, count } => State::Skip {
                input: Box::new(State::start(input)),
                to_skip: *count,
            },
            DatasetNode::Cache { input, store } => match store.borrow().as_ref() {
                Some(elements) => State::CacheRead {
                    elements: elements.clone(),
                    next: 0,
                },
                None => State::CacheFill {
                    input: Box::new(State::start(input)),
                    collected: Vec::new(),
                    store: store.clone(),
                },
            },
            DatasetNode::Prefetch { input, .. } => State::Prefetch {
                input: Box::new(State::start(input)),
            },
            DatasetNode::Options { input, .. } => State::Pass {
                input: Box::new(State::start(input)),
            },
            DatasetNode::Shard {
                input,
                num_shards,
                index,
            } => State::Shard {
                input: Box::new(State::start(input)),
                num_shards: *num_shards,
                index: *index,
                position: 0,
            },
            DatasetNode::Zip { inputs } => State::Zip {
                inputs: inputs.iter().map(State::start).collect(),
            },
            DatasetNode::Interleave {
                input,
                function,
                cycle_length,
                block_length,
                parallel_calls,
            } => State::Interleave(Box::new(Interleave {
                input: State::start(input),
                function: *function,
                cycle_length: *cycle_length,
                block_length: *block_length,
                parallel_calls: *parallel_calls,
                slots: Vec::new(),
                cycle_index: 0,
                block_index: 0,
                end_of_input: false,
                open: 0,
            })),
            DatasetNode::Generator { source } => State::Generator {
                source: *source,
                iteration: None,
            },
        }
    }

    fn next(
        &mut self,
        functions: &mut dyn ElementFunctions,
        cost: &mut ElementCost,
    ) -> TfResult<Option<Element>> {
        cost.steps += 1;
        if cost.steps > STEPS_PER_ELEMENT_MAX {
            return Err(TfError::new(
                crate::ExceptionClass::ResourceExhausted,
                format!(
                    "The input pipeline took more than {STEPS_PER_ELEMENT_MAX} steps to produce one element (a playground limit)."
                ),
            ));
        }
        match self {
            State::Slices {
                components,
                next,
                rows,
            } => {
                if *next >= *rows {
                    return Ok(None);
                }
                let index = *next;
                *next += 1;
                let element = components
                    .iter()
                    .map(|t| row(t, index))
                    .collect::<TfResult<Vec<_>>>()?;
                cost.inline_ns += functions.copy_ns(element_bytes(&element));
                Ok(Some(element))
            }
            State::Tensors { components } => Ok(components.take()),
            State::Interleave(interleave) => interleave.next(functions, cost),
            State::Generator { source, iteration } => {
                let element = functions.generator_next(*source, iteration)?;
                if let Some(element) = &element {
                    cost.inline_ns += GENERATOR_ELEMENT_NS
                        .saturating_add(functions.copy_ns(element_bytes(element)));
                }
                Ok(element)
            }
            State::Range { next, stop, step } => {
                let more = if *step > 0 {
                    *next < *stop
                } else {
                    *next > *stop
                };
                if !more {
                    return Ok(None);
                }
                let value = *next;
                *next = next.saturating_add(*step);
                if *next == value {
                    *next = *stop;
                }
                Ok(Some(vec![Tensor::scalar(value)]))
            }
            State::Map { input, function } => match input.next(functions, cost)? {
                Some(element) => {
                    let (outputs, single_ns) = match function.host {
                        Some(host) => functions.host_map(host, &element)?,
                        None => functions.call_element_function(function.function, &element)?,
                    };
                    let cores = functions.host_cores();
                    cost.inline_ns += parallel_ns(single_ns, function.parallel_calls, cores);
                    Ok(Some(outputs))
                }
                None => Ok(None),
            },
            State::Filter { input, predicate } => loop {
                let Some(element) = input.next(functions, cost)? else {
                    return Ok(None);
                };
                let (outputs, single_ns) =
                    functions.call_element_function(predicate.function, &element)?;
                cost.inline_ns += single_ns;
                if predicate_holds(&outputs)? {
                    return Ok(Some(element));
                }
            },
            State::Batch {
                input,
                size,
                drop_remainder,
                fused_map,
                padding,
            } => {
                let mut elements = Vec::with_capacity((*size).min(1024));
                while elements.len() < *size {
                    match input.next(functions, cost)? {
                        Some(element) => elements.push(element),
                        None => break,
                    }
                }
                if elements.is_empty() || (*drop_remainder && elements.len() < *size) {
                    return Ok(None);
                }
                if let Some(padding) = padding {
                    elements = pad_elements(elements, padding)?;
                }
                let batch = stack_elements(&elements, *fused_map)?;
                cost.inline_ns += functions.copy_ns(element_bytes(&batch));
                Ok(Some(batch))
            }
            State::Unbatch { input, pending } => loop {
                if let Some(element) = pending.pop_front() {
                    return Ok(Some(element));
                }
                let Some(batch) = input.next(functions, cost)? else {
                    return Ok(None);
                };
                pending.extend(split_batch(&batch)?);
            },
            State::Shuffle(shuffle) => shuffle.next(functions, cost),
            State::Repeat {
                dataset,
                count,
                finished,
                current,
                produced,
            } => loop {
                if *count >= 0 && *finished >= *count {
                    return Ok(None);
                }
                let state = current.get_or_insert_with(|| Box::new(State::start(dataset)));
                match state.next(functions, cost)? {
                    Some(element) => {
                        *produced = true;
                        return Ok(Some(element));
                    }
                    None => {
                        *current = None;
                        *finished += 1;
                        // An epoch without elements ends even an endless repeat.
                        if !std::mem::take(produced) {
                            return Ok(None);
                        }
                    }
                }
            },
            State::Take { input, remaining } => {
                if *remaining == 0 {
                    return Ok(None);
                }
                let element = input.next(functions, cost)?;
                if element.is_some() && *remaining > 0 {
                    *remaining -= 1;
                }
                Ok(element)
            }
            State::Skip { input, to_skip } => {
                while *to_skip != 0 {
                    if input.next(functions, cost)?.is_none() {
                        *to_skip = 0;
                        return Ok(None);
                    }
                    if *to_skip > 0 {
                        *to_skip -= 1;
                    }
                }
                input.next(functions, cost)
            }
            State::CacheRead { elements, next } => {
                let element = elements.get(*next).cloned();
                *next += 1;
                if let Some(element) = &element {
                    cost.inline_ns += functions.copy_ns(element_bytes(element));
                }
                Ok(element)
            }
            State::CacheFill {
                input,
                collected,
                store,
            } => match input.next(functions, cost)? {
                Some(element) => {
                    collected.push(element.clone());
                    Ok(Some(element))
                }
                None => {
                    let mut store = store.borrow_mut();
                    if store.is_none() {
                        *store = Some(std::mem::take(collected));
                    }
                    Ok(None)
                }
            },
            State::Pass { input } => input.next(functions, cost),
            State::Prefetch { input } => {
                // What the stages behind a prefetch cost runs ahead, in the background.
                let mut behind = ElementCost {
                    steps: cost.steps,
                    ..ElementCost::default()
                };
                let element = input.next(functions, &mut behind)?;
                cost.background_ns += behind.background_ns + behind.inline_ns;
                cost.steps = behind.steps;
                Ok(element)
            }
            State::Concatenate { first, second } => loop {
                if let Some(element) = first.next(functions, cost)? {
                    return Ok(Some(element));
                }
                match second.take() {
                    Some(dataset) => **first = State::start(&dataset),
                    None => return Ok(None),
                }
            },
            State::Shard {
                input,
                num_shards,
                index,
                position,
            } => loop {
                let Some(element) = input.next(functions, cost)? else {
                    return Ok(None);
                };
                let here = *position;
                *position += 1;
                if here % *num_shards == *index {
                    return Ok(Some(element));
                }
            },
            State::Zip { inputs } => {
                let mut element = Vec::new();
                for input in inputs {
                    match input.next(functions, cost)? {
                        Some(part) => element.extend(part),
                        None => return Ok(None),
                    }
                }
                Ok(Some(element))
            }
        }
    }
}

fn predicate_holds(outputs: &[Tensor]) -> TfResult<bool> {
    match outputs {
        [tensor] if tensor.rank() == 0 => match tensor.data() {
            TensorData::Bool(values) => Ok(values.first().copied().unwrap_or(false)),
            _ => Err(TfError::value_error(format!(
                "Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return type was TensorSpec(shape=(), dtype=tf.{}, name=None).",
                tensor.dtype().name()
            ))),
        },
        _ => Err(TfError::value_error(
            "Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor.",
        )),
    }
}

/// Stacks each component of `elements` along a new first axis. A `batch` right after a
/// `map` runs as TensorFlow's fused `MapAndBatch` (grappler's `map_and_batch_fusion`),
/// which copies values into the first element's shape and only checks element counts;
/// a plain `batch` requires equal shapes. Both fail with their kernel's text.
/// `padded_batch`'s padding of one batch: each component grown to its padded shape (an
/// unknown dimension to the batch's longest), filled with its padding value.
fn pad_elements(elements: Vec<Element>, padding: &super::Padding) -> TfResult<Vec<Element>> {
    let width = elements.first().map_or(0, Vec::len);
    let mut targets = Vec::with_capacity(width);
    for component in 0..width {
        let wanted = padding.shapes[component].dims().unwrap_or(&[]);
        let mut dims: Vec<usize> = Vec::with_capacity(wanted.len());
        for (axis, want) in wanted.iter().enumerate() {
            let longest = elements
                .iter()
                .map(|e| e[component].dims().get(axis).copied().unwrap_or(0))
                .max()
                .unwrap_or(0);
            dims.push(want.unwrap_or(longest));
        }
        targets.push(dims);
    }
    elements
        .into_iter()
        .map(|element| {
            element
                .into_iter()
                .enumerate()
                .map(|(component, tensor)| {
                    let target = &targets[component];
                    if tensor.rank() != target.len() {
                        return Err(TfError::invalid_argument(format!(
                            "All elements in a batch must have the same rank as the padded shape for component{component}: expected rank {} but got element with rank {}",
                            target.len(),
                            tensor.rank()
                        )));
                    }
                    let mut pairs = Vec::with_capacity(target.len() * 2);
                    for (have, want) in tensor.dims().iter().zip(target) {
                        if have > want {
                            return Err(TfError::invalid_argument(
                                "Attempted to pad to a smaller size than the input element.",
                            ));
                        }
                        pairs.push(0i64);
                        pairs.push((want - have) as i64);
                    }
                    let paddings = Tensor::from_vec(Shape::new(vec![target.len(), 2]), pairs)
                        .map_err(TfError::from_kernel_message)?;
                    let value = &padding.values[component];
                    ops::pad(&tensor, &paddings, Some(value), ops::PadMode::Constant)
                        .map_err(TfError::from_kernel_message)
                })
                .collect()
        })
        .collect()
}

fn stack_elements(elements: &[Element], fused_map: bool) -> TfResult<Element> {
    let width = elements.first().map_or(0, Vec::len);
    let mut batch = Vec::with_capacity(width);
    for component in 0..width {
        let first = elements[0][component].shape().clone();
        let mut parts = Vec::with_capacity(elements.len());
        for (index, element) in elements.iter().enumerate() {
            let part = &element[component];
            if fused_map && part.num_elements() != elements[0][component].num_elements() {
                return Err(TfError::invalid_argument(format!(
                    "Cannot add tensor to the batch: number of elements does not match. Shapes are: [tensor]: {}, [batch]: {}",
                    part.shape().to_tf_list(),
                    first.to_tf_list()
                )));
            }
            if !fused_map && *part.shape() != first {
                return Err(TfError::invalid_argument(format!(
                    "Cannot batch tensors with different shapes in component {component}. First element had shape {} and element {index} had shape {}.",
                    first.to_tf_list(),
                    part.shape().to_tf_list()
                )));
            }
            parts.push(
                part.with_shape(first.clone())
                    .map_err(TfError::from_kernel_message)?,
            );
        }
        batch.push(ops::stack(&parts, 0).map_err(TfError::from_kernel_message)?);
    }
    Ok(batch)
}

/// Splits a batched element into its rows.
fn split_batch(batch: &Element) -> TfResult<Vec<Element>> {
    let rows = batch
        .first()
        .and_then(|t| t.dims().first().copied())
        .unwrap_or(0);
    for tensor in batch {
        if tensor.dims().first().copied() != Some(rows) {
            return Err(TfError::invalid_argument(
                "Input element must have the same batch size in each component.",
            ));
        }
    }
    (0..rows)
        .map(|index| batch.iter().map(|t| row(t, index)).collect())
        .collect()
}
