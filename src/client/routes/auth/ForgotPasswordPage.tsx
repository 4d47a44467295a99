import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { emailSchema } from '../../../shared/schemas/auth';
import { z } from '../../../shared/schemas/zod';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/formErrors';
import { AuthCard, linkClasses } from './AuthCard';

const forgotSchema = z.object({ email: emailSchema });
type ForgotValues = z.input<typeof forgotSchema>;

export const RESET_SENT =
  'Falls ein Konto mit dieser E-Mail-Adresse existiert, haben wir Ihnen einen Link zum Zurücksetzen gesendet. Der Link ist eine Stunde gültig.';

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotValues, unknown, z.output<typeof forgotSchema>>({
    resolver: zodResolver(forgotSchema),
    defaultValues: { email: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await api('/api/auth/request-password-reset', { method: 'POST', body: { email } });
      setSentTo(email);
      toast({ title: 'Anfrage erhalten', description: 'Bitte prüfen Sie Ihr E-Mail-Postfach.' });
    } catch (error) {
      if (applyFieldErrors(form, error)) return;
      toast({ title: 'Anfrage fehlgeschlagen', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <AuthCard
      title="Passwort vergessen"
      description="Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen."
      footer={
        <Link to="/login" className={linkClasses}>
          Zurück zur Anmeldung
        </Link>
      }
    >
      {sentTo ? (
        <div
          role="status"
          className="flex gap-3 rounded-md border border-teal-200 bg-teal-50 p-4 text-sm text-teal-900"
        >
          <MailCheck aria-hidden="true" className="size-5 shrink-0" />
          <div>
            <p>{RESET_SENT}</p>
            <p className="mt-2">
              Keine E-Mail erhalten? Prüfen Sie den Spam-Ordner oder{' '}
              <button type="button" onClick={() => setSentTo(null)} className={linkClasses}>
                versuchen Sie es erneut
              </button>
              .
            </p>
          </div>
        </div>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Passwort zurücksetzen"
          className="flex flex-col gap-5"
        >
          <Input
            label="E-Mail"
            type="email"
            required
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
            Link senden
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
