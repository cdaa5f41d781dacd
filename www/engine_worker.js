// The engine's Web Worker (a module worker). The page sends the URL of its wasm-bindgen glue
// and its own wasm module, already compiled; started here, the module's entry point finds a
// worker scope and serves runs instead of rendering the page (crates/web/src/bin/playground.rs),
// replacing this bootstrap handler with its own.
self.onmessage = async (event) => {
  self.onmessage = null;
  const [glue, module] = event.data;
  const { default: init } = await import(glue);
  await init({ module_or_path: module });
};
