//! The hook behind every link the page writes (share, embed, exercise): the link of some text,
//! deflated by the browser in the background. A component asks for the link of its current
//! text and gets `None` until the compressor has finished; a newer text supersedes an older
//! one still in flight, so a late answer never shows a stale link.

use crate::{browser, share};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// The link for `text`, once the browser has deflated it: `link` turns the deflated bytes
/// into the link. `Some(Err)` says why there is none; empty text has no link (`None`).
#[hook]
pub fn use_deflated_link(
    text: String,
    link: fn(&[u8]) -> String,
) -> Option<Result<String, String>> {
    let made = use_state(|| None::<(String, Result<String, String>)>);
    let latest = use_mut_ref(String::new);
    {
        let made = made.clone();
        use_effect_with(text.clone(), move |text| {
            *latest.borrow_mut() = text.clone();
            if !text.is_empty() {
                deflate_in_background(text.clone(), link, latest, made);
            }
        });
    }
    match &*made {
        Some((for_text, result)) if *for_text == text && !text.is_empty() => Some(result.clone()),
        _ => None,
    }
}

/// Deflates `text` and stores its link, unless a newer text has been asked for meanwhile.
fn deflate_in_background(
    text: String,
    link: fn(&[u8]) -> String,
    latest: Rc<RefCell<String>>,
    made: UseStateHandle<Option<(String, Result<String, String>)>>,
) {
    yew::platform::spawn_local(async move {
        let result = browser::deflate_raw(text.as_bytes())
            .await
            .map(|packed| link(&packed));
        if *latest.borrow() == text {
            made.set(Some((text, result)));
        }
    });
}

/// This page's address with the share fragment of a deflated state.
pub fn share_page_link(packed: &[u8]) -> String {
    format!(
        "{}#{}",
        browser::page_address(),
        share::fragment_from_deflated(packed)
    )
}
