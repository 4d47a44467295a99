import { MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { refreshMe, useMe } from '../../lib/session';

/**
 * Above every dashboard page until the address is confirmed (the account works meanwhile). Also
 * reports the outcome of a confirmation link, which returns to `/dashboard?email=bestaetigt[&error=…]`.
 */
export function VerifyEmailBanner() {
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const [sending, setSending] = useState(false);
  const returned = params.get('email') === 'bestaetigt';
  const failed = params.get('error');

  useEffect(() => {
    if (!returned) return;
    if (failed) {
      toast({
        title: 'Bestätigung fehlgeschlagen',
        description: 'Der Link ist ungültig oder abgelaufen. Fordern Sie einfach einen neuen an.',
        variant: 'destructive',
      });
    } else {
      toast({
        title: 'E-Mail-Adresse bestätigt',
        description: 'Vielen Dank! Ihre E-Mail-Adresse ist bestätigt.',
      });
    }
    void refreshMe();
    setParams(
      (current) => {
        current.delete('email');
        current.delete('error');
        return current;
      },
      { replace: true },
    );
  }, [returned, failed, setParams]);

  if (!me || me.user.emailVerified) return null;

  const resend = async () => {
    setSending(true);
    try {
      await api('/api/auth/send-verification-email', { method: 'POST', body: { email: me.user.email } });
      toast({
        title: 'E-Mail gesendet',
        description: `Wir haben den Bestätigungslink erneut an ${me.user.email} geschickt.`,
      });
    } catch (error) {
      toast({ title: 'Senden fehlgeschlagen', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center"
    >
      <MailWarning aria-hidden="true" className="size-5 shrink-0 text-amber-700" />
      <p className="flex-1">
        <strong className="font-semibold">Bitte bestätigen Sie Ihre E-Mail-Adresse.</strong> Wir haben Ihnen
        einen Link an {me.user.email} geschickt.
      </p>
      <Button
        variant="secondary"
        size="sm"
        loading={sending}
        onClick={resend}
        className="self-start sm:self-auto"
      >
        Link erneut senden
      </Button>
    </div>
  );
}
