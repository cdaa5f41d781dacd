//! The playground's one wasm module, started twice: on the page it renders the UI; in the
//! engine's Web Worker (`www/engine_worker.js` starts the same compiled module there) it
//! serves runs. One module instead of a page binary and a worker binary means the code both
//! need (the allocator, formatting, JSON, the report's types) is downloaded once.

fn main() {
    if web::engine_worker::in_worker() {
        web::engine_worker::serve();
    } else {
        yew::Renderer::<web::app::App>::new().render();
    }
}
