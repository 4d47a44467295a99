// The statement PDF (targets: ≤ 10 ms median in-thread per two-page statement):
// 100 statements ≤ 2 s on this 2-core machine, RSS ≤ 300 MB, no event-loop stall over 20 ms.
// 1. as the server renders: 200 documents (12 positions, 2 pages) one after another through the
//    worker-thread pool, whose worker is bundled with esbuild as `npm run build` bundles it;
// 2. 100 different statements (8–40 positions) handed to the pool at once, while the event
//    loop's delay and the process's RSS are watched;
// 3. the engine alone in this thread, beside plain pdfkit: the same statements drawn by the same
//    layout code into a stock pdfkit document with the same fontkit faces registered (pdfkit then
//    subsets, shapes and compresses the fonts per document). The two alternate document by
//    document, so the machine's load falls on both alike; finals and previews are timed apart.
// The machine is shared: the 1-minute load average is printed with the figures, and CPU times
// (which other processes' load does not inflate) beside the wall-clock times.

import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { renderStatementJob, type StatementPdfJob } from '../src/server/pdf/render-statement';
import { createPdfRenderer } from '../src/server/pdf/renderer';
import { renderWithStockPdfkit } from '../src/server/pdf/testing/stock-pdfkit';
import { computeStatement } from '../src/shared/statement';
import { sampleFormData } from '../tests/builders/statement';
import { bundledWorker } from './bundled-worker';

const DOCUMENTS = 200;
const WARMUP = 20;
const STATEMENTS = 100;
const TODAY = '2025-03-14';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

/** CPU time of the whole process (all threads) in ms: unlike wall time, other load does not inflate it. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

interface Timing {
  median: number;
  p95: number;
  cpuMedian: number;
}

/** Times each of `count` runs of every renderer, the renderers taking turns run by run. */
async function timeEach<K extends string>(
  count: number,
  renderers: Record<K, (i: number) => Promise<unknown>>,
): Promise<Record<K, Timing>> {
  const names = Object.keys(renderers) as K[];
  type Samples = { wall: number[]; cpu: number[] };
  const samples = {} as Record<K, Samples>;
  for (const name of names) samples[name] = { wall: [], cpu: [] };
  for (let i = 0; i < count; i++) {
    for (const name of names) {
      const start = performance.now();
      const startCpu = cpuMs();
      await renderers[name](i);
      samples[name].wall.push(performance.now() - start);
      samples[name].cpu.push(cpuMs() - startCpu);
    }
  }
  const result = {} as Record<K, Timing>;
  for (const name of names) {
    const wall = samples[name].wall.sort((a, b) => a - b);
    const cpu = samples[name].cpu.sort((a, b) => a - b);
    result[name] = {
      median: percentile(wall, 0.5),
      p95: percentile(wall, 0.95),
      cpuMedian: percentile(cpu, 0.5),
    };
  }
  return result;
}

