// Worker-thread entry: reads one bank statement file off the server's event loop (a year's CAMT of a
// busy account is megabytes of XML). Production runs the bundled copy (dist/server/bank-file-worker.js);
// dev and tests load this file through dev-worker.mjs.

import { parentPort, workerData } from 'node:worker_threads';
import { BankFileError, CsvColumnsUnknown } from './booking';
import { type CsvChoice, csvColumns, readBankFile } from './read-bank-file';

/** What the thread is asked: a file read (a CSV with the user's mappings), or a CSV's columns. */
export interface BankFileTask {
  bytes: Uint8Array;
  csv: CsvChoice;
  columnsOnly: boolean;
}

if (!parentPort) throw new Error('bank-file-worker must run in a worker thread');
const task = workerData as BankFileTask;
try {
  parentPort.postMessage(
    task.columnsOnly
      ? { ok: true, columns: csvColumns(task.bytes) }
      : { ok: true, file: readBankFile(task.bytes, task.csv) },
  );
} catch (error) {
  parentPort.postMessage(
    error instanceof CsvColumnsUnknown
      ? { ok: false, reason: error.message, unknownColumns: error.signature }
      : error instanceof BankFileError
        ? { ok: false, reason: error.message }
        : { ok: false, crash: error instanceof Error ? (error.stack ?? error.message) : String(error) },
  );
}
