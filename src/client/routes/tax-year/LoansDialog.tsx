// The property's loans (docs/domain/tax-year.md, "Schuldzinsen"): entered once with their annuity; each
// year the interest from the bank's statement, which then wins over the computed one.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { centsToInput, formatCents, formatDateDe, parseMoney } from '../../../shared/money';
import type { LoanJson } from '../../../shared/schemas/tax-year';
import { FormError } from '../../components/FormError';
import { LoadedDialog } from '../../components/LoadedDialog';
import { Button } from '../../components/ui/Button';
import { confirm } from '../../components/ui/confirm';
import { Input } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { useSave } from '../../components/useSave';
import { api } from '../../lib/api';
import { useCanEdit } from '../../lib/session';
import { loansKey, loansUrl, loanUrl, taxYearsKey } from './api';
import { LoanStatements } from './LoanStatements';

export function LoansDialog({
  propertyId,
  year,
  open,
  onClose,
}: {
  propertyId: string;
  year: number;
  open: boolean;
  onClose: () => void;
}) {
  const loans = useQuery({
    queryKey: loansKey(propertyId),
    queryFn: ({ signal }) => api<LoanJson[]>(loansUrl(propertyId), { signal }),
    enabled: open,
  });
  const [editing, setEditing] = useState<LoanJson | 'new' | null>(null);
  const canEdit = useCanEdit();
  return (
    <LoadedDialog
      open={open}
      onClose={() => {
        setEditing(null);
        onClose();
      }}
      title="Darlehen"
      description="Nur die Zinsen sind Werbungskosten, nicht die Tilgung. Tragen Sie die Zinsen aus der Jahresbescheinigung der Bank ein; sonst werden sie aus Zinssatz und Rate berechnet."
      className="sm:max-w-2xl"
      query={loans}
      loading="Darlehen werden geladen …"
    >
      {(data) =>
        editing ? (
          <LoanForm
            propertyId={propertyId}
            year={year}
            loan={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : (
          <div className="flex flex-col gap-3">
            {data.length === 0 ? (
              <p className="text-sm text-slate-600">Noch kein Darlehen erfasst.</p>
            ) : (
              <ul aria-label="Darlehen" className="divide-y divide-slate-200">
                {data.map((l) => {
                  const stated = l.statedInterest.find((s) => s.year === year);
                  return (
                    <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                      <span>
                        <span className="font-medium text-slate-900">{l.lender}</span>
                        <span className="block text-slate-600">
                          {formatCents(l.principalCents)}, {centsToInput(l.rateBasisPoints)} %, Rate{' '}
                          {formatCents(l.monthlyRateCents)} ab {formatDateDe(l.firstRateOn)}
                          {stated ? ` · Zinsen ${year} laut Bank ${formatCents(stated.cents)}` : ''}
                        </span>
                      </span>
                      {canEdit && (
                        <Button variant="secondary" size="sm" onClick={() => setEditing(l)}>
                          Bearbeiten<span className="sr-only">: {l.lender}</span>
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            {canEdit && (
              <Button className="self-start" onClick={() => setEditing('new')}>
                Darlehen erfassen
              </Button>
            )}
            <LoanStatements propertyId={propertyId} loans={data} />
          </div>
        )
      }
    </LoadedDialog>
  );
}

function LoanForm({
  propertyId,
  year,
  loan,
  onDone,
}: {
  propertyId: string;
  year: number;
  loan: LoanJson | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const statedNow = loan?.statedInterest.find((s) => s.year === year);
  const [lender, setLender] = useState(loan?.lender ?? '');
  const [principal, setPrincipal] = useState(loan ? centsToInput(loan.principalCents) : '');
  const [rate, setRate] = useState(loan ? centsToInput(loan.rateBasisPoints) : '');
  const [monthly, setMonthly] = useState(loan ? centsToInput(loan.monthlyRateCents) : '');
  const [first, setFirst] = useState(loan?.firstRateOn ?? '');
  const [stated, setStated] = useState(statedNow ? centsToInput(statedNow.cents) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, refused, run } = useSave();

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: loansKey(propertyId) });
    await queryClient.invalidateQueries({ queryKey: taxYearsKey(propertyId) });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!lender.trim()) found.lender = 'Bitte nennen Sie die Bank.';
    const principalCents = parseMoney(principal);
    if (!principalCents.ok) found.principal = principalCents.message;
    // the rate as a percentage with two places: 3,45 → 345
    const rateBp = parseMoney(rate);
    if (!rateBp.ok) found.rate = 'Bitte geben Sie den Zinssatz in Prozent an, z. B. 3,45.';
    const monthlyCents = parseMoney(monthly);
    if (!monthlyCents.ok) found.monthly = monthlyCents.message;
    if (!first) found.first = 'Bitte geben Sie den Tag der ersten Rate an.';
    const statedCents = stated.trim() === '' ? null : parseMoney(stated);
    if (statedCents && !statedCents.ok) found.stated = statedCents.message;
    setErrors(found);
    if (Object.keys(found).length > 0 || !principalCents.ok || !rateBp.ok || !monthlyCents.ok) return;
    const otherYears = (loan?.statedInterest ?? []).filter((s) => s.year !== year);
    const statedInterest =
      statedCents?.ok === true ? [...otherYears, { year, cents: statedCents.cents }] : otherYears;
    await run(async () => {
      await api<LoanJson>(loan ? loanUrl(propertyId, loan.id) : loansUrl(propertyId), {
        method: loan ? 'PUT' : 'POST',
        body: {
          lender: lender.trim(),
          principalCents: principalCents.cents,
          rateBasisPoints: rateBp.cents,
          monthlyRateCents: monthlyCents.cents,
          firstRateOn: first,
          statedInterest,
        },
      });
      await refresh();
      toast({ title: 'Darlehen gespeichert' });
      onDone();
    });
  };

  const remove = async () => {
    if (!loan) return;
    const sure = await confirm({
      description: `Darlehen „${loan.lender}“ löschen? Seine Zinsen fallen aus jedem Steuerjahr.`,
      confirmLabel: 'Löschen',
      destructive: true,
    });
    if (!sure) return;
    await run(async () => {
      await api(loanUrl(propertyId, loan.id), { method: 'DELETE' });
      await refresh();
      toast({ title: 'Darlehen gelöscht' });
      onDone();
    });
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Darlehen"
      className="flex flex-col gap-4"
    >
      <FormError message={refused} />
      <Input
        label="Bank"
        required
        value={lender}
        error={errors.lender}
        onChange={(event) => setLender(event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Darlehenssumme (€)"
          required
          inputMode="decimal"
          value={principal}
          error={errors.principal}
          hint="Der Stand zur ersten Rate"
          onChange={(event) => setPrincipal(event.target.value)}
        />
        <Input
          label="Zinssatz (% im Jahr)"
          required
          inputMode="decimal"
          value={rate}
          error={errors.rate}
          onChange={(event) => setRate(event.target.value)}
        />
        <Input
          label="Monatsrate (€)"
          required
          inputMode="decimal"
          value={monthly}
          error={errors.monthly}
          hint="Zins und Tilgung zusammen"
          onChange={(event) => setMonthly(event.target.value)}
        />
        <Input
          type="date"
          label="Erste Rate am"
          required
          value={first}
          error={errors.first}
          onChange={(event) => setFirst(event.target.value)}
        />
      </div>
      <Input
        label={`Zinsen ${year} laut Bank (€)`}
        inputMode="decimal"
        value={stated}
        error={errors.stated}
        hint="Aus der Zinsbescheinigung oder dem Jahreskontoauszug; leer: berechnet"
        onChange={(event) => setStated(event.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Zurück
        </Button>
        {loan && (
          <Button variant="secondary" onClick={() => void remove()}>
            Löschen
          </Button>
        )}
        <Button type="submit" loading={saving}>
          Darlehen speichern
        </Button>
      </div>
    </form>
  );
}
