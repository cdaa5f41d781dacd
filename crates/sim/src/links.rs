//! Links as shared resources: each direction of each link is busy while a message crosses it.
//!
//! A message takes its route cut-through (DMA engines and switches pipeline it): it starts
//! when every link direction on the route is free, occupies each for `bytes / bandwidth` of
//! that link, and arrives after the slowest link's transmit time plus the sum of latencies.
//! So `T = α + n·β` per message (Hockney) with α the route's latency and β the bottleneck's
//! inverse bandwidth, which is what collective formulas assume [S54][S55].
//!
//! Messages are sent in program order, which is not time order: replica 0's whole step is
//! recorded before replica 1's input arrives. So a link direction keeps every interval it
//! is busy and a message takes the earliest gap at or after its ready time that fits it
//! (backfilling), as the link would have carried it had the messages come in time order.

use super::schedule::HopTiming;
use hardware::Hardware;

/// The busy intervals of one link direction, sorted and disjoint (`[start, end)` in ns).
#[derive(Debug, Clone, Default, PartialEq)]
struct Timeline {
    busy: Vec<(u64, u64)>,
}

impl Timeline {
    /// The earliest instant at or after `from` at which the direction is free for
    /// `duration` ns.
    fn earliest_gap(&self, from: u64, duration: u64) -> u64 {
        let mut start = from;
        let first = self.busy.partition_point(|&(_, end)| end <= start);
        for &(busy_start, busy_end) in &self.busy[first..] {
            if busy_start >= start.saturating_add(duration) {
                break;
            }
            start = start.max(busy_end);
        }
        start
    }

    /// Marks `[start, end)` busy; it must lie in a gap. Touching intervals merge, so a link
    /// kept busy back to back stays one interval.
    fn occupy(&mut self, start: u64, end: u64) {
        if end <= start {
            return;
        }
        let at = self.busy.partition_point(|&(s, _)| s < start);
        let joins_previous = at > 0 && self.busy[at - 1].1 == start;
        let joins_next = at < self.busy.len() && self.busy[at].0 == end;
        match (joins_previous, joins_next) {
            (true, true) => {
                self.busy[at - 1].1 = self.busy[at].1;
                self.busy.remove(at);
            }
            (true, false) => self.busy[at - 1].1 = end,
            (false, true) => self.busy[at].0 = start,
            (false, false) => self.busy.insert(at, (start, end)),
        }
    }
}

/// When each link direction is busy.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkState {
    directions: Vec<[Timeline; 2]>,
}

impl LinkState {
    /// Every link idle at time 0.
    pub fn new(hardware: &Hardware) -> LinkState {
        LinkState {
            directions: vec![Default::default(); hardware.links.len()],
        }
    }

    /// Sends `bytes` from device `src` to device `dst`, ready at `ready_ns`; returns the hops
    /// (empty when both devices share an endpoint, e.g. a host and its system device).
    pub fn send(
        &mut self,
        hardware: &Hardware,
        src: usize,
        dst: usize,
        bytes: u64,
        ready_ns: u64,
    ) -> Vec<HopTiming> {
        let route = hardware.route(src, dst);
        let transmits: Vec<u64> = route
            .iter()
            .map(|hop| {
                let link = &hardware.links[hop.link];
                (bytes as f64 / link.bandwidth_bytes_per_s * 1e9).ceil() as u64
            })
            .collect();
        // The earliest start at which every hop has room: move past each conflict until
        // no hop has one (the start only grows, and each timeline is finite).
        let mut start = ready_ns;
        loop {
            let fitted = route
                .iter()
                .zip(&transmits)
                .map(|(hop, &transmit)| {
                    self.directions[hop.link][usize::from(!hop.forward)]
                        .earliest_gap(start, transmit)
                })
                .fold(start, u64::max);
            if fitted == start {
                break;
            }
            start = fitted;
        }
        let mut latency = 0u64;
        let mut slowest = 0u64;
        let mut hops = Vec::with_capacity(route.len());
        for (hop, &transmit) in route.iter().zip(&transmits) {
            self.directions[hop.link][usize::from(!hop.forward)].occupy(start, start + transmit);
            latency += hardware.links[hop.link].latency_ns;
            slowest = slowest.max(transmit);
            hops.push(HopTiming {
                link: hop.link,
                forward: hop.forward,
                start_ns: start,
                end_ns: start + transmit,
            });
        }
        let arrival = start + slowest + latency;
        if let Some(last) = hops.last_mut() {
            last.end_ns = arrival;
        }
        hops
    }
}

#[cfg(test)]
mod tests {
    use super::Timeline;

    #[test]
    fn a_message_fills_an_earlier_gap() {
        let mut line = Timeline::default();
        line.occupy(100, 200);
        assert_eq!(line.earliest_gap(0, 50), 0);
        assert_eq!(line.earliest_gap(0, 150), 200);
        assert_eq!(line.earliest_gap(120, 10), 200);
        line.occupy(0, 50);
        assert_eq!(line.earliest_gap(0, 60), 200);
        assert_eq!(line.earliest_gap(0, 50), 50);
    }

    #[test]
    fn touching_intervals_merge() {
        let mut line = Timeline::default();
        line.occupy(0, 10);
        line.occupy(20, 30);
        line.occupy(10, 20);
        assert_eq!(line.busy, [(0, 30)]);
        line.occupy(40, 50);
        line.occupy(30, 35);
        assert_eq!(line.busy, [(0, 35), (40, 50)]);
    }
}
