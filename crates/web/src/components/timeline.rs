//! The Timeline pane: a lane per device and per link, ops and transfers as bars with
//! tooltips, a zoom, and the trace as Chrome Trace Event JSON (download, or straight into
//! Perfetto). A table lists the same bars in time order for screen readers.
//!
//! The bars are one Tab stop (a roving tabindex): arrow keys move along a lane and between
//! lanes, Home and End go to a lane's ends, and Enter or Space selects the bar's op as a
//! click does. Each bar's accessible name is its tooltip.

use crate::browser;
use crate::components::graph::{pattern_defs, pattern_fill};
use crate::devices::{style_of, DeviceStyle};
use crate::state::ReportRef;
use crate::timeline_model::{
    bar_after_move, entry_bar, fmt_us, in_time_order, timeline, BarMove, LaneKind,
};
use cpython_text::float_to_decimal::format_fixed;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, SvgElement};
use yew::prelude::*;

const LABEL_WIDTH: f64 = 170.0;
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

/// The timeline of the last run.
#[function_component]
pub fn Timeline(props: &TimelineProps) -> Html {
    let zoom = use_state(|| 0i32);
    let message = use_state(|| None::<String>);
    // The bar holding the Tab stop, once the user has moved it (an index into the bars).
    let roving = use_state(|| None::<usize>);
    let svg = use_node_ref();
    let model = Rc::new(timeline(&props.report));
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
    // Not `clamp`: its panic message would link Rust's float `Debug` into the bundle.
    #[allow(clippy::manual_clamp)]
    let base_width = (pane_width - LABEL_WIDTH - 60.0).max(160.0).min(900.0);
    let scale = base_width / model.end_us * 2f64.powi(*zoom);
    let width = LABEL_WIDTH + model.end_us * scale + 20.0;
    let height = AXIS_HEIGHT + model.lanes.len() as f64 * LANE_HEIGHT + 4.0;
    // About one tick per 90 pixels, so the labels never overlap.
    let step = tick_step(model.end_us, (model.end_us * scale / 90.0).max(2.0));
    let ticks = (0..=((model.end_us / step).floor() as usize).min(2000)).map(|i| {
        let t = i as f64 * step;
        let x = LABEL_WIDTH + t * scale;
        html! {
            <g class="tick">
                <line x1={format_fixed(x, Some(1))} x2={format_fixed(x, Some(1))} y1={format_fixed(AXIS_HEIGHT, None)} y2={format_fixed(height, Some(0))} />
                <text x={format_fixed(x + 3.0, Some(1))} y="14">{ format!("{} µs", fmt_us(t)) }</text>
            </g>
        }
    });
    let lanes = model.lanes.iter().enumerate().map(|(index, lane)| {
        let y = AXIS_HEIGHT + index as f64 * LANE_HEIGHT;
        let kind = match lane.kind {
            LaneKind::Device => "lane device-lane",
            LaneKind::Link => "lane link-lane",
        };
        let label: String = lane.label.chars().take(26).collect();
        html! {
            <g class={kind}>
                <rect class="lane-bg" x="0" y={format_fixed(y, Some(1))} width={format_fixed(width, Some(0))} height={format_fixed(LANE_HEIGHT, None)} />
                <text class="lane-label" x="6" y={format_fixed(y + 19.0, Some(1))}>
                    <title>{ &lane.name }</title>
                    { label }
                </text>
            </g>
        }
    });
    let tab_stop = (*roving)
        .filter(|&index| index < model.bars.len())
        .or_else(|| entry_bar(&model, props.selected));
    let bars = model.bars.iter().enumerate().map(|(index, bar)| {
        let y = AXIS_HEIGHT + bar.lane as f64 * LANE_HEIGHT + 5.0;
        let x = LABEL_WIDTH + bar.start_us * scale;
        let w = (bar.dur_us * scale).max(2.0);
        let style = style_of(&props.styles, &bar.device);
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
        html! {
            <g class={classes!("bar", colour, transfer.then_some("transfer"), selected.then_some("selected"))}
                role="button" aria-label={bar.detail.clone()} aria-pressed={selected.to_string()}
                tabindex={if tab_stop == Some(index) { "0" } else { "-1" }}
                data-bar={index.to_string()} {onclick} {onfocus}>
                <title>{ &bar.detail }</title>
                <rect class="bar-box" x={format_fixed(x, Some(2))} y={format_fixed(y, Some(1))} width={format_fixed(w, Some(2))} height={format_fixed(LANE_HEIGHT - 10.0, None)} rx="2" />
                if let Some(fill) = style.and_then(|s| pattern_fill(s.pattern)) {
                    <rect class="node-pattern" x={format_fixed(x, Some(2))} y={format_fixed(y, Some(1))} width={format_fixed(w, Some(2))} height={format_fixed(LANE_HEIGHT - 10.0, None)} fill={fill} />
                }
                if show_label {
                    <text class="bar-label" x={format_fixed(x + 3.0, Some(1))} y={format_fixed(y + 14.0, Some(1))}>{ &bar.label }</text>
                }
            </g>
        }
    });

    let on_bar_key = {
        let (model, svg, on_select) = (model.clone(), svg.clone(), props.on_select.clone());
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
            // Every bar is in the DOM already; focusing it moves the Tab stop (its onfocus).
            if let Some(bar) = svg
                .cast::<Element>()
                .and_then(|svg| {
                    svg.query_selector(&format!("[data-bar=\"{to}\"]"))
                        .ok()
                        .flatten()
                })
                .and_then(|bar| bar.dyn_into::<SvgElement>().ok())
            {
                let _ = bar.focus();
            }
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
            let json = serde_json::to_string(&report.trace).unwrap_or_default();
            if let Err(error) = browser::download("placement-trace.json", &json, "application/json")
            {
                message.set(Some(error));
            }
        })
    };
    let on_perfetto = {
        let (report, message) = (props.report.clone(), message.clone());
        Callback::from(move |_: MouseEvent| {
            let json = serde_json::to_string(&report.trace).unwrap_or_default();
            let title = format!("Placement Playground on {}", report.topology.name);
            if !browser::open_in_perfetto(&json, &title) {
                message.set(Some("The browser blocked the new tab; allow pop-ups for this page, or export the trace and open it at ui.perfetto.dev.".into()));
            }
        })
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
                <svg ref={svg} class="timeline-svg" width={format_fixed(width, Some(0))} height={format_fixed(height, Some(0))} onkeydown={on_bar_key}
                    role="group" aria-label={format!("Timeline: {} lanes, {} bars; arrow keys move between bars, Enter selects", model.lanes.len(), model.bars.len())}>
                    { pattern_defs() }
                    { for lanes }
                    { for ticks }
                    { for bars }
                </svg>
            </div>
            <details class="text-equivalent">
                <summary>{ "Timeline as text" }</summary>
                <table>
                    <thead><tr><th scope="col">{ "Start (µs)" }</th><th scope="col">{ "Lane" }</th><th scope="col">{ "What" }</th></tr></thead>
                    <tbody>
                        { for in_time_order(&model).into_iter().map(|bar| html! {
                            <tr>
                                <td class="num">{ fmt_us(bar.start_us) }</td>
                                <td>{ &model.lanes[bar.lane].label }</td>
                                <td>{ &bar.detail }</td>
                            </tr>
                        }) }
                    </tbody>
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
}
