import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type ResetPasswordFormInput, resetPasswordFormSchema } from '../../../shared/schemas/account';
import type { z } from '../../../shared/schemas/zod';
import { Button, buttonClasses } from '../../components/ui/Button';
import { PasswordInput } from '../../components/ui/PasswordInput';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/formErrors';
import { meQueryKey } from '../../lib/session';
import { AuthCard, linkClasses } from './AuthCard';

/** The page the reset mail links to (`?token=...`). Reachable signed in or not. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<ResetPasswordFormInput, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token, newPassword: '', passwordConfirm: '' },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await api('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });
      // every session of the account has ended, this browser's included
      queryClient.setQueryData(meQueryKey, null);
      toast({
        title: 'Passwort geändert',
        description:
          'Ihr Passwort wurde erfolgreich aktualisiert. Bitte melden Sie sich mit dem neuen Passwort an.',
      });
      await navigate('/login', { replace: true });
    } catch (error) {
      if (applyFieldErrors(form, error)) return;
      toast({
        title: 'Passwortänderung fehlgeschlagen',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  });

  if (!token || params.has('error')) {
    return (
      <AuthCard
        title="Link ungültig"
        description="Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an."
      >
        <Link to="/forgot-password" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          Neuen Link anfordern
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Neues Passwort festlegen"
      description="Wählen Sie ein neues Passwort mit mindestens 8 Zeichen. Danach werden alle bestehenden Anmeldungen beendet."
      footer={
        <Link to="/login" className={linkClasses}>
          Zurück zur Anmeldung
        </Link>
      }
    >
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Neues Passwort festlegen"
        className="flex flex-col gap-5"
      >
        <PasswordInput
          label="Neues Passwort"
          required
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordInput
          label="Passwort bestätigen"
          required
          autoComplete="new-password"
          error={errors.passwordConfirm?.message}
          {...register('passwordConfirm')}
        />
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          Passwort speichern
        </Button>
      </form>
    </AuthCard>
  );
}
