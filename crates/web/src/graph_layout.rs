//! The Graph pane's layout: a layered drawing of the report's ops, left to right. Ops are
//! first gathered into units: an op of a name scope (`sequential/dense/MatMul`) is drawn as
//! its scope's box until the user expands it, as TensorBoard collapses name scopes, and when
//! there are still too many units, ops outside any scope gather by the source line that made
//! them (an eager loop's thousand `AddV2`s are one box). Each unit sits one layer right of
//! its deepest input (longest path), units in a layer are ordered by the mean position of
//! their inputs (one barycentre sweep) and then by device, so units of one device cluster.
//! A group is one device's ops of a scope or line, so a scope split over two devices is two
//! boxes, each in its device's colour. Edges between devices carry the bytes their transfers
//! moved. Pure geometry, tested
//! natively; the component only draws it.

use cpython_text::float_to_decimal::format_fixed;
use engine::report::{OpReport, TransferReport};

/// Width of a node box, in SVG units.
pub const NODE_WIDTH: f64 = 170.0;
/// Height of a node box.
pub const NODE_HEIGHT: f64 = 40.0;
const LAYER_GAP: f64 = 60.0;
const ROW_GAP: f64 = 18.0;
/// Between layers and between boxes of a layer when layers run top to bottom.
const LAYER_GAP_DOWN: f64 = 44.0;
const COLUMN_GAP: f64 = 16.0;
const MARGIN: f64 = 16.0;
/// Past this many units, ops outside a scope gather by source line; at most this many units
/// are drawn (the text equivalent says how many were left out).
pub const MAX_UNITS: usize = 150;

/// What a drawn box stands for.
#[derive(Debug, Clone, PartialEq)]
pub enum UnitKind {
    /// One op, by report id.
    Op(u32),
    /// The ops of a collapsed name scope (`sequential/dense`) or, with a `line:` prefix, the
    /// ops one source line made (`line:12`); expanding the key shows what is inside.
    Group { key: String, ops: usize },
}

/// One drawn box.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub kind: UnitKind,
    /// The op that stands for the unit: the op itself, or a group's first op (its device,
    /// type and line are shown).
    pub first_op: u32,
    /// The devices the unit's ops ran on, most used first.
    pub devices: Vec<String>,
    pub x: f64,
    pub y: f64,
    pub layer: usize,
    /// The box's place within its layer (0 first).
    pub slot: usize,
}

/// One drawn edge from a unit to a unit that consumes what it made.
#[derive(Debug, Clone, PartialEq)]
pub struct Edge {
    /// Positions in [`Layout::nodes`].
    pub from: usize,
    pub to: usize,
    /// Some value crossed devices along this edge.
    pub cross_device: bool,
    /// Bytes the transfers along this edge moved, when the report recorded any.
    pub bytes: Option<u64>,
}

/// The whole drawing.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Layout {
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
    pub width: f64,
    pub height: f64,
    /// Units left out because of [`MAX_UNITS`].
    pub omitted: usize,
    /// For each op of the report (by position), the node it is drawn in.
    unit_at: Vec<Option<usize>>,
    /// Layers run top to bottom rather than left to right ([`Layout::downward`]).
    pub down: bool,
}

impl Layout {
    /// The same drawing with layers running top to bottom: a deep, narrow graph fits a tall
    /// pane this way (the pane picks whichever fits larger).
    pub fn downward(&self) -> Layout {
        let layers = self.nodes.iter().map(|n| n.layer + 1).max().unwrap_or(0);
        let widest = self.nodes.iter().map(|n| n.slot + 1).max().unwrap_or(0);
        let mut down = self.clone();
        for node in &mut down.nodes {
            node.x = MARGIN + node.slot as f64 * (NODE_WIDTH + COLUMN_GAP);
            node.y = MARGIN + node.layer as f64 * (NODE_HEIGHT + LAYER_GAP_DOWN);
        }
        down.width = 2.0 * MARGIN
            + widest as f64 * NODE_WIDTH
            + widest.saturating_sub(1) as f64 * COLUMN_GAP;
        down.height = 2.0 * MARGIN
            + layers as f64 * NODE_HEIGHT
            + layers.saturating_sub(1) as f64 * LAYER_GAP_DOWN;
        down.down = true;
        down
    }

