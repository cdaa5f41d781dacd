//! Component tests in headless Chromium (wasm-bindgen-test): each mounts a component into a
//! fresh element and checks what the DOM shows. Run by scripts/test.sh.
#![cfg(target_arch = "wasm32")]

use engine::report::{ErrorReport, OpReport, TopologyReport, TracebackFrame, TransferReport};
use engine::RunReport;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web::components::{
    Console, Editor, ExercisePanel, Graph, LessonView, Modal, Placement, QuickFixes, ShareDialog,
    Timeline, Topology,
};
use web::devices::styles;
use web::progress::Progress;
use web::quick_fix::fixes_for;
use web::state::{CheckStatus, ReportRef, RunStatus};
use yew::platform::time::sleep;
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

const CPU: &str = "/job:localhost/replica:0/task:0/device:CPU:0";
const TPU: &str = "/job:worker/replica:0/task:0/device:TPU:0";

fn mount() -> web_sys::Element {
    let document = document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    root
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Sends a keydown to `target` that bubbles, as a key press would.
fn press(target: &web_sys::Element, key: &str, shift: bool) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_shift_key(shift);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&event).unwrap();
}

/// The element with focus, by an attribute of it (`id`, `data-bar`).
fn focused(attribute: &str) -> Option<String> {
    document().active_element()?.get_attribute(attribute)
}

async fn settle() {
    sleep(std::time::Duration::from_millis(30)).await;
}

/// Waits until `selector` matches inside `root` (the whole app's first render can take
/// longer than [`settle`] on a loaded machine's debug build), at most five seconds.
async fn until_present(root: &web_sys::Element, selector: &str) {
    for _ in 0..500 {
        if root.query_selector(selector).ok().flatten().is_some() {
            return;
        }
        sleep(std::time::Duration::from_millis(10)).await;
    }
}

fn op(id: u32, name: &str, op_type: &str, device: &str, inputs: &[u32], line: u32) -> OpReport {
    OpReport {
        id,
        name: name.into(),
        op_type: op_type.into(),
        device: device.into(),
        requested_device: TPU.into(),
        reason: format!("placed {name}"),
        inputs: inputs.to_vec(),
        shape: vec![2],
        dtype: "float32".into(),
        line,
        start_us: f64::from(id) * 10.0,
        dur_us: 5.0,
        execution: "eager".into(),
        launch: 0,
        cost: String::new(),
        input_element: None,
        not_computed: None,
        xla: false,
        class: Default::default(),
    }
}

/// A small report: two constants on the CPU, an add on the TPU fed by a transfer.
fn sample_report() -> RunReport {
    RunReport {
        stdout: "tf.Tensor([4. 6.], shape=(2,), dtype=float32)\n".into(),
        topology: TopologyReport {
            name: "tpu-v3-8".into(),
            devices: vec![CPU.into(), TPU.into()],
            links: vec!["PCIe host<->TPU:0".into()],
            ..TopologyReport::default()
        },
        ops: vec![
            op(0, "Const", "Const", CPU, &[], 3),
            op(1, "Const_1", "Const", CPU, &[], 4),
            op(2, "add", "AddV2", TPU, &[0, 1], 5),
        ],
        transfers: vec![TransferReport {
            src: CPU.into(),
            dst: TPU.into(),
            bytes: 8,
            link: "PCIe host<->TPU:0".into(),
            start_us: 2.0,
            dur_us: 3.0,
            tensor: "Const:0".into(),
            producer: Some(0),
            consumer: Some(2),
            send_op: None,
            recv_op: None,
        }],
        ..RunReport::default()
    }
}

#[derive(Properties, PartialEq)]
struct ConsoleHarness {
    status: RunStatus,
}

#[function_component]
fn ConsoleOnly(props: &ConsoleHarness) -> Html {
    html! { <Console status={props.status.clone()} /> }
}

