//! The page's handle on the engine worker: send a run, get its output as it is printed and
//! then its report, stop a run by
//! ending the worker and starting a fresh one (a wasm program cannot be interrupted from
//! outside, so terminating the worker is the only sure stop). A worker that dies (its module
//! cannot load, or the engine traps) is replaced the same way, and every run it owed an
//! answer gets one saying so, so the page never waits forever.

use crate::protocol::{
    read_message, OutputMessage, ResultMessage, RunMessage, WorkerMessage, WORKER_READY,
};
use gloo_events::EventListener;
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

/// The worker's bootstrap script, which Trunk copies next to the page (see `index.html`, which
/// starts the first worker before this module has loaded).
const WORKER_URL: &str = "./engine_worker.js";

#[wasm_bindgen]
extern "C" {
    /// The URL of this module's wasm-bindgen glue (`import.meta.url` inside it), which the
    /// worker imports to start the same module.
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: JsValue;
}

/// A running engine worker plus the callback that receives its answers.
pub struct EngineClient {
    worker: RefCell<Option<Worker>>,
    on_result: Rc<dyn Fn(ResultMessage)>,
    on_output: Rc<dyn Fn(OutputMessage)>,
    /// The worker's `message` and `error` listeners, removed when the worker is replaced.
    listeners: RefCell<Vec<EventListener>>,
    /// Whether the current worker has said it is ready (see [`WORKER_READY`]).
    ready: Rc<Cell<bool>>,
    /// The run requested before the worker was ready (its id and JSON); only the latest one
    /// matters.
    pending: Rc<RefCell<Vec<(u32, String)>>>,
    /// The ids sent to the current worker and not answered yet.
    in_flight: Rc<RefCell<Vec<u32>>>,
    /// This client, for the error handler that replaces a dead worker.
    this: Weak<EngineClient>,
}

impl EngineClient {
    /// Starts a worker; `on_result` gets every answer, including failures to decode one, and
    /// `on_output` what a run prints while it runs.
    pub fn new(
        on_result: impl Fn(ResultMessage) + 'static,
        on_output: impl Fn(OutputMessage) + 'static,
    ) -> Result<Rc<Self>, String> {
        let client = Rc::new_cyclic(|this| EngineClient {
            worker: RefCell::new(None),
            on_result: Rc::new(on_result),
            on_output: Rc::new(on_output),
            listeners: RefCell::new(Vec::new()),
            ready: Rc::new(Cell::new(false)),
            pending: Rc::new(RefCell::new(Vec::new())),
            in_flight: Rc::new(RefCell::new(Vec::new())),
            this: this.clone(),
        });
        client.spawn()?;
        Ok(client)
    }

