// Worker-thread entry: reads receipts off the server's event loop, one at a time, for as long as the
// thread lives (the OCR model stays loaded). Production runs the bundled copy
// (dist/server/recognition-worker.js); dev and tests load this file through dev-worker.mjs.

import { parentPort } from 'node:worker_threads';
import { runInBackground } from '../background-priority';
import { readReceipt } from './read-receipt';
import { ReceiptUnreadable } from './unreadable';

export interface RecognitionRequest {
  id: number;
  bytes: Uint8Array;
  fileType: string;
}

if (!parentPort) throw new Error('recognition-worker must run in a worker thread');
const port = parentPort;
// before tesseract starts its own thread, which inherits the priority
runInBackground();
// pdfjs takes seconds to load: loaded while the thread waits for its first receipt (a failure shows
// there, with the receipt)
import('pdfjs-dist/legacy/build/pdf.mjs').catch(() => undefined);
port.on('message', async ({ id, bytes, fileType }: RecognitionRequest) => {
  try {
    const read = await readReceipt(bytes, fileType);
    port.postMessage({ id, ok: true, read });
  } catch (error) {
    port.postMessage(
      error instanceof ReceiptUnreadable
        ? { id, ok: false, reason: error.message }
        : { id, ok: false, crash: error instanceof Error ? (error.stack ?? error.message) : String(error) },
    );
  }
});