#[wasm_bindgen_test]
async fn console_shows_stdout_and_a_clickable_traceback() {
    let root = mount();
    let report = RunReport {
        stdout: "hello\n".into(),
        stderr: "Traceback (most recent call last):\n  File \"main.py\", line 2, in <module>\nKeyError: 'k'\n".into(),
        exit_code: 1,
        ..RunReport::default()
    };
    yew::Renderer::<ConsoleOnly>::with_root_and_props(
        root.clone(),
        ConsoleHarness {
            status: RunStatus::Finished(ReportRef::new(report)),
        },
    )
    .render();
    settle().await;
    let text = root.text_content().unwrap();
    assert!(text.contains("hello"), "{text}");
    assert!(text.contains("KeyError: 'k'"), "{text}");
    let stderr = root.query_selector(".stderr").unwrap().unwrap();
    assert!(stderr.text_content().unwrap().starts_with("Traceback"));
    let line = root
        .query_selector("button.traceback-line")
        .unwrap()
        .unwrap();
    assert!(line.text_content().unwrap().contains("line 2"));
}

#[wasm_bindgen_test]
async fn console_says_when_a_run_was_stopped() {
    let root = mount();
    yew::Renderer::<ConsoleOnly>::with_root_and_props(
        root.clone(),
        ConsoleHarness {
            status: RunStatus::Failed("Stopped: the run was ended.".into()),
        },
    )
    .render();
    settle().await;
    let text = root.text_content().unwrap();
    assert!(text.contains("Stopped"), "{text}");
}

#[derive(Properties, PartialEq)]
struct SelectHarness {
    report: ReportRef,
    selected: Option<u32>,
}

#[function_component]
fn PlacementOnly(props: &SelectHarness) -> Html {
    let styles = Rc::new(styles(&props.report.topology.devices, []));
    html! {
        <Placement report={props.report.clone()} {styles} selected={props.selected} filter={None::<String>}
            on_select={Callback::noop()} on_filter={Callback::noop()} />
    }
}

#[wasm_bindgen_test]
async fn placement_lists_every_op_with_its_device_and_reason() {
    let root = mount();
    yew::Renderer::<PlacementOnly>::with_root_and_props(
        root.clone(),
        SelectHarness {
            report: ReportRef::new(sample_report()),
            selected: Some(2),
        },
    )
    .render();
    settle().await;
    let rows = root.query_selector_all("tbody tr").unwrap();
    assert_eq!(rows.length(), 3);
    let selected = root.query_selector("tr.selected").unwrap().unwrap();
    let text = selected.text_content().unwrap();
    assert!(
        text.contains("add") && text.contains("worker TPU:0") && text.contains("placed add"),
        "{text}"
    );
    // The device filter offers each device that ran ops.
    let options = root.query_selector_all(".pane-controls option").unwrap();
    assert_eq!(options.length(), 3);
}

#[function_component]
fn GraphOnly(props: &SelectHarness) -> Html {
    let styles = Rc::new(styles(&props.report.topology.devices, []));
    html! { <Graph report={props.report.clone()} {styles} selected={props.selected} on_select={Callback::noop()} /> }
}

#[wasm_bindgen_test]
async fn graph_draws_nodes_and_marks_the_cross_device_edge_with_bytes() {
    let root = mount();
    yew::Renderer::<GraphOnly>::with_root_and_props(
        root.clone(),
        SelectHarness {
            report: ReportRef::new(sample_report()),
            selected: None,
        },
    )
    .render();
    settle().await;
    assert_eq!(root.query_selector_all("g.node").unwrap().length(), 3);
    // Both constants feed the TPU op; the report recorded the bytes of one copy.
    assert_eq!(root.query_selector_all("g.edge.cross").unwrap().length(), 2);
    let labels = root.query_selector_all(".edge-label").unwrap();
    let labels: Vec<String> = (0..labels.length())
        .map(|i| labels.item(i).unwrap().text_content().unwrap())
        .collect();
    // Only edges whose bytes the report recorded carry a label; the other is dashed.
    assert_eq!(labels, ["8 B"]);
    let letters: Vec<String> = (0..3)
        .map(|i| {
            root.query_selector_all(".node-letter")
                .unwrap()
                .item(i)
                .unwrap()
                .text_content()
                .unwrap()
        })
        .collect();
    assert_eq!(letters, ["C0", "C0", "T0"]);
    // The text description is built when opened.
    let details = root.query_selector(".text-equivalent").unwrap().unwrap();
    details.set_attribute("open", "").unwrap();
    settle().await;
    settle().await;
    let text = details.text_content().unwrap();
    assert!(text.contains("Const:0 copied from CPU:0 (8 B)"), "{text}");
}

