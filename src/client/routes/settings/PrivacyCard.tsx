import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type DeleteAccountInput, deleteAccountSchema } from '../../../shared/schemas/account';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { PasswordInput } from '../../components/ui/PasswordInput';
import { toast, toastOnNextPage } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/formErrors';
import { workspacesQuery } from '../../lib/workspaces';

/** GDPR: download everything we hold (Art. 15/20) and delete the account (Art. 17). */
export function PrivacyCard() {
  return (
    <Card
      title="Datenschutz (DSGVO)"
      description="Sie können jederzeit eine Kopie Ihrer Daten herunterladen oder Ihr Konto löschen."
    >
      <div className="flex flex-col gap-6">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Meine Daten exportieren</h3>
          <p className="mt-1 text-sm text-slate-600">
            Eine JSON-Datei mit Ihrem Profil und Absender, Ihren Immobilien mit Einheiten, Mietverhältnissen
            und Zählern, Abrechnungen, Belegen (Liste), Credit-Buchungen und Zahlungen.
          </p>
          <a
            href="/api/me/export"
            download
            className={buttonClasses({ variant: 'secondary', className: 'mt-3' })}
          >
            <Download aria-hidden="true" className="size-4" />
            Meine Daten exportieren
          </a>
        </div>
        <div className="border-t border-slate-200 pt-6">
          <h3 className="text-sm font-semibold text-slate-900">Konto löschen</h3>
          <p className="mt-1 text-sm text-slate-600">
            Löscht Ihr Konto und die Arbeitsbereiche, deren einziger Eigentümer Sie sind, mit allen
            Immobilien, Abrechnungen und hochgeladenen Belegen endgültig; aus den anderen treten Sie aus.
            Zahlungsbelege bewahren wir ohne Bezug zu Ihrem Konto auf, solange das Steuer- und Handelsrecht es
            verlangt.
          </p>
          <DeleteAccountDialog />
        </div>
      </div>
    </Card>
  );
}

function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const { data: workspaces } = useQuery(workspacesQuery);
  // where the person is the last owner
  const gone = (workspaces ?? [])
    .filter((w) => w.role === 'owner' && w.owners === 1)
    .map((w) => ({ name: w.name, members: w.members }));
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/api/me', { method: 'DELETE', body: values });
      // The landing page is a page load of its own (ADR 0012): nothing of the account stays in memory.
      toastOnNextPage({ title: 'Konto gelöscht', description: 'Ihr Konto und Ihre Daten wurden gelöscht.' });
      window.location.replace('/');
    } catch (error) {
      if (applyFieldErrors(form, error)) return;
      toast({ title: 'Löschen fehlgeschlagen', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      trigger={
        <Button variant="destructive" className="mt-3">
          <Trash2 aria-hidden="true" className="size-4" />
          Konto löschen
        </Button>
      }
      title="Konto endgültig löschen?"
      description="Das kann nicht rückgängig gemacht werden. Bitte bestätigen Sie mit Ihrem Passwort."
    >
      {gone.length > 0 && (
        <p className="mb-4 text-sm text-slate-700">
          Mit allen Daten gelöscht werden: {gone.map((w) => `„${w.name}“`).join(', ')}
          {gone.some((w) => w.members > 1) ? ' – auch für die anderen Mitglieder.' : '.'}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Konto löschen" className="flex flex-col gap-5">
        <PasswordInput
          label="Passwort"
          required
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <DialogFormActions submitting={isSubmitting} submitLabel="Endgültig löschen" destructive />
      </form>
    </Dialog>
  );
}
