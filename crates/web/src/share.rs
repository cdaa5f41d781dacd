//! Share links: the whole page state (program, topology, selected pane, options, embed
//! settings) in the URL fragment, so a link needs no server and keeps meaning the same
//! thing forever.
//!
//! Format: `#v1.` followed by the state as JSON, raw-deflated and base64url-encoded. The
//! version prefix is the promise: a later format gets `v2.`, and the `v1` decoder stays as it
//! is. Decoding treats the fragment as hostile: sizes are bounded before and after inflating,
//! every field is checked and clamped, and anything wrong becomes a message for the user,
//! never a panic.
//!
//! Deflating and inflating are the browser's (`browser::deflate_raw` and
//! `browser::inflate_raw`, asynchronous), so this module turns a state into its JSON text and
//! deflated bytes into a fragment, and reads a fragment in two steps around the inflating:
//! [`unpack`] (version, size, base64url) and [`from_inflated`] (the JSON and every field);
//! `link_reader` runs the three in order. The autosave keeps the JSON text itself, and reads
//! the fragments older builds saved too.

use crate::state::{Pane, Theme};
use serde_json::{json, Map, Value};

/// The format this build writes; links of every earlier version still decode.
pub const LINK_VERSION: u32 = 1;
/// Longest fragment the decoder looks at (characters); browsers keep far longer URLs, but a
/// longer one is not a link this playground made.
pub const MAX_FRAGMENT_CHARS: usize = 256 * 1024;
/// Most bytes the decoder inflates a fragment to (a "zip bomb" stops here).
pub const MAX_STATE_BYTES: usize = 512 * 1024;
/// Longest program a link carries (bytes); longer ones are cut at a line end.
pub const MAX_PROGRAM_BYTES: usize = 100 * 1024;
/// Longest custom topology document a link carries (bytes).
pub const MAX_TOPOLOGY_BYTES: usize = 64 * 1024;

/// What an embedded playground shows and allows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct EmbedOptions {
    /// The program cannot be edited (Run still works).
    pub readonly: bool,
    /// Panes left out of the tab bar.
    pub hidden: Vec<Pane>,
}

/// Everything a link reproduces.
#[derive(Debug, Clone, PartialEq)]
pub struct SharedState {
    pub source: String,
    /// A preset name, or a custom topology document (JSON text starting with `{`).
    pub topology: String,
    pub pane: Pane,
    /// Run the program as soon as the link opens, so the reader sees its output at once.
    pub autorun: bool,
    /// A theme forced by the link (an embed that matches its host page), if any.
    pub theme: Option<Theme>,
    /// Present when the link opens the compact embed layout.
    pub embed: Option<EmbedOptions>,
}

/// A decoded link, with what had to be corrected on the way.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    pub state: SharedState,
    /// Sentences for the user: which fields were missing, out of range or cut.
    pub warnings: Vec<String>,
}

/// The JSON text a link carries for `state` (before deflating), which is also what the
/// autosave keeps.
pub fn to_json(state: &SharedState) -> String {
    let mut fields = Map::new();
    fields.insert("program".into(), json!(state.source));
    fields.insert("topology".into(), json!(state.topology));
    fields.insert("pane".into(), json!(state.pane.id()));
    fields.insert("autorun".into(), json!(state.autorun));
    if let Some(theme) = state.theme {
        fields.insert("theme".into(), json!(theme.id()));
    }
    if let Some(embed) = &state.embed {
        let hidden: Vec<&str> = embed.hidden.iter().map(|pane| pane.id()).collect();
        fields.insert(
            "embed".into(),
            json!({ "readonly": embed.readonly, "hide": hidden }),
        );
    }
    Value::Object(fields).to_string()
}

/// The fragment (without `#`) for a state whose [`to_json`] text the browser deflated.
pub fn fragment_from_deflated(packed: &[u8]) -> String {
    format!("v{LINK_VERSION}.{}", base64url_encode(packed))
}

/// What the autosave holds.
#[derive(Debug, PartialEq)]
pub enum Saved {
    /// The JSON text this build keeps, already read.
    State(Decoded),
    /// A fragment, as earlier builds kept it: read it as a link.
    Link(String),
}

/// Reads the autosave: the JSON text this build keeps, or the fragment earlier builds kept.
/// `None` when it holds neither.
pub fn read_saved(saved: &str) -> Option<Saved> {
    if saved.trim_start().starts_with('{') {
        match serde_json::from_str(saved) {
            Ok(Value::Object(fields)) => Some(Saved::State(read_fields(&fields))),
            _ => None,
        }
    } else if saved.trim().is_empty() {
        None
    } else {
        Some(Saved::Link(saved.to_string()))
    }
}

