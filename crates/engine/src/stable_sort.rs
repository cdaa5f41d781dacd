//! One stable sort for the whole engine and the crates built on it (lessons, web), to keep
//! the browser bundle small.
//!
//! Every `slice::sort_by` call with a new element or comparator type compiles another copy of
//! the standard library's driftsort (several KB of wasm each), and the worker's gzipped size has
//! a budget. [`sort_stable_by`] and [`sort_stable_by_key`] sort a list of indices with a `dyn`
//! comparator, so the sort itself is compiled once, then move the elements into that order.
//! Equal elements keep their order, as `sort_by` keeps them.

use std::cmp::Ordering;

/// Sorts `items` by `compare`, keeping equal elements in their original order (a stable sort,
/// like `slice::sort_by`) while sharing one compiled sort with every other caller.
pub fn sort_stable_by<T>(items: &mut Vec<T>, mut compare: impl FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let order = stable_order(items.len(), &mut |a, b| compare(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.into_iter().filter_map(|index| slots[index].take()));
}

/// Sorts `items` by the key `key` returns, keeping equal keys in their original order (like
/// `slice::sort_by_key`).
pub fn sort_stable_by_key<T, K: Ord>(items: &mut Vec<T>, mut key: impl FnMut(&T) -> K) {
    sort_stable_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The indices `0..len` in the stable order `compare` (on indices) gives: the one
/// instantiation of the standard library's stable sort behind both functions above.
#[inline(never)]
fn stable_order(len: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_keep_their_order() {
        let mut items = vec![(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd'), (0, 'e')];
        sort_stable_by_key(&mut items, |&(key, _)| key);
        assert_eq!(items, [(0, 'e'), (1, 'b'), (1, 'd'), (2, 'a'), (2, 'c')]);
    }

    #[test]
    fn matches_the_standard_stable_sort() {
        let mut state = 12345u64;
        for len in 0..200 {
            let mut items: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                    ((state >> 60) as u8, i)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|item| std::cmp::Reverse(item.0));
            sort_stable_by(&mut items, |a, b| b.0.cmp(&a.0));
            assert_eq!(items, expected);
        }
    }
}