#[wasm_bindgen_test]
async fn graph_marks_the_op_that_failed_placement() {
    let root = mount();
    let mut report = sample_report();
    report.error = Some(ErrorReport {
        type_name: "InvalidArgumentError".into(),
        message: "Could not satisfy device specification '/TPU:0'.".into(),
        traceback: vec![TracebackFrame {
            line: 9,
            col: 0,
            function: "<module>".into(),
            source: String::new(),
        }],
    });
    yew::Renderer::<GraphOnly>::with_root_and_props(
        root.clone(),
        SelectHarness {
            report: ReportRef::new(report),
            selected: None,
        },
    )
    .render();
    settle().await;
    let failed = root.query_selector("g.node.failed").unwrap().unwrap();
    assert!(failed.text_content().unwrap().contains("line 9"));
}

#[function_component]
fn TimelineOnly(props: &SelectHarness) -> Html {
    let styles = Rc::new(styles(&props.report.topology.devices, []));
    html! { <Timeline report={props.report.clone()} {styles} selected={props.selected} on_select={Callback::noop()} /> }
}

#[wasm_bindgen_test]
async fn timeline_has_a_lane_per_device_and_link_and_zooms() {
    let root = mount();
    yew::Renderer::<TimelineOnly>::with_root_and_props(
        root.clone(),
        SelectHarness {
            report: ReportRef::new(sample_report()),
            selected: None,
        },
    )
    .render();
    settle().await;
    assert_eq!(
        root.query_selector_all(".timeline-labels .lane")
            .unwrap()
            .length(),
        3
    );
    assert_eq!(root.query_selector_all("g.bar").unwrap().length(), 4);
    let svg = root.query_selector("svg.timeline-svg").unwrap().unwrap();
    let before: f64 = svg.get_attribute("width").unwrap().parse().unwrap();
    let zoom_in: web_sys::HtmlElement = root
        .query_selector("button[aria-label='Zoom in']")
        .unwrap()
        .unwrap()
        .unchecked_into();
    zoom_in.click();
    settle().await;
    let after: f64 = svg.get_attribute("width").unwrap().parse().unwrap();
    // The margin (20) keeps its width; the time axis doubles (the lane names are beside it).
    assert!(after - 20.0 >= 1.9 * (before - 20.0), "{before} → {after}");
    // The text equivalent is built when opened.
    let details = root.query_selector(".text-equivalent").unwrap().unwrap();
    details.set_attribute("open", "").unwrap();
    settle().await;
    settle().await;
    let rows = root
        .query_selector_all(".text-equivalent tbody tr")
        .unwrap();
    assert_eq!(rows.length(), 4);
}

/// The Timeline with a selection it keeps, as the app does.
#[function_component]
fn TimelineSelecting(props: &SelectHarness) -> Html {
    let styles = Rc::new(styles(&props.report.topology.devices, []));
    let selected = use_state(|| props.selected);
    let on_select = {
        let selected = selected.clone();
        Callback::from(move |op| selected.set(op))
    };
    html! {
        <div data-selected={format!("{:?}", *selected)}>
            <Timeline report={props.report.clone()} {styles} selected={*selected} {on_select} />
        </div>
    }
}

#[wasm_bindgen_test]
async fn timeline_bars_are_one_tab_stop_that_arrows_move_and_enter_selects() {
    let root = mount();
    yew::Renderer::<TimelineSelecting>::with_root_and_props(
        root.clone(),
        SelectHarness {
            report: ReportRef::new(sample_report()),
            selected: None,
        },
    )
    .render();
    settle().await;
    let stops = root.query_selector_all("g.bar[tabindex='0']").unwrap();
    assert_eq!(stops.length(), 1);
    // The stop is the first bar in time: the first Const on the CPU; its name is its tooltip.
    let first = root.query_selector("g.bar[data-bar='0']").unwrap().unwrap();
    assert_eq!(first.get_attribute("tabindex").as_deref(), Some("0"));
    assert_eq!(
        first.get_attribute("aria-label").as_deref(),
        Some("Const (Const) on CPU:0: 5 µs from 0 µs, line 3")
    );
    first
        .unchecked_ref::<web_sys::SvgElement>()
        .focus()
        .unwrap();
    // The pane draws only the bars in view, so focus moves after the render that draws the
    // next one.
    press(&first, "ArrowRight", false);
    settle().await;
    assert_eq!(focused("data-bar").as_deref(), Some("1"));
    let second = document().active_element().unwrap();
    press(&second, "ArrowDown", false);
    settle().await;
    assert_eq!(focused("data-bar").as_deref(), Some("2"));
    let add = document().active_element().unwrap();
    press(&add, "Enter", false);
    settle().await;
    let harness = root.first_element_child().unwrap();
    assert_eq!(
        harness.get_attribute("data-selected").as_deref(),
        Some("Some(2)")
    );
    assert!(add.class_list().contains("selected"));
    assert_eq!(add.get_attribute("tabindex").as_deref(), Some("0"));
    assert_eq!(first.get_attribute("tabindex").as_deref(), Some("-1"));
}