/// Why a link's bytes did not inflate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InflateError {
    /// They inflate to more than [`MAX_STATE_BYTES`] (inflating stopped there).
    TooLarge,
    /// They are not a raw deflate stream.
    Damaged,
}

const DAMAGED: &str = "This link is damaged (it was probably cut short when copied)";

/// Reads a fragment (with or without its leading `#`) up to its deflated state: `Ok(None)`
/// when there is no state in it at all (an empty fragment or a plain anchor), `Err` with a
/// message a user can act on when it is a link this playground cannot read.
pub fn unpack(fragment: &str) -> Result<Option<Vec<u8>>, String> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment).trim();
    if fragment.is_empty() {
        return Ok(None);
    }
    if fragment.len() > MAX_FRAGMENT_CHARS {
        return Err(format!(
            "This link is too long to be a playground link ({} characters; the limit is {MAX_FRAGMENT_CHARS}).",
            fragment.len()
        ));
    }
    let Some((version, payload)) = fragment.split_once('.') else {
        return Err("This link's state has no version: it was not made by this playground, or it was cut short.".into());
    };
    match version {
        "v1" => base64url_decode(payload)
            .map(Some)
            .ok_or_else(|| format!("{DAMAGED}: not base64url.")),
        other => match other.strip_prefix('v').and_then(|n| n.parse::<u64>().ok()) {
            Some(n) if n > u64::from(LINK_VERSION) => Err(format!(
                "This link was made by a newer playground (format v{n}); this page reads up to v{LINK_VERSION}."
            )),
            _ => Err(format!(
                "This link's state has an unknown format ({}).",
                truncate_chars(other, 12)
            )),
        },
    }
}

/// Format v1 after inflating: a JSON object, every field checked and clamped.
pub fn from_inflated(inflated: Result<Vec<u8>, InflateError>) -> Result<Decoded, String> {
    let bytes = inflated.map_err(|error| match error {
        InflateError::TooLarge => format!(
            "This link's state is larger than {} KB, more than a playground link holds.",
            MAX_STATE_BYTES / 1024
        ),
        InflateError::Damaged => format!("{DAMAGED}: it does not inflate."),
    })?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{DAMAGED}: not UTF-8 text."))?;
    let value: Value =
        serde_json::from_str(&text).map_err(|_| format!("{DAMAGED}: not a JSON object."))?;
    let Value::Object(fields) = value else {
        return Err(format!("{DAMAGED}: not a JSON object."));
    };
    Ok(read_fields(&fields))
}

/// Checks and clamps each field of a v1 state; what is missing gets its default.
fn read_fields(fields: &Map<String, Value>) -> Decoded {
    let mut warnings = Vec::new();
    let source = match fields.get("program") {
        Some(Value::String(text)) => clamp_program(text, &mut warnings),
        Some(_) => {
            warnings.push("The link's program is not text; it was left empty.".into());
            String::new()
        }
        None => String::new(),
    };
    let topology = match fields.get("topology") {
        Some(Value::String(name)) => clamp_topology(name, &mut warnings),
        _ => {
            if fields.contains_key("topology") {
                warnings.push("The link's machine is not valid; using CPU only.".into());
            }
            "cpu".to_string()
        }
    };
    let pane = match fields.get("pane").and_then(Value::as_str) {
        Some(id) => Pane::from_id(id).unwrap_or_else(|| {
            warnings.push(format!(
                "The link names an unknown pane ({}); showing the Console.",
                truncate_chars(id, 20)
            ));
            Pane::Console
        }),
        None => Pane::Console,
    };
    let autorun = fields
        .get("autorun")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let theme = fields
        .get("theme")
        .and_then(Value::as_str)
        .and_then(Theme::from_id);
    let embed = fields.get("embed").map(|embed| {
        let readonly = embed
            .get("readonly")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let mut hidden = Vec::new();
        if let Some(list) = embed.get("hide").and_then(Value::as_array) {
            for id in list.iter().take(Pane::ALL.len() * 2) {
                match id.as_str().and_then(Pane::from_id) {
                    Some(pane) if !hidden.contains(&pane) => hidden.push(pane),
                    Some(_) => {}
                    None => warnings
                        .push("The link hides a pane this page does not have; ignored.".into()),
                }
            }
        }
        // Hiding every pane would leave an embed with no output: the Console always stays.
        if hidden.len() == Pane::ALL.len() {
            hidden.retain(|pane| *pane != Pane::Console);
        }
        EmbedOptions { readonly, hidden }
    });
    Decoded {
        state: SharedState {
            source,
            topology,
            pane,
            autorun,
            theme,
            embed,
        },
        warnings,
    }
}

