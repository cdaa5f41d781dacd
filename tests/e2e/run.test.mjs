// The walking skeleton, end to end: load the built page, type a program, run it with
// Ctrl+Enter, and find its output in the Console pane; also a failing program's traceback.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launchBrowser, screenshot, watchErrors } from './harness.mjs';

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

async function openPlayground(viewport) {
  const page = await browser.newPage({ viewport });
  const errors = watchErrors(page);
  await page.goto(server.url);
  await page.getByTestId('editor').waitFor();
  return { page, errors };
}

async function runProgram(page, program) {
  const editor = page.getByTestId('editor');
  await editor.fill(program);
  await editor.press('Control+Enter');
}

test('typing a program and pressing Ctrl+Enter shows its output', async () => {
  const { page, errors } = await openPlayground({ width: 1280, height: 800 });
  await runProgram(page, 'for i in range(3):\n    print("core", i * 2)\n');
  const console = page.getByTestId('console');
  await console.getByText('core 4').waitFor({ timeout: 20000 });
  assert.match(await console.innerText(), /core 0\s+core 2\s+core 4/);
  await screenshot(page, 'run-output-1280x800');
  assert.deepEqual(errors, []);
  await page.close();
});

test('an uncaught exception shows its traceback', async () => {
  const { page, errors } = await openPlayground({ width: 390, height: 844 });
  await runProgram(page, 'def f(d):\n    return d["key"]\nf({})\n');
  const console = page.getByTestId('console');
  await console.getByText("KeyError: 'key'").waitFor({ timeout: 20000 });
  assert.match(await console.innerText(), /File "main.py", line 3, in <module>/);
  await screenshot(page, 'traceback-390x844');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Stop ends an endless program, and the next run works', async () => {
  const { page, errors } = await openPlayground({ width: 1280, height: 800 });
  await runProgram(page, 'while True:\n    pass\n');
  const console = page.getByTestId('console');
  const stop = page.getByTestId('stop');
  await console.getByText('Running').waitFor({ timeout: 5000 });
  assert.equal(await stop.isEnabled(), true);
  // The page stays responsive while the worker spins: typing still edits the program.
  await page.waitForTimeout(300);
  await stop.click();
  await console.getByText('Stopped').waitFor({ timeout: 5000 });
  assert.equal(await stop.isEnabled(), false);
  await screenshot(page, 'stopped-1280x800');
  await runProgram(page, 'print("after stop")\n');
  await console.getByText('after stop').waitFor({ timeout: 20000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('the default example runs as it opens', async () => {
  const { page, errors } = await openPlayground({ width: 1280, height: 800 });
  await page.getByTestId('run').click();
  const console = page.getByTestId('console');
  await console.getByText('ran on').waitFor({ timeout: 20000 });
  const text = await console.innerText();
  assert.match(text, /tf\.Tensor\(\[4\. 6\.\], shape=\(2,\), dtype=float32\)/);
  assert.match(text, /ran on \/job:localhost\/replica:0\/task:0\/device:CPU:0/);
  await screenshot(page, 'default-example-1280x800');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a run requested before the engine worker has loaded is held, not lost', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = watchErrors(page);
  // Hold back the worker's wasm so the click surely comes before the worker is ready.
  await page.route('**/worker_bg.wasm', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(server.url);
  await page.getByTestId('run').click();
  const console = page.getByTestId('console');
  await console.getByText('ran on').waitFor({ timeout: 20000 });
  assert.deepEqual(errors, []);
  await page.close();
});
