//! The page's state and the only place it changes: a [`Reducible`] with an [`Action`] per
//! event, in the shape of Yew's `function_todomvc` example. Components read it and send
//! actions; they own no state of their own beyond transient UI details (a zoom level).

use crate::lessons::LESSONS;
use crate::progress::Progress;
use crate::share::{EmbedOptions, SharedState};
use engine::report::TopologyReport;
use engine::RunReport;
use lessons::{Audience, Exercise, Results};
use std::rc::Rc;
use yew::Reducible;

/// The program the page opens with: the first lesson (a placement error with a quick fix).
pub const DEFAULT_PROGRAM: &str = LESSONS[0].source;
/// The machine the page opens with, the first lesson's.
pub const DEFAULT_TOPOLOGY: &str = LESSONS[0].topology;

/// The result panes, in tab order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pane {
    Console,
    Placement,
    Graph,
    Timeline,
    Metrics,
    Topology,
    /// The files the program is given (and can open by name).
    Files,
}

impl Pane {
    /// Every pane, in tab order.
    pub const ALL: [Pane; 7] = [
        Pane::Console,
        Pane::Placement,
        Pane::Graph,
        Pane::Timeline,
        Pane::Metrics,
        Pane::Topology,
        Pane::Files,
    ];

    /// The stable id used in links and as the pane's `data-testid`.
    pub fn id(self) -> &'static str {
        match self {
            Pane::Console => "console",
            Pane::Placement => "placement",
            Pane::Graph => "graph",
            Pane::Timeline => "timeline",
            Pane::Metrics => "metrics",
            Pane::Topology => "topology-pane",
            Pane::Files => "files",
        }
    }

    /// The playground pane an exercise names (`None` for the editor, which is no tab).
    pub fn from_exercise(pane: lessons::Pane) -> Option<Pane> {
        match pane {
            lessons::Pane::Editor => None,
            lessons::Pane::Console => Some(Pane::Console),
            lessons::Pane::Placement => Some(Pane::Placement),
            lessons::Pane::Graph => Some(Pane::Graph),
            lessons::Pane::Timeline => Some(Pane::Timeline),
            lessons::Pane::Metrics => Some(Pane::Metrics),
            lessons::Pane::Topology => Some(Pane::Topology),
            lessons::Pane::Files => Some(Pane::Files),
        }
    }

    /// The exercise's name for this pane.
    pub fn to_exercise(self) -> lessons::Pane {
        match self {
            Pane::Console => lessons::Pane::Console,
            Pane::Placement => lessons::Pane::Placement,
            Pane::Graph => lessons::Pane::Graph,
            Pane::Timeline => lessons::Pane::Timeline,
            Pane::Metrics => lessons::Pane::Metrics,
            Pane::Topology => lessons::Pane::Topology,
            Pane::Files => lessons::Pane::Files,
        }
    }

    /// The pane with this id (see [`Pane::id`]).
    pub fn from_id(id: &str) -> Option<Pane> {
        Pane::ALL.into_iter().find(|pane| pane.id() == id)
    }

    /// The tab's label.
    pub fn title(self) -> &'static str {
        match self {
            Pane::Console => "Console",
            Pane::Placement => "Placement",
            Pane::Graph => "Graph",
            Pane::Timeline => "Timeline",
            Pane::Metrics => "Metrics",
            Pane::Topology => "Topology",
            Pane::Files => "Files",
        }
    }
}

/// The colour scheme: the system's, or one forced by the user or a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

impl Theme {
    /// The id in links, storage and the page's `data-theme` attribute.
    pub fn id(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The theme with this id.
    pub fn from_id(id: &str) -> Option<Theme> {
        [Theme::System, Theme::Light, Theme::Dark]
            .into_iter()
            .find(|theme| theme.id() == id)
    }

    /// The theme the toolbar's toggle goes to next.
    pub fn next(self) -> Theme {
        match self {
            Theme::System => Theme::Light,
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::System,
        }
    }
}

/// A finished run's report, shared by every pane. Equality is identity: the state is cloned
/// on every action and panes compare their props on every render, and a report can hold
/// thousands of ops, so neither may copy or walk it.
#[derive(Debug, Clone)]
pub struct ReportRef(pub Rc<RunReport>);

impl ReportRef {
    /// Wraps a report the worker sent.
    pub fn new(report: RunReport) -> Self {
        ReportRef(Rc::new(report))
    }
}

impl PartialEq for ReportRef {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl std::ops::Deref for ReportRef {
    type Target = RunReport;

