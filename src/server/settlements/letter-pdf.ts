// GET /api/settlements/{id}/statements/{tenancyId}/pdf: a tenant's letter. A final settlement's is
// served as stored; a draft's is a free preview (VORSCHAU, pictures of its pages), counted first.

import { isoDateInBerlin } from '../../shared/dates';
import { hasStatement } from '../../shared/settlement/types';
import { settlementLetterView } from '../../shared/settlement-view/letter-view';
import { isUuid } from '../http/ids';
import { letterFileName } from './file-names';
import { correctedOn, storedLetters } from './finalize';
import { letterNotFound } from './messages';
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
