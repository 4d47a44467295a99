import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { profileNameSchema } from '../../../shared/schemas/auth';
import type { z } from '../../../shared/schemas/zod';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/formErrors';
import { queryClient } from '../../lib/queryClient';
import { type Me, meQueryKey } from '../../lib/session';

type ProfileValues = z.input<typeof profileNameSchema>;

/** Full name (editable) and e-mail (read-only), spec §2 Settings. */
export function ProfileCard({ me }: { me: Me }) {
  const form = useForm<ProfileValues, unknown, z.output<typeof profileNameSchema>>({
    resolver: zodResolver(profileNameSchema),
    defaultValues: { fullName: me.user.fullName },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const updated = await api<Me>('/api/me', { method: 'PATCH', body: values });
      queryClient.setQueryData(meQueryKey, updated);
      reset({ fullName: updated.user.fullName });
      toast({ title: 'Profil aktualisiert', description: 'Ihr Name wurde erfolgreich geändert.' });
    } catch (error) {
      if (applyFieldErrors(form, error)) return;
      toast({ title: 'Update fehlgeschlagen', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <Card title="Profil" description="Ihr Name erscheint im Dashboard.">
      <form onSubmit={onSubmit} noValidate aria-label="Profil" className="flex flex-col gap-5">
        <Input
          label="Vollständiger Name"
          required
          autoComplete="name"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <Input
          label="E-Mail"
          type="email"
          value={me.user.email}
          readOnly
          hint={
            me.user.emailVerified
              ? 'Bestätigt. Die E-Mail-Adresse kann nicht geändert werden.'
              : 'Noch nicht bestätigt. Die E-Mail-Adresse kann nicht geändert werden.'
          }
          className="[&_input]:bg-slate-50 [&_input]:text-slate-600"
        />
        <Button type="submit" loading={isSubmitting} disabled={!isDirty} className="self-start">
          Speichern
        </Button>
      </form>
    </Card>
  );
}
