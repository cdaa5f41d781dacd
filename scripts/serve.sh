#!/usr/bin/env bash
# Sets up what is missing, builds the playground and serves it on http://127.0.0.1:8080.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
scripts/setup.sh --build
. scripts/env.sh
echo
echo "Placement Playground: http://127.0.0.1:8080  (Ctrl+C stops the server)"
echo
exec trunk serve --offline --release --address 127.0.0.1 --port 8080
