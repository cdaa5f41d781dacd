// Keyboard only: every dialog takes focus when it opens, keeps Tab and Shift+Tab inside,
// closes on Escape and gives focus back to the button that opened it; the Timeline's bars
// are one Tab stop whose arrow keys walk the bars and whose Enter selects the op everywhere.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  serveDist, launchBrowser, screenshot, openPlayground, runAndWait, filledValue,
} from './harness.mjs';

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

const DESKTOP = { width: 1280, height: 800 };

/** What has focus: its test id, tag, whether it is inside the open dialog, and its bar index. */
function focused(page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return {
      testid: active?.dataset?.testid ?? null,
      tag: active?.tagName.toLowerCase() ?? null,
      inDialog: !!active?.closest('[role="dialog"]'),
      bar: active?.dataset?.bar ?? null,
      label: active?.getAttribute('aria-label') ?? null,
    };
  });
}

/** Presses Tab (with Shift when `back`) until `matches(focused)` holds; fails after 80 presses. */
async function tabUntil(page, matches, back = false) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (matches(now)) return now;
  }
  throw new Error('Tab never reached the element');
}

for (const [opener, testid] of [['share', 'share-link'], ['embed', null], ['open-builder', 'builder-title']]) {
  test(`the ${opener} dialog traps focus, closes on Escape and gives focus back`, async () => {
    const { page, errors } = await openPlayground(browser, server.url, DESKTOP);
    await page.locator('body').focus();
    await tabUntil(page, (f) => f.testid === opener);
    await page.keyboard.press('Enter');
    await page.locator('[role="dialog"]').waitFor();
    // The dialog's controls are all there once its link is made.
    if (opener === 'share') await filledValue(page.getByTestId('share-link'));
    if (opener === 'embed') await filledValue(page.getByTestId('embed-snippet'));
    const first = await focused(page);
    assert.ok(first.inDialog, `focus moved into the dialog (${JSON.stringify(first)})`);
    if (testid) assert.equal(first.testid, testid);
    const count = await page.locator('[role="dialog"]').evaluate((dialog) => dialog.querySelectorAll(
      'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])').length);
    // Once around and further: Tab never leaves, and comes back to where it started.
    const seen = [];
    for (let i = 0; i < count + 3; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      assert.ok(now.inDialog, `Tab ${i + 1} stayed in the dialog (${JSON.stringify(now)})`);
      seen.push(now);
    }
    assert.ok(seen.some((f) => f.testid === first.testid && f.tag === first.tag), 'Tab cycles round');
    for (let i = 0; i < count + 3; i++) {
      await page.keyboard.press('Shift+Tab');
      assert.ok((await focused(page)).inDialog, `Shift+Tab ${i + 1} stayed in the dialog`);
    }
    await screenshot(page, `dialog-${opener}-keyboard-1280x800`);
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
    assert.equal((await focused(page)).testid, opener, 'focus is back on the button that opened it');
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('timeline bars: one Tab stop, arrows between bars and lanes, Enter selects the op', async () => {
  const { page, errors } = await openPlayground(browser, server.url, DESKTOP);
  await page.getByTestId('lessons').selectOption('gpu-copy');
  await runAndWait(page, () => page.getByTestId('editor').press('Control+Enter'));
  const program = await page.getByTestId('editor').inputValue();
  // Out of the editor (Escape, then Tab), on to the selected tab, then Home and Right
  // arrows to the Timeline.
  await page.keyboard.press('Escape');
  await tabUntil(page, (f) => f.testid?.startsWith('tab-'));
  // Each key selects the tab it moves focus to; wait for that render before the next key, as
  // a person would see it.
  const selectedHasFocus = () => page.waitForFunction(() => document.activeElement?.getAttribute('aria-selected') === 'true');
  await page.keyboard.press('Home');
  await selectedHasFocus();
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('ArrowRight');
    await selectedHasFocus();
  }
  assert.equal(await page.getByTestId('tab-timeline').getAttribute('aria-selected'), 'true');
  const bars = page.getByTestId('timeline').locator('g.bar');
  await bars.first().waitFor();
  assert.equal(await page.getByTestId('timeline').locator('g.bar[tabindex="0"]').count(), 1, 'one Tab stop');

  const entry = await tabUntil(page, (f) => f.bar !== null);
  // Its name is the tooltip: op, device, duration and start.
  assert.match(entry.label, /^\S+ \(\w+\) on [\w: ]+: [\d.,]+ µs from [\d.,]+ µs, line \d+/);
  // Each drawn bar's lane (its y), by its index (bars are drawn lane by lane, not in index order).
  const lanes = await bars.evaluateAll((gs) => Object.fromEntries(
    gs.filter((g) => g.dataset.bar !== undefined).map((g) => [g.dataset.bar, g.getBoundingClientRect().y])));
  const laneOf = (bar) => lanes[bar.bar];
  const start = (bar) => Number(bar.label.match(/from ([\d.,]+) µs/)[1].replace(/,/g, ''));

  // Right walks the lane forward in time; Left walks back.
  const next = (await page.keyboard.press('ArrowRight'), await focused(page));
  assert.notEqual(next.bar, entry.bar);
  assert.equal(laneOf(next), laneOf(entry));
  assert.ok(start(next) >= start(entry));
  await page.keyboard.press('ArrowLeft');
  assert.equal((await focused(page)).bar, entry.bar);
  // Down goes to another lane.
  await page.keyboard.press('ArrowDown');
  const below = await focused(page);
  assert.notEqual(below.bar, null);
  assert.ok(laneOf(below) > laneOf(entry), 'Down moved to a lower lane');
  await page.keyboard.press('ArrowUp');
  assert.equal(laneOf(await focused(page)), laneOf(entry));

  // Tab leaves the bars at once, and Shift+Tab comes back to the bar it left.
  await page.keyboard.press('ArrowRight');
  const chosen = await focused(page);
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).bar, null);
  await page.keyboard.press('Shift+Tab');
  assert.equal((await focused(page)).bar, chosen.bar);

  // Enter selects the op as a click does: the bar is marked, and the editor shows its line.
  await page.keyboard.press('Enter');
  const selected = page.getByTestId('timeline').locator(`g.bar[data-bar="${chosen.bar}"]`);
  assert.match(await selected.getAttribute('class'), /\bselected\b/);
  assert.equal(await selected.getAttribute('aria-pressed'), 'true');
  const line = Number(chosen.label.match(/line (\d+)/)[1]);
  assert.equal((await page.locator('.line-number.selected').innerText()).trim(), String(line));
  assert.ok(program.split('\n')[line - 1].trim().length > 0);
  await screenshot(page, 'timeline-keyboard-1280x800');
  // The Tab stop stays on the selected bar.
  assert.equal(await selected.getAttribute('tabindex'), '0');
  assert.deepEqual(errors, []);
  await page.close();
});
