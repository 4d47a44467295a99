// GET /api/settlements/{id}/pdfs.zip: every stored final letter and the stored overview in one archive.

import { zipSync } from 'fflate';
import { zipFileName } from './file-names';
import { storedLetters } from './finalize';
import { notFinalYet } from './messages';
import { type OverviewDeps, overviewOf } from './overview-pdf';
import type { SettlementRow } from './queries';
import { settlementView } from './view';

export async function pdfsZip(
  deps: OverviewDeps,
  row: SettlementRow,
): Promise<{ fileName: string; content: Uint8Array }> {
  if (row.status !== 'final') throw notFinalYet();
  const letters = await storedLetters(deps.db, row.workspaceId, row.id);
  const files: Record<string, Uint8Array> = {};
  for (const letter of letters) {
    let name = letter.fileName;
    for (let n = 2; files[name]; n++) name = letter.fileName.replace(/\.pdf$/, `_${n}.pdf`);
    files[name] = letter.content;
  }
  const view = await settlementView(deps.db, row);
  const overview = await overviewOf(deps, row, view);
  files[overview.fileName] = overview.content;
  // PDFs are compressed already: stored, not deflated
  return { fileName: zipFileName(view.snapshot), content: zipSync(files, { level: 0 }) };
}
