// The download name of a statement PDF (spec §7 generate-pdf).

import { isIsoDate } from '../dates';
import { fileNamePart } from '../file-name-part';
import type { StatementView } from '../print-model';
import type { StatementFormData } from './types';

/** Betriebskostenabrechnung_{year of period end}_{tenant name with underscores}.pdf, VORSCHAU_ for a preview. */
export function statementFileName(source: StatementView | StatementFormData, isPreview: boolean): string {
  const periodEnd = 'rows' in source ? source.period.end : source.billingPeriod.end;
  const name = fileNamePart(source.tenant.name);
  const parts = ['Betriebskostenabrechnung'];
  if (isIsoDate(periodEnd)) parts.push(periodEnd.slice(0, 4));
  if (name) parts.push(name);
  return `${isPreview ? 'VORSCHAU_' : ''}${parts.join('_')}.pdf`;
}
