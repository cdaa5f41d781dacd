//! The frame every dialog opens in: a backdrop and a `role="dialog"` box that keeps the
//! keyboard inside while it is open. Focus moves into it when it opens (to the element marked
//! `data-autofocus`, else the first control), Tab and Shift+Tab cycle through its controls,
//! Escape closes it, and focus returns to the control that opened it when it closes.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// The elements Tab can reach, in the order the browser visits them (no positive tabindex
/// is used on the page, so document order is the tab order).
const FOCUSABLE: &str = "a[href], button:not([disabled]), input:not([disabled]), \
     select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex=\"-1\"])";

/// The data [`Modal`] renders and the callbacks it reports to.
#[derive(Properties, PartialEq)]
pub struct ModalProps {
    /// The id of the element that names the dialog (its heading).
    pub labelled_by: AttrValue,
    /// Escape, or anything else that closes the dialog.
    pub on_close: Callback<()>,
    /// Classes besides `dialog` (a wider layout, say).
    #[prop_or_default]
    pub class: Classes,
    #[prop_or_default]
    pub testid: Option<AttrValue>,
    pub children: Html,
}

/// The controls inside `dialog` that Tab can reach and the user can see.
fn focusable_in(dialog: &Element) -> Vec<HtmlElement> {
    let Ok(found) = dialog.query_selector_all(FOCUSABLE) else {
        return Vec::new();
    };
    (0..found.length())
        .filter_map(|index| found.item(index))
        .filter_map(|node| node.dyn_into::<HtmlElement>().ok())
        // A control in a closed `<details>` or a hidden block has no offset parent.
        .filter(|element| element.offset_parent().is_some())
        .collect()
}

/// The element that has focus now, if any.
fn active_element() -> Option<Element> {
    web_sys::window()?.document()?.active_element()
}

/// A modal dialog that traps and restores focus; see the module doc.
#[function_component]
pub fn Modal(props: &ModalProps) -> Html {
    let dialog = use_node_ref();
    {
        let dialog = dialog.clone();
        use_effect_with((), move |_| {
            // The control that opened the dialog still has focus: this runs right after the
            // dialog's first render.
            let opener =
                active_element().and_then(|element| element.dyn_into::<HtmlElement>().ok());
            if let Some(dialog) = dialog.cast::<HtmlElement>() {
                let first = dialog
                    .query_selector("[data-autofocus]")
                    .ok()
                    .flatten()
                    .and_then(|element| element.dyn_into::<HtmlElement>().ok())
                    .or_else(|| focusable_in(&dialog).into_iter().next());
                let _ = first.unwrap_or(dialog).focus();
            }
            move || {
                if let Some(opener) = opener.filter(|opener| opener.is_connected()) {
                    let _ = opener.focus();
                }
            }
        });
    }
    let onkeydown = {
        let (dialog, on_close) = (dialog.clone(), props.on_close.clone());
        Callback::from(move |event: KeyboardEvent| match event.key().as_str() {
            "Escape" => {
                event.prevent_default();
                event.stop_propagation();
                on_close.emit(());
            }
            "Tab" => {
                let Some(dialog) = dialog.cast::<Element>() else {
                    return;
                };
                let controls = focusable_in(&dialog);
                let (Some(first), Some(last)) = (controls.first(), controls.last()) else {
                    event.prevent_default();
                    return;
                };
                let active = active_element();
                let at = |control: &HtmlElement| {
                    active.as_ref() == Some(control.unchecked_ref::<Element>())
                };
                let outside = !controls.iter().any(at);
                if event.shift_key() && (at(first) || outside) {
                    event.prevent_default();
                    let _ = last.focus();
                } else if !event.shift_key() && (at(last) || outside) {
                    event.prevent_default();
                    let _ = first.focus();
                }
            }
            _ => {}
        })
    };
    html! {
        <div class="dialog-backdrop">
            <div ref={dialog} class={classes!("dialog", props.class.clone())} role="dialog" aria-modal="true"
                aria-labelledby={props.labelled_by.clone()} tabindex="-1" data-testid={props.testid.clone()}
                {onkeydown}>
                { props.children.clone() }
            </div>
        </div>
    }
}
