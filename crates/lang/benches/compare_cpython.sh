#!/bin/sh
# Runs the benchmark programs (benches/programs.rs) under lang (release build, as shipped:
# examples/time_programs.rs) and under python3, checks both print the same, and prints the
# time ratio lang / CPython per program (below 1: lang is faster). Both are timed inside the
# interpreter, best of 20 runs, each program in a process of its own (run one after another
# in one process, a program's time depends on what ran before it: the allocator's state
# made strings 25% slower).
# Usage: crates/lang/benches/compare_cpython.sh   (from anywhere in the workspace)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$here/.."
cargo build -q --release -p lang --example time_programs
names=$(sed -n 's/^ *"\([a-z_]*\)",$/\1/p' benches/programs.rs)
: >"$scratch/ours.txt"
for name in $names; do
    cargo run -q --release -p lang --example time_programs -- "$name" "$scratch" >>"$scratch/ours.txt"
done
printf '%-12s %10s %10s %8s\n' program lang_s cpython_s ratio
# CPython is timed like lang: inside the interpreter (no start-up), best of 20 runs.
cat >"$scratch/timer.py" <<'PY'
import sys, time, io, contextlib
path = sys.argv[1]
code = compile(open(path).read(), path, "exec")
best = float("inf")
for _ in range(20):
    out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out):
        exec(code, {"__name__": "__main__"})
    best = min(best, time.perf_counter() - start)
sys.stdout.write(out.getvalue())
print(best, file=sys.stderr)
PY
while read -r _ name ours; do
    theirs=$(python3 "$scratch/timer.py" "$scratch/$name.py" 2>&1 >"$scratch/$name.cpython")
    if ! cmp -s "$scratch/$name.cpython" "$scratch/$name.ours"; then
        echo "$name: output differs from CPython" >&2
    fi
    python3 -c "print('%-12s %10.4f %10.4f %8.2f' % ('$name', $ours, $theirs, $ours / $theirs))"
done <"$scratch/ours.txt"
