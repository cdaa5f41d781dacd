//! The Topology pane: a diagram of the machine's hosts, chips, devices and links (columns
//! from hosts to devices, links coloured and dashed by kind), its link figures as a table,
//! and an editor for a custom machine: the topology document as JSON, checked first for
//! syntax here and then by the engine, which says exactly what is wrong.

use crate::devices::short_name;
use cpython_text::float_to_decimal::format_fixed;
use engine::report::TopologyReport;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

const COLUMN_WIDTH: f64 = 190.0;
const BOX_WIDTH: f64 = 150.0;
const ROW_HEIGHT: f64 = 34.0;
const BOX_HEIGHT: f64 = 24.0;

/// One box of the diagram.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub name: String,
    pub label: String,
    pub column: usize,
    pub row: usize,
}

/// Which column an endpoint goes in: hosts, then chips, then TF devices, then switches.
fn column_of(name: &str) -> usize {
    if name.contains("/device:") {
        2
    } else if name.starts_with("switch:") {
        3
    } else if name.contains("/chip:") {
        1
    } else {
        0
    }
}

/// Places every device and link endpoint in its column, in order of first appearance.
pub fn places(topology: &TopologyReport) -> Vec<Place> {
    let mut names: Vec<&str> = Vec::new();
    for link in &topology.link_details {
        for end in [link.a.as_str(), link.b.as_str()] {
            if !names.contains(&end) {
                names.push(end);
            }
        }
    }
    for device in &topology.devices {
        if !names.contains(&device.as_str()) {
            names.push(device);
        }
    }
    // The next free row of each of the four columns.
    let mut rows = [0usize; 4];
    names
        .into_iter()
        .map(|name| {
            let column = column_of(name);
            let row = &mut rows[column.min(3)];
            let place = Place {
                name: name.to_string(),
                label: if column == 2 {
                    short_name(name)
                } else {
                    name.to_string()
                },
                column,
                row: *row,
            };
            *row += 1;
            place
        })
        .collect()
}

/// The data [`Topology`] renders and the callbacks it reports to.
#[derive(Properties, PartialEq)]
pub struct TopologyProps {
    /// The machine being shown, or why it could not be built.
    pub machine: Option<Result<TopologyReport, String>>,
    /// The current topology request (a preset name or a JSON document).
    pub topology: AttrValue,
    /// Check a custom document (the engine answers through `machine`).
    pub on_check: Callback<String>,
    /// Run on this custom document from now on.
    pub on_use: Callback<String>,
}

fn link_speed(bytes_per_s: f64) -> String {
    if bytes_per_s >= 1e9 {
        format!("{} GB/s", format_fixed(bytes_per_s / 1e9, Some(0)))
    } else {
        format!("{} MB/s", format_fixed(bytes_per_s / 1e6, Some(1)))
    }
}

