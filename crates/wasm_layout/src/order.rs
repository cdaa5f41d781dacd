//! The order of function bodies that gzip compresses best, found greedily.
//!
//! Starting from the body first by name, each step places the unplaced body that deflate
//! encodes most cheaply, relative to its cost alone, after the last 32 KB placed. Deflating
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
/// order on average, slower: on the site's module (about 6,800 functions) 16 candidates gave
/// 1,032 KB gzipped, 32 gave 1,024 KB and 64 gave 1,022 KB, against 1,048 KB for the bodies
/// sorted by name. Past 48 the greedy choices diverge more than they improve: one build of the
/// module gave 1,012.3, 1,011.9, 1,012.4, 1,012.3 and 1,010.7 KB for 48, 56, 64, 72 and 96
/// candidates, so the release build tries several counts and keeps the smallest.
pub const CANDIDATES: usize = 64;

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
        // The least cost relative to the body's cost alone: a / alone[a] < b / alone[b].
        next = deflated
            .iter()
            .zip(&costs)
            .min_by(|&(&a, &cost_a), &(&b, &cost_b)| {
                (cost_a * alone[b])
                    .cmp(&(cost_b * alone[a]))
                    .then(name_rank[a].cmp(&name_rank[b]))
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
