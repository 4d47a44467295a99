// What an account may have rendered. Every rendering counts against RENDER_BUDGET (finalizing counts
// each letter and the overview before any is drawn); free previews also against PREVIEW_RATE_LIMIT.

import type { FastifyReply } from 'fastify';
import type { ShortLetterView } from '../../shared/print-model/short-letter';
import { sendDownload } from '../http/files';
import { enforceRateLimit } from '../http/rate-limit';
import type { Throttle, ThrottleRule } from '../http/throttle';
import type { PdfRenderer } from './renderer';

/**
 * Free previews per account. Final PDFs need no limit of their own: each takes a credit, and
 * without one the request is answered before anything is rendered.
 */
export const PREVIEW_RATE_LIMIT = { window: 10 * 60, max: 60 } as const satisfies ThrottleRule;

/** Renderings per account and hour: finalizing the largest house (LIMITS) twice, and previews besides. */
export const RENDER_BUDGET = { window: 60 * 60, max: 1000 } as const satisfies ThrottleRule;

/** Counts `renders` documents of the account against its budget; 429 with Retry-After beyond it. */
export function spendRenders(throttle: Throttle, reply: FastifyReply, workspaceId: string, renders: number) {
  return enforceRateLimit(throttle, reply, `pdf-render:${workspaceId}`, RENDER_BUDGET, renders);
}

/** A free preview: one of the account's previews, of `renders` documents (letters read in one go). */
export async function spendPreview(
  throttle: Throttle,
  reply: FastifyReply,
  workspaceId: string,
  renders = 1,
) {
  await enforceRateLimit(throttle, reply, `pdf-preview:${workspaceId}`, PREVIEW_RATE_LIMIT);
  await spendRenders(throttle, reply, workspaceId, renders);
}

/** A short letter (a § 560 adjustment, a reminder, a deposit letter) drawn as a preview and sent as a PDF. */
export async function sendShortLetter(
  deps: { throttle: Throttle; renderer: PdfRenderer },
  reply: FastifyReply,
  workspaceId: string,
  letter: { view: ShortLetterView; fileName: string },
) {
  // drawn like any letter preview: within the workspace's rendering budget
  await spendPreview(deps.throttle, reply, workspaceId);
  const pdf = await deps.renderer.render({ kind: 'short-letter', letter: letter.view }, workspaceId);
  return sendDownload(reply, 'application/pdf', letter.fileName, pdf);
}
