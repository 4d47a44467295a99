// Child-process entry: reads receipts off the server's process, one at a time, for as long as the
// process lives (the OCR model stays loaded). Production runs the bundled copy
// (dist/server/recognition-worker.js); dev and tests load this file through threads/dev-entry.mjs.

import { runInBackground } from '../background-priority';
import type { ReadReceipt } from './read-receipt';
import { readReceipt } from './read-receipt';
import { ReceiptUnreadable } from './unreadable';

export interface RecognitionRequest {
  id: number;
  bytes: Uint8Array;
  fileType: string;
}

export type RecognitionReply = { id: number } & (
  | { ok: true; read: ReadReceipt }
  | { ok: false; reason?: string; crash?: string }
);

const send = process.send?.bind(process);
if (!send) throw new Error('recognition-worker must run as a child process');
// before tesseract starts its threads, which inherit the priority
runInBackground();
// the server went away: so does its reader
process.on('disconnect', () => process.exit(0));
// pdfjs takes seconds to load: loaded while the process waits for its first receipt (a failure shows
// there, with the receipt)
import('pdfjs-dist/legacy/build/pdf.mjs').catch(() => undefined);
process.on('message', async ({ id, bytes, fileType }: RecognitionRequest) => {
  let reply: RecognitionReply;
  try {
    reply = { id, ok: true, read: await readReceipt(bytes, fileType) };
  } catch (error) {
    reply =
      error instanceof ReceiptUnreadable
        ? { id, ok: false, reason: error.message }
        : { id, ok: false, crash: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  send(reply);
});