    fn spawn(&self) -> Result<(), String> {
        let worker = match crate::browser::take_early_worker() {
            Some(worker) => worker,
            None => {
                let options = WorkerOptions::new();
                options.set_type(WorkerType::Module);
                Worker::new_with_options(WORKER_URL, &options)
                    .map_err(|e| format!("cannot start the engine worker: {e:?}"))?
            }
        };
        // The worker runs this very module: it gets the glue's URL and the compiled module,
        // so nothing is downloaded or compiled twice.
        let boot = js_sys::Array::of2(&GLUE_URL.with(JsValue::clone), &wasm_bindgen::module());
        worker
            .post_message(&boot)
            .map_err(|e| format!("cannot start the engine worker: {e:?}"))?;
        self.ready.set(false);
        let on_result = Rc::clone(&self.on_result);
        let on_output = Rc::clone(&self.on_output);
        let ready = Rc::clone(&self.ready);
        let pending = Rc::clone(&self.pending);
        let in_flight = Rc::clone(&self.in_flight);
        let ready_worker = worker.clone();
        let on_message = EventListener::new(&worker, "message", move |event| {
            let Some(event) = event.dyn_ref::<MessageEvent>() else {
                return;
            };
            let data = event.data();
            if data.as_string().as_deref() == Some(WORKER_READY) {
                ready.set(true);
                let held = std::mem::take(&mut *pending.borrow_mut());
                for (id, request) in held {
                    if let Err(error) = ready_worker.post_message(&JsValue::from_str(&request)) {
                        on_result(ResultMessage {
                            id,
                            outcome: Err(format!("cannot reach the engine worker: {error:?}")),
                        });
                    } else {
                        in_flight.borrow_mut().push(id);
                    }
                }
                return;
            }
            let bytes = data
                .dyn_into::<js_sys::Uint8Array>()
                .map(|array| array.to_vec())
                .unwrap_or_default();
            match read_message(&bytes) {
                WorkerMessage::Output(output) => on_output(output),
                WorkerMessage::Result(message) => {
                    in_flight.borrow_mut().retain(|&id| id != message.id);
                    on_result(*message);
                }
            }
        });
        let this = self.this.clone();
        let options = gloo_events::EventListenerOptions::enable_prevent_default();
        let on_error = EventListener::new_with_options(&worker, "error", options, move |event| {
            // Handled here: the page reports it, so the browser need not.
            event.prevent_default();
            let this = this.clone();
            // A script that does not load fires a plain `Event`; an exception, an `ErrorEvent`.
            let message = match event.dyn_ref::<ErrorEvent>() {
                Some(error) => error.message(),
                None => "its script did not load".to_string(),
            };
            // Not from inside the dying worker's own handler, which the replacement drops.
            yew::platform::spawn_local(async move {
                if let Some(client) = this.upgrade() {
                    client.replace_dead_worker(&message);
                }
            });
        });
        *self.worker.borrow_mut() = Some(worker);
        *self.listeners.borrow_mut() = vec![on_message, on_error];
        Ok(())
    }

    /// A worker died (its module did not load, or the engine trapped): answers every run it
    /// owed an answer with what happened. The next run starts a fresh worker (not this
    /// handler, so a module that cannot load is not retried in a loop).
    fn replace_dead_worker(&self, message: &str) {
        let mut lost = std::mem::take(&mut *self.in_flight.borrow_mut());
        lost.extend(self.pending.borrow_mut().drain(..).map(|(id, _)| id));
        if let Some(worker) = self.worker.borrow_mut().take() {
            worker.terminate();
        }
        self.ready.set(false);
        for id in lost {
            (self.on_result)(ResultMessage {
                id,
                outcome: Err(format!(
                    "The engine stopped unexpectedly ({message}). A fresh one takes the next run."
                )),
            });
        }
    }

    /// Sends a program to run, or holds it until the worker is ready. Of the held runs only
    /// the latest matters, but every held description request is kept.
    pub fn run(&self, message: &RunMessage) -> Result<(), String> {
        let raw = serde_json::to_string(message).map_err(|e| e.to_string())?;
        if self.worker.borrow().is_none() {
            self.spawn()?;
        }
        if !self.ready.get() {
            let mut pending = self.pending.borrow_mut();
            let is_run = |id: u32| id & crate::state::DESCRIBE_ID_BIT == 0;
            if is_run(message.id) {
                pending.retain(|(id, _)| !is_run(*id));
            }
            pending.push((message.id, raw));
            return Ok(());
        }
        let worker = self.worker.borrow();
        let worker = worker.as_ref().ok_or("the engine worker is not running")?;
        worker
            .post_message(&JsValue::from_str(&raw))
            .map_err(|e| format!("cannot reach the engine worker: {e:?}"))?;
        self.in_flight.borrow_mut().push(message.id);
        Ok(())
    }

    /// Ends whatever is running and starts a fresh worker for the next run.
    pub fn stop(&self) -> Result<(), String> {
        self.pending.borrow_mut().clear();
        self.in_flight.borrow_mut().clear();
        if let Some(worker) = self.worker.borrow_mut().take() {
            worker.terminate();
        }
        self.spawn()
    }
}

impl Drop for EngineClient {
    fn drop(&mut self) {
        if let Some(worker) = self.worker.get_mut().take() {
            worker.terminate();
        }
    }
}
