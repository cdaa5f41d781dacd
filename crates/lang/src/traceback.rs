//! Tracebacks: the text CPython 3.11 prints for an uncaught exception, and the structured
//! [`TracebackEntry`] list front ends use to mark the user's lines.
//!
//! Reproduces CPython's rules: outermost frame first; the source line stripped; caret lines
//! (`^^^^`, and `~~~^~~~` for binary operators and subscripts) only when the failing
//! expression does not span the whole line; `[Previous line repeated N more times]` after
//! three identical frames; chained exceptions joined by "The above exception was the direct
//! cause of the following exception:" or "During handling of the above exception, another
//! exception occurred:"; and `module.Name: message` for classes outside `builtins` and
//! `__main__`.

use crate::exceptions::{Exception, TbFrame};
use crate::span::LineIndex;
use crate::vm::Vm;
use crate::TracebackEntry;

/// The printed name of an exception class (`KeyError`, `tensorflow...InvalidArgumentError`).
pub fn exception_type_name(exc: &Exception) -> String {
    let class = exc.class();
    if class.module == "builtins" || class.module == "__main__" {
        class.qualname.clone()
    } else {
        format!("{}.{}", class.module, class.qualname)
    }
}

/// One frame's printable data.
struct FrameText {
    entry: TracebackEntry,
    carets: Option<String>,
}

/// A frame's line and carets, read from the source of the file its code came from (the
/// program, or a library module).
fn frame_text(tb: &TbFrame) -> FrameText {
    let code = &tb.code;
    let source: &str = &code.source;
    let index = &LineIndex::new(source);
    let pc = tb.pc as usize;
    let line = code.lines.get(pc).copied().unwrap_or(code.first_line);
    let text = index.line_text(source, line);
    let loc = code.locs.get(pc).copied().unwrap_or_default();
    let stripped = text.trim();
    let leading = text.chars().count() - text.trim_start().chars().count();
    let line_start = byte_of_line(source, index, line);
    let col_of = |offset: u32| -> usize {
        let off = (offset as usize).saturating_sub(line_start).min(text.len());
        text.get(..off).map_or(0, |t| t.chars().count())
    };
    let start_line = index.line(loc.span.start);
    let end_line = index.line(loc.span.end.saturating_sub(1).max(loc.span.start));
    let start = col_of(loc.span.start);
    let mut carets = None;
    if start_line == line && loc.span.end > loc.span.start {
        let single = end_line == start_line;
        let end = if single {
            col_of(loc.span.end)
        } else {
            leading + stripped.chars().count()
        };
        let stripped_len = stripped.chars().count();
        let anchors = if single {
            loc.anchor.map(|(a, b)| {
                let seg_start = loc.span.start as usize;
                let rel = |x: u32| -> usize {
                    let x = (x as usize).clamp(seg_start, loc.span.end as usize);
                    source.get(seg_start..x).map_or(0, |t| t.chars().count())
                };
                (rel(a), rel(b))
            })
        } else {
            None
        };
        let show = end.saturating_sub(start) < stripped_len
            || anchors.is_some_and(|(l, r)| r.saturating_sub(l) < stripped_len);
        if show && end > start {
            let mut s = String::from("    ");
            s.push_str(&" ".repeat(start.saturating_sub(leading)));
            match anchors {
                Some((l, r)) => {
                    let width = end - start;
                    for i in 0..width {
                        s.push(if i >= l && i < r { '^' } else { '~' });
                    }
                }
                None => s.push_str(&"^".repeat(end - start)),
            }
            carets = Some(s);
        }
    }
    FrameText {
        entry: TracebackEntry {
            filename: code.filename.to_string(),
            line,
            col: start as u32,
            function: code.name.as_str().to_string(),
            source: stripped.to_string(),
        },
        carets,
    }
}

fn byte_of_line(source: &str, index: &LineIndex, line: u32) -> usize {
    // The byte offset where `line` starts: found through the line text's address.
    let text = index.line_text(source, line);
    let base = source.as_ptr() as usize;
    let ptr = text.as_ptr() as usize;
    if text.is_empty() {
        // Empty line: scan.
        let mut n = 1;
        for (i, b) in source.bytes().enumerate() {
            if n == line {
                return i;
            }
            if b == b'\n' {
                n += 1;
            }
        }
        return source.len();
    }
    ptr.saturating_sub(base)
}

