// The built site against Pyodide (CPython in WebAssembly), where users feel it. A benchmark,
// not a test: it prints figures and asserts nothing. Run after scripts/build.sh:
//   (cd tests/bench && npm ci) && node tests/bench/site.mjs
// - run-to-output of the same programs in both, in one headless Chromium, alternated, median
//   of 7 after a warm-up run (ours: Run to the report on screen; Pyodide: runPython to its
//   return, output captured);
// - ours only: a TF eager loop, a kernel program (a matmul chain and a conv2d), a small
//   Keras fit, and at real sizes a CNN fit and an 8192^3 matmul (values on demand), and on
//   colab-tpu-v2-8 the CNN fit and a ResNet-50 fit step under TPUStrategy, each with the
//   engine's share (the worker's 'engine run' measure);
// - a first visit with an empty cache at 10 Mbit/s and 40 ms latency (DevTools network
//   emulation) to the first result of an autorun link to a one-line program, median of 3,
//   and a later visit (a reload, cache warm), from a host that sends the build's brotli copies
//   and from one that sends gzip only;
// - the bytes a first visit downloads, from the build's precompressed copies.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dist, launchBrowser, openPlayground, runAndWait, filledValue } from '../e2e/harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const pyodideDir = path.join(here, 'node_modules', 'pyodide');

// Issue 23's programs at the sizes people run: values on demand simulates them without
// computing what is over the work budget.
const CNN_AT_SCALE = [
  'import tensorflow as tf',
  'x = tf.random.uniform([1024, 64, 64, 3])',
  'y = tf.random.uniform([1024], maxval=10, dtype=tf.int32)',
  'model = tf.keras.Sequential([',
  '    tf.keras.layers.Conv2D(32, 3, activation="relu", input_shape=(64, 64, 3)),',
  '    tf.keras.layers.MaxPooling2D(),',
  '    tf.keras.layers.Conv2D(64, 3, activation="relu"),',
  '    tf.keras.layers.GlobalAveragePooling2D(),',
  '    tf.keras.layers.Dense(10),',
  '])',
  'model.compile(optimizer="adam", metrics=["accuracy"],',
  '    loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))',
  'model.fit(x, y, batch_size=128, epochs=2)',
  '',
].join('\n');
const BIG_MATMUL = [
  'import tensorflow as tf',
  'a = tf.ones([8192, 8192], tf.bfloat16)',
  'print(tf.matmul(a, a).shape)',
  '',
].join('\n');

// Issue 23's TPU programs, as Colab users write them: the CNN fit and a ResNet-50 fit step
// under TPUStrategy on colab-tpu-v2-8.
const TPU_PREAMBLE = [
  'import numpy as np',
  'import tensorflow as tf',
  "resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu='')",
  'tf.config.experimental_connect_to_cluster(resolver)',
  'tf.tpu.experimental.initialize_tpu_system(resolver)',
  'strategy = tf.distribute.TPUStrategy(resolver)',
];
const CNN_ON_TPU = [
  ...TPU_PREAMBLE,
  'X = np.random.rand(1024, 64, 64, 3).astype(np.float32)',
  'y = np.random.randint(0, 10, size=(1024,))',
  'with strategy.scope():',
  '    model = tf.keras.Sequential([',
  '        tf.keras.Input(shape=(64, 64, 3)),',
  "        tf.keras.layers.Conv2D(32, 3, activation='relu'),",
  '        tf.keras.layers.MaxPooling2D(),',
  "        tf.keras.layers.Conv2D(64, 3, activation='relu'),",
  '        tf.keras.layers.GlobalAveragePooling2D(),',
  '        tf.keras.layers.Dense(10),',
  '    ])',
  "    model.compile(optimizer='adam', metrics=['accuracy'],",
  '        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))',
  'model.fit(X, y, batch_size=128, epochs=2)',
  '',
].join('\n');
const RESNET_ON_TPU = [
  ...TPU_PREAMBLE,
  'x = np.random.rand(128, 224, 224, 3).astype(np.float32)',
  'y = np.random.randint(0, 1000, size=(128,))',
  'with strategy.scope():',
  '    model = tf.keras.applications.ResNet50(weights=None)',
  "    model.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])",
  'model.fit(x, y, batch_size=128, epochs=1)',
  '',
].join('\n');

