// The Kautionsabrechnung after the move-out: open rent, claims, the part kept back, the payout
// (docs/domain/deposits.md, ADR 0031).

import { useQueryClient } from '@tanstack/react-query';
import { FileText, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { centsToInput, formatCents, formatDateDe, parseMoney } from '../../../shared/money';
import { depositPayout } from '../../../shared/rent/deposit';
import type { DepositJson } from '../../../shared/schemas/deposit';
import type { TenancyJson } from '../../../shared/schemas/settlement-json';
import { FormError } from '../../components/FormError';
import { newRowId, RemovableRow } from '../../components/RemovableRow';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Input } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useCanEdit } from '../../lib/session';
import { depositKey, depositUrl } from './depositApi';

type Claim = { id: string; reason: string; amount: string };

export function DepositSettlementForm({ tenancy, deposit }: { tenancy: TenancyJson; deposit: DepositJson }) {
  const canEdit = useCanEdit();
  const queryClient = useQueryClient();
  const proposal = deposit.proposal;
  const [claims, setClaims] = useState<Claim[]>([]);
  const [retained, setRetained] = useState(
    proposal?.retainedCents ? centsToInput(proposal.retainedCents) : '',
  );
  const [refused, setRefused] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  if (!proposal) return null;
  const retainedCents = parseMoney(retained === '' ? '0' : retained);
  const claimCents = claims.map((c) => parseMoney(c.amount === '' ? '0' : c.amount));
  const payout = depositPayout({
    balanceCents: deposit.balanceCents,
    openRentCents: proposal.openRentCents,
    claims: claimCents.map((c) => ({ cents: c.ok ? c.cents : 0 })),
    retainedCents: retainedCents.ok ? retainedCents.cents : 0,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!retainedCents.ok) return setRefused(`Einbehalt: ${retainedCents.message}`);
    const bad = claimCents.findIndex((c) => !c.ok);
    if (bad >= 0) return setRefused(`Forderung ${bad + 1}: bitte einen Betrag angeben.`);
    setSaving(true);
    try {
      const settled = await api<DepositJson>(`${depositUrl(tenancy.id)}/settlement`, {
        method: 'POST',
        body: {
          claims: claims.map((c, i) => ({
            reason: c.reason,
            cents: (claimCents[i] as { cents: number }).cents,
          })),
          retainedCents: retainedCents.cents,
        },
      });
      queryClient.setQueryData(depositKey(tenancy.id), settled);
      toast({ title: 'Kaution abgerechnet' });
    } catch (error) {
      setRefused(errorMessage(error));
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="settle-deposit"
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-4"
    >
      <h3 id="settle-deposit" className="font-semibold text-slate-900">
        Kaution abrechnen (Auszug {formatDateDe(deposit.asOf)})
      </h3>
      <FormError message={refused} />
      <p className="text-sm text-slate-700">
        {proposal.openRentKnown
          ? `Laut Kontoauszügen offene Miete: ${formatCents(proposal.openRentCents)}.`
          : 'Ohne Kontoauszüge ist keine offene Miete bekannt; tragen Sie sie als Forderung ein.'}
      </p>
      <fieldset disabled={!canEdit} className="contents">
        {claims.map((claim, i) => (
          <RemovableRow
            key={claim.id}
            wide
            removeLabel={`Forderung ${i + 1} entfernen`}
            onRemove={() => setClaims(claims.filter((_, k) => k !== i))}
          >
            <Input
              label={`Grund, Forderung ${i + 1}`}
              value={claim.reason}
              onChange={(event) =>
                setClaims(claims.map((c, k) => (k === i ? { ...c, reason: event.target.value } : c)))
              }
            />
            <Input
              label={`Betrag (€), Forderung ${i + 1}`}
              inputMode="decimal"
              value={claim.amount}
              onChange={(event) =>
                setClaims(claims.map((c, k) => (k === i ? { ...c, amount: event.target.value } : c)))
              }
            />
          </RemovableRow>
        ))}
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => setClaims([...claims, { id: newRowId(), reason: '', amount: '' }])}
        >
          <Plus aria-hidden="true" className="size-4" />
          Forderung hinzufügen
        </Button>
        <Input
          label="Einbehalt für die ausstehende Nebenkostenabrechnung (€)"
          inputMode="decimal"
          value={retained}
          hint={
            proposal.retainedCents === null
              ? 'Keine frühere Abrechnung, an der sich der Einbehalt messen ließe: bitte schätzen Sie ihn.'
              : `Vorschlag aus den letzten Abrechnungen für ${proposal.unsettledDays} noch nicht abgerechnete Tage: ${formatCents(proposal.retainedCents)}.`
          }
          onChange={(event) => setRetained(event.target.value)}
        />
        <p className="text-sm font-medium text-slate-900" aria-live="polite">
          {payout >= 0
            ? `Auszuzahlen: ${formatCents(payout)}`
            : `Der Mieter schuldet darüber hinaus: ${formatCents(-payout)}`}
        </p>
        <Button type="submit" className="self-end" loading={saving}>
          Kaution abrechnen
        </Button>
      </fieldset>
    </form>
  );
}

export function SettledDeposit({
  tenancyId,
  settlement,
}: {
  tenancyId: string;
  settlement: NonNullable<DepositJson['settlement']>;
}) {
  const rows: Array<[string, number]> = [
    [`Kaution mit Zinsen am ${formatDateDe(settlement.asOf)}`, settlement.balanceCents],
    ['Offene Miete laut Kontoauszügen', -settlement.openRentCents],
    ...settlement.claims.map((c): [string, number] => [c.reason, -c.cents]),
    ['Einbehalt für die ausstehende Nebenkostenabrechnung', -settlement.retainedCents],
  ];
  return (
    <section aria-labelledby="deposit-settled" className="flex flex-col gap-2">
      <h3 id="deposit-settled" className="font-semibold text-slate-900">
        Abgerechnet am {formatDateDe(settlement.madeAt)}
      </h3>
      <ul className="divide-y divide-slate-100 text-sm">
        {rows.map(([label, cents]) => (
          <li key={label} className="flex justify-between gap-3 py-1.5">
            <span className="text-slate-800">{label}</span>
            <span className="tabular-nums">{formatCents(cents)}</span>
          </li>
        ))}
      </ul>
      <p className="font-medium text-slate-900">
        {settlement.payoutCents >= 0
          ? `Ausgezahlt an den Mieter: ${formatCents(settlement.payoutCents)}`
          : `Der Mieter schuldet darüber hinaus: ${formatCents(-settlement.payoutCents)}`}
      </p>
      <a
        href={`${depositUrl(tenancyId)}/settlement.pdf`}
        className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}
      >
        <FileText aria-hidden="true" className="size-4" />
        Abrechnung als Brief (PDF)
      </a>
    </section>
  );
}
