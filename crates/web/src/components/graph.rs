//! The Graph pane: the ops as an SVG layered drawing, coloured by device with a letter and a
//! fill pattern in each node (colour is never the only cue), edges that cross devices
//! dashed and labelled with the bytes they moved, and the op an error names drawn in red.
//! Name scopes (and, in big eager programs, source lines) are boxes that expand on click;
//! the drawing opens fitted to the pane, zooms (buttons, Ctrl+wheel) and pans (drag, or the
//! minimap). A text description lists the same graph for screen readers.

use crate::devices::{short_name, style_of, DeviceStyle, PATTERN_COUNT};
use crate::graph_layout::{
    human_bytes, key_line, layout, op_index, Edge, Layout, Node, UnitKind, NODE_HEIGHT, NODE_WIDTH,
};
use crate::state::ReportRef;
use cpython_text::float_to_decimal::format_fixed;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent, PointerEvent, WheelEvent};
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

/// `text` cut to `limit` characters with an ellipsis in the middle, so a node box or a lane
/// label shows both ends of a long name (`__inference_…_fn_1234`); the tooltip and the text
/// description have it whole.
pub fn clip(text: &str, limit: usize) -> String {
    let count = text.chars().count();
    if count <= limit {
        return text.to_string();
    }
    let head = (limit - 1) / 2;
    let tail = limit - 1 - head;
    let mut cut: String = text.chars().take(head).collect();
    cut.push('…');
    cut.extend(text.chars().skip(count - tail));
    cut
}

fn edge_path(from: (f64, f64), to: (f64, f64), down: bool) -> String {
    if down {
        let (x1, y1) = (from.0 + NODE_WIDTH / 2.0, from.1 + NODE_HEIGHT);
        let (x2, y2) = (to.0 + NODE_WIDTH / 2.0, to.1);
        let bend = ((y2 - y1) / 2.0).abs().max(16.0);
        let [x1, y1, c1, c2, x2, y2] =
            [x1, y1, y1 + bend, y2 - bend, x2, y2].map(|v| format_fixed(v, Some(1)));
        return format!("M{x1} {y1}C{x1} {c1} {x2} {c2} {x2} {y2}");
    }
    let (x1, y1) = (from.0 + NODE_WIDTH, from.1 + NODE_HEIGHT / 2.0);
    let (x2, y2) = (to.0, to.1 + NODE_HEIGHT / 2.0);
    let bend = ((x2 - x1) / 2.0).abs().max(20.0);
    let [x1, y1, c1, c2, x2, y2] =
        [x1, y1, x1 + bend, x2 - bend, x2, y2].map(|v| format_fixed(v, Some(1)));
    format!("M{x1} {y1}C{c1} {y1} {c2} {y2} {x2} {y2}")
}

/// Zoom steps of the − and + buttons and Ctrl+wheel.
const ZOOM_STEP: f64 = 1.25;
const MIN_ZOOM: f64 = 0.05;
const MAX_ZOOM: f64 = 3.0;
/// A graph opens fitted to the pane, but not smaller than this: below it labels are
/// unreadable (Fit still goes further, and the minimap shows the rest).
const MIN_OPENING_ZOOM: f64 = 0.5;
/// The minimap's longest side, in pixels.
const MINIMAP_SIZE: f64 = 160.0;

