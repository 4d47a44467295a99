import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { centsToInput, formatCents, formatDateDe, parseMoney } from '../../../shared/money';
import { depositPayout } from '../../../shared/rent/deposit';
import { DEPOSIT_FORMS, type DepositForm, type DepositJson } from '../../../shared/schemas/deposit';
import type { TenancyJson } from '../../../shared/schemas/settlement-json';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { Dialog } from '../../components/ui/Dialog';
import { Input, Select } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useCanEdit } from '../../lib/session';
import { FormError } from './FormError';

const depositUrl = (tenancyId: string) => `/api/tenancies/${encodeURIComponent(tenancyId)}/deposit`;
const depositKey = (tenancyId: string) => ['tenancies', tenancyId, 'deposit'] as const;

/** The tenancy's deposit (docs/domain/deposits.md): entered, grown by its interest, settled after the move-out. */
export function DepositDialog({ tenancy, onClose }: { tenancy: TenancyJson | null; onClose: () => void }) {
  const deposit = useQuery({
    queryKey: depositKey(tenancy?.id ?? ''),
    queryFn: ({ signal }) => api<DepositJson | null>(depositUrl(tenancy?.id ?? ''), { signal }),
    enabled: tenancy !== null,
  });
  return (
    <Dialog
      open={tenancy !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Kaution ${tenancy?.tenant.name ?? ''}`}
      description="Höchstens drei Nettokaltmieten, in drei Monatsraten zahlbar; die Zinsen gehören dem Mieter (§ 551 BGB)."
      className="sm:max-w-2xl"
    >
      {deposit.isPending || !tenancy ? (
        <Spinner label="Kaution wird geladen …" />
      ) : deposit.isError ? (
        <FormError message={errorMessage(deposit.error)} />
      ) : (
        <DepositBody tenancy={tenancy} deposit={deposit.data} />
      )}
    </Dialog>
  );
}

function DepositBody({ tenancy, deposit }: { tenancy: TenancyJson; deposit: DepositJson | null }) {
  return (
    <div className="flex flex-col gap-5">
      {deposit && (
        <p className="text-sm text-slate-800">
          Eingezahlt {formatCents(deposit.paidCents)}, Zinsen {formatCents(deposit.interestCents)}:{' '}
          <strong>
            Stand am {formatDateDe(deposit.asOf)} {formatCents(deposit.balanceCents)}
          </strong>
        </p>
      )}
      {deposit?.settlement ? (
        <SettledDeposit settlement={deposit.settlement} />
      ) : (
        <>
          <DepositEntry tenancy={tenancy} deposit={deposit} />
          {deposit?.proposal && <SettleForm tenancy={tenancy} deposit={deposit} />}
        </>
      )}
    </div>
  );
}

type Row = { date: string; amount: string };

function DepositEntry({ tenancy, deposit }: { tenancy: TenancyJson; deposit: DepositJson | null }) {
  const canEdit = useCanEdit();
  const queryClient = useQueryClient();
  const [agreed, setAgreed] = useState(deposit ? centsToInput(deposit.agreedCents) : '');
  const [form, setForm] = useState<DepositForm>(deposit?.form ?? 'cash');
  const [rate, setRate] = useState(deposit ? centsToInput(deposit.interestRateBp) : '');
  const [rows, setRows] = useState<Row[]>(
    deposit?.payments.map((p) => ({ date: p.date, amount: centsToInput(p.cents) })) ?? [],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const capCents = tenancy.monthlyRentCents ? 3 * tenancy.monthlyRentCents : null;

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
    setSaving(true);
    try {
      const saved = await api<DepositJson>(depositUrl(tenancy.id), {
        method: 'PUT',
        body: { agreedCents: agreedCents.cents, form, interestRateBp: rateBp.cents, payments },
      });
      queryClient.setQueryData(depositKey(tenancy.id), saved);
      setRefused(undefined);
      toast({ title: 'Kaution gespeichert' });
    } catch (error) {
      setRefused(errorMessage(error));
    }
    setSaving(false);
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
          <legend className="text-sm font-medium text-slate-800">Eingänge</legend>
          {rows.length === 0 && deposit && deposit.instalments.length > 0 && (
            <p className="text-sm text-slate-600">
              Fällig:{' '}
              {deposit.instalments
                .map((p) => `${formatCents(p.cents)} am ${formatDateDe(p.date)}`)
                .join(', ')}
            </p>
          )}
          {rows.map((row, i) => (
            <RemovableRow
              // biome-ignore lint/suspicious/noArrayIndexKey: a payment row has no identity but its place
              key={i}
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
            onClick={() => setRows([...rows, { date: '', amount: '' }])}
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

type Claim = { reason: string; amount: string };

function SettleForm({ tenancy, deposit }: { tenancy: TenancyJson; deposit: DepositJson }) {
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
            // biome-ignore lint/suspicious/noArrayIndexKey: a claim has no identity but its place
            key={i}
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
          onClick={() => setClaims([...claims, { reason: '', amount: '' }])}
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

function SettledDeposit({ settlement }: { settlement: NonNullable<DepositJson['settlement']> }) {
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
    </section>
  );
}

/** Two fields side by side (one above the other on a phone) and the button that removes them. */
function RemovableRow({
  children,
  wide = false,
  removeLabel,
  onRemove,
}: {
  children: ReactNode;
  /** The first field twice as wide (a reason beside its amount). */
  wide?: boolean;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <div
      className={cx(
        'grid items-start gap-2',
        wide ? 'sm:grid-cols-[2fr_1fr_auto]' : 'sm:grid-cols-[1fr_1fr_auto]',
      )}
    >
      {children}
      <Button
        variant="ghost"
        size="icon"
        className="justify-self-end text-red-700 hover:bg-red-50 sm:mt-6"
        aria-label={removeLabel}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
