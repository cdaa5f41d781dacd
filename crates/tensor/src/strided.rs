//! NumPy's memory model for arrays: a view is an offset and strides into a base's storage,
//! and an index expression (`a[1:, None, idx, mask]`) selects either a new view (basic
//! indexing shares memory) or a list of elements (advanced indexing copies).
//!
//! The rules follow NumPy's indexing reference: integers and slices apply per axis,
//! `None` inserts an axis, one `...` fills the remaining axes, boolean arrays stand for
//! their `nonzero()` indices, and the integer index arrays broadcast together. When the
//! advanced indices are next to each other their broadcast shape replaces them in place;
//! otherwise it comes first.

/// Where an array's elements live in its base's storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The storage index of the first element.
    pub offset: usize,
    /// The array's dimensions.
    pub dims: Vec<usize>,
    /// Storage steps per axis, in elements (negative for reversed slices, 0 for new axes).
    pub strides: Vec<isize>,
}

/// One part of an index expression.
#[derive(Clone, Debug)]
pub enum Key {
    /// An integer: removes its axis.
    Int(i64),
    /// `start:stop:step`, each optional.
    Slice(Option<i64>, Option<i64>, Option<i64>),
    /// `None` / `np.newaxis`.
    NewAxis,
    /// `...`.
    Ellipsis,
    /// An integer array (values, dims).
    Ints(Vec<i64>, Vec<usize>),
    /// A boolean array (values, dims): indexes as many axes as it has.
    Bools(Vec<bool>, Vec<usize>),
}

/// What an index expression selects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Basic indexing: a view of the same storage.
    View(Layout),
    /// Advanced indexing: runs of storage indices, row-major, in an array of `dims`.
    Picks {
        /// The result's dimensions.
        dims: Vec<usize>,
        /// The storage index where each run starts.
        starts: Vec<usize>,
        /// The elements of each run, consecutive in storage (the trailing axes a gather of
        /// rows copies whole; 1 when nothing is contiguous).
        run: usize,
    },
}

impl Selection {
    /// The selected array's dimensions.
    pub fn dims(&self) -> &[usize] {
        match self {
            Selection::View(layout) => &layout.dims,
            Selection::Picks { dims, .. } => dims,
        }
    }

    /// The storage index of every selected element, row-major.
    pub fn offsets(&self) -> Vec<usize> {
        match self {
            Selection::View(layout) => layout.offsets(),
            Selection::Picks { starts, run, .. } => expand_runs(starts, *run),
        }
    }

    /// The selected elements as runs of consecutive storage indices: each start and the
    /// run's length. A gather copies a run at a time rather than element by element.
    pub fn runs(&self) -> (Vec<usize>, usize) {
        match self {
            Selection::View(layout) => layout.runs(),
            Selection::Picks { starts, run, .. } => (starts.clone(), *run),
        }
    }
}

/// Every storage index of runs of `run` elements from each of `starts`.
fn expand_runs(starts: &[usize], run: usize) -> Vec<usize> {
    if run == 1 {
        return starts.to_vec();
    }
    let mut out = Vec::with_capacity(starts.len() * run);
    for &start in starts {
        out.extend(start..start + run);
    }
    out
}

/// How many trailing elements of `dims` with `strides` are consecutive in storage: the
/// axes, from the last, whose strides are those of a contiguous array.
fn contiguous_tail(dims: &[usize], strides: &[isize]) -> (usize, usize) {
    let mut run = 1usize;
    let mut axes = 0;
    for (&dim, &stride) in dims.iter().zip(strides).rev() {
        if dim != 1 && stride != run as isize {
            break;
        }
        run *= dim;
        axes += 1;
    }
    (axes, run)
}

/// Why an index expression selects nothing, with NumPy's class and text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IndexError {
    /// NumPy's `IndexError` (out of bounds, too many indices, bad mask).
    Index(String),
    /// NumPy's `ValueError` (a slice step of zero).
    Value(String),
    /// A selection larger than the playground computes (`MemoryError`).
    Budget(String),
}

impl IndexError {
    /// The message.
    pub fn message(&self) -> &str {
        match self {
            IndexError::Index(message)
            | IndexError::Value(message)
            | IndexError::Budget(message) => message,
        }
    }
}

/// An advanced index on one source axis: its (broadcast later) indices.
struct Advanced {
    stride: isize,
    size: usize,
    axis: usize,
    values: Vec<i64>,
    dims: Vec<usize>,
}

