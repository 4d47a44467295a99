// A free preview is pictures of its pages (ADR 0005), so its text cannot be read back. Tests read a
// draft letter's text as the renderer draws it, before it becomes pictures: the same view and the
// same drawing as the preview and the final letter.

import type { FastifyInstance } from 'fastify';
import { renderStatementPdf } from '../../src/server/pdf/render-statement';
import { flatten, pdfText } from '../../src/server/pdf/testing/poppler';
import { correctedOn } from '../../src/server/settlements/finalize';
import { findSettlement } from '../../src/server/settlements/queries';
import { settlementView } from '../../src/server/settlements/view';
import { settlementLetterView } from '../../src/shared/settlement-view/letter-view';

/** The flattened text of the draft's preview letter to `tenancyId`, dated `today`. */
export async function draftLetterText(
  app: Pick<FastifyInstance, 'database'>,
  userId: string,
  settlementId: string,
  tenancyId: string,
  today = '2026-03-01',
): Promise<string> {
  const { db } = app.database;
  const row = await findSettlement(db, userId, settlementId);
  if (!row) throw new Error('no such settlement');
  const { snapshot, result } = await settlementView(db, row);
  const view = settlementLetterView(snapshot, result, tenancyId, {
    today,
    corrects: await correctedOn(db, row),
  });
  return flatten(await pdfText(await renderStatementPdf({ view, preview: true })));
}
