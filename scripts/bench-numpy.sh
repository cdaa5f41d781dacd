#!/usr/bin/env bash
# The playground's NumPy against real NumPy (the TF venv's, .tf/) on the same machine:
# milliseconds per round of tests/bench/numpy_ops.py (multiply, add a scalar, sum, sqrt,
# boolean mask on 1e6 elements), from runs with 0 and 50 rounds so start-up cancels out.
# Needs a release CLI (cargo build --release -p cli) and the .tf venv.
set -euo pipefail
cd "$(dirname "$0")/.."
program=tests/bench/numpy_ops.py
seconds() { /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -1; }
run() {
  # The playground has no argv, so the repeat count is written into a copy of the program.
  local copy; copy=$(mktemp --suffix=.py)
  sed "s/^REPEATS = .*/REPEATS = $2/" "$program" > "$copy"
  if [ "$1" = playground ]; then seconds target/release/placement run --topology cpu "$copy"
  else seconds .tf/bin/python "$copy"; fi
  rm -f "$copy"
}
for who in playground numpy; do
  zero=$(run "$who" 0); fifty=$(run "$who" 50)
  echo "$who: $(python3 -c "print(round(($fifty - $zero) / 50 * 1000, 1))") ms per round"
done