/// How a unit is labelled: its title (an op's name, a scope's last part, "line 12"), its
/// subtitle (an op's type, a group's op count and type), and its full description.
fn unit_text(node: &Node, report: &engine::RunReport) -> (String, String, String) {
    let first = op_index(&report.ops, node.first_op).map(|at| &report.ops[at]);
    let first_type = first.map_or("", |op| op.op_type.as_str());
    let devices: Vec<String> = node.devices.iter().map(|d| short_name(d)).collect();
    match &node.kind {
        UnitKind::Op(_) => {
            let op = first.map_or(("", "", 0), |op| {
                (op.name.as_str(), op.op_type.as_str(), op.line)
            });
            let short = op.0.rsplit('/').next().unwrap_or(op.0);
            (
                short.to_string(),
                op.1.to_string(),
                format!(
                    "{} ({}) on {}, line {}",
                    op.0,
                    op.1,
                    devices.join(", "),
                    op.2
                ),
            )
        }
        UnitKind::Group { key, ops } => {
            let (title, what) = match key_line(key) {
                Some(line) => (
                    format!("line {line}"),
                    format!("{ops} ops made by line {line}"),
                ),
                None => (
                    key.rsplit('/').next().unwrap_or(key).to_string(),
                    format!("name scope {key}: {ops} ops"),
                ),
            };
            (
                title,
                format!("{ops} ops · {first_type}…"),
                format!("{what}, on {}. Click to expand.", devices.join(", ")),
            )
        }
    }
}