impl Layout {
    /// A whole contiguous array of `dims` (C order).
    pub fn contiguous(dims: &[usize]) -> Layout {
        Layout {
            offset: 0,
            dims: dims.to_vec(),
            strides: c_strides(dims),
        }
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.dims.iter().product()
    }

    /// True when the array has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when the elements are the storage's, in order, from `offset`.
    pub fn is_c_contiguous(&self) -> bool {
        let mut expected = 1isize;
        for (&dim, &stride) in self.dims.iter().zip(&self.strides).rev() {
            if dim != 1 && stride != expected {
                return false;
            }
            expected *= dim as isize;
        }
        true
    }

    /// The storage index of every element, row-major.
    pub fn offsets(&self) -> Vec<usize> {
        let (starts, run) = self.runs();
        expand_runs(&starts, run)
    }

    /// The layout's elements as runs of consecutive storage indices: where each run
    /// starts, and its length (the contiguous trailing axes' elements).
    pub fn runs(&self) -> (Vec<usize>, usize) {
        let (axes, run) = contiguous_tail(&self.dims, &self.strides);
        let outer = self.dims.len() - axes;
        if run == 0 {
            return (Vec::new(), 0);
        }
        let mut starts = Vec::with_capacity(self.len() / run);
        strided_walk(
            self.offset as isize,
            &self.dims[..outer],
            &self.strides[..outer],
            &mut |at| starts.push(at as usize),
        );
        (starts, run)
    }

