// The Kautionsabrechnung after the move-out: open rent, claims, the part kept back, the payout
// (docs/domain/deposits.md, ADR 0031).

import { useQueryClient } from '@tanstack/react-query';
import { FileText, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatIban, normalizeIban } from '../../../shared/iban';
import { centsToInput, formatCents, formatDateDe, parseMoney } from '../../../shared/money';
import { depositPayout } from '../../../shared/rent/deposit';
import type { DepositJson } from '../../../shared/schemas/deposit';
import type { TenancyJson } from '../../../shared/schemas/settlement-json';
import { FormError } from '../../components/FormError';
import { GiroCode } from '../../components/GiroCode';
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
  const [iban, setIban] = useState(proposal?.payoutIban ? formatIban(proposal.payoutIban) : '');
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
          payoutIban: iban,
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
        <Input
          label="IBAN des Mieters für die Auszahlung"
          autoComplete="off"
          value={iban}
          hint={
            proposal.payoutIban && normalizeIban(iban) === proposal.payoutIban
              ? 'Aus den Kontoauszügen: das Konto, von dem er zahlte. Bitte prüfen.'
              : 'Steht im Brief; leer: der Mieter wird um seine Bankverbindung gebeten.'
          }
          onChange={(event) => setIban(event.target.value)}
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
  tenancy,
  settlement,
}: {
  tenancy: TenancyJson;
  settlement: NonNullable<DepositJson['settlement']>;
}) {
  const rows: Array<[string, number]> = [
    [`Kaution mit Zinsen am ${formatDateDe(settlement.asOf)}`, settlement.balanceCents],
    ['Offene Miete laut Kontoauszügen', -settlement.openRentCents],
    ...settlement.claims.map((c): [string, number] => [c.reason, -c.cents]),
    ['Einbehalt für die ausstehende Nebenkostenabrechnung', -settlement.retainedCents],
  ];
  const release = settlement.release;
  return (
    <section aria-labelledby="deposit-settled" className="flex flex-col gap-2">
      <h3 id="deposit-settled" className="font-semibold text-slate-900">
        Abgerechnet am {formatDateDe(settlement.madeAt)}
      </h3>
      <ul className="divide-y divide-slate-100 text-sm">
        {rows.map(([label, cents]) => (
          <li key={label} className="flex justify-between gap-3 py-1.5">
            <span className="text-slate-800">{label}</span>
            <span className="whitespace-nowrap tabular-nums">{formatCents(cents)}</span>
          </li>
        ))}
      </ul>
      <p className="font-medium text-slate-900">
        {settlement.payoutCents >= 0 ? 'Auszuzahlen an den Mieter: ' : 'Der Mieter schuldet darüber hinaus: '}
        <span className="whitespace-nowrap">{formatCents(Math.abs(settlement.payoutCents))}</span>
      </p>
      <LetterAndTransfer
        tenancy={tenancy}
        letter="settlement.pdf"
        label="Abrechnung als Brief (PDF)"
        iban={settlement.payoutIban}
        cents={settlement.payoutCents}
        purpose={`Rückzahlung Mietkaution ${tenancy.tenant.name}`}
      />
      {settlement.retainedCents > 0 &&
        (release ? (
          <div className="mt-2 flex flex-col gap-2 border-t border-slate-200 pt-3 text-sm text-slate-800">
            <p>
              Einbehalt abgerechnet am {formatDateDe(release.madeAt)}:{' '}
              {release.balanceCents >= 0
                ? `Nachzahlung ${formatCents(release.balanceCents)}`
                : `Guthaben ${formatCents(-release.balanceCents)}`}
              ;{' '}
              <strong>
                {release.releasedCents >= 0
                  ? `auszuzahlen ${formatCents(release.releasedCents)}`
                  : `der Mieter schuldet noch ${formatCents(-release.releasedCents)}`}
              </strong>
            </p>
            <LetterAndTransfer
              tenancy={tenancy}
              letter="release.pdf"
              label="Abrechnung des Einbehalts (PDF)"
              iban={settlement.payoutIban}
              cents={release.releasedCents}
              purpose={`Rückzahlung Kautionseinbehalt ${tenancy.tenant.name}`}
            />
          </div>
        ) : (
          <p className="text-sm text-slate-700">
            Der Einbehalt wird abgerechnet, sobald die Nebenkostenabrechnung mit dem Auszug abgeschlossen ist.
          </p>
        ))}
    </section>
  );
}

/** A letter about the deposit, and what it pays out as a transfer template where the account is known. */
function LetterAndTransfer({
  tenancy,
  letter,
  label,
  iban,
  cents,
  purpose,
}: {
  tenancy: TenancyJson;
  letter: string;
  label: string;
  iban: string | null | undefined;
  cents: number;
  purpose: string;
}) {
  return (
    <>
      <a
        href={`${depositUrl(tenancy.id)}/${letter}`}
        className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}
      >
        <FileText aria-hidden="true" className="size-4" />
        {label}
      </a>
      {iban && cents > 0 && (
        <Transfer name={tenancy.tenant.name} iban={iban} cents={cents} purpose={purpose} />
      )}
    </>
  );
}

/** The payout as a transfer template: scanned with the landlord's banking app, or typed from the text. */
function Transfer({
  name,
  iban,
  cents,
  purpose,
}: {
  name: string;
  iban: string;
  cents: number;
  purpose: string;
}) {
  const payment = { name, iban, bic: '', amountCents: cents, text: purpose };
  return (
    <div className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center">
      <GiroCode payment={payment} label={`GiroCode: ${formatCents(cents)} an ${name} überweisen`} />
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Empfänger</dt>
        <dd className="break-words">{name}</dd>
        <dt className="text-slate-600">IBAN</dt>
        <dd className="break-words tabular-nums">{formatIban(iban)}</dd>
        <dt className="text-slate-600">Betrag</dt>
        <dd className="tabular-nums">{formatCents(cents)}</dd>
        <dt className="text-slate-600">Zweck</dt>
        <dd className="break-words">{purpose}</dd>
      </dl>
    </div>
  );
}
