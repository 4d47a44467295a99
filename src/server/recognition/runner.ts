// Takes recognition jobs while the server runs: as many at once as it has reader threads, woken by
// an upload and otherwise looking every few seconds (for jobs another instance left behind when it
// stopped). Tests call `drain` instead of waiting for the timer.

import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { documents } from '../db/schema';
import type { Storage } from '../storage/storage';
import { claimRecognition, failRecognition, finishRecognition, type RecognitionRow } from './jobs';
import { createReceiptReader } from './reader-processes';
import { ReceiptUnreadable } from './unreadable';

const IDLE_POLL_MS = 5_000;

export interface RecognitionRunner {
  /** A job was added: take it now if a thread is free. */
  kick(): void;
  /** Reads every waiting job and resolves when none is left (tests, benchmarks). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

interface Deps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  threads: number;
  /** Whether to take jobs by itself, when kicked and on a timer (off in tests: they drain). */
  auto: boolean;
}

export function createRecognitionRunner({ db, storage, log, threads, auto }: Deps): RecognitionRunner {
  const reader = createReceiptReader(threads);
  let busy = 0;
  let closed = false;
  const idle: Array<() => void> = [];

  async function runOne(job: RecognitionRow) {
    try {
      const [doc] = await db.select().from(documents).where(eq(documents.id, job.documentId));
      if (!doc) return;
      const bytes = new Uint8Array(await buffer(await storage.get(doc.storageKey)));
      const read = await reader.read(bytes, doc.fileType);
      await finishRecognition(db, job, read);
    } catch (error) {
      if (error instanceof ReceiptUnreadable) {
        await failRecognition(db, job.documentId, error.message);
      } else {
        // left 'running': its lease runs out and it is tried again, at most three times
        log.error({ err: error, documentId: job.documentId }, 'receipt recognition failed');
      }
    }
  }

  const settle = () => {
    if (busy === 0) for (const resolve of idle.splice(0)) resolve();
  };

  /** Fills the free threads with jobs; resolves when it found no more. A slot is held while claiming. */
  async function pump(): Promise<void> {
    while (!closed && busy < Math.max(1, threads)) {
      busy += 1;
      let job: RecognitionRow | null;
      try {
        job = await claimRecognition(db);
      } catch (error) {
        busy -= 1;
        settle();
        throw error;
      }
      if (!job) {
        busy -= 1;
        settle();
        return;
      }
      void runOne(job)
        .catch((error: unknown) => log.error({ err: error }, 'recognition result not stored'))
        .finally(() => {
          busy -= 1;
          settle();
          refill();
        });
    }
  }

  const refill = () => {
    pump().catch((error: unknown) => log.error({ err: error }, 'recognition queue not read'));
  };

  const kick = () => {
    if (!closed && auto && threads > 0) refill();
  };
  const timer = auto && threads > 0 ? setInterval(kick, IDLE_POLL_MS) : undefined;
  timer?.unref();
  if (auto && threads > 0) reader.warm();
  kick();

  return {
    kick,
    async drain() {
      for (;;) {
        await pump();
        if (busy === 0) return;
        await new Promise<void>((resolve) => idle.push(resolve));
      }
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await reader.close();
    },
  };
}
