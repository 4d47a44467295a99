import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { EditableTable, focusCell, type TableColumn, TableErrors } from '../../components/EditableTable';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { toast } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { createUnits, settlementsKey, unitsKey } from './api';
import {
  emptyUnitRow,
  filledRows,
  floorOf,
  UNIT_COLUMNS,
  UNIT_TABLE,
  type UnitColumn,
  type UnitTableRow,
} from './unitTable';

/** Each column: its head (short, for a phone), the cells' names, and its width. */
const COLUMNS: ReadonlyArray<TableColumn<UnitColumn>> = [
  { key: 'label', head: 'Bezeichnung', label: 'Bezeichnung', width: 'w-auto' },
  { key: 'area', head: 'm²', label: 'Wohnfläche (m²)', decimal: true, width: 'w-[4.5rem] sm:w-24' },
  { key: 'mea', head: 'MEA', label: 'MEA', decimal: true, width: 'w-12 sm:w-20' },
  {
    key: 'floor',
    head: 'Geschoss',
    label: 'Geschoss',
    width: 'w-20 sm:w-28',
    fallback: (r) => floorOf(r.label),
  },
];

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

  const change = (next: UnitTableRow[]) => {
    setRows(next);
    setErrors([]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (filled.length === 0) {
      setErrors([
        { row: null, message: 'Bitte geben Sie mindestens eine Einheit mit Bezeichnung und Wohnfläche ein.' },
      ]);
      focusCell(table, 0, 'label');
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
        focusCell(table, first.row, first.column as UnitColumn);
      }
      setSaving(false);
    }
  };

  const invalid = (row: number, column: UnitColumn) =>
    errors.some((e) => e.row === row && e.column === column);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <EditableTable
        label="Einheiten"
        columns={COLUMNS}
        shape={UNIT_TABLE}
        rows={rows}
        onChange={change}
        invalid={invalid}
        tableRef={table}
      />
      <TableErrors errors={errors} />
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
