//! Shapes: fully known [`Shape`]s of values, partially known [`TensorShape`]s of symbolic
//! tensors, NumPy/TensorFlow broadcasting, reshape with `-1`, and axis normalisation.
//!
//! Every element count is computed with checked arithmetic: a shape whose product overflows
//! has no element count rather than a wrong one.

use std::fmt;

/// The fully known shape of a value: one size per dimension, `[]` for a scalar.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Shape {
    dims: Vec<usize>,
}

/// Why two shapes do not broadcast.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BroadcastError {
    /// The left operand's shape.
    pub lhs: Shape,
    /// The right operand's shape.
    pub rhs: Shape,
}

impl BroadcastError {
    /// The kernel message: `Incompatible shapes: [2] vs. [3]`.
    pub fn message(&self) -> String {
        format!(
            "Incompatible shapes: {} vs. {}",
            self.lhs.to_tf_list(),
            self.rhs.to_tf_list()
        )
    }
}

/// Why a `tf.reshape` target does not fit the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReshapeError {
    /// Two `-1` entries.
    TwoUnknown {
        /// Index of the first `-1`.
        first: usize,
        /// Index of the second `-1`.
        second: usize,
    },
    /// An entry below `-1`.
    NegativeDim {
        /// Index of the entry.
        index: usize,
        /// Its value.
        value: i64,
    },
    /// The known sizes do not divide the element count (with one `-1`).
    NotAMultiple {
        /// Elements of the input.
        elements: usize,
        /// Product of the known target sizes.
        known: usize,
    },
    /// The target's element count differs from the input's (no `-1`).
    WrongCount {
        /// Elements of the input.
        elements: usize,
        /// Elements of the target.
        requested: usize,
    },
    /// The target's element count overflows.
    Overflow,
}

impl ReshapeError {
    /// The kernel message TensorFlow 2.21 prints.
    pub fn message(&self) -> String {
        match self {
            ReshapeError::TwoUnknown { first, second } => {
                format!("Only one input size may be -1, not both {first} and {second}")
            }
            ReshapeError::NegativeDim { index, value } => {
                format!("Size {index} must be non-negative, not {value}")
            }
            ReshapeError::NotAMultiple { elements, known } => format!(
                "Input to reshape is a tensor with {elements} values, but the requested shape \
                 requires a multiple of {known}"
            ),
            ReshapeError::WrongCount {
                elements,
                requested,
            } => format!(
                "Input to reshape is a tensor with {elements} values, but the requested shape \
                 has {requested}"
            ),
            ReshapeError::Overflow => "Shape has too many elements".to_string(),
        }
    }
}

impl Shape {
    /// A shape with the given dimension sizes.
    pub fn new(dims: Vec<usize>) -> Shape {
        Shape { dims }
    }

    /// The shape of a scalar: `()`.
    pub fn scalar() -> Shape {
        Shape { dims: Vec::new() }
    }

    /// The dimension sizes.
    pub fn dims(&self) -> &[usize] {
        &self.dims
    }

    /// The number of dimensions.
    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    /// The number of elements, or `None` when the product overflows `usize`.
    pub fn num_elements(&self) -> Option<usize> {
        self.dims
            .iter()
            .try_fold(1usize, |count, &dim| count.checked_mul(dim))
    }

    /// Row-major strides in elements (the last dimension has stride 1). Saturates on
    /// overflow; callers check [`Shape::num_elements`] first.
    pub fn strides(&self) -> Vec<usize> {
        let mut strides = vec![1usize; self.dims.len()];
        for axis in (0..self.dims.len().saturating_sub(1)).rev() {
            strides[axis] = strides[axis + 1].saturating_mul(self.dims[axis + 1]);
        }
        strides
    }

    /// TensorFlow's list form used in error messages: `[2,3]`, `[]`.
    pub fn to_tf_list(&self) -> String {
        let dims: Vec<String> = self.dims.iter().map(usize::to_string).collect();
        format!("[{}]", dims.join(","))
    }

