//! The Timeline pane: a lane per device and per link (named in full in a column that stays
//! put), ops and transfers as bars with tooltips, a zoom, and the trace as Chrome Trace Event
//! JSON (download, or straight into Perfetto). Only the bars in and near view are drawn, and
//! bars too thin to tell apart are merged, so a run of 100k ops draws as fast as ten. A table
//! lists the bars in time order for screen readers.
//!
//! The bars are one Tab stop (a roving tabindex): arrow keys move along a lane and between
//! lanes, Home and End go to a lane's ends, and Enter or Space selects the bar's op as a
//! click does. Each bar's accessible name is its tooltip.

use crate::browser;
use crate::components::graph::{clip, pattern_defs, pattern_fill};
use crate::devices::{style_of, DeviceStyle};
use crate::state::ReportRef;
use crate::timeline_model::{
    bar_after_move, detail, drawn_bars, entry_bar, fmt_us, in_time_order, timeline, BarMove, Drawn,
    LaneKind,
};
use cpython_text::float_to_decimal::format_fixed;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement, SvgElement};
use yew::prelude::*;

const LANE_HEIGHT: f64 = 30.0;
const AXIS_HEIGHT: f64 = 22.0;
/// Zoom steps are powers of this; the slider goes from 1× (fit) to 2^8.
const MAX_ZOOM_STEP: i32 = 8;

/// The data [`Timeline`] renders and the callbacks it reports to.
#[derive(Properties, PartialEq)]
pub struct TimelineProps {
    pub report: ReportRef,
    pub styles: Rc<Vec<DeviceStyle>>,
    pub selected: Option<u32>,
    pub on_select: Callback<Option<u32>>,
}

/// Tick spacing in µs giving about `target` ticks over `span` µs (1, 2 or 5 × 10^n).
fn tick_step(span: f64, target: f64) -> f64 {
    let raw = (span / target).max(1e-6);
    let magnitude = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|step| *step >= raw)
        .unwrap_or(10.0 * magnitude)
}

/// A lane's name in at most two lines that fit `chars` characters each: split after a `/`,
/// space or `<->` where one falls, and cut in the middle (`tpu-host-0/ch…:0`) past that.
fn lane_lines(name: &str, chars: usize) -> Vec<String> {
    if name.chars().count() <= chars {
        return vec![name.to_string()];
    }
    // The last break that leaves a first line that fits.
    let split = name
        .char_indices()
        .filter(|&(i, c)| (c == '/' || c == ' ' || c == '>') && name[..=i].chars().count() <= chars)
        .map(|(i, c)| i + c.len_utf8())
        .next_back()
        .unwrap_or_else(|| {
            name.char_indices()
                .nth(chars)
                .map_or(name.len(), |(i, _)| i)
        });
    let (first, rest) = name.split_at(split);
    vec![first.trim_end().to_string(), clip(rest.trim_start(), chars)]
}

/// Width of one character of a lane label, for sizing the label column.
const LABEL_CHAR_PX: f64 = 6.8;
/// Rows of the text equivalent: past this, the exported trace has the rest.
const MAX_TEXT_ROWS: usize = 1000;

