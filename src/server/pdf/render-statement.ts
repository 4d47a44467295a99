// The statement PDF from the computed statement (the same view-model the preview prints).
// Synchronous pdfkit work: call it in the PDF worker thread, not on the server's event loop.

import type { StatementView } from '../../shared/print-model';
import type { Annex35aView } from '../../shared/settlement-view/annex-35a-view';
import type { HeatingAnnexView } from '../../shared/settlement-view/heating-annex-view';
import { computeStatement, type StatementFormData } from '../../shared/statement';
import { drawAnnex35a } from './annex-35a';
import { drawCostTable } from './cost-table';
import { openDocument } from './document';
import type { Doc } from './flow';
import { drawFurniture } from './furniture';
import { drawHeatingAnnex } from './heating-annex';
import { drawLetter } from './letter';
import { rasterPreview } from './raster-preview';

export interface StatementPdfInput {
  /** A settlement's letter may carry the § 35a and the heating annex, drawn after the cost table. */
  view: StatementView & { annex35a?: Annex35aView; heatingAnnex?: HeatingAnnexView };
  /** A free preview: VORSCHAU in every page's footer, the watermark over it (raster-preview.ts). */
  preview: boolean;
}

/** What the server sends a worker: the view-model is computed there, off the event loop. */
export interface StatementPdfJob {
  kind: 'statement';
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
  return renderStatementDocument({ view, preview: job.preview });
}

/** The statement as it is handed out: a final one as drawn, a free preview as pictures of its pages. */
export async function renderStatementDocument(input: StatementPdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const drawn = await renderStatementPdf(input);
  return input.preview ? rasterPreview([drawn], statementInfo(input)) : drawn;
}

/** Several letters' free preview in one document, one letter after another. */
export async function renderLettersPreview(views: ReadonlyArray<StatementPdfInput['view']>) {
  const drawn: Uint8Array[] = [];
  for (const view of views) drawn.push(await renderStatementPdf({ view, preview: true }));
  const first = views[0];
  return rasterPreview(drawn, {
    Title: `Vorschau: ${first?.subject ?? 'Betriebskostenabrechnung'}`,
    Author: first?.landlord.name,
    Subject: `Betriebskostenabrechnungen für ${views.map((v) => v.tenant.name).join(', ')}`,
  });
}

/** The statement's document information: title, author, subject. */
export function statementInfo({ view, preview }: StatementPdfInput) {
  return {
    Title: `${preview ? 'Vorschau: ' : ''}${view.subject}`,
    Author: view.landlord.name,
    Subject: view.tenant.name
      ? `Betriebskostenabrechnung für ${view.tenant.name}`
      : 'Betriebskostenabrechnung',
  };
}

export function renderStatementPdf(input: StatementPdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const { doc, done } = openDocument(statementInfo(input));
  drawStatement(doc, input);
  doc.end();
  return done;
}

/** Draws the whole statement into an open document whose fonts are registered. */
export function drawStatement(doc: Doc, { view, preview }: StatementPdfInput): void {
  drawLetter(doc, view);
  drawCostTable(doc, view);
  if (view.annex35a) drawAnnex35a(doc, view.annex35a, view.signatureName, view.letterDate);
  if (view.heatingAnnex) drawHeatingAnnex(doc, view.heatingAnnex);
  drawFurniture(doc, view, preview);
}
