//! The memory meter: how many bytes this thread holds, and how many a run may hold, so a
//! run is stopped with a `MemoryError` (or TensorFlow's `ResourceExhaustedError`) before it
//! exhausts the machine: a browser tab dies at a few GB of wasm memory, and a native process
//! aborts when the allocator fails.
//!
//! [`MeteredAllocator`] wraps the system allocator and counts the live bytes allocated on
//! each thread. Binaries that run programs install it (`#[global_allocator]`); without it
//! [`live_bytes`] stays 0 and only the checks of requested sizes ([`check`]) apply.
//!
//! A run sets its cap with [`Cap::set`]; every layer that allocates on a program's behalf
//! asks [`check`] before a large allocation (a list repeated a million times, a tensor), and
//! the interpreter calls [`over_cap`] at every slice of its instruction budget, so memory
//! held by the program, by host modules and by what the host records all counts.
//!
//! The count is per thread because each run owns one thread (a test harness runs many at
//! once); memory freed on another thread than the one that allocated it moves the two
//! threads' counts in opposite directions, which is why counts are signed.

use std::alloc::{GlobalAlloc, Layout};

/// The allocator under the meter: mimalloc natively (small allocations are most of what
/// the engine does), the standard one in WebAssembly.
#[cfg(not(target_arch = "wasm32"))]
static INNER: mimalloc::MiMalloc = mimalloc::MiMalloc;
#[cfg(target_arch = "wasm32")]
static INNER: std::alloc::System = std::alloc::System;
use std::cell::Cell;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

#[inline]
fn add(delta: isize) {
    // `try_with` so allocation during thread teardown never panics.
    let _ = LIVE.try_with(|live| live.set(live.get().wrapping_add(delta)));
}

/// The system allocator, counting each thread's live bytes.
pub struct MeteredAllocator;

// SAFETY: every method forwards to `INNER` with the same arguments; the counting touches
// only a thread-local `Cell` (const-initialised, no destructor, so it never allocates).
unsafe impl GlobalAlloc for MeteredAllocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = INNER.alloc(layout);
        if !ptr.is_null() {
            add(layout.size() as isize);
        }
        ptr
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = INNER.alloc_zeroed(layout);
        if !ptr.is_null() {
            add(layout.size() as isize);
        }
        ptr
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        INNER.dealloc(ptr, layout);
        add(-(layout.size() as isize));
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new = INNER.realloc(ptr, layout, new_size);
        if !new.is_null() {
            add(new_size as isize - layout.size() as isize);
        }
        new
    }
}

/// The bytes this thread holds now (0 when [`MeteredAllocator`] is not installed).
pub fn live_bytes() -> usize {
    live().max(0) as usize
}

/// This thread's signed count: negative when it freed more than it allocated (memory
/// another thread allocated), so differences between two readings stay exact.
fn live() -> isize {
    LIVE.try_with(Cell::get).unwrap_or(0)
}

thread_local! {
    /// The live bytes when the run began and the most it may add: `(base, cap)`.
    static CAP: Cell<(isize, usize)> = const { Cell::new((0, usize::MAX)) };
}

/// The memory a run may use on this thread. Dropping it restores the previous cap.
pub struct Cap {
    previous: (isize, usize),
}

impl Cap {
    /// Caps this thread at `bytes` more than it holds now.
    pub fn set(bytes: usize) -> Cap {
        let previous = CAP.with(|cap| cap.replace((live(), bytes)));
        Cap { previous }
    }
}

impl Drop for Cap {
    fn drop(&mut self) {
        let _ = CAP.try_with(|cap| cap.set(self.previous));
    }
}

/// The cap in force on this thread, in bytes (`usize::MAX` when none is set).
pub fn cap() -> usize {
    CAP.try_with(|cap| cap.get().1).unwrap_or(usize::MAX)
}

/// The bytes this thread holds beyond what it held when the cap was set.
pub fn used() -> usize {
    let base = CAP.try_with(|cap| cap.get().0).unwrap_or(0);
    live().saturating_sub(base).max(0) as usize
}

/// Whether the run holds more than its cap (checked at the interpreter's budget slices).
pub fn over_cap() -> bool {
    used() > cap()
}

/// Why an allocation was refused: what was asked for and what the cap allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    pub requested: usize,
    pub used: usize,
    pub cap: usize,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot allocate {} more (the program holds {} of the playground's {} limit)",
            human_bytes(self.requested),
            human_bytes(self.used),
            human_bytes(self.cap)
        )
    }
}

/// Checks, before allocating, that `requested` more bytes stay within the cap.
pub fn check(requested: usize) -> Result<(), Refused> {
    let (used, cap) = (used(), cap());
    if requested > cap.saturating_sub(used) {
        return Err(Refused {
            requested,
            used,
            cap,
        });
    }
    Ok(())
}

/// Bytes as people read them: `512 MiB`, `1.5 GiB`, `40 bytes`.
pub fn human_bytes(bytes: usize) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    let rounded = (value * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 {
        format!("{} {}", rounded as u64, UNITS[unit])
    } else {
        format!("{rounded:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[global_allocator]
    static METER: MeteredAllocator = MeteredAllocator;

    #[test]
    fn counts_what_this_thread_holds() {
        let before = live();
        let block = vec![0u8; 1 << 20];
        assert!(live() >= before + (1 << 20));
        drop(block);
        assert!(live() < before + (1 << 20));
    }

    #[test]
    fn refuses_past_the_cap_and_restores_the_previous_one() {
        let _cap = Cap::set(1 << 20);
        assert!(check(1000).is_ok());
        let refused = check(2 << 20).unwrap_err();
        assert_eq!(refused.cap, 1 << 20);
        let held = vec![0u8; 2 << 20];
        assert!(over_cap());
        drop(held);
        assert!(!over_cap());
        drop(_cap);
        assert_eq!(cap(), usize::MAX);
    }

    #[test]
    fn prints_sizes_as_people_read_them() {
        assert_eq!(human_bytes(40), "40 bytes");
        assert_eq!(human_bytes(512 << 20), "512 MiB");
        assert_eq!(human_bytes(3 << 29), "1.5 GiB");
    }
}
