//! The Graph pane's layout: a layered drawing of the report's ops, left to right. Each op
//! sits one layer right of its deepest input (longest path), ops in a layer are ordered by
//! the mean position of their inputs (one barycentre sweep) and then by device, so ops of
//! one device cluster. Edges between devices carry the bytes the transfer moved. Pure
//! geometry, tested natively; the component only draws it.

use cpython_text::float_to_decimal::format_fixed;
use engine::report::{OpReport, TransferReport};

/// Width of a node box, in SVG units.
pub const NODE_WIDTH: f64 = 150.0;
/// Height of a node box.
pub const NODE_HEIGHT: f64 = 40.0;
const LAYER_GAP: f64 = 70.0;
const ROW_GAP: f64 = 18.0;
const MARGIN: f64 = 16.0;
/// At most this many ops are drawn; the text equivalent lists them all.
pub const MAX_DRAWN_OPS: usize = 300;

/// One drawn op.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// The op's report id.
    pub id: u32,
    pub x: f64,
    pub y: f64,
    pub layer: usize,
}

/// One drawn edge from an input to the op that consumes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Edge {
    pub from: u32,
    pub to: u32,
    /// The two ops ran on different devices.
    pub cross_device: bool,
    /// Bytes the transfer for this edge moved, when the report recorded one.
    pub bytes: Option<u64>,
}

/// The whole drawing.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Layout {
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
    pub width: f64,
    pub height: f64,
    /// Ops left out because of [`MAX_DRAWN_OPS`].
    pub omitted: usize,
}

/// Where the op with report id `id` is in `ops`. Reports number ops by position, so that is
/// tried first; a report that does not (it is untrusted input) falls back to a scan. No hash
/// map: this keeps a whole map implementation out of the page's wasm.
pub fn op_index(ops: &[OpReport], id: u32) -> Option<usize> {
    match ops.get(id as usize) {
        Some(op) if op.id == id => Some(id as usize),
        _ => ops.iter().position(|op| op.id == id),
    }
}

/// The partitioner's bookkeeping ops, shown as edge labels rather than nodes.
pub fn is_transfer_op(op: &OpReport) -> bool {
    op.op_type == "_Send" || op.op_type == "_Recv"
}

/// Lays out the ops (in report order) and the edges among them.
pub fn layout(ops: &[OpReport], transfers: &[TransferReport]) -> Layout {
    let drawn: Vec<&OpReport> = ops.iter().filter(|op| !is_transfer_op(op)).collect();
    let omitted = drawn.len().saturating_sub(MAX_DRAWN_OPS);
    let drawn = &drawn[..drawn.len().min(MAX_DRAWN_OPS)];
    // Report position → drawn position, for following inputs.
    let mut drawn_at: Vec<Option<usize>> = vec![None; ops.len()];
    for (index, op) in drawn.iter().enumerate() {
        if let Some(at) = op_index(ops, op.id) {
            drawn_at[at] = Some(index);
        }
    }
    let index_of = |id: u32| op_index(ops, id).and_then(|at| drawn_at[at]);
    // An input counts only when it comes earlier in the report: a report is in creation
    // order, so this also makes a cycle (impossible, but the input is untrusted) harmless.
    let inputs: Vec<Vec<usize>> = drawn
        .iter()
        .enumerate()
        .map(|(index, op)| {
            op.inputs
                .iter()
                .filter_map(|&input| index_of(input))
                .filter(|&input| input < index)
                .collect()
        })
        .collect();
    let mut layer = vec![0usize; drawn.len()];
    for index in 0..drawn.len() {
        layer[index] = inputs[index]
            .iter()
            .map(|&input| layer[input] + 1)
            .max()
            .unwrap_or(0);
    }
    let layer_count = layer.iter().max().map_or(0, |deepest| deepest + 1);
    let mut rows: Vec<Vec<usize>> = vec![Vec::new(); layer_count];
    let mut position = vec![0f64; drawn.len()];
    for (index, &depth) in layer.iter().enumerate() {
        rows[depth].push(index);
    }
    for row in &mut rows {
        let key = |index: &usize| {
            let parents = &inputs[*index];
            let centre = if parents.is_empty() {
                f64::MAX
            } else {
                parents.iter().map(|&p| position[p]).sum::<f64>() / parents.len() as f64
            };
            (centre, drawn[*index].device.clone(), *index)
        };
        let mut keyed: Vec<_> = row.iter().map(|index| (key(index), *index)).collect();
        engine::stable_sort::sort_stable_by(&mut keyed, |(a, _), (b, _)| {
            a.0.total_cmp(&b.0)
                .then_with(|| a.1.cmp(&b.1))
                .then_with(|| a.2.cmp(&b.2))
        });
        *row = keyed.into_iter().map(|(_, index)| index).collect();
        for (slot, &index) in row.iter().enumerate() {
            position[index] = slot as f64;
        }
    }
    let tallest = rows.iter().map(Vec::len).max().unwrap_or(0);
    let nodes = drawn
        .iter()
        .enumerate()
        .map(|(index, op)| Node {
            id: op.id,
            layer: layer[index],
            x: MARGIN + layer[index] as f64 * (NODE_WIDTH + LAYER_GAP),
            y: MARGIN + position[index] * (NODE_HEIGHT + ROW_GAP),
        })
        .collect();
    let mut edges = Vec::new();
    for (index, op) in drawn.iter().enumerate() {
        for &input in &inputs[index] {
            let source = drawn[input];
            let cross_device = source.device != op.device;
            let bytes = cross_device
                .then(|| transfer_bytes(transfers, source.id, op.id))
                .flatten();
            edges.push(Edge {
                from: source.id,
                to: op.id,
                cross_device,
                bytes,
            });
        }
    }
    Layout {
        nodes,
        edges,
        width: 2.0 * MARGIN
            + layer_count as f64 * NODE_WIDTH
            + layer_count.saturating_sub(1) as f64 * LAYER_GAP,
        height: 2.0 * MARGIN
            + tallest as f64 * NODE_HEIGHT
            + tallest.saturating_sub(1) as f64 * ROW_GAP,
        omitted,
    }
}

