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

/// The message a TF2 `Session.run` raises for a graph error (cases c01, c04, l4_06):
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
/// As TensorFlow's `error_interpolation.interpolate_graph`, every `{{type name}}` tag in
/// the inner message that names a node of the graph adds one `Detected at node` block, in
/// order (a colocation error names its node twice, so it shows the block twice).
/// `frames_of` gives a node's user frames, outermost first, or `None` for a name that is
/// not a node. TF 2.21 prints no source lines under the frames.
pub fn session_error_message<'a>(
    inner_message: &str,
    frames_of: &dyn Fn(&str) -> Option<&'a [StackFrame]>,
) -> String {
    let mut text = String::from("Graph execution error:\n\n");
    for node_name in message_tags(inner_message) {
        let Some(frames) = frames_of(node_name) else {
            continue;
        };
        text.push_str(&format!(
            "Detected at node '{node_name}' defined at (most recent call last):\n"
        ));
        for frame in frames {
            text.push_str(&format!(
                "    File \"{}\", line {}, in {}\n",
                frame.filename, frame.line, frame.function
            ));
        }
        text.push_str(&format!("Node: '{node_name}'\n"));
    }
    text.push_str(inner_message.trim());
    text
}

/// The message of a kernel's error inside a `tf.function` (TF 2.21's
/// `error_interpolation` over the function's graph):
///
/// ```text
/// Graph execution error:
///
/// Detected at node GatherV2 defined at (most recent call last):
///   File "main.py", line 23, in <module>
///
///   File "main.py", line 5, in gather
///
/// indices = 5 is not in [0, 2)
///     [[{{node GatherV2}}]] [Op:__inference_gather_16]
/// ```
///
/// `frames` are the user's frames where the node was created (when the function was
/// traced), outermost first; TensorFlow leaves the source lines under them empty. The
/// last line starts with a tab and a space.
/// `inner_message` is the kernel's message with its `[[{{node ...}}]] [Op:...]` suffix.
pub fn function_error_message(
    node_name: &str,
    frames: &[StackFrame],
    inner_message: &str,
) -> String {
    let mut text = String::from("Graph execution error:\n\n");
    if !frames.is_empty() {
        text.push_str(&format!(
            "Detected at node {node_name} defined at (most recent call last):\n"
        ));
        for frame in frames {
            text.push_str(&format!(
                "  File \"{}\", line {}, in {}\n\n",
                frame.filename, frame.line, frame.function
            ));
        }
    }
    text.push_str(inner_message);
    text
}

/// The names in a message's `{{type name}}` tags, in order (`error_interpolation`'s
/// `_TAG_REGEX`: both parts are `[A-Za-z0-9_.][A-Za-z0-9_.\-/]*`).
pub fn message_tags(message: &str) -> Vec<&str> {
    fn name_len(text: &str) -> usize {
        let mut chars = text.char_indices();
        match chars.next() {
            Some((_, c)) if c.is_ascii_alphanumeric() || c == '_' || c == '.' => {}
            _ => return 0,
        }
        chars
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '/')))
            .map_or(text.len(), |(index, _)| index)
    }
    let mut names = Vec::new();
    let mut rest = message;
    while let Some(start) = rest.find("{{") {
        let tag = &rest[start + 2..];
        let kind = name_len(tag);
        let after_kind = &tag[kind..];
        if kind > 0 && after_kind.starts_with(' ') {
            let name = &after_kind[1..];
            let length = name_len(name);
            if length > 0 && name[length..].starts_with("}}") {
                names.push(&name[..length]);
                rest = &name[length + 2..];
                continue;
            }
        }
        rest = &rest[start + 2..];
    }
    names
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

    #[test]
    fn tags_are_found_as_error_interpolation_finds_them() {
        assert_eq!(
            message_tags("x {{colocation_node a/b}} y [[{{node a/b}}]] {{bad}} {{node  c}}"),
            vec!["a/b", "a/b"]
        );
        let frames = [StackFrame {
            filename: "main.py".into(),
            line: 3,
            function: "<module>".into(),
        }];
        let lookup = |name: &str| (name == "a").then_some(&frames[..]);
        assert_eq!(
            session_error_message("bad {{node a}}\n\t [[{{node zz}}]]", &lookup),
            "Graph execution error:\n\nDetected at node 'a' defined at (most recent call last):\n    File \"main.py\", line 3, in <module>\nNode: 'a'\nbad {{node a}}\n\t [[{{node zz}}]]"
        );
    }
}
