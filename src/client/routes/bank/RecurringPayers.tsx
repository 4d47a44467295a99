import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link2, Table2, UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatIban } from '../../../shared/iban';
import { formatCents, formatMonthDe } from '../../../shared/money';
import type { RecurringPayerJson } from '../../../shared/schemas/bank';
import { FormError } from '../../components/FormError';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { Input, Select } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { settlementsKey } from '../buildings/api';
import { assignPayer, bankKey, importsQuery, recurringPayersQuery, tenanciesFromPayers } from './api';
import { PayerTableDialog } from './PayerTableDialog';
import { filesStartOf, UnitOptions, useRefreshAfterTaking, useUnitChoices } from './payerChoices';
import { type PayerColumn, readPayerRows, rentOf } from './payerTable';

/**
 * Money that comes in every month from a payer who is no tenancy yet, offered as a tenancy: the
 * landlord picks the flat and says how much of it is the prepayment; the payer is remembered.
 */
export function RecurringPayers() {
  const payers = useQuery(recurringPayersQuery).data ?? [];
  const [chosen, setChosen] = useState<RecurringPayerJson | null>(null);
  const [table, setTable] = useState(false);
  if (payers.length === 0) return null;
  return (
    <Card
      title={`Regelmäßige Zahler: ${payers.length} gefunden`}
      description="Diese Zahler überweisen jeden Monat denselben Betrag und gehören noch zu keinem Mietverhältnis. Legen Sie sie als Mieter an: Umlage ordnet dann alle ihre Zahlungen zu, auch in künftigen Kontoauszügen."
    >
      {payers.length > 1 && (
        <div>
          <Button variant="secondary" onClick={() => setTable(true)}>
            <Table2 aria-hidden="true" className="size-4" />
            Alle als Mieter anlegen
          </Button>
        </div>
      )}
      <ul aria-label="Regelmäßige Zahler" className="flex flex-col divide-y divide-slate-100">
        {payers.map((p) => (
          <li key={p.payer} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{p.name || formatIban(p.iban)}</p>
              <p className="text-sm text-slate-700">
                {formatCents(p.monthlyCents)} monatlich · seit {formatMonthDe(p.firstMonth)} · {p.months}{' '}
                {p.months === 1 ? 'Monat' : 'Monate'}
                {p.iban && p.name ? <> · {formatIban(p.iban)}</> : null}
              </p>
              {p.paidFor && (
                <p className="mt-1 text-sm text-slate-800">
                  Zahlt vermutlich für {p.paidFor.name} ({p.paidFor.unitLabel}): der Betrag ist genau die
                  Monatsmiete dieses Mietverhältnisses, dem noch keine Zahlung zugeordnet ist.
                </p>
              )}
            </div>
            <div className="flex flex-wrap gap-2">
              {p.paidFor && <PaysForButton payer={p} tenancy={p.paidFor} />}
              <Button size="sm" variant="secondary" onClick={() => setChosen(p)}>
                <UserPlus aria-hidden="true" className="size-4" />
                Als Mieter anlegen
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Dialog
        open={chosen !== null}
        onOpenChange={(open) => !open && setChosen(null)}
        title={chosen ? `${chosen.name || 'Zahler'} als Mieter anlegen` : ''}
        description={
          chosen
            ? `${formatCents(chosen.monthlyCents)} im Monat seit ${formatMonthDe(chosen.firstMonth)}. Sagen Sie, welche Wohnung es ist und wie viel davon Vorauszahlung für die Nebenkosten ist.`
            : undefined
        }
      >
        {chosen && <PayerTenancyForm payer={chosen} onDone={() => setChosen(null)} />}
      </Dialog>
      <PayerTableDialog payers={payers} open={table} onClose={() => setTable(false)} />
    </Card>
  );
}

/** An office or a relative paying a tenant's rent: taken for that tenancy, now and in later files. */
function PaysForButton({
  payer,
  tenancy,
}: {
  payer: RecurringPayerJson;
  tenancy: NonNullable<RecurringPayerJson['paidFor']>;
}) {
  const queryClient = useQueryClient();
  const assign = useMutation({
    mutationFn: () => assignPayer(payer.payer, tenancy.id),
    onSuccess: ({ assigned }) => {
      void queryClient.invalidateQueries({ queryKey: bankKey });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
      toast({
        title: 'Zahlungen zugeordnet',
        description: `${assigned} ${assigned === 1 ? 'Zahlung' : 'Zahlungen'} von ${payer.name} für ${tenancy.name}.`,
      });
    },
    onError: (error) =>
      toast({ title: 'Nicht zugeordnet', description: errorMessage(error), variant: 'destructive' }),
  });
  return (
    <Button size="sm" loading={assign.isPending} onClick={() => assign.mutate()}>
      <Link2 aria-hidden="true" className="size-4" />
      {tenancy.name} zuordnen
    </Button>
  );
}

function PayerTenancyForm({ payer, onDone }: { payer: RecurringPayerJson; onDone: () => void }) {
  const units = useUnitChoices();
  const refresh = useRefreshAfterTaking(units);
  const filesStart = filesStartOf(useQuery(importsQuery).data ?? []);
  // the flat the payments' purpose names, proposed; the landlord sees it and may pick another
  const [unitId, setUnitId] = useState(payer.unitId ?? '');
  const [name, setName] = useState(payer.name);
  // paid from the bank files' first month on: most likely the tenant lived there before
  const [before, setBefore] = useState(filesStart.slice(0, 7) >= payer.firstMonth);
  const [start, setStart] = useState(`${payer.firstMonth}-01`);
  const [prepayment, setPrepayment] = useState('');
  const [persons, setPersons] = useState('1');
  const [errors, setErrors] = useState<Partial<Record<PayerColumn, string>>>({});
  const [refused, setRefused] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const row = {
    payer: payer.payer,
    monthlyCents: payer.monthlyCents,
    unitId,
    name,
    prepayment,
    persons,
    moveIn: before ? '' : start,
  };
  const rentCents = rentOf(row);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readPayerRows([row]);
    if (!unitId) setErrors({ unitId: 'Bitte wählen Sie die Wohnung.' });
    else if (!read.ok) setErrors(Object.fromEntries(read.errors.map((e) => [e.column, e.message])));
    if (!unitId || !read.ok) return;
    setSaving(true);
    try {
      const {
        tenancies: [tenancy],
      } = await tenanciesFromPayers(read.tenancies.map((t) => t.body));
      refresh([unitId]);
      toast({
        title: 'Mietverhältnis angelegt',
        description: `${tenancy?.assigned} ${tenancy?.assigned === 1 ? 'Zahlung' : 'Zahlungen'} von ${tenancy?.tenant.name} zugeordnet.`,
      });
      onDone();
    } catch (error) {
      setRefused(errorMessage(error));
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <FormError message={refused} />
      <Select
        label="Wohnung"
        required
        value={unitId}
        error={errors.unitId}
        hint={
          payer.unitId !== null && unitId === payer.unitId
            ? 'Vorgeschlagen: der Verwendungszweck der Zahlungen nennt diese Wohnung.'
            : undefined
        }
        onChange={(event) => {
          setUnitId(event.target.value);
          setErrors(({ unitId: _, ...rest }) => rest);
        }}
      >
        <option value="">Bitte wählen</option>
        <UnitOptions units={units} />
      </Select>
      <Input
        label="Name des Mieters"
        required
        value={name}
        error={errors.name}
        hint="Zahlt ein Amt oder ein Angehöriger, tragen Sie hier den Mieter ein."
        onChange={(event) => {
          setName(event.target.value);
          setErrors(({ name: _, ...rest }) => rest);
        }}
      />
      <Input
        label="Davon Vorauszahlung (Nebenkosten)"
        inputMode="decimal"
        value={prepayment}
        placeholder="0,00"
        error={errors.prepayment}
        hint={
          rentCents !== null && rentCents >= 0
            ? `Kaltmiete: ${formatCents(rentCents)} (${formatCents(payer.monthlyCents)} abzüglich Vorauszahlung)`
            : undefined
        }
        onChange={(event) => {
          setPrepayment(event.target.value);
          setErrors(({ prepayment: _, ...rest }) => rest);
        }}
      />
      <Input
        label="Personen"
        inputMode="numeric"
        value={persons}
        error={errors.persons}
        onChange={(event) => {
          setPersons(event.target.value);
          setErrors(({ persons: _, ...rest }) => rest);
        }}
      />
      <Checkbox
        label="Wohnte schon vor den Kontoauszügen dort"
        checked={before}
        onChange={(event) => setBefore(event.target.checked)}
      />
      {!before && (
        <Input
          label="Einzug"
          type="date"
          value={start}
          hint={`Erste Zahlung im ${formatMonthDe(payer.firstMonth)}.`}
          onChange={(event) => setStart(event.target.value)}
        />
      )}
      <DialogFormActions submitting={saving} submitLabel="Anlegen und Zahlungen zuordnen" />
    </form>
  );
}
