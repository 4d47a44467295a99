// Bank files are read in a worker thread, at most two at a time and one per account, so a big file
// never blocks the server's event loop (not over 20 ms while a year of 10,000 bookings is imported)
// and one account's files never hold both readers. A reader gets a few seconds: a year's file takes
// well under one.

import { Worker } from 'node:worker_threads';
import type { CsvColumnsJson } from '../../shared/schemas/bank';
import { threadEntry } from '../threads/entry';
import { createPool } from '../threads/pool';
import type { BankFileTask } from './bank-file-worker';
import { BankFileError, BankFileUnreadable, CsvColumnsUnknown, type FileToStore } from './booking';
import type { CsvChoice } from './read-bank-file';

const TIME_LIMIT_MS = 15_000;
/** Two files read at once; more wait for a free place. */
const places = createPool([1, 2]);
/** The accounts whose file is being read now. */
const reading = new Set<string>();

/** A second file of an account while its first is read: refused (answered with 429). */
export class BankFileBusy extends Error {
  constructor() {
    super('Eine andere Datei Ihres Kontos wird gerade gelesen. Bitte laden Sie diese danach hoch.');
  }
}

type Reply =
  | { ok: true; file?: FileToStore; columns?: CsvColumnsJson }
  | { ok: false; reason?: string; unknownColumns?: string; crash?: string };
/** A file's bookings come first, a part each time one is asked for; then the reply. */
type Message = Reply | Pick<FileToStore, 'bookings'>;

/** The file as `readBankFile` reads it, read in a worker; a BankFileError for a file it refuses. */
export async function readBankFileOffThread(
  account: string,
  bytes: Uint8Array,
  csv: CsvChoice = {},
  timeLimitMs = TIME_LIMIT_MS,
): Promise<FileToStore> {
  const reply = await inWorker(account, { bytes, csv, columnsOnly: false }, timeLimitMs);
  if (!reply.file) throw new Error('bank file worker answered no file');
  return reply.file;
}

/** A CSV file's columns (`csvColumns`), read in a worker. */
export async function csvColumnsOffThread(account: string, bytes: Uint8Array): Promise<CsvColumnsJson> {
  const reply = await inWorker(account, { bytes, csv: {}, columnsOnly: true }, TIME_LIMIT_MS);
  if (!reply.columns) throw new Error('bank file worker answered no columns');
  return reply.columns;
}

async function inWorker(
  account: string,
  task: BankFileTask,
  timeLimitMs: number,
): Promise<Extract<Reply, { ok: true }>> {
  if (reading.has(account)) throw new BankFileBusy();
  reading.add(account);
  try {
    return await inFreeWorker(task, timeLimitMs);
  } finally {
    reading.delete(account);
  }
}

function inFreeWorker(task: BankFileTask, timeLimitMs: number): Promise<Extract<Reply, { ok: true }>> {
  return places.use(() => inNewWorker(task, timeLimitMs));
}

async function inNewWorker(task: BankFileTask, timeLimitMs: number): Promise<Extract<Reply, { ok: true }>> {
  const bookings: FileToStore['bookings'] = [];
  const reply = await new Promise<Reply>((resolve, reject) => {
    const { url, argv } = threadEntry('bank-file-worker');
    const worker = new Worker(url, {
      argv,
      workerData: task,
      resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 32 },
    });
    const timer = setTimeout(() => {
      reject(
        new BankFileError(
          'Die Datei braucht zu lange zum Lesen. Bitte laden Sie kürzere Zeiträume oder eine andere Exportart hoch.',
        ),
      );
      void worker.terminate();
    }, timeLimitMs);
    worker.once('exit', () => clearTimeout(timer));
    worker.on('message', (message: Message) => {
      if ('bookings' in message) {
        for (const booking of message.bookings) bookings.push(booking);
        worker.postMessage('next');
        return;
      }
      resolve(message.ok && message.file ? { ...message, file: { ...message.file, bookings } } : message);
      void worker.terminate();
    });
    // a thread that dies on a file (its memory limit, a defect) refuses the file, it never fails the request
    worker.once('error', (error) => reject(new BankFileUnreadable(error.stack ?? error.message)));
    worker.once('exit', (code) => {
      if (code !== 0) reject(new BankFileUnreadable(`bank file worker exited with ${code}`));
    });
  });
  if (reply.ok) return reply;
  if (reply.unknownColumns) throw new CsvColumnsUnknown(reply.unknownColumns);
  if (reply.reason) throw new BankFileError(reply.reason);
  throw new BankFileUnreadable(reply.crash ?? 'no reason');
}
