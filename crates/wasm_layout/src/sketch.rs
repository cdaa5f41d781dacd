//! MinHash sketches of function bodies: a cheap estimate of how many 4-byte sequences two bodies
//! share, used to pick the few candidates worth a real deflate.

/// How many hash functions a sketch takes the minimum of.
pub const LEN: usize = 48;

/// A body's sketch: for each of [`LEN`] hash functions, the least hash of the body's 4-byte
/// sequences. Two sketches agree in a slot with the probability that equals the Jaccard
/// similarity of the two bodies' sets of sequences.
pub type Sketch = [u64; LEN];

/// The multipliers and addends of the hash functions, from a fixed-seed SplitMix64 so that every
/// build lays the module out the same way.
fn hash_functions() -> [(u64, u64); LEN] {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    std::array::from_fn(|_| (next() | 1, next()))
}

/// The sketch of every body.
pub fn sketches(bodies: &[&[u8]]) -> Vec<Sketch> {
    let functions = hash_functions();
    bodies
        .iter()
        .map(|body| {
            let mut grams: Vec<u32> = body
                .windows(4)
                .map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
                .collect();
            if grams.is_empty() {
                let mut padded = [0u8; 4];
                padded[..body.len()].copy_from_slice(body);
                grams.push(u32::from_le_bytes(padded));
            }
            grams.sort_unstable();
            grams.dedup();
            std::array::from_fn(|slot| {
                let (a, b) = functions[slot];
                grams
                    .iter()
                    .map(|&g| u64::from(g).wrapping_mul(a).wrapping_add(b))
                    .min()
                    .unwrap_or(u64::MAX)
            })
        })
        .collect()
}

/// How many slots two sketches agree in: [`LEN`] times the estimated similarity.
pub fn agreement(a: &Sketch, b: &Sketch) -> u32 {
    a.iter().zip(b).map(|(x, y)| u32::from(x == y)).sum()
}
