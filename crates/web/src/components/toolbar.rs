//! The toolbar: topology picker, Run and Stop.

use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    pub topology: AttrValue,
    pub running: bool,
    pub on_topology: Callback<String>,
    pub on_run: Callback<()>,
    pub on_stop: Callback<()>,
}

/// Controls that start and stop runs.
#[function_component]
pub fn Toolbar(props: &ToolbarProps) -> Html {
    let on_change = {
        let on_topology = props.on_topology.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            on_topology.emit(select.value());
        })
    };
    let on_run = props.on_run.reform(|_: MouseEvent| ());
    let on_stop = props.on_stop.reform(|_: MouseEvent| ());
    html! {
        <header class="toolbar">
            <h1 class="title">{ "Placement Playground" }</h1>
            <label class="topology">
                { "Machine " }
                <select data-testid="topology" onchange={on_change}>
                    // Names and labels only: building the presets' hardware models here would pull
                    // the whole hardware model into the UI's wasm.
                    { for engine::hardware::presets::NAMES.iter().map(|&(name, label)| html! {
                        <option value={name} selected={props.topology == name}>{ label }</option>
                    }) }
                </select>
            </label>
            <button data-testid="run" class="run" onclick={on_run} title="Run (Ctrl+Enter)">
                { "Run" }
            </button>
            <button data-testid="stop" onclick={on_stop} disabled={!props.running}>{ "Stop" }</button>
        </header>
    }
}
