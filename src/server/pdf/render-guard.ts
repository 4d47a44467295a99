// The one guard every rendering of the app goes through: a failed or empty document becomes a German
// 500 (and a log line with the cause); the queue's own refusals (429, 503) pass as they are.

import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors';
import type { PdfRenderer } from './renderer';

const pdfFailed = () => new AppError('pdf_failed', 500, 'Fehler bei der PDF-Generierung.');
const pdfEmpty = () => new AppError('pdf_empty', 500, 'PDF ist leer. Bitte prüfen Sie die Server-Logs.');

export function guardRendering(renderer: PdfRenderer, log: FastifyBaseLogger): PdfRenderer {
  return {
    threads: renderer.threads,
    close: () => renderer.close(),
    async render(job, owner) {
      let pdf: Uint8Array;
      try {
        pdf = await renderer.render(job, owner);
      } catch (error) {
        if (error instanceof AppError) throw error;
        log.error({ err: error }, 'PDF rendering failed');
        throw pdfFailed();
      }
      if (pdf.byteLength === 0) {
        log.error('PDF rendering returned no bytes');
        throw pdfEmpty();
      }
      return pdf;
    },
  };
}
