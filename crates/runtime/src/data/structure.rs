//! Nested dataset elements: a [`Structure`] says how the flat list of components nests
//! (a single tensor, tuples, dicts), and an [`ElementSpec`] pairs it with each
//! component's dtype and static shape (what `element_spec` prints).

use crate::error::{TfError, TfResult};
use tensor::{DType, TensorShape};

/// How an element's components nest; leaves are taken in order from the flat list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Structure {
    /// One component.
    Leaf,
    /// A tuple of nested parts.
    Tuple(Vec<Structure>),
    /// A dict, in the order its keys were given (as `element_spec` prints it).
    Dict(Vec<(String, Structure)>),
}

impl Structure {
    /// The number of components.
    pub fn leaf_count(&self) -> usize {
        match self {
            Structure::Leaf => 1,
            Structure::Tuple(parts) => parts.iter().map(Structure::leaf_count).sum(),
            Structure::Dict(entries) => entries.iter().map(|(_, s)| s.leaf_count()).sum(),
        }
    }
}

/// One component's dtype and static shape (a `tf.TensorSpec`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentSpec {
    /// Its dtype.
    pub dtype: DType,
    /// Its static shape.
    pub shape: TensorShape,
}

impl ComponentSpec {
    /// `repr(TensorSpec)`.
    pub fn repr(&self) -> String {
        format!(
            "TensorSpec(shape={}, dtype=tf.{}, name=None)",
            self.shape,
            self.dtype.name()
        )
    }
}

/// A dataset's `element_spec`: the structure and its components' specs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElementSpec {
    /// How components nest.
    pub structure: Structure,
    /// One spec per leaf.
    pub components: Vec<ComponentSpec>,
}

impl ElementSpec {
    /// A spec, checking that the structure has one leaf per component.
    pub fn new(structure: Structure, components: Vec<ComponentSpec>) -> TfResult<ElementSpec> {
        if structure.leaf_count() != components.len() {
            return Err(TfError::internal(
                "an element structure does not match its components",
            ));
        }
        Ok(ElementSpec {
            structure,
            components,
        })
    }

    /// The spec of a single-tensor element.
    pub fn single(component: ComponentSpec) -> ElementSpec {
        ElementSpec {
            structure: Structure::Leaf,
            components: vec![component],
        }
    }

    /// The same structure with every component's shape changed by `f`.
    pub fn map_shapes(&self, mut f: impl FnMut(&TensorShape) -> TensorShape) -> ElementSpec {
        ElementSpec {
            structure: self.structure.clone(),
            components: self
                .components
                .iter()
                .map(|c| ComponentSpec {
                    dtype: c.dtype,
                    shape: f(&c.shape),
                })
                .collect(),
        }
    }

    /// `repr(element_spec)`: nested tuples and dicts of `TensorSpec(...)`.
    pub fn repr(&self) -> String {
        let mut leaves = self.components.iter();
        repr_nested(&self.structure, &mut leaves)
    }
}

fn repr_nested<'a>(
    structure: &Structure,
    leaves: &mut impl Iterator<Item = &'a ComponentSpec>,
) -> String {
    match structure {
        Structure::Leaf => leaves
            .next()
            .map_or_else(|| "None".to_string(), ComponentSpec::repr),
        Structure::Tuple(parts) => {
            let items: Vec<String> = parts.iter().map(|p| repr_nested(p, leaves)).collect();
            if items.len() == 1 {
                format!("({},)", items[0])
            } else {
                format!("({})", items.join(", "))
            }
        }
        Structure::Dict(entries) => {
            let items: Vec<String> = entries
                .iter()
                .map(|(key, part)| format!("'{key}': {}", repr_nested(part, leaves)))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
    }
}
