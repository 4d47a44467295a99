import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A full garbage collection before each measurement: the garbage of the step before (the receipts
// and files a bench makes on this thread) is not collected in the middle of the work measured.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * Runs `work` while sampling the event loop's delay and the process's memory; answers seconds, the
 * worst and the 99th-percentile delay in ms (on a shared machine the worst is often the host's, not
 * ours: compare both with an idle loop's) and the peak resident memory in MB (worker threads
 * included: one process).
 */
export async function measured(work: () => Promise<unknown>) {
  collectGarbage();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let peak = process.memoryUsage().rss;
  const memory = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  loop.enable();
  // the sampling timer runs before the work starts, so a block at once is measured too
  await new Promise((resolve) => setTimeout(resolve, 20));
  const start = performance.now();
  await work();
  const seconds = (performance.now() - start) / 1000;
  // the sampling timer fires late after a block: let it, before reading the worst delay
  await new Promise((resolve) => setTimeout(resolve, 20));
  loop.disable();
  clearInterval(memory);
  return {
    seconds: Math.round(seconds * 100) / 100,
    maxBlockMs: Math.round(loop.max / 1e6),
    p99BlockMs: Math.round(loop.percentile(99) / 1e6),
    peakMb: Math.round(peak / 1024 / 1024),
  };
}
