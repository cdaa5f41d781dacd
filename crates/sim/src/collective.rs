//! Collectives on the machine's links: a ring all-reduce simulated message by message.
//!
//! A ring all-reduce of `n` bytes over `p` devices is a reduce-scatter then an all-gather:
//! `2(p−1)` steps in which every device sends `n/p` bytes to its ring neighbour at once
//! [S54][S56]. Each step ends when its slowest message arrives; messages share links through
//! [`LinkState`], so a ring through a host's PCIe root is slower than one over NVLink, as it
//! is on real machines. With no contention this is exactly the alpha-beta formula
//! `2(p−1)·α + 2·((p−1)/p)·n·β`.

use super::links::LinkState;
use hardware::Hardware;

/// Simulated time of a ring all-reduce of `bytes` over `devices` (indices, in ring order),
/// starting with all links idle. The reduction arithmetic itself is not counted.
pub fn ring_all_reduce_ns(hardware: &Hardware, devices: &[usize], bytes: u64) -> u64 {
    let ranks = devices.len() as u64;
    if ranks < 2 {
        return 0;
    }
    let chunk = bytes.div_ceil(ranks);
    let mut links = LinkState::new(hardware);
    let mut time = 0u64;
    for _ in 0..2 * (ranks - 1) {
        let mut step_end = time;
        for (rank, &src) in devices.iter().enumerate() {
            let dst = devices[(rank + 1) % devices.len()];
            let hops = links.send(hardware, src, dst, chunk, time);
            step_end = step_end.max(hops.last().map_or(time, |hop| hop.end_ns));
        }
        time = step_end;
    }
    time
}

/// The alpha-beta (Hockney) ring all-reduce time in ns: `2(p−1)·α + 2·((p−1)/p)·n/bw`.
pub fn ring_all_reduce_formula_ns(ranks: u64, bytes: u64, alpha_ns: f64, bandwidth: f64) -> f64 {
    if ranks < 2 {
        return 0.0;
    }
    let p = ranks as f64;
    2.0 * (p - 1.0) * alpha_ns + 2.0 * ((p - 1.0) / p) * bytes as f64 / bandwidth * 1e9
}
