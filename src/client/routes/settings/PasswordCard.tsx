import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { AUTH_MESSAGES, passwordChangeSchema } from '../../../shared/schemas/auth';
import type { z } from '../../../shared/schemas/zod';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PasswordInput } from '../../components/ui/PasswordInput';
import { toast } from '../../components/ui/toast';
import { ApiError, api, errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/formErrors';

type PasswordValues = z.input<typeof passwordChangeSchema>;
const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Password change with the current password (spec §5 Settings). */
export function PasswordCard() {
  const form = useForm<PasswordValues, unknown, z.output<typeof passwordChangeSchema>>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: EMPTY,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/api/auth/change-password', { method: 'POST', body: values });
      reset(EMPTY);
      toast({ title: 'Passwort geändert', description: 'Ihr Passwort wurde erfolgreich aktualisiert.' });
    } catch (error) {
      if (applyFieldErrors(form, error)) return;
      if (error instanceof ApiError && error.code === 'invalid_password') {
        setError(
          'currentPassword',
          { type: 'server', message: AUTH_MESSAGES.currentPasswordWrong },
          { shouldFocus: true },
        );
      }
      toast({
        title: 'Passwortänderung fehlgeschlagen',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  });

  return (
    <Card
      title="Passwort ändern"
      description="Das neue Passwort muss mindestens 6 Zeichen lang sein. Bei der Registrierung verlangen wir 8: Wählen Sie auch hier lieber 8 oder mehr, jedes weitere Zeichen macht es deutlich schwerer zu erraten."
    >
      <form onSubmit={onSubmit} noValidate aria-label="Passwort ändern" className="flex flex-col gap-5">
        <PasswordInput
          label="Aktuelles Passwort"
          required
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordInput
          label="Neues Passwort"
          required
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordInput
          label="Neues Passwort bestätigen"
          required
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" loading={isSubmitting} className="self-start">
          Passwort ändern
        </Button>
      </form>
    </Card>
  );
}
