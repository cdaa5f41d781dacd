//! The playground's one wasm module, started twice: on the page it renders the UI; in the
//! engine's Web Worker (`www/engine_worker.js` starts the same compiled module there) it
//! serves runs. One module instead of a page binary and a worker binary means the code both
//! need (the allocator, formatting, JSON, the report's types) is downloaded once.

/// Counts the run's live memory in the worker, so a program that allocates without end stops
/// with a `MemoryError` at the playground's cap instead of killing the tab.
#[global_allocator]
static ALLOCATOR: engine::MeteredAllocator = engine::MeteredAllocator;

fn main() {
    if web::engine_worker::in_worker() {
        web::engine_worker::serve();
    } else {
        yew::Renderer::<web::app::App>::new().render();
    }
}
