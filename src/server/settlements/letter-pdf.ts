// GET /api/settlements/{id}/statements/{tenancyId}/pdf: a tenant's letter. A final settlement's is
// served as stored; a draft's is a free preview (VORSCHAU, pictures of its pages), counted first.
// GET /api/settlements/{id}/letters.pdf: a draft's letters read in one go, as one free preview.

import { isoDateInBerlin } from '../../shared/dates';
import { hasStatement } from '../../shared/settlement/types';
import { LETTERS_PER_PREVIEW, settlementLetterView } from '../../shared/settlement-view/letter-view';
import { isUuid } from '../http/ids';
import { letterFileName, lettersPreviewFileName } from './file-names';
import { correctedOn, storedLetters } from './finalize';
import { letterNotFound, lettersPartNotFound, previewOfFinal } from './messages';
import type { OverviewDeps } from './overview-pdf';
import type { SettlementRow } from './queries';
import { settlementView } from './view';

export async function letterPdf(
  deps: OverviewDeps,
  row: SettlementRow,
  tenancyId: string,
): Promise<{ fileName: string; content: Uint8Array }> {
  if (!isUuid(tenancyId)) throw letterNotFound();
  if (row.status === 'final') {
    const [letter] = await storedLetters(deps.db, row.workspaceId, row.id, [tenancyId]);
    if (!letter) throw letterNotFound();
    return letter;
  }
  const { snapshot, result } = await settlementView(deps.db, row);
  if (!result.tenancies.some((t) => t.tenancyId === tenancyId && hasStatement(t))) throw letterNotFound();
  await deps.spendRenders(1);
  const corrects = await correctedOn(deps.db, row);
  const view = settlementLetterView(snapshot, result, tenancyId, {
    today: isoDateInBerlin(new Date()),
    corrects,
  });
  return {
    fileName: letterFileName(snapshot, tenancyId, { preview: true, correction: corrects !== null }),
    content: await deps.renderer.render({ kind: 'letter', view, preview: true }, row.workspaceId),
  };
}

/**
 * A draft's letters one after another in one free preview, `part` by part of LETTERS_PER_PREVIEW
 * (from 1), in the order of the letters' archive; each letter counts as one rendering.
 */
export async function lettersPreviewPdf(
  deps: OverviewDeps,
  row: SettlementRow,
  part: number,
): Promise<{ fileName: string; content: Uint8Array }> {
  if (row.status === 'final') throw previewOfFinal();
  const { snapshot, result } = await settlementView(deps.db, row);
  const tenants = result.tenancies
    .filter(hasStatement)
    .slice((part - 1) * LETTERS_PER_PREVIEW, part * LETTERS_PER_PREVIEW);
  if (tenants.length === 0) throw lettersPartNotFound();
  await deps.spendRenders(tenants.length);
  const corrects = await correctedOn(deps.db, row);
  const today = isoDateInBerlin(new Date());
  const views = tenants.map((t) => settlementLetterView(snapshot, result, t.tenancyId, { today, corrects }));
  return {
    fileName: lettersPreviewFileName(snapshot, part),
    content: await deps.renderer.render({ kind: 'letters-preview', views }, row.workspaceId),
  };
}