    fn deref(&self) -> &RunReport {
        &self.0
    }
}

/// Where the current run stands.
#[derive(Debug, Clone, PartialEq)]
pub enum RunStatus {
    Idle,
    /// A run with this id is in the worker.
    Running(u32),
    Finished(ReportRef),
    /// The run could not happen or was stopped; the message says which.
    Failed(String),
}

/// A request for the editor to show a line: `seq` changes on every request, so asking for
/// the same line twice still moves the caret.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineRequest {
    pub line: u32,
    pub seq: u32,
}

/// A message above the panes: what a link needed corrected, or why it could not be read.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub text: String,
    /// The notice is about a problem (shown as an alert), not just information.
    pub problem: bool,
    /// The program this page held before a link replaced it, which the user can get back.
    pub restorable: Option<String>,
}

/// The open dialog, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialog {
    Share,
    Embed,
    /// The lesson builder, where a teacher writes an exercise link.
    Builder,
}

/// Where the exercise's Check stands.
#[derive(Debug, Clone, PartialEq)]
pub enum CheckStatus {
    Idle,
    /// The run with this id is being checked.
    Checking(u32),
    /// The checks' results for the student (hidden checks concealed).
    Done(Rc<Results>),
}

/// What the side panel beside the editor shows.
#[derive(Debug, Clone, PartialEq)]
pub enum Study {
    /// The lesson with this id, from the catalog.
    Lesson(&'static str),
    /// An exercise (from the catalog or a link) and its Check.
    Exercise {
        exercise: Rc<Exercise>,
        check: CheckStatus,
    },
}

/// Everything the page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    pub source: String,
    /// A preset name or a custom topology document (JSON).
    pub topology: String,
    pub status: RunStatus,
    /// Id of the most recent run request; answers to older ones are dropped.
    pub last_run_id: u32,
    pub pane: Pane,
    /// The op selected in Placement, Graph or Timeline (report id).
    pub selected_op: Option<u32>,
    /// Placement shows only this device's ops when set.
    pub device_filter: Option<String>,
    pub line_request: Option<LineRequest>,
    pub theme: Theme,
    /// Set in embed mode (the compact layout of an iframe).
    pub embed: Option<EmbedOptions>,
    pub notice: Option<Notice>,
    pub dialog: Option<Dialog>,
    /// The user changed the program or machine since the page loaded (autosave only then, so
    /// merely opening a link never overwrites the saved work).
    pub dirty: bool,
    /// The machine the Topology pane shows (from the last run or a description request), or
    /// the engine's reason it cannot be built.
    pub machine: Option<Result<TopologyReport, String>>,
    /// The topology the last description request asked about, and its id (see
    /// [`DESCRIBE_ID_BIT`]).
    pub describe: Option<(u32, String)>,
    /// The lesson or exercise beside the editor, if any.
    pub study: Option<Study>,
    /// The exercises passed so far (kept in local storage).
    pub progress: Progress,
    /// The program text the latest run started from: once the user edits it, the error's
    /// line mark and quick fixes describe text that is gone, so they are hidden.
    pub ran_source: Option<Rc<str>>,
    /// The wall-clock watchdog: a run still going after this many seconds is stopped (none
    /// when `None`). Shown and set in the toolbar.
    pub run_limit: Option<u32>,
    /// The files the user gave the program (the Files pane), in the order added.
    pub files: Vec<UserFile>,
    /// What the running program has printed so far (shared, so a state update that does
    /// not touch it does not copy it).
    pub live: Rc<LiveConsole>,
    /// The example from the menu whose notes show above the panes (by id): they stay through
    /// edits and quick fixes, which is when the next step matters, until closed or another
    /// program is opened.
    pub example_notes: Option<&'static str>,
}

/// A running program's output as it arrives from the worker, at most
/// [`crate::terminal::LIVE_MAX_BYTES`] of each stream.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LiveConsole {
    pub stdout: String,
    pub stderr: String,
    /// Older output was dropped to keep the page fast.
    pub cut: bool,
}

/// A file the user gave the program: it opens it by name from its working directory.
#[derive(Debug, Clone, PartialEq)]
pub struct UserFile {
    pub name: String,
    pub text: String,
}

/// The run limits the toolbar offers, in seconds; `None` is "no limit".
pub const RUN_LIMITS: [Option<u32>; 5] = [Some(5), Some(10), Some(30), Some(60), None];

