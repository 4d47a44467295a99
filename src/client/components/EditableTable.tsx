import type { KeyboardEvent, RefObject } from 'react';
import { flushSync } from 'react-dom';
import { pasteIntoTable } from '../lib/pastedBlock';
import { cx } from './ui/cx';
import { controlClasses } from './ui/Field';

export interface TableColumn<C extends string> {
  key: C;
  /** The column's head: short, for a phone. */
  head: string;
  /** The cells' names, with the row ("Wohnfläche (m²), Zeile 2"). */
  label: string;
  decimal?: boolean;
  width: string;
  /** A datalist the cells suggest from (e.g. the house's units). */
  list?: string;
  /** What an empty cell of the row stands for, shown greyed in it (e.g. the floor a label names). */
  fallback?: (row: Record<C, string>) => string;
}

export interface TableShape<C extends string> {
  columns: readonly C[];
  empty: () => Record<C, string>;
  /** A pasted block's first line that names the columns, skipped. */
  isHeader: (line: Partial<Record<C, string>>) => boolean;
}

/** Focuses a cell of the table in `container` (after the next paint, when its row may just be made). */
export function focusCell(container: RefObject<HTMLElement | null>, row: number, column: string) {
  requestAnimationFrame(() =>
    container.current?.querySelector<HTMLInputElement>(`input[data-cell="${row}-${column}"]`)?.focus(),
  );
}

/**
 * A table typed like a spreadsheet: Enter goes to the next row (a new one after the last), a block
 * pasted from a spreadsheet fills the rows from the cell it was pasted into.
 */
export function EditableTable<C extends string>({
  label,
  columns,
  shape,
  rows,
  onChange,
  invalid,
  tableRef,
}: {
  label: string;
  columns: ReadonlyArray<TableColumn<C>>;
  shape: TableShape<C>;
  rows: ReadonlyArray<Record<C, string>>;
  onChange: (rows: Array<Record<C, string>>) => void;
  invalid: (row: number, column: C) => boolean;
  tableRef: RefObject<HTMLTableElement | null>;
}) {
  const first = columns[0]?.key;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number) => {
    if (event.key !== 'Enter') return;
    // Enter goes to the next row, never submits half a table; the row is there at once, so keys
    // typed right after land in it
    event.preventDefault();
    if (row === rows.length - 1) flushSync(() => onChange([...rows, shape.empty()]));
    tableRef.current?.querySelector<HTMLInputElement>(`input[data-cell="${row + 1}-${first}"]`)?.focus();
  };
  return (
    <table ref={tableRef} className="w-full table-fixed text-left text-sm" aria-label={label}>
      <thead className="text-slate-700">
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={cx('pb-1 pr-1.5 font-medium', c.width)}>
              {c.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a table row has no identity but its place
          <tr key={i}>
            {columns.map((c) => (
              <td key={c.key} className="py-0.5 pr-1.5">
                <input
                  data-cell={`${i}-${c.key}`}
                  aria-label={`${c.label}, Zeile ${i + 1}`}
                  aria-invalid={invalid(i, c.key) || undefined}
                  inputMode={c.decimal ? 'decimal' : undefined}
                  list={c.list}
                  placeholder={c.fallback?.(r) || undefined}
                  autoComplete="off"
                  className={cx(controlClasses, 'h-9 px-2', c.decimal && 'tabular-nums')}
                  value={r[c.key]}
                  onChange={(event) =>
                    onChange(rows.map((x, j) => (j === i ? { ...x, [c.key]: event.target.value } : x)))
                  }
                  onKeyDown={(event) => onKeyDown(event, i)}
                  onPaste={(event) => {
                    const next = pasteIntoTable(
                      rows,
                      shape,
                      { row: i, column: c.key },
                      event.clipboardData.getData('text'),
                    );
                    if (!next) return;
                    event.preventDefault();
                    onChange(next);
                  }}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What is wrong in the table, each with its row as the landlord counts them ("Zeile 3: …"). */
export function TableErrors({
  errors,
}: {
  errors: ReadonlyArray<{ row: number | null; column?: string; message: string }>;
}) {
  if (errors.length === 0) return null;
  return (
    <div role="alert">
      <ul className="flex flex-col gap-1 text-sm text-red-700">
        {errors.map((e) => (
          <li key={`${e.row}-${e.column}-${e.message}`}>
            {e.row === null ? e.message : `Zeile ${e.row + 1}: ${e.message}`}
          </li>
        ))}
      </ul>
    </div>
  );
}
