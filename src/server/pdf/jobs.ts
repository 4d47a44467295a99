// Every document the PDF workers make: the single wizard's statement (computed in the worker from its
// form data), a prepared letter (a settlement's tenant statement) and a settlement's overview.

import type { StatementView } from '../../shared/print-model';
import type { OverviewView, SettlementLetterView } from '../../shared/settlement-view/letter-view';
import type { PrepaymentLetterView } from '../../shared/settlement-view/prepayment-letter-view';
import { renderOverviewPdf } from './render-overview';
import { renderPrepaymentLetterPdf } from './render-prepayment-letter';
import { renderStatementDocument, renderStatementJob, type StatementPdfJob } from './render-statement';

export interface LetterPdfJob {
  view: StatementView | SettlementLetterView;
  preview: boolean;
}

export interface OverviewPdfJob {
  overview: OverviewView;
}

/** The free § 560 letter adjusting a tenant's monthly prepayment. */
export interface PrepaymentLetterPdfJob {
  prepaymentLetter: PrepaymentLetterView;
}

export type PdfJob = StatementPdfJob | LetterPdfJob | OverviewPdfJob | PrepaymentLetterPdfJob;

export function renderJob(job: PdfJob): Promise<Uint8Array<ArrayBuffer>> {
  if ('prepaymentLetter' in job) return renderPrepaymentLetterPdf(job.prepaymentLetter);
  if ('overview' in job) return renderOverviewPdf(job.overview);
  if ('view' in job) return renderStatementDocument(job);
  return renderStatementJob(job);
}
