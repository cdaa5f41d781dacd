//! The engine worker: receives a program from the page, runs it, posts the RunReport back.
//! Trunk loads it through `worker_loader.js`; the page can terminate it at any time (Stop).

use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn main() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(raw) = event.data().as_string() else {
            return;
        };
        let answer = web::protocol::answer_json(&raw);
        let _ = reply_scope.post_message(&JsValue::from_str(&answer));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker does.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(web::protocol::WORKER_READY));
}