/// Bytes moved for the edge `producer → consumer`, summed over its transfers.
fn transfer_bytes(transfers: &[TransferReport], producer: u32, consumer: u32) -> Option<u64> {
    let matching: Vec<u64> = transfers
        .iter()
        .filter(|t| t.producer == Some(producer) && t.consumer == Some(consumer))
        .map(|t| t.bytes)
        .collect();
    (!matching.is_empty()).then(|| matching.iter().sum())
}

/// Bytes as people read them: `24 B`, `1.5 KB`, `3.2 MB` (decimal units, as link speeds).
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit < UNITS.len() - 1 {
        value /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{} {}", format_fixed(value, Some(1)), UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn op(id: u32, op_type: &str, device: &str, inputs: &[u32]) -> OpReport {
        OpReport {
            id,
            name: format!("op{id}"),
            op_type: op_type.into(),
            device: device.into(),
            requested_device: String::new(),
            reason: String::new(),
            inputs: inputs.to_vec(),
            shape: vec![],
            dtype: "float32".into(),
            line: 1,
            start_us: 0.0,
            dur_us: 1.0,
            execution: "eager".into(),
            launch: 0,
            cost: String::new(),
            input_element: None,
        }
    }

    #[test]
    fn ops_sit_right_of_their_deepest_input() {
        let ops = [
            op(0, "Const", "cpu", &[]),
            op(1, "Const", "cpu", &[]),
            op(2, "AddV2", "tpu", &[0, 1]),
            op(3, "_Send", "cpu", &[2]),
            op(4, "Mul", "tpu", &[2, 0]),
        ];
        let transfers = [TransferReport {
            src: "cpu".into(),
            dst: "tpu".into(),
            bytes: 24,
            link: "PCIe".into(),
            start_us: 0.0,
            dur_us: 1.0,
            tensor: "op0:0".into(),
            producer: Some(0),
            consumer: Some(2),
            send_op: None,
            recv_op: None,
        }];
        let drawn = layout(&ops, &transfers);
        let layers: Vec<(u32, usize)> = drawn.nodes.iter().map(|n| (n.id, n.layer)).collect();
        assert_eq!(layers, [(0, 0), (1, 0), (2, 1), (4, 2)]);
        assert_eq!(drawn.edges.len(), 4);
        let edge = drawn
            .edges
            .iter()
            .find(|e| e.from == 0 && e.to == 2)
            .unwrap();
        assert!(edge.cross_device);
        assert_eq!(edge.bytes, Some(24));
        assert!(drawn.width >= 3.0 * NODE_WIDTH);
        assert!(drawn.nodes.iter().all(|n| n.x + NODE_WIDTH <= drawn.width));
        assert!(drawn
            .nodes
            .iter()
            .all(|n| n.y + NODE_HEIGHT <= drawn.height));
    }

    #[test]
    fn hostile_inputs_are_ignored_not_followed() {
        let ops = [op(0, "A", "cpu", &[1, 0, 99]), op(1, "B", "cpu", &[0, 1])];
        let drawn = layout(&ops, &[]);
        assert_eq!(drawn.nodes.len(), 2);
        assert_eq!(drawn.edges.len(), 1);
    }

    #[test]
    fn big_graphs_are_capped() {
        let ops: Vec<OpReport> = (0..MAX_DRAWN_OPS as u32 + 5)
            .map(|id| op(id, "Const", "cpu", &[]))
            .collect();
        let drawn = layout(&ops, &[]);
        assert_eq!(drawn.nodes.len(), MAX_DRAWN_OPS);
        assert_eq!(drawn.omitted, 5);
        assert_eq!(
            layout(&[], &[]),
            Layout {
                width: 32.0,
                height: 32.0,
                ..Layout::default()
            }
        );
    }

    #[test]
    fn bytes_read_like_link_speeds() {
        assert_eq!(human_bytes(24), "24 B");
        assert_eq!(human_bytes(1500), "1.5 KB");
        assert_eq!(human_bytes(3_200_000), "3.2 MB");
    }
}
