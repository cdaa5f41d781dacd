//! The order in which a libstdc++ `std::unordered_map<std::string, T>` iterates its keys.
//!
//! TensorFlow's placer prints the op types of a colocation group from such a map
//! (`ColocationGraph::DebugInfo`'s `type_to_devices`), so its error text lists them in the
//! hash table's order, not in insertion or alphabetical order. This module reproduces it:
//! `std::hash<std::string>` (`_Hash_bytes`, a 64-bit Murmur variant), the prime rehash
//! policy, and the singly linked node list that puts a key in a new bucket at the front.
//! `tools/gen_cpp_map_order.cpp` records real libstdc++ orders for the tests.

/// `std::hash<std::string>` on 64-bit libstdc++: `_Hash_bytes(data, len, 0xc70f6907)`.
fn std_hash(key: &[u8]) -> u64 {
    const MUL: u64 = (0xc6a4_a793 << 32) + 0x5bd1_e995;
    let shift_mix = |v: u64| v ^ (v >> 47);
    let aligned = key.len() & !7;
    let mut hash = 0xc70f_6907u64 ^ (key.len() as u64).wrapping_mul(MUL);
    for chunk in key[..aligned].chunks_exact(8) {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let data = shift_mix(word.wrapping_mul(MUL)).wrapping_mul(MUL);
        hash ^= data;
        hash = hash.wrapping_mul(MUL);
    }
    let tail = &key[aligned..];
    if !tail.is_empty() {
        let data = tail
            .iter()
            .rev()
            .fold(0u64, |acc, byte| (acc << 8) + u64::from(*byte));
        hash ^= data;
        hash = hash.wrapping_mul(MUL);
    }
    hash = shift_mix(hash).wrapping_mul(MUL);
    shift_mix(hash)
}

/// `_Prime_rehash_policy::_M_next_bkt`: the bucket count for at least `n` buckets, and the
/// element count that triggers the next rehash (maximum load factor 1).
fn next_bucket_count(n: usize) -> (usize, usize) {
    const FAST: [usize; 14] = [2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13];
    if n == 0 {
        return (1, 0);
    }
    if n < FAST.len() {
        return (FAST[n], FAST[n]);
    }
    let is_prime = |k: usize| {
        k >= 2
            && (2..)
                .take_while(|d| d * d <= k)
                .all(|d| !k.is_multiple_of(d))
    };
    let prime = (n..).find(|k| is_prime(*k)).unwrap_or(n);
    (prime, prime)
}

/// Where a bucket's run starts: after the list head or after a node.
#[derive(Clone, Copy, PartialEq)]
enum Before {
    Head,
    Node(usize),
}

/// The keys of a map built by `map[key] = ...` for each of `keys` in order (repeats only
/// overwrite), in the map's iteration order.
pub fn iteration_order<'a>(keys: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut nodes: Vec<(&str, u64)> = Vec::new();
    let mut next: Vec<Option<usize>> = Vec::new();
    let mut head: Option<usize> = None;
    let mut buckets: Vec<Option<Before>> = vec![None];
    let mut next_resize = 0usize;
    for key in keys {
        if nodes.iter().any(|(existing, _)| *existing == key) {
            continue;
        }
        // `_M_need_rehash(bucket_count, size, 1)`.
        let wanted = nodes.len() + 1;
        if wanted > next_resize {
            let minimum = wanted.max(if next_resize == 0 { 11 } else { 0 });
            if minimum >= buckets.len() {
                let (count, resize) = next_bucket_count((minimum + 1).max(buckets.len() * 2));
                next_resize = resize;
                // `_M_rehash_aux`: walk the list, rebuilding buckets.
                let mut new_buckets = vec![None; count];
                let mut node = head;
                head = None;
                let mut first_bucket = 0;
                while let Some(index) = node {
                    let following = next[index];
                    let bucket = (nodes[index].1 % count as u64) as usize;
                    match new_buckets[bucket] {
                        None => {
                            next[index] = head;
                            head = Some(index);
                            new_buckets[bucket] = Some(Before::Head);
                            if next[index].is_some() {
                                new_buckets[first_bucket] = Some(Before::Node(index));
                            }
                            first_bucket = bucket;
                        }
                        Some(Before::Head) => {
                            next[index] = head;
                            head = Some(index);
                        }
                        Some(Before::Node(before)) => {
                            next[index] = next[before];
                            next[before] = Some(index);
                        }
                    }
                    node = following;
                }
                buckets = new_buckets;
            } else {
                next_resize = buckets.len();
            }
        }
        // `_M_insert_bucket_begin`.
        let hash = std_hash(key.as_bytes());
        let index = nodes.len();
        nodes.push((key, hash));
        next.push(None);
        let count = buckets.len() as u64;
        let bucket = (hash % count) as usize;
        match buckets[bucket] {
            Some(Before::Head) => {
                next[index] = head;
                head = Some(index);
            }
            Some(Before::Node(before)) => {
                next[index] = next[before];
                next[before] = Some(index);
            }
            None => {
                next[index] = head;
                head = Some(index);
                if let Some(following) = next[index] {
                    let following_bucket = (nodes[following].1 % count) as usize;
                    buckets[following_bucket] = Some(Before::Node(index));
                }
                buckets[bucket] = Some(Before::Head);
            }
        }
    }
    let mut order = Vec::with_capacity(nodes.len());
    let mut node = head;
    while let Some(index) = node {
        order.push(nodes[index].0);
        node = next[index];
    }
    order
}

#[cfg(test)]
#[path = "cpp_map_order_cases.rs"]
mod cases;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_libstdcxx() {
        for (inserted, iterated) in cases::CASES {
            assert_eq!(
                iteration_order(inserted.iter().copied()),
                *iterated,
                "inserting {inserted:?}"
            );
        }
    }
}
