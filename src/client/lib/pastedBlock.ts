// Tables pasted from a spreadsheet or a PDF into a form.

/**
 * A block pasted from a spreadsheet or the metering company's PDF: rows by line, cells by tab or
 * semicolon, empty lines dropped; a single value is no block (the field takes it as typed).
 */
export function pastedBlock(text: string): string[][] | null {
  const rows = text
    .split(/\r?\n/)
    .map((line) => line.split(/\t|;/).map((cell) => cell.trim()))
    .filter((cells) => cells.some((cell) => cell !== ''));
  return rows.length > 1 || (rows[0]?.length ?? 0) > 1 ? rows : null;
}

/**
 * A pasted text put into a table of text cells from the cell it was pasted into: rows by line, columns
 * by tab or semicolon, rows added as needed; a first line that `isHeader` (read by column) is skipped.
 * A single value is no block: null, and the cell takes it as typed.
 */
export function pasteIntoTable<C extends string>(
  rows: ReadonlyArray<Record<C, string>>,
  table: {
    columns: readonly C[];
    empty: () => Record<C, string>;
    isHeader: (line: Partial<Record<C, string>>) => boolean;
  },
  at: { row: number; column: C },
  text: string,
): Array<Record<C, string>> | null {
  const block = pastedBlock(text);
  if (!block) return null;
  const first = table.columns.indexOf(at.column);
  const byColumn = (cells: string[]) => {
    const line: Partial<Record<C, string>> = {};
    cells.forEach((cell, k) => {
      const column = table.columns[first + k];
      if (column) line[column] = cell;
    });
    return line;
  };
  const lines = block.map(byColumn).filter((line, i) => i > 0 || !table.isHeader(line));
  const next = rows.map((r) => ({ ...r }));
  while (next.length < at.row + lines.length) next.push(table.empty());
  lines.forEach((line, i) => {
    next[at.row + i] = { ...(next[at.row + i] ?? table.empty()), ...line };
  });
  return next;
}
