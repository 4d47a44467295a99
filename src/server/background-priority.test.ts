import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

// a worker thread as the recognition and bank-file workers are: it lowers only its own priority
const thread = `
  const { parentPort } = require('node:worker_threads');
  const { getPriority } = require('node:os');
  import('tsx/esm/api')
    .then(({ tsImport }) => tsImport(${JSON.stringify(new URL('./background-priority.ts', import.meta.url).href)}, __filename))
    .then(({ runInBackground }) => {
      runInBackground();
      parentPort.postMessage(getPriority());
    });
`;

describe('background threads', () => {
  it('run at a lower priority than the server thread (on Linux, where priority is per thread)', async () => {
    const before = getPriority();
    const worker = new Worker(thread, { eval: true });
    const inThread = await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(inThread).toBe(process.platform === 'linux' ? 10 : before);
    expect(getPriority()).toBe(before);
  });
});
