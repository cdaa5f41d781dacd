//! The Files pane: the files a program is given and opens by name (a CSV to load, a module
//! to import). The user makes a new file, uploads files from their computer (read as text),
//! edits and removes them; every run writes them into the program's working directory.

use crate::state::UserFile;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

/// The most text one uploaded file may hold (the engine takes 64 MiB for all files).
const UPLOAD_MAX_BYTES: f64 = 16.0 * 1024.0 * 1024.0;

/// The data [`Files`] renders and the callbacks it reports to.
#[derive(Properties, PartialEq)]
pub struct FilesProps {
    pub files: Vec<UserFile>,
    /// An embed or a locked exercise: the files are shown, not changed.
    pub readonly: bool,
    /// A new or changed file (replacing one of the same name).
    pub on_put: Callback<UserFile>,
    pub on_remove: Callback<String>,
    /// Something the user should know (an upload that was refused).
    pub on_notice: Callback<String>,
}

/// Reads each chosen file as text and reports it as a program file of the same name.
fn upload(input: HtmlInputElement, on_put: Callback<UserFile>, on_notice: Callback<String>) {
    let Some(list) = input.files() else {
        return;
    };
    for index in 0..list.length() {
        let Some(file) = list.get(index) else {
            continue;
        };
        let name = file.name();
        if file.size() > UPLOAD_MAX_BYTES {
            on_notice.emit(format!("{name} is larger than 16 MB and was not added."));
            continue;
        }
        let (on_put, on_notice) = (on_put.clone(), on_notice.clone());
        wasm_bindgen_futures::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(file.text()).await {
                Ok(text) => on_put.emit(UserFile {
                    name,
                    text: text.as_string().unwrap_or_default(),
                }),
                Err(_) => on_notice.emit(format!("{name} could not be read.")),
            }
        });
    }
    input.set_value("");
}

/// The pane.
#[function_component]
pub fn Files(props: &FilesProps) -> Html {
    let new_name = use_state(String::new);
    let on_name = {
        let new_name = new_name.clone();
        Callback::from(move |event: InputEvent| {
            if let Some(input) = event.target_dyn_into::<HtmlInputElement>() {
                new_name.set(input.value());
            }
        })
    };
    let add = {
        let (new_name, on_put, files) =
            (new_name.clone(), props.on_put.clone(), props.files.clone());
        Callback::from(move |event: SubmitEvent| {
            event.prevent_default();
            let name = new_name.trim().to_string();
            if name.is_empty() || files.iter().any(|f| f.name == name) {
                return;
            }
            on_put.emit(UserFile {
                name,
                text: String::new(),
            });
            new_name.set(String::new());
        })
    };
    let on_upload = {
        let (on_put, on_notice) = (props.on_put.clone(), props.on_notice.clone());
        Callback::from(move |event: Event| {
            if let Some(input) = event
                .target()
                .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
            {
                upload(input, on_put.clone(), on_notice.clone());
            }
        })
    };
    let file_view = |file: &UserFile| {
        let on_edit = {
            let (on_put, name) = (props.on_put.clone(), file.name.clone());
            Callback::from(move |event: InputEvent| {
                if let Some(area) = event.target_dyn_into::<HtmlTextAreaElement>() {
                    on_put.emit(UserFile {
                        name: name.clone(),
                        text: area.value(),
                    });
                }
            })
        };
        let on_remove = {
            let (on_remove, name) = (props.on_remove.clone(), file.name.clone());
            Callback::from(move |_: MouseEvent| on_remove.emit(name.clone()))
        };
        let bytes = file.text.len();
        html! {
            <section class="file" data-testid="file" data-name={file.name.clone()}>
                <header>
                    <code class="file-name">{ &file.name }</code>
                    <span class="file-size">{ format!("{bytes} byte{}", if bytes == 1 { "" } else { "s" }) }</span>
                    if !props.readonly {
                        <button data-testid="remove-file"
                            aria-label={format!("Remove {}", file.name)} onclick={on_remove}>{ "Remove" }</button>
                    }
                </header>
                <textarea data-testid="file-text" spellcheck="false" readonly={props.readonly}
                    aria-label={format!("Contents of {}", file.name)}
                    value={file.text.clone()} oninput={on_edit} />
            </section>
        }
    };
    html! {
        <div class="files" data-testid="files-pane">
            <p class="hint">
                { "Files the program opens by name, from its working directory " }<code>{ "/content" }</code>
                { " (open('data.csv'), or import of your own module). Files the program writes last only for its run." }
            </p>
            if !props.readonly {
                <form class="files-add" onsubmit={add}>
                    <input type="text" placeholder="data.csv" aria-label="New file name"
                        data-testid="new-file-name" value={(*new_name).clone()} oninput={on_name} />
                    <button type="submit" data-testid="add-file">{ "New file" }</button>
                    <label class="upload">
                        { "Upload…" }
                        <input type="file" multiple=true data-testid="upload-file" onchange={on_upload} />
                    </label>
                </form>
            }
            if props.files.is_empty() {
                <p class="hint" data-testid="no-files">{ "No files yet." }</p>
            }
            { for props.files.iter().map(file_view) }
        </div>
    }
}
