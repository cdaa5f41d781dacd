//! Component tests in headless Chromium (wasm-bindgen-test): each mounts a component into a
//! fresh element and checks what the DOM shows. Run by scripts/test.sh.
#![cfg(target_arch = "wasm32")]

use engine::RunReport;
use wasm_bindgen_test::*;
use web::components::Console;
use web::state::RunStatus;
use yew::platform::time::sleep;
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

fn mount() -> web_sys::Element {
    let document = gloo_document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    root
}

fn gloo_document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

async fn settle() {
    sleep(std::time::Duration::from_millis(20)).await;
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
async fn console_shows_stdout_and_the_traceback() {
    let root = mount();
    let report = RunReport {
        stdout: "hello\n".into(),
        stderr: "Traceback (most recent call last):\nKeyError: 'k'\n".into(),
        exit_code: 1,
        ..RunReport::default()
    };
    yew::Renderer::<ConsoleOnly>::with_root_and_props(
        root.clone(),
        ConsoleHarness {
            status: RunStatus::Finished(Box::new(report)),
        },
    )
    .render();
    settle().await;
    let console = root
        .query_selector("[data-testid=console]")
        .unwrap()
        .unwrap();
    let text = console.text_content().unwrap();
    assert!(text.contains("hello"), "{text}");
    assert!(text.contains("KeyError: 'k'"), "{text}");
    let stderr = console.query_selector(".stderr").unwrap().unwrap();
    assert!(stderr.text_content().unwrap().starts_with("Traceback"));
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

#[wasm_bindgen_test]
async fn the_page_has_the_stable_test_ids() {
    let root = mount();
    yew::Renderer::<web::app::App>::with_root(root.clone()).render();
    settle().await;
    for id in ["editor", "run", "stop", "topology", "console"] {
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
}