/// A button that opens a [`Modal`] with three controls (one disabled), counting closes.
#[function_component]
fn ModalHarness() -> Html {
    let open = use_state(|| false);
    let closed = use_state(|| 0u32);
    let on_open = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(true))
    };
    let on_close = {
        let (open, closed) = (open.clone(), closed.clone());
        Callback::from(move |()| {
            open.set(false);
            closed.set(*closed + 1);
        })
    };
    html! {
        <div data-closed={closed.to_string()}>
            <button id="opener" onclick={on_open}>{ "Open" }</button>
            <button id="elsewhere">{ "Elsewhere" }</button>
            if *open {
                <Modal labelled_by="modal-title" {on_close}>
                    <h2 id="modal-title">{ "Title" }</h2>
                    <input id="first" type="text" />
                    <button id="off" disabled=true>{ "Off" }</button>
                    <button id="last">{ "Last" }</button>
                </Modal>
            }
        </div>
    }
}

#[wasm_bindgen_test]
async fn a_modal_takes_focus_keeps_tab_inside_closes_on_escape_and_gives_focus_back() {
    let root = mount();
    yew::Renderer::<ModalHarness>::with_root(root.clone()).render();
    settle().await;
    let opener: web_sys::HtmlElement = root
        .query_selector("#opener")
        .unwrap()
        .unwrap()
        .unchecked_into();
    opener.focus().unwrap();
    opener.click();
    settle().await;
    let dialog = root.query_selector("[role='dialog']").unwrap().unwrap();
    assert_eq!(dialog.get_attribute("aria-modal").as_deref(), Some("true"));
    assert_eq!(focused("id").as_deref(), Some("first"));
    // Tab on the last control wraps to the first; Shift+Tab on the first wraps to the last.
    let last: web_sys::HtmlElement = root
        .query_selector("#last")
        .unwrap()
        .unwrap()
        .unchecked_into();
    last.focus().unwrap();
    press(&last, "Tab", false);
    assert_eq!(focused("id").as_deref(), Some("first"));
    let first = document().active_element().unwrap();
    press(&first, "Tab", true);
    assert_eq!(focused("id").as_deref(), Some("last"));
    // Focus that got outside comes back in on the next Tab.
    let elsewhere: web_sys::HtmlElement = root
        .query_selector("#elsewhere")
        .unwrap()
        .unwrap()
        .unchecked_into();
    elsewhere.focus().unwrap();
    press(&dialog, "Tab", false);
    assert_eq!(focused("id").as_deref(), Some("first"));
    press(&first, "Escape", false);
    settle().await;
    assert!(root.query_selector("[role='dialog']").unwrap().is_none());
    assert_eq!(
        root.first_element_child()
            .unwrap()
            .get_attribute("data-closed")
            .as_deref(),
        Some("1")
    );
    assert_eq!(focused("id").as_deref(), Some("opener"));
}

#[derive(Properties, PartialEq)]
struct EditorHarness {
    error_line: Option<u32>,
}

#[function_component]
fn EditorOnly(props: &EditorHarness) -> Html {
    let error = props.error_line.map(|line| (line, AttrValue::from("boom")));
    html! { <Editor source="import tensorflow as tf\nx = 'a'  # note\n" {error} on_edit={Callback::noop()} on_run={Callback::noop()} /> }
}

