# Sourced by the other scripts: puts the project's tools on PATH.
# wasm-opt comes from npm's binaryen (Debian's is too old for current rustc output); terser,
# which minifies the wasm-bindgen glue of release builds, from npm too.
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/placement-playground"
export PATH="$CACHE/binaryen/node_modules/.bin:$CACHE/terser/node_modules/.bin:$HOME/.cargo/bin:$PATH"
