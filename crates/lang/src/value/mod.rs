//! Runtime values: the objects Python programs see.
//!
//! [`Value`] is a small enum (16 bytes): immediates (`None`, `bool`, small `int`, `float`)
//! live inline, everything else is an `Rc` handle, so cloning a value is a count bump, never
//! a deep copy. Mutable containers wrap their data in a `RefCell`; code never holds a borrow
//! across a call back into Python (user `__eq__`, `__hash__`, ...), so a hostile program
//! cannot make a borrow panic.
//!
//! Classes, builtin ones included, are [`Class`] objects with a dict of attributes and a C3
//! MRO; instances of user and host classes are [`Instance`]s. Builtin types (`int`, `str`,
//! `list`, ...) keep their data in their own variants and find their methods through their
//! class object, exactly like user classes do.

pub mod class_dict;
pub mod dict;
pub mod hash;
pub mod set;

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::rc::Rc;

use compact_str::CompactString;
use num_bigint::BigInt;

use crate::compile::code::Code;
use crate::exceptions::{ExcState, Exception};
use crate::vm::{Frame, Vm};

pub use class_dict::{class_epoch, ClassDict};
pub use dict::Dict;
pub use set::Set;

/// The result of anything that can raise a Python exception.
pub type PyResult<T = Value> = Result<T, Exception>;

/// A Python object. Cloning is cheap (a reference-count bump at most).
///
/// The tag is a whole word (`repr(C, u64)`), so every payload sits at offset 8 and a value
/// moves as two aligned words. With Rust's default one-byte tag (and `Bool` at offset 1) LLVM
/// copies the 15 bytes after the tag with two overlapping 8-byte moves, and the next read of
/// the payload stalls on store-to-load forwarding: measured with `perf`, that alone made the
/// attributes benchmark 1.5x CPython's time and containers 1.1x (now 1.2x and 0.7x).
#[repr(C, u64)]
pub enum Value {
    None,
    NotImplemented,
    Ellipsis,
    Bool(bool),
    /// An `int` that fits in 64 bits: the fast path for all integer arithmetic.
    Int(i64),
    /// An `int` outside the `i64` range; always normalized back to `Int` when it fits.
    BigInt(Rc<BigInt>),
    Float(f64),
    Str(Rc<PyStr>),
    Bytes(Rc<Vec<u8>>),
    /// `complex` (boxed, so that a value stays two words).
    Complex(Rc<Complex>),
    Tuple(Rc<TupleData>),
    List(Rc<ListData>),
    Dict(Rc<RefCell<Dict>>),
    Set(Rc<RefCell<Set>>),
    FrozenSet(Rc<Set>),
    Range(Rc<Range>),
    Slice(Rc<SliceObj>),
    Function(Rc<Function>),
    NativeFunction(Rc<NativeFunction>),
    BoundMethod(Rc<BoundMethod>),
    Class(Rc<Class>),
    Instance(Rc<Instance>),
    Module(Rc<Module>),
    Generator(Rc<Generator>),
    /// Iterators of builtin types and builtin iterator functions (`map`, `zip`, ...).
    Iterator(Rc<RefCell<NativeIter>>),
    Property(Rc<Property>),
    StaticMethod(Rc<Value>),
    ClassMethod(Rc<Value>),
    Super(Rc<SuperObj>),
    /// `dict.keys()`, `dict.values()`, `dict.items()`: live views of a dict.
    DictView(Rc<DictView>),
    /// A compiled code object (constants of `MakeFunction`); never seen by programs.
    Code(Rc<Code>),
    /// A closure cell pushed by `LoadClosure`; never seen by programs.
    Cell(Rc<CellObj>),
}

// Two words, and `Option<Value>` (a local slot) fits in them too: the tag's unused values are
// its niche.
const _: () = assert!(std::mem::size_of::<Value>() == 16);
const _: () = assert!(std::mem::size_of::<Option<Value>>() == 16);

impl Default for Value {
    /// `None`. `option.unwrap_or_default()` builds it only when needed, where
    /// `unwrap_or(Value::None)` would build and then drop one on every call.
    fn default() -> Value {
        Value::None
    }
}

impl Clone for Value {
    /// Immediates copy inline, and so do strs, instances (`self` is loaded all the time)
    /// and functions (every call loads one); other
    /// objects bump their reference count out of line (keeps the hot paths of the run loop
    /// small).
    #[inline]
    fn clone(&self) -> Value {
        match self {
            Value::None => Value::None,
            Value::Bool(b) => Value::Bool(*b),
            Value::Int(i) => Value::Int(*i),
            Value::Float(x) => Value::Float(*x),
            Value::Str(r) => Value::Str(r.clone()),
            Value::Instance(r) => Value::Instance(r.clone()),
            Value::Function(r) => Value::Function(r.clone()),
            _ => self.clone_object(),
        }
    }
}

impl Value {
    /// `stack.push(self.clone())`, with each common variant pushed by its own arm. A clone
    /// whose variant is known only at run time is built in a stack temporary as two
    /// 8-byte stores (tag, payload) and then moved into the vector with one 16-byte load,
    /// which cannot be forwarded from those stores and stalls (measured with `perf` on the
    /// run loop's loads of locals, globals and attributes); a push of a known variant
    /// writes the two words straight into the vector. Few arms, so the run loop, which
    /// inlines this at every load, stays small enough for `push` itself to be inlined.
    #[inline(always)]
    pub(crate) fn push_clone_onto(&self, stack: &mut Vec<Value>) {
        match self {
            Value::Int(i) => stack.push(Value::Int(*i)),
            Value::Str(r) => stack.push(Value::Str(r.clone())),
            Value::Instance(r) => stack.push(Value::Instance(r.clone())),
            Value::Function(r) => stack.push(Value::Function(r.clone())),
            Value::List(r) => stack.push(Value::List(r.clone())),
            Value::Dict(r) => stack.push(Value::Dict(r.clone())),
            _ => self.push_clone_object(stack),
        }
    }

