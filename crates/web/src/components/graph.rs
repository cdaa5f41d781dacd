//! The Graph pane: the ops as an SVG layered drawing, coloured by device with a letter and a
//! fill pattern in each node (colour is never the only cue), edges that cross devices
//! dashed and labelled with the bytes they moved, and on a placement error the op that
//! failed drawn in red. A text description lists the same graph for screen readers.

use crate::devices::{short_name, style_of, DeviceStyle, PATTERN_COUNT};
use crate::graph_layout::{human_bytes, layout, op_index, Edge, NODE_HEIGHT, NODE_WIDTH};
use crate::state::ReportRef;
use cpython_text::float_to_decimal::format_fixed;
use std::rc::Rc;
use web_sys::KeyboardEvent;
use yew::prelude::*;

/// The data [`Graph`] renders and the callbacks it reports to.
#[derive(Properties, PartialEq)]
pub struct GraphProps {
    pub report: ReportRef,
    pub styles: Rc<Vec<DeviceStyle>>,
    pub selected: Option<u32>,
    pub on_select: Callback<Option<u32>>,
}

/// The SVG `<defs>` with one fill pattern per [`PATTERN_COUNT`]: none, stripes, dots, grid.
pub fn pattern_defs() -> Html {
    html! {
        <defs>
            <pattern id="pat-1" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="3" height="8" class="pattern-ink" />
            </pattern>
            <pattern id="pat-2" width="8" height="8" patternUnits="userSpaceOnUse">
                <circle cx="4" cy="4" r="1.6" class="pattern-ink" />
            </pattern>
            <pattern id="pat-3" width="8" height="8" patternUnits="userSpaceOnUse">
                <path d="M0 0H8M0 0V8" class="pattern-line" />
            </pattern>
            <marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path d="M0 0L10 5L0 10z" class="arrow-head" />
            </marker>
        </defs>
    }
}

/// The pattern overlay of a device style (pattern 0 is plain).
pub fn pattern_fill(pattern: usize) -> Option<String> {
    (!pattern.is_multiple_of(PATTERN_COUNT))
        .then(|| format!("url(#pat-{})", pattern % PATTERN_COUNT))
}

/// `text` cut to `limit` characters with an ellipsis, so it fits a node box (the tooltip and
/// the text description have it whole).
fn clip(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(limit - 1).collect();
    cut.push('…');
    cut
}

fn edge_path(from: (f64, f64), to: (f64, f64)) -> String {
    let (x1, y1) = (from.0 + NODE_WIDTH, from.1 + NODE_HEIGHT / 2.0);
    let (x2, y2) = (to.0, to.1 + NODE_HEIGHT / 2.0);
    let bend = ((x2 - x1) / 2.0).max(20.0);
    let [x1, y1, c1, c2, x2, y2] =
        [x1, y1, x1 + bend, x2 - bend, x2, y2].map(|v| format_fixed(v, Some(1)));
    format!("M{x1} {y1}C{c1} {y1} {c2} {y2} {x2} {y2}")
}