const PROGRAMS = {
  interpreter: [
    'class Counter:',
    '    def __init__(self):',
    '        self.n = 0',
    '    def add(self, k):',
    '        self.n += k',
    'c = Counter()',
    'total = 0',
    'for i in range(3_000_000):',
    '    total += i',
    'for i in range(1_000_000):',
    '    c.add(i)',
    'print(total, c.n)',
    '',
  ].join('\n'),
  'strings-and-dicts': [
    'words = {}',
    'for i in range(300_000):',
    '    key = "w" + str(i % 1000)',
    '    words[key] = words.get(key, 0) + len(key)',
    'print(sorted(words.items())[:2], sum(words.values()))',
    '',
  ].join('\n'),
};
// Ours only (Pyodide has no TensorFlow): the engine's eager dispatch.
const TF_LOOP = [
  'import tensorflow as tf',
  'x = tf.constant([[1.0, 2.0], [3.0, 4.0]])',
  'for i in range(2000):',
  '    x = tf.matmul(x, x) / 10.0',
  'print(x.shape)',
  '',
].join('\n');

// Ours only: the kernels (a matmul chain and a convolution), which judge the engine's
// optimisation level in the browser build.
const TF_KERNELS = [
  'import tensorflow as tf',
  'x = tf.random.normal([256, 256], seed=1)',
  'for i in range(8):',
  '    x = tf.matmul(x, x) / 16.0',
  'images = tf.random.normal([8, 32, 32, 16], seed=2)',
  'filters = tf.random.normal([3, 3, 16, 32], seed=3)',
  'for i in range(4):',
  '    y = tf.nn.conv2d(images, filters, strides=1, padding="SAME")',
  'print(x.shape, y.shape)',
  '',
].join('\n');

// Ours only: a small Keras model fit, as the tutorials' first programs run one.
const KERAS_FIT = [
  'import tensorflow as tf',
  'x = tf.random.normal([512, 20], seed=1)',
  'y = tf.cast(tf.reduce_sum(x, axis=1) > 0, tf.float32)',
  'model = tf.keras.Sequential([',
  '    tf.keras.Input(shape=(20,)),',
  '    tf.keras.layers.Dense(32, activation="relu"),',
  '    tf.keras.layers.Dense(1, activation="sigmoid"),',
  '])',
  'model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])',
  'history = model.fit(x, y, batch_size=64, epochs=3, verbose=0)',
  'print(len(history.history["loss"]))',
  '',
].join('\n');

// The first-visit budget's program.
const ONE_LINE = 'import tensorflow as tf; print(tf.reduce_sum(tf.ones([2, 2])))\n';

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.json': 'application/json', '.pack': 'text/plain; charset=utf-8', '.zip': 'application/zip', '.py': 'text/x-python',
};

/** A static host for dist/ and Pyodide; `brotli` says whether it sends the build's `.br` copies
 * to a browser that asks for brotli (as most hosts do), or only gzip (as GitHub Pages). */
function serve({ brotli }) {
  const cache = new Map();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const [base, rel] = url.pathname.startsWith('/pyodide/')
      ? [pyodideDir, url.pathname.slice('/pyodide/'.length)]
      : url.pathname === '/pyodide.html' ? [here, 'pyodide.html'] : [dist, url.pathname];
    let file = path.normalize(path.join(base, decodeURIComponent(rel)));
    if (!file.startsWith(base)) return res.writeHead(403).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) return res.writeHead(404).end('not found');
    const headers = { 'content-type': types[path.extname(file)] || 'application/octet-stream' };
    // As a static host configured for Trunk's hashed file names: those never change, so they
    // are cached for good; the page itself is revalidated.
    headers['cache-control'] = /-[0-9a-f]{15,16}(_bg)?\.(wasm|js|css)$/.test(file) || file.startsWith(pyodideDir)
      ? 'public, max-age=31536000, immutable' : 'no-cache';
    let body = fs.readFileSync(file);
    const accepted = req.headers['accept-encoding'] || '';
    if (brotli && accepted.includes('br') && fs.existsSync(`${file}.br`)) {
      body = fs.readFileSync(`${file}.br`);
      headers['content-encoding'] = 'br';
    } else if (accepted.includes('gzip') && !file.endsWith('.zip')) {
      if (!cache.has(file)) cache.set(file, zlib.gzipSync(body, { level: 9 }));
      body = cache.get(file);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(200, headers).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)),
  })));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value) => Math.round(value * 10) / 10;

const server = await serve({ brotli: true });
const gzipHost = await serve({ brotli: false });
const browser = await launchBrowser();
const ours = (await openPlayground(browser, server.url, { width: 1280, height: 800 })).page;
await ours.getByTestId('topology').selectOption('cpu');
await ours.getByTestId('run-limit').selectOption({ index: 4 });
const pyodide = await browser.newPage();
await pyodide.goto(`${server.url}pyodide.html`);
await pyodide.waitForFunction(() => window.ready === true, null, { timeout: 120000 });

