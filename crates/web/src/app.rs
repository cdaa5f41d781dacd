//! The root component: wires the state, the engine worker, the browser (links, autosave,
//! theme) and the components together. Side effects live here, each an effect keyed on the
//! state it depends on; the components only render and send actions.

use crate::browser;
use crate::components::deflated_link::{share_page_link, use_deflated_link};
use crate::components::toolbar::{EXERCISE_PREFIX, LESSON_PREFIX};
use crate::components::{
    Console, Editor, EmbedDialog, ExercisePanel, Files, Graph, LessonBuilder, LessonView, Metrics,
    Placement, QuickFixes, ShareDialog, Tabs, Timeline, Toolbar, Topology,
};
use crate::devices::styles;
use crate::engine_client::EngineClient;
use crate::exercise_link;
use crate::lessons;
use crate::link_reader;
use crate::progress::{Progress, PROGRESS_KEY};
use crate::protocol::RunMessage;
use crate::quick_fix::{fixes_for, QuickFix};
use crate::share::{self, EmbedOptions, SharedState};
use crate::state::{
    Action, Dialog, Notice, Pane, RunStatus, State, Study, Theme, UserFile, DESCRIBE_ID_BIT,
};
use crate::timeline_model::fmt_us;
use cpython_text::float_to_decimal::format_fixed;
use std::rc::Rc;
use yew::prelude::*;

/// Reads the page's fragment (a share link) or else the autosave, and loads it, in the
/// background (the browser inflates links asynchronously). A link that cannot be read leaves
/// a message and the autosaved work, never an empty page.
///
/// A link pasted while an earlier one is still inflating wins: the earlier load applies nothing.
fn load_from_location(state: &UseReducerHandle<State>, done: impl FnOnce() + 'static) {
    let is_latest = LOADS.with(link_reader::Loads::begin);
    let state = state.clone();
    yew::platform::spawn_local(async move {
        load_link_or_autosave(&state, is_latest).await;
        done();
    });
}

thread_local! {
    /// The loads [`load_from_location`] has begun.
    static LOADS: link_reader::Loads = link_reader::Loads::default();
}

/// [`load_from_location`]'s work: the exercise link, else the share link, else the autosave.
/// Nothing is applied once `is_latest` says a later load has begun.
async fn load_link_or_autosave(state: &UseReducerHandle<State>, is_latest: impl Fn() -> bool) {
    let autosaved = match browser::load(browser::AUTOSAVE_KEY) {
        Some(saved) => link_reader::autosave(&saved, link_reader::in_browser).await,
        None => None,
    };
    let fragment = browser::fragment();
    if exercise_link::is_exercise_link(&fragment) {
        let read = link_reader::exercise_link(&fragment, link_reader::in_browser).await;
        if !is_latest() {
            return;
        }
        match read {
            Ok(Some(exercise)) => state.dispatch(Action::OpenExercise(Box::new(exercise))),
            Ok(None) => {}
            Err(message) => {
                if let Some(saved) = autosaved {
                    state.dispatch(Action::RestoreAutosave(Box::new(saved.state)));
                }
                state.dispatch(Action::SetNotice(Some(Notice {
                    text: format!("{message} Your own work is loaded instead."),
                    problem: true,
                    restorable: None,
                })));
            }
        }
        return;
    }
    let read = link_reader::share_link(&fragment, link_reader::in_browser).await;
    if !is_latest() {
        return;
    }
    match read {
        Ok(Some(decoded)) => {
            let embed = decoded.state.embed.is_some();
            let mut restorable = None;
            if !embed {
                if let Some(saved) = &autosaved {
                    if saved.state.source != decoded.state.source {
                        // Keep the work this link replaces until the user edits the link's
                        // program (autosave only happens after an edit).
                        if let Some(raw) = browser::load(browser::AUTOSAVE_KEY) {
                            browser::save(browser::BEFORE_LINK_KEY, &raw);
                        }
                        restorable = Some(saved.state.source.clone());
                    }
                }
            }
            let autorun = decoded.state.autorun;
            let warnings = decoded.warnings;
            state.dispatch(Action::LoadShared(Box::new(decoded.state)));
            if !warnings.is_empty() || restorable.is_some() {
                let text = if warnings.is_empty() {
                    "This page opened a shared link.".to_string()
                } else {
                    format!(
                        "The link was opened with corrections: {}",
                        warnings.join(" ")
                    )
                };
                state.dispatch(Action::SetNotice(Some(Notice {
                    text,
                    problem: !warnings.is_empty(),
                    restorable,
                })));
            }
            if autorun {
                state.dispatch(Action::Run);
            }
        }
        Ok(None) => {
            if let Some(saved) = autosaved {
                state.dispatch(Action::RestoreAutosave(Box::new(saved.state)));
            }
        }
        Err(message) => {
            if let Some(saved) = autosaved {
                state.dispatch(Action::RestoreAutosave(Box::new(saved.state)));
            }
            state.dispatch(Action::SetNotice(Some(Notice {
                text: format!("{message} Your own work is loaded instead."),
                problem: true,
                restorable: None,
            })));
        }
    }
}

