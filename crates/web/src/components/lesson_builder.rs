//! The lesson builder for teachers: a form for an exercise (title, instructions, the editor's
//! program as starter, machine, hidden panes, checks) that writes an exercise link. The
//! exercise goes through the same validation a student's browser applies to the link.

use crate::browser;
use crate::components::modal::Modal;
use crate::exercise_link::custom_fragment_from_deflated;
use crate::state::Pane;
use lessons::exercise::{CheckDocument, ExerciseDocument};
use lessons::{Exercise, Panes};
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// The check kinds the builder offers, with what their two fields mean.
pub const CHECK_KINDS: [(&str, &str, &str); 7] = [
    ("runs", "", ""),
    ("raises", "exception class", "message contains (optional)"),
    ("placed", "op name or type", "device pattern"),
    ("transfers", "link pattern", "at most bytes"),
    ("step_time", "at most µs", ""),
    ("stdout_contains", "text", ""),
    ("stdout_equals", "text", ""),
];

/// One check row of the form, as typed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CheckRow {
    /// The check's `kind` (one of [`CHECK_KINDS`]).
    pub kind: String,
    /// The kind's first parameter (see [`CHECK_KINDS`] for its meaning), as typed.
    pub first: String,
    /// The kind's second parameter, as typed.
    pub second: String,
    /// Students see neither the rule nor why it failed.
    pub hidden: bool,
    /// Identifies the row on the page (a key, so removing one row never shows another's
    /// state in its place); not part of the exercise.
    pub key: u32,
}

impl CheckRow {
    /// The row as an exercise document's check; the error names the row's problem.
    pub fn to_document(&self) -> Result<CheckDocument, String> {
        let text = |value: &str| (!value.trim().is_empty()).then(|| value.to_string());
        let number = |value: &str, what: &str| {
            cpython_text::parse_f64(value.trim())
                .ok_or_else(|| format!("{}: {what} must be a number.", self.kind))
        };
        let mut check = CheckDocument {
            kind: self.kind.clone(),
            hidden: self.hidden,
            ..CheckDocument::default()
        };
        match self.kind.as_str() {
            "raises" => {
                check.error = text(&self.first);
                check.message_contains = text(&self.second);
            }
            "placed" => {
                check.op = text(&self.first);
                check.device = text(&self.second);
            }
            "transfers" => {
                check.link = text(&self.first);
                let bytes = number(&self.second, "the byte limit")?;
                if !(0.0..=u64::MAX as f64).contains(&bytes) {
                    return Err("transfers: the byte limit must be 0 or more.".into());
                }
                check.max_bytes = Some(bytes as u64);
            }
            "step_time" => check.max_us = Some(number(&self.first, "the time limit")?),
            "stdout_contains" | "stdout_equals" => check.text = text(&self.first),
            _ => {}
        }
        Ok(check)
    }
}

/// What the form holds.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Draft {
    pub title: String,
    /// Markdown, shown in the exercise panel.
    pub instructions: String,
    /// The program the student starts from (the editor's when the builder opened).
    pub starter: String,
    /// A preset name or a custom topology document (the editor's machine).
    pub topology: String,
    /// Panes the student does not see.
    pub hidden: Vec<Pane>,
    /// The student cannot pick another machine.
    pub lock_topology: bool,
    pub checks: Vec<CheckRow>,
    /// Hints, one per line (Markdown), shown to the student in order.
    pub hints: String,
    /// The teacher's solution (a whole program), if given; students can reveal it.
    pub solution: String,
}

impl Draft {
    /// The validated exercise this draft describes.
    pub fn to_exercise(&self) -> Result<Exercise, String> {
        let slug: String = self
            .title
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect::<String>()
            .split('-')
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join("-");
        let document = ExerciseDocument {
            id: format!(
                "custom-{}",
                if slug.is_empty() { "exercise" } else { &slug }
            ),
            title: self.title.clone(),
            instructions: self.instructions.clone(),
            topology: self.topology.clone(),
            starter: self.starter.clone(),
            panes: Panes {
                hide: self.hidden.iter().map(|pane| pane.to_exercise()).collect(),
                lock: if self.lock_topology {
                    vec![lessons::Pane::Topology]
                } else {
                    Vec::new()
                },
            },
            checks: self
                .checks
                .iter()
                .map(CheckRow::to_document)
                .collect::<Result<_, _>>()?,
            hints: self
                .hints
                .lines()
                .map(str::trim)
                .filter(|hint| !hint.is_empty())
                .map(str::to_string)
                .collect(),
            solution: (!self.solution.trim().is_empty()).then(|| self.solution.clone()),
        };
        Exercise::try_from(document)
    }
}

