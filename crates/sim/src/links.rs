//! Links as shared resources: each direction of each link is busy while a message crosses it.
//!
//! A message takes its route cut-through (DMA engines and switches pipeline it): it starts
//! when every link direction on the route is free, occupies each for `bytes / bandwidth` of
//! that link, and arrives after the slowest link's transmit time plus the sum of latencies.
//! So `T = α + n·β` per message (Hockney) with α the route's latency and β the bottleneck's
//! inverse bandwidth, which is what collective formulas assume [S54][S55].

use super::schedule::HopTiming;
use hardware::Hardware;

/// When each link direction is next free.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkState {
    free_ns: Vec<[u64; 2]>,
}

impl LinkState {
    /// Every link idle at time 0.
    pub fn new(hardware: &Hardware) -> LinkState {
        LinkState {
            free_ns: vec![[0, 0]; hardware.links.len()],
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
        let start = route
            .iter()
            .map(|hop| self.free_ns[hop.link][usize::from(!hop.forward)])
            .fold(ready_ns, u64::max);
        let mut latency = 0u64;
        let mut slowest = 0u64;
        let mut hops = Vec::with_capacity(route.len());
        for hop in route {
            let link = &hardware.links[hop.link];
            let transmit = (bytes as f64 / link.bandwidth_bytes_per_s * 1e9).ceil() as u64;
            self.free_ns[hop.link][usize::from(!hop.forward)] = start + transmit;
            latency += link.latency_ns;
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
