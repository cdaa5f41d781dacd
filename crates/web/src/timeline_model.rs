//! The Timeline pane's model: one lane per device that ran ops and one per link that carried
//! transfers (in the topology's order), and a bar for every op and transfer with the text of
//! its tooltip. The same rows, sorted by start time, are the pane's text equivalent.

use crate::devices::short_name;
use crate::graph_layout::{human_bytes, is_transfer_op};
use cpython_text::float_to_decimal::format_fixed;
use engine::report::RunReport;

/// What a lane shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaneKind {
    Device,
    Link,
}

/// One horizontal lane.
#[derive(Debug, Clone, PartialEq)]
pub struct Lane {
    pub kind: LaneKind,
    /// The full device or link name (the key bars refer to).
    pub name: String,
    /// The short label drawn at the lane's start.
    pub label: String,
}

/// One bar: an op on a device lane or a transfer on a link lane.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub lane: usize,
    pub start_us: f64,
    pub dur_us: f64,
    /// Drawn inside the bar when it is wide enough (`MatMul`, `24 B`).
    pub label: String,
    /// What the bar stands for, for its tooltip ([`detail`]): made only for the bars drawn,
    /// so a report of 100k ops does not format 100k sentences.
    pub source: BarSource,
    /// The op's report id, for selecting it.
    pub op: Option<u32>,
    /// The device whose colour the bar takes (the op's device, or a transfer's source).
    pub device: String,
}

/// The report entry a bar draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BarSource {
    /// `report.ops[i]`.
    Op(usize),
    /// `report.transfers[i]`.
    Transfer(usize),
}

/// A bar's tooltip and text-equivalent row: what ran or moved, where, for how long and why.
pub fn detail(report: &RunReport, bar: &Bar) -> String {
    match bar.source {
        BarSource::Op(at) => {
            let Some(op) = report.ops.get(at) else {
                return String::new();
            };
            let kind = if is_transfer_op(op) {
                " (transfer)"
            } else {
                ""
            };
            format!(
                "{} ({}{kind}) on {}: {} µs from {} µs, line {}{}",
                op.name,
                op.op_type,
                short_name(&op.device),
                fmt_us(op.dur_us),
                fmt_us(op.start_us),
                op.line,
                if op.cost.is_empty() {
                    String::new()
                } else {
                    format!("; {}", op.cost)
                }
            )
        }
        BarSource::Transfer(at) => {
            let Some(transfer) = report.transfers.get(at) else {
                return String::new();
            };
            format!(
                "{} ({}) {} → {} over {}: {} µs from {} µs",
                transfer.tensor,
                human_bytes(transfer.bytes),
                short_name(&transfer.src),
                short_name(&transfer.dst),
                transfer.link,
                fmt_us(transfer.dur_us),
                fmt_us(transfer.start_us)
            )
        }
    }
}

/// Lanes and bars of a report.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Timeline {
    pub lanes: Vec<Lane>,
    pub bars: Vec<Bar>,
    /// The end of the last bar, at least 1 µs so scales never divide by zero.
    pub end_us: f64,
    /// Each lane's bars (indices into `bars`) by start time.
    pub by_lane: Vec<Vec<usize>>,
}

/// What the pane draws for a stretch of a lane: a bar, or bars too thin to tell apart at
/// this zoom, merged (a run of 10k eager ops is one shape, not 10k).
#[derive(Debug, Clone, PartialEq)]
pub enum Drawn {
    Bar(usize),
    Cluster {
        lane: usize,
        start_us: f64,
        end_us: f64,
        count: usize,
        /// The first bar of the cluster, whose colour and op it takes.
        first: usize,
    },
}

