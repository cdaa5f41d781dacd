//! The class attribute cache (CPython's type method cache): remembers what looking a name up
//! along a class's MRO found, so the hot `obj.attr`, `obj.method()` and `obj.attr = v` paths
//! skip walking the MRO and scanning every class dict on it.
//!
//! Entries are keyed by the class and the name (both held, so their addresses cannot be
//! reused while an entry names them) and stamped with the class epoch
//! ([`crate::value::class_epoch`]): any change to any class dict makes every entry stale, so
//! monkey-patching, class attribute assignment and `del` behave exactly as without a cache.
//!
//! On top of it, each `LoadAttr`/`StoreAttr` instruction has an inline cache
//! ([`AttrSite`]): for an instance of the class it remembers (in the same epoch, so the class
//! still has no property of that name and, for stores, no `__setattr__`), the attribute is
//! read or replaced at the remembered position of the instance dict, provided the key there
//! is still the instruction's own interned name. A `LoadMethod` site remembers where along
//! the MRO the method was found; in the same epoch no class dict has changed, so it is still
//! there, and only the instance dict (which could shadow it) is checked. Anything else takes
//! the ordinary path, which fills the site again.

use std::cell::Cell;
use std::rc::Rc;

use super::Vm;
use crate::builtins::types::Types;
use crate::compile::code::AttrSite;
use crate::value::{class_epoch, Class, Instance, Name, Value};

/// Number of cache slots (a power of two).
const SLOTS: usize = 512;

/// One remembered lookup.
struct Entry {
    epoch: u64,
    class: Rc<Class>,
    name: Name,
    found: Option<Value>,
    /// Whether `obj.name = v` on an instance of the class is a plain instance-dict store
    /// (no property `name`, no `__setattr__` of its own); worked out on first use.
    plain_store: Option<bool>,
}

/// A direct-mapped cache of MRO lookups.
pub(crate) struct AttrCache {
    slots: Vec<Option<Entry>>,
}

impl AttrCache {
    /// An empty cache.
    pub(crate) fn new() -> AttrCache {
        AttrCache {
            slots: (0..SLOTS).map(|_| None).collect(),
        }
    }
}

/// The slot of a `(class, name)` pair.
#[inline]
fn slot_of(class: &Rc<Class>, name: &Name) -> usize {
    let class_bits = Rc::as_ptr(class) as usize >> 4;
    (name.hash() as usize ^ class_bits ^ (class_bits >> 9)) & (SLOTS - 1)
}

impl<'h> Vm<'h> {
    /// [`Class::lookup_name`] through the cache: the attribute `name` of `class` or of the
    /// first class on its MRO that has it (no descriptors applied).
    #[inline]
    pub(crate) fn class_lookup(&mut self, class: &Rc<Class>, name: &Name) -> Option<Value> {
        self.with_class_attr(class, name, |found| found.cloned())
    }

    /// `name` looked up on `class` and its bases (what an instance's special method
    /// lookup sees, skipping the instance's own dict), for hosts that honour protocols.
    pub fn class_attribute(&mut self, class: &Rc<Class>, name: &Name) -> Option<Value> {
        self.class_lookup(class, name)
    }

    /// Whether `obj.name = v` on an instance of `class` just stores into the instance dict:
    /// the class has no property `name` and no `__setattr__` but `object`'s.
    #[inline]
    pub(crate) fn plain_instance_store(&mut self, class: &Rc<Class>, name: &Name) -> bool {
        let slot = self.cached_slot(class, name);
        let Some(entry) = self.attr_cache.slots[slot].as_ref() else {
            return false;
        };
        if let Some(known) = entry.plain_store {
            return known;
        }
        let is_property = entry
            .found
            .as_ref()
            .is_some_and(super::attr::is_data_descriptor);
        let default_setattr = match class.lookup_name(&self.dunders.setattr) {
            None => true,
            Some(Value::NativeFunction(nf)) => nf.owner.as_deref() == Some("object"),
            Some(_) => false,
        };
        let plain = default_setattr && !is_property;
        if let Some(entry) = self.attr_cache.slots[slot].as_mut() {
            entry.plain_store = Some(plain);
        }
        plain
    }

    /// Runs `inspect` on what [`Vm::class_lookup`] would return, without cloning it.
    #[inline]
    pub(crate) fn with_class_attr<R>(
        &mut self,
        class: &Rc<Class>,
        name: &Name,
        inspect: impl FnOnce(Option<&Value>) -> R,
    ) -> R {
        let slot = self.cached_slot(class, name);
        inspect(
            self.attr_cache.slots[slot]
                .as_ref()
                .and_then(|e| e.found.as_ref()),
        )
    }

    /// The slot holding the current lookup of `name` on `class`, filled first if stale.
    #[inline(always)]
    fn cached_slot(&mut self, class: &Rc<Class>, name: &Name) -> usize {
        let epoch = class_epoch();
        let slot = slot_of(class, name);
        let hit = match &self.attr_cache.slots[slot] {
            Some(e) => {
                e.epoch == epoch
                    && Rc::ptr_eq(&e.class, class)
                    && (Rc::ptr_eq(&e.name, name) || e.name.as_str() == name.as_str())
            }
            None => false,
        };
        if !hit {
            self.fill_slot(slot, epoch, class, name);
        }
        slot
    }

