//! The lesson view beside the editor: a catalog lesson's text, buttons that load its
//! programs, and its exercises with a tick for each one passed.

use crate::components::markdown::LoadProgram;
use crate::components::Markdown;
use crate::progress::Progress;
use yew::prelude::*;

/// The lesson to show and what its buttons do.
#[derive(Properties, PartialEq)]
pub struct LessonViewProps {
    /// The catalog lesson's id.
    pub lesson: AttrValue,
    pub progress: Progress,
    /// Loads a program from the lesson into the editor, on its machine.
    pub on_load: Callback<LoadProgram>,
    /// Opens the exercise with this id.
    pub on_exercise: Callback<String>,
    pub on_close: Callback<()>,
}

/// A lesson's explanation and exercises.
#[function_component]
pub fn LessonView(props: &LessonViewProps) -> Html {
    let Some(lesson) = lessons::catalog::lesson(&props.lesson) else {
        return html! {};
    };
    // The panel's heading already shows the title: leave out the text's own first heading.
    let text = match lesson.markdown.strip_prefix("# ") {
        Some(rest) => rest.split_once('\n').map_or("", |(_, body)| body),
        None => lesson.markdown.as_str(),
    };
    html! {
        <section class="study lesson-view" data-testid="lesson-view" aria-label={format!("Lesson: {}", lesson.title)}>
            <header class="study-head">
                <h2>{ &lesson.title }</h2>
                <button class="dismiss" onclick={props.on_close.reform(|_: MouseEvent| ())} aria-label="Close the lesson">{ "×" }</button>
            </header>
            <div class="study-body">
                <Markdown text={AttrValue::from(text.to_string())} on_load={props.on_load.clone()} />
                <h3>{ "Try the exercises" }</h3>
                <ul class="exercise-list">
                    { for lesson.exercises.iter().map(|exercise| {
                        let passed = props.progress.passed(&exercise.id);
                        let id = exercise.id.clone();
                        html! {
                            <li>
                                <button data-testid={format!("open-exercise-{}", exercise.id)}
                                    onclick={props.on_exercise.reform(move |_: MouseEvent| id.clone())}>
                                    { &exercise.title }
                                </button>
                                if passed {
                                    <span class="tick" data-testid="tick" aria-label="passed" title="Passed">{ " ✓" }</span>
                                }
                            </li>
                        }
                    }) }
                </ul>
            </div>
        </section>
    }
}
