//! `dict`: an insertion-ordered hash table keyed by Python equality.
//!
//! Entries live in a dense vector in insertion order (deleted ones become `None` until the
//! next compaction); an open-addressing index maps hashes to entry positions. Key comparison
//! needs the interpreter for user `__eq__`, so this module only answers what it can decide
//! natively ([`Lookup::Unsure`] otherwise) and the VM finishes the job (see
//! `Vm::dict_lookup`).

use super::Value;

const EMPTY: u32 = u32::MAX;

/// One key/value pair with the key's hash.
#[derive(Clone)]
pub struct Entry {
    pub hash: i64,
    pub key: Value,
    pub value: Value,
}

/// The outcome of a lookup that did not call user code.
pub enum Lookup {
    Found(usize),
    Absent,
    /// Some entry has the same hash but only user code can say whether the keys are equal.
    Unsure,
}

/// An insertion-ordered dict.
#[derive(Clone, Default)]
pub struct Dict {
    entries: Vec<Option<Entry>>,
    indices: Vec<u32>,
    len: usize,
}

impl Dict {
    pub fn new() -> Dict {
        Dict::default()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Entry positions (in `0..capacity_positions()`) whose hash equals `hash`.
    pub fn candidates(&self, hash: i64) -> Vec<usize> {
        let mut out = Vec::new();
        self.probe(hash, |idx, entry| {
            if entry.hash == hash {
                out.push(idx);
            }
            false
        });
        out
    }

    /// Looks `key` up deciding equality natively when possible.
    pub fn lookup(&self, key: &Value, hash: i64) -> Lookup {
        let mut unsure = false;
        let mut found = None;
        self.probe(hash, |idx, entry| {
            if entry.hash != hash {
                return false;
            }
            match native_eq(&entry.key, key) {
                Some(true) => {
                    found = Some(idx);
                    true
                }
                Some(false) => false,
                None => {
                    unsure = true;
                    false
                }
            }
        });
        match found {
            Some(idx) => Lookup::Found(idx),
            None if unsure => Lookup::Unsure,
            None => Lookup::Absent,
        }
    }

    /// Walks the probe sequence of `hash`, calling `visit` on live entries until it returns
    /// true or an empty slot ends the sequence.
    fn probe(&self, hash: i64, mut visit: impl FnMut(usize, &Entry) -> bool) {
        if self.indices.is_empty() {
            return;
        }
        let mask = self.indices.len() - 1;
        let mut perturb = hash as u64;
        let mut i = (hash as u64 as usize) & mask;
        loop {
            let slot = self.indices[i];
            if slot == EMPTY {
                return;
            }
            if let Some(Some(entry)) = self.entries.get(slot as usize) {
                if visit(slot as usize, entry) {
                    return;
                }
            }
            perturb >>= 5;
            i = (i
                .wrapping_mul(5)
                .wrapping_add(1)
                .wrapping_add(perturb as usize))
                & mask;
        }
    }

    /// The entry at a position returned by a lookup.
    pub fn entry(&self, idx: usize) -> Option<&Entry> {
        self.entries.get(idx).and_then(|e| e.as_ref())
    }

    /// Replaces the value at a found position.
    pub fn set_value(&mut self, idx: usize, value: Value) {
        if let Some(Some(entry)) = self.entries.get_mut(idx) {
            entry.value = value;
        }
    }

    /// Appends a key known to be absent.
    pub fn insert_new(&mut self, hash: i64, key: Value, value: Value) {
        if (self.entries.len() + 1) * 3 >= self.indices.len() * 2 {
            self.rebuild();
        }
        let idx = self.entries.len();
        self.entries.push(Some(Entry { hash, key, value }));
        self.len += 1;
        self.place(hash, idx);
    }

    fn place(&mut self, hash: i64, idx: usize) {
        let mask = self.indices.len() - 1;
        let mut perturb = hash as u64;
        let mut i = (hash as u64 as usize) & mask;
        while self.indices[i] != EMPTY {
            perturb >>= 5;
            i = (i
                .wrapping_mul(5)
                .wrapping_add(1)
                .wrapping_add(perturb as usize))
                & mask;
        }
        self.indices[i] = idx as u32;
    }

    /// Compacts deleted entries and resizes the index for the live ones.
    fn rebuild(&mut self) {
        self.entries.retain(|e| e.is_some());
        let mut size = 8;
        while size * 2 <= (self.entries.len() + 1) * 3 {
            size *= 2;
        }
        self.indices = vec![EMPTY; size];
        for idx in 0..self.entries.len() {
            if let Some(Some(entry)) = self.entries.get(idx) {
                let hash = entry.hash;
                self.place(hash, idx);
            }
        }
    }

    /// Removes the entry at a found position and returns it.
    pub fn remove_at(&mut self, idx: usize) -> Option<Entry> {
        let entry = self.entries.get_mut(idx)?.take()?;
        self.len -= 1;
        if self.len == 0 {
            self.entries.clear();
            self.indices.clear();
        }
        Some(entry)
    }

    /// Removes and returns the last inserted entry (`popitem`).
    pub fn pop_last(&mut self) -> Option<Entry> {
        while let Some(last) = self.entries.pop() {
            if let Some(entry) = last {
                self.len -= 1;
                // Positions past the end are ignored by `probe`, so the index stays valid.
                return Some(entry);
            }
        }
        None
    }

    pub fn clear(&mut self) {
        *self = Dict::new();
    }

    /// Live entries in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().flatten()
    }

