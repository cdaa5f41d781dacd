//! The UI thread's entry point: renders the playground into the page body.

fn main() {
    yew::Renderer::<web::app::App>::new().render();
}
