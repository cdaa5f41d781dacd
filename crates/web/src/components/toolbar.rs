//! The toolbar: the examples and lessons menu (passed exercises ticked), the machine picker,
//! Run and Stop with the run limit (the watchdog), Share, Embed, the lesson builder and the
//! theme. In embed mode it shrinks to Run, Stop, the machine and "Open in playground".

use crate::lessons::LESSONS;
use crate::progress::Progress;
use crate::state::{Theme, RUN_LIMITS};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// Value of the machine picker's entry for a custom topology document.
pub const CUSTOM_TOPOLOGY: &str = "custom";
/// Prefix of the lessons menu's values that open a catalog lesson.
pub const LESSON_PREFIX: &str = "lesson:";
/// Prefix of the lessons menu's values that open a catalog exercise.
pub const EXERCISE_PREFIX: &str = "exercise:";

/// The data [`Toolbar`] renders and the callbacks it reports to.
#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    /// A preset name or a custom topology document.
    pub topology: AttrValue,
    pub running: bool,
    pub theme: Theme,
    /// The open exercise locks the machine.
    #[prop_or_default]
    pub topology_locked: bool,
    /// The passed exercises, ticked in the lessons menu.
    #[prop_or_default]
    pub progress: Progress,
    /// Compact embed toolbar, with this "Open in playground" address.
    #[prop_or_default]
    pub embed_link: Option<AttrValue>,
    pub on_lesson: Callback<String>,
    pub on_topology: Callback<String>,
    pub on_run: Callback<()>,
    pub on_stop: Callback<()>,
    pub on_share: Callback<()>,
    pub on_embed: Callback<()>,
    #[prop_or_default]
    pub on_builder: Callback<()>,
    pub on_theme: Callback<Theme>,
    /// The watchdog's limit in seconds (`None`: no limit).
    #[prop_or(crate::state::DEFAULT_RUN_LIMIT)]
    pub run_limit: Option<u32>,
    #[prop_or_default]
    pub on_run_limit: Callback<Option<u32>>,
}

/// How the run-limit menu names a limit.
fn run_limit_label(limit: Option<u32>) -> String {
    match limit {
        Some(seconds) => format!("{seconds} s"),
        None => "no limit".to_string(),
    }
}

