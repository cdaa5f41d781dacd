// Keras (the Python package on the library layer, fetched module by module on first import)
// in the browser: a tf.keras fit under TPUStrategy prints Keras's epoch lines, and the
// Timeline shows every TPU core's lane.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launchBrowser, screenshot, openPlayground, runProgram } from './harness.mjs';

let server;
let browser;
before(async () => { server = await serveDist(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test('a tf.keras fit under TPUStrategy runs in the browser', async () => {
  const { page, errors } = await openPlayground(browser, server.url, { width: 1280, height: 800 });
  const program = `import os
import numpy as np
import tensorflow as tf
resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu='grpc://' + os.environ['COLAB_TPU_ADDR'])
tf.config.experimental_connect_to_cluster(resolver)
tf.tpu.experimental.initialize_tpu_system(resolver)
strategy = tf.distribute.TPUStrategy(resolver)
with strategy.scope():
    model = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(16, activation='relu'), tf.keras.layers.Dense(1)])
    model.compile('adam', 'mse')
h = model.fit(np.ones((64, 8), 'float32'), np.ones((64, 1), 'float32'), batch_size=16, epochs=2, verbose=2)
print('done', len(h.history['loss']))
`;
  await runProgram(page, program);
  const pane = page.getByTestId('console');
  await pane.getByText('done 2').waitFor({ timeout: 60000 });
  assert.match(await pane.innerText(), /Epoch 2\/2\s+4\/4 - \d+s - \d+m?s\/step - loss: \d\.\d{4}/);
  await screenshot(page, 'keras-tpu-fit-1280x800');
  await page.getByRole('tab', { name: 'Timeline' }).click();
  for (let core = 0; core < 8; core++) {
    await page.getByText(`worker TPU:${core}`, { exact: true }).first().waitFor({ timeout: 10000 });
  }
  await screenshot(page, 'keras-tpu-fit-timeline-1280x800');
  assert.deepEqual(errors, []);
  await page.close();
});
