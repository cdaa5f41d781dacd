//! Opening share links, exercise links and the autosave. The codecs (`share`,
//! `exercise_link`) read everything but the inflating, which on the page is the browser's
//! `DecompressionStream` and asynchronous: each reader here runs unpack, inflate, read. The
//! inflater is a parameter so that the native tests run these same readers with miniz.

use crate::browser;
use crate::exercise_link::{self, Unpacked};
use crate::share::{self, Decoded, InflateError, Saved, MAX_STATE_BYTES};
use lessons::Exercise;
use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

/// A link's bytes being inflated.
pub type Inflating<'a> = Pin<Box<dyn Future<Output = Result<Vec<u8>, InflateError>> + 'a>>;

/// An inflater: the browser's on the page, miniz's in the native tests. A plain function
/// returning a boxed future, so that each reader is compiled once.
pub type Inflater = for<'a> fn(&'a [u8]) -> Inflating<'a>;

/// The page's inflater: the browser's, stopping at [`MAX_STATE_BYTES`].
pub fn in_browser(packed: &[u8]) -> Inflating<'_> {
    Box::pin(browser::inflate_raw(packed, MAX_STATE_BYTES))
}

/// A share link's state: `Ok(None)` when the fragment holds none (empty, or a plain anchor),
/// `Err` with a message a user can act on when it is a link this page cannot read.
pub async fn share_link(fragment: &str, inflate: Inflater) -> Result<Option<Decoded>, String> {
    match share::unpack(fragment)? {
        None => Ok(None),
        Some(packed) => share::from_inflated(inflate(&packed).await).map(Some),
    }
}

/// An exercise link's exercise: `Ok(None)` when the fragment is not an exercise link.
pub async fn exercise_link(fragment: &str, inflate: Inflater) -> Result<Option<Exercise>, String> {
    match exercise_link::unpack(fragment)? {
        Unpacked::NotExercise => Ok(None),
        Unpacked::Catalog(exercise) => Ok(Some(*exercise)),
        Unpacked::Custom(packed) => exercise_link::from_inflated(inflate(&packed).await).map(Some),
    }
}

/// The autosave `saved` (the JSON text, or a fragment older builds kept) as a state, when it
/// can be read.
pub async fn autosave(saved: &str, inflate: Inflater) -> Option<Decoded> {
    match share::read_saved(saved)? {
        Saved::State(decoded) => Some(decoded),
        Saved::Link(fragment) => share_link(&fragment, inflate).await.ok().flatten(),
    }
}

/// Numbers the page's link loads. Links inflate asynchronously, so a second link can arrive
/// while the first is still inflating; the first must then apply nothing, or it would replace
/// the newer one.
#[derive(Default)]
pub struct Loads(Rc<Cell<u32>>);

impl Loads {
    /// Begins a load; the answer says, when asked later, whether no load has begun since.
    pub fn begin(&self) -> impl Fn() -> bool + 'static {
        let load = self.0.get().wrapping_add(1);
        self.0.set(load);
        let latest = self.0.clone();
        move || latest.get() == load
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::pin::pin;
    use std::task::{Context, Poll, Waker};

    #[test]
    fn only_the_latest_load_applies() {
        let loads = Loads::default();
        let first = loads.begin();
        assert!(first());
        let second = loads.begin();
        assert!(!first());
        assert!(second());
        let third = loads.begin();
        assert!(!first() && !second() && third());
    }

    /// What the browser's inflater does, with miniz's: stops at [`MAX_STATE_BYTES`].
    pub(crate) fn with_miniz(packed: &[u8]) -> Inflating<'_> {
        let inflated = miniz_oxide::inflate::decompress_to_vec_with_limit(packed, MAX_STATE_BYTES)
            .map_err(|error| match error.status {
                miniz_oxide::inflate::TINFLStatus::HasMoreOutput => InflateError::TooLarge,
                _ => InflateError::Damaged,
            });
        Box::pin(std::future::ready(inflated))
    }

    /// The output of a reader run with [`with_miniz`], which never waits.
    pub(crate) fn now<T>(future: impl Future<Output = T>) -> T {
        match pin!(future).poll(&mut Context::from_waker(Waker::noop())) {
            Poll::Ready(value) => value,
            Poll::Pending => panic!("miniz's inflater does not wait"),
        }
    }
}