/// The timeline of the last run.
#[function_component]
pub fn Timeline(props: &TimelineProps) -> Html {
    let zoom = use_state(|| 0i32);
    let message = use_state(|| None::<String>);
    // The bar holding the Tab stop, once the user has moved it (an index into the bars).
    let roving = use_state(|| None::<usize>);
    // Focus the roving bar after the render that draws it.
    let focus_pending = use_mut_ref(|| false);
    let svg = use_node_ref();
    let scroller = use_node_ref();
    let scroll = use_state(|| (0.0f64, 0.0f64));
    let (text_open, on_text_toggle) = crate::components::text_equivalent::use_details_open();
    let model: Rc<crate::timeline_model::Timeline> =
        use_memo(props.report.clone(), |report| timeline(report));
    {
        let (svg, roving, focus_pending) = (svg.clone(), *roving, focus_pending.clone());
        use_effect(move || {
            if std::mem::take(&mut *focus_pending.borrow_mut()) {
                if let Some(bar) = roving.and_then(|index| {
                    svg.cast::<Element>()?
                        .query_selector(&format!("[data-bar=\"{index}\"]"))
                        .ok()
                        .flatten()?
                        .dyn_into::<SvgElement>()
                        .ok()
                }) {
                    let _ = bar.focus();
                }
            }
        });
    }
    if model.bars.is_empty() {
        return html! { <p class="hint">{ "Nothing ran on a device: the timeline is empty." }</p> };
    }
    // At zoom 0 the whole run fits the window (the results pane on a desktop, the screen on
    // a phone); each zoom step doubles it.
    let window_width = web_sys::window()
        .and_then(|window| window.inner_width().ok())
        .and_then(|width| width.as_f64())
        .unwrap_or(1280.0);
    // The results pane is the screen's width on a phone and half the window on a desktop.
    let pane_width = if window_width < 760.0 {
        window_width
    } else {
        window_width / 2.0
    };
    let longest = model
        .lanes
        .iter()
        .map(|lane| lane.name.chars().count())
        .max()
        .unwrap_or(8);
    // Wide enough for most names on one line; the longest wrap onto a second.
    let label_width =
        (longest as f64 * LABEL_CHAR_PX + 14.0).clamp(110.0, (pane_width * 0.4).max(110.0));
    let label_chars = ((label_width - 12.0) / LABEL_CHAR_PX).floor().max(8.0) as usize;
    let base_width = (pane_width - label_width - 60.0).clamp(160.0, 900.0);
    let scale = base_width / model.end_us * 2f64.powi(*zoom);
    let width = model.end_us * scale + 20.0;
    let height = AXIS_HEIGHT + model.lanes.len() as f64 * LANE_HEIGHT + 4.0;
    // What is in view, with a view's width either side so a scroll never shows a gap.
    let (scroll_left, view_width) = *scroll;
    let view_width = if view_width > 0.0 {
        view_width
    } else {
        base_width + 40.0
    };
    let from_us = (scroll_left - view_width) / scale;
    let to_us = (scroll_left + 2.0 * view_width) / scale;
    // About one tick per 90 pixels, so the labels never overlap.
    let step = tick_step(model.end_us, (model.end_us * scale / 90.0).max(2.0));
    let first_tick = (from_us.max(0.0) / step).floor() as usize;
    let last_tick = ((to_us.min(model.end_us) / step).floor() as usize).max(first_tick);
    let ticks = (first_tick..=last_tick.min(first_tick + 2000)).map(|i| {
        let t = i as f64 * step;
        let x = t * scale;
        html! {
            <g class="tick">
                <line x1={format_fixed(x, Some(1))} x2={format_fixed(x, Some(1))} y1={format_fixed(AXIS_HEIGHT, None)} y2={format_fixed(height, Some(0))} />
                <text x={format_fixed(x + 3.0, Some(1))} y="14">{ format!("{} µs", fmt_us(t)) }</text>
            </g>
        }
    });
    let lane_backgrounds = model.lanes.iter().enumerate().map(|(index, lane)| {
        let y = AXIS_HEIGHT + index as f64 * LANE_HEIGHT;
        let kind = match lane.kind {
            LaneKind::Device => "lane device-lane",
            LaneKind::Link => "lane link-lane",
        };
        html! {
            <g class={kind}>
                <rect class="lane-bg" x="0" y={format_fixed(y, Some(1))} width={format_fixed(width, Some(0))} height={format_fixed(LANE_HEIGHT, None)} />
            </g>
        }
    });
    let lane_labels = model.lanes.iter().enumerate().map(|(index, lane)| {
        let y = AXIS_HEIGHT + index as f64 * LANE_HEIGHT;
        let kind = match lane.kind {
            LaneKind::Device => "lane device-lane",
            LaneKind::Link => "lane link-lane",
        };
        let text = if lane.kind == LaneKind::Device { &lane.label } else { &lane.name };
        let lines = lane_lines(text, label_chars);
        let two = lines.len() > 1;
        html! {
            <g class={kind}>
                <rect class="lane-bg" x="0" y={format_fixed(y, Some(1))} width={format_fixed(label_width, Some(0))} height={format_fixed(LANE_HEIGHT, None)} />
                <text class={classes!("lane-label", two.then_some("two-lines"))} x="6" y={format_fixed(y + if two { 12.5 } else { 19.0 }, Some(1))}>
                    <title>{ &lane.name }</title>
                    { for lines.iter().enumerate().map(|(line, text)| html! {
                        <tspan x="6" dy={if line == 0 { "0" } else { "12" }}>{ text }</tspan>
                    }) }
                </text>
            </g>
        }
    });
    let tab_stop = (*roving)
        .filter(|&index| index < model.bars.len())
        .or_else(|| entry_bar(&model, props.selected));
    let bar_style = |index: usize| style_of(&props.styles, &model.bars[index].device);
    let draw_bar = |index: usize| -> Html {
        let bar = &model.bars[index];
        let y = AXIS_HEIGHT + bar.lane as f64 * LANE_HEIGHT + 5.0;
        let x = bar.start_us * scale;
        let w = (bar.dur_us * scale).max(2.0);
        let style = bar_style(index);
        let colour = style.map_or("dev-none".to_string(), |s| format!("dev-{}", s.colour));
        let transfer = model.lanes[bar.lane].kind == LaneKind::Link;
        let selected = bar.op.is_some() && bar.op == props.selected && !transfer;
        let onclick = {
            let (on_select, op) = (props.on_select.clone(), bar.op);
            Callback::from(move |_: MouseEvent| on_select.emit(op))
        };
        let onfocus = {
            let roving = roving.clone();
            Callback::from(move |_: FocusEvent| roving.set(Some(index)))
        };
        let show_label = w > 8.0 * bar.label.len() as f64;
        let detail = detail(&props.report, bar);
        html! {
            <g key={format!("b{index}")} class={classes!("bar", colour, transfer.then_some("transfer"), selected.then_some("selected"))}
                role="button" aria-label={detail.clone()} aria-pressed={selected.to_string()}
                tabindex={if tab_stop == Some(index) { "0" } else { "-1" }}
                data-bar={index.to_string()} {onclick} {onfocus}>
                <title>{ detail }</title>
                <rect class="bar-box" x={format_fixed(x, Some(2))} y={format_fixed(y, Some(1))} width={format_fixed(w, Some(2))} height={format_fixed(LANE_HEIGHT - 10.0, None)} rx="2" />
                if let Some(fill) = style.and_then(|s| pattern_fill(s.pattern)) {
                    <rect class="node-pattern" x={format_fixed(x, Some(2))} y={format_fixed(y, Some(1))} width={format_fixed(w, Some(2))} height={format_fixed(LANE_HEIGHT - 10.0, None)} fill={fill} />
                }
                if show_label {
                    <text class="bar-label" x={format_fixed(x + 3.0, Some(1))} y={format_fixed(y + 14.0, Some(1))}>{ &bar.label }</text>
                }
            </g>
        }
    };
    let drawn = drawn_bars(&model, from_us, to_us, 1.0 / scale);
    let mut tab_stop_drawn = false;
    let mut shapes: Vec<Html> = drawn
        .iter()
        .map(|shape| match *shape {
            Drawn::Bar(index) => {
                tab_stop_drawn |= tab_stop == Some(index);
                draw_bar(index)
            }
            Drawn::Cluster { lane, start_us, end_us, count, first } => {
                let y = AXIS_HEIGHT + lane as f64 * LANE_HEIGHT + 5.0;
                let x = start_us * scale;
                let w = ((end_us - start_us) * scale).max(2.0);
                let colour = bar_style(first).map_or("dev-none".to_string(), |s| format!("dev-{}", s.colour));
                let detail = format!(
                    "{count} {} on {} from {} µs to {} µs; zoom in to see each",
                    if model.lanes[lane].kind == LaneKind::Link { "transfers" } else { "ops" },
                    model.lanes[lane].label,
                    fmt_us(start_us),
                    fmt_us(end_us)
                );
                let onclick = {
                    let zoom = zoom.clone();
                    let scroller = scroller.clone();
                    let current = *zoom;
                    Callback::from(move |_: MouseEvent| {
                        // Zoom in on the cluster: enough steps to spread it over the view.
                        let next = (current + 3).min(MAX_ZOOM_STEP);
                        let factor = 2f64.powi(next - current);
                        zoom.set(next);
                        if let Some(element) = scroller.cast::<HtmlElement>() {
                            let left = x * factor - f64::from(element.client_width()) / 3.0;
                            yew::platform::spawn_local(async move {
                                element.set_scroll_left(left.max(0.0) as i32);
                            });
                        }
                    })
                };
                html! {
                    <g key={format!("c{lane}-{first}")} class={classes!("bar", "cluster", colour)} {onclick}>
                        <title>{ detail }</title>
                        <rect class="bar-box" x={format_fixed(x, Some(2))} y={format_fixed(y, Some(1))} width={format_fixed(w, Some(2))} height={format_fixed(LANE_HEIGHT - 10.0, None)} rx="2" />
                    </g>
                }
            }
        })
        .collect();
    if let (Some(index), false) = (tab_stop, tab_stop_drawn) {
        shapes.push(draw_bar(index));
    }

    let on_bar_key = {
        let (model, on_select) = (model.clone(), props.on_select.clone());
        let (roving, focus_pending, scroller) =
            (roving.clone(), focus_pending.clone(), scroller.clone());
        Callback::from(move |event: KeyboardEvent| {
            let Some(from) = event
                .target()
                .and_then(|target| target.dyn_into::<Element>().ok())
                .and_then(|target| target.closest("[data-bar]").ok().flatten())
                .and_then(|bar| bar.get_attribute("data-bar"))
                .and_then(|index| index.parse::<usize>().ok())
                .filter(|&index| index < model.bars.len())
            else {
                return;
            };
            let key = event.key();
            if key == "Enter" || key == " " {
                event.prevent_default();
                on_select.emit(model.bars[from].op);
                return;
            }
            let Some(step) = BarMove::from_key(&key) else {
                return;
            };
            event.prevent_default();
            let to = bar_after_move(&model, from, step);
            // Bring the bar into view; it is drawn (the tab stop always is) and focused after
            // the next render.
            if let Some(element) = scroller.cast::<HtmlElement>() {
                let x = model.bars[to].start_us * scale;
                let (left, view) = (
                    f64::from(element.scroll_left()),
                    f64::from(element.client_width()),
                );
                if x < left || x > left + view - 40.0 {
                    element.set_scroll_left((x - view / 3.0).max(0.0) as i32);
                }
            }
            *focus_pending.borrow_mut() = true;
            roving.set(Some(to));
        })
    };
    let on_scroll = {
        let scroll = scroll.clone();
        Callback::from(move |event: Event| {
            let element: HtmlElement = event.target_unchecked_into();
            scroll.set((
                f64::from(element.scroll_left()),
                f64::from(element.client_width()),
            ));
        })
    };

    let set_zoom = |value: i32| {
        let zoom = zoom.clone();
        Callback::from(move |_: MouseEvent| zoom.set(value.clamp(0, MAX_ZOOM_STEP)))
    };
    let on_slider = {
        let zoom = zoom.clone();
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            zoom.set(
                input
                    .value()
                    .parse::<i32>()
                    .unwrap_or(0)
                    .clamp(0, MAX_ZOOM_STEP),
            );
        })
    };
    // The trace is serialised when the user asks for it, not on every render.
    let on_export = {
        let (report, message) = (props.report.clone(), message.clone());
        Callback::from(move |_: MouseEvent| {
            let json = report.trace.as_str().to_string();
            if let Err(error) = browser::download("placement-trace.json", &json, "application/json")
            {
                message.set(Some(error));
            }
        })
    };
    let on_perfetto = {
        let (report, message) = (props.report.clone(), message.clone());
        Callback::from(move |_: MouseEvent| {
            let json = report.trace.as_str().to_string();
            let title = format!("Placement Playground on {}", report.topology.name);
            if !browser::open_in_perfetto(&json, &title) {
                message.set(Some("The browser blocked the new tab; allow pop-ups for this page, or export the trace and open it at ui.perfetto.dev.".into()));
            }
        })
    };
    // The text equivalent is built when it is opened: sorting and describing every bar of a
    // big run costs more than a frame.
    let text_rows: Vec<Html> = if text_open {
        in_time_order(&model)
            .into_iter()
            .take(MAX_TEXT_ROWS)
            .map(|bar| {
                html! {
                    <tr>
                        <td class="num">{ fmt_us(bar.start_us) }</td>
                        <td>{ &model.lanes[bar.lane].name }</td>
                        <td>{ detail(&props.report, bar) }</td>
                    </tr>
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    html! {
        <>
            <div class="pane-controls">
                <span role="group" aria-label="Zoom">
                    <button onclick={set_zoom(*zoom - 1)} disabled={*zoom == 0} aria-label="Zoom out">{ "−" }</button>
                    <input type="range" min="0" max={MAX_ZOOM_STEP.to_string()} value={zoom.to_string()} oninput={on_slider}
                        aria-label="Zoom level" aria-valuetext={format!("{}×", 1 << *zoom)} />
                    <button onclick={set_zoom(*zoom + 1)} disabled={*zoom == MAX_ZOOM_STEP} aria-label="Zoom in">{ "+" }</button>
                    <button onclick={set_zoom(0)} disabled={*zoom == 0}>{ "Fit" }</button>
                </span>
                <span class="muted">{ format!("{} µs in all", fmt_us(model.end_us)) }</span>
                <span class="spacer" />
                <button onclick={on_export} title="Chrome Trace Event JSON">{ "Export trace" }</button>
                <button onclick={on_perfetto}>{ "Open in Perfetto ↗" }</button>
            </div>
            if let Some(text) = &*message {
                <p class="notice problem" role="alert">{ text }</p>
            }
            <div class="timeline-scroll">
                <div class="timeline-body">
                    <svg class="timeline-labels" width={format_fixed(label_width, Some(0))} height={format_fixed(height, Some(0))} aria-hidden="true">
                        { for lane_labels }
                    </svg>
                    <div class="timeline-bars" ref={scroller} onscroll={on_scroll} data-testid="timeline-bars">
                        <svg ref={svg} class="timeline-svg" width={format_fixed(width, Some(0))} height={format_fixed(height, Some(0))} onkeydown={on_bar_key}
                            role="group" aria-label={format!("Timeline: {} lanes ({}), {} bars; arrow keys move between bars, Enter selects",
                                model.lanes.len(), model.lanes.iter().map(|lane| lane.name.as_str()).collect::<Vec<_>>().join(", "), model.bars.len())}>
                            { pattern_defs() }
                            { for lane_backgrounds }
                            { for ticks }
                            { for shapes }
                        </svg>
                    </div>
                </div>
            </div>
            <details class="text-equivalent" ontoggle={on_text_toggle}>
                <summary>{ "Timeline as text" }</summary>
                if model.bars.len() > MAX_TEXT_ROWS {
                    <p class="muted">{ format!("The first {MAX_TEXT_ROWS} of {} bars; Export trace has them all.", model.bars.len()) }</p>
                }
                <table>
                    <thead><tr><th scope="col">{ "Start (µs)" }</th><th scope="col">{ "Lane" }</th><th scope="col">{ "What" }</th></tr></thead>
                    <tbody>{ for text_rows }</tbody>
                </table>
            </details>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_numbers() {
        assert_eq!(tick_step(100.0, 8.0), 20.0);
        assert_eq!(tick_step(31.5, 8.0), 5.0);
        assert_eq!(tick_step(0.0, 8.0), 1e-6);
    }

    #[test]
    fn lane_names_wrap_onto_two_lines_at_a_break() {
        assert_eq!(lane_lines("CPU:0", 20), vec!["CPU:0"]);
        let link = "on-chip tpu-host-0/chip:0<->tpu-host-0/chip:1";
        let lines = lane_lines(link, 28);
        assert_eq!(lines.len(), 2);
        assert!(
            lines.iter().all(|line| line.chars().count() <= 28),
            "{lines:?}"
        );
        assert_eq!(lines[0], "on-chip tpu-host-0/chip:0<->");
        assert_eq!(lines[1], "tpu-host-0/chip:1");
        let unbroken = "x".repeat(50);
        let lines = lane_lines(&unbroken, 10);
        assert_eq!(lines[0].chars().count(), 10);
        assert_eq!(lines[1].chars().count(), 10);
    }
}