/// Controls for the whole page.
#[function_component]
pub fn Toolbar(props: &ToolbarProps) -> Html {
    let on_topology_change = {
        let on_topology = props.on_topology.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            let value = select.value();
            if value != CUSTOM_TOPOLOGY {
                on_topology.emit(value);
            }
        })
    };
    let on_lesson_change = {
        let on_lesson = props.on_lesson.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            let value = select.value();
            // The menu is an action, not a setting: it goes back to its prompt.
            select.set_selected_index(0);
            if !value.is_empty() {
                on_lesson.emit(value);
            }
        })
    };
    let on_run_limit_change = {
        let on_run_limit = props.on_run_limit.clone();
        Callback::from(move |event: Event| {
            let select: HtmlSelectElement = event.target_unchecked_into();
            let picked = RUN_LIMITS.get(select.selected_index().max(0) as usize);
            if let Some(&limit) = picked {
                on_run_limit.emit(limit);
            }
        })
    };
    let run_limit = html! {
        <label class="field" title="Run limit: a run still going after this long is stopped">
            <span class="field-label sr-only">{ "Run limit" }</span>
            <select data-testid="run-limit" class="run-limit" onchange={on_run_limit_change} aria-label="Run limit">
                { for RUN_LIMITS.iter().map(|&limit| html! {
                    <option selected={props.run_limit == limit}>{ run_limit_label(limit) }</option>
                }) }
            </select>
        </label>
    };
    let on_run = props.on_run.reform(|_: MouseEvent| ());
    let on_stop = props.on_stop.reform(|_: MouseEvent| ());
    let on_share = props.on_share.reform(|_: MouseEvent| ());
    let on_embed = props.on_embed.reform(|_: MouseEvent| ());
    let on_builder = props.on_builder.reform(|_: MouseEvent| ());
    let next_theme = props.theme.next();
    let on_theme = props.on_theme.reform(move |_: MouseEvent| next_theme);
    let custom = props.topology.trim_start().starts_with('{');
    let machine = html! {
        <label class="field">
            <span class="field-label">{ "Machine" }</span>
            <select data-testid="topology" onchange={on_topology_change} aria-label="Machine (topology)"
                disabled={props.topology_locked} title={props.topology_locked.then_some("This exercise sets the machine")}>
                // Names and labels only: building the presets' hardware models here would pull
                // the whole hardware model into the UI's wasm.
                { for engine::hardware::presets::NAMES.iter().map(|&(name, label)| html! {
                    <option value={name} selected={props.topology == name}>{ label }</option>
                }) }
                if custom {
                    <option value={CUSTOM_TOPOLOGY} selected=true>{ "Custom machine" }</option>
                }
            </select>
        </label>
    };
    let run_stop = html! {
        <>
            <button data-testid="run" class="primary" onclick={on_run} title="Run (Ctrl+Enter or ⌘+Enter)"
                aria-keyshortcuts="Control+Enter Meta+Enter">
                { "▶ Run" }
            </button>
            <button data-testid="stop" onclick={on_stop} disabled={!props.running} title="Stop the running program (Escape)" aria-keyshortcuts="Escape">
                { "■ Stop" }
            </button>
        </>
    };
    if let Some(link) = &props.embed_link {
        return html! {
            <header class="toolbar compact" role="toolbar" aria-label="Playground">
                { run_stop }
                { machine }
                <a class="open-full" href={link.clone()} target="_blank" rel="noopener">
                    { "Open in playground ↗" }
                </a>
            </header>
        };
    }
    let theme_label = match props.theme {
        Theme::System => "Theme: system",
        Theme::Light => "Theme: light",
        Theme::Dark => "Theme: dark",
    };
    html! {
        <header class="toolbar" role="toolbar" aria-label="Playground">
            <h1 class="title">{ "Placement Playground" }</h1>
            <label class="field">
                <span class="field-label sr-only">{ "Examples and lessons" }</span>
                <select data-testid="lessons" onchange={on_lesson_change} aria-label="Examples and lessons">
                    <option value="" selected=true>{ "Examples & lessons…" }</option>
                    <optgroup label="Examples">
                        { for LESSONS.iter().map(|lesson| html! {
                            <option value={lesson.id}>{ lesson.title }</option>
                        }) }
                    </optgroup>
                    { for lessons::lessons().iter().map(|lesson| html! {
                        <optgroup label={format!("Lesson: {}", lesson.title)}>
                            <option value={format!("{LESSON_PREFIX}{}", lesson.id)}>{ format!("📖 {}", lesson.title) }</option>
                            { for lesson.exercises.iter().map(|exercise| html! {
                                <option value={format!("{EXERCISE_PREFIX}{}", exercise.id)}>
                                    { format!("{} {}", if props.progress.passed(&exercise.id) { "✓" } else { "✎" }, exercise.title) }
                                </option>
                            }) }
                        </optgroup>
                    }) }
                </select>
            </label>
            { machine }
            { run_stop }
            { run_limit }
            <span class="spacer" />
            <button data-testid="share" onclick={on_share} title="A link with the program, machine and pane">
                { "Share" }
            </button>
            <button data-testid="embed" onclick={on_embed} title="An iframe snippet for a web page">
                { "Embed" }
            </button>
            <button data-testid="open-builder" onclick={on_builder} title="Write an exercise link for students">
                { "Build exercise" }
            </button>
            <button class="theme" data-testid="theme" onclick={on_theme} title={format!("{theme_label} (click for {})", next_theme.id())}
                aria-label={theme_label}>
                { match props.theme { Theme::System => "◐", Theme::Light => "☀", Theme::Dark => "☾" } }
            </button>
        </header>
    }
}
