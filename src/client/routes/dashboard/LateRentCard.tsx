import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Clock, Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { isoDateInBerlin } from '../../../shared/dates';
import { formatCents, formatDateDe } from '../../../shared/money';
import { REMINDER_TITLES, type WorkspaceArrearsJson } from '../../../shared/schemas/late-rent';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Dialog } from '../../components/ui/Dialog';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { counted } from '../../lib/counted';
import { useCanEdit, useMe } from '../../lib/session';
import { deadlinesQuery } from './DeadlinesCard';
import { ReminderForm } from './ReminderForm';

const arrearsKey = (workspaceId: string) => ['workspaces', workspaceId, 'arrears'] as const;
const arrearsQuery = (workspaceId: string) => ({
  queryKey: arrearsKey(workspaceId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<WorkspaceArrearsJson>(`/api/workspaces/${encodeURIComponent(workspaceId)}/arrears`, { signal }),
});

/**
 * Who owes rent since when, with the default interest, as the bank files say (docs/domain/late-rent.md).
 * Without a bank file there is nothing to say, and the card stays away.
 */
export function LateRentCard({ workspaceId }: { workspaceId: string }) {
  const { data } = useQuery(arrearsQuery(workspaceId));
  const canEdit = useCanEdit();
  const queryClient = useQueryClient();
  const [reminding, setReminding] = useState<WorkspaceArrearsJson['tenancies'][number] | null>(null);
  if (!data?.asOf) return null;
  const owing = data.tenancies.filter((t) => t.openCents > 0);
  const lateOnly = data.tenancies.filter((t) => t.openCents === 0);
  return (
    <Card
      title="Offene Mieten"
      description={`Laut Kontoauszügen bis ${formatDateDe(data.asOf)}: fällig am 3. Werktag, ${data.graceDays} Tage Buchungsfrist; Verzugszinsen nach § 288 BGB.`}
      actions={<GraceDays workspaceId={workspaceId} graceDays={data.graceDays} />}
    >
      {owing.length === 0 && <p className="text-sm text-slate-700">Keine offenen Mieten.</p>}
      {owing.length > 0 && (
        <ul aria-label="Offene Mieten" className="divide-y divide-slate-200">
          {owing.map((t) => (
            <li key={t.tenancyId} className="flex gap-3 py-2 text-sm">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
              <div className="min-w-0">
                <Link
                  to={`/dashboard/immobilien/${t.propertyId}`}
                  className="font-medium break-words text-slate-900 hover:underline"
                >
                  {t.tenantName} · {t.propertyName}
                  {t.unitLabel ? `, ${t.unitLabel}` : ''}
                </Link>
                <p className="text-slate-700">
                  {formatCents(t.openCents)} offen seit {formatDateDe(t.lateSince ?? '')} ·{' '}
                  {counted(t.months.filter((m) => m.openCents > 0).length, 'Monat', 'Monate')} · Zinsen{' '}
                  {formatCents(t.interestCents)} bis {formatDateDe(t.interestUntil)}
                </p>
                {t.noticeThreshold && (
                  <p className="font-medium text-red-800">
                    Die Voraussetzungen einer fristlosen Kündigung können erfüllt sein — bitte rechtlich
                    prüfen.
                  </p>
                )}
                {t.nextReminder && <NextLetter next={t.nextReminder} />}
                {t.pause && (
                  <p className="text-slate-800">
                    Mahnsperre bis {formatDateDe(t.pause.until)}: {t.pause.reason}
                  </p>
                )}
                {canEdit &&
                  (t.pause ? (
                    <LiftPauseButton workspaceId={workspaceId} tenancyId={t.tenancyId} name={t.tenantName} />
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      className="mt-2"
                      aria-label={`Mahnen: ${t.tenantName}`}
                      onClick={() => setReminding(t)}
                    >
                      <Mail aria-hidden="true" className="size-4" />
                      Mahnen
                    </Button>
                  ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      {lateOnly.length > 0 && (
        <p className="mt-3 flex gap-2 text-sm text-slate-700">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
          <span>
            Verspätet gezahlt, inzwischen ausgeglichen:{' '}
            {lateOnly.map((t) => `${t.tenantName} (Zinsen ${formatCents(t.interestCents)})`).join(', ')}
          </span>
        </p>
      )}
      <Dialog
        open={reminding !== null}
        onOpenChange={(open) => !open && setReminding(null)}
        title={reminding ? `${reminding.tenantName} mahnen` : ''}
        description={
          reminding
            ? `${formatCents(reminding.openCents)} offen seit ${formatDateDe(reminding.lateSince ?? '')}, Zinsen ${formatCents(reminding.interestCents)} bis ${formatDateDe(reminding.interestUntil)}: so steht es im Brief, zahlbar binnen 14 Tagen.`
            : undefined
        }
      >
        {reminding && (
          <ReminderForm
            tenancyId={reminding.tenancyId}
            onMade={() => {
              void queryClient.invalidateQueries({ queryKey: arrearsKey(workspaceId) });
              void queryClient.invalidateQueries({ queryKey: deadlinesQuery.queryKey });
            }}
            onPaused={() => {
              void queryClient.invalidateQueries({ queryKey: arrearsKey(workspaceId) });
              setReminding(null);
            }}
          />
        )}
      </Dialog>
    </Card>
  );
}

/** Lifts a Mahnsperre: the tenancy can be reminded again. */
function LiftPauseButton({
  workspaceId,
  tenancyId,
  name,
}: {
  workspaceId: string;
  tenancyId: string;
  name: string;
}) {
  const queryClient = useQueryClient();
  const lift = useMutation({
    mutationFn: () =>
      api<null>(`/api/tenancies/${encodeURIComponent(tenancyId)}/reminder-pause`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: arrearsKey(workspaceId) }),
    onError: (error) =>
      toast({ title: 'Nicht aufgehoben', description: errorMessage(error), variant: 'destructive' }),
  });
  return (
    <Button
      size="sm"
      variant="secondary"
      className="mt-2"
      aria-label={`Mahnsperre aufheben: ${name}`}
      loading={lift.isPending}
      onClick={() => lift.mutate()}
    >
      Mahnsperre aufheben
    </Button>
  );
}

/** The letter the tenant needs next: due today or since a day, or nothing more to write. */
function NextLetter({
  next,
}: {
  next: NonNullable<WorkspaceArrearsJson['tenancies'][number]['nextReminder']>;
}) {
  if (next.afterLast)
    return (
      <p className="font-medium text-slate-900">
        Die letzte Mahnung blieb unbezahlt — weitere Schritte prüfen.
      </p>
    );
  const today = isoDateInBerlin(new Date());
  if (next.due > today)
    return (
      <p className="text-slate-700">
        {REMINDER_TITLES[next.level]} ab {formatDateDe(next.due)}
      </p>
    );
  return (
    <p className="font-medium text-amber-900">
      {REMINDER_TITLES[next.level]} fällig{next.due < today ? ` seit ${formatDateDe(next.due)}` : ' ab heute'}
    </p>
  );
}

const GRACE_DAYS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The workspace's grace days, which the owner sets: how late a booking may come and still be on time. */
function GraceDays({ workspaceId, graceDays }: { workspaceId: string; graceDays: number }) {
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const id = useId();
  const save = useMutation({
    mutationFn: (days: number) =>
      api(`/api/workspaces/${encodeURIComponent(workspaceId)}/rent-settings`, {
        method: 'PUT',
        body: { graceDays: days },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: arrearsKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: deadlinesQuery.queryKey }),
      ]),
    onError: (error) => toast({ title: errorMessage(error), variant: 'destructive' }),
  });
  if (me?.workspace?.role !== 'owner') return null;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Buchungsfrist
      </label>
      <select
        id={id}
        value={graceDays}
        disabled={save.isPending}
        onChange={(event) => save.mutate(Number(event.target.value))}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
      >
        {GRACE_DAYS.map((days) => (
          <option key={days} value={days}>
            {days} {days === 1 ? 'Tag' : 'Tage'}
          </option>
        ))}
      </select>
    </div>
  );
}
