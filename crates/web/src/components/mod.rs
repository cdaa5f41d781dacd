//! The page's components, one per file. Each takes props and callbacks and owns no app
//! state (only transient view details such as the timeline's zoom).

pub mod console;
pub mod deflated_link;
pub mod dialogs;
pub mod editor;
pub mod exercise_panel;
pub mod files;
pub mod graph;
pub mod lesson_builder;
pub mod lesson_view;
pub mod markdown;
pub mod metrics;
pub mod modal;
pub mod placement;
pub mod quick_fixes;
pub mod tabs;
pub mod text_equivalent;
pub mod timeline;
pub mod toolbar;
pub mod topology;

pub use console::Console;
pub use deflated_link::use_deflated_link;
pub use dialogs::{EmbedDialog, ShareDialog};
pub use editor::Editor;
pub use exercise_panel::ExercisePanel;
pub use files::Files;
pub use graph::Graph;
pub use lesson_builder::LessonBuilder;
pub use lesson_view::LessonView;
pub use markdown::Markdown;
pub use metrics::Metrics;
pub use modal::Modal;
pub use placement::Placement;
pub use quick_fixes::QuickFixes;
pub use tabs::Tabs;
pub use timeline::Timeline;
pub use toolbar::Toolbar;
pub use topology::Topology;