/// The traceback entries of an exception, outermost first.
pub fn entries(exc: &Exception) -> Vec<TracebackEntry> {
    let frames = exc.with_state(|s| s.traceback.clone());
    frames.iter().rev().map(|f| frame_text(f).entry).collect()
}

/// The full stderr text CPython prints for an uncaught exception (with its chain).
pub fn render(vm: &mut Vm<'_>, exc: &Exception) -> String {
    let mut out = String::new();
    let mut seen = Vec::new();
    render_chain(vm, exc, &mut out, &mut seen, 0);
    out
}

fn render_chain(
    vm: &mut Vm<'_>,
    exc: &Exception,
    out: &mut String,
    seen: &mut Vec<usize>,
    depth: u32,
) {
    let addr = std::rc::Rc::as_ptr(&exc.0) as usize;
    seen.push(addr);
    let (cause, context, suppress) =
        exc.with_state(|s| (s.cause.clone(), s.context.clone(), s.suppress_context));
    if depth < 50 {
        if let Some(c) = cause.as_ref().and_then(Exception::from_value) {
            if !seen.contains(&(std::rc::Rc::as_ptr(&c.0) as usize)) {
                render_chain(vm, &c, out, seen, depth + 1);
                out.push_str(
                    "\nThe above exception was the direct cause of the following exception:\n\n",
                );
            }
        } else if !suppress {
            if let Some(c) = context.as_ref().and_then(Exception::from_value) {
                if !seen.contains(&(std::rc::Rc::as_ptr(&c.0) as usize)) {
                    render_chain(vm, &c, out, seen, depth + 1);
                    out.push_str(
                        "\nDuring handling of the above exception, another exception occurred:\n\n",
                    );
                }
            }
        }
    }
    render_one(vm, exc, out);
}

fn render_one(vm: &mut Vm<'_>, exc: &Exception, out: &mut String) {
    let frames = exc.with_state(|s| s.traceback.clone());
    if !frames.is_empty() {
        out.push_str("Traceback (most recent call last):\n");
        let texts: Vec<FrameText> = frames.iter().rev().map(frame_text).collect();
        let mut last: Option<(String, u32, String)> = None;
        let mut count = 0usize;
        let flush = |out: &mut String, count: usize| {
            if count > 3 {
                let n = count - 3;
                out.push_str(&format!(
                    "  [Previous line repeated {n} more time{}]\n",
                    if n == 1 { "" } else { "s" }
                ));
            }
        };
        for t in &texts {
            let key = (
                t.entry.filename.clone(),
                t.entry.line,
                t.entry.function.clone(),
            );
            if last.as_ref() == Some(&key) {
                count += 1;
            } else {
                flush(out, count);
                last = Some(key);
                count = 1;
            }
            if count > 3 {
                continue;
            }
            out.push_str(&format!(
                "  File \"{}\", line {}, in {}\n",
                t.entry.filename, t.entry.line, t.entry.function
            ));
            if !t.entry.source.is_empty() {
                out.push_str(&format!("    {}\n", t.entry.source));
                if let Some(c) = &t.carets {
                    out.push_str(c);
                    out.push('\n');
                }
            }
        }
        flush(out, count);
    }
    out.push_str(&exception_line(vm, exc));
    out.push('\n');
}

/// `Type: message` (or `Type` when the message is empty).
pub fn exception_line(vm: &mut Vm<'_>, exc: &Exception) -> String {
    let name = exception_type_name(exc);
    let msg = message(vm, exc);
    if msg.is_empty() {
        name
    } else {
        format!("{name}: {msg}")
    }
}

/// `str(exc)`, or CPython's placeholder when `__str__` itself fails.
pub fn message(vm: &mut Vm<'_>, exc: &Exception) -> String {
    let saved = vm.instructions_left;
    if vm.instructions_left == 0 {
        vm.instructions_left = 100_000;
    }
    let r = match vm.exception_str(exc) {
        Ok(s) => s,
        Err(_) => "<exception str() failed>".to_string(),
    };
    vm.instructions_left = saved;
    r
}
