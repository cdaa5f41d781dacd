#!/usr/bin/env bash
# Fuzzes the language with libFuzzer (cargo fuzz) on the stable toolchain.
#   scripts/fuzz.sh [TARGET] [SECONDS]     TARGET: parse | run (default: run), SECONDS default 60
# cargo-fuzz passes nightly-only flags; RUSTC_BOOTSTRAP=1 lets the installed stable toolchain
# accept them (no nightly can be downloaded here). Crashes land in crates/lang/fuzz/artifacts/.
# Leak detection is off: lang has no cycle collector, so a program whose objects refer to
# each other leaks them when the run ends (module globals are cleared, which breaks the common
# function/class cycles; see clear_module in crates/lang/src/lib.rs).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${1:-run}
SECONDS_MAX=${2:-60}
. "$ROOT/scripts/env.sh"
if ! command -v cargo-fuzz >/dev/null; then
  echo "[fuzz] installing cargo-fuzz (once)"
  cargo install --locked cargo-fuzz
fi
cd "$ROOT/crates/lang"
mkdir -p "fuzz/corpus/$TARGET"
# Seed the corpus with every program the project knows, so the fuzzer starts from real Python.
for f in "$ROOT"/tests/conformance/*/*.py "$ROOT"/crates/lang/tests/snippets/*.py; do
  [ -f "$f" ] && cp "$f" "fuzz/corpus/$TARGET/$(basename "$(dirname "$f")")_$(basename "$f")"
done
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" RUSTC_BOOTSTRAP=1 exec cargo fuzz run "$TARGET" "fuzz/corpus/$TARGET" -- \
  -max_total_time="$SECONDS_MAX" -max_len=4096 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1
