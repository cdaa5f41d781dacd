//! Placement errors: TensorFlow's status codes, message wrappers and the Session wrapper.
//!
//! Every message text is built here or in the function that raises it, from §3 of
//! tf-semantics.md or the conformance corpus; the tags `{{node X}}` and the `\n\t [[X]]`
//! suffix follow `errors.h` and `AttachDef` (§3, "Tags and wrappers").

use std::fmt;

/// A TensorFlow status code; each maps to one Python exception class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    /// `InvalidArgumentError`: almost every placement error.
    InvalidArgument,
    /// `FailedPreconditionError`: `No devices are registered`.
    FailedPrecondition,
    /// `NotFoundError`: eager ops with no kernel anywhere.
    NotFound,
    /// `InternalError`: assigned-device inconsistencies.
    Internal,
}

impl ErrorCode {
    /// The Python class name (`type(e).__name__`).
    pub fn python_exception_name(self) -> &'static str {
        match self {
            ErrorCode::InvalidArgument => "InvalidArgumentError",
            ErrorCode::FailedPrecondition => "FailedPreconditionError",
            ErrorCode::NotFound => "NotFoundError",
            ErrorCode::Internal => "InternalError",
        }
    }
}

/// A failed placement: code, TensorFlow's message, and the node it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementError {
    /// The status code.
    pub code: ErrorCode,
    /// The message exactly as `str(e)` of the C++ status would print it.
    pub message: String,
    /// The node the Session names in `Detected at node '<X>'`, if any.
    pub node: Option<String>,
}

impl PlacementError {
    /// An `InvalidArgument` error with `message`.
    pub fn invalid_argument(message: String) -> PlacementError {
        PlacementError {
            code: ErrorCode::InvalidArgument,
            message,
            node: None,
        }
    }

    /// An error with `code` and `message`.
    pub fn new(code: ErrorCode, message: String) -> PlacementError {
        PlacementError {
            code,
            message,
            node: None,
        }
    }

    /// `AttachDef`: appends `\n\t [[X]]`, X being the bare name when the message already
    /// holds a `{{node ` tag and `{{node <name>}}` otherwise; records the node.
    pub fn attach_node(mut self, node_name: &str) -> PlacementError {
        let tag = if self.message.contains("{{node ") {
            node_name.to_string()
        } else {
            format_node_name(node_name)
        };
        self.message.push_str(&format!("\n\t [[{tag}]]"));
        self.node = Some(node_name.to_string());
        self
    }
}

impl fmt::Display for PlacementError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.message)
    }
}

impl std::error::Error for PlacementError {}

/// `FormatNodeNameForError`: `{{node <name>}}`.
pub fn format_node_name(name: &str) -> String {
    format!("{{{{node {name}}}}}")
}

/// `FormatColocationNodeForError`: `{{colocation_node <name>}}`.
pub fn format_colocation_node(name: &str) -> String {
    format!("{{{{colocation_node {name}}}}}")
}

/// `FormatFunctionForError`: `{{function_node <name>}}`.
pub fn format_function_node(name: &str) -> String {
    format!("{{{{function_node {name}}}}}")
}

/// One frame of the user's program, for `Detected at node ... defined at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackFrame {
    /// The file as the user sees it (`main.py`).
    pub filename: String,
    /// The 1-based line.
    pub line: u32,
    /// The function (`<module>` at top level).
    pub function: String,
}

/// The message a TF2 `Session.run` raises for a graph error (cases c01, c04):
///
/// ```text
/// Graph execution error:
///
/// Detected at node 'add' defined at (most recent call last):
///     File "main.py", line 6, in <module>
/// Node: 'add'
/// <inner message>
/// ```
///
/// `frames` are the user's frames where the op was created, outermost first. The corpus
/// shows no source lines under the frames (TF 2.21 prints none there).
pub fn session_error_message(
    node_name: &str,
    frames: &[StackFrame],
    inner_message: &str,
) -> String {
    let mut text = format!("Graph execution error:\n\nDetected at node '{node_name}' defined at (most recent call last):\n");
    for frame in frames {
        text.push_str(&format!(
            "    File \"{}\", line {}, in {}\n",
            frame.filename, frame.line, frame.function
        ));
    }
    text.push_str(&format!("Node: '{node_name}'\n{inner_message}"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attach_uses_bare_name_after_a_node_tag() {
        let tagged =
            PlacementError::invalid_argument("{{node add}} was bad".into()).attach_node("add");
        assert_eq!(tagged.message, "{{node add}} was bad\n\t [[add]]");
        let plain = PlacementError::invalid_argument("bad".into()).attach_node("add");
        assert_eq!(plain.message, "bad\n\t [[{{node add}}]]");
        assert_eq!(format_colocation_node("v"), "{{colocation_node v}}");
        assert_eq!(format_function_node("f"), "{{function_node f}}");
    }
}
