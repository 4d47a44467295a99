// Threads doing background work (reading receipts and bank files) run at a lower priority than the
// server's own thread, so on a machine of two cores a request is answered while OCR runs.

import { setPriority } from 'node:os';

/** The nice value of a background thread: the scheduler prefers the server's thread (nice 0). */
const BACKGROUND_NICE = 10;

/**
 * Lowers the calling thread's priority. Only on Linux, where the nice value belongs to a thread (a
 * thread started from here inherits it); elsewhere it would lower the whole server.
 */
export function runInBackground(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(BACKGROUND_NICE);
  } catch {
    // a container may forbid it: the work is then done at normal priority
  }
}
