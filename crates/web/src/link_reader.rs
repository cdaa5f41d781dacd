//! Opening share links, exercise links and the autosave. The codecs (`share`,
//! `exercise_link`) read everything but the inflating, which is the browser's
//! `DecompressionStream` and asynchronous: each reader here runs unpack, inflate, read.

use crate::browser;
use crate::exercise_link::{self, Unpacked};
use crate::share::{self, Decoded, Saved, MAX_STATE_BYTES};
use lessons::Exercise;

/// A share link's state: `Ok(None)` when the fragment holds none (empty, or a plain anchor),
/// `Err` with a message a user can act on when it is a link this page cannot read.
pub async fn share_link(fragment: &str) -> Result<Option<Decoded>, String> {
    match share::unpack(fragment)? {
        None => Ok(None),
        Some(packed) => {
            share::from_inflated(browser::inflate_raw(&packed, MAX_STATE_BYTES).await).map(Some)
        }
    }
}

/// An exercise link's exercise: `Ok(None)` when the fragment is not an exercise link.
pub async fn exercise_link(fragment: &str) -> Result<Option<Exercise>, String> {
    match exercise_link::unpack(fragment)? {
        Unpacked::NotExercise => Ok(None),
        Unpacked::Catalog(exercise) => Ok(Some(*exercise)),
        Unpacked::Custom(packed) => {
            exercise_link::from_inflated(browser::inflate_raw(&packed, MAX_STATE_BYTES).await)
                .map(Some)
        }
    }
}

/// The autosaved state, when there is one and it can be read.
pub async fn autosave() -> Option<Decoded> {
    match share::read_saved(&browser::load(browser::AUTOSAVE_KEY)?)? {
        Saved::State(decoded) => Some(decoded),
        Saved::Link(fragment) => share_link(&fragment).await.ok().flatten(),
    }
}
