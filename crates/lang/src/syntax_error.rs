//! Syntax errors: what the lexer and parser report, and how CPython 3.11 prints them.
//!
//! A [`SyntaxError`] carries the Python exception class, the message and a byte [`Span`] that
//! says where CPython puts the caret(s). [`SyntaxError::render`] reproduces the text
//! `python3 main.py` writes to stderr, byte for byte for the common cases. CPython 3.11 counts
//! columns in bytes of UTF-8 when it prints a syntax error from a file, and so do we.

use crate::span::{LineIndex, Span};

/// The Python exception class of a syntax error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SyntaxErrorKind {
    /// `SyntaxError`: everything that is not about indentation.
    SyntaxError,
    /// `IndentationError`: unexpected indent, inconsistent dedent, missing block.
    IndentationError,
    /// `TabError`: indentation whose meaning depends on the tab size.
    TabError,
}

/// A syntax error in a program: the first one found, reported the way CPython 3.11 would.
///
/// The span is where CPython puts the caret(s): its start is CPython's `offset`, its end the
/// `end_offset` (an empty span prints one caret). One convention stands for CPython's
/// "no column" (offset 0, used for errors at the end of input): an empty span at the very
/// start of a line prints the line but no caret line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub kind: SyntaxErrorKind,
    /// The message CPython prints after the class name, e.g. "expected ':'".
    pub message: String,
    pub span: Span,
}

impl SyntaxError {
    /// A `SyntaxError` with `message` at `span`.
    pub fn new(message: impl Into<String>, span: Span) -> SyntaxError {
        SyntaxError {
            kind: SyntaxErrorKind::SyntaxError,
            message: message.into(),
            span,
        }
    }

    /// An `IndentationError` with `message` at `span`.
    pub fn indentation(message: impl Into<String>, span: Span) -> SyntaxError {
        SyntaxError {
            kind: SyntaxErrorKind::IndentationError,
            message: message.into(),
            span,
        }
    }

    /// A `TabError` with `message` at `span`.
    pub fn tab(message: impl Into<String>, span: Span) -> SyntaxError {
        SyntaxError {
            kind: SyntaxErrorKind::TabError,
            message: message.into(),
            span,
        }
    }

    /// The exception class name CPython prints: "SyntaxError" | "IndentationError" | "TabError".
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            SyntaxErrorKind::SyntaxError => "SyntaxError",
            SyntaxErrorKind::IndentationError => "IndentationError",
            SyntaxErrorKind::TabError => "TabError",
        }
    }

    /// The 1-based line CPython reports for this error.
    pub fn line(&self, source: &str) -> u32 {
        LineIndex::new(source).line(self.clamped_span(source).start)
    }

    /// The full text CPython 3.11 writes to stderr for this error when running `filename`
    /// (ending with a newline):
    /// ```text
    ///   File "main.py", line 3
    ///     x = (1 +
    ///          ^
    /// SyntaxError: '(' was never closed
    /// ```
    pub fn render(&self, source: &str, filename: &str) -> String {
        let index = LineIndex::new(source);
        let span = self.clamped_span(source);
        let line = index.line(span.start);
        let line_start = line_start_of(source, span.start);
        let text = line_with_terminator(source, line_start);

        let mut out = format!("  File \"{filename}\", line {line}\n");
        // CPython's offsets are 1-based byte columns; 0 means "no column".
        let no_column = span.start == span.end && span.start == line_start;
        let offset = if no_column {
            0
        } else {
            (span.start - line_start) as usize + 1
        };
        // CPython underlines a whole span only for plain `SyntaxError`s; indentation errors get
        // a single caret.
        let single_caret = self.kind != SyntaxErrorKind::SyntaxError;
        let end_offset = if span.end <= span.start || single_caret {
            offset
        } else if index.line(span.end - 1) > line {
            text.trim_end_matches(['\n', '\r']).len() + 1
        } else {
            (span.end - line_start) as usize + 1
        };
        write_error_text(&mut out, text, offset, end_offset);
        out.push_str(self.type_name());
        out.push_str(": ");
        out.push_str(&self.message);
        out.push('\n');
        out
    }

    /// The span, moved inside the source so that rendering never slices out of bounds.
    fn clamped_span(&self, source: &str) -> Span {
        let len = source.len() as u32;
        let mut start = self.span.start.min(len);
        while !source.is_char_boundary(start as usize) {
            start -= 1;
        }
        let end = self.span.end.clamp(start, len);
        Span { start, end }
    }
}

impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.type_name(), self.message)
    }
}

impl std::error::Error for SyntaxError {}

/// The byte offset where the line holding `offset` starts.
fn line_start_of(source: &str, offset: u32) -> u32 {
    let before = &source.as_bytes()[..offset as usize];
    before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |newline| newline as u32 + 1)
}

/// The line starting at `line_start`, with its `\n` if it has one (CPython's `text`).
fn line_with_terminator(source: &str, line_start: u32) -> &str {
    let rest = &source[line_start as usize..];
    match rest.find('\n') {
        Some(newline) => &rest[..=newline],
        None => rest,
    }
}

/// The source line and caret line, as CPython 3.11's `print_error_text` writes them.
/// `offset` and `end_offset` are CPython's 1-based byte columns into `text`.
fn write_error_text(out: &mut String, text: &str, offset: usize, end_offset: usize) {
    let stripped = text.trim_start_matches([' ', '\t', '\x0c']);
    let indent = text.len() - stripped.len();
    let visible = stripped.trim_end_matches('\n').trim_end_matches('\r');
    out.push_str("    ");
    out.push_str(visible);
    out.push('\n');

    // Columns left of the stripped text (the indentation, or "no column") print no caret.
    let Some(column) = offset.checked_sub(1 + indent) else {
        return;
    };
    let column = column.min(visible.len());
    let end_column = end_offset
        .saturating_sub(1 + indent)
        .min(stripped.trim_end_matches('\r').len());
    let caret_count = if end_offset > offset && end_column > column {
        end_column - column
    } else {
        1
    };
    out.push_str("    ");
    out.extend(std::iter::repeat_n(' ', column));
    out.extend(std::iter::repeat_n('^', caret_count));
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render_at(source: &str, start: u32, end: u32) -> String {
        SyntaxError::new("msg", Span::new(start, end)).render(source, "main.py")
    }

    #[test]
    fn caret_under_span() {
        let out = render_at("x = (abc)\n", 4, 8);
        assert_eq!(
            out,
            "  File \"main.py\", line 1\n    x = (abc)\n        ^^^^\nSyntaxError: msg\n"
        );
    }

    #[test]
    fn indentation_is_stripped_and_can_hide_the_caret() {
        // "unexpected indent": CPython's column falls inside the stripped indentation.
        let out = render_at("  x = 1\n", 1, 1);
        assert_eq!(
            out,
            "  File \"main.py\", line 1\n    x = 1\nSyntaxError: msg\n"
        );
    }

    #[test]
    fn empty_span_at_line_start_means_no_column() {
        let out = render_at("a\nif x:\n", 2, 2);
        assert_eq!(
            out,
            "  File \"main.py\", line 2\n    if x:\nSyntaxError: msg\n"
        );
    }

    #[test]
    fn multi_line_span_runs_to_end_of_first_line() {
        let source = "f(a for a in b\n  for c in d, 1)";
        let out = render_at(source, 2, 26);
        assert!(out.contains("\n      ^^^^^^^^^^^^\n"), "{out}");
    }

    #[test]
    fn out_of_range_span_is_clamped() {
        let out = render_at("ab", 40, 50);
        assert!(out.contains("    ab\n      ^\n"), "{out}");
    }
}
