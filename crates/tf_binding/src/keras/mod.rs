//! What the Keras written in Python (`crates/pylib/python/keras`, which is also `tf.keras`)
//! needs natively: Keras variables, the initialisers, and the `_keras_native` module that
//! exposes them with the replica helpers of a distributed step and the run's Keras random
//! state. The optimizers are Python (`keras/src/update_rules.py`).
//!
//! Module map:
//! - this file: [`KerasClasses`] and the per-run Keras state (Python's `random` as Keras
//!   draws default seeds from it, the paths of Keras variables).
//! - [`variables`]: Keras variables (`<Variable path=dense/kernel, ...>`).
//! - [`python_random`]: Python's `random`, where unseeded initialisers get their seeds.
//! - [`native`]: the `_keras_native` module.

pub mod native;
pub mod python_random;
pub mod variables;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use lang::value::{Class, PyResult, Value};
use lang::vm::Vm;

use crate::St;
use runtime::{Handle, Operand};

/// The native Keras classes and the run's Keras state.
pub struct KerasClasses {
    pub(crate) variable: Rc<Class>,
    state: RefCell<KerasState>,
}

/// Python's `random` as Keras draws from it, and the paths of Keras variables.
#[derive(Default)]
struct KerasState {
    python_random: python_random::PythonRandom,
    variable_paths: HashMap<u32, String>,
}

impl KerasClasses {
    /// Keras's `make_default_seed()`, drawn when an unseeded initialiser or seed
    /// generator is constructed.
    pub fn default_seed(&self) -> u64 {
        python_random::default_seed(&mut self.state.borrow_mut().python_random)
    }

    /// `keras.utils.set_random_seed(seed)`'s part in Keras: Python's `random.seed(seed)`.
    pub fn seed_python_random(&self, seed: u64) {
        self.state.borrow_mut().python_random = python_random::PythonRandom::seeded(seed);
    }

    /// Remembers a Keras variable's path.
    pub fn set_path(&self, variable: u32, path: String) {
        self.state
            .borrow_mut()
            .variable_paths
            .insert(variable, path);
    }

    /// A Keras variable's path.
    pub fn path_of(&self, variable: u32) -> Option<String> {
        self.state.borrow().variable_paths.get(&variable).cloned()
    }
}

/// Builds the Keras classes; `resource_variable` is the base of Keras variables.
pub fn build_classes(st: &St, resource_variable: &Rc<Class>) -> KerasClasses {
    KerasClasses {
        variable: variables::build(st, resource_variable),
        state: RefCell::new(KerasState::default()),
    }
}

/// The run's Keras classes.
pub(crate) fn classes(st: &St, vm: &Vm<'_>) -> PyResult<Rc<KerasClasses>> {
    Ok(st.classes(vm)?.keras.clone())
}

/// A tensor, variable or Python value as a tensor handle (a variable is read, a literal
/// becomes a constant).
pub(crate) fn handle_of(st: &St, vm: &mut Vm<'_>, value: &Value) -> PyResult<Handle> {
    let operand = crate::convert::to_operand(st, vm, value)?;
    st.tf(vm, |ctx| match operand {
        Operand::Handle(handle) => Ok(handle),
        Operand::Variable(id) => ctx.read_variable(id),
        Operand::Literal(tensor) => ctx.constant(tensor, None),
    })
}
