// Every document the PDF workers make: the single wizard's statement (computed in the worker from its
// form data), a prepared letter (a settlement's tenant statement) and a settlement's overview.

import type { StatementView } from '../../shared/print-model';
import type { SettlementLetterView } from '../../shared/settlement-view/letter-view';
import type { OverviewView } from '../../shared/settlement-view/overview-view';
import type { PrepaymentLetterView } from '../../shared/settlement-view/prepayment-letter-view';
import { renderOverviewPdf } from './render-overview';
import { renderPrepaymentLetterPdf } from './render-prepayment-letter';
import {
  renderLettersPreview,
  renderStatementDocument,
  renderStatementJob,
  type StatementPdfJob,
} from './render-statement';

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

/** The free § 560 letter adjusting a tenant's monthly prepayment. */
export interface PrepaymentLetterPdfJob {
  kind: 'prepayment-letter';
  prepaymentLetter: PrepaymentLetterView;
}

export type PdfJob =
  | StatementPdfJob
  | LetterPdfJob
  | LettersPreviewPdfJob
  | OverviewPdfJob
  | PrepaymentLetterPdfJob;

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
    case 'prepayment-letter':
      return renderPrepaymentLetterPdf(job.prepaymentLetter);
  }
}
