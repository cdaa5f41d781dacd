// The walking skeleton, end to end: load the built page, type a program, run it with
// Ctrl+Enter, and find its output in the Console pane; a failing program's traceback; Stop;
// a run requested before the worker has loaded; a worker that dies mid-run; the run limit
// (the watchdog) and Escape stopping a run that never answers.
import fs from 'node:fs';
import path from 'node:path';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launchBrowser, screenshot, watchErrors, openPlayground, runProgram, dist } from './harness.mjs';

let server;
let browser;
before(async () => {
  server = await serveDist();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('typing a program and pressing Ctrl+Enter shows its output', async () => {
  const { page, errors } = await openPlayground(browser, server.url, { width: 1280, height: 800 });
  await runProgram(page, 'for i in range(3):\n    print("core", i * 2)\n');
  const console = page.getByTestId('console');
  await console.getByText('core 4').waitFor({ timeout: 20000 });
  assert.match(await console.innerText(), /core 0\s+core 2\s+core 4/);
  await screenshot(page, 'run-output-1280x800');
  assert.deepEqual(errors, []);
  await page.close();
});

test('an uncaught exception shows its traceback, and its line jumps to the source', async () => {
  const { page, errors } = await openPlayground(browser, server.url, { width: 390, height: 844 });
  await runProgram(page, 'def f(d):\n    return d["key"]\nf({})\n');
  const console = page.getByTestId('console');
  await console.getByText("KeyError: 'key'").waitFor({ timeout: 20000 });
  assert.match(await console.innerText(), /File "main.py", line 3, in <module>/);
  await console.getByRole('button', { name: /line 2, in f/ }).click();
  const caret = await page.getByTestId('editor').evaluate((area) => {
    const before = area.value.slice(0, area.selectionStart);
    return { line: before.split('\n').length, focused: document.activeElement === area };
  });
  assert.deepEqual(caret, { line: 2, focused: true });
  await screenshot(page, 'traceback-390x844');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Stop ends an endless program, and the next run works', async () => {
  const { page, errors } = await openPlayground(browser, server.url, { width: 1280, height: 800 });
  // The "Stop an endless loop" example: it does not end on its own (no instruction budget in
  // the browser; the run limit and Stop end runs there).
  await page.getByTestId('lessons').selectOption('endless');
  assert.match(await page.getByTestId('editor').inputValue(), /while True:/);
  await page.getByTestId('editor').press('Control+Enter');
  const console = page.getByTestId('console');
  const stop = page.getByTestId('stop');
  await console.getByText('Running').waitFor({ timeout: 5000 });
  await page.waitForTimeout(2500);
  assert.match(await console.innerText(), /Running/, 'the loop is still running after 2.5 s');
  assert.equal(await stop.isEnabled(), true);
  // The page stays responsive while the worker spins: the editor still takes typing.
  await page.getByTestId('editor').press('End');
  await page.getByTestId('editor').type('# still typing');
  assert.match(await page.getByTestId('editor').inputValue(), /# still typing/);
  await stop.click();
  await console.getByText('Stopped').waitFor({ timeout: 5000 });
  assert.equal(await stop.isEnabled(), false);
  await screenshot(page, 'stopped-1280x800');
  await runProgram(page, 'print("after stop")\n');
  await console.getByText('after stop').waitFor({ timeout: 20000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('output streams while the program runs, with the elapsed time, and \\r redraws a line', async () => {
  const { page, errors } = await openPlayground(browser, server.url, { width: 1280, height: 800 });
  // Prints, then works for a few seconds: the first line must show long before the end.
  await runProgram(page, [
    'import time',
    'print("epoch 1 starting")',
    'for step in range(1, 4):',
    '    print(f"step {step}/3 [" + "=" * step + " " * (3 - step) + "]", end="\\r")',
    'print()',
    'start = time.time()',
    'total = 0',
    'for i in range(20_000_000):',
    '    total += i',
    'print("done", total)',
    '',
  ].join('\n'));
  const console = page.getByTestId('console');
  await console.getByText('epoch 1 starting').waitFor({ timeout: 10000 });
  // Still running: the report has not arrived, the elapsed time counts.
  const early = await console.innerText();
  assert.doesNotMatch(early, /done 199999990000000/);
  await page.getByTestId('elapsed').waitFor({ timeout: 2000 });
  const first = await page.getByTestId('elapsed').innerText();
  await page.waitForTimeout(400);
  const later = await page.getByTestId('elapsed').innerText().catch(() => 'finished');
  assert.notEqual(first, later, 'the elapsed time moves');
  assert.match(first, /Running… \d+\.\d s/);
  await screenshot(page, 'streaming-1280x800');
  await console.getByText('done 199999990000000').waitFor({ timeout: 60000 });
  const text = await console.innerText();
  // The progress line was redrawn in place: only its last state shows.
  assert.match(text, /step 3\/3 \[===\]/);
  assert.doesNotMatch(text, /step 1\/3/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a run requested before the engine worker has loaded is held, not lost', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  // Hold back the worker's script so the click surely comes before the worker is ready.
  await page.route('**/engine_worker.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(server.url);
  await page.getByTestId('run').click();
  const console = page.getByTestId('console');
  await console.getByText('InvalidArgumentError').first().waitFor({ timeout: 20000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the page can be typed in while the module downloads; a Run asked for then runs what was typed', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/*.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(server.url);
  const shell = page.getByTestId('shell-editor');
  await shell.fill('import tensorflow as tf\nprint("typed before the engine:", tf.constant(6) * 7)\n');
  await shell.press('Control+Enter');
  assert.match(await page.getByTestId('shell-status').innerText(), /starts when the engine has loaded/);
  await screenshot(page, 'loading-shell-1280x800');
  release();
  const console = page.getByTestId('console');
  await console.getByText('typed before the engine: tf.Tensor(42').waitFor({ timeout: 20000 });
  assert.match(await page.getByTestId('editor').inputValue(), /typed before the engine/);
  assert.equal(await page.getByTestId('shell-editor').count(), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a worker that dies mid-run is reported, and the next run gets a fresh one', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // The first worker starts the real engine, then dies on the run that asks for it, as a wasm
  // trap would kill it; later workers load the real script.
  const real = fs.readFileSync(path.join(dist, 'engine_worker.js'), 'utf8');
  const dying = `${real}
const start = self.onmessage;
self.onmessage = async (event) => {
  await start(event);
  const serve = self.onmessage;
  self.onmessage = (request) => {
    if (String(request.data).includes('the engine dies here')) {
      setTimeout(() => { throw new Error('the engine trapped'); });
    } else {
      serve(request);
    }
  };
};
`;
  let served = 0;
  await page.route('**/engine_worker.js', async (route) => {
    served += 1;
    if (served === 1) await route.fulfill({ contentType: 'text/javascript', body: dying });
    else await route.continue();
  });
  await page.goto(server.url);
  await page.getByTestId('editor').waitFor();
  await runProgram(page, 'print("the engine dies here")\n');
  const console = page.getByTestId('console');
  await console.getByText('The engine stopped unexpectedly').waitFor({ timeout: 20000 });
  assert.match(await console.innerText(), /the engine trapped.*A fresh one takes the next run/s);
  assert.equal(await page.getByTestId('stop').isEnabled(), false);
  await screenshot(page, 'engine-died-1280x800');
  await runProgram(page, 'print("second")\n');
  await console.getByText('second').waitFor({ timeout: 20000 });
  assert.equal(served, 2);
  await page.close();
});

/** The real worker script, except that a run whose program says so never answers, as an
 * engine stuck in one native call would. */
function hangingWorker() {
  const real = fs.readFileSync(path.join(dist, 'engine_worker.js'), 'utf8');
  return `${real}
const start = self.onmessage;
self.onmessage = async (event) => {
  await start(event);
  const serve = self.onmessage;
  self.onmessage = (request) => {
    if (!String(request.data).includes('the engine hangs here')) serve(request);
  };
};
`;
}

test('the run limit stops a run that never ends, says so, and the next run works', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  await page.route('**/engine_worker.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: hangingWorker() }));
  await page.goto(server.url);
  const limit = page.getByTestId('run-limit');
  assert.equal(await limit.inputValue(), '10 s');
  await limit.selectOption('5 s');
  const started = Date.now();
  await runProgram(page, 'print("the engine hangs here")\n');
  const console = page.getByTestId('console');
  await console.getByText('Stopped after 5 s: the run limit').waitFor({ timeout: 15000 });
  const waited = Date.now() - started;
  assert.ok(waited >= 4900, `stopped after ${waited} ms`);
  assert.equal(await page.getByTestId('stop').isEnabled(), false);
  await screenshot(page, 'run-limit-1280x800');
  await runProgram(page, 'print("after the limit")\n');
  await console.getByText('after the limit').waitFor({ timeout: 20000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('Escape stops a running program', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors = watchErrors(page);
  await page.route('**/engine_worker.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: hangingWorker() }));
  await page.goto(server.url);
  await runProgram(page, 'print("the engine hangs here")\n');
  const console = page.getByTestId('console');
  await console.getByText('Running').waitFor({ timeout: 5000 });
  await page.keyboard.press('Escape');
  await console.getByText('Stopped: the run was ended.').waitFor({ timeout: 5000 });
  assert.equal(await page.getByTestId('stop').isEnabled(), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the bundled library is fetched on first import, not on page load', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  const fetched = [];
  page.on('request', (request) => {
    if (request.url().includes('/pylib/')) fetched.push(new URL(request.url()).pathname);
  });
  await page.goto(server.url);
  await page.getByTestId('editor').waitFor();
  await page.waitForTimeout(300);
  assert.deepEqual(fetched, []);
  await runProgram(page, 'import heapq\nh = [5, 1, 4]\nheapq.heapify(h)\nprint("heap", h)\nimport no_such_module\n');
  const console = page.getByTestId('console');
  await console.getByText('heap [1, 5, 4]').waitFor({ timeout: 20000 });
  await console.getByText("ModuleNotFoundError: No module named 'no_such_module'").waitFor({ timeout: 20000 });
  assert.deepEqual(fetched.sort(), ['/pylib/stdlib.pack']);
  // The failed import says what can be imported.
  const hint = await console.getByTestId('importable-modules').innerText();
  assert.match(hint, /tensorflow/);
  assert.match(hint, /\bnumpy\b/);
  assert.match(hint, /\bcollections\b/);
  assert.doesNotMatch(hint, /_playground/);
  assert.deepEqual(errors, []);
  await page.close();
});