/// The watchdog's default: long enough for the lessons' Keras fits, short enough that a
/// program that never ends (or a link that runs one) gives the page back in seconds.
pub const DEFAULT_RUN_LIMIT: Option<u32> = Some(10);

/// Description requests (what machine is this?) share the worker with runs; their ids carry
/// this bit so their answers are told apart. The worker answers them by running an empty
/// program, whose report carries the machine.
pub const DESCRIBE_ID_BIT: u32 = 1 << 31;

impl Default for State {
    fn default() -> Self {
        State {
            source: DEFAULT_PROGRAM.to_string(),
            topology: DEFAULT_TOPOLOGY.to_string(),
            status: RunStatus::Idle,
            last_run_id: 0,
            pane: Pane::Console,
            selected_op: None,
            device_filter: None,
            line_request: None,
            theme: Theme::System,
            embed: None,
            notice: None,
            dialog: None,
            dirty: false,
            machine: None,
            describe: None,
            study: None,
            progress: Progress::default(),
            ran_source: None,
            run_limit: DEFAULT_RUN_LIMIT,
            files: Vec::new(),
            live: Rc::default(),
            example_notes: crate::lessons::by_source(DEFAULT_PROGRAM).map(|lesson| lesson.id),
        }
    }
}

impl State {
    /// The state a link reproduces, from this page (`embed` decides the link's mode).
    pub fn shared(&self, embed: Option<EmbedOptions>) -> SharedState {
        SharedState {
            source: self.source.clone(),
            topology: self.topology.clone(),
            pane: self.pane,
            autorun: true,
            theme: (self.theme != Theme::System).then_some(self.theme),
            embed,
        }
    }

    /// The panes the tab bar shows (all but those an embed hides).
    pub fn visible_panes(&self) -> Vec<Pane> {
        Pane::ALL
            .into_iter()
            .filter(|pane| {
                self.embed
                    .as_ref()
                    .is_none_or(|embed| !embed.hidden.contains(pane))
                    && self
                        .exercise()
                        .is_none_or(|exercise| !exercise.panes.hide.contains(&pane.to_exercise()))
            })
            .collect()
    }

    /// The finished run's report, if the last run finished.
    pub fn report(&self) -> Option<&ReportRef> {
        match &self.status {
            RunStatus::Finished(report) => Some(report),
            _ => None,
        }
    }

    /// The program is read-only (a read-only embed, or an exercise that locks the editor).
    pub fn readonly(&self) -> bool {
        self.embed.as_ref().is_some_and(|embed| embed.readonly)
            || self
                .exercise()
                .is_some_and(|exercise| exercise.panes.lock.contains(&lessons::Pane::Editor))
    }

    /// The open exercise, if the side panel shows one.
    pub fn exercise(&self) -> Option<&Exercise> {
        match &self.study {
            Some(Study::Exercise { exercise, .. }) => Some(exercise),
            _ => None,
        }
    }

    /// The example whose notes show: the one opened from the menu, while the program is
    /// still recognisably it (at least half of its lines are still there, as after a quick
    /// fix or a small edit), not after the user pasted another program.
    pub fn example_notes_shown(&self) -> Option<&'static crate::lessons::Lesson> {
        let lesson = crate::lessons::by_id(self.example_notes?)?;
        let lines: Vec<&str> = lesson
            .source
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .collect();
        let kept = lines
            .iter()
            .filter(|line| self.source.lines().any(|have| have.trim() == **line))
            .count();
        (2 * kept >= lines.len()).then_some(lesson)
    }

    /// The machine cannot be changed (the open exercise locks its topology).
    pub fn topology_locked(&self) -> bool {
        self.exercise()
            .is_some_and(|exercise| exercise.panes.lock.contains(&lessons::Pane::Topology))
    }

    /// Starts a run: the effect keyed on `last_run_id` sends it to the worker.
    fn start_run(&mut self) {
        self.last_run_id = self.last_run_id.wrapping_add(1);
        self.status = RunStatus::Running(self.last_run_id);
        self.live = Rc::default();
        self.selected_op = None;
        self.ran_source = Some(Rc::from(self.source.as_str()));
        // A run started while editing files shows what it printed.
        if self.pane == Pane::Files {
            self.pane = Pane::Console;
        }
    }

    /// Whether the shown report came from the program as it is now (no edit since the run).
    pub fn report_is_current(&self) -> bool {
        self.ran_source
            .as_deref()
            .is_some_and(|ran| ran == self.source)
    }

    /// The running program was stopped (by Stop or the watchdog): `message` says why, and
    /// a Check waiting for it is abandoned.
    fn end_run(&mut self, message: String) {
        if !matches!(self.status, RunStatus::Running(_)) {
            return;
        }
        self.status = RunStatus::Failed(message);
        if let Some(Study::Exercise { check, .. }) = &mut self.study {
            if matches!(check, CheckStatus::Checking(_)) {
                *check = CheckStatus::Idle;
            }
        }
    }

    fn request_line(&mut self, line: u32) {
        let seq = self.line_request.map_or(1, |r| r.seq.wrapping_add(1));
        self.line_request = Some(LineRequest { line, seq });
    }
}

