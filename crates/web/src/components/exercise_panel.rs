//! Exercise mode's panel: the instructions and hints, the Check button, and each check's
//! result in the exercise's order (hidden checks as the student sees them).

use crate::components::Markdown;
use crate::state::CheckStatus;
use lessons::{Exercise, Status};
use std::rc::Rc;
use yew::prelude::*;

/// The exercise, where its Check stands, and what the buttons do.
#[derive(Properties, PartialEq)]
pub struct ExercisePanelProps {
    pub exercise: Rc<Exercise>,
    pub check: CheckStatus,
    /// The learner has passed this exercise before (progress in local storage).
    pub passed: bool,
    /// The fragment of a link to this exercise (`None` while a custom one is being made).
    pub link: Option<AttrValue>,
    pub on_check: Callback<()>,
    pub on_close: Callback<()>,
}

fn status_label(status: Status) -> (&'static str, &'static str) {
    match status {
        Status::Pass => ("pass", "✓ pass"),
        Status::Fail => ("fail", "✗ fail"),
        Status::Error => ("error", "! error"),
    }
}

/// Instructions, hints, Check and results.
#[function_component]
pub fn ExercisePanel(props: &ExercisePanelProps) -> Html {
    let exercise = &props.exercise;
    let checking = matches!(props.check, CheckStatus::Checking(_));
    let results = match &props.check {
        CheckStatus::Idle => html! {},
        CheckStatus::Checking(_) => {
            html! { <p class="hint" data-testid="check-results" aria-busy="true">{ "Checking…" }</p> }
        }
        CheckStatus::Done(results) => {
            let (class, label) = status_label(results.status);
            html! {
                <div class={classes!("check-results", class)} data-testid="check-results" data-status={class}>
                    <p class="check-summary">{
                        match results.status {
                            Status::Pass => "All checks pass. Well done!".to_string(),
                            _ => results.message.clone().unwrap_or_else(|| format!("{label}: not every check passes yet.")),
                        }
                    }</p>
                    <ol class="check-list">
                        { for results.tests.iter().map(|test| {
                            let (class, label) = status_label(test.status);
                            html! {
                                <li class={classes!("check", class)} data-status={class}>
                                    <span class="check-status">{ label }</span>{ " " }
                                    <span class="check-name">{ &test.name }</span>
                                    if let Some(message) = &test.message {
                                        <div class="check-message">{ message }</div>
                                    }
                                </li>
                            }
                        }) }
                    </ol>
                </div>
            }
        }
    };
    html! {
        <section class="study exercise-panel" data-testid="exercise" aria-label={format!("Exercise: {}", exercise.title)}>
            <header class="study-head">
                <h2>
                    { &exercise.title }
                    if props.passed {
                        <span class="tick" data-testid="tick" aria-label="passed" title="You passed this exercise">{ " ✓" }</span>
                    }
                </h2>
                if let Some(link) = &props.link {
                    <a class="exercise-link" href={format!("#{link}")} title="A link to this exercise">{ "Link" }</a>
                }
                <button class="dismiss" onclick={props.on_close.reform(|_: MouseEvent| ())} aria-label="Leave the exercise">{ "×" }</button>
            </header>
            <div class="study-body">
                <Markdown text={exercise.instructions.clone()} />
                if !exercise.hints.is_empty() {
                    <details class="hints">
                        <summary>{ format!("Hints ({})", exercise.hints.len()) }</summary>
                        <ol>{ for exercise.hints.iter().map(|hint| html! { <li><Markdown text={hint.clone()} /></li> }) }</ol>
                    </details>
                }
                if let Some(solution) = &exercise.solution {
                    <details class="hints" data-testid="solution">
                        <summary>{ "The teacher's solution" }</summary>
                        <div class="code-block"><pre><code>{ solution }</code></pre></div>
                    </details>
                }
                <div class="check-bar">
                    <button class="primary" data-testid="check" disabled={checking}
                        onclick={props.on_check.reform(|_: MouseEvent| ())}>{ "✔ Check" }</button>
                </div>
                { results }
            </div>
        </section>
    }
}
