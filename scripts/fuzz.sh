#!/usr/bin/env bash
# Fuzzes with libFuzzer (cargo fuzz) on the stable toolchain.
#   scripts/fuzz.sh [TARGET] [SECONDS] [JOBS]
# TARGET: parse | run (the language alone, crates/lang/fuzz) or program | topology | exercise |
# share_link (what reaches the engine from outside, fuzz/); default run. SECONDS default 60;
# JOBS (default 1) runs that many fuzzing processes, each for SECONDS.
# cargo-fuzz passes nightly-only flags; RUSTC_BOOTSTRAP=1 lets the installed stable toolchain
# accept them (no nightly can be downloaded here). Seeds kept in the repository are in
# fuzz/seeds/TARGET; what the fuzzer adds goes to target/fuzz-corpus/TARGET (not committed);
# crashes land in the fuzz crate's artifacts/ folder.
# Leak detection is off: lang has no cycle collector, so a program whose objects refer to
# each other leaks them when the run ends (module globals are cleared, which breaks the common
# function/class cycles; see clear_module in crates/lang/src/lib.rs).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${1:-run}
SECONDS_MAX=${2:-60}
JOBS=${3:-1}
. "$ROOT/scripts/env.sh"
if ! command -v cargo-fuzz >/dev/null; then
  echo "[fuzz] installing cargo-fuzz (once)"
  cargo install --locked cargo-fuzz
fi
case "$TARGET" in
  parse | run) CRATE="$ROOT/crates/lang" ;;
  program | topology | exercise | share_link) CRATE="$ROOT" ;;
  *) echo "unknown fuzz target '$TARGET'" >&2; exit 2 ;;
esac
CORPUS="$ROOT/target/fuzz-corpus/$TARGET"
SEEDS="$ROOT/fuzz/seeds/$TARGET"
mkdir -p "$CORPUS" "$SEEDS"
# Programs start from every program the project knows, so the fuzzer begins with real Python.
if [ "$TARGET" = run ] || [ "$TARGET" = parse ] || [ "$TARGET" = program ]; then
  for f in "$ROOT"/tests/conformance/*/*.py "$ROOT"/crates/lang/tests/snippets/*.py "$ROOT"/tests/hostile/programs/*.py; do
    [ -f "$f" ] && cp "$f" "$CORPUS/$(basename "$(dirname "$f")")_$(basename "$f")"
  done
fi
cd "$CRATE"
# The engine's runs leak their reference cycles (no cycle collector), so a long `program` run
# grows by tens of KB per input; each input is capped at 256 MiB by the target itself, so
# libFuzzer's whole-process limit is raised for it rather than reporting that growth as an OOM.
RSS_LIMIT_MB=2048
[ "$TARGET" = program ] && RSS_LIMIT_MB=6144
# With several jobs libFuzzer writes each one's log to fuzz-N.log here.
PARALLEL=()
[ "$JOBS" -gt 1 ] && PARALLEL=(-jobs="$JOBS" -workers="$JOBS")
# Each input may run for a few seconds at most (the engine's budgets); more is a hang.
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" RUSTC_BOOTSTRAP=1 exec cargo fuzz run --release "$TARGET" "$CORPUS" "$SEEDS" -- \
  -max_total_time="$SECONDS_MAX" -max_len=8192 -timeout=20 -rss_limit_mb="$RSS_LIMIT_MB" -detect_leaks=0 \
  -print_final_stats=1 "${PARALLEL[@]}"
