#!/usr/bin/env bash
# Installs what building and testing the playground needs, and only what is missing.
# Idempotent and quick when everything is there. Tools go to machine-wide caches
# (~/.cargo/bin, ~/.cache/placement-playground) so a fresh clone reuses them.
#   scripts/setup.sh          everything (build + browser tests)
#   scripts/setup.sh --build  only what building the site needs
set -euo pipefail

TRUNK_VERSION=0.21.14
BINARYEN_VERSION=132
TERSER_VERSION=5.51.2
# The wasm-bindgen CLI must match the library version pinned in Cargo.toml exactly.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' "$ROOT/Cargo.toml")
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/placement-playground"
export PATH="$HOME/.cargo/bin:$PATH"

want_browser=1
[ "${1:-}" = "--build" ] && want_browser=0

say() { printf '[setup] %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "adding $component"
    rustup component add "$component"
  fi
done

if ! trunk --version 2>/dev/null | grep -q "$TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (takes several minutes once)"
  cargo install --locked "trunk@$TRUNK_VERSION"
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q "$WASM_BINDGEN_VERSION"; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  # Not --locked: one dependency in the CLI's own lock file is not in the registry.
  cargo install --force "wasm-bindgen-cli@$WASM_BINDGEN_VERSION"
fi

if ! "$CACHE/binaryen/node_modules/.bin/wasm-opt" --version 2>/dev/null | grep -q "version $BINARYEN_VERSION"; then
  say "installing wasm-opt from npm binaryen@$BINARYEN_VERSION"
  mkdir -p "$CACHE/binaryen"
  (cd "$CACHE/binaryen" && npm install --no-audit --no-fund --silent "binaryen@$BINARYEN_VERSION")
fi

if ! "$CACHE/terser/node_modules/.bin/terser" --version 2>/dev/null | grep -q "terser $TERSER_VERSION"; then
  say "installing terser $TERSER_VERSION from npm (minifies the wasm-bindgen glue)"
  mkdir -p "$CACHE/terser"
  (cd "$CACHE/terser" && npm install --no-audit --no-fund --silent "terser@$TERSER_VERSION")
fi

if [ "$want_browser" = 1 ]; then
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    say "installing Debian chromium and chromium-driver"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
  if [ ! -d "$ROOT/tests/e2e/node_modules/playwright-core" ]; then
    say "installing playwright-core for the end-to-end tests"
    (cd "$ROOT/tests/e2e" && npm ci --no-audit --no-fund --silent)
  fi
fi

say "fetching crates"
(cd "$ROOT" && cargo fetch --target wasm32-unknown-unknown -q && cargo fetch -q)
say "ready"