/// Cuts an over-long program at the last line end within the limit.
fn clamp_program(text: &str, warnings: &mut Vec<String>) -> String {
    if text.len() <= MAX_PROGRAM_BYTES {
        return text.to_string();
    }
    let mut end = MAX_PROGRAM_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let end = text[..end].rfind('\n').map_or(end, |newline| newline + 1);
    warnings.push(format!(
        "The link's program was longer than {} KB and was cut at line {}.",
        MAX_PROGRAM_BYTES / 1024,
        text[..end].lines().count()
    ));
    text[..end].to_string()
}

/// Keeps a known preset name or a bounded JSON object; anything else becomes `cpu`.
fn clamp_topology(name: &str, warnings: &mut Vec<String>) -> String {
    if engine::hardware::presets::NAMES
        .iter()
        .any(|(preset, _)| *preset == name)
    {
        return name.to_string();
    }
    if name.trim_start().starts_with('{') {
        if name.len() > MAX_TOPOLOGY_BYTES {
            warnings.push(format!(
                "The link's custom machine is larger than {} KB; using CPU only.",
                MAX_TOPOLOGY_BYTES / 1024
            ));
            return "cpu".into();
        }
        if serde_json::from_str::<Map<String, Value>>(name).is_ok() {
            // The engine validates the document itself when it runs, as for any custom machine.
            return name.to_string();
        }
        warnings.push("The link's custom machine is not valid JSON; using CPU only.".into());
        return "cpu".into();
    }
    warnings.push(format!(
        "The link names an unknown machine ({}); using CPU only.",
        truncate_chars(name, 40)
    ));
    "cpu".into()
}

fn truncate_chars(text: &str, limit: usize) -> String {
    let mut cut: String = text.chars().take(limit).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    cut
}