/// The op graph of the last run.
#[function_component]
pub fn Graph(props: &GraphProps) -> Html {
    let report = &props.report;
    let expanded = use_state(Vec::<String>::new);
    // `None` until the pane has been measured: the graph then opens fitted.
    let zoom = use_state(|| None::<f64>);
    let view = use_state(|| (0.0f64, 0.0f64, 0.0f64, 0.0f64));
    let scroller = use_node_ref();
    let drag = use_mut_ref(|| None::<(i32, i32, i32, i32)>);
    // The pane's size once measured: the drawing runs left to right or top to bottom,
    // whichever fits it larger.
    let pane = use_state(|| None::<(f64, f64)>);
    let (text_open, on_text_toggle) = crate::components::text_equivalent::use_details_open();
    let drawing: Rc<Layout> = use_memo(
        (report.clone(), (*expanded).clone(), *pane),
        |(report, expanded, pane)| {
            let across = layout(&report.ops, &report.transfers, expanded);
            let down = across.downward();
            let (w, h) = pane.unwrap_or((640.0, 480.0));
            let fit = |l: &Layout| (w / l.width).min(h / l.height);
            if fit(&down) > fit(&across) * 1.15 {
                down
            } else {
                across
            }
        },
    );
    let failed_op = report
        .error
        .as_ref()
        .and_then(engine::error_text::failed_op);
    let placement_error = report.error.as_ref().is_some_and(|error| {
        error.message.contains("device specification")
            || error.message.contains("Cannot assign a device")
    });
    let error_line = report
        .error
        .as_ref()
        .and_then(|error| error.traceback.last())
        .map(|frame| frame.line);
    // The op an error names that is not in the report (it failed before it ran: placement,
    // shape checks) is drawn as a red node after the last layer, named, with its line.
    let named_and_missing = failed_op.as_ref().is_some_and(|failed| {
        failed
            .name
            .as_ref()
            .is_none_or(|name| !report.ops.iter().any(|op| &op.name == name))
    });
    let failed_node =
        ((placement_error || named_and_missing) && report.error.is_some()).then(|| {
            match (drawing.nodes.is_empty(), drawing.down) {
                (true, _) => (16.0, 16.0),
                (false, false) => (drawing.width + 24.0, 16.0),
                (false, true) => (16.0, drawing.height + 24.0),
            }
        });
    let width = failed_node.map_or(drawing.width, |(x, _)| {
        drawing.width.max(x + NODE_WIDTH + 16.0)
    });
    let height = failed_node
        .map_or(drawing.height, |(_, y)| {
            drawing.height.max(y + NODE_HEIGHT + 16.0)
        })
        .max(NODE_HEIGHT + 32.0);

    // Open fitted (within limits) once the pane has a size.
    let fit_zoom = {
        let scroller = scroller.clone();
        move || {
            let element = scroller.cast::<HtmlElement>()?;
            let (w, h) = (
                f64::from(element.client_width()),
                f64::from(element.client_height()),
            );
            (w > 0.0 && h > 0.0).then(|| {
                ((w - 8.0) / width)
                    .min((h - 8.0) / height)
                    .clamp(MIN_ZOOM, 1.0)
            })
        }
    };
    {
        let zoom = zoom.clone();
        let fit_zoom = fit_zoom.clone();
        let (pane, scroller) = (pane.clone(), scroller.clone());
        // After every render until both are known: measure the pane (the drawing is then
        // chosen for its shape), then fit the chosen drawing.
        use_effect(move || {
            if pane.is_none() {
                if let Some(element) = scroller.cast::<HtmlElement>() {
                    let size = (
                        f64::from(element.client_width()),
                        f64::from(element.client_height()),
                    );
                    if size.0 > 0.0 && size.1 > 0.0 {
                        pane.set(Some(size));
                    }
                }
                return;
            }
            if zoom.is_none() {
                zoom.set(Some(
                    fit_zoom().map_or(1.0, |fit| fit.max(MIN_OPENING_ZOOM)),
                ));
            }
        });
    }
    let scale = zoom.unwrap_or(1.0);
    let set_zoom = {
        let zoom = zoom.clone();
        let scroller = scroller.clone();
        let view = view.clone();
        // Zooms keeping the point (x, y) of the viewport (pixels) where it is.
        move |next: f64, anchor: Option<(f64, f64)>| {
            let next = next.clamp(MIN_ZOOM, MAX_ZOOM);
            if let Some(element) = scroller.cast::<HtmlElement>() {
                let (ax, ay) = anchor.unwrap_or((
                    f64::from(element.client_width()) / 2.0,
                    f64::from(element.client_height()) / 2.0,
                ));
                let ratio = next / scale;
                let left = (f64::from(element.scroll_left()) + ax) * ratio - ax;
                let top = (f64::from(element.scroll_top()) + ay) * ratio - ay;
                zoom.set(Some(next));
                // After the new size is drawn.
                let element = element.clone();
                let view = view.clone();
                yew::platform::spawn_local(async move {
                    element.set_scroll_left(left.max(0.0) as i32);
                    element.set_scroll_top(top.max(0.0) as i32);
                    view.set(viewport(&element));
                });
            } else {
                zoom.set(Some(next));
            }
        }
    };
    let on_fit = {
        let set_zoom = set_zoom.clone();
        let fit_zoom = fit_zoom.clone();
        Callback::from(move |_: MouseEvent| set_zoom(fit_zoom().unwrap_or(1.0), None))
    };
    let on_zoom_in = {
        let set_zoom = set_zoom.clone();
        Callback::from(move |_: MouseEvent| set_zoom(scale * ZOOM_STEP, None))
    };
    let on_zoom_out = {
        let set_zoom = set_zoom.clone();
        Callback::from(move |_: MouseEvent| set_zoom(scale / ZOOM_STEP, None))
    };
    let on_actual = {
        let set_zoom = set_zoom.clone();
        Callback::from(move |_: MouseEvent| set_zoom(1.0, None))
    };
    let on_wheel = {
        let set_zoom = set_zoom.clone();
        Callback::from(move |event: WheelEvent| {
            if !(event.ctrl_key() || event.meta_key()) {
                return;
            }
            event.prevent_default();
            let target: HtmlElement = match event.current_target().and_then(|t| t.dyn_into().ok()) {
                Some(target) => target,
                None => return,
            };
            let rect = target.get_bounding_client_rect();
            let anchor = (
                f64::from(event.client_x()) - rect.left(),
                f64::from(event.client_y()) - rect.top(),
            );
            let factor = if event.delta_y() < 0.0 {
                ZOOM_STEP
            } else {
                1.0 / ZOOM_STEP
            };
            set_zoom(scale * factor, Some(anchor));
        })
    };
    let on_scroll = {
        let view = view.clone();
        Callback::from(move |event: Event| {
            let element: HtmlElement = event.target_unchecked_into();
            view.set(viewport(&element));
        })
    };
    // Dragging the background pans.
    let on_pointer_down = {
        let drag = drag.clone();
        let scroller = scroller.clone();
        Callback::from(move |event: PointerEvent| {
            let on_background = event
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|element| element.closest(".node").ok().flatten().is_none());
            if let (true, Some(element)) = (
                on_background && event.button() == 0,
                scroller.cast::<HtmlElement>(),
            ) {
                *drag.borrow_mut() = Some((
                    event.client_x(),
                    event.client_y(),
                    element.scroll_left(),
                    element.scroll_top(),
                ));
                let _ = element.set_pointer_capture(event.pointer_id());
                element.class_list().add_1("panning").ok();
            }
        })
    };
    let on_pointer_move = {
        let drag = drag.clone();
        let scroller = scroller.clone();
        Callback::from(move |event: PointerEvent| {
            if let (Some((x, y, left, top)), Some(element)) =
                (*drag.borrow(), scroller.cast::<HtmlElement>())
            {
                element.set_scroll_left(left - (event.client_x() - x));
                element.set_scroll_top(top - (event.client_y() - y));
            }
        })
    };
    let on_pointer_up = {
        let drag = drag.clone();
        let scroller = scroller.clone();
        Callback::from(move |_: PointerEvent| {
            *drag.borrow_mut() = None;
            if let Some(element) = scroller.cast::<HtmlElement>() {
                element.class_list().remove_1("panning").ok();
            }
        })
    };

    let used: Vec<&DeviceStyle> = props
        .styles
        .iter()
        .filter(|style| {
            drawing
                .nodes
                .iter()
                .any(|node| node.devices.contains(&style.name))
        })
        .collect();
    let selected_unit = props
        .selected
        .and_then(|id| drawing.unit_of_op(&report.ops, id));
    let style_for = |node: &Node| {
        node.devices
            .first()
            .and_then(|device| style_of(&props.styles, device))
    };

    // Edge labels that would overlap one already placed are left out (the text equivalent
    // and the tooltips have every figure).
    let mut placed_labels: Vec<(f64, f64)> = Vec::new();
    let edges: Vec<Html> = drawing.edges.iter().filter_map(|edge: &Edge| {
        let (from, to) = (drawing.nodes.get(edge.from)?, drawing.nodes.get(edge.to)?);
        let path = edge_path((from.x, from.y), (to.x, to.y), drawing.down);
        let (lx, ly) = if drawing.down {
            ((from.x + to.x) / 2.0 + NODE_WIDTH / 2.0 + 8.0, (from.y + NODE_HEIGHT + to.y) / 2.0 + 4.0)
        } else {
            ((from.x + NODE_WIDTH + to.x) / 2.0, (from.y + to.y) / 2.0 + NODE_HEIGHT / 2.0 - 6.0)
        };
        let label = edge.bytes.map(human_bytes).filter(|_| {
            let free = placed_labels.iter().all(|&(x, y)| (x - lx).abs() > 60.0 || (y - ly).abs() > 16.0);
            if free {
                placed_labels.push((lx, ly));
            }
            free
        });
        let title = match edge.bytes {
            Some(bytes) => format!("{} copied between devices", human_bytes(bytes)),
            None if edge.cross_device => "crosses devices".to_string(),
            None => String::new(),
        };
        Some(html! {
            <g class={classes!("edge", edge.cross_device.then_some("cross"))}>
                if !title.is_empty() { <title>{ title }</title> }
                <path d={path} marker-end="url(#arrow)" />
                if let Some(label) = label {
                    <text x={format_fixed(lx, Some(1))} y={format_fixed(ly, Some(1))} class="edge-label"
                        text-anchor={if drawing.down { "start" } else { "middle" }}>{ label }</text>
                }
            </g>
        })
    }).collect();
    let nodes = drawing.nodes.iter().enumerate().map(|(index, node)| {
        let style = style_for(node);
        let colour = style.map_or("dev-none".to_string(), |s| format!("dev-{}", s.colour));
        let mut letter = style.map_or("?".to_string(), |s| s.letter.clone());
        if node.devices.len() > 1 {
            letter.push('+');
        }
        let (title, subtitle, description) = unit_text(node, report);
        let selected = selected_unit == Some(index);
        let first = op_index(&report.ops, node.first_op).map(|at| &report.ops[at]);
        let at_error = matches!(node.kind, UnitKind::Op(_))
            && report.error.is_some()
            && !placement_error
            && first.is_some_and(|op| {
                failed_op.as_ref().and_then(|f| f.name.as_ref()).map_or(error_line == Some(op.line), |name| &op.name == name)
            });
        let group_key = match &node.kind {
            UnitKind::Group { key, .. } => Some(key.clone()),
            UnitKind::Op(_) => None,
        };
        let activate = {
            let on_select = props.on_select.clone();
            let expanded = expanded.clone();
            let group_key = group_key.clone();
            let id = node.first_op;
            move || match &group_key {
                Some(key) => {
                    let mut next = (*expanded).clone();
                    next.push(key.clone());
                    expanded.set(next);
                }
                None => on_select.emit(Some(id)),
            }
        };
        let onclick = {
            let activate = activate.clone();
            Callback::from(move |_: MouseEvent| activate())
        };
        let onkeydown = Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Enter" || event.key() == " " {
                event.prevent_default();
                activate();
            }
        });
        let reason = first.filter(|_| group_key.is_none()).map_or(String::new(), |op| format!("\n{}", op.reason));
        html! {
            <g class={classes!("node", colour, group_key.is_some().then_some("group"), selected.then_some("selected"), at_error.then_some("failed"))}
                transform={format!("translate({} {})", format_fixed(node.x, Some(1)), format_fixed(node.y, Some(1)))}
                tabindex="0" role="button" aria-pressed={(group_key.is_none() && selected).to_string()}
                aria-label={description.clone()} {onclick} {onkeydown}
                data-op={node.first_op.to_string()} data-group={group_key.clone()}>
                <title>{ format!("{description}{reason}") }</title>
                if group_key.is_some() {
                    <rect class="node-box group-shadow" x="4" y="4" width={format_fixed(NODE_WIDTH, None)} height={format_fixed(NODE_HEIGHT, None)} rx="6" />
                }
                <rect class="node-box" width={format_fixed(NODE_WIDTH, None)} height={format_fixed(NODE_HEIGHT, None)} rx="6" />
                if let Some(fill) = style.and_then(|s| pattern_fill(s.pattern)) {
                    <rect class="node-pattern" width={format_fixed(NODE_WIDTH, None)} height={format_fixed(NODE_HEIGHT, None)} rx="6" fill={fill} />
                }
                <rect class="node-letter-box" x="4" y="8" width="30" height="24" rx="4" />
                <text class="node-letter" x="19" y="25" text-anchor="middle">{ letter }</text>
                <text class="node-name" x="40" y="17">{ clip(&title, 17) }</text>
                <text class="node-type" x="40" y="32">{ clip(&subtitle, 20) }</text>
            </g>
        }
    });
    let failed_view = failed_node.map(|(x, y)| {
        let named = failed_op.as_ref().and_then(|f| f.name.clone().or_else(|| f.op_type.clone()));
        let line = report.error.as_ref().and_then(engine::error_text::error_line).unwrap_or(0);
        let title = named.clone().unwrap_or_else(|| "not placed".to_string());
        let subtitle = if placement_error { format!("not placed · line {line}") } else { format!("failed · line {line}") };
        html! {
            <g class="node failed" transform={format!("translate({} {})", format_fixed(x, Some(1)), format_fixed(y, Some(1)))}
                data-testid="failed-op">
                <title>{ report.error.as_ref().map(|e| format!("{}: {}", e.type_name, e.message)).unwrap_or_default() }</title>
                <rect class="node-box" width={format_fixed(NODE_WIDTH, None)} height={format_fixed(NODE_HEIGHT, None)} rx="6" />
                <text class="node-letter" x="19" y="25" text-anchor="middle">{ "✖" }</text>
                <text class="node-name" x="40" y="17">{ clip(title.rsplit('/').next().unwrap_or(&title), 17) }</text>
                <text class="node-type" x="40" y="32">{ subtitle }</text>
            </g>
        }
    });

    // The text description is built when opened: describing every box costs a frame.
    let text_rows: Vec<Html> = if text_open {
        // Transfers into each unit, for the text description.
        let mut moved: Vec<Vec<String>> = vec![Vec::new(); drawing.nodes.len()];
        for transfer in &report.transfers {
            let unit = transfer
                .consumer
                .and_then(|id| drawing.unit_of_op(&report.ops, id));
            if let Some(list) = unit.and_then(|unit| moved.get_mut(unit)) {
                if list.len() < 5 {
                    list.push(format!(
                        "{} copied from {} ({})",
                        transfer.tensor,
                        short_name(&transfer.src),
                        human_bytes(transfer.bytes)
                    ));
                }
            }
        }
        drawing.nodes.iter().enumerate().map(|(index, node)| {
            let (_, _, description) = unit_text(node, report);
            let inputs: Vec<String> = drawing
                .edges
                .iter()
                .filter(|edge| edge.to == index)
                .filter_map(|edge| drawing.nodes.get(edge.from))
                .map(|from| unit_text(from, report).0)
                .collect();
            html! {
                <li>
                    { description }
                    { if inputs.is_empty() { String::new() } else { format!("; inputs: {}", inputs.join(", ")) } }
                    { if moved[index].is_empty() { String::new() } else { format!("; {}", moved[index].join("; ")) } }
                </li>
            }
        }).collect()
    } else {
        Vec::new()
    };

    if report.ops.is_empty() && failed_view.is_none() {
        return html! { <p class="hint">{ "No ops to draw: the program created no TensorFlow ops." }</p> };
    }
    let collapse_all = {
        let expanded = expanded.clone();
        Callback::from(move |_: MouseEvent| expanded.set(Vec::new()))
    };
    let (view_left, view_top, view_width, view_height) = *view;
    let minimap_scale = MINIMAP_SIZE / width.max(height);
    let show_minimap = view_width > 0.0
        && (width * scale > view_width + 1.0 || height * scale > view_height + 1.0);
    let on_minimap = {
        let scroller = scroller.clone();
        Callback::from(move |event: MouseEvent| {
            let Some(element) = scroller.cast::<HtmlElement>() else {
                return;
            };
            let (x, y) = (
                f64::from(event.offset_x()) / minimap_scale,
                f64::from(event.offset_y()) / minimap_scale,
            );
            element.set_scroll_left(
                (x * scale - f64::from(element.client_width()) / 2.0).max(0.0) as i32,
            );
            element.set_scroll_top(
                (y * scale - f64::from(element.client_height()) / 2.0).max(0.0) as i32,
            );
        })
    };
    html! {
        <>
            <div class="pane-controls graph-controls">
                <div class="zoom" role="group" aria-label="Zoom">
                    <button onclick={on_zoom_out} aria-label="Zoom out" data-testid="zoom-out">{ "−" }</button>
                    <span class="zoom-level" data-testid="zoom-level">{ format!("{}%", (scale * 100.0).round()) }</span>
                    <button onclick={on_zoom_in} aria-label="Zoom in" data-testid="zoom-in">{ "+" }</button>
                    <button onclick={on_fit} data-testid="zoom-fit">{ "Fit" }</button>
                    <button onclick={on_actual}>{ "100%" }</button>
                </div>
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
                    if drawing.nodes.iter().any(|n| matches!(n.kind, UnitKind::Group { .. })) {
                        <li class="muted">{ "▣ a group: click to expand" }</li>
                    }
                    if failed_view.is_some() {
                        <li class="legend-failed">{ "✖ failed" }</li>
                    }
                </ul>
            </div>
            if !expanded.is_empty() {
                <div class="pane-controls expanded-groups">
                    <span class="muted">{ "Expanded:" }</span>
                    { for expanded.iter().map(|key| {
                        let expanded = expanded.clone();
                        let key_to_close = key.clone();
                        let onclick = Callback::from(move |_: MouseEvent| {
                            // Collapsing a scope collapses what was opened inside it.
                            let inside = format!("{key_to_close}/");
                            expanded.set(expanded.iter().filter(|k| **k != key_to_close && !k.starts_with(&inside)).cloned().collect());
                        });
                        let label = key_line(key).map_or_else(|| key.clone(), |line| format!("line {line}"));
                        html! { <button class="chip" {onclick} title="Collapse">{ label }{ " ×" }</button> }
                    }) }
                    <button class="chip" onclick={collapse_all}>{ "Collapse all" }</button>
                </div>
            }
            if drawing.omitted > 0 {
                <p class="hint">{ format!("Showing {} boxes; {} more are left out. Collapse a group to see them.", drawing.nodes.len(), drawing.omitted) }</p>
            }
            <div class="graph-frame">
                <div class="graph-scroll" ref={scroller} onscroll={on_scroll} onwheel={on_wheel}
                    onpointerdown={on_pointer_down} onpointermove={on_pointer_move} onpointerup={on_pointer_up.clone()} onpointercancel={on_pointer_up}
                    data-testid="graph-scroll">
                    <svg class="graph-svg" width={format_fixed(width * scale, Some(0))} height={format_fixed(height * scale, Some(0))}
                        viewBox={format!("0 0 {} {}", format_fixed(width, Some(0)), format_fixed(height, Some(0)))} role="group"
                        aria-label={format!("Op graph: {} ops in {} boxes on {} devices, {} transfers", report.ops.len(), drawing.nodes.len(), used.len(), report.transfers.len())}>
                        { pattern_defs() }
                        { for edges }
                        { for nodes }
                        { for failed_view }
                    </svg>
                </div>
                if show_minimap {
                    <svg class="minimap" width={format_fixed(width * minimap_scale, Some(0))} height={format_fixed(height * minimap_scale, Some(0))}
                        viewBox={format!("0 0 {} {}", format_fixed(width, Some(0)), format_fixed(height, Some(0)))}
                        onclick={on_minimap} aria-hidden="true" data-testid="minimap">
                        { for drawing.nodes.iter().map(|node| {
                            let colour = style_for(node).map_or("dev-none".to_string(), |s| format!("dev-{}", s.colour));
                            html! { <rect class={classes!("mini-node", colour)} x={format_fixed(node.x, Some(0))} y={format_fixed(node.y, Some(0))}
                                width={format_fixed(NODE_WIDTH, None)} height={format_fixed(NODE_HEIGHT, None)} /> }
                        }) }
                        <rect class="mini-view" x={format_fixed(view_left / scale, Some(0))} y={format_fixed(view_top / scale, Some(0))}
                            width={format_fixed(view_width / scale, Some(0))} height={format_fixed(view_height / scale, Some(0))} />
                    </svg>
                }
            </div>
            <details class="text-equivalent" ontoggle={on_text_toggle}>
                <summary>{ "Graph as text" }</summary>
                <ol>{ for text_rows }</ol>
            </details>
        </>
    }
}

/// The visible part of a scrolled element: left, top, width, height in pixels.
fn viewport(element: &HtmlElement) -> (f64, f64, f64, f64) {
    (
        f64::from(element.scroll_left()),
        f64::from(element.scroll_top()),
        f64::from(element.client_width()),
        f64::from(element.client_height()),
    )
}