#[wasm_bindgen_test]
async fn editor_highlights_numbers_lines_and_marks_the_error() {
    let root = mount();
    yew::Renderer::<EditorOnly>::with_root_and_props(
        root.clone(),
        EditorHarness {
            error_line: Some(2),
        },
    )
    .render();
    settle().await;
    assert_eq!(root.query_selector_all(".line-number").unwrap().length(), 3);
    let marked = root.query_selector(".code-line.error").unwrap().unwrap();
    assert!(marked.text_content().unwrap().starts_with("x = 'a'"));
    assert!(root.query_selector(".tok-kw").unwrap().is_some());
    assert!(root.query_selector(".tok-str").unwrap().is_some());
    assert!(root.query_selector(".tok-comment").unwrap().is_some());
    let area = root
        .query_selector("[data-testid=editor]")
        .unwrap()
        .unwrap();
    assert_eq!(area.get_attribute("aria-invalid").as_deref(), Some("true"));
}

#[derive(Properties, PartialEq)]
struct FixHarness {
    source: AttrValue,
}

#[function_component]
fn FixesOnly(props: &FixHarness) -> Html {
    let error = ErrorReport {
        type_name: "InvalidArgumentError".into(),
        message: "Could not satisfy device specification '/job:localhost/replica:0/task:0/device:TPU:0'. enable_soft_placement=0. Supported device types [CPU]. All available devices [/job:localhost/replica:0/task:0/device:CPU:0].".into(),
        traceback: vec![],
    };
    html! { <QuickFixes fixes={fixes_for(&error, &props.source)} on_apply={Callback::noop()} /> }
}

#[wasm_bindgen_test]
async fn quick_fixes_offer_buttons_for_a_placement_error() {
    let root = mount();
    yew::Renderer::<FixesOnly>::with_root_and_props(
        root.clone(),
        FixHarness {
            source: "import tensorflow as tf\nwith tf.device('/TPU:0'):\n    x = 1\n".into(),
        },
    )
    .render();
    settle().await;
    let buttons = root.query_selector_all("button.fix").unwrap();
    assert!(buttons.length() >= 2);
    assert!(root
        .text_content()
        .unwrap()
        .contains("Enable soft placement"));
}

#[derive(Properties, PartialEq)]
struct TopologyHarness {
    machine: Option<Result<TopologyReport, String>>,
}

#[function_component]
fn TopologyOnly(props: &TopologyHarness) -> Html {
    html! { <Topology machine={props.machine.clone()} topology="cpu" on_check={Callback::noop()} on_use={Callback::noop()} /> }
}

#[wasm_bindgen_test]
async fn topology_draws_devices_and_reports_an_invalid_machine() {
    let root = mount();
    let report = sample_report().topology;
    yew::Renderer::<TopologyOnly>::with_root_and_props(
        root.clone(),
        TopologyHarness {
            machine: Some(Ok(report)),
        },
    )
    .render();
    settle().await;
    assert_eq!(root.query_selector_all(".machine-box").unwrap().length(), 2);
    let bad = mount();
    yew::Renderer::<TopologyOnly>::with_root_and_props(
        bad.clone(),
        TopologyHarness {
            machine: Some(Err("unknown chip \"tpu9\"".into())),
        },
    )
    .render();
    settle().await;
    assert!(bad.text_content().unwrap().contains("unknown chip"));
}

#[wasm_bindgen_test]
async fn the_page_has_the_stable_test_ids() {
    let root = mount();
    yew::Renderer::<web::app::App>::with_root(root.clone()).render();
    for id in [
        "editor",
        "run",
        "stop",
        "topology",
        "console",
        "placement",
        "graph",
        "timeline",
        "metrics",
        "share",
        "embed",
        "lessons",
    ] {
        until_present(&root, &format!("[data-testid={id}]")).await;
        assert!(
            root.query_selector(&format!("[data-testid={id}]"))
                .unwrap()
                .is_some(),
            "missing data-testid={id}"
        );
    }
    let options = root
        .query_selector_all("[data-testid=topology] option")
        .unwrap();
    assert_eq!(
        options.length() as usize,
        engine::hardware::presets::NAMES.len()
    );
    let lessons = root
        .query_selector_all("[data-testid=lessons] option")
        .unwrap();
    // The prompt, the examples, and per catalog lesson its lesson and its exercises.
    let catalog: usize = lessons::lessons()
        .iter()
        .map(|lesson| 1 + lesson.exercises.len())
        .sum();
    assert_eq!(
        lessons.length() as usize,
        web::lessons::LESSONS.len() + 1 + catalog
    );
    assert_eq!(
        root.query_selector_all("[data-testid=lessons] optgroup")
            .unwrap()
            .length() as usize,
        1 + lessons::lessons().len()
    );
}

