//! `set` and `frozenset`: CPython 3.11's open-addressing table (`Objects/setobject.c`),
//! reproduced probe for probe (linear probes of 9, perturbation, dummies, resize rule) so that
//! printing a set lists its elements in the order CPython does.
//!
//! As with [`super::Dict`], equality that needs user code is left to the VM: [`Set::lookup`]
//! answers `Unsure` and the VM compares the [`Set::candidates`] itself.

use super::dict::{native_eq, Lookup};
use super::Value;

const LINEAR_PROBES: usize = 9;
const PERTURB_SHIFT: u32 = 5;
const MIN_SIZE: usize = 8;

#[derive(Clone)]
enum Slot {
    Empty,
    Dummy,
    Full(i64, Value),
}

/// A set's table.
#[derive(Clone)]
pub struct Set {
    table: Vec<Slot>,
    fill: usize,
    used: usize,
    finger: usize,
}

impl Default for Set {
    fn default() -> Set {
        Set::new()
    }
}

impl Drop for Set {
    fn drop(&mut self) {
        let keys: Vec<Value> = std::mem::take(&mut self.table)
            .into_iter()
            .filter_map(|s| match s {
                Slot::Full(_, k) => Some(k),
                _ => None,
            })
            .collect();
        super::dispose(keys);
    }
}