/// The program and machine the exercise starts from, and where to close.
#[derive(Properties, PartialEq)]
pub struct LessonBuilderProps {
    pub source: AttrValue,
    pub topology: AttrValue,
    /// The page's address without fragment, for the full link.
    pub page: AttrValue,
    pub on_close: Callback<()>,
}

/// The exercise form and the link it writes.
#[function_component]
pub fn LessonBuilder(props: &LessonBuilderProps) -> Html {
    let draft = use_state(|| Draft {
        starter: props.source.to_string(),
        topology: props.topology.to_string(),
        checks: vec![CheckRow {
            kind: "runs".into(),
            ..CheckRow::default()
        }],
        ..Draft::default()
    });
    let written = use_state(|| None::<Result<String, String>>);
    let edit = |apply: fn(&mut Draft, String)| {
        let draft = draft.clone();
        move |value: String| {
            let mut next = (*draft).clone();
            apply(&mut next, value);
            draft.set(next);
        }
    };
    let on_input = |apply: fn(&mut Draft, String)| {
        let edit = edit(apply);
        Callback::from(move |event: InputEvent| {
            let input: HtmlInputElement = event.target_unchecked_into();
            edit(input.value());
        })
    };
    let on_instructions = {
        let edit = edit(|draft, value| draft.instructions = value);
        Callback::from(move |event: InputEvent| {
            let area: HtmlTextAreaElement = event.target_unchecked_into();
            edit(area.value());
        })
    };
    let on_hints = {
        let edit = edit(|draft, value| draft.hints = value);
        Callback::from(move |event: InputEvent| {
            let area: HtmlTextAreaElement = event.target_unchecked_into();
            edit(area.value());
        })
    };
    let on_solution = {
        let edit = edit(|draft, value| draft.solution = value);
        Callback::from(move |event: InputEvent| {
            let area: HtmlTextAreaElement = event.target_unchecked_into();
            edit(area.value());
        })
    };
    let on_lock = {
        let draft = draft.clone();
        Callback::from(move |event: Event| {
            let input: HtmlInputElement = event.target_unchecked_into();
            let mut next = (*draft).clone();
            next.lock_topology = input.checked();
            draft.set(next);
        })
    };
    let toggle_pane = |pane: Pane| {
        let draft = draft.clone();
        Callback::from(move |event: Event| {
            let input: HtmlInputElement = event.target_unchecked_into();
            let mut next = (*draft).clone();
            next.hidden.retain(|&hidden| hidden != pane);
            if input.checked() {
                next.hidden.push(pane);
            }
            draft.set(next);
        })
    };
    let row_edit = |index: usize, apply: fn(&mut CheckRow, String)| {
        let draft = draft.clone();
        move |value: String| {
            let mut next = (*draft).clone();
            if let Some(row) = next.checks.get_mut(index) {
                apply(row, value);
            }
            draft.set(next);
        }
    };
    let on_add = {
        let draft = draft.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*draft).clone();
            let key = next.checks.iter().map(|row| row.key + 1).max().unwrap_or(0);
            next.checks.push(CheckRow {
                kind: "stdout_contains".into(),
                key,
                ..CheckRow::default()
            });
            draft.set(next);
        })
    };
    let on_write = {
        let (draft, written, page) = (draft.clone(), written.clone(), props.page.clone());
        Callback::from(move |_: MouseEvent| match draft.to_exercise() {
            Err(problem) => written.set(Some(Err(problem))),
            Ok(exercise) => {
                let (written, page) = (written.clone(), page.clone());
                // The browser deflates the exercise in the background; the link appears after.
                yew::platform::spawn_local(async move {
                    let link = browser::deflate_raw(exercise.to_json().as_bytes())
                        .await
                        .map(|packed| format!("{page}#{}", custom_fragment_from_deflated(&packed)));
                    written.set(Some(link));
                });
            }
        })
    };
    let rows = draft.checks.iter().enumerate().map(|(index, row)| {
        let labels = CHECK_KINDS
            .iter()
            .find(|(kind, ..)| *kind == row.kind)
            .map_or(("", ""), |(_, first, second)| (*first, *second));
        let on_kind = {
            let edit = row_edit(index, |row, value| row.kind = value);
            Callback::from(move |event: Event| {
                let select: HtmlSelectElement = event.target_unchecked_into();
                edit(select.value());
            })
        };
        let on_first = {
            let edit = row_edit(index, |row, value| row.first = value);
            Callback::from(move |event: InputEvent| edit(event.target_unchecked_into::<HtmlInputElement>().value()))
        };
        let on_second = {
            let edit = row_edit(index, |row, value| row.second = value);
            Callback::from(move |event: InputEvent| edit(event.target_unchecked_into::<HtmlInputElement>().value()))
        };
        let on_hidden = {
            let edit = row_edit(index, |row, value| row.hidden = value == "true");
            Callback::from(move |event: Event| edit(event.target_unchecked_into::<HtmlInputElement>().checked().to_string()))
        };
        let on_remove = {
            let draft = draft.clone();
            Callback::from(move |_: MouseEvent| {
                let mut next = (*draft).clone();
                if index < next.checks.len() {
                    next.checks.remove(index);
                }
                draft.set(next);
            })
        };
        html! {
            <li class="builder-check" data-testid="builder-check" key={row.key}>
                <select aria-label="Check kind" data-testid="builder-check-kind" onchange={on_kind}>
                    { for CHECK_KINDS.iter().map(|(kind, ..)| html! { <option value={*kind} selected={row.kind == *kind}>{ *kind }</option> }) }
                </select>
                if !labels.0.is_empty() {
                    <input type="text" aria-label={labels.0} placeholder={labels.0} data-testid="builder-check-first" value={row.first.clone()} oninput={on_first} />
                }
                if !labels.1.is_empty() {
                    <input type="text" aria-label={labels.1} placeholder={labels.1} data-testid="builder-check-second" value={row.second.clone()} oninput={on_second} />
                }
                <label><input type="checkbox" checked={row.hidden} onchange={on_hidden} />{ " hidden" }</label>
                <button onclick={on_remove} aria-label="Remove this check">{ "×" }</button>
            </li>
        }
    });
    let on_close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <Modal labelled_by="builder-title" class="builder" testid="lesson-builder" on_close={props.on_close.clone()}>
            <h2 id="builder-title">{ "Lesson builder" }</h2>
            <p class="muted">{ "The editor's program is the starter and its machine the topology. The link carries the whole exercise; nothing is stored on a server." }</p>
            <label class="stack">{ "Title" }
                <input type="text" data-testid="builder-title" value={draft.title.clone()} oninput={on_input(|draft, value| draft.title = value)} />
            </label>
            <label class="stack">{ "Instructions (Markdown)" }
                <textarea data-testid="builder-instructions" rows="4" value={draft.instructions.clone()} oninput={on_instructions} />
            </label>
            <p class="muted">{ format!("Starter: {} lines. Machine: {}.", draft.starter.lines().count(),
                if draft.topology.trim_start().starts_with('{') { "custom" } else { draft.topology.as_str() }) }</p>
            <label><input type="checkbox" checked={draft.lock_topology} onchange={on_lock} />{ " Lock the machine" }</label>
            <fieldset class="builder-panes">
                <legend>{ "Hidden panes" }</legend>
                { for Pane::ALL.iter().filter(|&&pane| pane != Pane::Console).map(|&pane| html! {
                    <label><input type="checkbox" data-testid={format!("builder-hide-{}", pane.id())} checked={draft.hidden.contains(&pane)} onchange={toggle_pane(pane)} />{ format!(" {}", pane.title()) }</label>
                }) }
            </fieldset>
            <label class="stack">{ "Hints (one per line, shown in order)" }
                <textarea data-testid="builder-hints" rows="3" value={draft.hints.clone()} oninput={on_hints} />
            </label>
            <label class="stack">{ "Solution (optional; students can reveal it)" }
                <textarea data-testid="builder-solution" rows="5" spellcheck="false" value={draft.solution.clone()} oninput={on_solution} />
            </label>
            <fieldset>
                <legend>{ "Checks" }</legend>
                <ol class="builder-checks">{ for rows }</ol>
                <button data-testid="builder-add-check" onclick={on_add}>{ "+ Add check" }</button>
            </fieldset>
            <div class="pane-controls">
                <button class="primary" data-testid="builder-write" onclick={on_write}>{ "Write link" }</button>
                <button onclick={on_close}>{ "Close" }</button>
            </div>
            {
                match &*written {
                    Some(Ok(link)) => html! {
                        <label class="stack">{ "Exercise link" }
                            <input type="text" readonly=true data-testid="builder-link" value={link.clone()} />
                            <a href={link.clone()} target="_blank" rel="noopener">{ "Open in a new tab ↗" }</a>
                        </label>
                    },
                    Some(Err(error)) => html! { <p class="problem" role="alert" data-testid="builder-error">{ error }</p> },
                    None => html! {},
                }
            }
        </Modal>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercise_link::tests::decode;

    #[test]
    fn a_draft_becomes_a_link_that_opens_the_same_exercise() {
        let draft = Draft {
            title: "Sum on the CPU!".into(),
            instructions: "Print **the sum**.".into(),
            starter: "print(1 + 1)\n".into(),
            topology: "cpu".into(),
            hidden: vec![Pane::Graph],
            lock_topology: true,
            checks: vec![
                CheckRow {
                    kind: "runs".into(),
                    ..CheckRow::default()
                },
                CheckRow {
                    kind: "stdout_contains".into(),
                    first: "2".into(),
                    hidden: true,
                    ..CheckRow::default()
                },
                CheckRow {
                    kind: "transfers".into(),
                    first: "*".into(),
                    second: "0".into(),
                    ..CheckRow::default()
                },
                CheckRow {
                    kind: "step_time".into(),
                    first: "1000".into(),
                    ..CheckRow::default()
                },
                CheckRow {
                    kind: "placed".into(),
                    first: "AddV2".into(),
                    second: "CPU:0".into(),
                    ..CheckRow::default()
                },
                CheckRow {
                    kind: "raises".into(),
                    first: "ValueError".into(),
                    ..CheckRow::default()
                },
            ],
            hints: "Add them.\n\n  Print it.  \n".into(),
            solution: "print(2)\n".into(),
        };
        let exercise = draft.to_exercise().unwrap();
        assert_eq!(exercise.id, "custom-sum-on-the-cpu");
        assert_eq!(exercise.checks.len(), 6);
        assert!(exercise.checks[1].hidden);
        assert_eq!(exercise.panes.hide, vec![lessons::Pane::Graph]);
        assert_eq!(exercise.hints, vec!["Add them.", "Print it."]);
        assert_eq!(exercise.solution.as_deref(), Some("print(2)\n"));
        let packed = miniz_oxide::deflate::compress_to_vec(exercise.to_json().as_bytes(), 9);
        let opened = decode(&custom_fragment_from_deflated(&packed))
            .unwrap()
            .unwrap();
        assert_eq!(opened, exercise);
    }

    #[test]
    fn a_bad_draft_says_what_is_wrong() {
        let mut draft = Draft {
            title: "T".into(),
            starter: "x = 1\n".into(),
            topology: "cpu".into(),
            checks: vec![CheckRow {
                kind: "step_time".into(),
                first: "soon".into(),
                ..CheckRow::default()
            }],
            ..Draft::default()
        };
        assert!(draft
            .to_exercise()
            .unwrap_err()
            .contains("must be a number"));
        draft.checks = vec![CheckRow {
            kind: "placed".into(),
            ..CheckRow::default()
        }];
        assert!(
            draft.to_exercise().is_err(),
            "a placed check needs its op and device"
        );
    }
}