    /// A cache miss: looks `name` up along the MRO and remembers the result in `slot`.
    #[inline(never)]
    fn fill_slot(&mut self, slot: usize, epoch: u64, class: &Rc<Class>, name: &Name) {
        self.attr_cache.slots[slot] = Some(Entry {
            epoch,
            class: class.clone(),
            name: name.clone(),
            found: class.lookup_name(name),
            plain_store: None,
        });
    }
}

/// The address an [`AttrSite`] remembers a class by.
#[inline]
fn class_address(class: &Rc<Class>) -> usize {
    Rc::as_ptr(class) as usize
}

/// The position `site` remembers for `name` in `inst`'s dict, if the site applies to `inst`
/// (same class, same class epoch) and the key at that position is still `name`.
#[inline]
pub(crate) fn site_index(
    site: Option<&Cell<AttrSite>>,
    inst: &Instance,
    name: &Name,
) -> Option<usize> {
    let site = site?.get();
    if site.class != class_address(&inst.class) || site.epoch != class_epoch() {
        return None;
    }
    let index = site.index as usize;
    inst.dict.borrow().value_at(index, name).map(|_| index)
}

/// `inst.name` through the inline cache `site` (see [`site_index`]): runs `use_value` on the
/// attribute (borrowed, so the caller clones it straight into its destination: an
/// `Option<Value>` returned through memory costs a store-forwarding stall per load) and
/// returns true, or returns false when the site does not apply. `use_value` runs while the
/// instance dict is borrowed.
#[inline]
pub(crate) fn site_load_with(
    site: Option<&Cell<AttrSite>>,
    inst: &Instance,
    name: &Name,
    use_value: impl FnOnce(&Value),
) -> bool {
    let Some(site) = site else { return false };
    let site = site.get();
    if site.class != class_address(&inst.class) || site.epoch != class_epoch() {
        return false;
    }
    match inst.dict.borrow().value_at(site.index as usize, name) {
        Some(v) => {
            use_value(v);
            true
        }
        None => false,
    }
}

/// Remembers where `name` is in `inst`'s dict, after the ordinary path found that an access
/// of `name` on this class goes straight to the instance dict.
pub(crate) fn site_fill(site: Option<&Cell<AttrSite>>, inst: &Instance, name: &Name) {
    let Some(site) = site else { return };
    let Some(index) = inst.dict.borrow().index_of(name) else {
        return;
    };
    if let Ok(index) = u32::try_from(index) {
        site.set(AttrSite {
            class: class_address(&inst.class),
            epoch: class_epoch(),
            index,
            owner: 0,
        });
    }
}

/// The class of a method call's receiver, for the kinds of receiver `LoadMethod` sites
/// cache (instances and the builtin containers and strings), without a count bump.
#[inline]
fn receiver_class<'a>(types: &'a Types, obj: &'a Value) -> Option<&'a Rc<Class>> {
    match obj {
        Value::Instance(inst) => Some(&inst.class),
        Value::List(_) => Some(&types.list),
        Value::Dict(_) => Some(&types.dict),
        Value::Str(_) => Some(&types.str),
        Value::Set(_) => Some(&types.set),
        Value::Tuple(_) => Some(&types.tuple),
        _ => None,
    }
}

/// The method `obj.name` through the `LoadMethod` inline cache `site`: the function the
/// ordinary lookup found last time, when `obj` has the same class in the same epoch and
/// (for an instance) its dict does not shadow the name. Runs `use_method` on it (borrowed,
/// as [`site_load_with`] does) and returns true, or returns false when the site does not
/// apply. `use_method` runs while the owning class dict is borrowed.
#[inline]
pub(crate) fn site_method_with(
    site: Option<&Cell<AttrSite>>,
    types: &Types,
    obj: &Value,
    name: &Name,
    use_method: impl FnOnce(&Value),
) -> bool {
    let Some(site) = site else { return false };
    let site = site.get();
    let Some(class) = receiver_class(types, obj) else {
        return false;
    };
    if site.class != class_address(class) || site.epoch != class_epoch() {
        return false;
    }
    if let Value::Instance(inst) = obj {
        if inst.dict.borrow().get_name(name).is_some() {
            return false;
        }
    }
    let owner = match site.owner {
        0 => class,
        k => match class.mro.get(k as usize - 1) {
            Some(owner) => owner,
            None => return false,
        },
    };
    match owner.dict.borrow().value_at_index(site.index as usize) {
        Some(method) => {
            use_method(method);
            true
        }
        None => false,
    }
}

/// Remembers where along the MRO of `obj`'s class the method `name` was found, after the
/// ordinary lookup found a method `LoadMethod` calls without binding.
pub(crate) fn site_fill_method(
    site: Option<&Cell<AttrSite>>,
    types: &Types,
    obj: &Value,
    name: &Name,
) {
    let (Some(site), Some(class)) = (site, receiver_class(types, obj)) else {
        return;
    };
    for (owner, c) in class.mro_iter().enumerate() {
        if let Some(index) = c.dict.borrow().index_of(name) {
            if let (Ok(index), Ok(owner)) = (u32::try_from(index), u32::try_from(owner)) {
                site.set(AttrSite {
                    class: class_address(class),
                    epoch: class_epoch(),
                    index,
                    owner,
                });
            }
            return;
        }
    }
}
