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
