// The deposit as the landlord enters it: amount, form, rate and the payments in (docs/domain/deposits.md).

import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { centsToInput, formatCents, formatDateDe, parseMoney } from '../../../shared/money';
import { DEPOSIT_FORMS, type DepositForm, type DepositJson } from '../../../shared/schemas/deposit';
import type { TenancyJson } from '../../../shared/schemas/settlement-json';
import { FormError } from '../../components/FormError';
import { newRowId, RemovableRow } from '../../components/RemovableRow';
import { Button } from '../../components/ui/Button';
import { Input, Select } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { useSave } from '../../components/useSave';
import { api } from '../../lib/api';
import { useCanEdit } from '../../lib/session';
import { depositKey, depositUrl } from './depositApi';

type Row = { id: string; date: string; amount: string };

export function DepositEntry({ tenancy, deposit }: { tenancy: TenancyJson; deposit: DepositJson | null }) {
  const canEdit = useCanEdit();
  const queryClient = useQueryClient();
  const [agreed, setAgreed] = useState(deposit ? centsToInput(deposit.agreedCents) : '');
  const [form, setForm] = useState<DepositForm>(deposit?.form ?? 'cash');
  const [rate, setRate] = useState(deposit ? centsToInput(deposit.interestRateBp) : '');
  const [rows, setRows] = useState<Row[]>(
    deposit?.payments.map((p) => ({ id: newRowId(), date: p.date, amount: centsToInput(p.cents) })) ?? [],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, refused, run } = useSave();
  const capCents = tenancy.monthlyRentCents ? 3 * tenancy.monthlyRentCents : null;
  const booked = deposit?.received.filter((p) => p.source === 'bank') ?? [];
  // an entered payment the bank files also booked counts once, as the booking
  const inBankFile = (date: string, amount: string) => {
    const cents = parseMoney(amount);
    return (
      booked.length > 0 &&
      cents.ok &&
      deposit?.payments.some((p) => p.date === date && p.cents === cents.cents) === true &&
      !deposit.received.some((p) => p.source === 'entered' && p.date === date && p.cents === cents.cents)
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const agreedCents = parseMoney(agreed);
    if (!agreedCents.ok) found.agreed = agreedCents.message;
    // the rate as a percentage with two places: 0,5 → 50 basis points
    const rateBp = parseMoney(rate === '' ? '0' : rate);
    if (!rateBp.ok) found.rate = 'Bitte geben Sie den Zinssatz in Prozent an, z. B. 0,5.';
    const payments = rows.map((r, i) => {
      const cents = parseMoney(r.amount);
      if (!r.date) found[`date-${i}`] = 'Bitte geben Sie das Datum an.';
      if (!cents.ok) found[`amount-${i}`] = cents.message;
      return { date: r.date, cents: cents.ok ? cents.cents : 0 };
    });
    setErrors(found);
    if (Object.keys(found).length > 0 || !agreedCents.ok || !rateBp.ok) return;
    await run(async () => {
      const saved = await api<DepositJson>(depositUrl(tenancy.id), {
        method: 'PUT',
        body: { agreedCents: agreedCents.cents, form, interestRateBp: rateBp.cents, payments },
      });
      queryClient.setQueryData(depositKey(tenancy.id), saved);
      toast({ title: 'Kaution gespeichert' });
    });
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Kaution"
      className="flex flex-col gap-4"
    >
      <FormError message={refused} />
      <fieldset disabled={!canEdit} className="contents">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Vereinbarte Kaution (€)"
            required
            inputMode="decimal"
            value={agreed}
            error={errors.agreed}
            hint={capCents ? `Höchstens ${formatCents(capCents)} (3 Kaltmieten)` : undefined}
            onChange={(event) => setAgreed(event.target.value)}
          />
          <Select
            label="Form"
            className="sm:order-last sm:col-span-2"
            value={form}
            onChange={(event) => setForm(event.target.value as DepositForm)}
          >
            {Object.entries(DEPOSIT_FORMS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
          <Input
            label="Zinssatz (% im Jahr)"
            inputMode="decimal"
            placeholder="0,00"
            value={rate}
            error={errors.rate}
            onChange={(event) => setRate(event.target.value)}
          />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-800">
            {booked.length > 0 ? 'Weitere Eingänge (bar oder vor den Kontoauszügen)' : 'Eingänge'}
          </legend>
          {booked.length > 0 && (
            <p className="text-sm text-slate-700">
              Laut Kontoauszügen:{' '}
              {booked.map((p) => `${formatCents(p.cents)} am ${formatDateDe(p.date)}`).join(', ')}
            </p>
          )}
          {rows.length === 0 && booked.length === 0 && deposit && deposit.instalments.length > 0 && (
            <p className="text-sm text-slate-600">
              Fällig:{' '}
              {deposit.instalments
                .map((p) => `${formatCents(p.cents)} am ${formatDateDe(p.date)}`)
                .join(', ')}
            </p>
          )}
          {rows.map((row, i) => (
            <RemovableRow
              key={row.id}
              removeLabel={`Zahlung ${i + 1} entfernen`}
              onRemove={() => setRows(rows.filter((_, k) => k !== i))}
            >
              <Input
                type="date"
                label={`Datum, Zahlung ${i + 1}`}
                value={row.date}
                error={errors[`date-${i}`]}
                onChange={(event) =>
                  setRows(rows.map((r, k) => (k === i ? { ...r, date: event.target.value } : r)))
                }
              />
              <Input
                label={`Betrag (€), Zahlung ${i + 1}`}
                inputMode="decimal"
                value={row.amount}
                error={errors[`amount-${i}`]}
                hint={
                  inBankFile(row.date, row.amount) ? 'Steht auch im Kontoauszug: zählt einmal.' : undefined
                }
                onChange={(event) =>
                  setRows(rows.map((r, k) => (k === i ? { ...r, amount: event.target.value } : r)))
                }
              />
            </RemovableRow>
          ))}
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => setRows([...rows, { id: newRowId(), date: '', amount: '' }])}
          >
            <Plus aria-hidden="true" className="size-4" />
            Zahlung hinzufügen
          </Button>
        </fieldset>
        <Button type="submit" className="self-end" loading={saving}>
          Kaution speichern
        </Button>
      </fieldset>
    </form>
  );
}
