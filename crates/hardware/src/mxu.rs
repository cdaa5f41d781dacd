//! The TPU matrix unit (MXU) as a weight-stationary systolic array: how many array cycles a
//! matmul takes once its shapes are padded to tiles.
//!
//! A `t × t` array holds one `t × t` tile of the weights (`K × N`); the `M` rows of the
//! left operand stream through it. SCALE-Sim's per-fold count is `2R + C + T − 2` cycles
//! (R = C = t, T = rows streamed) [S62][S64] B; rows are padded to 8 (the 8×128 vector
//! registers, [S12] A), `K` and `N` to the tile ([S11] B). The count is for one array; the
//! device's MXUs share the folds, which `roofline` accounts for through the peak figure.

/// The padded shape and cycle count of one matmul on one MXU array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MxuPlan {
    /// Weight tiles (`⌈K/t⌉·⌈N/t⌉` per batch element) the array must load.
    pub folds: u64,
    /// Single-array cycles for all folds.
    pub cycles: u64,
    /// Multiply-adds after padding (`batch·M8·Kt·Nt`), to compare with the useful ones.
    pub padded_macs: u64,
}

/// Rows stream in groups of 8 (sublanes of the vector registers).
const ROW_GROUP: u64 = 8;

fn round_up(value: u64, multiple: u64) -> u64 {
    value.div_ceil(multiple).saturating_mul(multiple)
}

/// Plans `batch` matmuls of `m × k` by `k × n` on a `tile × tile` array. Either operand can
/// be the stationary one (`C = A·B` or `Cᵀ = Bᵀ·Aᵀ`: the compiler picks the operands'
/// layouts), so the plan streams whichever of `m` and `n` takes fewer cycles: a filter
/// gradient, whose `m` is a few hundred filter taps, streams the output channels instead.
pub fn plan(batch: u64, m: u64, k: u64, n: u64, tile: u64) -> MxuPlan {
    let streamed_rows = plan_streaming(batch, m, k, n, tile);
    let streamed_columns = plan_streaming(batch, n, k, m, tile);
    if streamed_columns.cycles < streamed_rows.cycles {
        streamed_columns
    } else {
        streamed_rows
    }
}

/// The plan that holds `k × n` weight tiles and streams the `m` rows through them.
fn plan_streaming(batch: u64, m: u64, k: u64, n: u64, tile: u64) -> MxuPlan {
    let tile = tile.max(1);
    let rows = round_up(m.max(1), ROW_GROUP);
    let folds = batch
        .saturating_mul(k.max(1).div_ceil(tile))
        .saturating_mul(n.max(1).div_ceil(tile));
    let cycles_per_fold = (3 * tile).saturating_add(rows).saturating_sub(2);
    MxuPlan {
        folds,
        cycles: folds.saturating_mul(cycles_per_fold),
        padded_macs: batch
            .saturating_mul(rows)
            .saturating_mul(round_up(k.max(1), tile))
            .saturating_mul(round_up(n.max(1), tile)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longer_side_streams() {
        // A filter gradient: 64 taps by 256 channels, contracted over 401,408 positions.
        let gradient = plan(1, 64, 401_408, 256, 128);
        assert_eq!(gradient, plan_streaming(1, 256, 401_408, 64, 128));
        assert!(gradient.cycles < plan_streaming(1, 64, 401_408, 256, 128).cycles);
        // A square matmul keeps its rows streaming.
        assert_eq!(
            plan(1, 1024, 1024, 1024, 128),
            plan_streaming(1, 1024, 1024, 1024, 128)
        );
    }

    #[test]
    fn one_fold_is_scale_sims_formula() {
        // 2R + C + T − 2 with R = C = 128 and T = 128 rows.
        let plan = plan(1, 128, 128, 128, 128);
        assert_eq!(plan.folds, 1);
        assert_eq!(plan.cycles, 2 * 128 + 128 + 128 - 2);
        assert_eq!(plan.padded_macs, 128 * 128 * 128);
    }

    #[test]
    fn shapes_are_padded_to_tiles() {
        let small = plan(1, 1, 1, 1, 128);
        assert_eq!(small.padded_macs, 8 * 128 * 128);
        let wide = plan(2, 1024, 129, 256, 128);
        assert_eq!(wide.folds, 2 * 2 * 2);
        // v6e's 256-wide array needs a quarter of the folds of a 128-wide one.
        assert_eq!(
            plan(1, 2048, 2048, 2048, 256).folds * 4,
            plan(1, 2048, 2048, 2048, 128).folds
        );
    }
}
