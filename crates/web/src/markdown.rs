//! A small Markdown reader for the lessons' text: headings, paragraphs, fenced code blocks,
//! bullet and numbered lists, inline code, bold and italics. Enough for the catalog and for
//! instructions a teacher writes; anything else shows as plain text. No HTML passes through:
//! the view renders these blocks as Yew nodes, so text is always escaped.

/// A run of text inside a block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inline {
    Text(String),
    Code(String),
    /// Bold text, which may hold inline code or italics.
    Strong(Vec<Inline>),
    /// Italic text, which may hold inline code.
    Emphasis(Vec<Inline>),
}

/// A block of the document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// A heading with its level (1 to 6).
    Heading(u8, Vec<Inline>),
    Paragraph(Vec<Inline>),
    /// A fenced code block with its info string: the language tag (possibly empty) and, for a
    /// lesson's programs, `machine=` and `expect=` (see `lessons::programs::Fence`).
    Code {
        language: String,
        text: String,
    },
    /// A list; `ordered` for `1.` items.
    List {
        ordered: bool,
        items: Vec<Vec<Inline>>,
    },
}

/// Splits `text` into blocks.
pub fn parse(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let mut lines = text.lines().peekable();
    let flush = |paragraph: &mut Vec<&str>, blocks: &mut Vec<Block>| {
        if !paragraph.is_empty() {
            blocks.push(Block::Paragraph(parse_inline(&paragraph.join(" "))));
            paragraph.clear();
        }
    };
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if let Some(language) = trimmed.strip_prefix("```") {
            flush(&mut paragraph, &mut blocks);
            let mut code = Vec::new();
            for line in lines.by_ref() {
                if line.trim_start().starts_with("```") {
                    break;
                }
                code.push(line);
            }
            blocks.push(Block::Code {
                language: language.trim().to_string(),
                text: code.join("\n"),
            });
        } else if trimmed.is_empty() {
            flush(&mut paragraph, &mut blocks);
        } else if let Some((level, heading)) = heading(trimmed) {
            flush(&mut paragraph, &mut blocks);
            blocks.push(Block::Heading(level, parse_inline(heading)));
        } else if let Some((ordered, item)) = list_item(trimmed) {
            flush(&mut paragraph, &mut blocks);
            let mut items = vec![item.to_string()];
            while let Some(next) = lines.peek() {
                let next_trimmed = next.trim();
                if let Some((same, item)) = list_item(next_trimmed).filter(|(o, _)| *o == ordered) {
                    let _ = same;
                    items.push(item.to_string());
                } else if !next_trimmed.is_empty()
                    && next.starts_with(' ')
                    && heading(next_trimmed).is_none()
                {
                    // A continuation line of the item above.
                    if let Some(last) = items.last_mut() {
                        last.push(' ');
                        last.push_str(next_trimmed);
                    }
                } else {
                    break;
                }
                lines.next();
            }
            blocks.push(Block::List {
                ordered,
                items: items.iter().map(|item| parse_inline(item)).collect(),
            });
        } else {
            paragraph.push(trimmed);
        }
    }
    flush(&mut paragraph, &mut blocks);
    blocks
}

fn heading(line: &str) -> Option<(u8, &str)> {
    let level = line.chars().take_while(|&c| c == '#').count();
    let rest = &line[level..];
    ((1..=6).contains(&level) && rest.starts_with(' ')).then(|| (level as u8, rest.trim()))
}

fn list_item(line: &str) -> Option<(bool, &str)> {
    if let Some(rest) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
        return Some((false, rest.trim()));
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    let rest = line[digits..].strip_prefix(". ")?;
    (digits > 0).then(|| (true, rest.trim()))
}

/// Splits a line into text, `code`, **strong** and *emphasis* runs; an unclosed marker is text.
pub fn parse_inline(text: &str) -> Vec<Inline> {
    let mut out = Vec::new();
    let mut plain = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let (marker, make): (&str, fn(&str) -> Inline) = match c {
            '`' => ("`", |text| Inline::Code(text.to_string())),
            '*' if rest.starts_with("**") => ("**", |text| Inline::Strong(parse_inline(text))),
            '*' | '_' if rest.len() > 1 => {
                (&rest[..1], |text| Inline::Emphasis(parse_inline(text)))
            }
            _ => ("", |text| Inline::Text(text.to_string())),
        };
        if !marker.is_empty() {
            let after = &rest[marker.len()..];
            // Markers inside inline code do not close bold or italics.
            let end = if marker == "`" {
                after.find(marker)
            } else {
                closing(after, marker)
            };
            if let Some(end) = end.filter(|&end| end > 0) {
                if !plain.is_empty() {
                    out.push(Inline::Text(std::mem::take(&mut plain)));
                }
                out.push(make(&after[..end]));
                rest = &after[end + marker.len()..];
                continue;
            }
        }
        plain.push(c);
        rest = &rest[c.len_utf8()..];
    }
    if !plain.is_empty() {
        out.push(Inline::Text(plain));
    }
    out
}

/// Where `marker` closes in `text`, skipping over inline code spans.
fn closing(text: &str, marker: &str) -> Option<usize> {
    let mut in_code = false;
    for (at, c) in text.char_indices() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code && text[at..].starts_with(marker) {
            return Some(at);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_of_a_lesson() {
        let text = "# Title\n\nSome `tf.device` text\nwrapped **here**.\n\n```python\nprint(1)\n\nprint(2)\n```\n- one\n- two\n  more\n\n1. first\n2. second\n";
        let blocks = parse(text);
        assert_eq!(
            blocks,
            vec![
                Block::Heading(1, vec![Inline::Text("Title".into())]),
                Block::Paragraph(vec![
                    Inline::Text("Some ".into()),
                    Inline::Code("tf.device".into()),
                    Inline::Text(" text wrapped ".into()),
                    Inline::Strong(vec![Inline::Text("here".into())]),
                    Inline::Text(".".into()),
                ]),
                Block::Code {
                    language: "python".into(),
                    text: "print(1)\n\nprint(2)".into()
                },
                Block::List {
                    ordered: false,
                    items: vec![
                        vec![Inline::Text("one".into())],
                        vec![Inline::Text("two more".into())]
                    ]
                },
                Block::List {
                    ordered: true,
                    items: vec![
                        vec![Inline::Text("first".into())],
                        vec![Inline::Text("second".into())]
                    ]
                },
            ]
        );
    }

    #[test]
    fn bold_text_can_hold_inline_code() {
        assert_eq!(
            parse_inline("**keep the `with` block** *and `x*y`*"),
            vec![
                Inline::Strong(vec![
                    Inline::Text("keep the ".into()),
                    Inline::Code("with".into()),
                    Inline::Text(" block".into()),
                ]),
                Inline::Text(" ".into()),
                Inline::Emphasis(vec![
                    Inline::Text("and ".into()),
                    Inline::Code("x*y".into())
                ]),
            ]
        );
    }

    #[test]
    fn unclosed_markers_and_odd_text_stay_text() {
        assert_eq!(
            parse_inline("a * b `c"),
            vec![Inline::Text("a * b `c".into())]
        );
        assert_eq!(
            parse_inline("snake_case"),
            vec![Inline::Text("snake_case".into())]
        );
        assert_eq!(
            parse("```\nunterminated"),
            vec![Block::Code {
                language: String::new(),
                text: "unterminated".into()
            }]
        );
        assert_eq!(
            parse("#nospace"),
            vec![Block::Paragraph(vec![Inline::Text("#nospace".into())])]
        );
        assert!(parse("").is_empty());
    }
}