    /// Every storage index, one by one (what [`Layout::offsets`] gives, walked directly).
    #[cfg(test)]
    fn offsets_walked(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.len());
        strided_walk(self.offset as isize, &self.dims, &self.strides, &mut |at| {
            out.push(at as usize)
        });
        out
    }

    /// The transposed view (`a.T`): axes reversed.
    pub fn transposed(&self) -> Layout {
        Layout {
            offset: self.offset,
            dims: self.dims.iter().rev().copied().collect(),
            strides: self.strides.iter().rev().copied().collect(),
        }
    }

    /// The view with axes in `order` (a permutation, checked by the caller).
    pub fn permuted(&self, order: &[usize]) -> Layout {
        Layout {
            offset: self.offset,
            dims: order.iter().map(|&axis| self.dims[axis]).collect(),
            strides: order.iter().map(|&axis| self.strides[axis]).collect(),
        }
    }

    /// The same elements as `dims` without copying, when the layout allows it (a
    /// C-contiguous view reshapes to any shape of the same size).
    pub fn reshaped(&self, dims: &[usize]) -> Option<Layout> {
        (self.is_c_contiguous() && dims.iter().product::<usize>() == self.len()).then(|| Layout {
            offset: self.offset,
            dims: dims.to_vec(),
            strides: c_strides(dims),
        })
    }

    /// Applies an index expression.
    pub fn select(&self, keys: &[Key]) -> Result<Selection, IndexError> {
        // A mask of the array's own shape (`a[a > 0]`): its elements where it is true.
        if let [Key::Bools(mask, dims)] = keys {
            if *dims == self.dims {
                let starts: Vec<usize> = self
                    .offsets()
                    .into_iter()
                    .zip(mask)
                    .filter_map(|(offset, &keep)| keep.then_some(offset))
                    .collect();
                return Ok(Selection::Picks {
                    dims: vec![starts.len()],
                    starts,
                    run: 1,
                });
            }
        }
        let mut keys = expand_booleans(keys, self)?;
        // Next to an index array, an integer is an advanced index too (a 0-d one), which
        // decides where the broadcast axes go: `a[0, :, [0, 1]]` has them first.
        if keys.iter().any(|key| matches!(key, Key::Ints(..))) {
            for key in keys.iter_mut() {
                if let Key::Int(index) = key {
                    *key = Key::Ints(vec![*index], Vec::new());
                }
            }
        }
        let consumed = keys
            .iter()
            .filter(|key| !matches!(key, Key::NewAxis | Key::Ellipsis))
            .count();
        if keys
            .iter()
            .filter(|key| matches!(key, Key::Ellipsis))
            .count()
            > 1
        {
            return Err(IndexError::Index(
                "an index can only have a single ellipsis ('...')".into(),
            ));
        }
        if consumed > self.dims.len() {
            return Err(IndexError::Index(format!(
                "too many indices for array: array is {}-dimensional, but {consumed} were indexed",
                self.dims.len()
            )));
        }
        let mut offset = self.offset as isize;
        // Basic result axes, split by whether they come before the first advanced index.
        let mut before: Vec<(usize, isize)> = Vec::new();
        let mut after: Vec<(usize, isize)> = Vec::new();
        let mut advanced: Vec<Advanced> = Vec::new();
        let mut adjacent = true;
        let mut last_advanced: Option<usize> = None;
        let mut axis = 0usize;
        for (position, key) in keys.iter().enumerate() {
            let side = if advanced.is_empty() {
                &mut before
            } else {
                &mut after
            };
            match key {
                Key::Ellipsis => {
                    let fill = self.dims.len() - consumed;
                    for _ in 0..fill {
                        side.push((self.dims[axis], self.strides[axis]));
                        axis += 1;
                    }
                }
                Key::NewAxis => side.push((1, 0)),
                Key::Int(index) => {
                    let at = normalize(*index, self.dims[axis], axis)?;
                    offset += at as isize * self.strides[axis];
                    axis += 1;
                }
                Key::Slice(start, stop, step) => {
                    let (first, count, step) = slice_range(*start, *stop, *step, self.dims[axis])?;
                    offset += first as isize * self.strides[axis];
                    side.push((count, self.strides[axis] * step));
                    axis += 1;
                }
                Key::Ints(values, dims) => {
                    if let Some(previous) = last_advanced {
                        if previous + 1 != position {
                            adjacent = false;
                        }
                    }
                    last_advanced = Some(position);
                    advanced.push(Advanced {
                        stride: self.strides[axis],
                        size: self.dims[axis],
                        axis,
                        values: values.clone(),
                        dims: dims.clone(),
                    });
                    axis += 1;
                }
                Key::Bools(..) => unreachable!("booleans were expanded"),
            }
        }
        for rest in axis..self.dims.len() {
            let side = if advanced.is_empty() {
                &mut before
            } else {
                &mut after
            };
            side.push((self.dims[rest], self.strides[rest]));
        }
        if advanced.is_empty() {
            return Ok(Selection::View(Layout {
                offset: offset as usize,
                dims: before.iter().map(|(dim, _)| *dim).collect(),
                strides: before.iter().map(|(_, stride)| *stride).collect(),
            }));
        }
        if !adjacent {
            before.append(&mut after);
            after = std::mem::take(&mut before);
        }
        let (broadcast, picks) = advanced_offsets(&advanced)?;
        let mut dims: Vec<usize> = before.iter().map(|(dim, _)| *dim).collect();
        dims.extend(&broadcast);
        dims.extend(after.iter().map(|(dim, _)| *dim));
        within_budget(&dims)?;
        let (outer_dims, outer_strides): (Vec<usize>, Vec<isize>) = before.into_iter().unzip();
        let (inner_dims, inner_strides): (Vec<usize>, Vec<isize>) = after.into_iter().unzip();
        // The inner axes a pick copies whole (rows of a contiguous array) are one run.
        let (axes, run) = contiguous_tail(&inner_dims, &inner_strides);
        let walked = inner_dims.len() - axes;
        let (inner_dims, inner_strides) = (&inner_dims[..walked], &inner_strides[..walked]);
        let mut starts = Vec::with_capacity(dims.iter().product::<usize>() / run.max(1));
        if run > 0 {
            strided_walk(offset, &outer_dims, &outer_strides, &mut |outer| {
                for &pick in &picks {
                    strided_walk(outer + pick, inner_dims, inner_strides, &mut |at| {
                        starts.push(at as usize)
                    });
                }
            });
        }
        Ok(Selection::Picks {
            dims,
            starts,
            run: run.max(1),
        })
    }
}

/// Row-major strides of a contiguous array.
pub fn c_strides(dims: &[usize]) -> Vec<isize> {
    let mut strides = vec![1isize; dims.len()];
    for axis in (0..dims.len().saturating_sub(1)).rev() {
        strides[axis] = strides[axis + 1] * dims[axis + 1] as isize;
    }
    strides
}

