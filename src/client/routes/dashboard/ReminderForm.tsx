import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatCents, formatDateDe, parseMoney } from '../../../shared/money';
import {
  MAX_REMINDER_FEE_CENTS,
  REMINDER_TITLES,
  type ReminderJson,
  type ReminderLevel,
} from '../../../shared/schemas/late-rent';
import { FormError } from '../../components/FormError';
import { Button, buttonClasses } from '../../components/ui/Button';
import { DialogFormActions } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Field';
import { api, errorMessage } from '../../lib/api';
import { deliveryText, SendReminder } from './ReminderDelivery';

const remindersKey = (tenancyId: string) => ['tenancies', tenancyId, 'reminders'] as const;
const remindersQuery = (tenancyId: string) => ({
  queryKey: remindersKey(tenancyId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<ReminderJson[]>(`/api/tenancies/${encodeURIComponent(tenancyId)}/reminders`, { signal }),
});
export const reminderPdfUrl = (id: string) => `/api/reminders/${encodeURIComponent(id)}/pdf`;

const LEVELS = [1, 2, 3] as const;

/**
 * A reminder of the rent open by the bank files: the level after the last one made, a fee only as the
 * landlord sets it (actual costs), the letter as a PDF; the reminders made before, each with its letter.
 */
export function ReminderForm({
  tenancyId,
  onMade,
  onPaused,
}: {
  tenancyId: string;
  /** A reminder was made or sent: what is due next changes. */
  onMade: () => void;
  onPaused: () => void;
}) {
  const queryClient = useQueryClient();
  const made = useQuery(remindersQuery(tenancyId)).data ?? [];
  const next = Math.min(3, (made[0]?.level ?? 0) + 1) as ReminderLevel;
  const [level, setLevel] = useState<ReminderLevel | null>(null);
  const [fee, setFee] = useState('');
  const [feeError, setFeeError] = useState<string | undefined>();
  const [refused, setRefused] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<ReminderJson | null>(null);
  const chosen = level ?? next;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const feeCents = parseMoney(fee === '' ? '0' : fee);
    if (!feeCents.ok) return setFeeError(feeCents.message);
    if (feeCents.cents < 0 || feeCents.cents > MAX_REMINDER_FEE_CENTS)
      return setFeeError('Höchstens 10,00 €: nur die tatsächlichen Kosten des Schreibens, z. B. Porto.');
    setSaving(true);
    try {
      const reminder = await api<ReminderJson>(`/api/tenancies/${encodeURIComponent(tenancyId)}/reminders`, {
        method: 'POST',
        body: { level: chosen, feeCents: feeCents.cents },
      });
      await queryClient.invalidateQueries({ queryKey: remindersKey(tenancyId) });
      onMade();
      setCreated(reminder);
      setRefused(undefined);
      setLevel(null);
      setFee('');
    } catch (error) {
      setRefused(errorMessage(error));
    }
    setSaving(false);
  };

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <FormError message={refused} />
        {created && (
          <div
            role="status"
            className="rounded-md border border-teal-200 bg-teal-50 p-3 text-sm text-teal-900"
          >
            <p>
              {created.title} erstellt: {formatCents(created.totalCents)}, zahlbar bis{' '}
              {formatDateDe(created.payBy)}.
            </p>
            <div className="mt-2 flex flex-wrap items-start gap-2">
              <a
                href={reminderPdfUrl(created.id)}
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              >
                <FileText aria-hidden="true" className="size-4" />
                Brief als PDF
              </a>
              {created.delivery ? (
                <p className="py-1">Versandt: {deliveryText(created.delivery)}</p>
              ) : (
                <SendReminder reminder={created} onSent={setCreated} />
              )}
            </div>
          </div>
        )}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Art des Schreibens</legend>
          <div className="mt-1.5 grid gap-2">
            {LEVELS.map((l) => (
              <label
                key={l}
                className="flex h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 text-sm text-slate-800 has-checked:border-teal-700 has-checked:bg-teal-50 has-focus-visible:outline-2 has-focus-visible:outline-teal-700"
              >
                <input
                  type="radio"
                  name="level"
                  value={l}
                  checked={chosen === l}
                  onChange={() => setLevel(l)}
                  className="size-4 accent-teal-700"
                />
                {REMINDER_TITLES[l]}
              </label>
            ))}
          </div>
        </fieldset>
        <Input
          label="Mahnkosten (€)"
          inputMode="decimal"
          placeholder="0,00"
          value={fee}
          error={feeError}
          hint="Nur Ihre tatsächlichen Kosten, z. B. Porto; eine Pauschale für Ihren Aufwand dürfen Sie nicht verlangen."
          onChange={(event) => {
            setFee(event.target.value);
            setFeeError(undefined);
          }}
        />
        {made.length > 0 && (
          <section aria-labelledby="reminders-made">
            <h3 id="reminders-made" className="text-sm font-medium text-slate-800">
              Bisher erstellt
            </h3>
            <ul className="mt-1 divide-y divide-slate-100 text-sm">
              {made.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="text-slate-800">
                    {r.title} vom {formatDateDe(r.createdAt)} · {formatCents(r.totalCents)}
                    {r.createdBy ? ` · ${r.createdBy}` : ''}
                    <span className="block text-slate-600">
                      {deliveryText(r.delivery) ?? 'noch nicht versandt'}
                    </span>
                  </span>
                  <a
                    href={reminderPdfUrl(r.id)}
                    className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                    aria-label={`${r.title} vom ${formatDateDe(r.createdAt)} als PDF`}
                  >
                    <FileText aria-hidden="true" className="size-4" />
                    PDF
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <DialogFormActions submitting={saving} submitLabel={`${REMINDER_TITLES[chosen]} erstellen`} />
      </form>
      {/* apart from the reminder's form: Enter in its fields never makes a reminder */}
      <PauseForm tenancyId={tenancyId} onPaused={onPaused} />
    </div>
  );
}

/** A Mahnsperre, e.g. for agreed instalments: no reminder until the day given. */
function PauseForm({ tenancyId, onPaused }: { tenancyId: string; onPaused: () => void }) {
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState('');
  const [refused, setRefused] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const pause = async () => {
    setSaving(true);
    try {
      await api(`/api/tenancies/${encodeURIComponent(tenancyId)}/reminder-pause`, {
        method: 'PUT',
        body: { until, reason },
      });
      onPaused();
    } catch (error) {
      setRefused(errorMessage(error));
      setSaving(false);
    }
  };
  return (
    <details className="rounded-md border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800">
        Stattdessen eine Mahnsperre setzen
      </summary>
      <form
        aria-label="Mahnsperre"
        noValidate
        className="mt-3 flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void pause();
        }}
      >
        <FormError message={refused} />
        <Input
          type="date"
          label="Keine Mahnung bis"
          value={until}
          onChange={(event) => setUntil(event.target.value)}
        />
        <Input
          label="Grund"
          placeholder="z. B. Ratenzahlung vereinbart"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button type="submit" variant="secondary" className="self-start" loading={saving}>
          Mahnsperre setzen
        </Button>
      </form>
    </details>
  );
}