/// One sentence for screen readers when a run ends (the page's live region).
fn run_summary(status: &RunStatus) -> String {
    match status {
        RunStatus::Idle => String::new(),
        RunStatus::Running(_) => "Running.".into(),
        RunStatus::Failed(message) => message.clone(),
        RunStatus::Finished(report) => {
            let devices = report
                .topology
                .devices
                .iter()
                .filter(|device| report.ops.iter().any(|op| &op.device == *device))
                .count();
            let placed = format!(
                "{} ops on {} devices, {} transfers, step time {} µs.",
                report.ops.len(),
                devices,
                report.transfers.len(),
                fmt_us(report.metrics.step_time_us)
            );
            match &report.error {
                Some(error) => format!(
                    "Run failed with {} at line {}. {placed}",
                    error.type_name,
                    error.traceback.last().map_or(0, |frame| frame.line)
                ),
                None => format!("Run finished. {placed}"),
            }
        }
    }
}

/// What the page starts with besides its link and autosave.
#[derive(Properties, PartialEq, Default)]
pub struct AppProps {
    /// What was done in the loading shell before the module started
    /// ([`browser::take_loading_shell`], read before the app replaces the page's body).
    #[prop_or_default]
    pub shell: Option<Rc<browser::ShellInput>>,
}

/// The whole playground page.
#[function_component]
pub fn App(props: &AppProps) -> Html {
    let state = use_reducer(State::default);
    let client = {
        let dispatcher = state.dispatcher();
        let output_dispatcher = state.dispatcher();
        use_memo((), move |_| {
            let on_output = move |output| output_dispatcher.dispatch(Action::Output(output));
            EngineClient::new(
                move |message| {
                    if message.id & DESCRIBE_ID_BIT != 0 {
                        dispatcher.dispatch(Action::Described {
                            id: message.id,
                            outcome: Box::new(message.outcome.map(|report| report.topology)),
                        });
                    } else {
                        dispatcher.dispatch(Action::Finished {
                            id: message.id,
                            outcome: Box::new(message.outcome),
                        });
                    }
                },
                on_output,
            )
        })
    };
    let root = use_node_ref();
    let run_started = use_mut_ref(|| 0.0f64);
    // The page's link is read in the background (the browser inflates it); until it is, the
    // page says so instead of showing the default lesson, so an embed never flashes the whole
    // playground.
    let opening = use_state(|| !browser::fragment().is_empty());

    // Once: the link or the autosave, the stored theme, and links pasted into this tab later.
    {
        let state = state.clone();
        let opening = opening.setter();
        let shell = props.shell.clone();
        use_effect_with((), move |_| {
            if let Some(theme) =
                browser::load(browser::THEME_KEY).and_then(|id| Theme::from_id(&id))
            {
                state.dispatch(Action::SetTheme(theme));
            }
            if let Some(stored) = browser::load(PROGRESS_KEY) {
                state.dispatch(Action::LoadProgress(Progress::parse(&stored)));
            }
            // What was typed in the loading shell replaces what the link or autosave loads,
            // as an edit of it; a Run pressed there is held until the engine is ready.
            let adopting = state.clone();
            load_from_location(&state, move || {
                opening.set(false);
                let Some(shell) = shell else { return };
                if let Some(program) = &shell.program {
                    adopting.dispatch(Action::Edit(program.clone()));
                }
                if shell.run {
                    adopting.dispatch(Action::Run);
                }
            });
            // Removed when the app unmounts (the listener drops with the effect's cleanup).
            let on_hash = web_sys::window().map(|window| {
                let state = state.clone();
                gloo_events::EventListener::new(&window, "hashchange", move |_| {
                    load_from_location(&state, || {})
                })
            });
            move || drop(on_hash)
        });
    }

    // A new topology gets described, so the Topology pane shows it before any run.
    {
        let state = state.clone();
        use_effect_with(state.topology.clone(), move |topology| {
            state.dispatch(Action::Describe(topology.clone()));
        });
    }
    {
        let client = Rc::clone(&client);
        use_effect_with(state.describe.clone(), move |describe| {
            if let (Some((id, topology)), Ok(client)) = (describe, client.as_ref()) {
                let _ = client.run(&RunMessage {
                    id: *id,
                    source: String::new(),
                    topology: topology.clone(),
                    files: Vec::new(),
                });
            }
        });
    }

    // Sending a run to the worker is a side effect of the state reaching a new run id, so it
    // reads the program and topology from that state, never from a stale render.
    {
        let state = state.clone();
        let client = Rc::clone(&client);
        let run_started = run_started.clone();
        use_effect_with(state.last_run_id, move |&id| {
            if id != 0 {
                *run_started.borrow_mut() = browser::now_ms();
                let message = RunMessage {
                    id,
                    source: state.source.clone(),
                    topology: state.topology.clone(),
                    files: state
                        .files
                        .iter()
                        .map(|f| (f.name.clone(), f.text.clone()))
                        .collect(),
                };
                let sent = match client.as_ref() {
                    Ok(client) => client.run(&message),
                    Err(error) => Err(error.clone()),
                };
                if let Err(error) = sent {
                    state.dispatch(Action::Finished {
                        id,
                        outcome: Box::new(Err(error)),
                    });
                }
            }
        });
    }

    // The watchdog: a run still going when the run limit passes is stopped (the worker is
    // ended, as Stop does). Set when a run starts; dropped, and so cancelled, as soon as
    // the status changes.
    {
        let state = state.clone();
        let client = Rc::clone(&client);
        use_effect_with(
            (state.status.clone(), state.run_limit),
            move |(status, limit)| {
                let watchdog = match (status, limit) {
                    (RunStatus::Running(id), Some(seconds)) => {
                        let id = *id;
                        Some(gloo_timers::callback::Timeout::new(
                            seconds * 1000,
                            move || {
                                if let Ok(client) = client.as_ref() {
                                    let _ = client.stop();
                                }
                                state.dispatch(Action::TimedOut(id));
                                // A description waiting behind the stopped run died with the worker.
                                state.dispatch(Action::Describe(state.topology.clone()));
                            },
                        ))
                    }
                    _ => None,
                };
                move || drop(watchdog)
            },
        );
    }

    // Run-to-render: effects run after the DOM is updated, so this is the time from Run to
    // the report on screen. Kept on the page for the end-to-end benchmark.
    {
        let root = root.clone();
        let run_started = run_started.clone();
        let embedded = state.embed.is_some();
        use_effect_with(state.status.clone(), move |status| {
            if let (RunStatus::Finished(_), Some(element)) =
                (status, root.cast::<web_sys::Element>())
            {
                let elapsed = browser::now_ms() - *run_started.borrow();
                let _ =
                    element.set_attribute("data-run-to-render-ms", &format_fixed(elapsed, Some(1)));
                let _ = element.set_attribute(
                    "data-first-result-ms",
                    &format_fixed(browser::now_ms(), Some(1)),
                );
            }
            // On a phone the results sit below the editor, the lesson and the quick fixes: a
            // run that ends with them off screen brings the panes into view.
            // Never in an embed, whose scrolling would move the host page.
            if !embedded && matches!(status, RunStatus::Finished(_) | RunStatus::Failed(_)) {
                browser::bring_into_view_if_below(".results .tabs");
            }
        });
    }

    // Autosave after the user's own changes; embeds never touch the reader's storage.
    {
        let state = state.clone();
        use_effect_with(
            (
                state.source.clone(),
                state.topology.clone(),
                state.pane,
                state.dirty,
            ),
            move |_| {
                if state.dirty && state.embed.is_none() {
                    let saved = SharedState {
                        autorun: false,
                        ..state.shared(None)
                    };
                    browser::save(browser::AUTOSAVE_KEY, &share::to_json(&saved));
                }
            },
        );
    }
    use_effect_with(state.theme, |theme| browser::apply_theme(theme.id()));
    // A pass is kept for the next visit (read once at start, written on every change after).
    use_effect_with(state.progress.clone(), |progress| {
        if *progress != Progress::default() {
            browser::save(PROGRESS_KEY, &progress.to_json());
        }
    });

    let dispatch = |make: fn() -> Action| {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(make()))
    };
    let on_run = dispatch(|| Action::Run);
    let on_stop = {
        let state = state.clone();
        let client = Rc::clone(&client);
        Callback::from(move |()| {
            if let Ok(client) = client.as_ref() {
                if let Err(error) = client.stop() {
                    state.dispatch(Action::Finished {
                        id: state.last_run_id,
                        outcome: Box::new(Err(error)),
                    });
                    return;
                }
            }
            state.dispatch(Action::Stopped);
            // A description waiting behind the stopped run died with the worker.
            state.dispatch(Action::Describe(state.topology.clone()));
        })
    };
    let on_edit = {
        let state = state.clone();
        Callback::from(move |source| state.dispatch(Action::Edit(source)))
    };
    let on_topology = {
        let state = state.clone();
        Callback::from(move |name| state.dispatch(Action::PickTopology(name)))
    };
    let on_open_exercise = {
        let state = state.clone();
        Callback::from(move |id: String| {
            if let Some(exercise) = ::lessons::catalog::exercise(&id) {
                state.dispatch(Action::OpenExercise(Box::new(exercise.clone())));
            }
        })
    };
    let on_lesson = {
        let state = state.clone();
        let on_open_exercise = on_open_exercise.clone();
        Callback::from(move |value: String| {
            if let Some(id) = value.strip_prefix(LESSON_PREFIX) {
                if let Some(lesson) = ::lessons::catalog::lesson(id) {
                    state.dispatch(Action::OpenLesson(Some(lesson.id.as_str())));
                }
            } else if let Some(id) = value.strip_prefix(EXERCISE_PREFIX) {
                on_open_exercise.emit(id.to_string());
            } else if let Some(lesson) = lessons::by_id(&value) {
                state.dispatch(Action::LoadLesson(lesson.id));
            }
        })
    };
    let on_load_program = {
        let state = state.clone();
        Callback::from(move |program: crate::components::markdown::LoadProgram| {
            state.dispatch(Action::Edit(program.source));
            if let Some(machine) = program.machine {
                state.dispatch(Action::PickTopology(machine));
            }
        })
    };
    let on_check = dispatch(|| Action::Check);
    let on_close_study = dispatch(|| Action::OpenLesson(None));
    let on_builder = dispatch(|| Action::OpenDialog(Some(Dialog::Builder)));
    let on_run_limit = {
        let state = state.clone();
        Callback::from(move |limit: Option<u32>| state.dispatch(Action::SetRunLimit(limit)))
    };
    let on_theme = {
        let state = state.clone();
        Callback::from(move |theme: Theme| {
            browser::save(browser::THEME_KEY, theme.id());
            state.dispatch(Action::SetTheme(theme));
        })
    };
    let on_share = dispatch(|| Action::OpenDialog(Some(Dialog::Share)));
    let on_embed = dispatch(|| Action::OpenDialog(Some(Dialog::Embed)));
    let on_close_dialog = dispatch(|| Action::OpenDialog(None));
    let on_pane = {
        let state = state.clone();
        Callback::from(move |pane| state.dispatch(Action::ShowPane(pane)))
    };
    let on_select = {
        let state = state.clone();
        Callback::from(move |op| state.dispatch(Action::SelectOp(op)))
    };
    let on_filter = {
        let state = state.clone();
        Callback::from(move |device| state.dispatch(Action::FilterDevice(device)))
    };
    let on_line = {
        let state = state.clone();
        Callback::from(move |line| state.dispatch(Action::GoToLine(line)))
    };
    let on_fix = {
        let state = state.clone();
        Callback::from(move |fix: QuickFix| {
            state.dispatch(Action::ApplyFix {
                source: fix.source,
                line: fix.line,
            })
        })
    };
    let on_check_topology = {
        let state = state.clone();
        Callback::from(move |document: String| state.dispatch(Action::Describe(document)))
    };
    let on_put_file = {
        let state = state.clone();
        Callback::from(move |file: UserFile| state.dispatch(Action::PutFile(file)))
    };
    let on_remove_file = {
        let state = state.clone();
        Callback::from(move |name: String| state.dispatch(Action::RemoveFile(name)))
    };
    let on_file_notice = {
        let state = state.clone();
        Callback::from(move |text: String| {
            state.dispatch(Action::SetNotice(Some(Notice {
                text,
                problem: true,
                restorable: None,
            })))
        })
    };
    let on_use_topology = {
        let state = state.clone();
        Callback::from(move |document: String| state.dispatch(Action::PickTopology(document)))
    };
    let on_restore = {
        let state = state.clone();
        Callback::from(move |source: String| {
            state.dispatch(Action::Edit(source));
            state.dispatch(Action::SetNotice(None));
        })
    };
    let on_dismiss = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::SetNotice(None)))
    };
    let make_state_json = {
        let state = state.clone();
        Callback::from(move |(options, theme): (EmbedOptions, Theme)| {
            let mut shared = state.shared(Some(options));
            shared.theme = (theme != Theme::System).then_some(theme);
            share::to_json(&shared)
        })
    };
    // Links are made in the background (the browser's compressor); the hooks run on every
    // render, with no text when there is no link to make.
    let embed_link = use_deflated_link(
        if state.embed.is_some() {
            share::to_json(&state.shared(None))
        } else {
            String::new()
        },
        share_page_link,
    )
    .and_then(Result::ok)
    .map(AttrValue::from);
    let custom_exercise = match &state.study {
        Some(Study::Exercise { exercise, .. })
            if ::lessons::catalog::exercise(&exercise.id) != Some(&**exercise) =>
        {
            exercise.to_json()
        }
        _ => String::new(),
    };
    let custom_exercise_link = use_deflated_link(
        custom_exercise,
        exercise_link::custom_fragment_from_deflated,
    )
    .and_then(Result::ok)
    .map(AttrValue::from);

    // Ctrl+Enter or Cmd+Enter runs from anywhere on the page, not only the editor.
    let on_page_keydown = {
        let on_run = on_run.clone();
        let on_stop = on_stop.clone();
        let stoppable = matches!(state.status, RunStatus::Running(_)) && state.dialog.is_none();
        Callback::from(move |event: web_sys::KeyboardEvent| {
            if event.key() == "Enter" && (event.ctrl_key() || event.meta_key()) {
                event.prevent_default();
                on_run.emit(());
            } else if event.key() == "Escape" && stoppable {
                // Escape stops a run (an open dialog takes Escape for itself).
                on_stop.emit(());
            }
        })
    };
    let running = matches!(state.status, RunStatus::Running(_));
    let report = state.report().cloned();
    let device_styles = Rc::new(report.as_ref().map_or_else(Vec::new, |report| {
        styles(
            &report.topology.devices,
            report.ops.iter().map(|op| op.device.clone()),
        )
    }));
    let error = report.as_ref().and_then(|report| report.error.clone());
    // After an edit the error's line and fixes point into text that changed: hide them
    // until the next run.
    let current_error = error.as_ref().filter(|_| state.report_is_current());
    // An exercise's quick fix would be its answer: exercise mode offers hints instead.
    let fixes = match (
        current_error,
        state.readonly() || state.exercise().is_some(),
    ) {
        (Some(error), false) => fixes_for(error, &state.source),
        _ => Vec::new(),
    };
    // The line that defined the failing op when the error names one (a graph execution
    // error's "defined at"), else where the exception was raised.
    let error_mark = current_error.and_then(|error| {
        let line = engine::error_text::error_line(error)?;
        Some((
            line,
            AttrValue::from(format!("{}: {}", error.type_name, error.message)),
        ))
    });
    let selected_line = state.selected_op.and_then(|id| {
        report
            .as_ref()?
            .ops
            .iter()
            .find(|op| op.id == id)
            .map(|op| op.line)
    });
    let panes = state.visible_panes();
    let lesson = state.example_notes_shown();
    let on_close_notes = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::CloseExampleNotes))
    };
    let study = match &state.study {
        Some(Study::Lesson(id)) => html! {
            <LessonView lesson={*id} progress={state.progress.clone()} on_load={on_load_program}
                on_exercise={on_open_exercise} on_close={on_close_study.clone()} />
        },
        Some(Study::Exercise { exercise, check }) => {
            let in_catalog = ::lessons::catalog::exercise(&exercise.id) == Some(&**exercise);
            let link = if in_catalog {
                Some(AttrValue::from(exercise_link::catalog_link(&exercise.id)))
            } else {
                custom_exercise_link
            };
            html! {
                <ExercisePanel exercise={exercise.clone()} check={check.clone()} passed={state.progress.passed(&exercise.id)}
                    {link} {on_check} on_close={on_close_study.clone()} />
            }
        }
        None => html! {},
    };
    let no_report = |pane: Pane| -> Html {
        let text = match &state.status {
            RunStatus::Running(_) => "Running…",
            RunStatus::Failed(_) => "The run did not finish; the Console says why.",
            _ => "Run the program to see this.",
        };
        html! { <p class="hint" data-pane={pane.id()}>{ text }</p> }
    };
    let pane_body = |pane: Pane| -> Html {
        match pane {
            Pane::Console => {
                html! {
                    <Console status={state.status.clone()} live={state.live.clone()}
                        run_limit={state.run_limit} on_line={on_line.clone()} />
                }
            }
            Pane::Placement => match &report {
                Some(report) => html! {
                    <Placement report={report.clone()} styles={device_styles.clone()} selected={state.selected_op}
                        filter={state.device_filter.clone()} on_select={on_select.clone()} on_filter={on_filter.clone()} />
                },
                None => no_report(pane),
            },
            Pane::Graph => match &report {
                Some(report) => html! {
                    <Graph report={report.clone()} styles={device_styles.clone()} selected={state.selected_op} on_select={on_select.clone()} />
                },
                None => no_report(pane),
            },
            Pane::Timeline => match &report {
                Some(report) => html! {
                    <Timeline report={report.clone()} styles={device_styles.clone()} selected={state.selected_op} on_select={on_select.clone()} />
                },
                None => no_report(pane),
            },
            Pane::Metrics => match &report {
                Some(report) => {
                    html! { <Metrics report={report.clone()} styles={device_styles.clone()} /> }
                }
                None => no_report(pane),
            },
            Pane::Topology => html! {
                <Topology machine={state.machine.clone()} topology={state.topology.clone()}
                    on_check={on_check_topology.clone()} on_use={on_use_topology.clone()} />
            },
            Pane::Files => html! {
                <Files files={state.files.clone()} readonly={state.readonly()}
                    on_put={on_put_file.clone()} on_remove={on_remove_file.clone()}
                    on_notice={on_file_notice.clone()} />
            },
        }
    };

    if *opening {
        return html! {
            <main ref={root} class="playground opening" aria-busy="true">
                <p class="hint" role="status">{ "Opening the link…" }</p>
            </main>
        };
    }
    html! {
        <main ref={root} class={classes!("playground", state.embed.is_some().then_some("embed"))}
            data-pane={state.pane.id()} aria-busy={running.to_string()} onkeydown={on_page_keydown}>
            <Toolbar topology={state.topology.clone()} {running} theme={state.theme} embed_link={embed_link}
                topology_locked={state.topology_locked()} progress={state.progress.clone()}
                {on_lesson} {on_topology} on_run={on_run.clone()} {on_stop} {on_share} {on_embed} {on_builder} {on_theme}
                run_limit={state.run_limit} {on_run_limit} />
            if let Some(notice) = &state.notice {
                <div class={classes!("notice", notice.problem.then_some("problem"))} role={if notice.problem { "alert" } else { "status" }} data-testid="notice">
                    <span>{ &notice.text }</span>
                    if let Some(source) = notice.restorable.clone() {
                        <button onclick={on_restore.reform(move |_: MouseEvent| source.clone())}>{ "Restore my previous program" }</button>
                    }
                    <button class="dismiss" onclick={on_dismiss} aria-label="Dismiss">{ "×" }</button>
                </div>
            }
            <div class="workspace">
                <Editor source={state.source.clone()} readonly={state.readonly()} error={error_mark}
                    {selected_line} line_request={state.line_request} {on_edit} {on_run} />
                <section class="results" aria-label="Results">
                    { study }
                    if let (Some(lesson), None, None) = (lesson, &state.embed, &state.study) {
                        <details class="lesson" open=true data-testid="example-notes">
                            <summary>
                                { format!("Lesson: {}", lesson.title) }
                                <button class="dismiss" onclick={on_close_notes} aria-label="Close the lesson's notes">{ "×" }</button>
                            </summary>
                            <p>{ lesson.teaches }</p>
                        </details>
                    }
                    <QuickFixes fixes={fixes} on_apply={on_fix} />
                    <Tabs panes={panes.clone()} current={state.pane} on_pick={on_pane} />
                    { for panes.iter().map(|&pane| html! {
                        <div class={classes!("pane", pane.id())} role="tabpanel" id={format!("panel-{}", pane.id())}
                            aria-labelledby={crate::components::tabs::tab_id(pane)} data-testid={pane.id()}
                            hidden={pane != state.pane} tabindex="0">
                            { if pane == state.pane || pane == Pane::Console { pane_body(pane) } else { html! {} } }
                        </div>
                    }) }
                </section>
            </div>
            <div class="sr-only" role="status" aria-live="polite" data-testid="run-summary">{ run_summary(&state.status) }</div>
            {
                match state.dialog {
                    Some(Dialog::Share) => html! { <ShareDialog state_json={share::to_json(&state.shared(None))} on_close={on_close_dialog} /> },
                    Some(Dialog::Embed) => html! { <EmbedDialog {make_state_json} theme={state.theme} on_close={on_close_dialog} /> },
                    Some(Dialog::Builder) => html! {
                        <LessonBuilder source={state.source.clone()} topology={state.topology.clone()}
                            page={browser::page_address()} on_close={on_close_dialog} />
                    },
                    None => html! {},
                }
            }
        </main>
    }
}
