// Receipts are read in long-lived child processes (the OCR model loads once per process), one receipt
// per process at a time. A process of its own, not a thread: a decoder that aborts on a hostile file
// (a native library's abort ends the whole process) takes only that reader down, never the server
// (ADR 0025). A reader that dies or runs over its time is forgotten at once and replaced; the receipt
// it read is failed with a reason, not tried again, and no other receipt is charged for it.

import { type ChildProcess, fork } from 'node:child_process';
import { threadEntry } from '../threads/entry';
import { createPool } from '../threads/pool';
import type { ReadReceipt } from './read-receipt';
import type { RecognitionReply, RecognitionRequest } from './recognition-worker';
import { ReceiptUnreadable } from './unreadable';

/** A receipt of five scanned pages takes some 15 s here; one that takes this long is stuck. */
const TIME_LIMIT_MS = 120_000;
/** The reader's heap: pdf.js and the pages of a long PDF, with room. */
const HEAP_MB = 768;

export const READER_DIED =
  'Der Beleg konnte nicht gelesen werden: das Lesen ist abgebrochen. Bitte tragen Sie die Werte selbst ein.';

/** One reader process and the receipt it reads now. */
class ReaderProcess {
  private child: ChildProcess | undefined;
  private next = 0;

  private start(): ChildProcess {
    const { url, argv } = threadEntry('recognition-worker');
    const child = fork(url, argv, {
      serialization: 'advanced',
      execArgv: [`--max-old-space-size=${HEAP_MB}`],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // an idle reader keeps neither the server nor a test run alive
    child.unref();
    child.channel?.unref();
    child.once('exit', () => this.forget(child));
    this.child = child;
    return child;
  }

  /** No receipt goes to this process any more; it is ended if it still runs. */
  private forget(child: ChildProcess) {
    if (this.child === child) this.child = undefined;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  /** The running process, started when there is none (it loads pdf.js while it waits for work). */
  ensure(): ChildProcess {
    return this.child ?? this.start();
  }

  read(bytes: Uint8Array, fileType: string): Promise<ReadReceipt> {
    const child = this.ensure();
    const id = ++this.next;
    child.channel?.ref();
    return new Promise<ReadReceipt>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        child.channel?.unref();
      };
      const onMessage = (reply: RecognitionReply) => {
        if (reply.id !== id) return;
        done();
        if (reply.ok) resolve(reply.read);
        else if (reply.reason) reject(new ReceiptUnreadable(reply.reason));
        else reject(new Error(`recognition failed: ${reply.crash}`));
      };
      const onExit = () => {
        done();
        reject(new ReceiptUnreadable(READER_DIED));
      };
      const timer = setTimeout(() => {
        done();
        this.forget(child);
        reject(new ReceiptUnreadable('Das Lesen hat zu lange gedauert.'));
      }, TIME_LIMIT_MS);
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send({ id, bytes, fileType } satisfies RecognitionRequest, (error) => {
        if (!error) return;
        done();
        this.forget(child);
        reject(new ReceiptUnreadable(READER_DIED));
      });
    });
  }

  async close() {
    const child = this.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // an idle reader is unref'd: held again until its end, else a closing process would not wait for it
    child.ref();
    this.forget(child);
    await exited;
  }
}

export interface ReceiptReader {
  read(bytes: Uint8Array, fileType: string): Promise<ReadReceipt>;
  /** Starts the processes now rather than at the first receipt. */
  warm(): void;
  close(): Promise<void>;
}

/** `processes` receipts read at once; more wait for a free reader. */
export function createReceiptReader(processes: number): ReceiptReader {
  const readers = createPool(Array.from({ length: Math.max(1, processes) }, () => new ReaderProcess()));
  return {
    warm() {
      for (const reader of readers.items) reader.ensure();
    },
    read: (bytes, fileType) => readers.use((reader) => reader.read(bytes, fileType)),
    async close() {
      await Promise.all(readers.items.map((r) => r.close()));
    },
  };
}
