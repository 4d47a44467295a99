import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatIban } from '../../../shared/iban';
import { formatCents, formatMonthDe } from '../../../shared/money';
import type { RecurringPayerJson } from '../../../shared/schemas/bank';
import { FormError } from '../../components/FormError';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { Input, Select } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { refusedRows } from '../../lib/api';
import { importsQuery, tenanciesFromPayers } from './api';
import { filesStartOf, UnitOptions, useRefreshAfterTaking, useUnitChoices } from './payerChoices';
import {
  COLUMN_OF_FIELD,
  type PayerRow,
  type PayerRowError,
  payerRows,
  readPayerRows,
  rentOf,
} from './payerTable';

/**
 * All regular payers taken as tenants at once (a dialog per payer took the longest part of a house
 * entered from its bank file): a row per payer, the flat proposed where the purpose names it, stored
 * all or none; a payer left without a flat is no tenant and stays where it is.
 */
export function PayerTableDialog({
  payers,
  open,
  onClose,
}: {
  payers: readonly RecurringPayerJson[];
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Regelmäßige Zahler als Mieter anlegen"
      description="Je Zahler die Wohnung und wie viel der Zahlung Vorauszahlung für die Nebenkosten ist. Einzug leer: wohnte schon vor den Kontoauszügen dort. Wer kein Mieter ist, bleibt ohne Wohnung und wird nicht angelegt."
      className="sm:max-w-5xl"
    >
      {open && <PayerTableForm payers={payers} onDone={onClose} />}
    </Dialog>
  );
}

function PayerTableForm({ payers, onDone }: { payers: readonly RecurringPayerJson[]; onDone: () => void }) {
  const units = useUnitChoices();
  const refresh = useRefreshAfterTaking(units);
  const filesStart = filesStartOf(useQuery(importsQuery).data ?? []);
  const [rows, setRows] = useState<PayerRow[]>(() => payerRows(payers, filesStart));
  const [errors, setErrors] = useState<PayerRowError[]>([]);
  const [saving, setSaving] = useState(false);
  const read = readPayerRows(rows);
  const count = rows.filter((r) => r.unitId !== '').length;

  const change = (index: number, column: keyof PayerRow, value: string) => {
    setRows(rows.map((r, i) => (i === index ? { ...r, [column]: value } : r)));
    setErrors(errors.filter((e) => !(e.row === index && e.column === column)));
  };
  const errorAt = (row: number, column: PayerRowError['column']) =>
    errors.find((e) => e.row === row && e.column === column)?.message;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setSaving(true);
    try {
      const { tenancies } = await tenanciesFromPayers(read.tenancies.map((t) => t.body));
      refresh(read.tenancies.map((t) => t.body.unitId));
      const assigned = tenancies.reduce((sum, t) => sum + t.assigned, 0);
      toast({
        title: `${tenancies.length} ${tenancies.length === 1 ? 'Mietverhältnis' : 'Mietverhältnisse'} angelegt`,
        description: `${assigned} ${assigned === 1 ? 'Zahlung' : 'Zahlungen'} zugeordnet.`,
      });
      onDone();
    } catch (error) {
      // nothing was stored: the server names the row as sent and its field
      setErrors(
        refusedRows(
          error,
          'tenancies',
          read.tenancies.map((t) => t.index),
          (field) => COLUMN_OF_FIELD[field] ?? 'unitId',
        ),
      );
      setSaving(false);
    }
  };

  const general = errors.filter((e) => e.row === null).map((e) => e.message);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <FormError message={general.length > 0 ? general.join(' ') : undefined} />
      <ol aria-label="Regelmäßige Zahler" className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const payer = payers[index];
          const rent = rentOf(row);
          const errorOf = (column: PayerRowError['column']) => {
            const message = errorAt(index, column);
            return message && `Zeile ${index + 1}: ${message}`;
          };
          return (
            <li key={row.payer}>
              <fieldset className="rounded-lg border border-slate-200 p-3">
                <legend className="px-1 text-sm font-medium text-slate-900">
                  {payer?.name || formatIban(row.payer)} · {formatCents(row.monthlyCents)} monatlich seit{' '}
                  {payer ? formatMonthDe(payer.firstMonth) : ''}
                </legend>
                <div className="grid gap-3 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1.4fr)_minmax(0,1fr)_5rem_minmax(0,1fr)] sm:items-start">
                  <Select
                    label="Wohnung"
                    value={row.unitId}
                    error={errorOf('unitId')}
                    onChange={(event) => change(index, 'unitId', event.target.value)}
                  >
                    <option value="">kein Mieter</option>
                    <UnitOptions units={units} />
                  </Select>
                  <Input
                    label="Name des Mieters"
                    value={row.name}
                    error={errorOf('name')}
                    onChange={(event) => change(index, 'name', event.target.value)}
                  />
                  <Input
                    label="Vorauszahlung (€)"
                    inputMode="decimal"
                    placeholder="0,00"
                    value={row.prepayment}
                    error={errorOf('prepayment')}
                    hint={rent !== null && rent >= 0 ? `Kaltmiete ${formatCents(rent)}` : undefined}
                    onChange={(event) => change(index, 'prepayment', event.target.value)}
                  />
                  <Input
                    label="Personen"
                    inputMode="decimal"
                    value={row.persons}
                    error={errorOf('persons')}
                    onChange={(event) => change(index, 'persons', event.target.value)}
                  />
                  <Input
                    label="Einzug"
                    type="date"
                    value={row.moveIn}
                    error={errorOf('moveIn')}
                    onChange={(event) => change(index, 'moveIn', event.target.value)}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <DialogFormActions
        submitting={saving}
        submitLabel={
          count > 0 ? `${count} ${count === 1 ? 'Mietverhältnis' : 'Mietverhältnisse'} anlegen` : 'Anlegen'
        }
      />
    </form>
  );
}
