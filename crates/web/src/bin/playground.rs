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
        // The loading shell is read first: rendering replaces the body it is in.
        let shell = web::browser::take_loading_shell().map(std::rc::Rc::new);
        yew::Renderer::<web::app::App>::with_props(web::app::AppProps { shell }).render();
    }
}
