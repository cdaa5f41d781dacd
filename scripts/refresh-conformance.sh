#!/usr/bin/env bash
# Refreshes tests/conformance/ from ../shared/conformance (the oracle's recordings), so a
# clone of this repository alone is complete. Does nothing when ../shared is not beside it.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SRC="$ROOT/../shared/conformance"
DST="$ROOT/tests/conformance"
if [ ! -d "$SRC" ]; then
  echo "[conformance] ../shared/conformance not found; keeping the committed copy"
  exit 0
fi
mkdir -p "$DST"
for dir in cases pycases; do
  rm -rf "$DST/$dir"
  cp -r "$SRC/$dir" "$DST/$dir"
done
cp "$SRC/README.md" "$SRC/record_tf.sh" "$DST/"
echo "[conformance] refreshed from $SRC: $(ls "$DST"/cases/*.py "$DST"/pycases/*.py | wc -l) programs"