    /// The node op `id` of `ops` is drawn in (itself or its group), if drawn.
    pub fn unit_of_op(&self, ops: &[OpReport], id: u32) -> Option<usize> {
        self.unit_at.get(op_index(ops, id)?).copied().flatten()
    }
}

/// Where the op with report id `id` is in `ops`. Reports number ops by position, so that is
/// tried first; a report that does not (it is untrusted input) falls back to a scan.
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

/// The group key of a source line (see [`UnitKind::Group`]).
pub fn line_key(line: u32) -> String {
    format!("line:{line}")
}

/// The line a group key names (`line:12` → `12`), or `None` for a name scope's key.
pub fn key_line(key: &str) -> Option<&str> {
    key.strip_prefix("line:")
}

/// The scope of `op`'s name that is its unit: the shortest not in `expanded`, or `None` when
/// every scope it is in is expanded (or it is in none). A slice of the name: no allocation
/// per op.
fn scope_key<'a>(op: &'a OpReport, expanded: &[String]) -> Option<&'a str> {
    let scopes = op.name.rsplit_once('/')?.0;
    let mut end = 0;
    for part in scopes.split('/') {
        end += part.len();
        let prefix = &scopes[..end];
        if !expanded.iter().any(|e| e == prefix) {
            return Some(prefix);
        }
        end += 1;
    }
    None
}

/// Which unit an op is drawn in, before units are numbered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Key<'a> {
    /// A transfer op: not drawn.
    Hidden,
    /// Drawn on its own.
    Single,
    /// A collapsed name scope's ops on one device.
    Scope(&'a str, &'a str),
    /// A source line's ops on one device.
    Line(u32, &'a str),
}

