// Worker-thread entry: reads one bank statement file off the server's event loop (a year's CAMT of a
// busy account is megabytes of XML). Production runs the bundled copy (dist/server/bank-file-worker.js);
// dev and tests load this file through dev-worker.mjs.

import { parentPort, workerData } from 'node:worker_threads';
import { BankFileError } from './booking';
import { readBankFile } from './read-bank-file';

if (!parentPort) throw new Error('bank-file-worker must run in a worker thread');
try {
  parentPort.postMessage({ ok: true, file: readBankFile(workerData as Uint8Array) });
} catch (error) {
  parentPort.postMessage(
    error instanceof BankFileError
      ? { ok: false, reason: error.message }
      : { ok: false, crash: error instanceof Error ? (error.stack ?? error.message) : String(error) },
  );
}