const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding (RFC 4648 §5): safe in a fragment without escaping.
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(BASE64URL[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// The inverse of [`base64url_encode`]; `None` on any character outside the alphabet or a
/// length no encoding produces. Padding `=` is tolerated (some tools add it back).
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches('=');
    if text.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.as_bytes().chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            let digit = BASE64URL.iter().position(|&d| d == c)? as u32;
            n |= digit << (18 - 6 * i);
        }
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::link_reader::{
        self,
        tests::{now, with_miniz},
    };

    fn sample() -> SharedState {
        SharedState {
            source: "import tensorflow as tf\nprint(tf.constant(1))\n".into(),
            topology: "tpu-v3-8".into(),
            pane: Pane::Graph,
            autorun: true,
            theme: Some(Theme::Dark),
            embed: Some(EmbedOptions {
                readonly: true,
                hidden: vec![Pane::Timeline, Pane::Topology],
            }),
        }
    }

    /// The page's share-link reader, with miniz's inflater.
    fn decode(fragment: &str) -> Result<Option<Decoded>, String> {
        now(link_reader::share_link(fragment, with_miniz))
    }

    /// The page's autosave reader, with miniz's inflater.
    fn decode_saved(saved: &str) -> Option<Decoded> {
        now(link_reader::autosave(saved, with_miniz))
    }

    fn pack(json: &str) -> String {
        fragment_from_deflated(&miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 6))
    }

    /// What the page does with the browser's compressor, with miniz's.
    fn encode(state: &SharedState) -> String {
        pack(&to_json(state))
    }

    #[test]
    fn the_autosave_reads_its_json_and_the_fragments_older_builds_saved() {
        let state = sample();
        assert_eq!(decode_saved(&to_json(&state)).unwrap().state, state);
        assert_eq!(decode_saved(&encode(&state)).unwrap().state, state);
        assert_eq!(decode_saved("{not json"), None);
        assert_eq!(decode_saved("[1]"), None);
        assert_eq!(decode_saved(""), None);
        // Hostile contents are clamped as a link's are.
        let huge = format!(
            r#"{{"program":"{}","topology":"cpu"}}"#,
            r"x = 1\n".repeat(MAX_PROGRAM_BYTES)
        );
        let decoded = decode_saved(&huge).unwrap();
        assert!(decoded.state.source.len() <= MAX_PROGRAM_BYTES);
        assert!(!decoded.warnings.is_empty());
    }

    #[test]
    fn base64url_round_trips_every_length() {
        for len in 0..70 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = base64url_encode(&bytes);
            assert!(!text.contains(['+', '/', '=']));
            assert_eq!(base64url_decode(&text).unwrap(), bytes, "length {len}");
        }
        assert_eq!(base64url_decode("a"), None);
        assert_eq!(base64url_decode("ab*d"), None);
    }

    #[test]
    fn a_state_round_trips_through_its_fragment() {
        let state = sample();
        let fragment = encode(&state);
        assert!(fragment.starts_with("v1."));
        let decoded = decode(&format!("#{fragment}")).unwrap().unwrap();
        assert_eq!(decoded.state, state);
        assert!(decoded.warnings.is_empty());
    }

    #[test]
    fn a_v1_link_written_today_decodes_the_same_forever() {
        // A golden link: if this test fails, the v1 decoder changed meaning, which it must not.
        let fragment = pack(
            r#"{"program":"print(1)\n","topology":"colab-t4","pane":"timeline","autorun":true}"#,
        );
        let state = decode(&fragment).unwrap().unwrap().state;
        assert_eq!(state.source, "print(1)\n");
        assert_eq!(state.topology, "colab-t4");
        assert_eq!(state.pane, Pane::Timeline);
        assert!(state.autorun);
        assert_eq!(state.embed, None);
    }

    #[test]
    fn no_fragment_is_no_state() {
        assert_eq!(decode(""), Ok(None));
        assert_eq!(decode("#"), Ok(None));
    }

    #[test]
    fn damaged_links_get_messages_not_panics() {
        let good = encode(&sample());
        let mut cases = vec![
            "#hello".to_string(),
            "v1.".to_string(),
            "v1.!!!!".to_string(),
            "v9.abcd".to_string(),
            "vx.abcd".to_string(),
            "v1.AAAA".to_string(),
            pack("[1,2,3]"),
            pack("not json"),
            "x".repeat(MAX_FRAGMENT_CHARS + 1),
        ];
        for cut in [4, good.len() / 2, good.len() - 3] {
            cases.push(good[..cut].to_string());
        }
        for case in cases {
            let result = decode(&case);
            assert!(result.is_err(), "{case:.40}: {result:?}");
        }
        assert!(decode("v9.abcd").unwrap_err().contains("newer playground"));
    }

    #[test]
    fn a_zip_bomb_stops_at_the_limit() {
        let huge = format!(r#"{{"program":"{}"}}"#, "a".repeat(MAX_STATE_BYTES * 4));
        let error = decode(&pack(&huge)).unwrap_err();
        assert!(error.contains("larger than"), "{error}");
    }

    #[test]
    fn fields_are_validated_and_clamped() {
        let long_program = "x = 1\n".repeat(MAX_PROGRAM_BYTES / 6 + 100);
        let json = json!({
            "program": long_program,
            "topology": "tpu-v99-9999",
            "pane": "nowhere",
            "autorun": "yes",
            "embed": { "readonly": true, "hide": ["console", "graph", "graph", "bogus"] },
        });
        let decoded = decode(&pack(&json.to_string())).unwrap().unwrap();
        let state = decoded.state;
        assert!(state.source.len() <= MAX_PROGRAM_BYTES);
        assert!(state.source.ends_with('\n'));
        assert_eq!(state.topology, "cpu");
        assert_eq!(state.pane, Pane::Console);
        assert!(!state.autorun);
        let embed = state.embed.unwrap();
        assert_eq!(embed.hidden, vec![Pane::Console, Pane::Graph]);
        assert_eq!(decoded.warnings.len(), 4, "{:?}", decoded.warnings);
    }

    #[test]
    fn custom_topologies_must_be_json_objects() {
        let mut warnings = Vec::new();
        assert_eq!(
            clamp_topology(r#"{"hosts": []}"#, &mut warnings),
            r#"{"hosts": []}"#
        );
        assert_eq!(clamp_topology("{oops", &mut warnings), "cpu");
        assert_eq!(warnings.len(), 1);
    }

    #[test]
    fn an_embed_never_hides_every_pane() {
        let all: Vec<&str> = Pane::ALL.iter().map(|pane| pane.id()).collect();
        let json = json!({ "program": "", "embed": { "hide": all } });
        let state = decode(&pack(&json.to_string())).unwrap().unwrap().state;
        assert!(!state.embed.unwrap().hidden.contains(&Pane::Console));
    }
}
