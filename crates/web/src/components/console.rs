//! The Console pane: what the program printed, and the error that ended it.

use crate::state::RunStatus;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ConsoleProps {
    pub status: RunStatus,
}

/// Shows stdout, then stderr (the traceback) marked as an error.
#[function_component]
pub fn Console(props: &ConsoleProps) -> Html {
    let body = match &props.status {
        RunStatus::Idle => html! { <p class="hint">{ "Press Run or Ctrl+Enter." }</p> },
        RunStatus::Running(_) => html! { <p class="hint">{ "Running…" }</p> },
        RunStatus::Failed(message) => html! { <pre class="stderr">{ message }</pre> },
        RunStatus::Finished(report) => html! {
            <>
                <pre class="stdout">{ &report.stdout }</pre>
                if !report.stderr.is_empty() {
                    <pre class="stderr">{ &report.stderr }</pre>
                }
            </>
        },
    };
    html! {
        <section class="pane console" data-testid="console" aria-live="polite" aria-label="Console">
            { body }
        </section>
    }
}