/** The same statement (view-model included) drawn by the same layout code with plain pdfkit. */
function renderWithPlainPdfkit(job: StatementPdfJob): Promise<Uint8Array> {
  return renderWithStockPdfkit({ view: computeStatement(job.formData, job.today), preview: job.preview });
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function run(): Promise<Record<string, number | string | Record<string, number | string>>> {
  const load = loadavg()[0] ?? 0;
  const twelve = sampleFormData();
  const job = (i: number) => ({
    kind: 'statement' as const,
    formData: twelve,
    today: TODAY,
    preview: i % 2 === 0,
  });
  const workerUrl = await bundledWorker();

  // The pool first, while this thread has rendered nothing itself (as in the server).
  const baselineRss = process.memoryUsage().rss;
  let peakRss = baselineRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 5);
  // One account hands in every document here: lift its cap of waiting documents.
  const renderer = createPdfRenderer({ workerUrl, maxQueuePerOwner: STATEMENTS });
  let pooled: Timing;
  let batchMs: number;
  let bytes: number;
  let stallMs: number;
  let stallP99Ms: number;
  let idleStallMs: number;
  let batchCpuMs: number;
  try {
    await Promise.all(Array.from({ length: WARMUP }, (_, i) => renderer.render(job(i), 'bench')));
    ({ pooled } = await timeEach(DOCUMENTS, { pooled: (i) => renderer.render(job(i), 'bench') }));

    const forms = Array.from({ length: STATEMENTS }, (_, i) =>
      sampleFormData({ positions: 8 + (i % 33), monthlyPrepayment: i % 3 === 0 ? '1.000,00' : '150,00' }),
    );
    // The machine's own scheduling delay, for comparison: the same watch with nothing rendering.
    const idle = monitorEventLoopDelay({ resolution: 5 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    idle.disable();
    idleStallMs = round(idle.max / 1e6);

    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const start = performance.now();
    const startCpu = cpuMs();
    const pdfs = await Promise.all(
      forms.map((formData, i) =>
        renderer.render({ kind: 'statement', formData, today: TODAY, preview: i % 2 === 1 }, 'bench'),
      ),
    );
    batchMs = performance.now() - start;
    batchCpuMs = cpuMs() - startCpu;
    delay.disable();
    stallMs = round(delay.max / 1e6);
    stallP99Ms = round(delay.percentile(99) / 1e6);
    bytes = pdfs.reduce((sum, pdf) => sum + pdf.byteLength, 0);
  } finally {
    clearInterval(sampler);
    await renderer.close();
  }

  const engine = async (preview: boolean) => {
    const statement = { kind: 'statement' as const, formData: twelve, today: TODAY, preview };
    for (let i = 0; i < WARMUP; i++) {
      await renderStatementJob(statement);
      await renderWithPlainPdfkit(statement);
    }
    return timeEach(DOCUMENTS, {
      ours: () => renderStatementJob(statement),
      pdfkit: () => renderWithPlainPdfkit(statement),
    });
  };
  const final = await engine(false);
  const preview = await engine(true);
  const beside = (pick: (t: Timing) => number, timings: Record<'ours' | 'pdfkit', Timing>) => ({
    ours: round(pick(timings.ours)),
    'plain pdfkit': round(pick(timings.pdfkit)),
    'ours ÷ pdfkit': Math.round((pick(timings.ours) / pick(timings.pdfkit)) * 100) / 100,
  });

  const rssMb = Math.round(peakRss / 1024 / 1024);
  const missed = [
    final.ours.median > 10 && 'in-thread median > 10 ms',
    batchMs > 2000 && '100 statements > 2 s',
    rssMb > 300 && 'RSS > 300 MB',
    stallMs > 20 && 'event-loop stall > 20 ms',
  ].filter(Boolean);
  return {
    'load average (1 min) at start': round(load),
    'in-thread median ms/doc, 2-page statement': beside((t) => t.median, final),
    'in-thread median CPU ms/doc, 2-page statement': beside((t) => t.cpuMedian, final),
    'in-thread p95 ms/doc, 2-page statement': beside((t) => t.p95, final),
    'in-thread median ms/doc, 2-page preview (watermark)': beside((t) => t.median, preview),
    'in-thread median CPU ms/doc, 2-page preview': beside((t) => t.cpuMedian, preview),
    'worker pool median ms/doc (one at a time)': round(pooled.median),
    'worker pool p95 ms/doc': round(pooled.p95),
    'worker threads': renderer.threads,
    '100 statements at once, ms': Math.round(batchMs),
    '100 statements, CPU ms (all threads)': Math.round(batchCpuMs),
    '100 statements, CPU ms ÷ worker threads': Math.round(batchCpuMs / renderer.threads),
    '100 statements, mean KB per PDF': Math.round(bytes / STATEMENTS / 1024),
    'max event-loop delay during the 100, ms': stallMs,
    'p99 event-loop delay during the 100, ms': stallP99Ms,
    'max event-loop delay, 2 s idle before (machine baseline), ms': idleStallMs,
    'RSS before the workers started, MB (tsx included)': Math.round(baselineRss / 1024 / 1024),
    'peak RSS with the workers, MB': rssMb,
    targets: missed.length === 0 ? 'all met' : `missed: ${missed.join(', ')}`,
  };
}