/// What to draw of `timeline` between `from_us` and `to_us` at `us_per_px` µs per pixel:
/// every bar in that span, with neighbouring bars thinner than two pixels and less than a
/// pixel apart merged. At most about two shapes per pixel per lane, whatever the report's
/// size.
pub fn drawn_bars(timeline: &Timeline, from_us: f64, to_us: f64, us_per_px: f64) -> Vec<Drawn> {
    let thin = 2.0 * us_per_px;
    let mut drawn = Vec::new();
    for (lane, bars) in timeline.by_lane.iter().enumerate() {
        // Bars on a lane run one after another, so their ends are in order as their starts.
        let first = bars.partition_point(|&i| {
            let bar = &timeline.bars[i];
            bar.start_us + bar.dur_us < from_us
        });
        let mut cluster: Option<(f64, f64, usize, usize)> = None;
        let flush = |cluster: &mut Option<(f64, f64, usize, usize)>, drawn: &mut Vec<Drawn>| {
            if let Some((start_us, end_us, count, first)) = cluster.take() {
                drawn.push(if count == 1 {
                    Drawn::Bar(first)
                } else {
                    Drawn::Cluster {
                        lane,
                        start_us,
                        end_us,
                        count,
                        first,
                    }
                });
            }
        };
        for &index in &bars[first..] {
            let bar = &timeline.bars[index];
            if bar.start_us > to_us {
                break;
            }
            let end = bar.start_us + bar.dur_us;
            match &mut cluster {
                Some((_, cluster_end, count, _))
                    if bar.dur_us < thin && bar.start_us <= *cluster_end + us_per_px =>
                {
                    *cluster_end = cluster_end.max(end);
                    *count += 1;
                }
                _ => {
                    flush(&mut cluster, &mut drawn);
                    if bar.dur_us < thin {
                        cluster = Some((bar.start_us, end, 1, index));
                    } else {
                        drawn.push(Drawn::Bar(index));
                    }
                }
            }
        }
        flush(&mut cluster, &mut drawn);
    }
    drawn
}

/// Builds the timeline of a report.
pub fn timeline(report: &RunReport) -> Timeline {
    let mut lanes: Vec<Lane> = Vec::new();
    let lane_of = |kind: LaneKind, name: &str, lanes: &mut Vec<Lane>| -> usize {
        if let Some(index) = lanes.iter().position(|l| l.kind == kind && l.name == name) {
            return index;
        }
        lanes.push(Lane {
            kind,
            name: name.to_string(),
            label: match kind {
                LaneKind::Device => short_name(name),
                LaneKind::Link => name.to_string(),
            },
        });
        lanes.len() - 1
    };
    // Devices first, in the topology's order, then links, so lanes read top-down like the
    // machine.
    let mut device_order: Vec<&str> = report
        .topology
        .devices
        .iter()
        .map(String::as_str)
        .filter(|device| report.ops.iter().any(|op| op.device == *device))
        .collect();
    for op in &report.ops {
        if !op.device.is_empty() && !device_order.contains(&op.device.as_str()) {
            device_order.push(&op.device);
        }
    }
    for device in &device_order {
        lane_of(LaneKind::Device, device, &mut lanes);
    }
    let mut bars = Vec::new();
    for (at, op) in report.ops.iter().enumerate() {
        if op.device.is_empty() {
            continue;
        }
        let lane = lane_of(LaneKind::Device, &op.device, &mut lanes);
        bars.push(Bar {
            lane,
            start_us: finite(op.start_us),
            dur_us: finite(op.dur_us),
            label: op.op_type.clone(),
            source: BarSource::Op(at),
            op: Some(op.id),
            device: op.device.clone(),
        });
    }
    for (at, transfer) in report.transfers.iter().enumerate() {
        let lane = lane_of(LaneKind::Link, &transfer.link, &mut lanes);
        bars.push(Bar {
            lane,
            start_us: finite(transfer.start_us),
            dur_us: finite(transfer.dur_us),
            label: human_bytes(transfer.bytes),
            source: BarSource::Transfer(at),
            op: transfer.consumer,
            device: transfer.src.clone(),
        });
    }
    let end_us = bars
        .iter()
        .map(|bar| bar.start_us + bar.dur_us)
        .fold(1.0f64, f64::max);
    let mut by_lane: Vec<Vec<usize>> = vec![Vec::new(); lanes.len()];
    for (index, bar) in bars.iter().enumerate() {
        by_lane[bar.lane].push(index);
    }
    for lane in &mut by_lane {
        lane.sort_by(|&a, &b| bars[a].start_us.total_cmp(&bars[b].start_us));
    }
    Timeline {
        lanes,
        bars,
        end_us,
        by_lane,
    }
}

/// The bars in start order: the text equivalent of the drawing.
pub fn in_time_order(timeline: &Timeline) -> Vec<&Bar> {
    let mut bars: Vec<&Bar> = timeline.bars.iter().collect();
    bars.sort_by(|a, b| a.start_us.total_cmp(&b.start_us).then(a.lane.cmp(&b.lane)));
    bars
}

