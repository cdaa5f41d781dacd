// The built site's speed where users feel it (a benchmark, not a test): run-to-output of an
// interpreter-heavy program and a TensorFlow eager loop in headless Chromium, median of 7
// runs. Usage: node tests/bench/site.mjs (after scripts/build.sh).
import { serveDist, launchBrowser, openPlayground, runAndWait } from '../e2e/harness.mjs';

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
  'tf-eager-loop': [
    'import tensorflow as tf',
    'x = tf.constant([[1.0, 2.0], [3.0, 4.0]])',
    'for i in range(2000):',
    '    x = tf.matmul(x, x) / 10.0',
    'print(x.shape)',
    '',
  ].join('\n'),
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await serveDist();
const browser = await launchBrowser();
const { page } = await openPlayground(browser, server.url, { width: 1280, height: 800 });
await page.getByTestId('topology').selectOption('cpu');
await page.getByTestId('run-limit').selectOption({ index: 4 });
const results = {};
for (const [name, program] of Object.entries(PROGRAMS)) {
  await page.getByTestId('editor').fill(program);
  const samples = [];
  for (let i = 0; i < 8; i++) {
    const ms = await runAndWait(page, () => page.getByTestId('run').click(), 120000);
    if (i > 0) samples.push(ms); // the first run warms the worker
  }
  results[name] = { median_ms: median(samples), samples };
}
console.log(JSON.stringify(results));
await browser.close();
await server.close();
