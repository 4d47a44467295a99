// Reads receipts while the server runs: the recognition jobs (jobs.ts) taken by the job runner, as
// many at once as there are reader processes.

import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { documents } from '../db/schema';
import { createJobRunner, type JobRunner } from '../jobs/runner';
import type { Storage } from '../storage/storage';
import { claimRecognition, failRecognition, finishRecognition, type RecognitionRow } from './jobs';
import { createReceiptReader } from './reader-processes';
import { ReceiptUnreadable } from './unreadable';

export type RecognitionRunner = JobRunner;

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

  async function run(job: RecognitionRow) {
    try {
      const [doc] = await db.select().from(documents).where(eq(documents.id, job.documentId));
      if (!doc) return;
      const bytes = new Uint8Array(await buffer(await storage.get(doc.storageKey)));
      const read = await reader.read(bytes, doc.fileType);
      await finishRecognition(db, job, read);
    } catch (error) {
      if (!(error instanceof ReceiptUnreadable)) throw error;
      await failRecognition(db, job.documentId, error.message);
    }
  }

  const reading = auto && threads > 0;
  // left 'running' when it throws: its lease runs out and it is tried again, at most three times
  const runner = createJobRunner({
    name: 'receipt recognition',
    claim: () => claimRecognition(db),
    run,
    log,
    places: threads,
    auto: reading,
  });
  if (reading) reader.warm();
  return {
    ...runner,
    async close() {
      await runner.close();
      await reader.close();
    },
  };
}
