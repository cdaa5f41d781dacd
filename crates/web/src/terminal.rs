//! Program output as a terminal shows it: a carriage return (`\r`) moves back to the start of
//! the line and what follows overwrites it, so a progress bar that redraws itself with `\r`
//! is one line that updates in place, not a pile of copies. And the page keeps at most
//! [`LIVE_MAX_BYTES`] of a running program's output, the latest.

/// What the console keeps of the output of a run still going: the report brings all of it.
pub const LIVE_MAX_BYTES: usize = 256 << 10;

/// `text` with each carriage return applied as a terminal applies it: characters after `\r`
/// overwrite the line from its first column, and a line's untouched tail stays (`"abc\rX"`
/// shows `Xbc`). `\r\n` is a plain line end.
pub fn apply_carriage_returns(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('\r') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for (i, segment) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut line: Vec<char> = Vec::new();
        for (j, part) in segment.split('\r').enumerate() {
            // A `\r` just before the newline (`\r\n`) leaves the line as it is.
            let start = if j == 0 { line.len() } else { 0 };
            for (column, c) in (start..).zip(part.chars()) {
                if column < line.len() {
                    line[column] = c;
                } else {
                    line.push(c);
                }
            }
        }
        out.extend(line);
    }
    std::borrow::Cow::Owned(out)
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
        assert_eq!(apply_carriage_returns("plain\ntext"), "plain\ntext");
        assert_eq!(apply_carriage_returns("abc\rX"), "Xbc");
        assert_eq!(apply_carriage_returns("a\r\nb\r\n"), "a\nb\n");
        let bar = "1/3 [==    ]\r2/3 [====  ]\r3/3 [======]\ndone\n";
        assert_eq!(apply_carriage_returns(bar), "3/3 [======]\ndone\n");
        assert_eq!(apply_carriage_returns("loss 0.50\rloss 1"), "loss 1.50");
        assert_eq!(apply_carriage_returns("é\rä"), "ä");
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