    /// [`Value::push_clone_onto`] for every variant, out of line; each arm pushes its own
    /// variant too (a call of [`Value::clone_object`] would return the clone through a
    /// stack temporary).
    #[inline(never)]
    fn push_clone_object(&self, stack: &mut Vec<Value>) {
        match self {
            Value::None => stack.push(Value::None),
            Value::NotImplemented => stack.push(Value::NotImplemented),
            Value::Ellipsis => stack.push(Value::Ellipsis),
            Value::Bool(b) => stack.push(Value::Bool(*b)),
            Value::Int(i) => stack.push(Value::Int(*i)),
            Value::BigInt(r) => stack.push(Value::BigInt(r.clone())),
            Value::Float(x) => stack.push(Value::Float(*x)),
            Value::Str(r) => stack.push(Value::Str(r.clone())),
            Value::Bytes(r) => stack.push(Value::Bytes(r.clone())),
            Value::Complex(c) => stack.push(Value::Complex(c.clone())),
            Value::Tuple(r) => stack.push(Value::Tuple(r.clone())),
            Value::List(r) => stack.push(Value::List(r.clone())),
            Value::Dict(r) => stack.push(Value::Dict(r.clone())),
            Value::Set(r) => stack.push(Value::Set(r.clone())),
            Value::FrozenSet(r) => stack.push(Value::FrozenSet(r.clone())),
            Value::Range(r) => stack.push(Value::Range(r.clone())),
            Value::Slice(r) => stack.push(Value::Slice(r.clone())),
            Value::Function(r) => stack.push(Value::Function(r.clone())),
            Value::NativeFunction(r) => stack.push(Value::NativeFunction(r.clone())),
            Value::BoundMethod(r) => stack.push(Value::BoundMethod(r.clone())),
            Value::Class(r) => stack.push(Value::Class(r.clone())),
            Value::Instance(r) => stack.push(Value::Instance(r.clone())),
            Value::Module(r) => stack.push(Value::Module(r.clone())),
            Value::Generator(r) => stack.push(Value::Generator(r.clone())),
            Value::Iterator(r) => stack.push(Value::Iterator(r.clone())),
            Value::Property(r) => stack.push(Value::Property(r.clone())),
            Value::StaticMethod(r) => stack.push(Value::StaticMethod(r.clone())),
            Value::ClassMethod(r) => stack.push(Value::ClassMethod(r.clone())),
            Value::Super(r) => stack.push(Value::Super(r.clone())),
            Value::DictView(r) => stack.push(Value::DictView(r.clone())),
            Value::Code(r) => stack.push(Value::Code(r.clone())),
            Value::Cell(r) => stack.push(Value::Cell(r.clone())),
        }
    }

    /// [`Clone::clone`] for every variant.
    #[inline(never)]
    fn clone_object(&self) -> Value {
        match self {
            Value::None => Value::None,
            Value::NotImplemented => Value::NotImplemented,
            Value::Ellipsis => Value::Ellipsis,
            Value::Bool(b) => Value::Bool(*b),
            Value::Int(i) => Value::Int(*i),
            Value::BigInt(r) => Value::BigInt(r.clone()),
            Value::Float(x) => Value::Float(*x),
            Value::Str(r) => Value::Str(r.clone()),
            Value::Bytes(r) => Value::Bytes(r.clone()),
            Value::Complex(c) => Value::Complex(c.clone()),
            Value::Tuple(r) => Value::Tuple(r.clone()),
            Value::List(r) => Value::List(r.clone()),
            Value::Dict(r) => Value::Dict(r.clone()),
            Value::Set(r) => Value::Set(r.clone()),
            Value::FrozenSet(r) => Value::FrozenSet(r.clone()),
            Value::Range(r) => Value::Range(r.clone()),
            Value::Slice(r) => Value::Slice(r.clone()),
            Value::Function(r) => Value::Function(r.clone()),
            Value::NativeFunction(r) => Value::NativeFunction(r.clone()),
            Value::BoundMethod(r) => Value::BoundMethod(r.clone()),
            Value::Class(r) => Value::Class(r.clone()),
            Value::Instance(r) => Value::Instance(r.clone()),
            Value::Module(r) => Value::Module(r.clone()),
            Value::Generator(r) => Value::Generator(r.clone()),
            Value::Iterator(r) => Value::Iterator(r.clone()),
            Value::Property(r) => Value::Property(r.clone()),
            Value::StaticMethod(r) => Value::StaticMethod(r.clone()),
            Value::ClassMethod(r) => Value::ClassMethod(r.clone()),
            Value::Super(r) => Value::Super(r.clone()),
            Value::DictView(r) => Value::DictView(r.clone()),
            Value::Code(r) => Value::Code(r.clone()),
            Value::Cell(r) => Value::Cell(r.clone()),
        }
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::None => write!(f, "None"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::BigInt(i) => write!(f, "{i}"),
            Value::Float(x) => f.write_str(&crate::format::float_repr(*x)),
            Value::Str(s) => write!(f, "{:?}", s.as_str()),
            other => write!(f, "<{}>", other.kind_name()),
        }
    }
}

impl Value {
    /// A `str` value.
    pub fn str(s: impl Into<String>) -> Value {
        Value::Str(Rc::new(PyStr::new(s.into())))
    }

    /// A `tuple` value.
    pub fn tuple(items: Vec<Value>) -> Value {
        Value::Tuple(Rc::new(TupleData(items)))
    }

