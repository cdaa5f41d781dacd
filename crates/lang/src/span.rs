//! Source positions: byte ranges into the program text, and a line index to turn them into
//! the 1-based line and column numbers that tracebacks and editor marks show.

/// A half-open byte range `start..end` into the source. `u32` is enough: programs are capped
/// far below 4 GiB by the interpreter's size limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: u32, end: u32) -> Span {
        debug_assert!(start <= end, "span start {start} after end {end}");
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// Maps byte offsets to lines. Built once per program.
#[derive(Debug, Clone)]
pub struct LineIndex {
    /// Byte offset where each line starts; `line_starts[0] == 0`.
    line_starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(source: &str) -> LineIndex {
        let mut line_starts = vec![0];
        for (i, b) in source.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i as u32 + 1);
            }
        }
        LineIndex { line_starts }
    }

    /// 1-based line number containing `offset`.
    pub fn line(&self, offset: u32) -> u32 {
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i as u32 + 1,
            Err(i) => i as u32,
        }
    }

    /// 1-based line and 0-based column (in characters) of `offset`.
    pub fn line_col(&self, source: &str, offset: u32) -> (u32, u32) {
        let line = self.line(offset);
        let start = self.line_starts[line as usize - 1] as usize;
        let end = (offset as usize).min(source.len());
        let col = source.get(start..end).map_or(0, |s| s.chars().count());
        (line, col as u32)
    }

    /// The text of 1-based `line` without its newline, or "" past the end.
    pub fn line_text<'a>(&self, source: &'a str, line: u32) -> &'a str {
        let Some(&start) = self.line_starts.get(line as usize - 1) else {
            return "";
        };
        let rest = &source[start as usize..];
        let end = rest.find('\n').unwrap_or(rest.len());
        rest[..end].trim_end_matches('\r')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let src = "a = 1\nbb = 22\n\nc";
        let idx = LineIndex::new(src);
        assert_eq!(idx.line(0), 1);
        assert_eq!(idx.line(5), 1);
        assert_eq!(idx.line(6), 2);
        assert_eq!(idx.line_col(src, 9), (2, 3));
        assert_eq!(idx.line(15), 4);
        assert_eq!(idx.line_text(src, 2), "bb = 22");
        assert_eq!(idx.line_text(src, 3), "");
        assert_eq!(idx.line_text(src, 9), "");
    }
}