/// The op graph of the last run.
#[function_component]
pub fn Graph(props: &GraphProps) -> Html {
    let report = &props.report;
    let drawing = layout(&report.ops, &report.transfers);
    let op_by_id = |id: u32| op_index(&report.ops, id).map(|at| &report.ops[at]);
    let position = |id: u32| {
        drawing
            .nodes
            .iter()
            .find(|node| node.id == id)
            .map(|node| (node.x, node.y))
    };
    let error_line = report
        .error
        .as_ref()
        .and_then(|error| error.traceback.last())
        .map(|frame| frame.line);
    let placement_error = report.error.as_ref().is_some_and(|error| {
        error.message.contains("device specification")
            || error.message.contains("Cannot assign a device")
    });
    // The op that failed placement was never created, so it is drawn as a red node after
    // the last layer, naming the source line that asked for it.
    let failed_node = (placement_error && error_line.is_some()).then(|| {
        let x = if drawing.nodes.is_empty() {
            16.0
        } else {
            drawing.width + 24.0
        };
        (x, 16.0)
    });
    let width = failed_node.map_or(drawing.width, |(x, _)| x + NODE_WIDTH + 16.0);
    let height = drawing.height.max(NODE_HEIGHT + 32.0);
    let used: Vec<&DeviceStyle> = props
        .styles
        .iter()
        .filter(|style| report.ops.iter().any(|op| op.device == style.name))
        .collect();

    let edges = drawing.edges.iter().filter_map(|edge: &Edge| {
        let (from, to) = (position(edge.from)?, position(edge.to)?);
        let path = edge_path(from, to);
        let label = edge.bytes.map(human_bytes).or_else(|| edge.cross_device.then(|| "copy".to_string()));
        let (lx, ly) = ((from.0 + NODE_WIDTH + to.0) / 2.0, (from.1 + to.1) / 2.0 + NODE_HEIGHT / 2.0 - 6.0);
        Some(html! {
            <g class={classes!("edge", edge.cross_device.then_some("cross"))}>
                <path d={path} marker-end="url(#arrow)" />
                if let Some(label) = label {
                    <text x={format_fixed(lx, Some(1))} y={format_fixed(ly, Some(1))} class="edge-label" text-anchor="middle">{ label }</text>
                }
            </g>
        })
    });
    let nodes = drawing.nodes.iter().filter_map(|node| {
        let op = op_by_id(node.id)?;
        let style = style_of(&props.styles, &op.device);
        let colour = style.map_or("dev-none".to_string(), |s| format!("dev-{}", s.colour));
        let letter = style.map_or("?".to_string(), |s| s.letter.clone());
        let selected = props.selected == Some(op.id);
        let at_error = error_line == Some(op.line) && report.error.is_some() && !placement_error;
        let id = op.id;
        let onclick = {
            let on_select = props.on_select.clone();
            Callback::from(move |_: MouseEvent| on_select.emit(Some(id)))
        };
        let onkeydown = {
            let on_select = props.on_select.clone();
            Callback::from(move |event: KeyboardEvent| {
                if event.key() == "Enter" || event.key() == " " {
                    event.prevent_default();
                    on_select.emit(Some(id));
                }
            })
        };
        let name = clip(&op.name, 14);
        let op_type = clip(&op.op_type, 16);
        Some(html! {
            <g class={classes!("node", colour, selected.then_some("selected"), at_error.then_some("failed"))}
                transform={format!("translate({} {})", format_fixed(node.x, Some(1)), format_fixed(node.y, Some(1)))}
                tabindex="0" role="button" aria-pressed={selected.to_string()}
                aria-label={format!("{} ({}) on {}", op.name, op.op_type, short_name(&op.device))}
                {onclick} {onkeydown} data-op={id.to_string()}>
                <title>{ format!("{} ({})\n{}\nline {}\n{}", op.name, op.op_type, op.device, op.line, op.reason) }</title>
                <rect class="node-box" width={format_fixed(NODE_WIDTH, None)} height={format_fixed(NODE_HEIGHT, None)} rx="6" />
                if let Some(fill) = style.and_then(|s| pattern_fill(s.pattern)) {
                    <rect class="node-pattern" width={format_fixed(NODE_WIDTH, None)} height={format_fixed(NODE_HEIGHT, None)} rx="6" fill={fill} />
                }
                <rect class="node-letter-box" x="4" y="8" width="28" height="24" rx="4" />
                <text class="node-letter" x="18" y="25" text-anchor="middle">{ letter }</text>
                <text class="node-name" x="38" y="17">{ name }</text>
                <text class="node-type" x="38" y="32">{ op_type }</text>
            </g>
        })
    });
    let failed = failed_node.map(|(x, y)| {
        let frame = report.error.as_ref().and_then(|error| error.traceback.last());
        let line = frame.map_or(0, |frame| frame.line);
        html! {
            <g class="node failed" transform={format!("translate({} {})", format_fixed(x, Some(1)), format_fixed(y, Some(1)))}>
                <title>{ report.error.as_ref().map(|e| format!("{}: {}", e.type_name, e.message)).unwrap_or_default() }</title>
                <rect class="node-box" width={format_fixed(NODE_WIDTH, None)} height={format_fixed(NODE_HEIGHT, None)} rx="6" />
                <text class="node-letter" x="18" y="25" text-anchor="middle">{ "✖" }</text>
                <text class="node-name" x="38" y="17">{ "not placed" }</text>
                <text class="node-type" x="38" y="32">{ format!("line {line}") }</text>
            </g>
        }
    });

    let text_rows = report.ops.iter().map(|op| {
        let inputs: Vec<String> = op
            .inputs
            .iter()
            .filter_map(|&input| op_by_id(input).map(|i| i.name.clone()))
            .collect();
        let moved: Vec<String> = report
            .transfers
            .iter()
            .filter(|t| t.consumer == Some(op.id))
            .map(|t| format!("{} copied from {} ({})", t.tensor, short_name(&t.src), human_bytes(t.bytes)))
            .collect();
        html! {
            <li>
                { format!("{} ({}) on {}", op.name, op.op_type, short_name(&op.device)) }
                { if inputs.is_empty() { String::new() } else { format!("; inputs: {}", inputs.join(", ")) } }
                { if moved.is_empty() { String::new() } else { format!("; {}", moved.join("; ")) } }
            </li>
        }
    });

    if report.ops.is_empty() && failed.is_none() {
        return html! { <p class="hint">{ "No ops to draw: the program created no TensorFlow ops." }</p> };
    }
    html! {
        <>
            <ul class="legend" aria-label="Devices">
                { for used.iter().map(|style| html! {
                    <li>
                        <svg width="30" height="18" aria-hidden="true" class={format!("dev-{}", style.colour)}>
                            <rect class="node-box" width="30" height="18" rx="3" />
                            if let Some(fill) = pattern_fill(style.pattern) {
                                <rect class="node-pattern" width="30" height="18" rx="3" fill={fill} />
                            }
                        </svg>
                        <b>{ &style.letter }</b>{ " " }{ &style.label }
                    </li>
                }) }
                <li><svg width="30" height="10" aria-hidden="true"><path d="M0 5H30" class="legend-cross" /></svg>{ "crosses devices" }</li>
                if failed.is_some() {
                    <li class="legend-failed">{ "✖ failed to place" }</li>
                }
            </ul>
            if drawing.omitted > 0 {
                <p class="hint">{ format!("Showing the first {} ops; {} more are in the text description.", drawing.nodes.len(), drawing.omitted) }</p>
            }
            <div class="graph-scroll">
                <svg class="graph-svg" width={format_fixed(width, Some(0))} height={format_fixed(height, Some(0))}
                    viewBox={format!("0 0 {} {}", format_fixed(width, Some(0)), format_fixed(height, Some(0)))} role="group"
                    aria-label={format!("Op graph: {} ops on {} devices, {} transfers", report.ops.len(), used.len(), report.transfers.len())}>
                    { pattern_defs() }
                    { for edges }
                    { for nodes }
                    { for failed }
                </svg>
            </div>
            <details class="text-equivalent">
                <summary>{ "Graph as text" }</summary>
                <ol>{ for text_rows }</ol>
            </details>
        </>
    }
}
