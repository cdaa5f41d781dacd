//! Program output as a terminal shows it. A carriage return (`\r`) moves back to the start of
//! the line and a backspace (`\b`) one column left, and what follows overwrites, so a progress
//! bar that redraws itself (Keras's does, with both) is one line that updates in place, not a
//! pile of copies. ANSI SGR escapes (`\x1b[1m` bold, `\x1b[32m` green, `\x1b[0m` reset) style
//! the text after them, as Keras's bar uses them; other escape sequences are dropped. And the
//! page keeps at most [`LIVE_MAX_BYTES`] of a running program's output, the latest.

/// What the console keeps of the output of a run still going: the report brings all of it.
pub const LIVE_MAX_BYTES: usize = 256 << 10;

/// The look of a character, as SGR escapes set it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    pub bold: bool,
    /// The foreground colour: an ANSI colour number, 0–7, or 8–15 for the bright ones; `None`
    /// is the console's own.
    pub color: Option<u8>,
}

impl Style {
    /// The style after the SGR escape whose parameters are `params` (`1;32`; empty is 0).
    fn apply(mut self, params: &str) -> Style {
        for param in params.split(';') {
            match param.parse::<u16>().unwrap_or(0) {
                0 => self = Style::default(),
                1 => self.bold = true,
                22 => self.bold = false,
                code @ 30..=37 => self.color = Some((code - 30) as u8),
                39 => self.color = None,
                code @ 90..=97 => self.color = Some((code - 90 + 8) as u8),
                _ => {}
            }
        }
        self
    }
}

/// A run of text in one style; its text may span lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    pub text: String,
    pub style: Style,
}

/// `text` as a terminal shows it, as runs of styled text: `\r` returns to the line's first
/// column, `\b` moves one column left, and characters overwrite what is under them (`"abc\rX"`
/// shows `Xbc`); `\r\n` is a plain line end.
pub fn screen(text: &str) -> Vec<Span> {
    let mut lines: Vec<Vec<(char, Style)>> = vec![Vec::new()];
    let mut column: usize = 0;
    let mut style = Style::default();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let line = lines.last_mut().expect("there is always a line");
        match c {
            '\n' => {
                lines.push(Vec::new());
                column = 0;
            }
            '\r' => column = 0,
            '\u{8}' => column = column.saturating_sub(1),
            '\u{1b}' => {
                // A control sequence: `ESC [`, parameters, then a final byte in @..~.
                if chars.peek() != Some(&'[') {
                    continue;
                }
                chars.next();
                let mut params = String::new();
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        if c == 'm' {
                            style = style.apply(&params);
                        }
                        break;
                    }
                    params.push(c);
                }
            }
            c => {
                if column < line.len() {
                    line[column] = (c, style);
                } else {
                    line.push((c, style));
                }
                column += 1;
            }
        }
    }
    let mut spans: Vec<Span> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        // A line end takes the style of what precedes it, so it never starts a span.
        let line_end = (i > 0).then(|| ('\n', spans.last().map_or(Style::default(), |s| s.style)));
        for (c, style) in line_end.into_iter().chain(line.iter().copied()) {
            match spans.last_mut() {
                Some(span) if span.style == style => span.text.push(c),
                _ => spans.push(Span {
                    text: c.to_string(),
                    style,
                }),
            }
        }
    }
    spans
}

/// `text` as a terminal shows it (see [`screen`]), without its styles.
pub fn plain(text: &str) -> String {
    if !text.contains(['\r', '\u{8}', '\u{1b}']) {
        return text.to_owned();
    }
    screen(text).into_iter().map(|span| span.text).collect()
}

/// Appends `text` to the live output `kept`, dropping its oldest lines past
/// [`LIVE_MAX_BYTES`]; true when something was dropped.
pub fn append_live(kept: &mut String, text: &str) -> bool {
    kept.push_str(text);
    if kept.len() <= LIVE_MAX_BYTES {
        return false;
    }
    let excess = kept.len() - LIVE_MAX_BYTES;
    let cut = kept[excess..]
        .find('\n')
        .map_or(excess, |newline| excess + newline + 1);
    let mut cut = cut.min(kept.len());
    while !kept.is_char_boundary(cut) {
        cut += 1;
    }
    kept.drain(..cut);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carriage_returns_overwrite_the_line() {
        assert_eq!(plain("plain\ntext"), "plain\ntext");
        assert_eq!(plain("abc\rX"), "Xbc");
        assert_eq!(plain("a\r\nb\r\n"), "a\nb\n");
        let bar = "1/3 [==    ]\r2/3 [====  ]\r3/3 [======]\ndone\n";
        assert_eq!(plain(bar), "3/3 [======]\ndone\n");
        assert_eq!(plain("loss 0.50\rloss 1"), "loss 1.50");
        assert_eq!(plain("é\rä"), "ä");
    }

    #[test]
    fn backspaces_move_left_and_escapes_style_what_follows() {
        assert_eq!(plain("abc\u{8}\u{8}X"), "aXc");
        assert_eq!(plain("\u{8}\u{8}a"), "a");
        // Keras's bar: each redraw backspaces over the last one, returns, and pads.
        let keras =
            "\r\u{1b}[1m1/2\u{1b}[0m \u{1b}[32m━\u{1b}[0m\u{1b}[37m━\u{1b}[0m - loss: 0.5000\
                     \u{8}\u{8}\u{8}\r\u{1b}[1m2/2\u{1b}[0m \u{1b}[32m━━\u{1b}[0m - loss: 0.25  \n";
        assert_eq!(plain(keras), "2/2 ━━ - loss: 0.25  \n");
        let spans = screen(keras);
        let bold = Style {
            bold: true,
            color: None,
        };
        let green = Style {
            bold: false,
            color: Some(2),
        };
        assert_eq!(
            spans[0],
            Span {
                text: "2/2".into(),
                style: bold
            }
        );
        assert_eq!(spans[1].text, " ");
        assert_eq!(
            spans[2],
            Span {
                text: "━━".into(),
                style: green
            }
        );
        assert_eq!(spans.last().unwrap().text, " - loss: 0.25  \n");
        assert_eq!(Style::default().apply("1;91").color, Some(9));
        assert!(!Style::default().apply("1;91").apply("").bold);
        // Other sequences, and a lone or unfinished escape, leave no trace.
        assert_eq!(plain("a\u{1b}[2Kb\u{1b}c\u{1b}[12"), "abc");
    }

    #[test]
    fn live_output_keeps_the_latest_whole_lines() {
        let mut kept = String::new();
        assert!(!append_live(&mut kept, "first\n"));
        let line = format!("{}\n", "x".repeat(1000));
        let mut dropped = false;
        for _ in 0..300 {
            dropped |= append_live(&mut kept, &line);
        }
        assert!(dropped);
        assert!(kept.len() <= LIVE_MAX_BYTES);
        assert!(!kept.starts_with("first"));
        assert!(kept.starts_with('x') && kept.ends_with("x\n"));
        let mut wide = String::new();
        for _ in 0..200_000 {
            append_live(&mut wide, "é");
        }
        assert!(wide.len() <= LIVE_MAX_BYTES + 1);
    }
}
