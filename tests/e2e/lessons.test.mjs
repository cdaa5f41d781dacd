// Lessons and exercises end to end: an exercise link opens the exercise, Check fails on the
// starter, a fix in the editor makes it pass, and the tick survives a reload; the lesson view
// from the menu; the lesson builder writes a link that opens the custom exercise.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launchBrowser, screenshot, openPlayground, runAndWait } from './harness.mjs';

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

async function check(page, status) {
  await page.getByTestId('check').click();
  const results = page.locator(`[data-testid="check-results"][data-status="${status}"]`);
  await results.waitFor({ timeout: 20000 });
  return results;
}

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  const size = `${viewport.width}x${viewport.height}`;

  test(`an exercise link: Check fails, the fix passes, the tick survives a reload (${size})`, async () => {
    const { page, errors } = await openPlayground(browser, `${server.url}#x1.soft-placement-on`, viewport);
    const panel = page.getByTestId('exercise');
    await panel.getByText('A TPU scope on a machine without a TPU').waitFor();
    assert.match(await page.getByTestId('editor').inputValue(), /set_soft_device_placement\(False\)/);
    assert.equal(await page.getByTestId('topology').isDisabled(), true, 'the exercise locks the machine');
    assert.equal(await panel.getByTestId('tick').count(), 0);

    const failed = await check(page, 'fail');
    const failedText = await failed.innerText();
    assert.match(failedText, /✗ fail\s*the program runs without an error/);
    assert.match(failedText, /Hidden check 1/);
    assert.doesNotMatch(failedText, /stdout_equals|exactly/, 'a hidden check keeps its rule to itself');
    await failed.scrollIntoViewIfNeeded();
    await screenshot(page, `check-failed-${size}`);

    const editor = page.getByTestId('editor');
    await editor.fill((await editor.inputValue()).replace('set_soft_device_placement(False)', 'set_soft_device_placement(True)'));
    const passed = await check(page, 'pass');
    assert.match(await passed.innerText(), /All checks pass/);
    assert.equal((await passed.locator('li[data-status="pass"]').count()), 4);
    await panel.getByTestId('tick').waitFor();
    await screenshot(page, `check-passed-${size}`);

    await page.reload();
    await page.getByTestId('exercise').getByTestId('tick').waitFor({ timeout: 10000 });
    const menu = await page.getByTestId('lessons').innerText();
    assert.match(menu, /✓ A TPU scope on a machine without a TPU/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test(`the lesson view from the menu loads programs and opens exercises (${size})`, async () => {
    const { page, errors } = await openPlayground(browser, server.url, viewport);
    await page.getByTestId('lessons').selectOption('lesson:device-errors');
    const view = page.getByTestId('lesson-view');
    await view.getByRole('heading', { name: 'How TensorFlow picks a device' }).waitFor();
    assert.ok(await view.locator('ul li').count() > 2, 'lists render as lists');
    assert.ok(await view.locator('code').count() > 2, 'inline code renders as code');
    await screenshot(page, `lesson-view-${size}`);
    await view.getByTestId('load-code').first().click();
    assert.match(await page.getByTestId('editor').inputValue(), /with tf.device\('\/TPU:0'\)/);
    await view.getByTestId('open-exercise-soft-placement-on').click();
    await page.getByTestId('exercise').waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('a lesson program loads whole, on its machine, and runs as the lesson says', async () => {
  const { page, errors } = await openPlayground(browser, server.url, { width: 1280, height: 800 });
  await page.getByTestId('lessons').selectOption('lesson:tf1-multi-gpu');
  const view = page.getByTestId('lesson-view');
  await view.getByTestId('load-code').first().click();
  assert.match(await page.getByTestId('editor').inputValue(), /^import tensorflow as tf/);
  assert.equal(await page.getByTestId('topology').inputValue(), '2x-v100-nvlink');
  await runAndWait(page, () => page.getByTestId('editor').press('Control+Enter'));
  const console = page.getByTestId('console');
  await console.getByText('(4, 1)').waitFor({ timeout: 20000 });
  assert.doesNotMatch(await console.innerText(), /Error/);
  assert.ok(await view.isVisible(), 'the lesson stays open after its program runs');

  // A successful TPU run: TensorFlow's INFO lines are muted log lines, not errors.
  await page.getByTestId('lessons').selectOption('lesson:device-errors');
  await view.getByTestId('load-code').nth(1).click();
  assert.equal(await page.getByTestId('topology').inputValue(), 'colab-tpu-v2-8');
  await runAndWait(page, () => page.getByTestId('editor').press('Control+Enter'));
  await console.getByText('tf.Tensor([4. 6.]').waitFor({ timeout: 20000 });
  assert.ok(await console.locator('.log-info').count() > 0, 'INFO lines are shown as log lines');
  assert.equal(await console.locator('.log-error').count(), 0, 'nothing is shown as an error');
  await screenshot(page, 'console-tpu-info-lines-1280x800');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the lesson builder: removing a check row leaves the other rows as they were', async () => {
  const { page, errors } = await openPlayground(browser, server.url, { width: 1280, height: 800 });
  await page.getByTestId('open-builder').click();
  const builder = page.getByTestId('lesson-builder');
  const rows = builder.getByTestId('builder-check');
  const before = await rows.count();
  await builder.getByTestId('builder-add-check').click();
  await rows.nth(before).getByTestId('builder-check-first').fill('hello');
  await builder.getByTestId('builder-add-check').click();
  await rows.nth(before + 1).getByTestId('builder-check-kind').selectOption('transfers');
  await rows.nth(before + 1).getByRole('button', { name: 'Remove this check' }).click();
  assert.equal(await rows.count(), before + 1);
  assert.equal(await rows.nth(before).getByTestId('builder-check-kind').inputValue(), 'stdout_contains');
  assert.equal(await rows.nth(before).getByTestId('builder-check-first').inputValue(), 'hello');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the lesson builder writes a link that opens the custom exercise', async () => {
  const { page, errors } = await openPlayground(browser, server.url, { width: 1280, height: 800 });
  await page.getByTestId('editor').fill('x = 40 + 2\nprint("answer", x)\n');
  await page.getByTestId('open-builder').click();
  const builder = page.getByTestId('lesson-builder');
  await builder.getByTestId('builder-title').fill('The answer');
  await builder.getByTestId('builder-instructions').fill('Make it print **43**.');
  await builder.getByTestId('builder-hide-graph').check();
  await builder.getByTestId('builder-add-check').click();
  await builder.getByTestId('builder-check-first').last().fill('answer 43');
  await builder.getByTestId('builder-hints').fill('Look at the sum.\nWhat is 40 + 3?');
  await builder.getByTestId('builder-solution').fill('x = 40 + 3\nprint("answer", x)\n');
  await builder.getByTestId('builder-write').click();
  const link = await builder.getByTestId('builder-link').inputValue();
  assert.match(link, /#e1\.[A-Za-z0-9_-]+$/);
  await screenshot(page, 'lesson-builder-1280x800');

  const student = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await student.goto(link);
  const panel = student.getByTestId('exercise');
  await panel.getByText('The answer').waitFor();
  assert.equal(await student.getByRole('tab', { name: 'Graph' }).count(), 0, 'the hidden pane is hidden');
  await panel.getByText('Hints (2)').click();
  assert.match(await panel.innerText(), /What is 40 \+ 3\?/);
  await panel.getByText("The teacher's solution").click();
  assert.match(await student.getByTestId('solution').innerText(), /x = 40 \+ 3/);
  const failed = await check(student, 'fail');
  assert.match(await failed.innerText(), /answer 43/);
  const editor = student.getByTestId('editor');
  await editor.fill('x = 40 + 3\nprint("answer", x)\n');
  await check(student, 'pass');
  assert.deepEqual(errors, []);
  await student.close();
  await page.close();
});

test('a damaged exercise link says so and keeps the autosaved work', async () => {
  const { page, errors } = await openPlayground(browser, server.url, { width: 1280, height: 800 });
  await page.getByTestId('editor').fill('print("my own work")\n');
  // Autosave happens after the edit's render.
  await page.waitForFunction(() => (localStorage.getItem('placement-playground/autosave') || '').length > 0);
  await page.goto(`${server.url}#e1.AAAA-damaged`);
  await page.reload();
  await page.getByTestId('notice').getByText(/exercise link is damaged/).waitFor();
  assert.equal(await page.getByTestId('editor').inputValue(), 'print("my own work")\n');
  await page.goto(`${server.url}#x1.no-such-exercise`);
  await page.reload();
  await page.getByTestId('notice').getByText(/does not have/).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

// What each example's notes promise about the panes, checked after running it as a teacher
// would: pick it from the menu, run, open the pane the notes name.
async function runExample(page, id) {
  await page.getByTestId('lessons').selectOption(id);
  await runAndWait(page, () => page.getByTestId('run').click());
  return page.getByTestId('example-notes').innerText();
}

async function paneText(page, pane) {
  await page.getByTestId(`tab-${pane}`).click();
  await page.getByTestId(pane).waitFor({ state: 'visible' });
  return page.getByTestId(pane).innerText();
}

test('every example says what its panes show, and they show it', async () => {
  const { page, errors } = await openPlayground(browser, server.url, { width: 1280, height: 800 });

  // The default: the quick fix connects; the notes stay for the next step; their claims hold.
  let notes = await page.getByTestId('example-notes').innerText();
  await runAndWait(page, () => page.getByTestId('run').click());
  assert.match(await page.getByTestId('console').innerText(), /Could not satisfy device specification/);
  await page.locator('button.fix', { hasText: 'Connect and initialise the TPU' }).click();
  assert.equal(await page.getByTestId('example-notes').innerText(), notes, 'the notes stay after the fix');
  await runAndWait(page, () => page.getByTestId('run').click());
  assert.match(notes, /Placement shows the ops on \/job:worker\/replica:0\/task:0\/device:TPU:0/);
  const placement = await paneText(page, 'placement');
  assert.match(placement, /MatMul/);
  await page.getByTestId('placement-search').fill('MatMul');
  await page.locator('[data-testid=placement-scroll] tbody tr').first().click();
  assert.match(await page.getByTestId('op-detail').innerText(), /TPU:0/);
  assert.equal(await page.locator('[data-op] td .badge[title="/job:worker/replica:0/task:0/device:TPU:0"]').count() > 0, true);
  assert.match(notes, /the Timeline gives that core a lane/);
  await paneText(page, 'timeline');
  const lanes = await page.locator('[data-testid=timeline] .timeline-svg').getAttribute('aria-label');
  assert.match(lanes, /\/job:worker\/replica:0\/task:0\/device:TPU:0/);
  assert.match(notes, /Metrics counts 0 transfers/);
  assert.match(await paneText(page, 'metrics'), /Transfers\s+0 \(0 B\)/);

  // A tensor crosses PCIe once, with the bytes the notes give, on the Graph and the Timeline.
  notes = await runExample(page, 'gpu-copy');
  assert.match(notes, /once \(262\.1 KB/);
  await paneText(page, 'graph');
  const labels = await page.locator('[data-testid=graph] .edge-label').allTextContents();
  assert.deepEqual(labels, ['262.1 KB']);
  await paneText(page, 'timeline');
  assert.match(await page.locator('[data-testid=timeline-bars] svg').getAttribute('aria-label'), /PCIe vm<->GPU:0/);
  assert.match(await paneText(page, 'metrics'), /Transfers\s+1 \(262\.1 KB\)/);

  // GPU to GPU: the transfer is on the NVLink lane; the Graph shows both GPUs' ops in view.
  notes = await runExample(page, 'two-gpus');
  assert.match(notes, /travels over NVLink/);
  await paneText(page, 'timeline');
  assert.match(await page.locator('[data-testid=timeline-bars] svg').getAttribute('aria-label'), /NVLink GPU:0<->GPU:1/);
  await paneText(page, 'graph');
  const scroller = await page.getByTestId('graph-scroll').boundingBox();
  const matmul = await page.locator('[data-testid=graph] g.node', { hasText: 'MatMul' }).boundingBox();
  assert.ok(matmul.x + matmul.width <= scroller.x + scroller.width + 1, 'the GPU:1 MatMul is in view');
  assert.equal(await page.locator('[data-testid=graph] g.edge.cross').count() >= 1, true);
  await screenshot(page, 'two-gpus-graph-1280x800');

  // Soft placement: Placement shows the requested TPU next to the CPU that ran it.
  notes = await runExample(page, 'soft-placement');
  assert.match(notes, /Placement shows the requested device next to the one chosen/);
  const soft = await paneText(page, 'placement');
  assert.match(soft, /TPU:0/);
  assert.match(soft, /CPU:0/);

  // tf.function: one call op for the traced function; Metrics has the host dispatch.
  notes = await runExample(page, 'tf-function');
  assert.match(notes, /host dispatch time in Metrics/);
  assert.match(await paneText(page, 'metrics'), /Host dispatch\s+\d/);
  assert.match(await paneText(page, 'placement'), /__inference_step/);
  assert.deepEqual(errors, []);
  await page.close();
});
