//! The logic behind the Placement pane, kept apart from the component so it is tested
//! natively: which ops a search and a device filter leave, how many ops each device has, and
//! which rows of a long table are worth drawing (the pane draws only those in view, so a
//! report of 100k ops scrolls as fast as one of ten).

use engine::report::OpReport;

/// Every row is this tall (one line of text): the pane computes which rows are in view from
/// the scroll position alone.
pub const ROW_HEIGHT_PX: f64 = 30.0;

/// Rows drawn above and below the visible ones, so a fast scroll does not show a gap.
const OVERSCAN_ROWS: usize = 12;

/// Whether `op` matches every word of `query` (case-insensitive) in its name, type, device,
/// requested device, reason or line number: "matmul gpu:1" finds the MatMuls on GPU 1.
pub fn matches(op: &OpReport, query_words: &[String]) -> bool {
    query_words.iter().all(|word| {
        contains_folded(&op.name, word)
            || contains_folded(&op.op_type, word)
            || contains_folded(&op.device, word)
            || contains_folded(&op.requested_device, word)
            || contains_folded(&op.reason, word)
            || op.line.to_string() == *word
    })
}

/// `haystack` contains `needle` (already lower case), ignoring ASCII case.
fn contains_folded(haystack: &str, needle: &str) -> bool {
    let needle = needle.as_bytes();
    if needle.is_empty() {
        return true;
    }
    haystack
        .as_bytes()
        .windows(needle.len())
        .any(|window| window.eq_ignore_ascii_case(needle))
}

/// The search box's text as the words [`matches`] wants.
pub fn query_words(query: &str) -> Vec<String> {
    query
        .split_whitespace()
        .map(|word| word.to_ascii_lowercase())
        .collect()
}

/// The positions in `ops` of those on `device` (all devices when `None`) that match `query`.
pub fn matching_rows(ops: &[OpReport], device: Option<&str>, query: &str) -> Vec<usize> {
    let words = query_words(query);
    ops.iter()
        .enumerate()
        .filter(|(_, op)| device.is_none_or(|device| op.device == device))
        .filter(|(_, op)| matches(op, &words))
        .map(|(i, _)| i)
        .collect()
}

/// How many ops each of `devices` has, in their order, leaving out those with none.
pub fn device_counts<'a>(ops: &[OpReport], devices: &'a [String]) -> Vec<(&'a str, usize)> {
    let mut counts = vec![0usize; devices.len()];
    let mut last: Option<(&str, usize)> = None;
    for op in ops {
        // Ops come in runs on the same device: remember the last lookup.
        let index = match last {
            Some((name, index)) if name == op.device => Some(index),
            _ => devices.iter().position(|device| *device == op.device),
        };
        if let Some(index) = index {
            counts[index] += 1;
            last = Some((&op.device, index));
        }
    }
    devices
        .iter()
        .zip(counts)
        .filter(|(_, count)| *count > 0)
        .map(|(device, count)| (device.as_str(), count))
        .collect()
}

/// The rows to draw, `start..end` of `total`, for a table scrolled to `scroll_top` in a
/// viewport `height` pixels tall.
pub fn visible_rows(scroll_top: f64, height: f64, total: usize) -> std::ops::Range<usize> {
    let first = (scroll_top.max(0.0) / ROW_HEIGHT_PX) as usize;
    let shown = (height.max(ROW_HEIGHT_PX) / ROW_HEIGHT_PX).ceil() as usize;
    let start = first.saturating_sub(OVERSCAN_ROWS).min(total);
    let end = (first + shown + OVERSCAN_ROWS).min(total);
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(name: &str, op_type: &str, device: &str, reason: &str, line: u32) -> OpReport {
        OpReport {
            name: name.into(),
            op_type: op_type.into(),
            device: device.into(),
            reason: reason.into(),
            line,
            ..OpReport::default()
        }
    }

    fn ops() -> Vec<OpReport> {
        vec![
            op(
                "MatMul",
                "MatMul",
                "/job:localhost/replica:0/task:0/device:GPU:0",
                "requested",
                3,
            ),
            op(
                "MatMul_1",
                "MatMul",
                "/job:localhost/replica:0/task:0/device:GPU:1",
                "requested",
                5,
            ),
            op(
                "add",
                "AddV2",
                "/job:localhost/replica:0/task:0/device:CPU:0",
                "soft placement: no GPU kernel",
                7,
            ),
        ]
    }

    #[test]
    fn every_word_must_match_somewhere() {
        let ops = ops();
        assert_eq!(matching_rows(&ops, None, ""), vec![0, 1, 2]);
        assert_eq!(matching_rows(&ops, None, "matmul"), vec![0, 1]);
        assert_eq!(matching_rows(&ops, None, "MATMUL gpu:1"), vec![1]);
        assert_eq!(matching_rows(&ops, None, "soft kernel"), vec![2]);
        assert_eq!(matching_rows(&ops, None, "7"), vec![2]);
        assert_eq!(matching_rows(&ops, None, "tpu"), Vec::<usize>::new());
        let gpu0 = "/job:localhost/replica:0/task:0/device:GPU:0";
        assert_eq!(matching_rows(&ops, Some(gpu0), "matmul"), vec![0]);
    }

    #[test]
    fn counts_per_device_skip_the_empty_ones() {
        let devices: Vec<String> = ["CPU:0", "GPU:0", "GPU:1", "TPU:0"]
            .iter()
            .map(|d| format!("/job:localhost/replica:0/task:0/device:{d}"))
            .collect();
        let counts = device_counts(&ops(), &devices);
        let counts: Vec<usize> = counts.into_iter().map(|(_, n)| n).collect();
        assert_eq!(counts, vec![1, 1, 1]);
    }

    #[test]
    fn only_the_rows_in_view_and_a_margin_are_drawn() {
        assert_eq!(visible_rows(0.0, 600.0, 100_000), 0..32);
        let far = visible_rows(300_000.0, 600.0, 100_000);
        assert_eq!(far, 9988..10032);
        assert_eq!(visible_rows(1e12, 600.0, 100_000), 100_000..100_000);
        assert_eq!(visible_rows(0.0, 600.0, 5), 0..5);
        assert_eq!(visible_rows(-50.0, 0.0, 5), 0..5);
    }
}