/// The op the report's error names, when the report has it: a run that fails there opens
/// with it selected in Placement and the Graph. The latest op of that name, since names
/// repeat across graphs.
pub fn failing_op(report: &RunReport) -> Option<u32> {
    let failed = engine::error_text::failed_op(report.error.as_ref()?)?;
    let name = failed.name?;
    report
        .ops
        .iter()
        .rev()
        .find(|op| op.name == name)
        .map(|op| op.id)
}

/// Everything that can happen to the page's state.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Edit(String),
    PickTopology(String),
    /// Run the current program. Being an action, it is ordered after any edit before it, so
    /// the run always sees the text the user last typed.
    Run,
    /// The worker answered run `id` (boxed: a report is large next to the other actions).
    Finished {
        id: u32,
        outcome: Box<Result<RunReport, String>>,
    },
    /// Run `id` printed this while it runs.
    Output(crate::protocol::OutputMessage),
    Stopped,
    /// Run `id` was still going when the watchdog (the run limit) went off, and was stopped.
    TimedOut(u32),
    /// Set the watchdog's limit (seconds, or none).
    SetRunLimit(Option<u32>),
    /// Give the program a file, replacing one of the same name (the Files pane's New file,
    /// Upload and edits).
    PutFile(UserFile),
    /// Take a file away from the program.
    RemoveFile(String),
    ShowPane(Pane),
    /// Select an op (or none): Placement, Graph and Timeline show it, the editor its line.
    SelectOp(Option<u32>),
    FilterDevice(Option<String>),
    /// Put the caret on this source line (a traceback line was clicked).
    GoToLine(u32),
    SetTheme(Theme),
    /// A quick fix: the new program, and the line it changed.
    ApplyFix {
        source: String,
        line: u32,
    },
    /// Load an example from the menu.
    LoadLesson(&'static str),
    /// Close the example's notes.
    CloseExampleNotes,
    /// Show a catalog lesson beside the editor (or close the panel).
    OpenLesson(Option<&'static str>),
    /// Open an exercise: its starter, topology and panes (boxed: it carries programs).
    OpenExercise(Box<Exercise>),
    /// Run the program and check the open exercise against the report.
    Check,
    /// The passed exercises, as read from storage.
    LoadProgress(Progress),
    /// Load the state of a link (boxed: it carries a whole program).
    LoadShared(Box<SharedState>),
    /// Load the autosaved work, read in the background after the page opened: ignored
    /// once the user has edited in this page, whose work is newer than the autosave.
    RestoreAutosave(Box<SharedState>),
    SetNotice(Option<Notice>),
    OpenDialog(Option<Dialog>),
    /// Ask the worker what this topology (a name or document) builds.
    Describe(String),
    /// The worker answered description request `id`.
    Described {
        id: u32,
        outcome: Box<Result<TopologyReport, String>>,
    },
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Edit(source) => {
                if self.readonly() || source == self.source {
                    return self;
                }
                next.source = source;
                next.dirty = true;
            }
            Action::PickTopology(topology) => {
                if self.topology_locked() {
                    return self;
                }
                next.topology = topology;
                next.dirty = true;
            }
            Action::Run => next.start_run(),
            Action::Output(output) => {
                if self.status != RunStatus::Running(output.id) {
                    return self;
                }
                let live = Rc::make_mut(&mut next.live);
                for piece in &output.pieces {
                    let stream = if piece.stderr {
                        &mut live.stderr
                    } else {
                        &mut live.stdout
                    };
                    live.cut |= crate::terminal::append_live(stream, &piece.text);
                }
            }
            Action::Finished { id, outcome } => {
                if id != self.last_run_id {
                    return self;
                }
                if let Some(Study::Exercise { exercise, check }) = &mut next.study {
                    if *check == CheckStatus::Checking(id) {
                        let results = match outcome.as_ref() {
                            Ok(report) => lessons::evaluate(exercise, report, Audience::Student),
                            Err(message) => Results::not_run(message.clone()),
                        };
                        if results.passed() {
                            next.progress.record(&exercise.id);
                        }
                        *check = CheckStatus::Done(Rc::new(results));
                    }
                }
                next.status = match *outcome {
                    Ok(report) => {
                        // The report has all of it; a run that failed to finish keeps what it
                        // printed on screen.
                        next.live = Rc::default();
                        next.selected_op = failing_op(&report);
                        next.machine = Some(Ok(report.topology.clone()));
                        RunStatus::Finished(ReportRef::new(report))
                    }
                    Err(message) => RunStatus::Failed(message),
                };
                let devices_now = next.report().map(|report| &report.topology.devices);
                if let (Some(filter), Some(devices)) = (&self.device_filter, devices_now) {
                    if !devices.contains(filter) {
                        next.device_filter = None;
                    }
                }
            }
            Action::Stopped => next.end_run("Stopped: the run was ended.".to_string()),
            Action::TimedOut(id) => {
                if self.status != RunStatus::Running(id) {
                    return self;
                }
                let seconds = self.run_limit.unwrap_or_default();
                next.end_run(format!(
                    "Stopped after {seconds} s: the run limit. A program that needs longer can \
                     have it: raise the limit in the toolbar and run again."
                ));
            }
            Action::SetRunLimit(limit) => next.run_limit = limit,
            Action::PutFile(file) => {
                if self.readonly() {
                    return self;
                }
                match next.files.iter_mut().find(|f| f.name == file.name) {
                    Some(existing) => existing.text = file.text,
                    None => next.files.push(file),
                }
            }
            Action::RemoveFile(name) => next.files.retain(|f| f.name != name),
            Action::ShowPane(pane) => next.pane = pane,
            Action::SelectOp(op) => {
                next.selected_op = op;
                let line = op.and_then(|id| {
                    self.report()?
                        .ops
                        .iter()
                        .find(|candidate| candidate.id == id)
                        .map(|candidate| candidate.line)
                });
                if let Some(line) = line.filter(|&line| line > 0) {
                    next.request_line(line);
                }
            }
            Action::FilterDevice(device) => next.device_filter = device,
            Action::GoToLine(line) => next.request_line(line),
            Action::SetTheme(theme) => next.theme = theme,
            Action::ApplyFix { source, line } => {
                if self.readonly() {
                    return self;
                }
                next.source = source;
                next.dirty = true;
                next.request_line(line);
            }
            Action::LoadLesson(id) => {
                let Some(lesson) = crate::lessons::by_id(id) else {
                    return self;
                };
                next.source = lesson.source.to_string();
                next.topology = lesson.topology.to_string();
                next.example_notes = Some(lesson.id);
                if next.exercise().is_some() {
                    // An example is not the exercise's solution: leave exercise mode.
                    next.study = None;
                }
                next.pane = Pane::Console;
                next.status = RunStatus::Idle;
                next.selected_op = None;
                next.device_filter = None;
                next.dirty = true;
            }
            Action::OpenLesson(id) => {
                next.study = id.and_then(lessons::catalog::lesson).map(|lesson| {
                    // The catalog lives for the whole program: its ids are 'static.
                    Study::Lesson(lesson.id.as_str())
                });
            }
            Action::CloseExampleNotes => next.example_notes = None,
            Action::OpenExercise(exercise) => {
                next.example_notes = None;
                next.source = exercise.starter.clone();
                next.topology = exercise.topology.clone();
                next.embed = None;
                next.status = RunStatus::Idle;
                next.selected_op = None;
                next.device_filter = None;
                next.study = Some(Study::Exercise {
                    exercise: Rc::new(*exercise),
                    check: CheckStatus::Idle,
                });
                if !next.visible_panes().contains(&next.pane) {
                    next.pane = Pane::Console;
                }
            }
            Action::Check => {
                next.start_run();
                let id = next.last_run_id;
                match &mut next.study {
                    Some(Study::Exercise { check, .. }) => *check = CheckStatus::Checking(id),
                    _ => return self,
                }
            }
            Action::LoadProgress(progress) => next.progress = progress,
            Action::RestoreAutosave(_) if self.dirty => return self,
            Action::LoadShared(shared) | Action::RestoreAutosave(shared) => {
                let shared = *shared;
                next.example_notes = crate::lessons::by_source(&shared.source).map(|l| l.id);
                next.source = shared.source;
                next.topology = shared.topology;
                next.pane = shared.pane;
                if let Some(theme) = shared.theme {
                    next.theme = theme;
                }
                next.embed = shared.embed;
                next.study = None;
                next.status = RunStatus::Idle;
                next.selected_op = None;
                next.device_filter = None;
                if !next.visible_panes().contains(&next.pane) {
                    next.pane = Pane::Console;
                }
            }
            Action::SetNotice(notice) => next.notice = notice,
            Action::OpenDialog(dialog) => next.dialog = dialog,
            Action::Describe(topology) => {
                let previous = self.describe.as_ref().map_or(0, |(id, _)| *id);
                let id = (previous.wrapping_add(1) & !DESCRIBE_ID_BIT).max(1) | DESCRIBE_ID_BIT;
                next.describe = Some((id, topology));
            }
            Action::Described { id, outcome } => {
                if self.describe.as_ref().map(|(latest, _)| *latest) != Some(id) {
                    return self;
                }
                next.machine = Some(*outcome);
            }
        }
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::report::OpReport;

    fn reduce(state: State, action: Action) -> State {
        (*Rc::new(state).reduce(action)).clone()
    }

    #[test]
    fn a_run_sees_the_edit_dispatched_just_before_it() {
        let state = reduce(State::default(), Action::Edit("print(2)".into()));
        let state = reduce(state, Action::Run);
        assert_eq!(state.source, "print(2)");
        assert_eq!(state.status, RunStatus::Running(1));
        assert!(state.dirty);
    }

    #[test]
    fn an_edit_after_a_run_makes_its_report_stale_until_the_next_run() {
        let state = reduce(State::default(), Action::Edit("print(1)".into()));
        let state = finish(reduce(state, Action::Run), RunReport::default());
        assert!(state.report_is_current());
        let edited = reduce(state, Action::Edit("print(2)".into()));
        assert!(!edited.report_is_current());
        let rerun = finish(reduce(edited, Action::Run), RunReport::default());
        assert!(rerun.report_is_current());
    }

    #[test]
    fn the_watchdog_stops_only_the_run_it_was_set_for() {
        let running = reduce(State::default(), Action::Run);
        let stale = reduce(running.clone(), Action::TimedOut(7));
        assert_eq!(stale.status, RunStatus::Running(1));
        let stopped = reduce(running, Action::TimedOut(1));
        let RunStatus::Failed(message) = &stopped.status else {
            panic!("not stopped: {:?}", stopped.status);
        };
        assert!(
            message.starts_with("Stopped after 10 s: the run limit."),
            "{message}"
        );
        let idle = reduce(stopped, Action::TimedOut(1));
        assert!(matches!(idle.status, RunStatus::Failed(_)));
    }

    #[test]
    fn a_late_answer_to_an_old_run_is_dropped() {
        let state = reduce(State::default(), Action::Run);
        let state = reduce(state, Action::Run);
        let state = reduce(
            state,
            Action::Finished {
                id: 1,
                outcome: Box::new(Err("old".into())),
            },
        );
        assert_eq!(state.status, RunStatus::Running(2));
    }

    #[test]
    fn stop_ends_a_running_run_only() {
        let idle = reduce(State::default(), Action::Stopped);
        assert_eq!(idle.status, RunStatus::Idle);
        let running = reduce(State::default(), Action::Run);
        let stopped = reduce(running, Action::Stopped);
        assert!(matches!(stopped.status, RunStatus::Failed(_)));
    }

    #[test]
    fn selecting_an_op_asks_the_editor_for_its_line() {
        let state = reduce(State::default(), Action::Run);
        let report = RunReport {
            ops: vec![OpReport {
                id: 4,
                name: "add".into(),
                op_type: "AddV2".into(),
                device: String::new(),
                requested_device: String::new(),
                reason: String::new(),
                inputs: vec![],
                shape: vec![],
                dtype: String::new(),
                line: 7,
                start_us: 0.0,
                dur_us: 0.0,
                execution: String::new(),
                launch: 0,
                cost: String::new(),
                input_element: None,
                not_computed: None,
                xla: false,
                class: Default::default(),
            }],
            ..RunReport::default()
        };
        let state = reduce(
            state,
            Action::Finished {
                id: 1,
                outcome: Box::new(Ok(report)),
            },
        );
        let state = reduce(state, Action::SelectOp(Some(4)));
        assert_eq!(state.selected_op, Some(4));
        let first = state.line_request.unwrap();
        assert_eq!(first.line, 7);
        let again = reduce(state, Action::GoToLine(7)).line_request.unwrap();
        assert_ne!(again.seq, first.seq);
    }

    #[test]
    fn a_readonly_embed_ignores_edits_and_fixes() {
        let shared = SharedState {
            source: "print(1)\n".into(),
            topology: "cpu".into(),
            pane: Pane::Graph,
            autorun: true,
            theme: None,
            embed: Some(EmbedOptions {
                readonly: true,
                hidden: vec![Pane::Graph],
            }),
        };
        let typed = reduce(State::default(), Action::Edit("typed first\n".into()));
        let restored = reduce(typed, Action::RestoreAutosave(Box::new(shared.clone())));
        assert_eq!(
            restored.source, "typed first\n",
            "an autosave read after the user began typing does not replace the typing"
        );
        let restored = reduce(
            State::default(),
            Action::RestoreAutosave(Box::new(shared.clone())),
        );
        assert_eq!(restored.source, "print(1)\n");
        let state = reduce(State::default(), Action::LoadShared(Box::new(shared)));
        assert_eq!(state.pane, Pane::Console, "a hidden pane is never shown");
        assert!(!state.dirty, "opening a link is not an edit");
        let state = reduce(state, Action::Edit("x".into()));
        let state = reduce(
            state,
            Action::ApplyFix {
                source: "y".into(),
                line: 1,
            },
        );
        assert_eq!(state.source, "print(1)\n");
        assert!(!state.visible_panes().contains(&Pane::Graph));
    }

    #[test]
    fn a_run_that_fails_at_an_op_opens_with_it_selected() {
        let ops = ["x", "add", "add"]
            .iter()
            .enumerate()
            .map(|(id, name)| engine::report::OpReport {
                id: id as u32,
                name: name.to_string(),
                ..Default::default()
            })
            .collect();
        let report = RunReport {
            error: Some(engine::report::ErrorReport {
                type_name: "InvalidArgumentError".into(),
                message: "Graph execution error:\n\nDetected at node 'add' defined at (most recent call last):\n  File \"main.py\", line 4, in <module>\nNode: 'add'\nbad".into(),
                traceback: Vec::new(),
            }),
            ops,
            ..RunReport::default()
        };
        let state = finish(reduce(State::default(), Action::Run), report);
        assert_eq!(state.selected_op, Some(2));
    }

    #[test]
    fn an_example_s_notes_stay_through_edits_and_fixes_until_closed() {
        let state = State::default();
        assert_eq!(state.example_notes, Some(crate::lessons::LESSONS[0].id));
        let fixed = format!("# connect first\n{}", crate::lessons::LESSONS[0].source);
        let state = reduce(
            state,
            Action::ApplyFix {
                source: fixed,
                line: 1,
            },
        );
        assert_eq!(
            state.example_notes_shown().map(|l| l.id),
            Some(crate::lessons::LESSONS[0].id)
        );
        // Another program pasted over it: the notes no longer apply.
        let pasted = reduce(state.clone(), Action::Edit("print(1)\n".into()));
        assert_eq!(pasted.example_notes_shown(), None);
        let state = reduce(state, Action::LoadLesson("two-gpus"));
        assert_eq!(state.example_notes, Some("two-gpus"));
        let state = reduce(state, Action::CloseExampleNotes);
        assert_eq!(state.example_notes, None);
    }

    fn output(id: u32, pieces: &[(bool, &str)]) -> Action {
        Action::Output(crate::protocol::OutputMessage {
            id,
            pieces: pieces
                .iter()
                .map(|&(stderr, text)| crate::protocol::Piece {
                    stderr,
                    text: text.to_string(),
                })
                .collect(),
        })
    }

    #[test]
    fn a_running_program_s_output_shows_until_its_report_arrives() {
        let state = reduce(State::default(), Action::Run);
        let state = reduce(state, output(1, &[(false, "a\n"), (true, "w\n")]));
        let state = reduce(state, output(1, &[(false, "b\n")]));
        // Output of a run that was replaced is ignored.
        let state = reduce(state, output(7, &[(false, "stale\n")]));
        assert_eq!(state.live.stdout, "a\nb\n");
        assert_eq!(state.live.stderr, "w\n");
        // Stopped: what it printed stays on screen.
        let stopped = reduce(state.clone(), Action::Stopped);
        assert_eq!(stopped.live.stdout, "a\nb\n");
        let finished = finish(state, RunReport::default());
        assert_eq!(*finished.live, LiveConsole::default());
        let again = reduce(stopped, Action::Run);
        assert_eq!(*again.live, LiveConsole::default());
    }

    fn finish(state: State, report: RunReport) -> State {
        let id = state.last_run_id;
        reduce(
            state,
            Action::Finished {
                id,
                outcome: Box::new(Ok(report)),
            },
        )
    }

    fn results(state: &State) -> Rc<Results> {
        match &state.study {
            Some(Study::Exercise {
                check: CheckStatus::Done(results),
                ..
            }) => Rc::clone(results),
            other => panic!("no results: {other:?}"),
        }
    }

    #[test]
    fn an_exercise_sets_the_stage_and_locks_what_it_locks() {
        let exercise = lessons::catalog::exercise("soft-placement-on")
            .unwrap()
            .clone();
        let state = reduce(
            State::default(),
            Action::OpenExercise(Box::new(exercise.clone())),
        );
        assert_eq!(state.source, exercise.starter);
        assert_eq!(state.topology, exercise.topology);
        assert!(state.topology_locked());
        let state = reduce(state, Action::PickTopology("dgx-a100".into()));
        assert_eq!(state.topology, exercise.topology, "a locked machine stays");
        assert!(!state.dirty, "opening an exercise is not an edit");
        let mut hiding = exercise;
        hiding.panes.hide = vec![lessons::Pane::Graph];
        let state = reduce(State::default(), Action::ShowPane(Pane::Graph));
        let state = reduce(state, Action::OpenExercise(Box::new(hiding)));
        assert!(!state.visible_panes().contains(&Pane::Graph));
        assert_eq!(state.pane, Pane::Console);
    }

    #[test]
    fn check_grades_its_own_run_and_records_a_pass() {
        let exercise = lessons::catalog::exercise("soft-placement-on")
            .unwrap()
            .clone();
        let state = reduce(State::default(), Action::OpenExercise(Box::new(exercise)));
        let state = reduce(state, Action::Check);
        assert!(matches!(
            state.study,
            Some(Study::Exercise {
                check: CheckStatus::Checking(1),
                ..
            })
        ));
        // An empty report: nothing printed, no AddV2 placed.
        let failed = finish(state, RunReport::default());
        let graded = results(&failed);
        assert!(!graded.passed());
        assert_eq!(graded.tests.len(), 4);
        assert_eq!(graded.tests[3].name, "Hidden check 1");
        assert!(!failed.progress.passed("soft-placement-on"));
        // A plain run is not a check: the old results stay as they were.
        let ran = finish(reduce(failed, Action::Run), RunReport::default());
        assert!(Rc::ptr_eq(&results(&ran), &graded));
        let state = reduce(ran, Action::Check);
        let not_run = reduce(
            state,
            Action::Finished {
                id: 3,
                outcome: Box::new(Err("The worker failed.".into())),
            },
        );
        assert_eq!(
            results(&not_run).message.as_deref(),
            Some("The worker failed.")
        );
    }

    #[test]
    fn files_are_put_replaced_and_removed_and_a_run_shows_the_console() {
        let file = |name: &str, text: &str| UserFile {
            name: name.into(),
            text: text.into(),
        };
        let state = reduce(State::default(), Action::PutFile(file("a.csv", "1")));
        let state = reduce(state, Action::PutFile(file("b.txt", "x")));
        let state = reduce(state, Action::PutFile(file("a.csv", "2")));
        assert_eq!(state.files, vec![file("a.csv", "2"), file("b.txt", "x")]);
        let state = reduce(state, Action::RemoveFile("a.csv".into()));
        assert_eq!(state.files, vec![file("b.txt", "x")]);
        let state = reduce(state, Action::ShowPane(Pane::Files));
        let state = reduce(state, Action::Run);
        assert_eq!(state.pane, Pane::Console);
    }

    #[test]
    fn pane_and_theme_ids_round_trip() {
        for pane in Pane::ALL {
            assert_eq!(Pane::from_id(pane.id()), Some(pane));
        }
        let mut theme = Theme::System;
        for _ in 0..3 {
            assert_eq!(Theme::from_id(theme.id()), Some(theme));
            theme = theme.next();
        }
        assert_eq!(theme, Theme::System);
    }
}