/// A keyboard move between the Timeline's bars (the pane's roving focus): along a lane in
/// time, or to the nearest bar in time on the lane above or below.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BarMove {
    /// The bar before on the same lane (Left arrow).
    Earlier,
    /// The bar after on the same lane (Right arrow).
    Later,
    /// The nearest bar in time on the closest lane above that has bars (Up arrow).
    LaneUp,
    /// The nearest bar in time on the closest lane below that has bars (Down arrow).
    LaneDown,
    /// The lane's first bar (Home).
    LaneStart,
    /// The lane's last bar (End).
    LaneEnd,
}

impl BarMove {
    /// The move a key stands for, if any.
    pub fn from_key(key: &str) -> Option<BarMove> {
        Some(match key {
            "ArrowLeft" => BarMove::Earlier,
            "ArrowRight" => BarMove::Later,
            "ArrowUp" => BarMove::LaneUp,
            "ArrowDown" => BarMove::LaneDown,
            "Home" => BarMove::LaneStart,
            "End" => BarMove::LaneEnd,
            _ => return None,
        })
    }
}

/// Bars in time: by start, ties in model order (a total order, so every move is defined).
fn time_order(timeline: &Timeline, a: usize, b: usize) -> std::cmp::Ordering {
    timeline.bars[a]
        .start_us
        .total_cmp(&timeline.bars[b].start_us)
        .then(a.cmp(&b))
}

/// The bar (an index into `timeline.bars`) that `step` moves the focus to from bar `from`;
/// `from` itself at the edge of the timeline, or when `from` is not a bar. Linear scans
/// rather than sorts: a keypress looks at each bar once, and the page's wasm stays small.
pub fn bar_after_move(timeline: &Timeline, from: usize, step: BarMove) -> usize {
    let Some(current) = timeline.bars.get(from) else {
        return from;
    };
    let order = |a: &usize, b: &usize| time_order(timeline, *a, *b);
    let on_lane =
        |lane: usize| (0..timeline.bars.len()).filter(move |&i| timeline.bars[i].lane == lane);
    let same_lane = on_lane(current.lane);
    let moved = match step {
        BarMove::Earlier => same_lane.filter(|i| order(i, &from).is_lt()).max_by(order),
        BarMove::Later => same_lane.filter(|i| order(i, &from).is_gt()).min_by(order),
        BarMove::LaneStart => same_lane.min_by(order),
        BarMove::LaneEnd => same_lane.max_by(order),
        BarMove::LaneUp | BarMove::LaneDown => {
            // The lanes to look at, nearest first.
            let lanes: Vec<usize> = if step == BarMove::LaneUp {
                (0..current.lane).rev().collect()
            } else {
                (current.lane + 1..timeline.lanes.len()).collect()
            };
            let middle = current.start_us + current.dur_us / 2.0;
            let distance = |index: usize| {
                let bar = &timeline.bars[index];
                (bar.start_us + bar.dur_us / 2.0 - middle).abs()
            };
            lanes
                .into_iter()
                .find(|&lane| on_lane(lane).next().is_some())
                .and_then(|lane| {
                    on_lane(lane).min_by(|&a, &b| {
                        distance(a)
                            .total_cmp(&distance(b))
                            .then(time_order(timeline, a, b))
                    })
                })
        }
    };
    moved.unwrap_or(from)
}

/// The bar the Timeline's single Tab stop lands on: the selected op's bar if it has one,
/// otherwise the first bar in time.
pub fn entry_bar(timeline: &Timeline, selected: Option<u32>) -> Option<usize> {
    let on_device = |bar: &Bar| timeline.lanes[bar.lane].kind == LaneKind::Device;
    selected
        .and_then(|op| {
            timeline
                .bars
                .iter()
                .position(|bar| bar.op == Some(op) && on_device(bar))
        })
        .or_else(|| {
            (0..timeline.bars.len()).min_by(|&a, &b| {
                let (a_bar, b_bar) = (&timeline.bars[a], &timeline.bars[b]);
                a_bar
                    .start_us
                    .total_cmp(&b_bar.start_us)
                    .then(a_bar.lane.cmp(&b_bar.lane))
            })
        })
}

/// A time in µs with the precision people read: `0.5`, `12.3`, `1,234`, and three significant
/// digits below 1 µs (`0.00412`), never a bare point (`1.`).
pub fn fmt_us(us: f64) -> String {
    if !us.is_finite() {
        return "?".into();
    }
    if us.abs() >= 1000.0 {
        let whole = us.round() as i64;
        let digits = whole.abs().to_string();
        let mut grouped = String::new();
        for (index, digit) in digits.chars().enumerate() {
            if index > 0 && (digits.len() - index).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(digit);
        }
        if whole < 0 {
            grouped.insert(0, '-');
        }
        grouped
    } else if us.fract() == 0.0 {
        format_fixed(us, Some(0))
    } else {
        // Two decimals, or three significant digits for times under a microsecond.
        let magnitude = us.abs().log10().floor() as i32;
        let decimals = (2 - magnitude).clamp(2, 9) as usize;
        let text = format_fixed(us, Some(decimals));
        let text = text.trim_end_matches('0').trim_end_matches('.');
        match text {
            "" | "-" | "-0" => "0".to_string(),
            other => other.to_string(),
        }
    }
}