    /// NumPy/TensorFlow broadcasting: align trailing dimensions; each pair must be equal or
    /// contain a 1.
    pub fn broadcast(lhs: &Shape, rhs: &Shape) -> Result<Shape, BroadcastError> {
        let rank = lhs.rank().max(rhs.rank());
        let mut dims = vec![0usize; rank];
        for (offset, slot) in dims.iter_mut().rev().enumerate() {
            let left = lhs.dim_from_end(offset);
            let right = rhs.dim_from_end(offset);
            *slot = match (left, right) {
                (a, b) if a == b => a,
                (1, b) => b,
                (a, 1) => a,
                _ => {
                    return Err(BroadcastError {
                        lhs: lhs.clone(),
                        rhs: rhs.clone(),
                    })
                }
            };
        }
        Ok(Shape { dims })
    }

    /// Resolves a `tf.reshape` target (with at most one `-1`) against this shape's element
    /// count.
    pub fn reshape_target(&self, requested: &[i64]) -> Result<Shape, ReshapeError> {
        let elements = self.num_elements().ok_or(ReshapeError::Overflow)?;
        let mut unknown: Option<usize> = None;
        let mut known = 1usize;
        let mut dims = Vec::with_capacity(requested.len());
        for (index, &value) in requested.iter().enumerate() {
            if value == -1 {
                if let Some(first) = unknown {
                    return Err(ReshapeError::TwoUnknown {
                        first,
                        second: index,
                    });
                }
                unknown = Some(index);
                dims.push(0);
                continue;
            }
            let dim =
                usize::try_from(value).map_err(|_| ReshapeError::NegativeDim { index, value })?;
            known = known.checked_mul(dim).ok_or(ReshapeError::Overflow)?;
            dims.push(dim);
        }
        match unknown {
            Some(index) => {
                if known == 0 || elements % known != 0 {
                    // TensorFlow infers 0 for `-1` when the known part is empty and so is the
                    // input; otherwise it reports the multiple.
                    if known == 0 && elements == 0 {
                        dims[index] = 0;
                        return Ok(Shape { dims });
                    }
                    return Err(ReshapeError::NotAMultiple { elements, known });
                }
                dims[index] = elements / known;
            }
            None if known != elements => {
                return Err(ReshapeError::WrongCount {
                    elements,
                    requested: known,
                })
            }
            None => {}
        }
        Ok(Shape { dims })
    }

    /// Normalises a possibly negative `axis` for a tensor of `rank` dimensions
    /// (`-1` is the last). `None` when out of `[-rank, rank)`.
    pub fn normalize_axis(axis: i64, rank: usize) -> Option<usize> {
        let rank = i64::try_from(rank).ok()?;
        let resolved = if axis < 0 {
            axis.checked_add(rank)?
        } else {
            axis
        };
        (0..rank)
            .contains(&resolved)
            .then(|| usize::try_from(resolved).ok())
            .flatten()
    }

    /// The size of the `offset`-th dimension from the end, 1 past the front (for broadcasting).
    fn dim_from_end(&self, offset: usize) -> usize {
        self.dims
            .len()
            .checked_sub(offset + 1)
            .map_or(1, |axis| self.dims[axis])
    }
}

impl From<Vec<usize>> for Shape {
    fn from(dims: Vec<usize>) -> Shape {
        Shape { dims }
    }
}

impl From<&[usize]> for Shape {
    fn from(dims: &[usize]) -> Shape {
        Shape {
            dims: dims.to_vec(),
        }
    }
}

impl fmt::Display for Shape {
    /// Python's tuple form, as `print(t.shape)` shows it: `(2, 3)`, `(2,)`, `()`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tuple(f, self.dims.iter().map(|dim| Some(*dim)))
    }
}

/// A possibly partially known shape (`tf.TensorShape`): unknown rank, or known rank with
/// some dimensions `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TensorShape {
    dims: Option<Vec<Option<usize>>>,
}

impl TensorShape {
    /// A shape of unknown rank: `TensorShape(None)`.
    pub fn unknown() -> TensorShape {
        TensorShape { dims: None }
    }

    /// A shape of known rank; `None` entries are unknown dimensions.
    pub fn new(dims: Vec<Option<usize>>) -> TensorShape {
        TensorShape { dims: Some(dims) }
    }

    /// `TensorShape.is_compatible_with`: the ranks agree where both are known, and so
    /// does every dimension both know.
    pub fn is_compatible_with(&self, other: &TensorShape) -> bool {
        match (&self.dims, &other.dims) {
            (Some(a), Some(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b)
                        .all(|(x, y)| x.is_none() || y.is_none() || x == y)
            }
            _ => true,
        }
    }