/// For each element of an array of `target` dims, the index of the element of an array of
/// `source` dims that broadcasting gives it; `None` if `source` does not broadcast.
pub fn broadcast_indices(source: &[usize], target: &[usize]) -> Option<Vec<usize>> {
    if source.len() > target.len() {
        // Leading 1s may be dropped (NumPy assigns a (1, 3) value into a (3,) slot).
        let extra = source.len() - target.len();
        if source[..extra].iter().any(|&dim| dim != 1) {
            return None;
        }
        return broadcast_indices(&source[extra..], target);
    }
    let lead = target.len() - source.len();
    let source_strides = c_strides(source);
    let mut strides = vec![0isize; target.len()];
    for (axis, &dim) in source.iter().enumerate() {
        let wanted = target[lead + axis];
        if dim == wanted {
            strides[lead + axis] = source_strides[axis];
        } else if dim != 1 {
            return None;
        }
    }
    let mut out = Vec::with_capacity(target.iter().product());
    strided_walk(0, target, &strides, &mut |at| out.push(at as usize));
    Some(out)
}

/// NumPy's `(3,)`, `(2, 3)`, `()` text for a shape.
pub fn shape_text(dims: &[usize]) -> String {
    match dims {
        [one] => format!("({one},)"),
        _ => {
            let parts: Vec<String> = dims.iter().map(usize::to_string).collect();
            format!("({})", parts.join(","))
        }
    }
}

/// Calls `visit` with the storage index of each element of a strided array, row-major.
fn strided_walk(offset: isize, dims: &[usize], strides: &[isize], visit: &mut impl FnMut(isize)) {
    if dims.contains(&0) {
        return;
    }
    let Some((&last, outer)) = dims.split_last() else {
        visit(offset);
        return;
    };
    let step = strides[dims.len() - 1];
    let mut index = vec![0usize; outer.len()];
    let mut base = offset;
    loop {
        let mut at = base;
        for _ in 0..last {
            visit(at);
            at += step;
        }
        // Advance the outer odometer.
        let mut axis = outer.len();
        loop {
            if axis == 0 {
                return;
            }
            axis -= 1;
            index[axis] += 1;
            base += strides[axis];
            if index[axis] < outer[axis] {
                break;
            }
            base -= strides[axis] * outer[axis] as isize;
            index[axis] = 0;
        }
    }
}

/// An integer index within an axis of `size`, negative counting from the end.
fn normalize(index: i64, size: usize, axis: usize) -> Result<usize, IndexError> {
    let resolved = if index < 0 {
        index + size as i64
    } else {
        index
    };
    if resolved < 0 || resolved >= size as i64 {
        return Err(IndexError::Index(format!(
            "index {index} is out of bounds for axis {axis} with size {size}"
        )));
    }
    Ok(resolved as usize)
}

/// Python's `slice.indices`: (first index, count, step).
fn slice_range(
    start: Option<i64>,
    stop: Option<i64>,
    step: Option<i64>,
    size: usize,
) -> Result<(usize, usize, isize), IndexError> {
    let step = step.unwrap_or(1);
    if step == 0 {
        return Err(IndexError::Value("slice step cannot be zero".into()));
    }
    let size = size as i64;
    let clamp = |value: Option<i64>, default: i64| -> i64 {
        match value {
            None => default,
            Some(v) if v < 0 => {
                let v = v + size;
                if v < 0 {
                    if step < 0 {
                        -1
                    } else {
                        0
                    }
                } else {
                    v
                }
            }
            Some(v) if v >= size => {
                if step < 0 {
                    size - 1
                } else {
                    size
                }
            }
            Some(v) => v,
        }
    };
    let (start, stop) = if step > 0 {
        (clamp(start, 0), clamp(stop, size))
    } else {
        (clamp(start, size - 1), clamp(stop, -1))
    };
    let count = if step > 0 {
        if stop > start {
            (stop - start + step - 1) / step
        } else {
            0
        }
    } else if start > stop {
        (start - stop + (-step) - 1) / (-step)
    } else {
        0
    };
    let first = if count == 0 { 0 } else { start };
    Ok((first as usize, count as usize, step as isize))
}

