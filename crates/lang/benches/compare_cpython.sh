#!/bin/sh
# Runs the benchmark programs (benches/programs.rs) under lang (release build) and under
# python3, checks both print the same, and prints the time ratio lang / CPython per program.
# Usage: crates/lang/benches/compare_cpython.sh   (from anywhere in the workspace)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$here/.."
BENCH_TIME=1 BENCH_DUMP="$scratch" cargo test -q --release -p lang --test bench_programs -- --nocapture \
    | grep '^BENCH ' >"$scratch/ours.txt"
printf '%-12s %10s %10s %8s\n' program lang_s cpython_s ratio
while read -r _ name ours; do
    start=$(python3 -c 'import time; print(time.perf_counter())')
    python3 "$scratch/$name.py" >"$scratch/$name.cpython"
    end=$(python3 -c 'import time; print(time.perf_counter())')
    # Interpreter start-up is subtracted so the ratio compares the programs themselves.
    s0=$(python3 -c 'import time; print(time.perf_counter())')
    python3 -c 'pass'
    s1=$(python3 -c 'import time; print(time.perf_counter())')
    theirs=$(python3 -c "print(max(1e-6, ($end - $start) - ($s1 - $s0)))")
    if ! cmp -s "$scratch/$name.cpython" "$scratch/$name.ours"; then
        echo "$name: output differs from CPython" >&2
    fi
    python3 -c "print('%-12s %10.4f %10.4f %8.2f' % ('$name', $ours, $theirs, $ours / $theirs))"
done <"$scratch/ours.txt"