/// Lays out the ops (in report order) and the edges among them, with the name scopes and
/// line groups in `expanded` opened.
pub fn layout(ops: &[OpReport], transfers: &[TransferReport], expanded: &[String]) -> Layout {
    let mut keys: Vec<Key> = ops
        .iter()
        .map(|op| match (is_transfer_op(op), scope_key(op, expanded)) {
            (true, _) => Key::Hidden,
            (false, Some(scope)) => Key::Scope(scope, &op.device),
            (false, None) => Key::Single,
        })
        .collect();
    let singles = keys.iter().filter(|key| **key == Key::Single).count();
    let scopes: std::collections::BTreeSet<(&str, &str)> = keys
        .iter()
        .filter_map(|key| match key {
            Key::Scope(scope, device) => Some((*scope, *device)),
            _ => None,
        })
        .collect();
    if singles + scopes.len() > MAX_UNITS {
        let open_lines: Vec<u32> = expanded
            .iter()
            .filter_map(|key| key_line(key)?.parse().ok())
            .collect();
        for (key, op) in keys.iter_mut().zip(ops) {
            if *key == Key::Single && !open_lines.contains(&op.line) {
                *key = Key::Line(op.line, &op.device);
            }
        }
    }
    // Units in order of their first op; past MAX_UNITS, new units are only counted.
    let mut units: Vec<(UnitKind, usize)> = Vec::new();
    let mut unit_at: Vec<Option<usize>> = vec![None; ops.len()];
    let mut group_unit: std::collections::BTreeMap<Key, Option<usize>> = Default::default();
    let mut omitted = 0;
    for (at, key) in keys.iter().enumerate() {
        let full = units.len() >= MAX_UNITS;
        let unit = match *key {
            Key::Hidden => continue,
            Key::Single if full => None,
            Key::Single => {
                units.push((UnitKind::Op(ops[at].id), at));
                Some(units.len() - 1)
            }
            group => *group_unit.entry(group).or_insert_with(|| {
                if full {
                    return None;
                }
                let key = match group {
                    Key::Scope(scope, _) => scope.to_string(),
                    Key::Line(line, _) => line_key(line),
                    Key::Hidden | Key::Single => String::new(),
                };
                units.push((UnitKind::Group { key, ops: 0 }, at));
                Some(units.len() - 1)
            }),
        };
        let Some(unit) = unit else {
            if *key == Key::Single {
                omitted += 1;
            }
            continue;
        };
        if let UnitKind::Group { ops, .. } = &mut units[unit].0 {
            *ops += 1;
        }
        unit_at[at] = Some(unit);
    }
    omitted += group_unit.values().filter(|unit| unit.is_none()).count();
    // A group of one op is that op.
    for (kind, first_at) in &mut units {
        if matches!(kind, UnitKind::Group { ops: 1, .. }) {
            *kind = UnitKind::Op(ops[*first_at].id);
        }
    }
    let unit_of = |id: u32| op_index(ops, id).and_then(|at| unit_at[at]);
    // Devices per unit, most used first.
    let mut device_counts: Vec<Vec<(&str, usize)>> = vec![Vec::new(); units.len()];
    for (at, unit) in unit_at.iter().enumerate() {
        if let Some(unit) = *unit {
            let counts = &mut device_counts[unit];
            match counts.iter_mut().find(|(d, _)| *d == ops[at].device) {
                Some((_, n)) => *n += 1,
                None => counts.push((&ops[at].device, 1)),
            }
        }
    }
    // Edges between units: an input counts when it comes earlier in the report (a report is
    // in creation order, so a cycle in untrusted input is harmless).
    let mut links: Vec<(usize, usize, bool)> = Vec::new();
    for (at, op) in ops.iter().enumerate() {
        let Some(to) = unit_at[at] else { continue };
        for &input in &op.inputs {
            let Some(source_at) = op_index(ops, input).filter(|&s| s < at) else {
                continue;
            };
            let Some(from) = unit_at[source_at] else {
                continue;
            };
            if from != to {
                links.push((from, to, ops[source_at].device != op.device));
            }
        }
    }
    links.sort_unstable();
    let mut edges: Vec<Edge> = Vec::new();
    for (from, to, cross) in links {
        match edges.last_mut() {
            Some(edge) if edge.from == from && edge.to == to => edge.cross_device |= cross,
            _ => edges.push(Edge {
                from,
                to,
                cross_device: cross,
                bytes: None,
            }),
        }
    }
    for transfer in transfers {
        let (Some(producer), Some(consumer)) = (transfer.producer, transfer.consumer) else {
            continue;
        };
        let (Some(from), Some(to)) = (unit_of(producer), unit_of(consumer)) else {
            continue;
        };
        if let Ok(found) = edges.binary_search_by(|e| (e.from, e.to).cmp(&(from, to))) {
            let edge = &mut edges[found];
            edge.cross_device = true;
            edge.bytes = Some(edge.bytes.unwrap_or(0).saturating_add(transfer.bytes));
        }
    }
    // Layers: one right of the deepest earlier input.
    let mut inputs: Vec<Vec<usize>> = vec![Vec::new(); units.len()];
    for edge in &edges {
        if edge.from < edge.to {
            inputs[edge.to].push(edge.from);
        }
    }
    let mut layer = vec![0usize; units.len()];
    for unit in 0..units.len() {
        layer[unit] = inputs[unit]
            .iter()
            .map(|&input| layer[input] + 1)
            .max()
            .unwrap_or(0);
    }
    let layer_count = layer.iter().max().map_or(0, |deepest| deepest + 1);
    let mut rows: Vec<Vec<usize>> = vec![Vec::new(); layer_count];
    let mut position = vec![0f64; units.len()];
    for (unit, &depth) in layer.iter().enumerate() {
        rows[depth].push(unit);
    }
    let main_device = |unit: usize| -> &str {
        device_counts[unit]
            .iter()
            .max_by_key(|(_, n)| *n)
            .map_or("", |(d, _)| d)
    };
    for row in &mut rows {
        let key = |unit: &usize| {
            let parents = &inputs[*unit];
            let centre = if parents.is_empty() {
                f64::MAX
            } else {
                parents.iter().map(|&p| position[p]).sum::<f64>() / parents.len() as f64
            };
            (centre, main_device(*unit), *unit)
        };
        let mut keyed: Vec<_> = row.iter().map(|unit| (key(unit), *unit)).collect();
        keyed.sort_by(|(a, _), (b, _)| {
            a.0.total_cmp(&b.0)
                .then_with(|| a.1.cmp(b.1))
                .then_with(|| a.2.cmp(&b.2))
        });
        *row = keyed.into_iter().map(|(_, unit)| unit).collect();
        for (slot, &unit) in row.iter().enumerate() {
            position[unit] = slot as f64;
        }
    }
    let tallest = rows.iter().map(Vec::len).max().unwrap_or(0);
    let nodes = units
        .into_iter()
        .enumerate()
        .map(|(unit, (kind, first_at))| {
            let mut devices = device_counts[unit].clone();
            devices.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
            Node {
                kind,
                first_op: ops[first_at].id,
                devices: devices.into_iter().map(|(d, _)| d.to_string()).collect(),
                layer: layer[unit],
                slot: position[unit] as usize,
                x: MARGIN + layer[unit] as f64 * (NODE_WIDTH + LAYER_GAP),
                y: MARGIN + position[unit] * (NODE_HEIGHT + ROW_GAP),
            }
        })
        .collect();
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
        unit_at,
        down: false,
    }
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
            not_computed: None,
            xla: false,
            class: Default::default(),
        }
    }

    fn ids(drawn: &Layout) -> Vec<(u32, usize)> {
        drawn
            .nodes
            .iter()
            .map(|n| match n.kind {
                UnitKind::Op(id) => (id, n.layer),
                UnitKind::Group { .. } => (u32::MAX, n.layer),
            })
            .collect()
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
        let drawn = layout(&ops, &transfers, &[]);
        assert_eq!(ids(&drawn), [(0, 0), (1, 0), (2, 1), (4, 2)]);
        assert_eq!(drawn.edges.len(), 4);
        let edge = drawn
            .edges
            .iter()
            .find(|e| e.from == 0 && e.to == 2)
            .unwrap();
        assert!(edge.cross_device);
        assert_eq!(edge.bytes, Some(24));
        assert_eq!(drawn.unit_of_op(&ops, 4), Some(3));
        assert_eq!(drawn.unit_of_op(&ops, 3), None);
        assert!(drawn.width >= 3.0 * NODE_WIDTH);
        assert!(drawn.nodes.iter().all(|n| n.x + NODE_WIDTH <= drawn.width));
        assert!(drawn
            .nodes
            .iter()
            .all(|n| n.y + NODE_HEIGHT <= drawn.height));
    }

    #[test]
    fn name_scopes_collapse_until_expanded() {
        let mut ops = vec![
            op(0, "Const", "cpu", &[]),
            op(1, "MatMul", "gpu", &[0]),
            op(2, "BiasAdd", "gpu", &[1]),
            op(3, "Relu", "gpu", &[2]),
            op(4, "Identity", "cpu", &[3]),
        ];
        ops[1].name = "model/dense/MatMul".into();
        ops[2].name = "model/dense/BiasAdd".into();
        ops[3].name = "model/relu/Relu".into();
        let collapsed = layout(&ops, &[], &[]);
        assert_eq!(collapsed.nodes.len(), 3);
        assert_eq!(
            collapsed.nodes[1].kind,
            UnitKind::Group {
                key: "model".into(),
                ops: 3
            }
        );
        assert_eq!(collapsed.nodes[1].devices, vec!["gpu".to_string()]);
        // Const → model and model → Identity, both crossing devices.
        assert_eq!(collapsed.edges.len(), 2);
        assert!(collapsed.edges.iter().all(|e| e.cross_device));
        let one_level = layout(&ops, &[], &["model".into()]);
        let kinds: Vec<&UnitKind> = one_level.nodes.iter().map(|n| &n.kind).collect();
        assert_eq!(
            kinds[1..3],
            [
                &UnitKind::Group {
                    key: "model/dense".into(),
                    ops: 2
                },
                // A scope of one op is drawn as the op.
                &UnitKind::Op(3)
            ]
        );
        let open = layout(
            &ops,
            &[],
            &["model".into(), "model/dense".into(), "model/relu".into()],
        );
        assert_eq!(open.nodes.len(), 5);
        assert_eq!(open.unit_of_op(&ops, 2), Some(2));
    }

    #[test]
    fn a_scope_over_two_devices_is_a_box_per_device() {
        let ops: Vec<OpReport> = ["gpu", "gpu", "cpu", "cpu"]
            .iter()
            .enumerate()
            .map(|(id, device)| {
                let mut o = op(id as u32, "Mul", device, &[]);
                o.name = format!("dense/op{id}");
                o
            })
            .collect();
        let drawn = layout(&ops, &[], &[]);
        let groups: Vec<(&UnitKind, &Vec<String>)> =
            drawn.nodes.iter().map(|n| (&n.kind, &n.devices)).collect();
        let dense = UnitKind::Group {
            key: "dense".into(),
            ops: 2,
        };
        assert_eq!(
            groups,
            [
                (&dense, &vec!["gpu".to_string()]),
                (&dense, &vec!["cpu".to_string()])
            ]
        );
        // Expanding the scope opens both.
        assert_eq!(layout(&ops, &[], &["dense".into()]).nodes.len(), 4);
    }

    #[test]
    fn too_many_ops_gather_by_line_and_stay_drawable() {
        // An eager loop: 100k adds on line 3, each the input of the next.
        let ops: Vec<OpReport> = (0..100_000u32)
            .map(|id| {
                let mut o = op(id, "AddV2", "cpu", &[]);
                o.inputs = if id == 0 { vec![] } else { vec![id - 1] };
                o.line = if id == 0 { 1 } else { 3 };
                o
            })
            .collect();
        let drawn = layout(&ops, &[], &[]);
        assert_eq!(drawn.nodes.len(), 2);
        assert_eq!(
            drawn.nodes[1].kind,
            UnitKind::Group {
                key: line_key(3),
                ops: 99_999
            }
        );
        // Expanding the line shows its ops, capped.
        let open = layout(&ops, &[], &[line_key(3)]);
        assert_eq!(open.nodes.len(), MAX_UNITS);
        assert_eq!(open.omitted, 100_000 - MAX_UNITS);
    }

    #[test]
    fn a_drawing_can_run_downward() {
        let ops = [
            op(0, "Const", "cpu", &[]),
            op(1, "Const", "cpu", &[]),
            op(2, "AddV2", "cpu", &[0, 1]),
        ];
        let across = layout(&ops, &[], &[]);
        let down = across.downward();
        assert!(down.down && !across.down);
        assert_eq!(down.nodes[0].y, down.nodes[1].y);
        assert!(down.nodes[2].y > down.nodes[0].y);
        assert!(down.nodes[1].x > down.nodes[0].x);
        assert!(down.nodes.iter().all(|n| n.x + NODE_WIDTH <= down.width));
        assert!(down.nodes.iter().all(|n| n.y + NODE_HEIGHT <= down.height));
        assert!(down.width < across.width);
    }

    #[test]
    fn hostile_inputs_are_ignored_not_followed() {
        let ops = [op(0, "A", "cpu", &[1, 0, 99]), op(1, "B", "cpu", &[0, 1])];
        let drawn = layout(&ops, &[], &[]);
        assert_eq!(drawn.nodes.len(), 2);
        assert_eq!(drawn.edges.len(), 1);
        let empty = layout(&[], &[], &[]);
        assert_eq!(
            (empty.nodes.len(), empty.width, empty.height),
            (0, 32.0, 32.0)
        );
    }

    #[test]
    fn bytes_read_like_link_speeds() {
        assert_eq!(human_bytes(24), "24 B");
        assert_eq!(human_bytes(1500), "1.5 KB");
        assert_eq!(human_bytes(3_200_000), "3.2 MB");
    }
}
