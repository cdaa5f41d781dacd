//! The result panes' tab bar (WAI-ARIA tabs): click or arrow keys to switch, Home and End
//! for the first and last; only the current tab is in the Tab order.

use crate::state::Pane;
use web_sys::{HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// The data [`Tabs`] renders and the callbacks it reports to.
#[derive(Properties, PartialEq)]
pub struct TabsProps {
    pub panes: Vec<Pane>,
    pub current: Pane,
    pub on_pick: Callback<Pane>,
}

/// The tab element id of a pane (its panel is labelled by it).
pub fn tab_id(pane: Pane) -> String {
    format!("tab-{}", pane.id())
}

/// The tab bar.
#[function_component]
pub fn Tabs(props: &TabsProps) -> Html {
    let onkeydown = {
        let (panes, current, on_pick) = (props.panes.clone(), props.current, props.on_pick.clone());
        Callback::from(move |event: KeyboardEvent| {
            // From the tab the key was pressed on: focus moves at once, but the selection
            // reaches `current` only at the next render, so keys pressed in quick succession
            // would all start from the same stale tab.
            let pressed_on = event
                .target()
                .and_then(|target| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(target).ok())
                .map(|element| element.id());
            let Some(at) = pressed_on
                .and_then(|id| panes.iter().position(|&pane| tab_id(pane) == id))
                .or_else(|| panes.iter().position(|pane| *pane == current))
            else {
                return;
            };
            let next = match event.key().as_str() {
                "ArrowRight" | "ArrowDown" => (at + 1) % panes.len(),
                "ArrowLeft" | "ArrowUp" => (at + panes.len() - 1) % panes.len(),
                "Home" => 0,
                "End" => panes.len() - 1,
                _ => return,
            };
            event.prevent_default();
            on_pick.emit(panes[next]);
            // Focus follows the selection, as the ARIA tabs pattern asks.
            if let Some(tab) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id(&tab_id(panes[next])))
                .and_then(|e| wasm_bindgen::JsCast::dyn_into::<HtmlElement>(e).ok())
            {
                let _ = tab.focus();
            }
        })
    };
    html! {
        <div class="tabs" role="tablist" aria-label="Results" {onkeydown}>
            { for props.panes.iter().map(|&pane| {
                let selected = pane == props.current;
                let on_pick = props.on_pick.clone();
                html! {
                    <button role="tab" id={tab_id(pane)} aria-selected={selected.to_string()}
                        aria-controls={format!("panel-{}", pane.id())}
                        tabindex={if selected { "0" } else { "-1" }}
                        data-testid={format!("tab-{}", pane.id())}
                        onclick={Callback::from(move |_: MouseEvent| on_pick.emit(pane))}>
                        { pane.title() }
                    </button>
                }
            }) }
        </div>
    }
}