    /// A `list` value.
    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(ListData(RefCell::new(items))))
    }

    /// An `int` from a big integer, normalized to the `i64` fast path when it fits.
    pub fn from_bigint(b: BigInt) -> Value {
        use num_traits::ToPrimitive;
        match b.to_i64() {
            Some(i) => Value::Int(i),
            None => Value::BigInt(Rc::new(b)),
        }
    }

    /// An `int` from an unsigned 64-bit value (hosts' `uint64` numbers), big beyond `i64`.
    pub fn from_u64(value: u64) -> Value {
        match i64::try_from(value) {
            Ok(small) => Value::Int(small),
            Err(_) => Value::BigInt(Rc::new(BigInt::from(value))),
        }
    }

    /// The Rust-side variant name, for debugging only (user-visible names come from classes).
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::None => "NoneType",
            Value::NotImplemented => "NotImplementedType",
            Value::Ellipsis => "ellipsis",
            Value::Bool(_) => "bool",
            Value::Int(_) | Value::BigInt(_) => "int",
            Value::Float(_) => "float",
            Value::Str(_) => "str",
            Value::Bytes(_) => "bytes",
            Value::Complex(_) => "complex",
            Value::Tuple(_) => "tuple",
            Value::List(_) => "list",
            Value::Dict(_) => "dict",
            Value::Set(_) => "set",
            Value::FrozenSet(_) => "frozenset",
            Value::Range(_) => "range",
            Value::Slice(_) => "slice",
            Value::Function(_) => "function",
            Value::NativeFunction(_) => "builtin_function_or_method",
            Value::BoundMethod(_) => "method",
            Value::Class(_) => "type",
            Value::Instance(_) => "object",
            Value::Module(_) => "module",
            Value::Generator(_) => "generator",
            Value::Iterator(_) => "iterator",
            Value::Property(_) => "property",
            Value::StaticMethod(_) => "staticmethod",
            Value::ClassMethod(_) => "classmethod",
            Value::Super(_) => "super",
            Value::DictView(_) => "dict_view",
            Value::Code(_) => "code",
            Value::Cell(_) => "cell",
        }
    }

    /// Whether this value lives inline (no heap object), so dropping it frees nothing.
    #[inline]
    pub fn is_immediate(&self) -> bool {
        matches!(
            self,
            Value::None
                | Value::NotImplemented
                | Value::Ellipsis
                | Value::Bool(_)
                | Value::Int(_)
                | Value::Float(_)
        )
    }

    /// Whether this is the `None` singleton.
    pub fn is_none(&self) -> bool {
        matches!(self, Value::None)
    }

    /// The string slice of a `str` value.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s.as_str()),
            _ => None,
        }
    }

    /// The value of an `int` (or `bool`) that fits in `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i),
            Value::Bool(b) => Some(*b as i64),
            _ => None,
        }
    }

    /// Python's `is`: identity for objects, value equality for the immediates we do not box.
    pub fn is(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::None, Value::None)
            | (Value::NotImplemented, Value::NotImplemented)
            | (Value::Ellipsis, Value::Ellipsis) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
            _ => match (self.object_address(), other.object_address()) {
                (Some(a), Some(b)) => a == b,
                _ => false,
            },
        }
    }

    /// The address of the heap object behind this value, if it is one; the basis of `id()`
    /// and of the `at 0x...` part of default reprs.
    pub fn object_address(&self) -> Option<usize> {
        fn addr<T: ?Sized>(rc: &Rc<T>) -> usize {
            Rc::as_ptr(rc) as *const u8 as usize
        }
        Some(match self {
            Value::BigInt(r) => addr(r),
            Value::Str(r) => addr(r),
            Value::Bytes(r) => addr(r),
            Value::Complex(c) => addr(c),
            Value::Tuple(r) => addr(r),
            Value::List(r) => addr(r),
            Value::Dict(r) => addr(r),
            Value::Set(r) => addr(r),
            Value::FrozenSet(r) => addr(r),
            Value::Range(r) => addr(r),
            Value::Slice(r) => addr(r),
            Value::Function(r) => addr(r),
            Value::NativeFunction(r) => addr(r),
            Value::BoundMethod(r) => addr(r),
            Value::Class(r) => addr(r),
            Value::Instance(r) => addr(r),
            Value::Module(r) => addr(r),
            Value::Generator(r) => addr(r),
            Value::Iterator(r) => addr(r),
            Value::Property(r) => addr(r),
            Value::StaticMethod(r) => addr(r),
            Value::ClassMethod(r) => addr(r),
            Value::Super(r) => addr(r),
            Value::DictView(r) => addr(r),
            Value::Code(r) => addr(r),
            Value::Cell(r) => addr(r),
            _ => return None,
        })
    }

    /// `id(value)`: a stable, CPython-looking number for this object.
    pub fn id(&self) -> u64 {
        match self.object_address() {
            Some(a) => fake_address(a),
            None => match self {
                Value::None => 0x7f00_0000_1000,
                Value::Bool(b) => 0x7f00_0000_2000 + *b as u64 * 32,
                Value::Int(i) => 0x7f00_1000_0000u64.wrapping_add((*i as u64).wrapping_mul(32)),
                Value::Float(x) => 0x7f00_2000_0000u64 ^ x.to_bits() >> 8,
                _ => 0x7f00_0000_3000,
            },
        }
    }

    /// The payload of a host (native) instance, if this is one and it has been set.
    pub fn native_data(&self) -> Option<Rc<dyn Any>> {
        match self {
            Value::Instance(inst) => inst.native.borrow().clone(),
            _ => None,
        }
    }

    /// The payload of a host instance downcast to `T`.
    pub fn downcast<T: 'static>(&self) -> Option<Rc<T>> {
        self.native_data().and_then(|d| d.downcast::<T>().ok())
    }
}

/// Drops a value, skipping the out-of-line drop glue for immediates (the run loop drops
/// millions of ints and bools) and decrementing strs, instances and functions inline.
#[inline(always)]
pub fn release(value: Value) {
    match value {
        Value::Instance(r) => drop(r),
        Value::Function(r) => drop(r),
        Value::Str(r) => drop(r),
        immediate if immediate.is_immediate() => std::mem::forget(immediate),
        other => drop(other),
    }
}

/// The items of a tuple. Dropping a deeply nested structure does not recurse deeply (see
/// [`dispose`]).
pub struct TupleData(pub Vec<Value>);

impl std::ops::Deref for TupleData {
    type Target = Vec<Value>;
    fn deref(&self) -> &Vec<Value> {
        &self.0
    }
}

impl Drop for TupleData {
    fn drop(&mut self) {
        dispose(std::mem::take(&mut self.0));
    }
}

/// The items of a list (a `RefCell<Vec<Value>>` that drops without deep recursion).
pub struct ListData(pub RefCell<Vec<Value>>);

impl std::ops::Deref for ListData {
    type Target = RefCell<Vec<Value>>;
    fn deref(&self) -> &RefCell<Vec<Value>> {
        &self.0
    }
}

impl Drop for ListData {
    fn drop(&mut self) {
        dispose(std::mem::take(self.0.get_mut()));
    }
}

thread_local! {
    static TRASH_DEPTH: Cell<u32> = const { Cell::new(0) };
    static TRASH: RefCell<Vec<Value>> = const { RefCell::new(Vec::new()) };
}

/// How many container drops may nest before the rest is deferred.
const TRASH_NESTING: u32 = 24;

