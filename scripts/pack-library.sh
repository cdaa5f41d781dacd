#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml): writes the bundled Python library into the site as
# packs, one download per library (crates/pylib/src/pack.rs says why), under pylib/.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
. scripts/env.sh
cargo run --quiet --offline --package pylib --bin pack-library -- "$TRUNK_STAGING_DIR/pylib"
