#!/usr/bin/env bash
# Sets up what is missing, then runs every test layer in order; stops at the first failure.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
scripts/setup.sh
. scripts/env.sh
scripts/refresh-conformance.sh
# A CI run builds each crate once from a fresh clone, so rustc's incremental
# caches would only double the size of target/ (a CI run once filled the disk).
if [ "${CI:-}" = true ]; then export CARGO_INCREMENTAL=0; fi

start=$(date +%s)
step() { printf '\n==> %s  (%ss)\n' "$*" "$(( $(date +%s) - start ))"; }

step "cargo fmt --check"
cargo fmt --all --check

step "cargo clippy --all-targets -- -D warnings"
cargo clippy --workspace --all-targets -q -- -D warnings

step "native tests"
cargo test --workspace -q

step "conformance"
cargo run -q -p conformance-runner --bin conformance
cargo run -q -p conformance-runner --bin conformance -- --guides

step "hostile programs through the release CLI (8 MB and 1 MB stacks)"
cargo build --release -q -p cli
python3 tests/hostile/run.py target/release/placement

step "whole models against published throughput (tests/anchors)"
python3 tests/anchors/run.py target/release/placement

step "wasm-bindgen-test (crates/web) in headless Chromium"
CHROMEDRIVER=/usr/bin/chromedriver \
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test -p web --target wasm32-unknown-unknown --test components

step "wasm kernels' bits (benches/wasm) in headless Chromium"
CHROMEDRIVER=/usr/bin/chromedriver \
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test -p wasm-bench --target wasm32-unknown-unknown --test kernels

step "release build (trunk build --offline --release)"
scripts/build.sh

step "end-to-end tests in Chromium (screenshots in target/e2e/)"
(cd tests/e2e && node --test --test-concurrency=1 --test-reporter=spec)

step "all test layers passed"
