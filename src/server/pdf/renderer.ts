// A small pool of worker threads that render statement PDFs, so that a PDF never stalls the
// server's event loop. Jobs wait in a bounded queue that serves accounts in turns, so one account's
// backlog cannot starve the others; a worker that crashes or hangs is replaced.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors';
import { threadEntry } from '../threads/entry';
import { FairQueue } from './fair-queue';
import type { PdfJob } from './jobs';
import { READY, type RenderReply, type RenderRequest, type WorkerOptions } from './protocol';

export interface PdfRendererOptions {
  /** Worker threads; default: one per core, at most 4. */
  threads?: number;
  /** Longest one document may take before its worker is replaced. */
  timeoutMs?: number;
  /** Most documents that may wait for a thread; more are refused with 503. */
  maxQueue?: number;
  /** Most documents one account may have waiting; more are refused with 429. */
  maxQueuePerOwner?: number;
  /** The worker module; the default finds it beside this file or the server bundle. */
  workerUrl?: URL;
  /** Where warnings go (a worker that failed and was replaced, the in-thread fallback). */
  onWarning?: (message: string, error?: unknown) => void;
  /**
   * Start the threads at once, each preparing the free previews' drawing, so the first preview after
   * a start is as quick as later ones (a server; tests and scripts start threads when first asked).
   */
  warmPreviews?: boolean;
}

export interface PdfRenderer {
  /** Worker threads the pool runs when busy. */
  readonly threads: number;
  /** Renders the job for `owner` (the account), whose waiting jobs take turns with others'. */
  render(job: PdfJob, owner: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** A document waiting for, or being rendered by, a worker. */
interface Pending {
  id: number;
  statement: PdfJob;
  resolve: (pdf: Uint8Array) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Pending | null;
}

export const busy = () =>
  new AppError(
    'pdf_busy',
    503,
    'Der PDF-Dienst ist gerade ausgelastet. Bitte versuchen Sie es gleich erneut.',
  );

const tooManyForOwner = () =>
  new AppError(
    'pdf_too_many',
    429,
    'Es werden gerade zu viele PDFs für Ihr Konto erstellt. Bitte versuchen Sie es gleich noch einmal.',
  );

export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const threads = options.threads ?? Math.min(4, Math.max(1, availableParallelism()));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxQueue = options.maxQueue ?? 200;
  const maxQueuePerOwner = options.maxQueuePerOwner ?? 4;
  const warn = options.onWarning ?? (() => {});

  const queue = new FairQueue<Pending>();
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;
  // Set when a worker cannot even start (e.g. a build without the worker file): render in-thread.
  let inline = false;

  function spawn(): Slot {
    // A smaller young generation than V8's default keeps each worker ~25 MB leaner. The old
    // generation's cap leaves room for a preview's page pictures (pdfjs needed more than 160 MB on Node 24).
    const entry = options.workerUrl ? { url: options.workerUrl, argv: [] } : threadEntry('pdf-worker');
    const workerData: WorkerOptions = { warmPreviews: options.warmPreviews ?? false };
    const worker = new Worker(entry.url, {
      argv: entry.argv,
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: 320, maxYoungGenerationSizeMb: 16 },
    });
    const slot: Slot = { worker, ready: false, job: null };
    worker.unref();
    worker.on('message', (message: RenderReply | typeof READY) => {
      if (message === READY) {
        slot.ready = true;
        dispatch();
      } else {
        settle(slot, message);
      }
    });
    worker.on('error', (error) => fail(slot, error));
    worker.on('exit', (code) => {
      if (!closed && slots.includes(slot)) fail(slot, new Error(`PDF worker exited with code ${code}`));
    });
    return slot;
  }

  function settle(slot: Slot, reply: RenderReply): void {
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    finish(slot);
    if ('pdf' in reply) job.resolve(reply.pdf);
    else job.reject(new Error(`PDF rendering failed: ${reply.error}`));
    dispatch();
  }

  function finish(slot: Slot): void {
    clearTimeout(slot.job?.timer);
    slot.job = null;
    slot.worker.unref();
  }

  /** A worker died or hung: fail its job and replace it; one that never started means in-thread. */
  function fail(slot: Slot, error: Error): void {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    const job = slot.job;
    finish(slot);
    slots.splice(index, 1);
    void slot.worker.terminate();
    if (job) job.reject(error);
    if (closed) return;
    if (!slot.ready) {
      inline = true;
      warn('PDF worker could not start; rendering PDFs in the main thread', error);
    } else {
      warn('PDF worker failed and was replaced', error);
      slots.push(spawn());
    }
    dispatch();
  }

  function dispatch(): void {
    if (inline) {
      for (const job of queue.drain()) renderInline(job);
      return;
    }
    for (const slot of slots) {
      if (!slot.ready || slot.job) continue;
      const job = queue.shift();
      if (!job) return;
      slot.job = job;
      slot.worker.ref();
      job.timer = setTimeout(() => fail(slot, new Error('PDF rendering timed out')), timeoutMs);
      const request: RenderRequest = { id: job.id, job: job.statement };
      slot.worker.postMessage(request);
    }
  }

  function renderInline(job: Pending): void {
    import('./jobs').then(({ renderJob }) => renderJob(job.statement)).then(job.resolve, job.reject);
  }

  if (options.warmPreviews) for (let i = 0; i < threads; i++) slots.push(spawn());

  return {
    threads,
    render(statement, owner) {
      if (closed) return Promise.reject(new Error('PDF renderer is closed'));
      if (queue.size >= maxQueue) return Promise.reject(busy());
      if (queue.waiting(owner) >= maxQueuePerOwner) return Promise.reject(tooManyForOwner());
      if (!inline && slots.length === 0) {
        for (let i = 0; i < threads; i++) slots.push(spawn());
      }
      return new Promise<Uint8Array>((resolve, reject) => {
        queue.push(owner, { id: nextId++, statement, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.drain()) job.reject(new Error('PDF renderer is closed'));
      const running = slots.splice(0);
      for (const slot of running) {
        const job = slot.job;
        finish(slot);
        job?.reject(new Error('PDF renderer is closed'));
      }
      await Promise.all(running.map((slot) => slot.worker.terminate()));
    },
  };
}
