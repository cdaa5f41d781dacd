//! The order of function bodies that gzip compresses best, found greedily.
//!
//! Starting from the body first by name, each step places the unplaced body that deflate
//! saves the most bytes on after the last 32 KB placed, against its cost alone. Deflating
//! every unplaced body at every step would take hours, so only a few candidates, the bodies whose
//! sketches agree most with the last [`RECENT`] placed ones, are deflated. Ties go to the
//! earlier name, so the order is the same on every build of the same module.

use std::collections::VecDeque;

use flate2::{Compress, Compression, FlushCompress, Status};

use crate::sketch::{self, Sketch};

/// Deflate's window: a repeat further back than this is not found.
pub const WINDOW: usize = 32 * 1024;
/// How many of the last placed bodies a candidate's sketch is compared with.
pub const RECENT: usize = 3;
/// How many candidates are deflated at each step unless told otherwise. More finds a better
/// order on average, slower, but the greedy choices also diverge by a KB either way between
/// nearby counts, so the release build tries several and keeps the smallest result. On one
/// build of the site's module (about 6,800 functions; 1,029 KB gzipped with the bodies sorted
/// by name) 64, 96, 112, 128 and 160 candidates gave 999.2, 996.4, 996.8, 996.3 and 996.3 KB.
pub const CANDIDATES: usize = 96;

/// The order to place `bodies` in, as positions into `bodies`, deflating `candidates` bodies
/// at each step; `names` decides the first body and breaks ties.
pub fn compression_order(bodies: &[&[u8]], names: &[String], candidates: usize) -> Vec<usize> {
    let candidates = candidates.max(1);
    let count = bodies.len();
    let mut by_name: Vec<usize> = (0..count).collect();
    by_name.sort_by(|&a, &b| names[a].cmp(&names[b]).then(a.cmp(&b)));
    let Some(&first) = by_name.first() else {
        return Vec::new();
    };
    let mut name_rank = vec![0usize; count];
    for (rank, &position) in by_name.iter().enumerate() {
        name_rank[position] = rank;
    }
    let sketches = sketch::sketches(bodies);
    let mut deflaters = Deflaters::new();
    let alone = deflaters.costs(&[], bodies, &(0..count).collect::<Vec<_>>());

    let mut placed = vec![false; count];
    let mut order = Vec::with_capacity(count);
    let mut window: Vec<u8> = Vec::new();
    let mut recent: VecDeque<Vec<u8>> = VecDeque::with_capacity(RECENT);
    let mut next = first;
    loop {
        placed[next] = true;
        order.push(next);
        window.extend_from_slice(bodies[next]);
        if window.len() > WINDOW {
            window.drain(..window.len() - WINDOW);
        }
        if order.len() == count {
            return order;
        }
        if recent.len() == RECENT {
            recent.pop_front();
        }
        recent.push_back(agreements(&sketches[next], &sketches));

        let mut unplaced: Vec<(u8, usize)> = (0..count)
            .filter(|&j| !placed[j])
            .map(|j| (recent.iter().map(|row| row[j]).max().unwrap_or(0), j))
            .collect();
        let by_score = |a: &(u8, usize), b: &(u8, usize)| {
            b.0.cmp(&a.0).then(name_rank[a.1].cmp(&name_rank[b.1]))
        };
        if unplaced.len() > candidates {
            unplaced.select_nth_unstable_by(candidates - 1, by_score);
            unplaced.truncate(candidates);
        }
        let deflated: Vec<usize> = unplaced.iter().map(|&(_, j)| j).collect();
        let costs = deflaters.costs(&window, bodies, &deflated);
        // The most bytes saved against the body's cost alone. (Choosing the least cost
        // relative to the cost alone instead favours small bodies that repeat the window
        // almost entirely, and left the module 4 KB larger.)
        next = deflated
            .iter()
            .zip(&costs)
            .max_by(|&(&a, &cost_a), &(&b, &cost_b)| {
                let saving_a = alone[a] as i64 - cost_a as i64;
                let saving_b = alone[b] as i64 - cost_b as i64;
                saving_a
                    .cmp(&saving_b)
                    .then(name_rank[b].cmp(&name_rank[a]))
            })
            .map(|(&j, _)| j)
            .expect("an unplaced body remains");
    }
}

/// How many sketch slots each body agrees with `sketch` in.
fn agreements(sketch: &Sketch, sketches: &[Sketch]) -> Vec<u8> {
    sketches
        .iter()
        .map(|other| sketch::agreement(sketch, other) as u8)
        .collect()
}

/// One deflate stream per thread, reused across steps.
struct Deflaters(Vec<Compress>);

impl Deflaters {
    fn new() -> Deflaters {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        Deflaters(
            (0..threads)
                .map(|_| Compress::new(Compression::best(), false))
                .collect(),
        )
    }

    /// The deflated length of each of `bodies[which]` after the dictionary `window`, computed on
    /// every thread.
    fn costs(&mut self, window: &[u8], bodies: &[&[u8]], which: &[usize]) -> Vec<u64> {
        let mut costs = vec![0u64; which.len()];
        let chunk = which.len().div_ceil(self.0.len()).max(1);
        std::thread::scope(|scope| {
            for ((deflater, which), costs) in self
                .0
                .iter_mut()
                .zip(which.chunks(chunk))
                .zip(costs.chunks_mut(chunk))
            {
                scope.spawn(move || {
                    for (&j, cost) in which.iter().zip(costs) {
                        *cost = deflated_len(deflater, window, bodies[j]);
                    }
                });
            }
        });
        costs
    }
}

/// How many bytes raw deflate at level 9 writes for `body` after `window`.
fn deflated_len(deflater: &mut Compress, window: &[u8], body: &[u8]) -> u64 {
    deflater.reset();
    if !window.is_empty() {
        deflater
            .set_dictionary(window)
            .expect("a raw deflate stream accepts a dictionary before its first input");
    }
    let mut out = Vec::with_capacity(body.len() + body.len() / 8 + 64);
    loop {
        let consumed = deflater.total_in() as usize;
        match deflater.compress_vec(&body[consumed..], &mut out, FlushCompress::Finish) {
            Ok(Status::StreamEnd) => return deflater.total_out(),
            Ok(_) => out.reserve(out.capacity().max(64)),
            Err(error) => panic!("deflate failed on an in-memory buffer: {error}"),
        }
    }
}