/// Drops values without recursing deeply (CPython's "trashcan"): past a small nesting depth,
/// values are queued and dropped later in a loop, so a list nested a million deep (or a long
/// linked list of objects) cannot overflow the native stack when it dies.
pub fn dispose<I: IntoIterator<Item = Value>>(items: I) {
    let Ok(depth) = TRASH_DEPTH.try_with(|d| d.get()) else {
        return;
    };
    if depth >= TRASH_NESTING {
        let mut items = Some(items);
        let _ = TRASH.try_with(|t| {
            if let (Ok(mut queue), Some(items)) = (t.try_borrow_mut(), items.take()) {
                queue.extend(items.into_iter().filter(|v| !v.is_immediate()));
            }
        });
        // If the queue was unavailable the items are dropped here (still bounded depth).
        drop(items);
        return;
    }
    let _ = TRASH_DEPTH.try_with(|d| d.set(depth + 1));
    for item in items {
        release(item);
    }
    let _ = TRASH_DEPTH.try_with(|d| d.set(depth));
    if depth == 0 {
        loop {
            let batch = TRASH
                .try_with(|t| {
                    t.try_borrow_mut()
                        .map(|mut q| std::mem::take(&mut *q))
                        .unwrap_or_default()
                })
                .unwrap_or_default();
            if batch.is_empty() {
                break;
            }
            let _ = TRASH_DEPTH.try_with(|d| d.set(1));
            drop(batch);
            let _ = TRASH_DEPTH.try_with(|d| d.set(0));
        }
    }
}

impl Drop for AttrMap {
    fn drop(&mut self) {
        let values: Vec<Value> = std::mem::take(&mut self.entries)
            .into_iter()
            .map(|(_, v)| v)
            .collect();
        dispose(values);
    }
}

/// Turns a Rust address into something that looks like a CPython 64-bit heap address.
pub fn fake_address(addr: usize) -> u64 {
    0x7f00_0000_0000u64 | (addr as u64 & 0xff_ffff_ffff)
}

/// [`PyStr`]'s hash before it is computed: `hash_str` never returns -1 (CPython maps a -1
/// hash to -2).
const HASH_UNSET: i64 = -1;

/// A Python `str`: UTF-8 text plus its length in characters (so `len` and ASCII indexing are
/// O(1)) and a lazily computed hash. Text of up to 24 bytes (names, numbers, words: most
/// strings) is stored inline, so such a str is one allocation (its `Rc`), not two. Longer text
/// keeps the spare capacity it was built with (shrinking it would cost a `realloc` per
/// string), unless that would waste more than the text itself.
pub struct PyStr {
    text: CompactString,
    char_len: usize,
    /// The hash, or [`HASH_UNSET`] until computed (a str hash is never -1, as in CPython),
    /// so a str is 40 bytes and its `Rc` fits a 64-byte allocation.
    hash: Cell<i64>,
}

// On 64-bit targets (where the benchmarks measure it); wasm32's is smaller still.
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<PyStr>() == 40);

impl PyStr {
    /// Wraps text as a Python string (short text moves inline).
    pub fn new(text: String) -> PyStr {
        PyStr::from_text(CompactString::from(text))
    }

    /// A Python string of borrowed text: short text is stored inline, with no allocation of
    /// its own.
    pub fn copy_of(text: &str) -> PyStr {
        PyStr::from_text(CompactString::new(text))
    }

    fn from_text(mut text: CompactString) -> PyStr {
        let char_len = if text.is_ascii() {
            text.len()
        } else {
            text.chars().count()
        };
        if text.capacity() > 2 * text.len() + 32 {
            text.shrink_to_fit();
        }
        PyStr {
            text,
            char_len,
            hash: Cell::new(HASH_UNSET),
        }
    }

    /// `a + b`, with the character count added up instead of recounted.
    pub fn concat(a: &PyStr, b: &PyStr) -> PyStr {
        let mut text = CompactString::with_capacity(a.text.len() + b.text.len());
        text.push_str(&a.text);
        text.push_str(&b.text);
        PyStr {
            text,
            char_len: a.char_len + b.char_len,
            hash: Cell::new(HASH_UNSET),
        }
    }

    /// Appends `other` in place (`s += t` when nothing else refers to `s`): amortised
    /// growth, as CPython's in-place concatenation.
    pub fn push(&mut self, other: &PyStr) {
        self.text.push_str(&other.text);
        self.char_len += other.char_len;
        self.hash.set(HASH_UNSET);
    }

    pub fn as_str(&self) -> &str {
        self.text.as_str()
    }

    /// `len(s)`: the number of code points.
    pub fn char_len(&self) -> usize {
        self.char_len
    }

    /// Whether every character is ASCII, so byte indices are character indices.
    pub fn is_ascii(&self) -> bool {
        self.char_len == self.text.len()
    }

    /// `hash(s)`, computed once.
    pub fn hash(&self) -> i64 {
        let h = self.hash.get();
        if h != HASH_UNSET {
            return h;
        }
        let h = hash::hash_str(&self.text);
        self.hash.set(h);
        h
    }

    /// The character at index `i` (0-based, already bounds-checked by the caller).
    pub fn char_at(&self, i: usize) -> Option<char> {
        if self.is_ascii() {
            self.text.as_bytes().get(i).map(|&b| b as char)
        } else {
            self.text.chars().nth(i)
        }
    }
}

impl fmt::Debug for PyStr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

/// A name string shared between code objects and attribute maps.
pub type Name = Rc<PyStr>;

/// Makes a shared name string.
pub fn name(s: &str) -> Name {
    Rc::new(PyStr::copy_of(s))
}

/// An insertion-ordered string-keyed map for class and instance attributes. Small maps
/// (the common case) are scanned linearly; comparing by pointer first makes names that come
/// from the same compiled code match without touching their text.
#[derive(Default, Clone)]
pub struct AttrMap {
    entries: Vec<(Name, Value)>,
    /// A one-bit-per-key Bloom filter of the keys' hashes ([`bloom_bit`]): a name whose bit
    /// is clear is certainly absent, so failed lookups along the MRO skip the scan.
    bloom: u64,
}