const figures = { run_to_output_ms: {} };
for (const [name, program] of Object.entries(PROGRAMS)) {
  await ours.getByTestId('editor').fill(program);
  const [a, b] = [[], []];
  for (let i = 0; i < 8; i++) {
    const mine = await runAndWait(ours, () => ours.getByTestId('run').click(), 120000);
    const theirs = await pyodide.evaluate((code) => window.runPy(code), program);
    if (i > 0) { a.push(mine); b.push(theirs.ms); }
    if (i === 0 && !theirs.output.trim()) throw new Error(`Pyodide printed nothing for ${name}`);
  }
  figures.run_to_output_ms[name] = {
    playground: median(a), pyodide: round(median(b)), ratio: Math.round((median(a) / median(b)) * 100) / 100,
    samples: { playground: a, pyodide: b.map(round) },
  };
}
/** The engine's share of the last run: the worker's User Timing measure 'engine run'. */
async function engineMs(page) {
  const worker = page.workers()[0];
  if (!worker) return null;
  return worker.evaluate(() => {
    const runs = performance.getEntriesByName('engine run');
    return runs.length ? Math.round(runs[runs.length - 1].duration) : null;
  });
}
/** Run-to-output of a program only the playground runs, on `topology`: median of 7 after
 * a warm-up, with the engine's share of each run. */
async function oursOnly(name, program, topology = 'cpu') {
  await ours.getByTestId('topology').selectOption(topology);
  await ours.getByTestId('editor').fill(program);
  const samples = [];
  const engine = [];
  for (let i = 0; i < 8; i++) {
    const ms = await runAndWait(ours, () => ours.getByTestId('run').click(), 120000);
    if (i > 0) { samples.push(ms); engine.push(await engineMs(ours)); }
  }
  figures.run_to_output_ms[name] = { playground: median(samples), engine: median(engine), samples };
  await ours.getByTestId('topology').selectOption('cpu');
}
await oursOnly('tf-eager-loop', TF_LOOP);
await oursOnly('tf-kernels', TF_KERNELS);
await oursOnly('keras-fit', KERAS_FIT);
await oursOnly('cnn-fit-at-scale', CNN_AT_SCALE);
await oursOnly('matmul-8192-bf16', BIG_MATMUL);
await oursOnly('cnn-fit-tpu-v2-8', CNN_ON_TPU, 'colab-tpu-v2-8');
await oursOnly('resnet50-fit-step-tpu-v2-8', RESNET_ON_TPU, 'colab-tpu-v2-8');

// First visit through an autorun link to a one-line program (the budget's measure), throttled,
// empty cache (a new context each time).
await ours.getByTestId('editor').fill(ONE_LINE);
await ours.getByTestId('share').click();
const link = await filledValue(ours.getByTestId('share-link'));
/** First and later visits to `url` (median of 3 each), from a host that serves brotli or not. */
async function visits(url) {
  const first = [];
  const later = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8,
    });
    const firstResult = async () => {
      await page.waitForFunction(() => document.querySelector('main')?.hasAttribute('data-first-result-ms'), null, { timeout: 60000 });
      return Number(await page.locator('main').getAttribute('data-first-result-ms'));
    };
    await page.goto(url);
    first.push(await firstResult());
    await page.reload();
    later.push(await firstResult());
    await context.close();
  }
  return { first: { median: median(first), samples: first }, later: { median: median(later), samples: later } };
}
const brotliVisits = await visits(link);
const gzipVisits = await visits(link.replace(server.url, gzipHost.url));
figures.first_visit_10mbit_40ms_ms = { brotli_host: brotliVisits.first, gzip_only_host: gzipVisits.first };
figures.later_visit_10mbit_40ms_ms = { brotli_host: brotliVisits.later, gzip_only_host: gzipVisits.later };

// What a browser downloads: the build's precompressed copies (scripts/precompress.mjs).
const sizes = { gzip: 0, brotli: 0 };
for (const file of fs.readdirSync(dist)) {
  if (!/\.(wasm|js|css|html|svg)$/.test(file)) continue;
  sizes.gzip += fs.statSync(path.join(dist, `${file}.gz`)).size;
  sizes.brotli += fs.statSync(path.join(dist, `${file}.br`)).size;
}
figures.first_visit_bytes = sizes;
console.log(JSON.stringify(figures, null, 2));
await browser.close();
await server.close();
await gzipHost.close();
