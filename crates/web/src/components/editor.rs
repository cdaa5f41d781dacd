//! The program editor: a plain textarea for now (highlighting comes with the full UI).
//! Ctrl+Enter or Cmd+Enter runs the program.

use web_sys::{HtmlTextAreaElement, KeyboardEvent};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct EditorProps {
    pub source: AttrValue,
    pub on_edit: Callback<String>,
    pub on_run: Callback<()>,
}

/// The editable program text.
#[function_component]
pub fn Editor(props: &EditorProps) -> Html {
    let on_input = {
        let on_edit = props.on_edit.clone();
        Callback::from(move |event: InputEvent| {
            let area: HtmlTextAreaElement = event.target_unchecked_into();
            on_edit.emit(area.value());
        })
    };
    let on_keydown = {
        let on_run = props.on_run.clone();
        Callback::from(move |event: KeyboardEvent| {
            if event.key() == "Enter" && (event.ctrl_key() || event.meta_key()) {
                event.prevent_default();
                on_run.emit(());
            }
        })
    };
    html! {
        <textarea
            class="editor"
            data-testid="editor"
            aria-label="Program"
            spellcheck="false"
            wrap="off"
            value={props.source.clone()}
            oninput={on_input}
            onkeydown={on_keydown}
        />
    }
}
