// How a reminder goes to the tenant: by e-mail with his private page (its first opening the proof), or
// recorded as posted (docs/domain/late-rent.md).

import { useQueryClient } from '@tanstack/react-query';
import { Mail, Send } from 'lucide-react';
import { useState } from 'react';
import { isoDateInBerlin } from '../../../shared/dates';
import { formatDateDe } from '../../../shared/money';
import type { ReminderJson } from '../../../shared/schemas/late-rent';
import { FormError } from '../../components/FormError';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';

/** "Per E-Mail an … am 08.01.2026 · geöffnet am 09.01.2026", or null before it was sent. */
export function deliveryText(delivery: ReminderJson['delivery']): string | null {
  if (!delivery) return null;
  const sent = formatDateDe(delivery.sentOn);
  if (delivery.channel !== 'email') {
    const how = { post: 'per Post', registered: 'per Einschreiben', messenger: 'per Bote' }[delivery.channel];
    return `${how} versandt am ${sent}`;
  }
  const to = delivery.email ? ` an ${delivery.email}` : '';
  const state =
    delivery.mail === 'failed'
      ? ' · E-Mail nicht zustellbar'
      : delivery.firstOpenedAt
        ? ` · geöffnet am ${formatDateDe(delivery.firstOpenedAt)}`
        : ' · noch nicht geöffnet';
  return `per E-Mail${to} am ${sent}${state}`;
}

/** The two ways out for a reminder not sent yet: mailed now, or recorded as posted today. */
export function SendReminder({
  reminder,
  onSent,
}: {
  reminder: ReminderJson;
  onSent: (sent: ReminderJson) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'email' | 'post' | null>(null);
  const [refused, setRefused] = useState<string | undefined>();
  const send = async (channel: 'email' | 'post') => {
    setBusy(channel);
    try {
      const sent = await api<ReminderJson>(`/api/reminders/${encodeURIComponent(reminder.id)}/dispatch`, {
        method: 'POST',
        body: { channel, sentOn: isoDateInBerlin(new Date()), sendEmail: channel === 'email' },
      });
      await queryClient.invalidateQueries({ queryKey: ['tenancies', reminder.tenancyId, 'reminders'] });
      toast({ title: channel === 'email' ? `${reminder.title} per E-Mail gesendet` : 'Versand vermerkt' });
      setRefused(undefined);
      onSent(sent);
    } catch (error) {
      setRefused(errorMessage(error));
    }
    setBusy(null);
  };
  return (
    <div className="flex flex-col gap-2">
      <FormError message={refused} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" loading={busy === 'email'} onClick={() => void send('email')}>
          <Mail aria-hidden="true" className="size-4" />
          Per E-Mail senden
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          loading={busy === 'post'}
          onClick={() => void send('post')}
        >
          <Send aria-hidden="true" className="size-4" />
          Per Post versandt
        </Button>
      </div>
    </div>
  );
}
