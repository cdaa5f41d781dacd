//! The hardware model: machines as data, and how long work takes on them.
//!
//! - [`spec`]: the topology document (JSON): chips with sourced figures, hosts, devices,
//!   links, an ICI torus, the environment.
//! - [`validate`]: checks a document (hostile input) and resolves it into a [`Hardware`].
//! - [`machine`]: the resolved machine: indexed devices, links, routes between devices.
//! - [`presets`]: the machines of DESIGN.md "Topologies", figures from
//!   `shared/research/hardware-anchors.md` with their source tags.
//! - [`roofline`]: time of one op's work on one device (roofline, floors, efficiencies).
//! - [`mxu`]: the TPU matrix unit's cycle count for a padded, tiled matmul.
//!
//! Nothing here knows about programs or tensors' values: the simulator ([`sim`])
//! asks this module how long things take.

pub mod machine;
pub mod mxu;
pub mod presets;
pub mod roofline;
pub mod spec;
pub mod topology;
pub mod validate;

pub use machine::{Device, Hardware, Hop, Link};
pub use spec::{ChipSpec, LinkKind, TopologySpec};
pub use validate::{parse_json, validate};

/// Why a TPU slice has (or lacks) wraparound links, quoted in validation errors.
pub const WRAPAROUND_RULE: &str = "hardware-anchors §1.2 [S11]: v4/v5p slices wrap only when \
every axis is a multiple of 4; v5e/v6e wrap only on an axis of 16; v2/v3 wrap only on a full \
pod axis (16 on v2, 32 on v3); an axis of 1 or 2 chips never has a wraparound link";

/// Whether axis `axis` of a slice of shape `dims` made of `model` chips has wraparound.
///
/// Unknown models (custom chips) may wrap any axis of 3 or more chips.
pub fn wraparound_allowed(model: &str, dims: &[u32], axis: usize) -> bool {
    let Some(&size) = dims.get(axis) else {
        return false;
    };
    if size < 3 {
        return false;
    }
    let model = model.to_ascii_lowercase();
    if model.contains("v4") || model.contains("v5p") {
        dims.iter().all(|d| d % 4 == 0)
    } else if model.contains("v5e") || model.contains("v6e") || model.contains("v2") {
        size == 16
    } else if model.contains("v3") {
        size == 32
    } else {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraparound_follows_the_generation() {
        assert!(!wraparound_allowed("TPU v4", &[2, 2, 4], 2));
        assert!(wraparound_allowed("TPU v4", &[4, 4, 8], 0));
        assert!(!wraparound_allowed("TPU v5e", &[2, 4], 1));
        assert!(wraparound_allowed("TPU v5e", &[16, 16], 1));
        assert!(!wraparound_allowed("TPU v2", &[2, 2], 0));
        assert!(wraparound_allowed("custom", &[3], 0));
    }
}
