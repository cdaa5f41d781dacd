#!/bin/sh
# Regenerates the expected outputs of every snippet with CPython 3.11 (the oracle).
# Each snippet runs as `main.py` in a scratch directory, like the conformance corpus:
#   NAME.out  stdout     NAME.err  stderr     NAME.code  exit status
# Never edit the generated files by hand.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for py in "$here"/*.py; do
    name=$(basename "$py" .py)
    cp "$py" "$scratch/main.py"
    (cd "$scratch" && PYTHONHASHSEED=0 python3 main.py >"$here/$name.out" 2>"$here/$name.err"; echo $? >"$here/$name.code") || true
    # CPython 3.11 prints the script's absolute path; the playground names it main.py.
    sed -i "s|$scratch/||g" "$here/$name.err"
done