/// Whether two names are the same text: by pointer first (names interned by the compiler),
/// then by cached hash before comparing text.
#[inline]
fn same_name(a: &Name, b: &Name) -> bool {
    Rc::ptr_eq(a, b) || (a.hash() == b.hash() && a.as_str() == b.as_str())
}

/// The Bloom-filter bit of a name, from its cached hash.
fn bloom_bit(key: &PyStr) -> u64 {
    1u64 << (key.hash() as u64 & 63)
}

impl AttrMap {
    pub fn new() -> AttrMap {
        AttrMap {
            entries: Vec::new(),
            bloom: 0,
        }
    }

    fn position(&self, key: &str) -> Option<usize> {
        self.entries.iter().position(|(k, _)| k.as_str() == key)
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.position(key).map(|i| &self.entries[i].1)
    }

    /// Looks up by a shared name, comparing pointers before text.
    pub fn get_name(&self, key: &Name) -> Option<&Value> {
        self.get_name_bit(key, bloom_bit(key))
    }

    /// [`AttrMap::get_name`] with the key's Bloom bit already computed.
    fn get_name_bit(&self, key: &Name, bit: u64) -> Option<&Value> {
        if self.bloom & bit == 0 {
            return None;
        }
        if let Some((_, v)) = self.entries.iter().find(|(k, _)| Rc::ptr_eq(k, key)) {
            return Some(v);
        }
        self.entries
            .iter()
            .find(|(k, _)| same_name(k, key))
            .map(|(_, v)| v)
    }

    /// The position of `key`'s entry (for inline caches, with [`AttrMap::value_at`]).
    pub fn index_of(&self, key: &Name) -> Option<usize> {
        if self.bloom & bloom_bit(key) == 0 {
            return None;
        }
        self.entries.iter().position(|(k, _)| same_name(k, key))
    }

    /// The value at position `index` if that entry's key is `key` itself (the same interned
    /// name): how an inline cache checks the position it remembered.
    #[inline]
    pub fn value_at(&self, index: usize, key: &Name) -> Option<&Value> {
        match self.entries.get(index) {
            Some((k, v)) if Rc::ptr_eq(k, key) => Some(v),
            _ => None,
        }
    }

    /// The value at position `index`, whatever its key (for caches that know the map has
    /// not changed since they found the position).
    #[inline]
    pub fn value_at_index(&self, index: usize) -> Option<&Value> {
        self.entries.get(index).map(|(_, v)| v)
    }

    /// Replaces the value at `index` (checked with [`AttrMap::value_at`] just before).
    #[inline]
    pub fn replace_at(&mut self, index: usize, value: Value) {
        if let Some(entry) = self.entries.get_mut(index) {
            release(std::mem::replace(&mut entry.1, value));
        }
    }

    pub fn insert(&mut self, key: Name, value: Value) {
        let bit = bloom_bit(&key);
        if self.bloom & bit != 0 {
            if let Some(i) = self.entries.iter().position(|(k, _)| Rc::ptr_eq(k, &key)) {
                release(std::mem::replace(&mut self.entries[i].1, value));
                return;
            }
            if let Some(i) = self.entries.iter().position(|(k, _)| same_name(k, &key)) {
                release(std::mem::replace(&mut self.entries[i].1, value));
                return;
            }
        }
        self.bloom |= bit;
        self.entries.push((key, value));
    }

    /// [`AttrMap::insert`] by reference: the name is cloned only when it is a new key.
    pub fn set(&mut self, key: &Name, value: Value) {
        let bit = bloom_bit(key);
        if self.bloom & bit != 0 {
            if let Some(entry) = self.entries.iter_mut().find(|(k, _)| Rc::ptr_eq(k, key)) {
                release(std::mem::replace(&mut entry.1, value));
                return;
            }
        }
        self.insert(key.clone(), value);
    }

    pub fn insert_str(&mut self, key: &str, value: Value) {
        match self.position(key) {
            Some(i) => self.entries[i].1 = value,
            None => {
                let key = name(key);
                self.bloom |= bloom_bit(&key);
                self.entries.push((key, value));
            }
        }
    }

    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let i = self.position(key)?;
        let removed = self.entries.remove(i).1;
        self.bloom = self.entries.iter().fold(0, |b, (k, _)| b | bloom_bit(k));
        Some(removed)
    }

    pub fn contains(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    pub fn iter(&self) -> impl Iterator<Item = (&Name, &Value)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// How instances of a class store their data: which builtin type a class is or derives from.
/// User classes inherit the kind of their base (`Object` or `Exception` in practice).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClassKind {
    /// A plain object with an attribute dict (user classes, host classes).
    Object,
    /// `BaseException` and its subclasses: instances carry exception state.
    Exception,
    /// One of the builtin value types; instances are the matching [`Value`] variant.
    Builtin(BuiltinType),
}

/// The builtin types whose instances are not [`Instance`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuiltinType {
    Type,
    Complex,
    NoneType,
    NotImplementedType,
    Ellipsis,
    Bool,
    Int,
    Float,
    Str,
    Bytes,
    Tuple,
    List,
    Dict,
    Set,
    FrozenSet,
    Range,
    Slice,
    Function,
    BuiltinFunction,
    Method,
    Module,
    Generator,
    Iterator,
    Property,
    StaticMethod,
    ClassMethod,
    Super,
    DictKeys,
    DictValues,
    DictItems,
}

/// A class: builtin, user-defined or host-defined.
pub struct Class {
    pub name: String,
    pub qualname: String,
    /// `__module__`: "builtins", "__main__", or a host module such as
    /// "tensorflow.python.framework.errors_impl". Decides how reprs and tracebacks name it.
    pub module: String,
    pub bases: Vec<Rc<Class>>,
    /// The method resolution order after the class itself (C3 linearization).
    pub mro: Vec<Rc<Class>>,
    /// The class's own attributes; changing them invalidates cached MRO lookups.
    pub dict: ClassDict,
    pub kind: ClassKind,
    /// Native constructor for builtin types (`int(...)`, `list(...)`): receives the arguments
    /// of the call, without the class.
    pub constructor: Option<Rc<NativeFunction>>,
    /// Whether this class is a builtin type whose attributes user code may not set.
    pub immutable: bool,
    /// The metaclass when it is not `type`: a Python subclass of `type` whose methods
    /// (`__call__`, `__iter__`, `__len__`, `__getitem__`, `__repr__`, ...) apply to this class
    /// object, as `enum.EnumType` and `abc.ABCMeta` need.
    pub meta: Option<Rc<Class>>,
    /// Whether this host class stands for a C extension type (`numpy.ndarray`,
    /// TensorFlow's `EagerTensor`), which CPython's error messages name by its dotted
    /// `tp_name` rather than its bare `__name__`.
    pub c_extension: bool,
}

