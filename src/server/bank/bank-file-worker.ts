// Worker-thread entry: reads one bank file off the server's event loop (a year's CAMT of a
// busy account is megabytes of XML). Production runs the bundled copy (dist/server/bank-file-worker.js);
// dev and tests load this file through threads/dev-entry.mjs.

import { parentPort, workerData } from 'node:worker_threads';
import { runInBackground } from '../background-priority';
import { BankFileError, CsvColumnsUnknown, fileToStore } from './booking';
import { type CsvChoice, csvColumns, readBankFile } from './read-bank-file';

/** What the thread is asked: a file read (a CSV with the workspace's mappings), or a CSV's columns. */
export interface BankFileTask {
  bytes: Uint8Array;
  csv: CsvChoice;
  columnsOnly: boolean;
}

/**
 * Bookings per message. The server thread asks for each part when it has taken the last: messages
 * that wait together are unpacked in one turn of its loop, and 10,000 bookings at once hold it for
 * tens of milliseconds.
 */
const BOOKINGS_PER_PART = 500;

if (!parentPort) throw new Error('bank-file-worker must run in a worker thread');
const port = parentPort;
runInBackground();
const task = workerData as BankFileTask;
try {
  if (task.columnsOnly) port.postMessage({ ok: true, columns: csvColumns(task.bytes) });
  else {
    const { bookings, ...file } = fileToStore(readBankFile(task.bytes, task.csv));
    let sent = 0;
    const sendPart = () => {
      if (sent >= bookings.length) {
        port.postMessage({ ok: true, file: { ...file, bookings: [] } });
        return;
      }
      port.postMessage({ bookings: bookings.slice(sent, sent + BOOKINGS_PER_PART) });
      sent += BOOKINGS_PER_PART;
    };
    port.on('message', sendPart);
    sendPart();
  }
} catch (error) {
  port.postMessage(
    error instanceof CsvColumnsUnknown
      ? { ok: false, reason: error.message, unknownColumns: error.signature }
      : error instanceof BankFileError
        ? { ok: false, reason: error.message }
        : { ok: false, crash: error instanceof Error ? (error.stack ?? error.message) : String(error) },
  );
}
