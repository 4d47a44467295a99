// The statement PDF from the computed statement (the same view-model the preview prints).
// Synchronous pdfkit work: call it in the PDF worker thread, not on the server's event loop.

import PDFDocument from 'pdfkit';
import type { StatementFormData } from '../../shared/schemas/statement-form';
import { computeStatement, type StatementView } from '../../shared/statement';
import { drawCostTable } from './cost-table';
import { statementFonts } from './fonts';
import { drawFurniture } from './furniture';
import { BOTTOM, FONT, LEFT, PAGE, RIGHT, TOP } from './layout';
import { drawLetter } from './letter';
import { escapeXmpMetadata } from './metadata';
import { type Outline, startWatermark, watermarkOutline } from './watermark';

export interface StatementPdfInput {
  view: StatementView;
  /** A free preview: VORSCHAU watermark on every page. */
  preview: boolean;
}

/** What the server sends a worker: the view-model is computed there, off the event loop. */
export interface StatementPdfJob {
  formData: StatementFormData;
  /** YYYY-MM-DD: dates the letter and the payment due date. */
  today: string;
  preview: boolean;
  /** Replaces an earlier final PDF of the same statement, tenant and period. */
  correction?: boolean;
}

export function renderStatementJob(job: StatementPdfJob): Promise<Uint8Array<ArrayBuffer>> {
  const view = computeStatement(job.formData, job.today);
  if (job.correction) view.subject = `Korrektur: ${view.subject}`;
  return renderStatementPdf({ view, preview: job.preview });
}

export const WATERMARK_TEXT = 'VORSCHAU';

let watermark: Outline | undefined;

export function renderStatementPdf({ view, preview }: StatementPdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const fonts = statementFonts();
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    // Content is placed explicitly; the margins only tell pdfkit where running text must break.
    margins: { top: TOP, bottom: PAGE.height - BOTTOM, left: LEFT, right: PAGE.width - RIGHT },
    bufferPages: true,
    font: '',
    lang: 'de-DE',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: `${preview ? 'Vorschau: ' : ''}${view.subject}`,
      Author: view.landlord.name,
      Subject: view.tenant.name
        ? `Betriebskostenabrechnung für ${view.tenant.name}`
        : 'Betriebskostenabrechnung',
      Creator: 'Umlage',
      Producer: 'Umlage',
    },
  });
  escapeXmpMetadata(doc);
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);

  const done = collect(doc);
  if (preview) {
    watermark ??= watermarkOutline(fonts.bold, WATERMARK_TEXT);
    startWatermark(doc, watermark);
  }
  drawLetter(doc, view);
  drawCostTable(doc, view);
  drawFurniture(doc, view, preview);
  doc.end();
  return done;
}

function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
  });
}