impl Class {
    /// The class itself followed by its MRO.
    pub fn mro_iter(&self) -> impl Iterator<Item = &Class> {
        std::iter::once(self).chain(self.mro.iter().map(|c| &**c))
    }

    /// Looks an attribute up along the MRO (no descriptors applied).
    pub fn lookup(&self, attr: &str) -> Option<Value> {
        for class in self.mro_iter() {
            if let Some(v) = class.dict.borrow().get(attr) {
                return Some(v.clone());
            }
        }
        None
    }

    /// [`Class::lookup`] by a shared name (Bloom filter and pointer comparison first).
    pub fn lookup_name(&self, attr: &Name) -> Option<Value> {
        let bit = bloom_bit(attr);
        for class in self.mro_iter() {
            if let Some(v) = class.dict.borrow().get_name_bit(attr, bit) {
                return Some(v.clone());
            }
        }
        None
    }

    /// Whether `self` is `other` or derives from it.
    pub fn is_subclass(&self, other: &Class) -> bool {
        self.mro_iter().any(|c| std::ptr::eq(c, other))
    }

    /// How `repr(cls)` and tracebacks name the class: `module.QualName`, omitting the module
    /// for builtins (and, in tracebacks, for `__main__`).
    pub fn full_name(&self) -> String {
        if self.module == "builtins" {
            self.qualname.clone()
        } else {
            format!("{}.{}", self.module, self.qualname)
        }
    }

    /// Whether this is `BaseException` or one of its subclasses.
    pub fn is_exception(&self) -> bool {
        self.kind == ClassKind::Exception
    }
}

/// An instance of a user class, an exception, or a host class.
pub struct Instance {
    pub class: Rc<Class>,
    pub dict: RefCell<AttrMap>,
    /// Exception state, present exactly when the class derives from `BaseException`.
    pub exc: Option<RefCell<ExcState>>,
    /// Host data (a tensor, a device scope...), set by the host class's native `__init__`
    /// or when the host creates the instance.
    pub native: RefCell<Option<Rc<dyn Any>>>,
    /// The builtin value an instance of a Python subclass of a builtin type holds (the
    /// `dict` of a `class Config(dict)`), which that type's methods work on.
    pub base: Option<Value>,
}

impl Instance {
    /// A fresh instance with an empty dict.
    pub fn new(class: Rc<Class>) -> Instance {
        let exc = if class.is_exception() {
            Some(RefCell::new(ExcState::default()))
        } else {
            None
        };
        Instance {
            class,
            dict: RefCell::new(AttrMap::new()),
            exc,
            native: RefCell::new(None),
            base: None,
        }
    }

    /// An instance of a subclass of a builtin type, holding `base`.
    pub fn with_base(class: Rc<Class>, base: Value) -> Instance {
        Instance {
            base: Some(base),
            ..Instance::new(class)
        }
    }
}

/// A user function: compiled code plus what it closed over.
pub struct Function {
    pub code: Rc<Code>,
    pub name: RefCell<String>,
    pub qualname: String,
    pub defaults: Vec<Value>,
    pub kwdefaults: Vec<(Name, Value)>,
    pub closure: Vec<Rc<CellObj>>,
    pub globals: Rc<Globals>,
    pub dict: RefCell<AttrMap>,
    pub doc: Option<Value>,
}

impl Drop for Function {
    /// Defaults and captured variables (a closure over a closure over ...) are released
    /// through [`dispose`], so a chain of 10^5 closures cannot overflow the stack.
    fn drop(&mut self) {
        let defaults = std::mem::take(&mut self.defaults);
        let kwdefaults = std::mem::take(&mut self.kwdefaults)
            .into_iter()
            .map(|(_, v)| v);
        let captured = std::mem::take(&mut self.closure)
            .into_iter()
            .filter_map(sole_cell_value);
        dispose(defaults.into_iter().chain(kwdefaults).chain(captured));
    }
}

/// A closure cell shared by the frame that owns a variable and the functions that capture it.
pub type CellObj = RefCell<Option<Value>>;

/// The value of a cell nothing else shares, taken out so a drop can release it through
/// [`dispose`]; a shared cell stays with its other owners.
fn sole_cell_value(cell: Rc<CellObj>) -> Option<Value> {
    Rc::try_unwrap(cell).ok().and_then(RefCell::into_inner)
}

/// A module's global variables. The compiler resolves every global name of `main.py` to a
/// slot, so loads and stores are vector indexing; names that are never assigned fall back to
/// builtins, resolved once when the module is created.
pub struct Globals {
    pub names: Vec<Name>,
    pub values: RefCell<Vec<Option<Value>>>,
    pub builtins: Vec<Option<Value>>,
    /// The package relative imports start from (`__package__`): the module's own name for a
    /// package, its parent's for a module in one, `None` for `__main__`.
    pub package: Option<Rc<str>>,
    /// The module's name (`__main__`, `heapq`): the `__module__` of what it defines.
    pub module_name: Rc<str>,
}

impl Globals {
    /// The slot of `name`, if the compiler gave it one.
    pub fn slot(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n.as_str() == name)
    }

    /// The names that have a value, with it, in slot order: what `globals()` and `exec`'s
    /// namespace dicts hold.
    pub fn bound(&self) -> Vec<(Name, Value)> {
        let values = self.values.borrow();
        self.names
            .iter()
            .zip(values.iter())
            .filter_map(|(n, v)| v.clone().map(|v| (n.clone(), v)))
            .collect()
    }
}

/// Positional and keyword arguments of a call into native code.
#[derive(Clone, Copy)]
pub struct Args<'a> {
    pub positional: &'a [Value],
    pub keywords: &'a [(Name, Value)],
}

