//! Unit tests of datasets without the interpreter: cardinality rules, iteration order of
//! each transformation, batching errors and the cache.

use super::*;
use tensor::Shape;

/// No dataset here has a map function.
struct NoFunctions;

impl ElementFunctions for NoFunctions {
    fn call_element_function(
        &mut self,
        _function: ConcreteFunctionId,
        _args: &[Tensor],
    ) -> TfResult<(Vec<Tensor>, u64)> {
        Err(TfError::internal("no functions in these tests"))
    }

    fn host_cores(&self) -> u32 {
        4
    }

    fn copy_ns(&self, bytes: u64) -> u64 {
        bytes
    }
}

fn values(dataset: &Dataset) -> Vec<Vec<i64>> {
    let mut iterator = DatasetIterator::new(dataset);
    let mut out = Vec::new();
    while let Some(element) = iterator.next(&mut NoFunctions).unwrap() {
        out.push(element[0].to_i64_vec().unwrap());
        assert!(out.len() < 1000, "runaway iteration");
    }
    out
}

fn flat(dataset: &Dataset) -> Vec<i64> {
    values(dataset).into_iter().flatten().collect()
}

#[test]
fn range_lengths_follow_python() {
    assert_eq!(range_len(0, 10, 3), 4);
    assert_eq!(range_len(10, 0, -3), 4);
    assert_eq!(range_len(0, 10, -1), 0);
    assert_eq!(range_len(5, 5, 1), 0);
    let ds = Dataset::range(2, 9, 3).unwrap();
    assert_eq!(flat(&ds), vec![2, 5, 8]);
    assert_eq!(ds.cardinality(), 3);
}

#[test]
fn batch_take_skip_shard_and_repeat() {
    let ds = Dataset::range(0, 10, 1).unwrap();
    assert_eq!(
        values(&ds.batch(4, false).unwrap()),
        vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7], vec![8, 9]]
    );
    assert_eq!(ds.batch(4, false).unwrap().cardinality(), 3);
    assert_eq!(ds.batch(4, true).unwrap().cardinality(), 2);
    assert_eq!(flat(&ds.skip(7)), vec![7, 8, 9]);
    assert_eq!(flat(&ds.take(2)), vec![0, 1]);
    assert_eq!(flat(&ds.shard(3, 1).unwrap()), vec![1, 4, 7]);
    assert_eq!(ds.shard(3, 1).unwrap().cardinality(), 3);
    assert_eq!(flat(&ds.take(2).repeat(2)), vec![0, 1, 0, 1]);
    assert_eq!(ds.repeat(-1).cardinality(), INFINITE);
    assert_eq!(ds.repeat(-1).take(3).cardinality(), 3);
    assert_eq!(flat(&ds.repeat(-1).take(12)).len(), 12);
    assert_eq!(Dataset::range(0, 0, 1).unwrap().repeat(-1).cardinality(), 0);
    assert!(flat(&Dataset::range(0, 0, 1).unwrap().repeat(-1)).is_empty());
    assert_eq!(
        flat(&ds.batch(3, false).unwrap().unbatch().unwrap()).len(),
        10
    );
}

#[test]
fn shuffle_is_a_seeded_permutation() {
    let ds = Dataset::range(0, 20, 1).unwrap();
    let shuffled = ds.shuffle(8, Some([87654321, 3]), false).unwrap();
    let first = flat(&shuffled);
    let mut sorted = first.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..20).collect::<Vec<_>>());
    assert_eq!(first, flat(&shuffled), "same seed, same order");
    assert_ne!(first, (0..20).collect::<Vec<_>>());
}

#[test]
fn host_costs_split_at_the_last_prefetch() {
    let ds = Dataset::range(0, 8, 1).unwrap();
    let rows = Tensor::from_vec(Shape::new(vec![4, 2]), vec![0i64; 8]).unwrap();
    let slices = Dataset::from_tensor_slices(Structure::Leaf, vec![rows]).unwrap();
    // No prefetch at the end: tf.data injects one, so all the work is background work.
    let mut plain = DatasetIterator::new(&slices.batch(2, false).unwrap());
    plain.next(&mut NoFunctions).unwrap();
    assert_eq!(plain.prefetch(), iterator::AUTOTUNE_PREFETCH);
    assert_eq!(plain.last_cost().inline_ns, 0);
    assert_eq!(plain.last_cost().background_ns, 2 * 16 + 32);
    // A prefetch before the batch: the batch copy is the consumer's inline work.
    let early = slices.prefetch(3).unwrap().batch(2, false).unwrap();
    let mut early = DatasetIterator::new(&early);
    early.next(&mut NoFunctions).unwrap();
    assert_eq!(early.prefetch(), iterator::AUTOTUNE_PREFETCH);
    assert_eq!(
        early.last_cost().background_ns + early.last_cost().inline_ns,
        2 * 16 + 32
    );
    let last = DatasetIterator::new(&ds.prefetch(5).unwrap());
    assert_eq!(last.prefetch(), 5);
}

#[test]
fn cache_fills_on_a_complete_pass() {
    let ds = Dataset::range(0, 3, 1).unwrap().cache();
    let DatasetNode::Cache { store, .. } = ds.node() else {
        panic!("not a cache node");
    };
    let mut partial = DatasetIterator::new(&ds);
    partial.next(&mut NoFunctions).unwrap();
    assert!(store.borrow().is_none(), "a partial pass leaves it empty");
    assert_eq!(flat(&ds), vec![0, 1, 2]);
    assert_eq!(store.borrow().as_ref().map(Vec::len), Some(3));
    assert_eq!(flat(&ds), vec![0, 1, 2]);
}

