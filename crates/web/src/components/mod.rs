//! The page's components, one per file. Each takes props and callbacks and owns no app state.

pub mod console;
pub mod editor;
pub mod toolbar;

pub use console::Console;
pub use editor::Editor;
pub use toolbar::Toolbar;