impl<'a> Args<'a> {
    pub fn new(positional: &'a [Value], keywords: &'a [(Name, Value)]) -> Args<'a> {
        Args {
            positional,
            keywords,
        }
    }

    /// The positional argument at `index`.
    pub fn get(&self, index: usize) -> Option<&'a Value> {
        self.positional.get(index)
    }

    /// The keyword argument `name`.
    pub fn kwarg(&self, name: &str) -> Option<&'a Value> {
        self.keywords
            .iter()
            .find(|(k, _)| k.as_str() == name)
            .map(|(_, v)| v)
    }

    pub fn len(&self) -> usize {
        self.positional.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positional.is_empty() && self.keywords.is_empty()
    }
}

/// The signature of native functions: the interpreter, then the call's arguments.
pub type NativeFn = dyn Fn(&mut Vm<'_>, Args<'_>) -> PyResult;

/// A native function that captures nothing: a plain function pointer. Most builtins and
/// host functions are these; storing them as pointers rather than `Rc<dyn Fn>` spares a
/// vtable (and its call shim) per function, which adds up in the wasm bundle.
pub type NativeFnPtr = fn(&mut Vm<'_>, Args<'_>) -> PyResult;

/// The Rust code behind a [`NativeFunction`]: a plain function pointer, or a closure for
/// the few native functions that capture state.
#[derive(Clone)]
pub enum NativeBody {
    /// A function (or non-capturing closure) with no state.
    Plain(NativeFnPtr),
    /// A closure over captured state.
    Closure(Rc<NativeFn>),
}

impl NativeBody {
    /// Runs the body with `args`. Work the body did outside the interpreter's sight (a host's kernels, see
    /// `meter::work`) is charged to the budget when it returns.
    pub fn call(&self, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
        meter::work::set_allowance(vm.budget_left());
        let result = match self {
            NativeBody::Plain(f) => f(vm, args),
            NativeBody::Closure(f) => f(vm, args),
        };
        match meter::work::take() {
            0 => result,
            work => vm.charge_host_work(work).and(result),
        }
    }
}

/// A function implemented in Rust: a builtin, a method of a builtin type, or a host function.
pub struct NativeFunction {
    pub name: String,
    /// The owning class for methods (`str.lower` reprs as `<method 'lower' of 'str' objects>`),
    /// or the module for functions.
    pub owner: Option<String>,
    pub func: NativeBody,
    /// Whether `instance.attr` binds it as a method (true for methods defined in classes).
    pub binds: bool,
    /// A method of a builtin value type (`list.append`): called on an instance of a Python
    /// subclass, it receives the builtin value the instance holds ([`Instance::base`]).
    pub unwraps_self: bool,
}

impl NativeFunction {
    /// A native function value.
    pub fn value(name: &str, func: NativeFnPtr) -> Value {
        NativeFunction::from_body(name, None, NativeBody::Plain(func))
    }

    /// A native function value over a closure that captures state (prefer
    /// [`NativeFunction::value`] when it captures nothing).
    pub fn value_closure(
        name: &str,
        func: impl Fn(&mut Vm<'_>, Args<'_>) -> PyResult + 'static,
    ) -> Value {
        NativeFunction::from_body(name, None, NativeBody::Closure(Rc::new(func)))
    }

    /// A native method for a class dict: binds `self` as the first positional argument.
    pub fn method(name: &str, owner: &str, func: NativeFnPtr) -> Value {
        NativeFunction::from_body(name, Some(owner), NativeBody::Plain(func))
    }

    /// A native function value over a body: a method of `owner` (binding `self`) or,
    /// without an owner, a plain function.
    ///
    /// The closure constructors only box their closure and call this, so the code that
    /// builds the value is compiled once rather than once per native function (the wasm
    /// bundle registers hundreds of them).
    #[inline(never)]
    pub fn from_body(name: &str, owner: Option<&str>, func: NativeBody) -> Value {
        Value::NativeFunction(Rc::new(NativeFunction {
            name: name.to_string(),
            owner: owner.map(str::to_string),
            func,
            binds: owner.is_some(),
            unwraps_self: false,
        }))
    }

    /// Runs the function, passing an instance of a builtin type's Python subclass as its
    /// builtin value when this is a method of that type.
    pub fn call(&self, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
        if self.unwraps_self {
            if let Some(Value::Instance(inst)) = args.positional.first() {
                if let Some(base) = &inst.base {
                    let mut positional = args.positional.to_vec();
                    positional[0] = base.clone();
                    return self.func.call(vm, Args::new(&positional, args.keywords));
                }
            }
        }
        self.func.call(vm, args)
    }
}

/// A function bound to an instance (`obj.method`).
pub struct BoundMethod {
    pub receiver: Value,
    pub func: Value,
}

impl Drop for BoundMethod {
    fn drop(&mut self) {
        dispose([
            std::mem::take(&mut self.receiver),
            std::mem::take(&mut self.func),
        ]);
    }
}

/// A module object: `math`, `sys`, one a host built, or one run from Python source.
pub struct Module {
    pub name: String,
    pub dict: RefCell<AttrMap>,
    /// A module run from source: its global slots are its attributes (the names its code
    /// uses); `dict` holds the others (set from outside, or by the import system).
    pub globals: Option<Rc<Globals>>,
}

impl Module {
    /// An empty module named `name`.
    pub fn new(name: &str) -> Rc<Module> {
        let mut dict = AttrMap::new();
        dict.insert_str("__name__", Value::str(name));
        Rc::new(Module {
            name: name.to_string(),
            dict: RefCell::new(dict),
            globals: None,
        })
    }

    /// The module object of Python source whose global slots are `globals`.
    pub fn from_globals(name: &str, globals: Rc<Globals>) -> Rc<Module> {
        Rc::new(Module {
            name: name.to_string(),
            dict: RefCell::new(AttrMap::new()),
            globals: Some(globals),
        })
    }

    /// The global slot of `attr`, for a module run from source.
    fn slot(&self, attr: &str) -> Option<(&Globals, usize)> {
        let globals = self.globals.as_deref()?;
        Some((globals, globals.slot(attr)?))
    }

    /// Sets an attribute (a function, class, constant or submodule).
    pub fn set(&self, attr: &str, value: Value) {
        match self.slot(attr) {
            Some((globals, slot)) => globals.values.borrow_mut()[slot] = Some(value),
            None => self.dict.borrow_mut().insert_str(attr, value),
        }
    }