#[derive(Properties, PartialEq)]
struct LessonHarness {
    progress: Progress,
}

#[function_component]
fn LessonOnly(props: &LessonHarness) -> Html {
    html! {
        <LessonView lesson="device-errors" progress={props.progress.clone()} on_load={Callback::noop()}
            on_exercise={Callback::noop()} on_close={Callback::noop()} />
    }
}

#[wasm_bindgen_test]
async fn lesson_view_renders_the_markdown_and_ticks_passed_exercises() {
    let root = mount();
    let mut progress = Progress::default();
    progress.record("soft-placement-on");
    yew::Renderer::<LessonOnly>::with_root_and_props(root.clone(), LessonHarness { progress })
        .render();
    settle().await;
    let headings: Vec<String> = (0..root.query_selector_all("h3, h4").unwrap().length())
        .filter_map(|i| root.query_selector_all("h3, h4").unwrap().item(i))
        .filter_map(|node| node.text_content())
        .collect();
    assert!(
        headings
            .iter()
            .any(|h| h == "How TensorFlow picks a device"),
        "{headings:?}"
    );
    assert!(root.query_selector(".markdown ul li").unwrap().is_some());
    assert!(root.query_selector(".markdown p code").unwrap().is_some());
    assert!(root.query_selector("pre code").unwrap().is_some());
    assert!(root
        .query_selector("[data-testid=load-code]")
        .unwrap()
        .is_some());
    let ticked = root
        .query_selector_all(".exercise-list [data-testid=tick]")
        .unwrap();
    assert_eq!(ticked.length(), 1, "only the passed exercise is ticked");
    let first = root.query_selector(".exercise-list li").unwrap().unwrap();
    assert!(first.text_content().unwrap().contains('✓'));
}

#[derive(Properties, PartialEq)]
struct ExerciseHarness {
    check: CheckStatus,
}

#[function_component]
fn ExerciseOnly(props: &ExerciseHarness) -> Html {
    let exercise = Rc::new(
        lessons::catalog::exercise("soft-placement-on")
            .unwrap()
            .clone(),
    );
    html! {
        <ExercisePanel {exercise} check={props.check.clone()} passed=false link={Some(AttrValue::from("x1.soft-placement-on"))}
            on_check={Callback::noop()} on_close={Callback::noop()} />
    }
}

#[wasm_bindgen_test]
async fn check_results_show_each_check_in_order_with_hidden_ones_concealed() {
    let root = mount();
    let exercise = lessons::catalog::exercise("soft-placement-on").unwrap();
    // The report of the fixed program: right output, but the add placed on a TPU.
    let results = lessons::evaluate(exercise, &sample_report(), lessons::Audience::Student);
    yew::Renderer::<ExerciseOnly>::with_root_and_props(
        root.clone(),
        ExerciseHarness {
            check: CheckStatus::Done(Rc::new(results)),
        },
    )
    .render();
    settle().await;
    let results = root
        .query_selector("[data-testid=check-results]")
        .unwrap()
        .unwrap();
    assert_eq!(
        results.get_attribute("data-status").as_deref(),
        Some("fail")
    );
    let items = results.query_selector_all("li.check").unwrap();
    assert_eq!(items.length(), 4);
    let status = |i: u32| {
        items
            .item(i)
            .unwrap()
            .dyn_into::<web_sys::Element>()
            .unwrap()
            .get_attribute("data-status")
            .unwrap()
    };
    assert_eq!(status(0), "pass");
    assert_eq!(status(1), "pass");
    assert_eq!(status(2), "fail", "the add ran on the TPU, not the CPU");
    let text = results.text_content().unwrap();
    assert!(text.contains("Hidden check 1"), "{text}");
    assert!(!text.contains("exactly"), "{text}");
    assert!(root
        .query_selector("[data-testid=check]")
        .unwrap()
        .is_some());
    assert!(root.text_content().unwrap().contains("Hints (2)"));
}