    /// Whether a value of fully known `dims` fits this shape (a feed for a placeholder, a
    /// generator's element for its signature).
    pub fn accepts(&self, dims: &[usize]) -> bool {
        match &self.dims {
            None => true,
            Some(want) => {
                want.len() == dims.len()
                    && want
                        .iter()
                        .zip(dims)
                        .all(|(w, got)| w.is_none_or(|w| w == *got))
            }
        }
    }

    /// `TensorShape.merge_with`: what both shapes say together, if they are compatible.
    pub fn merge_with(&self, other: &TensorShape) -> Option<TensorShape> {
        if !self.is_compatible_with(other) {
            return None;
        }
        Some(match (&self.dims, &other.dims) {
            (Some(a), Some(b)) => {
                TensorShape::new(a.iter().zip(b).map(|(x, y)| x.or(*y)).collect())
            }
            (Some(_), None) => self.clone(),
            _ => other.clone(),
        })
    }

    /// `TensorShape.most_specific_compatible_shape`: the dimensions both shapes share
    /// (unknown where they differ; unknown rank when the ranks differ).
    pub fn most_specific_compatible_shape(&self, other: &TensorShape) -> TensorShape {
        match (&self.dims, &other.dims) {
            (Some(a), Some(b)) if a.len() == b.len() => TensorShape::new(
                a.iter()
                    .zip(b)
                    .map(|(x, y)| if x == y { *x } else { None })
                    .collect(),
            ),
            _ => TensorShape::unknown(),
        }
    }

    /// `TensorShape.concatenate`: the dimensions of both, unknown rank if either's is.
    pub fn concatenate(&self, other: &TensorShape) -> TensorShape {
        match (&self.dims, &other.dims) {
            (Some(a), Some(b)) => TensorShape::new(a.iter().chain(b).copied().collect()),
            _ => TensorShape::unknown(),
        }
    }

    /// The dimensions, or `None` for unknown rank.
    pub fn dims(&self) -> Option<&[Option<usize>]> {
        self.dims.as_deref()
    }

    /// The fully known shape, if every dimension is known.
    pub fn to_shape(&self) -> Option<Shape> {
        let dims = self.dims.as_ref()?;
        dims.iter()
            .copied()
            .collect::<Option<Vec<usize>>>()
            .map(Shape::new)
    }

    /// `repr(shape)`: `TensorShape([None, 3])`, `TensorShape(None)`, `TensorShape([])`.
    pub fn repr(&self) -> String {
        match &self.dims {
            None => "TensorShape(None)".to_string(),
            Some(dims) => {
                let parts: Vec<String> = dims.iter().map(|dim| dim_text(*dim)).collect();
                format!("TensorShape([{}])", parts.join(", "))
            }
        }
    }
}

impl From<&Shape> for TensorShape {
    fn from(shape: &Shape) -> TensorShape {
        TensorShape::new(shape.dims.iter().map(|dim| Some(*dim)).collect())
    }
}

impl fmt::Display for TensorShape {
    /// `print(shape)`: `(None, 3)`, `(2,)`, `()`, or `<unknown>` for unknown rank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.dims {
            None => f.write_str("<unknown>"),
            Some(dims) => write_tuple(f, dims.iter().copied()),
        }
    }
}

fn dim_text(dim: Option<usize>) -> String {
    dim.map_or_else(|| "None".to_string(), |dim| dim.to_string())
}

