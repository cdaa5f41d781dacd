//! The Share and Embed dialogs. Share shows the link that reproduces the page (program,
//! machine, pane, theme); Embed builds an iframe snippet from a few options (read-only,
//! hidden panes, height) and shows the embed link it points at. Both open in a [`Modal`],
//! which keeps the keyboard inside and closes on Escape. The links are made in the background
//! by the browser's compressor ([`use_deflated_link`]), a moment after the dialog opens.

use crate::browser;
use crate::components::deflated_link::{share_page_link, use_deflated_link};
use crate::components::modal::Modal;
use crate::share::EmbedOptions;
use crate::state::{Pane, Theme};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The data [`ShareDialog`] renders and the callbacks it reports to.
#[derive(Properties, PartialEq)]
pub struct ShareDialogProps {
    /// The page state's JSON text ([`crate::share::to_json`]), which the link carries.
    pub state_json: AttrValue,
    pub on_close: Callback<()>,
}

/// A link being made: the text to show for it (empty until it exists) and a note about it.
fn link_and_note(link: &Option<Result<String, String>>) -> (String, String) {
    match link {
        Some(Ok(link)) => (link.clone(), format!("{} characters.", link.len())),
        Some(Err(error)) => (String::new(), format!("No link: {error}.")),
        None => (String::new(), "Making the link…".to_string()),
    }
}

/// Selects a read-only field's text when it gets focus, ready to copy.
fn select_on_focus() -> Callback<FocusEvent> {
    Callback::from(|event: FocusEvent| {
        let input: HtmlInputElement = event.target_unchecked_into();
        input.select();
    })
}

/// The share link, with Copy.
#[function_component]
pub fn ShareDialog(props: &ShareDialogProps) -> Html {
    let made = use_deflated_link(props.state_json.to_string(), share_page_link);
    let (link, note) = link_and_note(&made);
    let ready = made.as_ref().is_some_and(Result::is_ok);
    let copied = use_state(|| false);
    let on_copy = {
        let (link, copied) = (link.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            browser::copy_text(&link);
            copied.set(true);
        })
    };
    let on_close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <Modal labelled_by="share-title" on_close={props.on_close.clone()}>
            <h2 id="share-title">{ "Share" }</h2>
            <p>{ "This link holds the program, the machine and the open pane. Anyone who opens it sees the same run; nothing is stored on a server." }</p>
            <label class="stack">
                { "Link" }
                <input data-testid="share-link" type="text" readonly=true value={link.clone()} onfocus={select_on_focus()} data-autofocus="true" />
            </label>
            <p class="muted" aria-live="polite">{ note }</p>
            <div class="pane-controls">
                <button class="primary" onclick={on_copy} disabled={!ready}>{ if *copied { "Copied" } else { "Copy link" } }</button>
                if ready {
                    <a href={link} target="_blank" rel="noopener">{ "Open in a new tab ↗" }</a>
                }
                <span class="spacer" />
                <button onclick={on_close}>{ "Close" }</button>
            </div>
        </Modal>
    }
}

/// The data [`EmbedDialog`] renders and the callbacks it reports to.
#[derive(Properties, PartialEq)]
pub struct EmbedDialogProps {
    /// The page state's JSON text ([`crate::share::to_json`]) for a set of embed options and
    /// the embed's theme.
    pub make_state_json: Callback<(EmbedOptions, Theme), String>,
    /// The page's own theme: the embed's until the writer picks another.
    #[prop_or_default]
    pub theme: Theme,
    pub on_close: Callback<()>,
}

/// The iframe snippet for a page that embeds `link`.
pub fn iframe_snippet(link: &str, height: u32) -> String {
    let escaped = link.replace('&', "&amp;").replace('"', "&quot;");
    format!(
        "<iframe src=\"{escaped}\" title=\"Placement Playground\" width=\"100%\" height=\"{height}\" loading=\"lazy\" style=\"border:1px solid #d1d9e0;border-radius:8px\"></iframe>"
    )
}

