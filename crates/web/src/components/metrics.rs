//! The Metrics pane: step time and host dispatch, then per device how busy it was, its peak
//! memory and MXU figures, the bytes per link, and the simulator's notes on where the time
//! went.

use crate::components::placement::device_badge;
use crate::devices::DeviceStyle;
use crate::graph_layout::human_bytes;
use crate::state::ReportRef;
use crate::timeline_model::fmt_us;
use cpython_text::float_to_decimal::format_fixed;
use std::rc::Rc;
use yew::prelude::*;

/// The data [`Metrics`] renders and the callbacks it reports to.
#[derive(Properties, PartialEq)]
pub struct MetricsProps {
    pub report: ReportRef,
    pub styles: Rc<Vec<DeviceStyle>>,
}

// Not `clamp`: its panic message would link Rust's float `Debug` into the bundle.
#[allow(clippy::manual_clamp)]
fn percent(fraction: f64) -> String {
    if fraction.is_finite() {
        format!(
            "{}%",
            format_fixed((fraction * 100.0).max(0.0).min(100.0), Some(0))
        )
    } else {
        "?".into()
    }
}

/// The run's figures.
#[function_component]
pub fn Metrics(props: &MetricsProps) -> Html {
    let metrics = &props.report.metrics;
    // The topology's order first, then any device the styles do not know; no sort needed.
    let mut devices: Vec<&String> = Vec::new();
    let known = props.styles.iter().map(|style| &style.name);
    let measured = metrics
        .device_busy_us
        .keys()
        .chain(metrics.peak_memory_bytes.keys());
    for device in known.chain(measured) {
        let has_figures = metrics.device_busy_us.contains_key(device)
            || metrics.peak_memory_bytes.contains_key(device);
        if has_figures && !devices.contains(&device) {
            devices.push(device);
        }
    }
    let has_mxu = !metrics.mxu_utilization.is_empty();
    html! {
        <>
            <dl class="figures">
                <div><dt>{ "Step time" }</dt><dd>{ format!("{} µs", fmt_us(metrics.step_time_us)) }</dd></div>
                <div><dt>{ "Host dispatch" }</dt><dd>{ format!("{} µs", fmt_us(metrics.host_dispatch_us)) }</dd></div>
                <div><dt>{ "Ops" }</dt><dd>{ props.report.ops.len() }</dd></div>
                <div><dt>{ "Transfers" }</dt><dd>{ format!("{} ({})", props.report.transfers.len(), human_bytes(props.report.transfers.iter().map(|t| t.bytes).sum())) }</dd></div>
                <div><dt>{ "Input-bound" }</dt><dd>{ percent(metrics.input_bound_fraction) }</dd></div>
            </dl>
            if !metrics.notes.is_empty() {
                <ul class="notes">{ for metrics.notes.iter().map(|note| html! { <li>{ note }</li> }) }</ul>
            }
            if !devices.is_empty() {
                <table class="metrics-table">
                    <caption>{ "Devices" }</caption>
                    <thead>
                        <tr>
                            <th scope="col">{ "Device" }</th>
                            <th scope="col">{ "Busy" }</th>
                            <th scope="col">{ "Busy share" }</th>
                            <th scope="col">{ "Peak memory" }</th>
                            if has_mxu {
                                <th scope="col">{ "MXU use" }</th>
                                <th scope="col">{ "MXU padding efficiency" }</th>
                            }
                        </tr>
                    </thead>
                    <tbody>
                        { for devices.iter().map(|device| {
                            let busy = metrics.device_busy_us.get(*device).copied().unwrap_or(0.0);
                            let share = metrics.busy_fraction.get(*device).copied().unwrap_or(0.0);
                            html! {
                                <tr>
                                    <td>{ device_badge(&props.styles, device) }</td>
                                    <td class="num">{ format!("{} µs", fmt_us(busy)) }</td>
                                    <td>
                                        <span class="meter" role="img" aria-label={percent(share)}>
                                            <span style={format!("width:{}", percent(share))} />
                                        </span>
                                        { " " }{ percent(share) }
                                    </td>
                                    <td class="num">{ metrics.peak_memory_bytes.get(*device).map(|b| human_bytes(*b)).unwrap_or_default() }</td>
                                    if has_mxu {
                                        <td class="num">{ metrics.mxu_utilization.get(*device).map(|f| percent(*f)).unwrap_or_default() }</td>
                                        <td class="num">{ metrics.mxu_padding_efficiency.get(*device).map(|f| percent(*f)).unwrap_or_default() }</td>
                                    }
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            }
            if !metrics.bytes_by_link.is_empty() {
                <table class="metrics-table">
                    <caption>{ "Links" }</caption>
                    <thead><tr><th scope="col">{ "Link" }</th><th scope="col">{ "Bytes" }</th></tr></thead>
                    <tbody>
                        { for metrics.bytes_by_link.iter().map(|(link, bytes)| html! {
                            <tr><td>{ link }</td><td class="num">{ human_bytes(*bytes) }</td></tr>
                        }) }
                    </tbody>
                </table>
            }
        </>
    }
}
