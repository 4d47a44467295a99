import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { cx } from '../../components/ui/cx';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { controlClasses } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { createUnits, settlementsKey, unitsKey } from './api';
import {
  emptyUnitRow,
  filledRows,
  pasteIntoRows,
  UNIT_COLUMNS,
  type UnitColumn,
  type UnitTableRow,
} from './unitTable';

/** Each column: its head (short, for a phone), the cells' names, and its width. */
const HEADERS: Record<UnitColumn, { head: string; label: string; decimal: boolean; width: string }> = {
  label: { head: 'Bezeichnung', label: 'Bezeichnung', decimal: false, width: 'w-auto' },
  area: { head: 'm²', label: 'Wohnfläche (m²)', decimal: true, width: 'w-[4.5rem] sm:w-24' },
  mea: { head: 'MEA', label: 'MEA', decimal: true, width: 'w-12 sm:w-20' },
  floor: { head: 'Geschoss', label: 'Geschoss', decimal: false, width: 'w-20 sm:w-28' },
};

export interface UnitTableTarget {
  propertyId: string;
  /** Empty rows to start with: the units the property was created with, less those entered. */
  rows: number;
}

/**
 * Units entered as a table (one dialog per unit took over a minute for six): typed row by
 * row, Enter opening the next, or a block pasted from a spreadsheet; created at once.
 */
export function UnitTableDialog({
  target,
  onClose,
}: {
  target: UnitTableTarget | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Einheiten als Tabelle erfassen"
      description="Eine Zeile je Einheit; Enter öffnet die nächste. Eine aus einer Tabelle kopierte Zeilengruppe (Bezeichnung, m², MEA, Geschoss) füllt die Zeilen ab dem Feld, in das sie eingefügt wird."
      className="sm:max-w-2xl"
    >
      {target && <UnitTableForm target={target} onDone={onClose} />}
    </Dialog>
  );
}

function UnitTableForm({ target, onDone }: { target: UnitTableTarget; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<UnitTableRow[]>(() =>
    Array.from({ length: Math.max(1, target.rows) }, emptyUnitRow),
  );
  const [errors, setErrors] = useState<Array<{ row: number | null; column?: string; message: string }>>([]);
  const [saving, setSaving] = useState(false);
  const table = useRef<HTMLTableElement>(null);
  const filled = filledRows(rows);

  const cell = (row: number, column: UnitColumn) =>
    table.current?.querySelector<HTMLInputElement>(`input[data-cell="${row}-${column}"]`);
  const focusLater = (row: number, column: UnitColumn) =>
    requestAnimationFrame(() => cell(row, column)?.focus());

  const change = (next: UnitTableRow[]) => {
    setRows(next);
    setErrors([]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number) => {
    if (event.key !== 'Enter') return;
    // Enter goes to the next row (a new one after the last), never submits half a table; the row is
    // there at once, so keys typed right after land in it
    event.preventDefault();
    if (row === rows.length - 1) flushSync(() => change([...rows, emptyUnitRow()]));
    cell(row + 1, 'label')?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (filled.length === 0) {
      setErrors([
        { row: null, message: 'Bitte geben Sie mindestens eine Einheit mit Bezeichnung und Wohnfläche ein.' },
      ]);
      focusLater(0, 'label');
      return;
    }
    setSaving(true);
    try {
      const { units } = await createUnits(
        target.propertyId,
        filled.map((f) => f.row),
      );
      await queryClient.invalidateQueries({ queryKey: unitsKey(target.propertyId) });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
      toast({ title: `${units.length} ${units.length === 1 ? 'Einheit' : 'Einheiten'} hinzugefügt` });
      onDone();
    } catch (error) {
      // a row's message names the row, as the landlord counts them, and marks its cell
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const named = Object.entries(fields).map(([path, message]) => {
        const at = /^units\.(\d+)\.(\w+)/.exec(path);
        const row = at ? (filled[Number(at[1])]?.index ?? null) : null;
        return { row, column: at?.[2], message };
      });
      setErrors(named.length > 0 ? named : [{ row: null, message: errorMessage(error) }]);
      const first = named.find((e) => e.row !== null);
      if (first?.row != null && UNIT_COLUMNS.includes(first.column as UnitColumn)) {
        focusLater(first.row, first.column as UnitColumn);
      }
      setSaving(false);
    }
  };

  const invalid = (row: number, column: UnitColumn) =>
    errors.some((e) => e.row === row && e.column === column);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <table ref={table} className="w-full table-fixed text-left text-sm" aria-label="Einheiten">
        <thead className="text-slate-700">
          <tr>
            {UNIT_COLUMNS.map((c) => (
              <th key={c} scope="col" className={cx('pb-1 pr-1.5 font-medium', HEADERS[c].width)}>
                {HEADERS[c].head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a table row has no identity but its place
            <tr key={i}>
              {UNIT_COLUMNS.map((c) => (
                <td key={c} className="py-0.5 pr-1.5">
                  <input
                    data-cell={`${i}-${c}`}
                    aria-label={`${HEADERS[c].label}, Zeile ${i + 1}`}
                    aria-invalid={invalid(i, c) || undefined}
                    inputMode={HEADERS[c].decimal ? 'decimal' : undefined}
                    autoComplete="off"
                    className={cx(controlClasses, 'h-9 px-2', HEADERS[c].decimal && 'tabular-nums')}
                    value={r[c]}
                    onChange={(event) =>
                      change(rows.map((x, j) => (j === i ? { ...x, [c]: event.target.value } : x)))
                    }
                    onKeyDown={(event) => onKeyDown(event, i)}
                    onPaste={(event) => {
                      const next = pasteIntoRows(
                        rows,
                        { row: i, column: c },
                        event.clipboardData.getData('text'),
                      );
                      if (!next) return;
                      event.preventDefault();
                      change(next);
                    }}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {errors.length > 0 && (
        <div role="alert">
          <ul className="flex flex-col gap-1 text-sm text-red-700">
            {errors.map((e) => (
              <li key={`${e.row}-${e.column}-${e.message}`}>
                {e.row === null ? e.message : `Zeile ${e.row + 1}: ${e.message}`}
              </li>
            ))}
          </ul>
        </div>
      )}
      <DialogFormActions
        submitting={saving}
        submitLabel={
          filled.length > 0
            ? `${filled.length} ${filled.length === 1 ? 'Einheit' : 'Einheiten'} anlegen`
            : 'Anlegen'
        }
      />
    </form>
  );
}