/// Options and the snippet they give.
#[function_component]
pub fn EmbedDialog(props: &EmbedDialogProps) -> Html {
    let options = use_state(|| EmbedOptions {
        readonly: false,
        hidden: vec![Pane::Metrics, Pane::Topology],
    });
    let height = use_state(|| 480u32);
    let theme = use_state(|| props.theme);
    let made = use_deflated_link(
        props.make_state_json.emit(((*options).clone(), *theme)),
        share_page_link,
    );
    let on_theme = {
        let theme = theme.clone();
        Callback::from(move |event: Event| {
            let select: web_sys::HtmlSelectElement = event.target_unchecked_into();
            theme.set(Theme::from_id(&select.value()).unwrap_or_default());
        })
    };
    let (link, note) = link_and_note(&made);
    let ready = made.as_ref().is_some_and(Result::is_ok);
    let snippet = if ready {
        iframe_snippet(&link, *height)
    } else {
        String::new()
    };
    let toggle_readonly = {
        let options = options.clone();
        Callback::from(move |_: Event| {
            let mut next = (*options).clone();
            next.readonly = !next.readonly;
            options.set(next);
        })
    };
    let on_height = {
        let height = height.clone();
        Callback::from(move |event: Event| {
            let input: HtmlInputElement = event.target_unchecked_into();
            height.set(input.value().parse::<u32>().unwrap_or(480).clamp(200, 2000));
        })
    };
    // The snippet last copied: the button says "Copied" until the options change it.
    let copied = use_state(|| None::<String>);
    let on_copy = {
        let (snippet, copied) = (snippet.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            browser::copy_text(&snippet);
            copied.set(Some(snippet.clone()));
        })
    };
    let is_copied = copied.as_deref() == Some(snippet.as_str());
    let on_close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <Modal labelled_by="embed-title" on_close={props.on_close.clone()}>
            <h2 id="embed-title">{ "Embed" }</h2>
            <p>{ "Paste this into a web page, a course or a tutorial. The embed has a compact layout and an \"Open in playground\" link." }</p>
            <fieldset>
                <legend>{ "Options" }</legend>
                <label><input type="checkbox" data-testid="embed-readonly" checked={options.readonly} onchange={toggle_readonly} />{ " Read-only program" }</label>
                <div class="checks" role="group" aria-label="Panes to show">
                    { for Pane::ALL.iter().map(|&pane| {
                        let shown = !options.hidden.contains(&pane);
                        let onchange = {
                            let options = options.clone();
                            Callback::from(move |_: Event| {
                                let mut next = (*options).clone();
                                if next.hidden.contains(&pane) {
                                    next.hidden.retain(|p| *p != pane);
                                } else if next.hidden.len() + 1 < Pane::ALL.len() {
                                    next.hidden.push(pane);
                                }
                                options.set(next);
                            })
                        };
                        html! {
                            <label><input type="checkbox" checked={shown} {onchange} />{ format!(" {}", pane.title()) }</label>
                        }
                    }) }
                </div>
                <label>{ "Theme " }
                    <select data-testid="embed-theme" onchange={on_theme}>
                        { for [(Theme::System, "Follow the reader's light or dark setting"), (Theme::Light, "Light"), (Theme::Dark, "Dark (for a dark page)")].into_iter().map(|(choice, label)| html! {
                            <option value={choice.id()} selected={*theme == choice}>{ label }</option>
                        }) }
                    </select>
                </label>
                <label>{ "Height " }<input type="number" min="200" max="2000" step="20" value={height.to_string()} onchange={on_height} />{ " px" }</label>
            </fieldset>
            <label class="stack">
                { "Snippet" }
                <textarea data-testid="embed-snippet" class="snippet" readonly=true value={snippet.clone()} rows="4" />
            </label>
            if !ready {
                <p class="muted" aria-live="polite">{ note }</p>
            }
            <div class="pane-controls">
                <button class="primary" data-testid="embed-copy" onclick={on_copy} disabled={!ready}>{ if is_copied { "Copied" } else { "Copy snippet" } }</button>
                if ready {
                    <a data-testid="embed-preview" href={link} target="_blank" rel="noopener">{ "Preview the embed ↗" }</a>
                }
                <span class="spacer" />
                <button onclick={on_close}>{ "Close" }</button>
            </div>
        </Modal>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snippet_escapes_the_link() {
        let snippet = iframe_snippet("https://x/?a=1&b=\"2\"#v1.abc", 400);
        assert!(snippet.starts_with("<iframe src=\"https://x/?a=1&amp;b=&quot;2&quot;#v1.abc\""));
        assert!(snippet.contains("height=\"400\""));
    }
}
