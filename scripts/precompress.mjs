// Writes each file a browser downloads from dist/ also as `.br` (brotli, quality 11) and `.gz`
// (gzip -9), for static hosts that serve precompressed files (nginx's gzip_static and
// brotli_static, Caddy's `precompressed`), and prints what a first visit downloads each way.
// Chromium asks for brotli even over plain http, so a host that has the `.br` files sends them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
const compressed = /\.(wasm|js|css|html|svg|pack)$/;

/** Every file under `dir`, recursively. */
function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

const totals = { raw: 0, gzip: 0, brotli: 0 };
const library = [];
console.log('[build] what a first visit downloads (the bundled Python library is fetched on import):');
for (const file of files(dist)) {
  if (!compressed.test(file)) continue;
  const body = fs.readFileSync(file);
  const gzip = zlib.gzipSync(body, { level: 9 });
  const brotli = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  fs.writeFileSync(`${file}.gz`, gzip);
  fs.writeFileSync(`${file}.br`, brotli);
  if (path.dirname(file) !== path.normalize(dist)) {
    // The library's packs, each fetched on the first import of one of its modules.
    library.push(`  ${path.relative(dist, file).padEnd(44)} ${String(body.length).padStart(9)} bytes, `
      + `${String(gzip.length).padStart(8)} gzip, ${String(brotli.length).padStart(8)} brotli`);
    continue;
  }
  totals.raw += body.length;
  totals.gzip += gzip.length;
  totals.brotli += brotli.length;
  console.log(`  ${path.basename(file).padEnd(44)} ${String(body.length).padStart(9)} bytes, `
    + `${String(gzip.length).padStart(8)} gzip, ${String(brotli.length).padStart(8)} brotli`);
}
console.log(`  ${'total'.padEnd(44)} ${String(totals.raw).padStart(9)} bytes, `
  + `${String(totals.gzip).padStart(8)} gzip, ${String(totals.brotli).padStart(8)} brotli`);
console.log('[build] the Python library, fetched on first import:');
for (const line of library) console.log(line);
