// A tenant's page (a statement's, a reminder's) as the browser gets it: private, not indexed; a wrong or
// expired link and too many calls answered as pages of their own, saying nothing about why.

import type { FastifyReply } from 'fastify';
import { AppError } from '../errors';
import { messagePageHtml, NOT_FOUND_PAGE } from './page';

export async function sendTenantPage(reply: FastifyReply, render: () => Promise<string>) {
  const html = (status: number, body: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .send(body);
  try {
    return html(200, await render());
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return html(404, NOT_FOUND_PAGE);
    if (err instanceof AppError && err.statusCode === 429)
      return html(429, messagePageHtml('Zu viele Aufrufe', err.message));
    throw err;
  }
}
