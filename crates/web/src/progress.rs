//! Which exercises the learner has passed, kept in local storage as a JSON list of ids so it
//! survives reloads. What storage holds is untrusted: anything unreadable counts as no
//! progress, and the list is bounded.

use std::collections::BTreeSet;

/// The local-storage key of the progress list.
pub const PROGRESS_KEY: &str = "placement-playground/progress";
/// At most this many ids are kept (far more than the catalog has; custom exercises add up).
pub const MAX_ENTRIES: usize = 500;
/// Longer ids are not exercise ids and are dropped.
const MAX_ID_CHARS: usize = 200;

/// The set of passed exercise ids.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Progress(BTreeSet<String>);

impl Progress {
    /// Reads the stored list; anything but a JSON list of short strings reads as empty.
    pub fn parse(stored: &str) -> Progress {
        let ids: Vec<serde_json::Value> = serde_json::from_str(stored).unwrap_or_default();
        let passed: BTreeSet<String> = ids
            .into_iter()
            .filter_map(|id| id.as_str().map(str::to_string))
            .filter(|id| !id.is_empty() && id.chars().count() <= MAX_ID_CHARS)
            .take(MAX_ENTRIES)
            .collect();
        Progress(passed)
    }

    /// The text to store.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.0).unwrap_or_else(|_| "[]".into())
    }

    /// Whether the exercise `id` has been passed.
    pub fn passed(&self, id: &str) -> bool {
        self.0.contains(id)
    }

    /// Records a pass; false when nothing changed (already passed, or the list is full).
    pub fn record(&mut self, id: &str) -> bool {
        if self.0.len() >= MAX_ENTRIES || id.chars().count() > MAX_ID_CHARS {
            return false;
        }
        self.0.insert(id.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_round_trips_through_storage_text() {
        let mut progress = Progress::default();
        assert!(progress.record("count-on-the-gpu"));
        assert!(!progress.record("count-on-the-gpu"));
        let stored = progress.to_json();
        assert_eq!(stored, r#"["count-on-the-gpu"]"#);
        let read = Progress::parse(&stored);
        assert!(read.passed("count-on-the-gpu"));
        assert!(!read.passed("soft-placement-on"));
    }

    #[test]
    fn damaged_storage_reads_as_no_progress() {
        for stored in ["", "{", "42", r#"{"a":1}"#, "null"] {
            assert_eq!(Progress::parse(stored), Progress::default(), "{stored}");
        }
        let mixed = Progress::parse(r#"["ok", 3, "", null]"#);
        assert!(mixed.passed("ok"));
        assert_eq!(mixed.to_json(), r#"["ok"]"#);
        let long = format!(r#"["{}"]"#, "x".repeat(MAX_ID_CHARS + 1));
        assert_eq!(Progress::parse(&long), Progress::default());
    }
}
