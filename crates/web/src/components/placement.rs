//! The Placement pane: a table of every op with the device it asked for, the device it got
//! and why, searchable (name, type, device, reason, line) and filterable by device. Only the
//! rows in view are drawn ([`crate::placement_model`]), so a report of 100k ops scrolls as
//! fast as one of ten. Selecting a row selects the op everywhere (graph, timeline), shows it
//! in full above the table, and its line in the editor; arrow keys move the selection.

use crate::devices::{short_name, style_of, DeviceStyle};
use crate::graph_layout::is_transfer_op;
use crate::placement_model::{device_counts, matching_rows, visible_rows, ROW_HEIGHT_PX};
use crate::state::ReportRef;
use std::rc::Rc;
use web_sys::{HtmlElement, HtmlInputElement, HtmlSelectElement, KeyboardEvent};
use yew::prelude::*;

/// The data [`Placement`] renders and the callbacks it reports to.
#[derive(Properties, PartialEq)]
pub struct PlacementProps {
    pub report: ReportRef,
    pub styles: std::rc::Rc<Vec<DeviceStyle>>,
    pub selected: Option<u32>,
    pub filter: Option<String>,
    pub on_select: Callback<Option<u32>>,
    pub on_filter: Callback<Option<String>>,
}

/// A device badge: colour, letter and short name together, so colour is never the only cue.
pub fn device_badge(styles: &[DeviceStyle], device: &str) -> Html {
    match style_of(styles, device) {
        Some(style) => html! {
            <span class={classes!("badge", format!("dev-{}", style.colour))} title={device.to_string()}>
                <span class="letter">{ &style.letter }</span>{ " " }{ &style.label }
            </span>
        },
        None if device.is_empty() => html! { <span class="muted">{ "—" }</span> },
        None => {
            html! { <span class="badge" title={device.to_string()}>{ short_name(device) }</span> }
        }
    }
}

/// The viewport height assumed before the scroll box has been measured.
const DEFAULT_VIEW_HEIGHT_PX: f64 = 800.0;

