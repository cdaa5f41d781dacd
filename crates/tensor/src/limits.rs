//! Playground limits on what a kernel may compute: an element cap per tensor and a work
//! budget per op, so that no program can allocate gigabytes or freeze the tab.
//!
//! The limits are per thread (the engine runs one program per thread or Web Worker) and are
//! read by every allocating kernel through [`check_elements`] and [`check_work`];
//! [`check_elements`] also asks the run's memory cap (`meter::memory`) before allocating.

use std::cell::Cell;

use super::error::{OpError, OpResult};
use super::shape::Shape;

/// The limits in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most elements one tensor may hold.
    pub max_elements: usize,
    /// Most multiply-adds (or comparable element steps) one op may compute.
    pub max_work: u64,
    /// Most multiply-adds the ops of one run may compute together: past it, a large op's
    /// value is left uncomputed (values on demand) rather than the run spending minutes,
    /// as evaluating ResNet-50 batch after batch would. Ops under [`SMALL_WORK`] are
    /// always computed.
    pub max_run_work: u64,
}

/// Ops needing fewer multiply-adds than this are computed whatever the run has spent: a
/// small value printed after a large simulation still prints its numbers.
pub const SMALL_WORK: u64 = 1 << 20;

impl Default for Limits {
    /// 50M elements per tensor, 1e9 multiply-adds per op and 2e9 per run: well under a
    /// second of native kernels, about a second in the browser, so a program at real sizes
    /// answers quickly and still computes every conformance-sized value.
    fn default() -> Limits {
        Limits {
            max_elements: 50_000_000,
            max_work: 1_000_000_000,
            max_run_work: 2_000_000_000,
        }
    }
}

thread_local! {
    static CURRENT: Cell<Limits> = Cell::new(Limits::default());
    /// Multiply-adds computed so far in this thread's run ([`start_run`] resets it).
    static SPENT: Cell<u64> = const { Cell::new(0) };
}

/// Starts a run's account of computed work against [`Limits::max_run_work`].
pub fn start_run() {
    SPENT.with(|spent| spent.set(0));
}

/// The limits in force on this thread.
pub fn current() -> Limits {
    CURRENT.with(Cell::get)
}

/// Sets this thread's limits and returns the previous ones.
pub fn set(limits: Limits) -> Limits {
    CURRENT.with(|cell| cell.replace(limits))
}

/// Tensors below this many elements are not checked against the memory cap one by one.
pub const SMALL_ELEMENTS: usize = 4096;

/// Why a value of `elements` elements and `bytes` bytes is better left uncomputed (values
/// on demand) when it would take the run past three quarters of its memory cap: the run
/// goes on as a simulation rather than running out of memory, and the last quarter is kept
/// for Python, the graphs and the report. Small values are always computed. `None` when
/// there is room, which costs one comparison.
pub fn memory_pressure(elements: u64, bytes: u64) -> Option<String> {
    let (used, cap) = (meter::memory::used(), meter::memory::cap());
    let limit = cap / 4 * 3;
    if cap == usize::MAX || used < limit || elements < SMALL_ELEMENTS as u64 {
        return None;
    }
    (used.saturating_add(bytes as usize) > limit).then(|| {
        format!(
            "its {} would take the program past {} of the playground's {} memory for \
             computed values",
            meter::memory::human_bytes(bytes as usize),
            meter::memory::human_bytes(limit),
            meter::memory::human_bytes(cap)
        )
    })
}

/// Checks that a tensor of `shape` may be allocated: its element count must not overflow and
/// must stay within [`Limits::max_elements`]. Returns the element count.
pub fn check_elements(shape: &Shape) -> OpResult<usize> {
    let limit = current().max_elements;
    match shape.num_elements() {
        Some(count) if count <= limit => {
            // Filling a tensor: a budget unit per 8 elements (see `meter::work`).
            meter::work::add(count as u64 / 8);
            // The run's memory cap (meter::memory), at 8 bytes an element: the widest
            // number types, and what a kernel's intermediate copies come to. Small tensors
            // (shape inference's stand-ins, scalars) are not refused one by one: the
            // interpreter stops a run over its cap at its next budget slice.
            if count < SMALL_ELEMENTS {
                return Ok(count);
            }
            if let Err(refused) = meter::memory::check(count.saturating_mul(8)) {
                return Err(OpError::budget(format!(
                    "OOM when allocating tensor with shape{}: {refused}",
                    shape.to_tf_list()
                )));
            }
            Ok(count)
        }
        _ => Err(OpError::budget(format!(
            "a tensor of shape{} is over the playground's budget of {limit} elements for \
             computing one value",
            shape.to_tf_list()
        ))),
    }
}

/// Checks that a tensor of `shape` whose storage already exists may be kept: it is within
/// [`Limits::max_elements`], and the run is not over its memory cap (the storage was
/// counted when it was allocated, so nothing is asked for a second time; a kernel whose
/// intermediate copies took the run past its cap gives its result up, and the run goes on
/// without the value).
pub fn check_count(shape: &Shape) -> OpResult<usize> {
    let limit = current().max_elements;
    match shape.num_elements() {
        Some(count) if count <= limit => {
            if count >= SMALL_ELEMENTS && meter::memory::over_cap() {
                return Err(OpError::budget(format!(
                    "OOM when allocating tensor with shape{}: the program holds {} of the \
                     playground's {} limit",
                    shape.to_tf_list(),
                    meter::memory::human_bytes(meter::memory::used()),
                    meter::memory::human_bytes(meter::memory::cap())
                )));
            }
            Ok(count)
        }
        _ => Err(OpError::budget(format!(
            "a tensor of shape{} is over the playground's budget of {limit} elements for \
             computing one value",
            shape.to_tf_list()
        ))),
    }
}

/// Checks that an op needing `work` element steps fits within [`Limits::max_work`].
/// `what` names the op in the message (`MatMul`).
pub fn check_work(what: &str, work: Option<u64>) -> OpResult<()> {
    let limits = current();
    let budget = limits.max_work;
    let spent = SPENT.with(Cell::get);
    match work {
        Some(work) if work <= budget => {
            let total = spent.saturating_add(work);
            if work >= SMALL_WORK && total > limits.max_run_work {
                return Err(OpError::budget(format!(
                    "{what} needs {work} multiply-adds, and the run has already computed \
                     {spent} of the playground's budget of {} for computing values",
                    limits.max_run_work
                )));
            }
            SPENT.with(|cell| cell.set(total));
            // A budget unit per 16 multiply-adds (see `meter::work`).
            meter::work::add(work / 16);
            Ok(())
        }
        _ => Err(OpError::budget(format!(
            "{what} needs {} multiply-adds, over the playground's budget of {budget} for \
             computing one value",
            work.map_or_else(|| "more than 2^64".to_string(), |work| work.to_string())
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_run_budget_defers_large_ops_once_spent_but_never_small_ones() {
        let previous = set(Limits {
            max_run_work: 3 * SMALL_WORK,
            ..Limits::default()
        });
        start_run();
        assert!(check_work("MatMul", Some(2 * SMALL_WORK)).is_ok());
        let error = check_work("MatMul", Some(2 * SMALL_WORK)).unwrap_err();
        assert!(error.is_budget());
        assert!(
            error.message.contains("already computed"),
            "{}",
            error.message
        );
        assert!(check_work("MatMul", Some(SMALL_WORK - 1)).is_ok());
        start_run();
        assert!(check_work("MatMul", Some(2 * SMALL_WORK)).is_ok());
        set(previous);
    }
}