impl Set {
    pub fn new() -> Set {
        Set {
            table: vec![Slot::Empty; MIN_SIZE],
            fill: 0,
            used: 0,
            finger: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.used
    }

    pub fn is_empty(&self) -> bool {
        self.used == 0
    }

    fn mask(&self) -> usize {
        self.table.len() - 1
    }

    /// Visits the probe sequence of `hash` until `visit` says stop or an empty slot is met.
    /// `visit` gets the slot index; returns true to stop.
    fn probe(&self, hash: i64, mut visit: impl FnMut(usize, &Slot) -> bool) -> Option<usize> {
        let mask = self.mask();
        let mut perturb = hash as u64;
        let mut i = (hash as u64 as usize) & mask;
        loop {
            let probes = if i + LINEAR_PROBES <= mask {
                LINEAR_PROBES
            } else {
                0
            };
            for j in 0..=probes {
                let idx = i + j;
                let slot = &self.table[idx];
                if matches!(slot, Slot::Empty) {
                    return Some(idx);
                }
                if visit(idx, slot) {
                    return None;
                }
            }
            perturb >>= PERTURB_SHIFT;
            i = (i
                .wrapping_mul(5)
                .wrapping_add(1)
                .wrapping_add(perturb as usize))
                & mask;
        }
    }

    /// Looks `key` up natively.
    pub fn lookup(&self, key: &Value, hash: i64) -> Lookup {
        let mut found = None;
        let mut unsure = false;
        self.probe(hash, |idx, slot| {
            if let Slot::Full(h, k) = slot {
                if *h == hash {
                    match native_eq(k, key) {
                        Some(true) => {
                            found = Some(idx);
                            return true;
                        }
                        Some(false) => {}
                        None => unsure = true,
                    }
                }
            }
            false
        });
        match found {
            Some(idx) => Lookup::Found(idx),
            None if unsure => Lookup::Unsure,
            None => Lookup::Absent,
        }
    }

    /// Slots holding keys with this hash (for equality decided by user code).
    pub fn candidates(&self, hash: i64) -> Vec<(usize, Value)> {
        let mut out = Vec::new();
        self.probe(hash, |idx, slot| {
            if let Slot::Full(h, k) = slot {
                if *h == hash {
                    out.push((idx, k.clone()));
                }
            }
            false
        });
        out
    }

    /// Inserts a key known to be absent, at the slot CPython would pick.
    pub fn insert_new(&mut self, hash: i64, key: Value) {
        let mut freeslot = None;
        let empty = self.probe(hash, |idx, slot| {
            if matches!(slot, Slot::Dummy) && freeslot.is_none() {
                freeslot = Some(idx);
            }
            false
        });
        if let Some(idx) = freeslot {
            self.table[idx] = Slot::Full(hash, key);
            self.used += 1;
            return;
        }
        let Some(idx) = empty else { return };
        self.table[idx] = Slot::Full(hash, key);
        self.fill += 1;
        self.used += 1;
        if self.fill * 5 >= self.mask() * 3 {
            let minused = if self.used > 50000 {
                self.used * 2
            } else {
                self.used * 4
            };
            self.resize(minused);
        }
    }

    fn resize(&mut self, minused: usize) {
        let mut newsize = MIN_SIZE;
        while newsize <= minused {
            newsize <<= 1;
        }
        let old = std::mem::replace(&mut self.table, vec![Slot::Empty; newsize]);
        self.fill = self.used;
        for slot in old {
            if let Slot::Full(h, k) = slot {
                self.insert_clean(h, k);
            }
        }
    }

    /// `set_insert_clean`: insertion into a table without dummies or duplicates.
    fn insert_clean(&mut self, hash: i64, key: Value) {
        let mask = self.mask();
        let mut perturb = hash as u64;
        let mut i = (hash as u64 as usize) & mask;
        loop {
            if matches!(self.table[i], Slot::Empty) {
                self.table[i] = Slot::Full(hash, key);
                return;
            }
            if i + LINEAR_PROBES <= mask {
                for j in 1..=LINEAR_PROBES {
                    if matches!(self.table[i + j], Slot::Empty) {
                        self.table[i + j] = Slot::Full(hash, key);
                        return;
                    }
                }
            }
            perturb >>= PERTURB_SHIFT;
            i = (i
                .wrapping_mul(5)
                .wrapping_add(1)
                .wrapping_add(perturb as usize))
                & mask;
        }
    }

    /// Removes the key at a found slot.
    pub fn remove_at(&mut self, idx: usize) -> Option<Value> {
        match std::mem::replace(&mut self.table[idx], Slot::Dummy) {
            Slot::Full(_, k) => {
                self.used -= 1;
                Some(k)
            }
            other => {
                self.table[idx] = other;
                None
            }
        }
    }

    /// `set.pop()`: CPython's finger-based choice.
    pub fn pop(&mut self) -> Option<Value> {
        if self.used == 0 {
            return None;
        }
        let mask = self.mask();
        let mut idx = self.finger & mask;
        while !matches!(self.table[idx], Slot::Full(..)) {
            idx = (idx + 1) & mask;
        }
        self.finger = idx + 1;
        self.remove_at(idx)
    }

    pub fn clear(&mut self) {
        *self = Set::new();
    }

    /// `(hash, key)` pairs in table order, the order CPython iterates.
    pub fn iter(&self) -> impl Iterator<Item = (i64, &Value)> {
        self.table.iter().filter_map(|s| match s {
            Slot::Full(h, k) => Some((*h, k)),
            _ => None,
        })
    }

    /// Keys in iteration order.
    pub fn keys(&self) -> Vec<Value> {
        self.iter().map(|(_, k)| k.clone()).collect()
    }

    /// `set_merge`: adds all of `other`, which has no key equal to another of its own keys.
    /// Keys already present are found natively or by the caller beforehand (`present`).
    pub fn merge_from(&mut self, other: &Set, present: impl Fn(&Set, &Value, i64) -> bool) {
        if other.used == 0 {
            return;
        }
        if (self.fill + other.used) * 5 >= self.mask() * 3 {
            self.resize((self.used + other.used) * 2);
        }
        if self.fill == 0 && self.mask() == other.mask() && other.fill == other.used {
            self.table = other.table.clone();
            self.fill = other.fill;
            self.used = other.used;
            return;
        }
        if self.fill == 0 {
            self.fill = other.used;
            self.used = other.used;
            for (h, k) in other.iter() {
                self.insert_clean(h, k.clone());
            }
            return;
        }
        for (h, k) in other.iter() {
            if !present(self, k, h) {
                self.insert_new(h, k.clone());
            }
        }
    }
}
