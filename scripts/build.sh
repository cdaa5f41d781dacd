#!/usr/bin/env bash
# Builds the release site into dist/, with brotli and gzip copies of each file for static hosts
# that serve precompressed files, and prints the size of what a browser downloads.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
. scripts/env.sh
trunk build --offline --release --cargo-profile web
node scripts/precompress.mjs dist
