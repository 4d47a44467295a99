// Worker-thread entry: renders statement PDFs off the server's event loop. Production runs the
// bundled copy (dist/server/pdf-worker.js); dev and tests load this file through threads/dev-entry.mjs.

import { parentPort, workerData } from 'node:worker_threads';
import { preparedFonts } from './fonts';
import { renderJob } from './jobs';
import { READY, type RenderReply, type RenderRequest, type WorkerOptions } from './protocol';
import { warmPreviews } from './raster-preview';

const port = parentPort;
if (!port) throw new Error('pdf-worker must run in a worker thread');

port.on('message', async ({ id, job }: RenderRequest) => {
  try {
    const pdf = await renderJob(job);
    const reply: RenderReply = { id, pdf };
    port.postMessage(reply, [pdf.buffer]);
  } catch (error) {
    const reply: RenderReply = {
      id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
    port.postMessage(reply);
  }
});

// Parse and prepare the fonts before the first job arrives.
preparedFonts();
port.postMessage(READY);
// a job that comes meanwhile waits no longer than its own first preview would have taken
if ((workerData as WorkerOptions | undefined)?.warmPreviews) {
  warmPreviews().catch((error: unknown) => console.error('PDF worker: previews not prepared', error));
}
