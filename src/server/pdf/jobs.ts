// Every document the PDF workers make: the single wizard's statement (computed in the worker from its
// form data), a prepared letter (a settlement's tenant statement) and a settlement's overview.

import type { OverviewView } from '../../shared/settlement/letter-view';
import type { StatementView } from '../../shared/statement';
import { renderOverviewPdf } from './render-overview';
import { renderStatementJob, renderStatementPdf, type StatementPdfJob } from './render-statement';

export interface LetterPdfJob {
  view: StatementView;
  preview: boolean;
}

export interface OverviewPdfJob {
  overview: OverviewView;
}

export type PdfJob = StatementPdfJob | LetterPdfJob | OverviewPdfJob;

export function renderJob(job: PdfJob): Promise<Uint8Array<ArrayBuffer>> {
  if ('overview' in job) return renderOverviewPdf(job.overview);
  if ('view' in job) return renderStatementPdf(job);
  return renderStatementJob(job);
}
