// Messages between the server and its PDF worker threads.

import type { StatementPdfJob } from './render-statement';

export interface RenderRequest {
  id: number;
  job: StatementPdfJob;
}

export type RenderReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

/** The worker's first message, sent once pdfkit and the fonts have loaded. */
export const READY = 'ready';
