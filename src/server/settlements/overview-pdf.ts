// The landlord's overview of a settlement. A draft's is rendered on each request (counted against the
// account's budget); a final one's was rendered when it was finalized and is served as stored.

import { and, eq } from 'drizzle-orm';
import { formatDateDe } from '../../shared/money';
import { settlementOverviewView } from '../../shared/settlement-view/overview-view';
import type { Db } from '../db/client';
import { settlementOverviews } from '../db/schema';
import type { PdfRenderer } from '../pdf/renderer';
import { overviewFileName } from './file-names';
import type { SettlementRow } from './queries';
import { type SettlementView, settlementView } from './view';

/** The status line printed at the top of the overview. */
export function overviewStatus(row: Pick<SettlementRow, 'finalizedAt' | 'snapshotHash'>): string {
  return row.finalizedAt
    ? `Final seit ${formatDateDe(row.finalizedAt)} · Prüfsumme (SHA-256) ${row.snapshotHash?.slice(0, 16)} …`
    : 'Entwurf – die Zahlen können sich noch ändern.';
}

export interface OverviewDeps {
  db: Db;
  renderer: PdfRenderer;
  /** Called before anything is rendered. */
  spendRenders: (renders: number) => Promise<void>;
}

/** The overview's file name and bytes. */
export async function overviewPdf(
  deps: OverviewDeps,
  row: SettlementRow,
): Promise<{ fileName: string; content: Uint8Array }> {
  return overviewOf(deps, row, await settlementView(deps.db, row));
}

/** The same for a settlement whose view the caller has read already. */
export async function overviewOf(
  deps: OverviewDeps,
  row: SettlementRow,
  { snapshot, result }: Pick<SettlementView, 'snapshot' | 'result'>,
): Promise<{ fileName: string; content: Uint8Array }> {
  const fileName = overviewFileName(snapshot);
  if (row.status === 'final') {
    const [stored] = await deps.db
      .select({ content: settlementOverviews.content })
      .from(settlementOverviews)
      .where(
        and(
          eq(settlementOverviews.settlementId, row.id),
          eq(settlementOverviews.workspaceId, row.workspaceId),
        ),
      );
    if (stored) return { fileName, content: stored.content };
  }
  await deps.spendRenders(1);
  const content = await deps.renderer.render(
    { kind: 'overview', overview: settlementOverviewView(snapshot, result, overviewStatus(row)) },
    row.workspaceId,
  );
  // a final settlement from before overviews were stored: kept from its first download on
  if (row.status === 'final') {
    await deps.db
      .insert(settlementOverviews)
      .values({ settlementId: row.id, workspaceId: row.workspaceId, content })
      .onConflictDoNothing();
  }
  return { fileName, content };
}
