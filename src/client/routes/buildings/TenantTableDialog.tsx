import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import type { UnitJson } from '../../../shared/schemas/settlement-json';
import { EditableTable, focusCell, type TableColumn, TableErrors } from '../../components/EditableTable';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { toast } from '../../components/ui/toast';
import { refusedRows } from '../../lib/api';
import { createTenancies, settlementsKey, tenanciesKey } from './api';
import {
  COLUMN_OF_FIELD,
  emptyTenantRow,
  readTenantTable,
  TENANT_TABLE,
  type TenantColumn,
  type TenantTableError,
  type TenantTableRow,
  typed,
} from './tenantList';

const COLUMNS: ReadonlyArray<TableColumn<TenantColumn>> = [
  { key: 'unit', head: 'Einheit', label: 'Einheit', width: 'w-24 sm:w-28', list: 'tenant-table-units' },
  { key: 'name', head: 'Name', label: 'Name', width: 'w-36 sm:w-auto' },
  { key: 'moveIn', head: 'Einzug', label: 'Einzug', width: 'w-32' },
  { key: 'moveOut', head: 'Auszug', label: 'Auszug', width: 'w-28' },
  { key: 'persons', head: 'Pers.', label: 'Personen', decimal: true, width: 'w-14' },
  { key: 'rent', head: 'Kaltmiete', label: 'Kaltmiete (€)', decimal: true, width: 'w-24' },
  { key: 'prepayment', head: 'Vorausz.', label: 'Vorauszahlung (€)', decimal: true, width: 'w-24' },
];

export interface TenantTableTarget {
  propertyId: string;
  units: UnitJson[];
  /** The units whose rows are prepared (those without a tenancy yet). */
  free: string[];
}

/**
 * The house's tenancies as a table (one dialog per tenancy took the longest part of entering a
 * house): a row prepared for each free unit, Enter opening the next, a block pasted from a
 * spreadsheet filling the rows; stored all or none, every wrong cell named with its row.
 */
export function TenantTableDialog({
  target,
  onClose,
}: {
  target: TenantTableTarget | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Mieter als Tabelle erfassen"
      description="Eine Zeile je Mietverhältnis; Enter öffnet die nächste. Eine aus einer Tabelle kopierte Zeilengruppe (Einheit, Name, Einzug, Auszug, Personen, Kaltmiete, Vorauszahlung) füllt die Zeilen ab dem Feld, in das sie eingefügt wird. Einzug leer oder „seit vor …“, wenn der Tag nicht bekannt ist; Auszug leer, solange der Mieter wohnt; „Eigennutzung“ als Name, wo Sie selbst wohnen; eine Erhöhung ab einem Tag in derselben Zelle, z. B. „180,00 ab 01.07.2025 200,00“."
      className="sm:max-w-5xl"
    >
      {target && <TenantTableForm target={target} onDone={onClose} />}
    </Dialog>
  );
}

function TenantTableForm({ target, onDone }: { target: TenantTableTarget; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<TenantTableRow[]>(() =>
    target.free.length > 0 ? target.free.map((label) => emptyTenantRow(label)) : [emptyTenantRow()],
  );
  const [errors, setErrors] = useState<TenantTableError[]>([]);
  const [saving, setSaving] = useState(false);
  const table = useRef<HTMLTableElement>(null);
  const read = readTenantTable(rows, target.units);
  const count = rows.filter(typed).length;

  const showErrors = (found: TenantTableError[]) => {
    setErrors(found);
    const first = found.find((e) => e.row !== null && e.column);
    if (first?.row != null && first.column) focusCell(table, first.row, first.column);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!read.ok) {
      showErrors(read.errors);
      return;
    }
    setSaving(true);
    try {
      const { tenancies } = await createTenancies(
        target.propertyId,
        read.rows.map(({ row: { unitLabel: _, ...row } }) => row),
      );
      await queryClient.invalidateQueries({ queryKey: tenanciesKey(target.propertyId) });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
      toast({
        title: `${tenancies.length} ${tenancies.length === 1 ? 'Mietverhältnis' : 'Mietverhältnisse'} angelegt`,
      });
      onDone();
    } catch (error) {
      // nothing was stored: the server names the row as sent and its field
      showErrors(
        refusedRows(
          error,
          'tenancies',
          read.rows.map((r) => r.index),
          (field) => COLUMN_OF_FIELD[field],
        ),
      );
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <div className="overflow-x-auto">
        <div className="min-w-[44rem]">
          <EditableTable
            label="Mieter"
            columns={COLUMNS}
            shape={TENANT_TABLE}
            rows={rows}
            onChange={(next) => {
              setRows(next);
              setErrors([]);
            }}
            invalid={(row, column) => errors.some((e) => e.row === row && e.column === column)}
            tableRef={table}
          />
        </div>
      </div>
      <datalist id="tenant-table-units">
        {target.units.map((u) => (
          <option key={u.id} value={u.label} />
        ))}
      </datalist>
      <TableErrors errors={errors} />
      <DialogFormActions
        submitting={saving}
        submitLabel={
          count > 0 ? `${count} ${count === 1 ? 'Mietverhältnis' : 'Mietverhältnisse'} anlegen` : 'Anlegen'
        }
      />
    </form>
  );
}