    /// Reads an attribute.
    pub fn get(&self, attr: &str) -> Option<Value> {
        if let Some((globals, slot)) = self.slot(attr) {
            if let Some(value) = globals.values.borrow()[slot].clone() {
                return Some(value);
            }
        }
        self.dict.borrow().get(attr).cloned()
    }

    /// Removes an attribute; whether it was there.
    pub fn remove(&self, attr: &str) -> bool {
        if let Some((globals, slot)) = self.slot(attr) {
            if globals.values.borrow_mut()[slot].take().is_some() {
                return true;
            }
        }
        self.dict.borrow_mut().remove(attr).is_some()
    }

    /// Every attribute and its value (`vars(module)`, `dir(module)`): global slots that are
    /// set, in slot order, then the others.
    pub fn attributes(&self) -> Vec<(Name, Value)> {
        let mut out = Vec::new();
        if let Some(globals) = &self.globals {
            let values = globals.values.borrow();
            for (name, value) in globals.names.iter().zip(values.iter()) {
                if let Some(value) = value {
                    out.push((name.clone(), value.clone()));
                }
            }
        }
        out.extend(
            self.dict
                .borrow()
                .iter()
                .map(|(name, value)| (name.clone(), value.clone())),
        );
        out
    }
}

/// `range(start, stop, step)`; bounds are `i64` (larger ranges raise OverflowError).
#[derive(Debug, Clone, Copy)]
pub struct Range {
    pub start: i64,
    pub stop: i64,
    pub step: i64,
}

impl Range {
    /// The number of elements.
    pub fn len(&self) -> i64 {
        let (lo, hi, step) = if self.step > 0 {
            (self.start as i128, self.stop as i128, self.step as i128)
        } else {
            (self.stop as i128, self.start as i128, -(self.step as i128))
        };
        if lo >= hi {
            0
        } else {
            ((hi - lo - 1) / step + 1).min(i64::MAX as i128) as i64
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The element at index `i` (`0 <= i < len`).
    pub fn at(&self, i: i64) -> i64 {
        (self.start as i128 + i as i128 * self.step as i128) as i64
    }
}

/// `slice(start, stop, step)`.
pub struct SliceObj {
    pub start: Value,
    pub stop: Value,
    pub step: Value,
}

/// `property(fget, fset, fdel)`, also used for host attributes implemented in Rust.
pub struct Property {
    pub getter: Option<Value>,
    pub setter: Option<Value>,
    pub deleter: Option<Value>,
    pub doc: Option<Value>,
}

/// `super()` or `super(cls, obj)`: attribute lookup starting after `class` in `obj`'s MRO.
pub struct SuperObj {
    pub class: Rc<Class>,
    pub receiver: Value,
}

/// Which part of a dict a view shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DictViewKind {
    Keys,
    Values,
    Items,
}

/// A live view of a dict.
pub struct DictView {
    pub dict: Rc<RefCell<Dict>>,
    pub kind: DictViewKind,
}

/// A generator: a suspended frame. `None` while running or once finished.
pub struct Generator {
    pub name: String,
    pub qualname: String,
    pub frame: RefCell<Option<Box<Frame>>>,
    pub running: Cell<bool>,
    pub finished: Cell<bool>,
}

impl Drop for Generator {
    /// A suspended frame holds what it iterates (`(x for x in g)` holds `g`), so chains of
    /// generators are released through [`dispose`].
    fn drop(&mut self) {
        if let Some(mut frame) = self.frame.get_mut().take() {
            let stack = std::mem::take(&mut frame.stack);
            let locals = std::mem::take(&mut frame.locals).into_iter().flatten();
            let cells = std::mem::take(&mut frame.cells)
                .into_iter()
                .filter_map(sole_cell_value);
            dispose(stack.into_iter().chain(locals).chain(cells));
        }
    }
}

impl Drop for NativeIter {
    /// `map(f, map(f, ...))` and `zip(zip(...))` chains are released through [`dispose`].
    fn drop(&mut self) {
        use std::mem::take;
        match self {
            NativeIter::Seq { seq, .. } | NativeIter::Reversed { seq, .. } => dispose([take(seq)]),
            NativeIter::Set { items, .. } => dispose(take(items)),
            NativeIter::Enumerate { inner, count } => dispose([take(inner), take(count)]),
            NativeIter::Zip { inners, .. } => dispose(take(inners)),
            NativeIter::Map { func, inners } => {
                dispose(std::iter::once(take(func)).chain(take(inners)))
            }
            NativeIter::Filter { func, inner } => dispose([take(func), take(inner)]),
            NativeIter::Callable { func, sentinel } => dispose([take(func), take(sentinel)]),
            NativeIter::Range { .. }
            | NativeIter::Str { .. }
            | NativeIter::DictKeys { .. }
            | NativeIter::Exhausted => {}
        }
    }
}

/// State of the iterators of builtin types and of builtin iterator functions.
pub enum NativeIter {
    Seq {
        seq: Value,
        index: usize,
    },
    Range {
        next: i64,
        step: i64,
        remaining: i64,
    },
    Str {
        text: Rc<PyStr>,
        byte_pos: usize,
    },
    DictKeys {
        dict: Rc<RefCell<Dict>>,
        pos: usize,
        kind: DictViewKind,
        expected_len: usize,
    },
    Set {
        items: Vec<Value>,
        index: usize,
    },
    Enumerate {
        inner: Value,
        count: Value,
    },
    Zip {
        inners: Vec<Value>,
        strict: bool,
    },
    Map {
        func: Value,
        inners: Vec<Value>,
    },
    Filter {
        func: Value,
        inner: Value,
    },
    Reversed {
        seq: Value,
        index: usize,
    },
    /// `iter(callable, sentinel)`.
    Callable {
        func: Value,
        sentinel: Value,
    },
    Exhausted,
}

/// A `Value` wrapper that prints via `Debug` without a VM; used in panics-free diagnostics.
pub fn describe(value: &Value) -> String {
    format!("{value:?}")
}

/// A complex number, `re + im·j`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Complex {
    pub re: f64,
    pub im: f64,
}

impl Value {
    /// A `complex` value.
    pub fn complex(re: f64, im: f64) -> Value {
        Value::Complex(Rc::new(Complex { re, im }))
    }
}