/// The table of placements.
#[function_component]
pub fn Placement(props: &PlacementProps) -> Html {
    let report = &props.report;
    let query = use_state(String::new);
    let scroll = use_state(|| (0.0f64, DEFAULT_VIEW_HEIGHT_PX));
    let scroller = use_node_ref();
    let rows: Rc<Vec<usize>> = use_memo(
        (report.clone(), props.filter.clone(), (*query).clone()),
        |(report, filter, query)| matching_rows(&report.ops, filter.as_deref(), query),
    );
    let counts = use_memo(
        (report.clone(), props.styles.clone()),
        |(report, styles)| {
            let names: Vec<String> = styles.iter().map(|style| style.name.clone()).collect();
            device_counts(&report.ops, &names)
                .into_iter()
                .map(|(name, count)| (name.to_string(), count))
                .collect::<Vec<_>>()
        },
    );

    // A selection made elsewhere (the graph, the timeline, an error) scrolls into view.
    {
        let scroller = scroller.clone();
        let rows = rows.clone();
        let report = report.clone();
        use_effect_with((props.selected, rows.len()), move |(selected, _)| {
            let position = selected.and_then(|id| {
                rows.iter()
                    .position(|&row| report.ops.get(row).is_some_and(|op| op.id == id))
            });
            if let (Some(position), Some(element)) = (position, scroller.cast::<HtmlElement>()) {
                let top = position as f64 * ROW_HEIGHT_PX;
                let view = f64::from(element.client_height());
                let current = f64::from(element.scroll_top());
                // The header row sits above the first row.
                if top < current || top + 2.0 * ROW_HEIGHT_PX > current + view {
                    element.set_scroll_top((top - view / 3.0).max(0.0) as i32);
                }
            }
        });
    }

    if report.ops.is_empty() {
        let hint = if report.error.is_some() {
            "No op was placed before the error. The Console shows why."
        } else {
            "The program created no TensorFlow ops."
        };
        return html! { <p class="hint">{ hint }</p> };
    }
    let on_filter = {
        let on_filter = props.on_filter.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            let value = select.value();
            on_filter.emit((!value.is_empty()).then_some(value));
        })
    };
    let on_query = {
        let query = query.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            query.set(input.value());
        })
    };
    let on_scroll = {
        let scroll = scroll.clone();
        Callback::from(move |event: Event| {
            let element: HtmlElement = event.target_unchecked_into();
            scroll.set((
                f64::from(element.scroll_top()),
                f64::from(element.client_height()),
            ));
        })
    };
    let (scroll_top, view_height) = *scroll;
    let window = visible_rows(scroll_top, view_height, rows.len());
    let above = window.start as f64 * ROW_HEIGHT_PX;
    let below = (rows.len() - window.end) as f64 * ROW_HEIGHT_PX;
    let selected_op = props
        .selected
        .and_then(|id| report.ops.iter().find(|op| op.id == id));
    // Arrow keys move the selection through the rows the search and filter leave.
    let op_at = |position: usize| rows.get(position).and_then(|&row| report.ops.get(row));
    let label = if rows.len() == report.ops.len() {
        format!("{} ops", report.ops.len())
    } else {
        format!("{} of {} ops", rows.len(), report.ops.len())
    };
    html! {
        <div class="placement">
            <div class="pane-controls">
                <input type="search" class="search" placeholder="Search: name, type, device, reason, line"
                    aria-label="Search ops" data-testid="placement-search" value={(*query).clone()} oninput={on_query} />
                <label>
                    { "Device " }
                    <select onchange={on_filter} aria-label="Show ops of device">
                        <option value="" selected={props.filter.is_none()}>{ "All devices" }</option>
                        { for counts.iter().map(|(name, count)| {
                            let label = style_of(&props.styles, name).map_or_else(|| short_name(name).to_string(), |style| style.label.clone());
                            html! {
                                <option value={name.clone()} selected={props.filter.as_deref() == Some(name.as_str())}>
                                    { format!("{label} ({count})") }
                                </option>
                            }
                        }) }
                    </select>
                </label>
                <span class="muted" data-testid="placement-count">{ label }</span>
            </div>
            {
                match selected_op {
                    Some(op) => html! {
                        <div class="op-detail" data-testid="op-detail">
                            <div><span class="op-name">{ &op.name }</span>{ " " }<span class="op-type">{ &op.op_type }</span>
                                { format!(" · line {}", op.line) }{ " · " }{ device_badge(&props.styles, &op.device) }</div>
                            <div class="reason-full">{ &op.reason }</div>
                            if !op.cost.is_empty() {
                                <div class="muted">{ &op.cost }</div>
                            }
                        </div>
                    },
                    None => html! {
                        <p class="muted op-detail-hint">{ "Select a row to see why the op ran there, find it in the graph, and its line in the editor." }</p>
                    },
                }
            }
            <div class="placement-scroll" ref={scroller} onscroll={on_scroll} data-testid="placement-scroll">
                <table class="placement-table">
                    <colgroup>
                        <col class="col-op" /><col class="col-line" /><col class="col-requested" />
                        <col class="col-device" /><col class="col-reason" />
                    </colgroup>
                    <thead>
                        <tr>
                            <th scope="col">{ "Op" }</th>
                            <th scope="col">{ "Line" }</th>
                            <th scope="col">{ "Requested" }</th>
                            <th scope="col">{ "Device" }</th>
                            <th scope="col">{ "Reason" }</th>
                        </tr>
                    </thead>
                    <tbody>
                        if above > 0.0 {
                            <tr class="spacer" aria-hidden="true" style={format!("height:{above}px")}></tr>
                        }
                        { for window.filter_map(|position| Some((position, op_at(position)?))).map(|(position, op)| {
                            let id = op.id;
                            let selected = props.selected == Some(id);
                            let on_select = props.on_select.clone();
                            let onclick = {
                                let on_select = on_select.clone();
                                Callback::from(move |_: MouseEvent| on_select.emit(Some(id)))
                            };
                            let previous = position.checked_sub(1).and_then(op_at).map(|op| op.id);
                            let next = op_at(position + 1).map(|op| op.id);
                            let onkeydown = Callback::from(move |event: KeyboardEvent| {
                                let target = match event.key().as_str() {
                                    "Enter" | " " => Some(id),
                                    "ArrowUp" => previous,
                                    "ArrowDown" => next,
                                    _ => return,
                                };
                                event.prevent_default();
                                if let Some(target) = target {
                                    on_select.emit(Some(target));
                                }
                            });
                            html! {
                                <tr key={id} class={classes!(selected.then_some("selected"), is_transfer_op(op).then_some("transfer-op"))}
                                    tabindex="0" aria-selected={selected.to_string()} {onclick} {onkeydown}
                                    data-op={id.to_string()}>
                                    <td title={format!("{} ({})", op.name, op.op_type)}><span class="op-name">{ &op.name }</span>{ " " }<span class="op-type">{ &op.op_type }</span></td>
                                    <td class="num">{ op.line }</td>
                                    <td>{ if op.requested_device.is_empty() { html! { <span class="muted">{ "any" }</span> } } else { html! { short_name(&op.requested_device) } } }</td>
                                    <td>{ device_badge(&props.styles, &op.device) }</td>
                                    <td class="reason" title={op.reason.clone()}>{ &op.reason }</td>
                                </tr>
                            }
                        }) }
                        if below > 0.0 {
                            <tr class="spacer" aria-hidden="true" style={format!("height:{below}px")}></tr>
                        }
                    </tbody>
                </table>
            </div>
        </div>
    }
}
