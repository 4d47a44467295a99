// Messages between the server and its PDF worker threads.

import type { PdfJob } from './jobs';

export interface RenderRequest {
  id: number;
  job: PdfJob;
}

export type RenderReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

/** The worker's first message, sent once pdfkit and the fonts have loaded. */
export const READY = 'ready';

/** What a worker is started with. */
export interface WorkerOptions {
  /** Prepare the free previews' drawing right after start (raster-preview.ts). */
  warmPreviews: boolean;
}