#[test]
fn slices_zip_and_specs() {
    let xs = Tensor::from_vec(
        Shape::new(vec![3, 2]),
        vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0],
    )
    .unwrap();
    let ys = Tensor::from_vec(Shape::new(vec![3]), vec![7i32, 8, 9]).unwrap();
    let ds = Dataset::from_tensor_slices(
        Structure::Tuple(vec![Structure::Leaf, Structure::Leaf]),
        vec![xs, ys],
    )
    .unwrap();
    assert_eq!(
        ds.element_spec().repr(),
        "(TensorSpec(shape=(2,), dtype=tf.float32, name=None), TensorSpec(shape=(), dtype=tf.int32, name=None))"
    );
    assert_eq!(
        ds.batch(2, false).unwrap().element_spec().components[0]
            .shape
            .to_string(),
        "(None, 2)"
    );
    let zipped = Dataset::zip(
        vec![ds.clone(), Dataset::range(0, 2, 1).unwrap()],
        Structure::Tuple(vec![
            Structure::Tuple(vec![Structure::Leaf, Structure::Leaf]),
            Structure::Leaf,
        ]),
    )
    .unwrap();
    assert_eq!(zipped.cardinality(), 2);
    let mut iterator = DatasetIterator::new(&zipped);
    let first = iterator.next(&mut NoFunctions).unwrap().unwrap();
    assert_eq!(first.len(), 3);
    assert_eq!(first[2].to_i64_vec(), Some(vec![0]));
    assert!(iterator.next(&mut NoFunctions).unwrap().is_some());
    assert!(iterator.next(&mut NoFunctions).unwrap().is_none());
}

#[test]
fn ragged_components_fail_at_iteration() {
    let a = Dataset::from_tensors(
        Structure::Leaf,
        vec![Tensor::from_vec(Shape::new(vec![2]), vec![1i64, 2]).unwrap()],
    )
    .unwrap();
    let b = Dataset::from_tensors(
        Structure::Leaf,
        vec![Tensor::from_vec(Shape::new(vec![3]), vec![1i64, 2, 3]).unwrap()],
    )
    .unwrap();
    let pairs = Dataset::zip(
        vec![a.clone(), b.clone()],
        Structure::Tuple(vec![Structure::Leaf, Structure::Leaf]),
    )
    .unwrap();
    let error = DatasetIterator::new(&pairs.unbatch().unwrap())
        .next(&mut NoFunctions)
        .unwrap_err();
    assert!(
        error.message.contains("same batch size"),
        "{}",
        error.message
    );
    let unbatched_a = a.unbatch().unwrap();
    let error = DatasetIterator::new(&unbatched_a.batch(2, false).unwrap())
        .next(&mut NoFunctions)
        .map(|element| element.map(|e| e.len()));
    assert_eq!(error.unwrap(), Some(1));
}

/// Interleave functions that return `range(x)` for each element `x`.
struct RangeOfEach;

impl ElementFunctions for RangeOfEach {
    fn call_element_function(
        &mut self,
        _function: ConcreteFunctionId,
        _args: &[Tensor],
    ) -> TfResult<(Vec<Tensor>, u64)> {
        Err(TfError::internal("no functions in these tests"))
    }

    fn host_cores(&self) -> u32 {
        4
    }

    fn copy_ns(&self, bytes: u64) -> u64 {
        bytes
    }

    fn interleave_dataset(&mut self, _function: u32, element: &[Tensor]) -> TfResult<Dataset> {
        let x = element[0].to_i64_vec().unwrap()[0];
        Dataset::range(0, x, 1)
    }
}

fn interleaved(dataset: &Dataset) -> Vec<i64> {
    let mut iterator = DatasetIterator::new(dataset);
    let mut out = Vec::new();
    while let Some(element) = iterator.next(&mut RangeOfEach).unwrap() {
        out.extend(element[0].to_i64_vec().unwrap());
        assert!(out.len() < 1000, "runaway iteration");
    }
    out
}

#[test]
fn interleave_cycles_blocks_in_tensorflow_order() {
    let spec = Dataset::range(0, 1, 1).unwrap().element_spec().clone();
    let ds = Dataset::range(1, 5, 1).unwrap();
    // Printed by TensorFlow 2.21 for range(1, 5).interleave(range, cycle_length=2).
    let one = ds.interleave(0, 2, 1, None, spec.clone()).unwrap();
    assert_eq!(interleaved(&one), vec![0, 0, 1, 0, 1, 0, 2, 1, 2, 3]);
    assert_eq!(one.cardinality(), UNKNOWN);
    // cycle_length=2, block_length=2.
    let blocks = ds
        .interleave(0, 2, 2, Some(AUTOTUNE), spec.clone())
        .unwrap();
    assert_eq!(interleaved(&blocks), vec![0, 0, 1, 0, 1, 2, 0, 1, 2, 3]);
    assert!(ds.interleave(0, 0, 1, None, spec.clone()).is_err());
    assert!(ds.interleave(0, 2, 0, None, spec).is_err());
}

#[test]
fn generators_need_a_runner_that_can_call_them() {
    let spec = Dataset::range(0, 1, 1).unwrap().element_spec().clone();
    let ds = Dataset::from_generator(0, spec);
    assert_eq!(ds.cardinality(), UNKNOWN);
    let mut iterator = DatasetIterator::new(&ds);
    assert!(iterator.next(&mut NoFunctions).is_err());
}