/// Boolean arrays become the integer arrays of their `nonzero()`, checked against the
/// axes they index.
fn expand_booleans(keys: &[Key], layout: &Layout) -> Result<Vec<Key>, IndexError> {
    if !keys.iter().any(|key| matches!(key, Key::Bools(..))) {
        return Ok(keys.to_vec());
    }
    let consumed: usize = keys
        .iter()
        .map(|key| match key {
            Key::NewAxis | Key::Ellipsis => 0,
            Key::Bools(_, dims) => dims.len(),
            _ => 1,
        })
        .sum();
    let mut out = Vec::with_capacity(keys.len());
    let mut axis = 0usize;
    for key in keys {
        match key {
            Key::Bools(values, dims) => {
                for (offset, &dim) in dims.iter().enumerate() {
                    let size = layout.dims.get(axis + offset).copied();
                    if size != Some(dim) {
                        let size = size.ok_or_else(|| {
                            IndexError::Index(format!(
                                "too many indices for array: array is {}-dimensional, but {} were indexed",
                                layout.dims.len(),
                                consumed
                            ))
                        })?;
                        return Err(IndexError::Index(format!(
                            "boolean index did not match indexed array along axis {}; size of axis is {size} but size of corresponding boolean axis is {dim}",
                            axis + offset
                        )));
                    }
                }
                let strides = c_strides(dims);
                let hits: Vec<usize> = (0..values.len()).filter(|&i| values[i]).collect();
                for (axis_of_mask, &stride) in strides.iter().enumerate() {
                    let column = hits
                        .iter()
                        .map(|&flat| ((flat / stride as usize) % dims[axis_of_mask]) as i64)
                        .collect();
                    out.push(Key::Ints(column, vec![hits.len()]));
                }
                axis += dims.len();
            }
            Key::Ellipsis => {
                axis += layout.dims.len().saturating_sub(consumed);
                out.push(Key::Ellipsis);
            }
            Key::NewAxis => out.push(Key::NewAxis),
            other => {
                axis += 1;
                out.push(other.clone());
            }
        }
    }
    Ok(out)
}

/// The advanced indices broadcast together: their shape, and for each element of it the
/// storage offset they add.
fn advanced_offsets(advanced: &[Advanced]) -> Result<(Vec<usize>, Vec<isize>), IndexError> {
    let mut shape: Vec<usize> = Vec::new();
    for index in advanced {
        shape = broadcast_dims(&shape, &index.dims).ok_or_else(|| {
            let shapes: Vec<String> = advanced.iter().map(|a| shape_text(&a.dims)).collect();
            IndexError::Index(format!(
                "shape mismatch: indexing arrays could not be broadcast together with shapes {} ",
                shapes.join(" ")
            ))
        })?;
    }
    let count = within_budget(&shape)?;
    let mut picks = vec![0isize; count];
    for index in advanced {
        let map = broadcast_indices(&index.dims, &shape).unwrap_or_default();
        for (pick, &source) in picks.iter_mut().zip(&map) {
            let at = normalize(index.values[source], index.size, index.axis)?;
            *pick += at as isize * index.stride;
        }
    }
    Ok((shape, picks))
}

/// The element count of a selection of `dims`, if the playground may compute it.
fn within_budget(dims: &[usize]) -> Result<usize, IndexError> {
    crate::limits::check_elements(&crate::shape::Shape::new(dims.to_vec()))
        .map_err(|error| IndexError::Budget(error.message))
}

