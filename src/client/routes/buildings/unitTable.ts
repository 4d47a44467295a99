// The rows of the unit table: typed cell by cell, or a block pasted from a spreadsheet.

import { pastedBlock } from '../../lib/pastedBlock';
import type { UnitBatchRow } from './api';

export const UNIT_COLUMNS = ['label', 'area', 'mea', 'floor'] as const;
export type UnitColumn = (typeof UNIT_COLUMNS)[number];
export type UnitTableRow = Record<UnitColumn, string>;

export const emptyUnitRow = (): UnitTableRow => ({ label: '', area: '', mea: '', floor: '' });

/**
 * A pasted text put into the table from the cell it was pasted into: rows by line, columns by tab or
 * semicolon; a header row (no number where the m² go) is skipped; rows are added as needed.
 * A single value is no block: null, and the cell takes it as typed.
 */
export function pasteIntoRows(
  rows: readonly UnitTableRow[],
  at: { row: number; column: UnitColumn },
  text: string,
): UnitTableRow[] | null {
  const block = pastedBlock(text);
  if (!block) return null;
  const first = UNIT_COLUMNS.indexOf(at.column);
  const areaCell = UNIT_COLUMNS.indexOf('area') - first;
  const lines = block.filter((cells, i) => i > 0 || areaCell < 0 || /\d/.test(cells[areaCell] ?? ''));
  const next = rows.map((r) => ({ ...r }));
  while (next.length < at.row + lines.length) next.push(emptyUnitRow());
  lines.forEach((cells, i) => {
    const target = next[at.row + i] ?? emptyUnitRow();
    cells.forEach((cell, k) => {
      const column = UNIT_COLUMNS[first + k];
      if (column) target[column] = cell;
    });
  });
  return next;
}

/** The rows sent to the server: every row with something typed in it, as typed, with its place. */
export function filledRows(rows: readonly UnitTableRow[]): Array<{ index: number; row: UnitBatchRow }> {
  return rows.flatMap((r, index) =>
    UNIT_COLUMNS.some((c) => r[c].trim() !== '')
      ? [
          {
            index,
            row: { label: r.label, area: r.area, ...(r.mea.trim() ? { mea: r.mea } : {}), floor: r.floor },
          },
        ]
      : [],
  );
}