/// Writes a Python tuple of dimensions: `(2, 3)`, `(2,)`, `()`.
fn write_tuple(
    f: &mut fmt::Formatter<'_>,
    dims: impl ExactSizeIterator<Item = Option<usize>>,
) -> fmt::Result {
    let count = dims.len();
    let parts: Vec<String> = dims.map(dim_text).collect();
    if count == 1 {
        write!(f, "({},)", parts[0])
    } else {
        write!(f, "({})", parts.join(", "))
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn partial_shapes_combine_as_tensorflow_does() {
        let a = TensorShape::new(vec![None, Some(3)]);
        let b = TensorShape::new(vec![Some(2), None]);
        let c = TensorShape::new(vec![Some(2), Some(4)]);
        assert!(a.is_compatible_with(&b) && !a.is_compatible_with(&c));
        assert!(a.is_compatible_with(&TensorShape::unknown()));
        assert_eq!(
            a.merge_with(&b),
            Some(TensorShape::new(vec![Some(2), Some(3)]))
        );
        assert_eq!(a.merge_with(&c), None);
        assert_eq!(
            a.most_specific_compatible_shape(&c),
            TensorShape::new(vec![None, None])
        );
        assert_eq!(
            a.concatenate(&TensorShape::unknown()),
            TensorShape::unknown()
        );
    }

    use super::*;

    fn shape(dims: &[usize]) -> Shape {
        Shape::from(dims)
    }

    #[test]
    fn display_forms() {
        assert_eq!(shape(&[2, 3]).to_string(), "(2, 3)");
        assert_eq!(shape(&[2]).to_string(), "(2,)");
        assert_eq!(Shape::scalar().to_string(), "()");
        assert_eq!(shape(&[2, 3]).to_tf_list(), "[2,3]");
        let partial = TensorShape::new(vec![None, Some(3)]);
        assert_eq!(partial.to_string(), "(None, 3)");
        assert_eq!(partial.repr(), "TensorShape([None, 3])");
        assert_eq!(TensorShape::unknown().to_string(), "<unknown>");
        assert_eq!(TensorShape::unknown().repr(), "TensorShape(None)");
        assert_eq!(TensorShape::new(vec![]).repr(), "TensorShape([])");
        assert_eq!(
            TensorShape::from(&shape(&[4, 3])).repr(),
            "TensorShape([4, 3])"
        );
    }

    #[test]
    fn broadcasting() {
        type Case<'a> = (&'a [usize], &'a [usize], Option<&'a [usize]>);
        let cases: &[Case] = &[
            (&[2, 3], &[3], Some(&[2, 3])),
            (&[2, 1], &[1, 3], Some(&[2, 3])),
            (&[], &[4], Some(&[4])),
            (&[0, 1], &[1, 5], Some(&[0, 5])),
            (&[2], &[3], None),
            (&[0], &[2], None),
        ];
        for (lhs, rhs, expected) in cases {
            let result = Shape::broadcast(&shape(lhs), &shape(rhs));
            assert_eq!(result.ok(), expected.map(shape), "{lhs:?} {rhs:?}");
        }
        let error = Shape::broadcast(&shape(&[2]), &shape(&[3])).unwrap_err();
        assert_eq!(error.message(), "Incompatible shapes: [2] vs. [3]");
    }

    #[test]
    fn reshape_targets() {
        let input = shape(&[2, 3]);
        assert_eq!(input.reshape_target(&[3, -1]), Ok(shape(&[3, 2])));
        assert_eq!(input.reshape_target(&[6]), Ok(shape(&[6])));
        // Messages recorded from tensorflow-cpu 2.21.0.
        assert_eq!(
            input.reshape_target(&[4, -1]).unwrap_err().message(),
            "Input to reshape is a tensor with 6 values, but the requested shape requires a \
             multiple of 4"
        );
        assert_eq!(
            input.reshape_target(&[-1, -1]).unwrap_err().message(),
            "Only one input size may be -1, not both 0 and 1"
        );
        assert_eq!(
            input.reshape_target(&[5]).unwrap_err().message(),
            "Input to reshape is a tensor with 6 values, but the requested shape has 5"
        );
        assert_eq!(shape(&[0, 3]).reshape_target(&[0, -1]), Ok(shape(&[0, 0])));
        assert!(input.reshape_target(&[i64::MAX, i64::MAX]).is_err());
    }

    #[test]
    fn axes_and_counts() {
        assert_eq!(Shape::normalize_axis(-1, 3), Some(2));
        assert_eq!(Shape::normalize_axis(3, 3), None);
        assert_eq!(Shape::normalize_axis(-4, 3), None);
        assert_eq!(Shape::normalize_axis(0, 0), None);
        assert_eq!(shape(&[usize::MAX, 2]).num_elements(), None);
        assert_eq!(shape(&[2, 3, 4]).strides(), vec![12, 4, 1]);
    }

    #[test]
    fn a_partial_shape_accepts_values_that_fit_its_known_dimensions() {
        let batch_of_pairs = TensorShape::new(vec![None, Some(2)]);
        assert!(batch_of_pairs.accepts(&[5, 2]));
        assert!(!batch_of_pairs.accepts(&[5, 3]));
        assert!(!batch_of_pairs.accepts(&[2]));
        assert!(TensorShape::unknown().accepts(&[1, 2, 3]));
        assert!(TensorShape::new(vec![]).accepts(&[]));
    }
}