#[wasm_bindgen_test]
async fn the_browsers_deflate_and_inflate_make_and_read_links() {
    let state = web::share::SharedState {
        source: "import tensorflow as tf\nprint('é', tf.constant([1, 2]))\n".repeat(40),
        topology: "colab-tpu-v2-8".into(),
        pane: web::state::Pane::Timeline,
        autorun: true,
        theme: None,
        embed: None,
    };
    let text = web::share::to_json(&state);
    let packed = web::browser::deflate_raw(text.as_bytes()).await.unwrap();
    assert!(
        packed.len() < text.len() / 4,
        "deflated {} of {} bytes",
        packed.len(),
        text.len()
    );
    let fragment = web::share::fragment_from_deflated(&packed);
    let decoded = web::link_reader::share_link(&fragment, web::link_reader::in_browser)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(decoded.state, state);
    assert!(decoded.warnings.is_empty());
    // An exercise link the same way.
    let exercise = lessons::catalog::exercise("soft-placement-on").unwrap();
    let packed = web::browser::deflate_raw(exercise.to_json().as_bytes())
        .await
        .unwrap();
    let fragment = web::exercise_link::custom_fragment_from_deflated(&packed);
    assert_eq!(
        web::link_reader::exercise_link(&fragment, web::link_reader::in_browser)
            .await
            .unwrap()
            .as_ref(),
        Some(exercise)
    );
}

#[wasm_bindgen_test]
async fn the_browsers_inflate_stops_a_link_bomb_and_names_a_damaged_link() {
    let limit = web::share::MAX_STATE_BYTES;
    let bomb = web::browser::deflate_raw(&vec![b' '; limit * 8])
        .await
        .unwrap();
    assert_eq!(
        web::browser::inflate_raw(&bomb, limit).await,
        Err(web::share::InflateError::TooLarge)
    );
    let error = web::link_reader::share_link(
        &web::share::fragment_from_deflated(&bomb),
        web::link_reader::in_browser,
    )
    .await
    .unwrap_err();
    assert!(error.contains("larger than"), "{error}");
    // Cut short, and not deflate at all.
    let packed = web::browser::deflate_raw(&b"{\"program\":\"print(1)\"}".repeat(50))
        .await
        .unwrap();
    for damaged in [&packed[..packed.len() / 2], &b"not deflate"[..]] {
        assert_eq!(
            web::browser::inflate_raw(damaged, limit).await,
            Err(web::share::InflateError::Damaged)
        );
    }
    let error = web::link_reader::share_link(
        &web::share::fragment_from_deflated(&packed[..10]),
        web::link_reader::in_browser,
    )
    .await
    .unwrap_err();
    assert!(error.contains("does not inflate"), "{error}");
    assert_eq!(
        web::link_reader::share_link("", web::link_reader::in_browser).await,
        Ok(None)
    );
}

#[function_component]
fn ShareOnly() -> Html {
    let state = web::share::SharedState {
        source: "print(42)\n".into(),
        topology: "cpu".into(),
        pane: web::state::Pane::Console,
        autorun: true,
        theme: None,
        embed: None,
    };
    html! { <ShareDialog state_json={web::share::to_json(&state)} on_close={Callback::noop()} /> }
}

#[wasm_bindgen_test]
async fn the_share_dialog_shows_the_link_once_it_is_made() {
    let root = mount();
    yew::Renderer::<ShareOnly>::with_root(root.clone()).render();
    settle().await;
    let field = || {
        root.query_selector("[data-testid=share-link]")
            .unwrap()
            .expect("the dialog's link field")
            .unchecked_into::<web_sys::HtmlInputElement>()
            .value()
    };
    let mut waited = 0;
    while field().is_empty() && waited < 100 {
        sleep(std::time::Duration::from_millis(10)).await;
        waited += 1;
    }
    let link = field();
    let (_, fragment) = link.split_once('#').expect("a link with a fragment");
    let decoded = web::link_reader::share_link(fragment, web::link_reader::in_browser)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(decoded.state.source, "print(42)\n");
    assert!(root
        .text_content()
        .unwrap()
        .contains(&format!("{} characters.", link.len())));
}
