// Durable jobs live in rows of their own table (a receipt's recognition, a mail of the outbox): an
// instance takes one with FOR UPDATE SKIP LOCKED under a lease (jobs/lease.ts), so exactly one does
// however many share the database, and a job left by a stopped instance is taken again once its lease
// ran out. This runner takes jobs while the server runs: as many at once as it has places, woken when
// a job is added and otherwise looking every few seconds. Tests call `drain` instead of waiting.

import type { FastifyBaseLogger } from 'fastify';

const IDLE_POLL_MS = 5_000;

export interface JobRunner {
  /** A job was added: take it now if a place is free. */
  kick(): void;
  /** Runs every waiting job and resolves when none is left (tests, benchmarks). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export interface JobRunnerOptions<J> {
  /** For the log: what kind of job this runner takes. */
  name: string;
  /** The next job no instance holds, now held by this one; null when there is none. */
  claim: () => Promise<J | null>;
  /** Does the job and records its outcome; a throw is logged and the job's lease lets it run again. */
  run: (job: J) => Promise<void>;
  log: FastifyBaseLogger;
  /** Jobs at once. */
  places: number;
  /** Whether to take jobs by itself, when kicked and on a timer (off in tests: they drain). */
  auto: boolean;
  idlePollMs?: number;
}

export function createJobRunner<J>(options: JobRunnerOptions<J>): JobRunner {
  const { name, claim, run, log, auto } = options;
  const places = Math.max(1, options.places);
  let busy = 0;
  let closed = false;
  const idle: Array<() => void> = [];

  const settle = () => {
    if (busy === 0) for (const resolve of idle.splice(0)) resolve();
  };

  /** Fills the free places with jobs; resolves when it found no more. A place is held while claiming. */
  async function pump(): Promise<void> {
    while (!closed && busy < places) {
      busy += 1;
      let job: J | null;
      try {
        job = await claim();
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
      void run(job)
        .catch((error: unknown) => log.error({ err: error }, `${name}: job failed`))
        .finally(() => {
          busy -= 1;
          settle();
          refill();
        });
    }
  }

  const refill = () => {
    pump().catch((error: unknown) => log.error({ err: error }, `${name}: queue not read`));
  };

  const kick = () => {
    if (!closed && auto) refill();
  };
  const timer = auto ? setInterval(kick, options.idlePollMs ?? IDLE_POLL_MS) : undefined;
  timer?.unref();
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
    },
  };
}
