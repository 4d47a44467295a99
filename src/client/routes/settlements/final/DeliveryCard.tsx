import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isoDateInBerlin } from '../../../../shared/dates';
import { formatDateDe } from '../../../../shared/money';
import {
  DELIVERY_CHANNEL_LABELS,
  DELIVERY_CHANNELS,
  type DeliveryChannelCode,
  type DeliveryStatusJson,
} from '../../../../shared/schemas/delivery';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Checkbox } from '../../../components/ui/Checkbox';
import { Input, Select } from '../../../components/ui/Field';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { deliveriesQuery, dispatchStatement, formatMoment, revokeLinks } from '../deliveryApi';

/** Zustellung: per final tenant statement how and when it went out and arrived, and what the tenant opened. */
export function DeliveryCard({
  settlementId,
  tenantName,
}: {
  settlementId: string;
  tenantName: Map<string, string>;
}) {
  const query = useQuery(deliveriesQuery(settlementId));
  if (!query.data) return null;
  const { deadline, statements } = query.data;
  return (
    <Card
      title="Zustellung"
      description={`Die Abrechnungen müssen den Mietern bis zum ${formatDateDe(deadline)} zugehen (§ 556 Abs. 3 BGB). Halten Sie fest, wie und wann sie zugestellt wurden.`}
    >
      <ul aria-label="Zustellung je Mieter" className="divide-y divide-slate-200">
        {statements.map((s) => (
          <DeliveryRow
            key={s.tenancyId}
            settlementId={settlementId}
            status={s}
            name={tenantName.get(s.tenancyId) ?? 'Mietverhältnis'}
          />
        ))}
      </ul>
    </Card>
  );
}

function DeliveryRow({
  settlementId,
  status,
  name,
}: {
  settlementId: string;
  status: DeliveryStatusJson;
  name: string;
}) {
  const queryClient = useQueryClient();
  const today = isoDateInBerlin(new Date());
  // without an address nothing can go by e-mail: post is the likely way
  const [channel, setChannel] = useState<DeliveryChannelCode>(
    status.delivery?.channel ?? (status.email ? 'email' : 'post'),
  );
  const [sentOn, setSentOn] = useState(status.delivery?.sentOn ?? today);
  const [receivedOn, setReceivedOn] = useState(status.delivery?.receivedOn ?? '');
  const [sendEmail, setSendEmail] = useState(status.email !== null && status.links.length === 0);
  const [fields, setFields] = useState<Record<string, string>>({});
  const mailing = channel === 'email' && sendEmail && status.email !== null;

  const save = useMutation({
    mutationFn: () =>
      dispatchStatement(settlementId, status.tenancyId, { channel, sentOn, receivedOn, sendEmail: mailing }),
    onSuccess: (data) => {
      setFields({});
      queryClient.setQueryData(deliveriesQuery(settlementId).queryKey, data);
      if (mailing) setSendEmail(false);
      toast({
        title: mailing ? 'E-Mail versandt' : 'Zustellung gespeichert',
        description: mailing
          ? `Die Abrechnung ging mit einem persönlichen Link an ${status.email}.`
          : undefined,
      });
    },
    onError: (error) => {
      setFields(error instanceof ApiError ? (error.fields ?? {}) : {});
      toast({ title: 'Nicht gespeichert', description: errorMessage(error), variant: 'destructive' });
    },
  });
  const revoke = useMutation({
    mutationFn: () => revokeLinks(settlementId, status.tenancyId),
    onSuccess: (data) => {
      queryClient.setQueryData(deliveriesQuery(settlementId).queryKey, data);
      toast({
        title: 'Link zurückgezogen',
        description: 'Der gemailte Link öffnet die Abrechnung nicht mehr.',
      });
    },
    onError: (error) =>
      toast({ title: 'Nicht zurückgezogen', description: errorMessage(error), variant: 'destructive' }),
  });
  const liveLink = status.links.find((l) => l.revokedAt === null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };

  const opened = status.links
    .map((l) => l.firstOpenedAt)
    .filter((x): x is string => x !== null)
    .sort()[0];
  return (
    <li aria-label={`Zustellung an ${name}`} className="flex flex-col gap-3 py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium text-slate-900">{name}</h3>
        {status.late && (
          <span className="rounded bg-red-100 px-2 py-0.5 text-sm font-medium text-red-800">
            Nach Fristende zugegangen
          </span>
        )}
      </div>
      <div className="text-sm text-slate-700">
        {status.delivery ? (
          <p>
            {DELIVERY_CHANNEL_LABELS[status.delivery.channel]}, versandt am{' '}
            {formatDateDe(status.delivery.sentOn)}
            {status.delivery.receivedOn && `, zugegangen am ${formatDateDe(status.delivery.receivedOn)}`}
          </p>
        ) : (
          <p>Noch keine Zustellung erfasst.</p>
        )}
        {status.links.length > 0 && (
          <p>
            {opened
              ? `Link geöffnet am ${formatMoment(opened)}`
              : `Link an ${status.links.at(-1)?.email} noch nicht geöffnet`}
          </p>
        )}
        {status.links.length > 0 && !liveLink && (
          <p>Link zurückgezogen: Er öffnet die Abrechnung nicht mehr.</p>
        )}
        {liveLink && (
          <p>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              loading={revoke.isPending}
              onClick={() => revoke.mutate()}
            >
              Link zurückziehen
            </Button>{' '}
            <span className="text-slate-600">(z. B. an eine falsche Adresse gesandt)</span>
          </p>
        )}
        {status.receiptViews.length > 0 && (
          <p>
            Angesehene Belege:{' '}
            {status.receiptViews
              .map(
                (v) => `${v.name} (am ${formatMoment(v.firstViewedAt)}${v.views > 1 ? `, ${v.views}×` : ''})`,
              )
              .join('; ')}
          </p>
        )}
      </div>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-3 sm:grid-cols-3"
        aria-label={`Zustellung an ${name} erfassen`}
      >
        <Select
          label="Zustellweg"
          value={channel}
          error={fields.channel}
          onChange={(e) => setChannel(e.target.value as DeliveryChannelCode)}
        >
          {DELIVERY_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {DELIVERY_CHANNEL_LABELS[c]}
            </option>
          ))}
        </Select>
        <Input
          label="Versandt am"
          type="date"
          required
          value={sentOn}
          error={fields.sentOn}
          onChange={(e) => setSentOn(e.target.value)}
        />
        <Input
          label="Zugegangen am"
          type="date"
          value={receivedOn}
          error={fields.receivedOn}
          hint={channel === 'email' ? 'Leer lassen: Die erste Öffnung des Links gilt.' : undefined}
          onChange={(e) => setReceivedOn(e.target.value)}
        />
        {channel === 'email' && status.email && (
          <Checkbox
            className="sm:col-span-3"
            label={`Abrechnung jetzt per E-Mail an ${status.email} senden (mit persönlichem Link, 13 Monate gültig)`}
            checked={sendEmail}
            onChange={(e) => setSendEmail(e.target.checked)}
          />
        )}
        {channel === 'email' && !status.email && (
          <p className="text-sm text-slate-600 sm:col-span-3">
            Für einen Versand per E-Mail tragen Sie beim Mietverhältnis eine E-Mail-Adresse ein.
          </p>
        )}
        <div className="sm:col-span-3">
          <Button type="submit" size="sm" loading={save.isPending}>
            {mailing ? 'Per E-Mail senden' : 'Zustellung speichern'}
          </Button>
        </div>
      </form>
    </li>
  );
}
