// The rows of the unit table: typed cell by cell, or a block pasted from a spreadsheet.

import type { UnitBatchRow } from './api';

export const UNIT_COLUMNS = ['label', 'area', 'mea', 'floor'] as const;
export type UnitColumn = (typeof UNIT_COLUMNS)[number];
export type UnitTableRow = Record<UnitColumn, string>;

export const emptyUnitRow = (): UnitTableRow => ({ label: '', area: '', mea: '', floor: '' });

/** The unit table as a block pasted into it sees it: a first line without a number where the m² go is its header. */
export const UNIT_TABLE = {
  columns: UNIT_COLUMNS,
  empty: emptyUnitRow,
  isHeader: (line: Partial<UnitTableRow>) => line.area !== undefined && !/\d/.test(line.area),
};

/** The floor a unit's label starts with ("EG links" → "EG", "2. OG rechts" → "2. OG"), or "". */
export function floorOf(label: string): string {
  const named =
    /^\s*(\d{1,2}\.\s?OG|[EUKD]G|OG|Erdgeschoss|Dachgeschoss|Untergeschoss|Souterrain|Hochparterre)(?=[\s,;–-]|$)/i.exec(
      label,
    );
  return named?.[1] ?? '';
}

/**
 * The rows sent to the server: every row with something typed in it, as typed, with its place; an
 * empty floor is the one the label names (shown greyed in the cell before).
 */
export function filledRows(rows: readonly UnitTableRow[]): Array<{ index: number; row: UnitBatchRow }> {
  return rows.flatMap((r, index) =>
    UNIT_COLUMNS.some((c) => r[c].trim() !== '')
      ? [
          {
            index,
            row: {
              label: r.label,
              area: r.area,
              ...(r.mea.trim() ? { mea: r.mea } : {}),
              floor: r.floor.trim() || floorOf(r.label),
            },
          },
        ]
      : [],
  );
}
