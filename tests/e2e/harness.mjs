// Shared by every end-to-end test: serves dist/ on 127.0.0.1 and starts Debian's Chromium.
// Nothing here downloads anything: playwright-core drives the system browser.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..', '..');
export const dist = path.join(root, 'dist');
export const shots = path.join(root, 'target', 'e2e');

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json', '.pack': 'text/plain; charset=utf-8',
};

/** Serves dist/ on a free loopback port; resolves to { url, close }. */
export function serveDist() {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    throw new Error('dist/index.html is missing: build the site first (scripts/build.sh)');
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    let file = path.normalize(path.join(dist, decodeURIComponent(url.pathname)));
    if (!file.startsWith(dist)) {
      res.writeHead(403).end();
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, body) => {
      if (err) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
      res.end(body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

/** Launches headless Chromium with the flags this sandbox needs (runs as root, no network). */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-quic', '--no-first-run',
    ],
  });
}

/** Saves a screenshot under target/e2e/NAME.png and returns its path. */
export async function screenshot(page, name) {
  fs.mkdirSync(shots, { recursive: true });
  const file = path.join(shots, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Collects the page's console errors and uncaught exceptions, so a test can assert none. */
export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** Opens the playground (or `url`) in a fresh context and waits for the editor. */
export async function openPlayground(browser, url, viewport) {
  const page = await browser.newPage({ viewport });
  const errors = watchErrors(page);
  await page.goto(url);
  await page.getByTestId('editor').waitFor();
  return { page, errors };
}

/** The value of a field the page fills in the background: links appear once the browser has
 * compressed them, a moment after their dialog opens or its options change. `wanted` tells
 * the value waited for from an earlier one. */
export async function filledValue(locator, wanted = (value) => value !== '', timeout = 5000) {
  const start = Date.now();
  for (;;) {
    const value = await locator.inputValue();
    if (value && wanted(value)) return value;
    if (Date.now() - start > timeout) throw new Error('the field stayed empty');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Replaces the program and runs it with Ctrl+Enter. */
export async function runProgram(page, program) {
  const editor = page.getByTestId('editor');
  await editor.fill(program);
  await editor.press('Control+Enter');
}

/** Does `start` (something that runs the program) and waits until the report is on screen;
 * resolves to the page's run-to-render time in ms. */
export async function runAndWait(page, start, timeout = 20000) {
  await page.evaluate(() => document.querySelector('main.playground')?.removeAttribute('data-run-to-render-ms'));
  await start();
  await page.waitForFunction(() => {
    const main = document.querySelector('main.playground');
    return main && main.getAttribute('aria-busy') === 'false' && main.hasAttribute('data-run-to-render-ms');
  }, null, { timeout });
  return Number(await page.locator('main.playground').getAttribute('data-run-to-render-ms'));
}