/// The broadcast of two shapes, if they broadcast.
fn broadcast_dims(a: &[usize], b: &[usize]) -> Option<Vec<usize>> {
    let rank = a.len().max(b.len());
    let mut out = vec![0usize; rank];
    for (back, slot) in out.iter_mut().rev().enumerate() {
        let x = if back < a.len() {
            a[a.len() - 1 - back]
        } else {
            1
        };
        let y = if back < b.len() {
            b[b.len() - 1 - back]
        } else {
            1
        };
        *slot = match (x, y) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            _ => return None,
        };
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn slice_key() -> impl Strategy<Value = Key> {
        (
            prop::option::of(-5i64..5),
            prop::option::of(-5i64..5),
            prop::option::of(prop_oneof![
                Just(-2i64),
                Just(-1),
                Just(1),
                Just(2),
                Just(3)
            ]),
        )
            .prop_map(|(start, stop, step)| Key::Slice(start, stop, step))
    }

    proptest! {
        /// Runs of consecutive elements are the same elements as walking one by one.
        #[test]
        fn runs_are_the_walked_offsets(
            dims in prop::collection::vec(0usize..5, 0..4),
            keys in prop::collection::vec(slice_key(), 0..4),
        ) {
            let keys: Vec<Key> = keys.into_iter().take(dims.len()).collect();
            if let Ok(Selection::View(view)) = Layout::contiguous(&dims).select(&keys) {
                prop_assert_eq!(view.offsets(), view.offsets_walked());
            }
        }

        /// A gather of rows is each picked row's elements in turn, whatever the trailing
        /// axes' slices make contiguous or not.
        #[test]
        fn a_gather_of_rows_is_its_rows(
            dims in prop::collection::vec(1usize..5, 1..4),
            rows in prop::collection::vec(0i64..4, 0..5),
            keys in prop::collection::vec(slice_key(), 0..3),
        ) {
            let layout = Layout::contiguous(&dims);
            let rows: Vec<i64> = rows.into_iter().map(|row| row % dims[0] as i64).collect();
            let tail: Vec<Key> = keys.into_iter().take(dims.len() - 1).collect();
            let mut gather = vec![Key::Ints(rows.clone(), vec![rows.len()])];
            gather.extend(tail.iter().cloned());
            let picked = layout.select(&gather).unwrap().offsets();
            let mut expected = Vec::new();
            for &row in &rows {
                let mut one = vec![Key::Int(row)];
                one.extend(tail.iter().cloned());
                expected.extend(layout.select(&one).unwrap().offsets());
            }
            prop_assert_eq!(picked, expected);
        }
    }

    fn picks(dims: &[usize], keys: &[Key]) -> (Vec<usize>, Vec<usize>) {
        let selection = Layout::contiguous(dims).select(keys).unwrap();
        (selection.dims().to_vec(), selection.offsets())
    }

    #[test]
    fn basic_indexing_is_a_view() {
        let layout = Layout::contiguous(&[3, 4]);
        let Selection::View(view) = layout
            .select(&[Key::Slice(None, None, Some(-1)), Key::Int(1)])
            .unwrap()
        else {
            panic!("expected a view")
        };
        assert_eq!(view.dims, vec![3]);
        assert_eq!(view.offsets(), vec![9, 5, 1]);
    }

    #[test]
    fn adjacent_advanced_indices_stay_in_place() {
        let (dims, offsets) = picks(
            &[2, 3, 4],
            &[
                Key::Slice(None, None, None),
                Key::Ints(vec![2, 0], vec![2]),
                Key::Int(1),
            ],
        );
        assert_eq!(dims, vec![2, 2]);
        assert_eq!(offsets, vec![9, 1, 21, 13]);
    }

    #[test]
    fn separated_advanced_indices_come_first() {
        let (dims, offsets) = picks(
            &[2, 3, 4],
            &[
                Key::Ints(vec![1], vec![1]),
                Key::Slice(None, None, None),
                Key::Ints(vec![3], vec![1]),
            ],
        );
        assert_eq!(dims, vec![1, 3]);
        assert_eq!(offsets, vec![15, 19, 23]);
    }

    #[test]
    fn an_integer_beside_an_index_array_is_advanced() {
        let (dims, offsets) = picks(
            &[2, 3, 4],
            &[
                Key::Int(1),
                Key::Slice(None, None, None),
                Key::Ints(vec![0, 3], vec![2]),
            ],
        );
        assert_eq!(dims, vec![2, 3]);
        assert_eq!(offsets, vec![12, 16, 20, 15, 19, 23]);
    }

    #[test]
    fn boolean_masks_pick_true_elements() {
        let mask = vec![true, false, false, true];
        let (dims, offsets) = picks(&[2, 2], &[Key::Bools(mask, vec![2, 2])]);
        assert_eq!(dims, vec![2]);
        assert_eq!(offsets, vec![0, 3]);
    }

    #[test]
    fn errors_use_numpy_texts() {
        let layout = Layout::contiguous(&[3]);
        assert_eq!(
            layout.select(&[Key::Int(3)]).unwrap_err().message(),
            "index 3 is out of bounds for axis 0 with size 3"
        );
        assert_eq!(
            layout
                .select(&[Key::Int(0), Key::Int(0)])
                .unwrap_err()
                .message(),
            "too many indices for array: array is 1-dimensional, but 2 were indexed"
        );
    }

    #[test]
    fn broadcasting_maps_rows() {
        assert_eq!(
            broadcast_indices(&[3], &[2, 3]),
            Some(vec![0, 1, 2, 0, 1, 2])
        );
        assert_eq!(broadcast_indices(&[2, 1], &[2, 2]), Some(vec![0, 0, 1, 1]));
        assert_eq!(broadcast_indices(&[2], &[3]), None);
    }

    #[test]
    fn reshape_of_a_contiguous_view_shares_storage() {
        let rows = Layout::contiguous(&[4, 3])
            .select(&[Key::Slice(Some(1), Some(3), None)])
            .unwrap();
        let Selection::View(view) = rows else {
            panic!()
        };
        assert_eq!(
            view.reshaped(&[6]).unwrap().offsets(),
            (3..9).collect::<Vec<_>>()
        );
        assert!(view.transposed().reshaped(&[6]).is_none());
    }
}
