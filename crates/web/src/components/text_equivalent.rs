//! Whether a pane's text equivalent (a `<details>` listing what the drawing shows) is open:
//! the Graph and the Timeline build its rows only then, since describing every box or bar of
//! a big run costs more than a frame.

use yew::prelude::*;

/// `(open, ontoggle)` for a `<details>`: `open` follows the element as the user opens and
/// closes it.
#[hook]
pub fn use_details_open() -> (bool, Callback<Event>) {
    let open = use_state(|| false);
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |event: Event| {
            let details: web_sys::HtmlDetailsElement = event.target_unchecked_into();
            open.set(details.open());
        })
    };
    (*open, ontoggle)
}
