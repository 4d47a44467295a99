// Receipts are read in long-lived worker threads (the OCR model loads once per thread), one receipt
// per thread at a time; a thread that crashes or runs over its time is ended and replaced.

import { Worker } from 'node:worker_threads';
import type { ReadReceipt } from './read-receipt';
import type { RecognitionRequest } from './recognition-worker';
import { ReceiptUnreadable } from './unreadable';

/** A receipt of five scanned pages takes some 15 s here; one that takes this long is stuck. */
const TIME_LIMIT_MS = 120_000;

type Reply = { id: number } & (
  | { ok: true; read: ReadReceipt }
  | { ok: false; reason?: string; crash?: string }
);

function workerEntry(): URL {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './dev-worker.mjs' : './recognition-worker.js', import.meta.url);
}

/** One thread and the receipt it reads now. */
class ReaderThread {
  private worker: Worker | undefined;
  private next = 0;

  private start(): Worker {
    const worker = new Worker(workerEntry(), {
      resourceLimits: { maxOldGenerationSizeMb: 768, maxYoungGenerationSizeMb: 64 },
    });
    worker.unref();
    worker.once('exit', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }

  /** The running thread, started when there is none (it loads pdfjs while it waits for work). */
  ensure(): Worker {
    return this.worker ?? this.start();
  }

  read(bytes: Uint8Array, fileType: string): Promise<ReadReceipt> {
    const worker = this.ensure();
    const id = ++this.next;
    return new Promise<ReadReceipt>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        done();
        if (reply.ok) resolve(reply.read);
        else if (reply.reason) reject(new ReceiptUnreadable(reply.reason));
        else reject(new Error(`recognition failed: ${reply.crash}`));
      };
      const onError = (error: Error) => {
        done();
        reject(error);
      };
      const onExit = (code: number) => {
        done();
        reject(new Error(`recognition worker exited with ${code}`));
      };
      const timer = setTimeout(() => {
        done();
        void worker.terminate();
        reject(new ReceiptUnreadable('Das Lesen hat zu lange gedauert.'));
      }, TIME_LIMIT_MS);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage({ id, bytes, fileType } satisfies RecognitionRequest);
    });
  }

  async close() {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}

export interface ReceiptReader {
  read(bytes: Uint8Array, fileType: string): Promise<ReadReceipt>;
  /** Starts the threads now rather than at the first receipt. */
  warm(): void;
  close(): Promise<void>;
}

/** `threads` receipts read at once; more wait for a free thread. */
export function createReceiptReader(threads: number): ReceiptReader {
  const idle = Array.from({ length: Math.max(1, threads) }, () => new ReaderThread());
  const all = [...idle];
  const waiting: Array<(thread: ReaderThread) => void> = [];
  const take = () => idle.pop() ?? new Promise<ReaderThread>((resolve) => waiting.push(resolve));
  const give = (thread: ReaderThread) => {
    const next = waiting.shift();
    if (next) next(thread);
    else idle.push(thread);
  };
  return {
    warm() {
      for (const thread of all) thread.ensure();
    },
    async read(bytes, fileType) {
      const thread = await take();
      try {
        return await thread.read(bytes, fileType);
      } finally {
        give(thread);
      }
    },
    async close() {
      await Promise.all(all.map((t) => t.close()));
    },
  };
}
