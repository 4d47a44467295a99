// The first free preview after a server start (target: ≤ 1 s; later ones ≤ 300 ms), against the final
// letter's rendering in the same run. A server's PDF threads prepare the previews' drawing when they
// start (warmPreviews) and are asked after two seconds, as a landlord opens the editor after a start
// at the earliest; the "not prepared" row is a pool as it was before, whose thread starts with the first
// preview asked of it. One thread each. Ratios are what to compare: the machine is shared.

import { loadavg } from 'node:os';
import { createPdfRenderer } from '../src/server/pdf/renderer';
import { sampleFormData } from '../tests/builders/statement';
import { bundledWorker } from './bundled-worker';

const TODAY = '2025-03-14';
const LATER = 9;

const round = (n: number) => Math.round(n * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** A pool's first preview, its later previews, and its final letters. */
async function pool(workerUrl: URL, warmPreviews: boolean) {
  const renderer = createPdfRenderer({ workerUrl, threads: 1, warmPreviews });
  const job = (preview: boolean) => ({
    kind: 'statement' as const,
    formData: sampleFormData(),
    today: TODAY,
    preview,
  });
  try {
    // a server starts its threads at once; a pool without warming started them when first asked
    if (warmPreviews) await new Promise((resolve) => setTimeout(resolve, 2000));
    const first = await timed(() => renderer.render(job(true), 'bench'));
    const later: number[] = [];
    const finals: number[] = [];
    for (let i = 0; i < LATER; i++) {
      later.push(await timed(() => renderer.render(job(true), 'bench')));
      finals.push(await timed(() => renderer.render(job(false), 'bench')));
    }
    return { first, later: median(later), final: median(finals) };
  } finally {
    await renderer.close();
  }
}

export async function run(): Promise<Record<string, number | string | Record<string, number | string>>> {
  const load = loadavg()[0] ?? 0;
  const workerUrl = await bundledWorker();
  const cold = await pool(workerUrl, false);
  const warm = await pool(workerUrl, true);
  const row = (r: typeof warm) => ({
    'first preview ms': Math.round(r.first),
    'later previews, median ms': Math.round(r.later),
    'final letter, median ms': Math.round(r.final),
    'first ÷ final': round(r.first / r.final),
    'later ÷ final': round(r.later / r.final),
  });
  return {
    'load average (1 min) at start': round(load),
    'threads prepared at start (server)': row(warm),
    'threads not prepared (before)': row(cold),
    'first preview, prepared ÷ not prepared': round(warm.first / cold.first),
  };
}
