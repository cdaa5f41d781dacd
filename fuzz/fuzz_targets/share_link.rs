//! Fuzz target `share_link`: any bytes as a link's fragment (`#v1.…`, `#e1.…`) and as the
//! deflated state inside one, read as the page reads them (with miniz in place of the
//! browser's DecompressionStream, limited the same way). Never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use web::share::{self, InflateError, MAX_STATE_BYTES};

fn inflate(packed: &[u8]) -> Result<Vec<u8>, InflateError> {
    miniz_oxide::inflate::decompress_to_vec_with_limit(packed, MAX_STATE_BYTES).map_err(|e| {
        match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => InflateError::TooLarge,
            _ => InflateError::Damaged,
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(Some(packed)) = share::unpack(&text) {
        let _ = share::from_inflated(inflate(&packed));
    }
    if web::exercise_link::is_exercise_link(&text) {
        let _ = web::exercise_link::unpack(&text);
    }
    // The bytes as deflated state, and as the inflated text itself.
    let _ = share::from_inflated(inflate(data));
    let _ = share::from_inflated(Ok(data.to_vec()));
    let _ = web::exercise_link::from_inflated(Ok(data.to_vec()));
    let _ = share::read_saved(&text);
});
