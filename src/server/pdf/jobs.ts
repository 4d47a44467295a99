// Every document the PDF workers make: the single wizard's statement (computed in the worker from its
// form data), a prepared letter (a settlement's tenant statement) and a settlement's overview.

import type { StatementView } from '../../shared/print-model';
import type { AnlageVHelpView } from '../../shared/print-model/anlage-v-help';
import type { ShortLetterView } from '../../shared/print-model/short-letter';
import type { SettlementLetterView } from '../../shared/settlement-view/letter-view';
import type { OverviewView } from '../../shared/settlement-view/overview-view';
import { renderOverviewPdf } from './render-overview';
import { renderShortLetterPdf } from './render-short-letter';
import {
  renderLettersPreview,
  renderStatementDocument,
  renderStatementJob,
  type StatementPdfJob,
} from './render-statement';
import { renderTaxHelpPdf } from './render-tax-help';

export interface LetterPdfJob {
  kind: 'letter';
  view: StatementView | SettlementLetterView;
  preview: boolean;
}

/** Several letters of a draft settlement in one free preview. */
export interface LettersPreviewPdfJob {
  kind: 'letters-preview';
  views: Array<LetterPdfJob['view']>;
}

export interface OverviewPdfJob {
  kind: 'overview';
  overview: OverviewView;
}

/** A one-page letter to a tenant: the § 560 prepayment adjustment, a reminder of late rent. */
export interface ShortLetterPdfJob {
  kind: 'short-letter';
  letter: ShortLetterView;
}

/** The "Ausfüllhilfe Anlage V" of a property's tax year. */
export interface TaxHelpPdfJob {
  kind: 'tax-help';
  help: AnlageVHelpView;
}

export type PdfJob =
  | StatementPdfJob
  | LetterPdfJob
  | LettersPreviewPdfJob
  | OverviewPdfJob
  | ShortLetterPdfJob
  | TaxHelpPdfJob;

export function renderJob(job: PdfJob): Promise<Uint8Array<ArrayBuffer>> {
  switch (job.kind) {
    case 'statement':
      return renderStatementJob(job);
    case 'letter':
      return renderStatementDocument(job);
    case 'letters-preview':
      return renderLettersPreview(job.views);
    case 'overview':
      return renderOverviewPdf(job.overview);
    case 'short-letter':
      return renderShortLetterPdf(job.letter);
    case 'tax-help':
      return renderTaxHelpPdf(job.help);
  }
}
