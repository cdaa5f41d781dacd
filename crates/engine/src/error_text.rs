//! What an error's text says beyond its first line, for the front ends that point at it:
//! which op failed and where the program defined it, and the line that says what went wrong.
//! TensorFlow's messages carry these in fixed forms (a graph execution error's "Detected at
//! node 'X' defined at" block and `Node: 'X'`, the placer's "Cannot assign a device for
//! operation X", `{{node X}}`, an eager op's `[Op:Type]`), and the engine raises them in those
//! forms, so any report, recorded or live, is read the same way.

use report::ErrorReport;

/// The op an error names, as far as its message says.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FailedOp {
    /// The op's graph name (`random_normal/RandomStandardNormal`), when the message gives it.
    pub name: Option<String>,
    /// The op's type (`MatMul`), when the message gives it (an eager op's `[Op:MatMul]`).
    pub op_type: Option<String>,
    /// The line of the user's program that defined the op ("defined at" its frames).
    pub line: Option<u32>,
}

/// The op `error` names, if it names one.
pub fn failed_op(error: &ErrorReport) -> Option<FailedOp> {
    let message = &error.message;
    let name = between(message, "Detected at node '", "'")
        .or_else(|| between(message, "Node: '", "'"))
        .or_else(|| between(message, "Cannot assign a device for operation ", ":"))
        .or_else(|| between(message, "{{node ", "}}"))
        .filter(|name| !name.is_empty() && !name.contains(char::is_whitespace));
    let op_type = message
        .rfind("[Op:")
        .and_then(|at| between(&message[at..], "[Op:", "]"))
        .map(|kind| {
            kind.split(|c: char| !c.is_alphanumeric() && c != '_')
                .next()
                .unwrap_or("")
        })
        .filter(|kind| !kind.is_empty());
    let line = defined_at_line(message);
    if name.is_none() && op_type.is_none() {
        return None;
    }
    Some(FailedOp {
        name: name.map(str::to_string),
        op_type: op_type.map(str::to_string),
        line,
    })
}

/// The line of the program an error points at: where the op it names was defined, when the
/// message says, else where the exception was raised (the innermost frame). The editor marks
/// it and the Graph labels the failed op with it.
pub fn error_line(error: &ErrorReport) -> Option<u32> {
    failed_op(error)
        .and_then(|op| op.line)
        .or_else(|| Some(error.traceback.last()?.line))
}

/// The line of the message that says what went wrong: a graph execution error's first lines
/// are a heading and the node's definition site, so this skips them.
pub fn headline(error: &ErrorReport) -> &str {
    error
        .message
        .lines()
        .map(str::trim_end)
        .find(|line| {
            !line.is_empty()
                && *line != "Graph execution error:"
                && !line.starts_with("Detected at node")
                && !line.starts_with("Node: '")
                && !line.starts_with(char::is_whitespace)
        })
        .or_else(|| error.message.lines().next())
        .unwrap_or("")
}

/// The text between the first `start` and the next `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let length = text[from..].find(end)?;
    Some(&text[from..from + length])
}

/// The innermost frame of the program's own file in the "defined at" block.
fn defined_at_line(message: &str) -> Option<u32> {
    let block = &message[message.find("defined at (most recent call last):")?..];
    let block = block.split("\nNode: ").next().unwrap_or(block);
    let prefix = format!("File \"{}\", line ", crate::run::PROGRAM_FILENAME);
    block
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix(prefix.as_str()))
        .filter_map(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .next_back()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(message: &str) -> ErrorReport {
        ErrorReport {
            type_name: "InvalidArgumentError".into(),
            message: message.into(),
            traceback: Vec::new(),
        }
    }

    #[test]
    fn a_graph_execution_error_names_its_node_and_where_it_was_defined() {
        let graph = error(
            "Graph execution error:\n\nDetected at node 'random_normal/RandomStandardNormal' defined at (most recent call last):\n    File \"main.py\", line 16, in <module>\n    File \"main.py\", line 10, in model\nNode: 'random_normal/RandomStandardNormal'\nCannot assign a device for operation random_normal/RandomStandardNormal: {{node random_normal/RandomStandardNormal}} was explicitly assigned to /device:GPU:0 but available devices are [ /job:localhost/replica:0/task:0/device:CPU:0 ].\n\t [[random_normal/RandomStandardNormal]]",
        );
        assert_eq!(
            failed_op(&graph),
            Some(FailedOp {
                name: Some("random_normal/RandomStandardNormal".into()),
                op_type: None,
                line: Some(10),
            })
        );
        assert!(headline(&graph).starts_with("Cannot assign a device for operation random_normal"));
        assert_eq!(error_line(&graph), Some(10));
    }

    #[test]
    fn eager_errors_name_the_op_type() {
        let eager = error("{{function_node __wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3] [Op:MatMul] name: ");
        let op = failed_op(&eager).unwrap();
        assert_eq!(op.op_type.as_deref(), Some("MatMul"));
        assert_eq!(op.line, None);
        assert!(headline(&eager).starts_with("{{function_node"));
        let placement = error("Could not satisfy device specification '/job:localhost/replica:0/task:0/device:TPU:0'. enable_soft_placement=0.");
        assert_eq!(failed_op(&placement), None);
        assert_eq!(headline(&placement), placement.message);
        assert_eq!(failed_op(&error("name 'x' is not defined")), None);
        let mut raised = error("name 'x' is not defined");
        assert_eq!(error_line(&raised), None);
        raised.traceback.push(report::TracebackFrame {
            line: 4,
            col: 0,
            function: "<module>".into(),
            source: String::new(),
        });
        assert_eq!(error_line(&raised), Some(4));
        assert_eq!(headline(&error("")), "");
    }
}
