// The Files pane: a program is given files it opens by name. A new file typed in, a file
// uploaded from the computer, an edit, a removal; the program reads them, writes its own
// (which lasts only for its run), and a missing file is CPython's FileNotFoundError.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launchBrowser, screenshot, openPlayground, runProgram } from './harness.mjs';

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

const PROGRAM = `import os
with open('data.csv') as f:
    rows = [line.strip().split(',') for line in f]
print('rows', rows)
with open('labels.txt') as f:
    print('labels', f.read().split())
with open('out.txt', 'w') as f:
    f.write('written')
print('files', sorted(os.listdir('.')))
`;

test('files given in the Files pane are opened by name, and edits and removals reach the next run', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const { page, errors } = await openPlayground(browser, server.url, viewport);
    await page.getByTestId('tab-files').click();
    const pane = page.getByTestId('files-pane');
    await pane.getByTestId('no-files').waitFor();
    await pane.getByTestId('new-file-name').fill('data.csv');
    await pane.getByTestId('add-file').click();
    const data = pane.locator('[data-testid="file"][data-name="data.csv"]');
    await data.getByTestId('file-text').fill('a,b\n1,2\n');
    const upload = path.join(os.tmpdir(), 'labels.txt');
    fs.writeFileSync(upload, 'cat\ndog\n');
    await pane.getByTestId('upload-file').setInputFiles(upload);
    await pane.locator('[data-testid="file"][data-name="labels.txt"]').waitFor();
    assert.match(await data.innerText(), /8 bytes/);
    await screenshot(page, `files-pane-${viewport.width}x${viewport.height}`);

    await runProgram(page, PROGRAM);
    const console = page.getByTestId('console');
    await console.getByText("files ['data.csv', 'labels.txt', 'main.py', 'out.txt']").waitFor({ timeout: 20000 });
    assert.match(await console.innerText(), /rows \[\['a', 'b'\], \['1', '2'\]\]/);
    assert.match(await console.innerText(), /labels \['cat', 'dog'\]/);

    // The file the program wrote is gone at the next run; a removed file is missing.
    await page.getByTestId('tab-files').click();
    await pane.locator('[data-testid="file"][data-name="labels.txt"]').getByTestId('remove-file').click();
    await data.getByTestId('file-text').fill('x,y\n');
    await runProgram(page, PROGRAM);
    await console.getByText("FileNotFoundError: [Errno 2] No such file or directory: 'labels.txt'").waitFor({ timeout: 20000 });
    assert.match(await console.innerText(), /rows \[\['x', 'y'\]\]/);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