/// Times from an untrusted report: a NaN or infinity would poison every scale.
fn finite(us: f64) -> f64 {
    if us.is_finite() {
        us.max(0.0)
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::report::{OpReport, TopologyReport, TransferReport};

    fn op(id: u32, device: &str, start: f64, dur: f64) -> OpReport {
        OpReport {
            id,
            name: format!("op{id}"),
            op_type: "AddV2".into(),
            device: device.into(),
            requested_device: String::new(),
            reason: String::new(),
            inputs: vec![],
            shape: vec![],
            dtype: "float32".into(),
            line: 3,
            start_us: start,
            dur_us: dur,
            execution: "eager".into(),
            launch: 0,
            cost: String::new(),
            input_element: None,
            not_computed: None,
            xla: false,
            class: Default::default(),
        }
    }

    #[test]
    fn lanes_follow_the_topology_then_links() {
        let cpu = "/job:localhost/replica:0/task:0/device:CPU:0";
        let tpu = "/job:worker/replica:0/task:0/device:TPU:0";
        let report = RunReport {
            topology: TopologyReport {
                devices: vec![cpu.into(), tpu.into()],
                ..TopologyReport::default()
            },
            ops: vec![op(0, tpu, 5.0, 2.0), op(1, cpu, 0.0, f64::NAN)],
            transfers: vec![TransferReport {
                src: cpu.into(),
                dst: tpu.into(),
                bytes: 2048,
                link: "PCIe".into(),
                start_us: 1.0,
                dur_us: 3.0,
                tensor: "op1:0".into(),
                producer: Some(1),
                consumer: Some(0),
                send_op: None,
                recv_op: None,
            }],
            ..RunReport::default()
        };
        let timeline = timeline(&report);
        let labels: Vec<&str> = timeline.lanes.iter().map(|l| l.label.as_str()).collect();
        assert_eq!(labels, ["CPU:0", "worker TPU:0", "PCIe"]);
        assert_eq!(timeline.end_us, 7.0);
        assert_eq!(timeline.bars[1].dur_us, 0.0);
        let order: Vec<f64> = in_time_order(&timeline)
            .iter()
            .map(|b| b.start_us)
            .collect();
        assert_eq!(order, [0.0, 1.0, 5.0]);
        assert!(
            detail(&report, &timeline.bars[2]).contains("2.0 KB"),
            "{}",
            detail(&report, &timeline.bars[2])
        );
    }

    /// Two device lanes and a link lane: CPU ops at 0, 10, 20; TPU ops at 4 and 30; one
    /// transfer at 12.
    fn three_lanes() -> Timeline {
        let cpu = "/job:localhost/replica:0/task:0/device:CPU:0";
        let tpu = "/job:worker/replica:0/task:0/device:TPU:0";
        let report = RunReport {
            topology: TopologyReport {
                devices: vec![cpu.into(), tpu.into()],
                ..TopologyReport::default()
            },
            ops: vec![
                op(0, cpu, 20.0, 1.0),
                op(1, cpu, 0.0, 1.0),
                op(2, tpu, 30.0, 1.0),
                op(3, cpu, 10.0, 1.0),
                op(4, tpu, 4.0, 1.0),
            ],
            transfers: vec![TransferReport {
                src: cpu.into(),
                dst: tpu.into(),
                bytes: 8,
                link: "PCIe".into(),
                start_us: 12.0,
                dur_us: 1.0,
                tensor: "op3:0".into(),
                producer: Some(3),
                consumer: Some(2),
                send_op: None,
                recv_op: None,
            }],
            ..RunReport::default()
        };
        timeline(&report)
    }

    #[test]
    fn arrows_walk_a_lane_in_time_and_stop_at_its_ends() {
        let timeline = three_lanes();
        // Bars follow the ops' order: 0 (CPU 20), 1 (CPU 0), 2 (TPU 30), 3 (CPU 10), 4 (TPU 4).
        assert_eq!(bar_after_move(&timeline, 1, BarMove::Later), 3);
        assert_eq!(bar_after_move(&timeline, 3, BarMove::Later), 0);
        assert_eq!(bar_after_move(&timeline, 0, BarMove::Later), 0);
        assert_eq!(bar_after_move(&timeline, 0, BarMove::Earlier), 3);
        assert_eq!(bar_after_move(&timeline, 1, BarMove::Earlier), 1);
        assert_eq!(bar_after_move(&timeline, 3, BarMove::LaneStart), 1);
        assert_eq!(bar_after_move(&timeline, 3, BarMove::LaneEnd), 0);
    }

    #[test]
    fn up_and_down_go_to_the_nearest_bar_in_time_on_the_next_lane() {
        let timeline = three_lanes();
        // CPU at 10 → TPU: 4 is nearer than 30.
        assert_eq!(bar_after_move(&timeline, 3, BarMove::LaneDown), 4);
        // CPU at 20 → TPU: 30 is nearer than 4.
        assert_eq!(bar_after_move(&timeline, 0, BarMove::LaneDown), 2);
        // TPU → the link lane's only bar, and back up to TPU's nearest (4 is 8 away, 30 is 18).
        assert_eq!(bar_after_move(&timeline, 2, BarMove::LaneDown), 5);
        assert_eq!(bar_after_move(&timeline, 5, BarMove::LaneUp), 4);
        // Nothing above the first lane or below the last.
        assert_eq!(bar_after_move(&timeline, 1, BarMove::LaneUp), 1);
        assert_eq!(bar_after_move(&timeline, 5, BarMove::LaneDown), 5);
        // A stale index stays put rather than panicking.
        assert_eq!(bar_after_move(&timeline, 99, BarMove::Later), 99);
    }

    #[test]
    fn keys_map_to_moves() {
        assert_eq!(BarMove::from_key("ArrowUp"), Some(BarMove::LaneUp));
        assert_eq!(BarMove::from_key("End"), Some(BarMove::LaneEnd));
        assert_eq!(BarMove::from_key("a"), None);
    }

    #[test]
    fn the_tab_stop_is_the_selected_op_or_the_first_bar() {
        let timeline = three_lanes();
        assert_eq!(entry_bar(&timeline, None), Some(1));
        // Op 2 is also the transfer's consumer; the stop is its own bar on the TPU lane.
        assert_eq!(entry_bar(&timeline, Some(2)), Some(2));
        assert_eq!(entry_bar(&timeline, Some(77)), Some(1));
        assert_eq!(entry_bar(&Timeline::default(), None), None);
    }

    #[test]
    fn thin_neighbouring_bars_merge_and_only_the_window_is_drawn() {
        let mut report = RunReport::default();
        report.topology.devices = vec!["cpu".into()];
        // 10k back-to-back 1 µs ops, then one long op.
        report.ops = (0..10_000u32)
            .map(|id| op(id, "cpu", f64::from(id), 1.0))
            .chain([op(10_000, "cpu", 10_000.0, 5_000.0)])
            .collect();
        let model = timeline(&report);
        // 15,000 µs over 1,000 px: the 10k thin ops are one shape, the long op another.
        let all = drawn_bars(&model, 0.0, 15_000.0, 15.0);
        assert_eq!(all.len(), 2);
        assert!(matches!(all[0], Drawn::Cluster { count: 10_000, .. }));
        assert_eq!(all[1], Drawn::Bar(10_000));
        // Zoomed in on 100 µs at 0.1 µs per pixel: only the bars in view, each its own.
        let zoomed = drawn_bars(&model, 5_000.0, 5_100.0, 0.1);
        assert!((100..=102).contains(&zoomed.len()), "{}", zoomed.len());
        assert!(zoomed.iter().all(|d| matches!(d, Drawn::Bar(_))));
    }

    #[test]
    fn times_read_well() {
        assert_eq!(fmt_us(0.5), "0.5");
        assert_eq!(fmt_us(31.0), "31");
        assert_eq!(fmt_us(12.345), "12.35");
        assert_eq!(fmt_us(1_234_567.0), "1,234,567");
        assert_eq!(fmt_us(f64::NAN), "?");
        // Never a bare point: 1.004 rounds to 1, small times keep three digits.
        assert_eq!(fmt_us(1.004), "1");
        assert_eq!(fmt_us(0.004123), "0.00412");
        assert_eq!(fmt_us(0.25), "0.25");
        assert_eq!(fmt_us(999.999), "1000");
        assert_eq!(fmt_us(-0.0000000001), "0");
    }
}