    /// The first live entry at or after position `pos`, with its position; for iterators.
    pub fn next_from(&self, pos: usize) -> Option<(usize, &Entry)> {
        self.entries
            .iter()
            .enumerate()
            .skip(pos)
            .find_map(|(i, e)| e.as_ref().map(|e| (i, e)))
    }

    /// Looks a string key up (globals of host modules, `**kwargs` building).
    pub fn get_str(&self, key: &str) -> Option<&Value> {
        let hash = super::hash::hash_str(key);
        let mut found = None;
        self.probe(hash, |idx, entry| {
            if entry.hash == hash && entry.key.as_str() == Some(key) {
                found = Some(idx);
                true
            } else {
                false
            }
        });
        found.and_then(|i| self.entry(i)).map(|e| &e.value)
    }

    /// Inserts under a string key, replacing an existing one.
    pub fn set_str(&mut self, key: &str, value: Value) {
        let k = Value::str(key);
        let hash = super::hash::hash_str(key);
        match self.lookup(&k, hash) {
            Lookup::Found(idx) => self.set_value(idx, value),
            _ => self.insert_new(hash, k, value),
        }
    }
}

impl Drop for Dict {
    fn drop(&mut self) {
        let mut values = Vec::new();
        for e in std::mem::take(&mut self.entries).into_iter().flatten() {
            values.push(e.key);
            values.push(e.value);
        }
        super::dispose(values);
    }
}

/// Equality of two keys when it can be decided without running user code.
pub fn native_eq(a: &Value, b: &Value) -> Option<bool> {
    native_eq_nested(a, b, 0)
}

/// How deep `native_eq` follows nested tuples before leaving the rest to the interpreter,
/// whose comparisons count their depth (a tuple nested 10^5 deep must not overflow the
/// native stack).
const NATIVE_EQ_DEPTH: u32 = 16;

fn native_eq_nested(a: &Value, b: &Value, depth: u32) -> Option<bool> {
    use Value::*;
    if a.is(b) {
        return Some(true);
    }
    Some(match (a, b) {
        (Str(x), Str(y)) => x.as_str() == y.as_str(),
        (Int(_) | Bool(_), Int(_) | Bool(_)) => a.as_i64() == b.as_i64(),
        (BigInt(x), BigInt(y)) => x == y,
        (Int(_) | Bool(_), BigInt(_)) | (BigInt(_), Int(_) | Bool(_)) => false,
        (Float(x), Float(y)) => x == y,
        (Float(x), Int(_) | Bool(_)) | (Int(_) | Bool(_), Float(x)) => {
            let i = a.as_i64().or(b.as_i64()).unwrap_or(0);
            *x == i as f64 && (*x as i128) == i as i128
        }
        (Float(x), BigInt(i)) | (BigInt(i), Float(x)) => {
            use num_traits::ToPrimitive;
            x.is_finite() && x.fract() == 0.0 && i.to_f64() == Some(*x)
        }
        (None, _) | (_, None) => false,
        (Bytes(x), Bytes(y)) => x == y,
        (Tuple(x), Tuple(y)) => {
            if x.len() != y.len() {
                return Some(false);
            }
            if depth >= NATIVE_EQ_DEPTH {
                return Option::None;
            }
            for (p, q) in x.iter().zip(y.iter()) {
                if !native_eq_nested(p, q, depth + 1)? {
                    return Some(false);
                }
            }
            true
        }
        (Str(_), Int(_) | Float(_) | BigInt(_) | Bool(_) | Tuple(_))
        | (Int(_) | Float(_) | BigInt(_) | Bool(_) | Tuple(_), Str(_)) => false,
        (Tuple(_), Int(_) | Float(_) | BigInt(_) | Bool(_))
        | (Int(_) | Float(_) | BigInt(_) | Bool(_), Tuple(_)) => false,
        (Function(_), _) | (_, Function(_)) | (Class(_), Class(_)) => false,
        _ => return Option::None,
    })
}
