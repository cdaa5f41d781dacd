//! Exercise links: `#x1.<id>` opens a catalog exercise, `#e1.<payload>` a custom one written
//! by the lesson builder (the exercise's JSON, deflated and base64url-encoded with the share
//! codec). Decoding is hostile input: every custom exercise goes through
//! [`Exercise::from_json`], which validates and bounds every field.

use crate::share::{base64url_decode, base64url_encode, InflateError, MAX_FRAGMENT_CHARS};
use lessons::Exercise;

/// The fragment prefix of a link to a catalog exercise (format version 1).
pub const CATALOG_PREFIX: &str = "x1.";
/// The fragment prefix of a link carrying a whole exercise (format version 1).
pub const CUSTOM_PREFIX: &str = "e1.";

/// The fragment (without `#`) that opens the catalog exercise `id`.
pub fn catalog_link(id: &str) -> String {
    format!("{CATALOG_PREFIX}{id}")
}

/// The fragment (without `#`) that carries a whole exercise, for exercises not in the catalog:
/// `packed` is its [`Exercise::to_json`] text as the browser deflated it.
pub fn custom_fragment_from_deflated(packed: &[u8]) -> String {
    format!("{CUSTOM_PREFIX}{}", base64url_encode(packed))
}

/// Whether a fragment is an exercise link (so the share-link decoder must not read it).
pub fn is_exercise_link(fragment: &str) -> bool {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment).trim();
    fragment.starts_with(CATALOG_PREFIX) || fragment.starts_with(CUSTOM_PREFIX)
}

/// An exercise link read up to its deflated payload.
#[derive(Debug, PartialEq)]
pub enum Unpacked {
    /// Not an exercise link.
    NotExercise,
    /// A catalog exercise, already opened.
    Catalog(Box<Exercise>),
    /// A custom exercise's deflated JSON: inflate it and pass it to [`from_inflated`].
    Custom(Vec<u8>),
}

const DAMAGED: &str = "This exercise link is damaged (it was probably cut short when copied)";

/// Reads an exercise link as far as it can be before inflating; `Err` with a sentence a user
/// can act on when it is one this page cannot open.
pub fn unpack(fragment: &str) -> Result<Unpacked, String> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment).trim();
    if let Some(id) = fragment.strip_prefix(CATALOG_PREFIX) {
        return match lessons::catalog::exercise(id) {
            Some(exercise) => Ok(Unpacked::Catalog(Box::new(exercise.clone()))),
            None => Err(format!(
                "This link names an exercise this playground does not have ({}).",
                id.chars().take(40).collect::<String>()
            )),
        };
    }
    let Some(payload) = fragment.strip_prefix(CUSTOM_PREFIX) else {
        return Ok(Unpacked::NotExercise);
    };
    if payload.len() > MAX_FRAGMENT_CHARS {
        return Err(format!(
            "This exercise link is too long ({} characters; the limit is {MAX_FRAGMENT_CHARS}).",
            payload.len()
        ));
    }
    base64url_decode(payload)
        .map(Unpacked::Custom)
        .ok_or_else(|| format!("{DAMAGED}: not base64url."))
}

/// A custom exercise from its inflated JSON, validated and bounded by [`Exercise::from_json`].
pub fn from_inflated(inflated: Result<Vec<u8>, InflateError>) -> Result<Exercise, String> {
    let bytes = inflated.map_err(|_| format!("{DAMAGED}: it does not inflate to an exercise."))?;
    let text = String::from_utf8(bytes).map_err(|_| format!("{DAMAGED}: not UTF-8 text."))?;
    Exercise::from_json(&text)
        .map_err(|error| format!("This exercise link cannot be opened: {error}."))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::link_reader::{
        self,
        tests::{now, with_miniz},
    };
    use crate::share::MAX_STATE_BYTES;

    /// The page's exercise-link reader, with miniz's inflater.
    pub(crate) fn decode(fragment: &str) -> Result<Option<Exercise>, String> {
        now(link_reader::exercise_link(fragment, with_miniz))
    }

    /// What the page does with the browser's compressor, with miniz's.
    fn custom_link(exercise: &Exercise) -> String {
        let packed = miniz_oxide::deflate::compress_to_vec(exercise.to_json().as_bytes(), 9);
        custom_fragment_from_deflated(&packed)
    }

    #[test]
    fn every_catalog_exercise_opens_from_its_link() {
        for lesson in lessons::lessons() {
            for exercise in &lesson.exercises {
                let link = catalog_link(&exercise.id);
                assert!(is_exercise_link(&link));
                assert_eq!(
                    decode(&format!("#{link}")).unwrap().as_ref(),
                    Some(exercise)
                );
            }
        }
    }

    #[test]
    fn a_custom_exercise_round_trips_through_its_link() {
        let mut exercise = lessons::catalog::exercise("soft-placement-on")
            .unwrap()
            .clone();
        exercise.id = "my-own".into();
        exercise.title = "Mine".into();
        let link = custom_link(&exercise);
        assert!(link.starts_with(CUSTOM_PREFIX));
        assert_eq!(decode(&link).unwrap(), Some(exercise));
    }

    #[test]
    fn share_links_and_anchors_are_not_exercise_links() {
        assert_eq!(decode("v1.abc").unwrap(), None);
        assert_eq!(decode("").unwrap(), None);
        assert!(!is_exercise_link("#v1.abc"));
    }

    #[test]
    fn hostile_links_get_a_message_not_a_panic() {
        assert!(decode("x1.no-such-exercise")
            .unwrap_err()
            .contains("does not have"));
        assert!(decode("e1.!!!").unwrap_err().contains("base64url"));
        assert!(decode("e1.AAAA").unwrap_err().contains("damaged"));
        let not_an_exercise = miniz_oxide::deflate::compress_to_vec(br#"{"id":1}"#, 9);
        let link = format!("{CUSTOM_PREFIX}{}", base64url_encode(&not_an_exercise));
        assert!(decode(&link).unwrap_err().contains("cannot be opened"));
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b' '; MAX_STATE_BYTES * 4], 9);
        let link = format!("{CUSTOM_PREFIX}{}", base64url_encode(&bomb));
        assert!(decode(&link).is_err());
    }
}
