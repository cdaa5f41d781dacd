//! The runnable programs in a lesson's text: Python code fences, each a whole program, with
//! the machine it runs on and the error it is there to show, if any.
//!
//! A fence's info string is `python`, then optional `machine=NAME` (a built-in topology) and
//! `expect=ErrorName`: ```` ```python machine=colab-tpu-v2-8 expect=NotImplementedError ````.
//! The page's "Load in editor" button loads the program and switches to its machine;
//! `tests/lesson_programs.rs` runs every one and checks it ends as the fence says.

/// What a code fence's info string says about the program under it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Fence {
    /// The topology the program is written for; `None` keeps the page's machine.
    pub machine: Option<String>,
    /// The exception class the program is meant to end with; `None` means it runs cleanly.
    pub expect: Option<String>,
}

impl Fence {
    /// Reads an info string; `None` unless it is a Python fence.
    pub fn parse(info: &str) -> Option<Fence> {
        let mut words = info.split_whitespace();
        if !matches!(words.next(), Some("python" | "py")) {
            return None;
        }
        let mut fence = Fence::default();
        for word in words {
            match word.split_once('=') {
                Some(("machine", name)) => fence.machine = Some(name.to_string()),
                Some(("expect", name)) => fence.expect = Some(name.to_string()),
                _ => {}
            }
        }
        Some(fence)
    }
}

/// One program of a lesson: its code and its fence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LessonProgram {
    pub code: String,
    pub fence: Fence,
}

/// The Python programs in a lesson's Markdown, in order.
pub fn programs(markdown: &str) -> Vec<LessonProgram> {
    let mut out = Vec::new();
    let mut current: Option<(Fence, String)> = None;
    let mut in_other_fence = false;
    for line in markdown.lines() {
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            if let Some((fence, code)) = current.take() {
                out.push(LessonProgram { code, fence });
            } else if in_other_fence {
                in_other_fence = false;
            } else {
                match Fence::parse(info) {
                    Some(fence) => current = Some((fence, String::new())),
                    None => in_other_fence = true,
                }
            }
            continue;
        }
        if let Some((_, code)) = current.as_mut() {
            code.push_str(line);
            code.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_python_fences_with_their_machine_and_expected_error() {
        let text = "Intro\n```python machine=colab-t4 expect=InvalidArgumentError\nimport tensorflow as tf\n```\n```\nnot python\n```\n```python\nprint(1)\n```\n";
        let found = programs(text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].code, "import tensorflow as tf\n");
        assert_eq!(found[0].fence.machine.as_deref(), Some("colab-t4"));
        assert_eq!(
            found[0].fence.expect.as_deref(),
            Some("InvalidArgumentError")
        );
        assert_eq!(found[1].fence, Fence::default());
    }

    #[test]
    fn other_languages_are_not_programs() {
        assert_eq!(Fence::parse("text"), None);
        assert_eq!(Fence::parse(""), None);
        assert!(Fence::parse("py machine=cpu").is_some());
    }
}
