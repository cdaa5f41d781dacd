//! Work done by native code that the interpreter cannot see: a kernel computing a million
//! elements, a graph gaining an op. Such code adds budget units here; the interpreter
//! charges them to the run's instruction budget when the native call returns, so a loop
//! whose body is one expensive native call still ends with the budget error.
//!
//! One unit is the work of one interpreted bytecode instruction (a few nanoseconds natively).

use std::cell::Cell;

thread_local! {
    static PENDING: Cell<u64> = const { Cell::new(0) };
    static ALLOWANCE: Cell<u64> = const { Cell::new(u64::MAX) };
}

/// Sets how much work the native call about to run may add before the budget is spent
/// (the interpreter sets it to what is left of its budget).
#[inline]
pub fn set_allowance(units: u64) {
    let _ = ALLOWANCE.try_with(|allowance| allowance.set(units));
}

/// Whether the work added since the last [`take`] already exceeds the allowance: a native
/// loop that does not return on its own (a staged `while` whose condition never turns
/// false) stops there, and the interpreter then reports the spent budget.
#[inline]
pub fn exhausted() -> bool {
    let pending = PENDING.try_with(Cell::get).unwrap_or(0);
    let allowance = ALLOWANCE.try_with(Cell::get).unwrap_or(u64::MAX);
    pending > allowance
}

/// Adds `units` of work done on this thread, to be charged at the next native return.
#[inline]
pub fn add(units: u64) {
    let _ = PENDING.try_with(|pending| pending.set(pending.get().saturating_add(units)));
}

/// Takes the work added since the last call.
#[inline]
pub fn take() -> u64 {
    PENDING.try_with(|pending| pending.replace(0)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_what_was_added_once() {
        take();
        add(3);
        add(u64::MAX);
        assert_eq!(take(), u64::MAX);
        assert_eq!(take(), 0);
    }
}