/// The machine and its editor.
#[function_component]
pub fn Topology(props: &TopologyProps) -> Html {
    let draft = use_state(String::new);
    let syntax = use_state(|| None::<String>);
    let machine = match &props.machine {
        None => return html! { <p class="hint">{ "Describing the machine…" }</p> },
        Some(machine) => machine,
    };
    let document = machine
        .as_ref()
        .ok()
        .map(|report| serde_json::to_string_pretty(&report.document).unwrap_or_default());
    let on_input = {
        let (draft, syntax) = (draft.clone(), syntax.clone());
        Callback::from(move |event: InputEvent| {
            let area: HtmlTextAreaElement = event.target_unchecked_into();
            let text = area.value();
            syntax.set(
                serde_json::from_str::<serde_json::Value>(&text)
                    .err()
                    .map(|e| format!("JSON: {e}")),
            );
            draft.set(text);
        })
    };
    let start_editing = {
        let (draft, document) = (draft.clone(), document.clone());
        Callback::from(move |_: MouseEvent| draft.set(document.clone().unwrap_or_default()))
    };
    let on_check = {
        let (draft, on_check) = (draft.clone(), props.on_check.clone());
        Callback::from(move |_: MouseEvent| on_check.emit((*draft).clone()))
    };
    let on_use = {
        let (draft, on_use) = (draft.clone(), props.on_use.clone());
        Callback::from(move |_: MouseEvent| on_use.emit((*draft).clone()))
    };
    let editor = if draft.is_empty() {
        html! {
            <button onclick={start_editing} disabled={document.is_none()}>{ "Edit as a custom machine" }</button>
        }
    } else {
        let checked_ok = machine.is_ok() && syntax.is_none();
        html! {
            <div class="topology-editor">
                <label for="topology-json">{ "Custom machine (topology document, JSON)" }</label>
                <textarea id="topology-json" class="json" spellcheck="false" value={(*draft).clone()} oninput={on_input}
                    aria-invalid={syntax.is_some().to_string()} aria-describedby="topology-check" />
                <div class="pane-controls">
                    <button onclick={on_check} disabled={syntax.is_some()}>{ "Check" }</button>
                    <button class="primary" onclick={on_use} disabled={!checked_ok}>{ "Use this machine" }</button>
                </div>
                <p id="topology-check" class={classes!("validation", (syntax.is_some() || machine.is_err()).then_some("problem"))} role="status">
                    { match (&*syntax, machine) {
                        (Some(error), _) => error.clone(),
                        (None, Err(error)) => error.clone(),
                        (None, Ok(report)) => format!("Valid: {} with {} devices and {} links.", report.name, report.devices.len(), report.links.len()),
                    } }
                </p>
            </div>
        }
    };
    let report = match machine {
        Ok(report) => report,
        Err(error) => {
            return html! {
                <>
                    <p class="notice problem" role="alert">{ format!("This machine cannot be built: {error}") }</p>
                    { editor }
                </>
            }
        }
    };
    let placed = places(report);
    let columns = placed.iter().map(|p| p.column).max().map_or(1, |c| c + 1);
    let rows = placed.iter().map(|p| p.row + 1).max().unwrap_or(1);
    let width = columns as f64 * COLUMN_WIDTH + 20.0;
    let height = rows as f64 * ROW_HEIGHT + 20.0;
    let at = |name: &str| {
        placed.iter().find(|p| p.name == name).map(|p| {
            (
                10.0 + p.column as f64 * COLUMN_WIDTH,
                10.0 + p.row as f64 * ROW_HEIGHT,
            )
        })
    };
    let links = report.link_details.iter().filter_map(|link| {
        let (a, b) = (at(&link.a)?, at(&link.b)?);
        let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
        let (y1, y2) = (a.1 + BOX_HEIGHT / 2.0, b.1 + BOX_HEIGHT / 2.0);
        let path = if (a.0 - b.0).abs() < 1.0 {
            // Two boxes of one column (hosts over DCN, chips over ICI): a curve out to the
            // right, into the gap before the next column.
            let x = a.0 + BOX_WIDTH;
            let [x, y1, c, y2] = [x, y1, x + 30.0, y2].map(|v| format_fixed(v, Some(1)));
            format!("M{x} {y1}C{c} {y1} {c} {y2} {x} {y2}")
        } else {
            let [x1, y1, x2, y2] = [a.0 + BOX_WIDTH, y1, b.0, y2].map(|v| format_fixed(v, Some(1)));
            format!("M{x1} {y1}L{x2} {y2}")
        };
        Some(html! {
            <path class={format!("link link-{}", link.kind)} d={path}>
                <title>{ format!("{} ({}): {}, {} µs", link.name, link.kind, link_speed(link.bandwidth_bytes_per_s), link.latency_us) }</title>
            </path>
        })
    });
    let boxes = placed.iter().map(|place| {
        let (x, y) = (10.0 + place.column as f64 * COLUMN_WIDTH, 10.0 + place.row as f64 * ROW_HEIGHT);
        let label: String = place.label.chars().take(22).collect();
        let kind = ["host", "chip", "device", "switch"][place.column.min(3)];
        html! {
            <g class={format!("machine-box {kind}")} transform={format!("translate({} {})", format_fixed(x, Some(1)), format_fixed(y, Some(1)))}>
                <title>{ &place.name }</title>
                <rect width={format_fixed(BOX_WIDTH, None)} height={format_fixed(BOX_HEIGHT, None)} rx="4" />
                <text x="8" y="16">{ label }</text>
            </g>
        }
    });
    let kinds: Vec<&str> = {
        let mut kinds: Vec<&str> = Vec::new();
        for link in &report.link_details {
            if !kinds.contains(&link.kind.as_str()) {
                kinds.push(&link.kind);
            }
        }
        kinds
    };
    html! {
        <>
            <p>
                <b>{ &report.name }</b>
                { format!(": {} devices, {} links", report.devices.len(), report.links.len()) }
                if props.topology.trim_start().starts_with('{') { { " (custom)" } }
            </p>
            <ul class="legend" aria-label="Link kinds">
                <li><span class="swatch host" />{ "host" }</li>
                <li><span class="swatch chip" />{ "chip" }</li>
                <li><span class="swatch device" />{ "TensorFlow device" }</li>
                { for kinds.iter().map(|kind| html! {
                    <li><svg width="30" height="10" aria-hidden="true"><path d="M0 5H30" class={format!("link link-{kind}")} /></svg>{ *kind }</li>
                }) }
            </ul>
            <div class="graph-scroll">
                <svg class="machine-svg" width={format_fixed(width, Some(0))} height={format_fixed(height, Some(0))} role="img"
                    aria-label={format!("Machine {}: {} devices and {} links; the table below lists them", report.name, report.devices.len(), report.links.len())}>
                    { for links }
                    { for boxes }
                </svg>
            </div>
            <details class="text-equivalent">
                <summary>{ "Devices and links as text" }</summary>
                <ul>{ for report.devices.iter().map(|d| html! { <li>{ d }</li> }) }</ul>
                <table>
                    <thead><tr><th scope="col">{ "Link" }</th><th scope="col">{ "Kind" }</th><th scope="col">{ "Bandwidth" }</th><th scope="col">{ "Latency" }</th><th scope="col">{ "Source" }</th></tr></thead>
                    <tbody>
                        { for report.link_details.iter().map(|l| html! {
                            <tr><td>{ &l.name }</td><td>{ &l.kind }</td><td class="num">{ link_speed(l.bandwidth_bytes_per_s) }</td><td class="num">{ format!("{} µs", l.latency_us) }</td><td>{ &l.source }</td></tr>
                        }) }
                    </tbody>
                </table>
            </details>
            { editor }
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::report::LinkReport;

    #[test]
    fn endpoints_go_in_columns_from_hosts_to_devices() {
        let tpu = "/job:worker/replica:0/task:0/device:TPU:0";
        let report = TopologyReport {
            devices: vec![
                "/job:localhost/replica:0/task:0/device:CPU:0".into(),
                tpu.into(),
            ],
            link_details: vec![
                LinkReport {
                    a: "host-0/chip:0".into(),
                    b: tpu.into(),
                    ..LinkReport::default()
                },
                LinkReport {
                    a: "host-0".into(),
                    b: "host-0/chip:0".into(),
                    ..LinkReport::default()
                },
            ],
            ..TopologyReport::default()
        };
        let columns: Vec<(String, usize, usize)> = places(&report)
            .into_iter()
            .map(|p| (p.label, p.column, p.row))
            .collect();
        assert_eq!(
            columns,
            [
                ("host-0/chip:0".to_string(), 1, 0),
                ("worker TPU:0".to_string(), 2, 0),
                ("host-0".to_string(), 0, 0),
                ("CPU:0".to_string(), 2, 1),
            ]
        );
    }
}
