import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { inviteSchema, ROLE_LABELS, ROLES, type Role } from '../../../shared/schemas/workspace';
import type { z } from '../../../shared/schemas/zod';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { confirm } from '../../components/ui/confirm';
import { Input, Select } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/formErrors';
import { queryClient } from '../../lib/queryClient';
import { type Me, refreshMe } from '../../lib/session';
import { membersQuery, switchWorkspace } from '../../lib/workspaces';
import { propertiesQuery } from '../properties/api';
import { limitText, PropertyChoice } from './PropertyChoice';

type InviteValues = z.input<typeof inviteSchema>;

const ROLE_HINTS: Record<Role, string> = {
  owner: 'alles, auch Credits kaufen und Mitglieder verwalten',
  editor: 'erfasst, finalisiert, versendet, importiert; kauft nichts',
  reader: 'sieht und lädt herunter, ändert nichts (z. B. Steuerberater)',
};

/** The workspace the dashboard shows: its members, invitations by e-mail, leaving, a new workspace. */
export function WorkspaceCard({ me }: { me: Me }) {
  const navigate = useNavigate();
  const workspace = me.workspace;
  const owner = workspace?.role === 'owner';
  const { data } = useQuery({ ...membersQuery(workspace?.id ?? ''), enabled: workspace !== null });
  const properties = useQuery({ ...propertiesQuery, enabled: owner }).data ?? [];
  const form = useForm<InviteValues, unknown, z.output<typeof inviteSchema>>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: 'editor' },
  });
  if (!workspace) return null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['workspaces'] });
  const path = `/api/workspaces/${workspace.id}/members`;

  const onInvite = form.handleSubmit(async (values) => {
    try {
      await api(path, { method: 'POST', body: values });
      form.reset({ email: '', role: values.role, propertyIds: values.propertyIds });
      await refresh();
      toast({
        title: 'Einladung verschickt',
        description: `An ${values.email}; der Link ist 7 Tage gültig.`,
      });
    } catch (error) {
      if (applyFieldErrors(form, error)) return;
      toast({ title: 'Einladung fehlgeschlagen', description: errorMessage(error), variant: 'destructive' });
    }
  });

  const act = async (run: () => Promise<unknown>, failed: string) => {
    try {
      await run();
      await refresh();
    } catch (error) {
      toast({ title: failed, description: errorMessage(error), variant: 'destructive' });
    }
  };

  const leave = async () => {
    const ok = await confirm({
      title: 'Arbeitsbereich verlassen?',
      description: `Sie sehen „${workspace.name}“ danach nicht mehr, bis Sie jemand wieder einlädt.`,
      confirmLabel: 'Verlassen',
      destructive: true,
    });
    if (!ok) return;
    await act(async () => {
      await api(`${path}?userId=${encodeURIComponent(me.user.id)}`, { method: 'DELETE' });
      queryClient.clear();
      await refreshMe();
      await navigate('/dashboard');
    }, 'Verlassen fehlgeschlagen');
  };

  const create = async (name: string) => {
    await act(async () => {
      const made = await api<{ id: string }>('/api/workspaces', { method: 'POST', body: { name } });
      await switchWorkspace(made.id);
      await navigate('/dashboard');
    }, 'Anlegen fehlgeschlagen');
  };

  return (
    <Card
      title="Arbeitsbereich"
      description={`„${workspace.name}“: Immobilien, Belege, Zahlungen und Credits gehören dem Arbeitsbereich. Ihre Rolle: ${ROLE_LABELS[workspace.role]}.`}
    >
      <div className="flex flex-col gap-5">
        <section aria-labelledby="members-heading" className="flex flex-col gap-2">
          <h3 id="members-heading" className="text-sm font-semibold text-slate-900">
            Mitglieder
          </h3>
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {data?.members.map((m) => (
              <li key={m.userId} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                <span className="min-w-0 flex-1 basis-full truncate sm:basis-0">
                  <span className="font-medium text-slate-900">{m.fullName || m.email}</span>{' '}
                  <span className="text-slate-600">{m.email}</span>
                  {m.propertyIds && (
                    <span className="block text-slate-700">{limitText(m.propertyIds, properties)}</span>
                  )}
                </span>
                {owner && m.userId !== me.user.id ? (
                  <>
                    <select
                      aria-label={`Rolle von ${m.fullName || m.email}`}
                      className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
                      value={m.role}
                      onChange={(e) =>
                        act(
                          () =>
                            api(path, { method: 'PATCH', body: { userId: m.userId, role: e.target.value } }),
                          'Rolle nicht geändert',
                        )
                      }
                    >
                      {ROLES.map((r) => (
                        <option key={r} value={r}>
                          {ROLE_LABELS[r]}
                        </option>
                      ))}
                    </select>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        act(
                          () => api(`${path}?userId=${encodeURIComponent(m.userId)}`, { method: 'DELETE' }),
                          'Entfernen fehlgeschlagen',
                        )
                      }
                    >
                      Entfernen
                    </Button>
                    {m.role === 'reader' && (
                      <details className="basis-full">
                        <summary className="cursor-pointer text-teal-800">
                          Sichtbare Immobilien von {m.fullName || m.email}
                        </summary>
                        <div className="pt-2">
                          <PropertyChoice
                            legend="Nur diese Immobilien zeigen"
                            properties={properties}
                            value={m.propertyIds ?? []}
                            onChange={(ids) =>
                              act(
                                () =>
                                  api(path, {
                                    method: 'PATCH',
                                    body: {
                                      userId: m.userId,
                                      role: 'reader',
                                      propertyIds: ids.length ? ids : null,
                                    },
                                  }),
                                'Nicht geändert',
                              )
                            }
                          />
                        </div>
                      </details>
                    )}
                  </>
                ) : (
                  <span className="text-slate-700">{ROLE_LABELS[m.role]}</span>
                )}
              </li>
            ))}
            {data?.invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                <span className="min-w-0 flex-1 truncate text-slate-700">
                  {i.email} · eingeladen als {ROLE_LABELS[i.role]}
                  {i.propertyIds ? ` (${limitText(i.propertyIds, properties)})` : ''}
                </span>
                {owner && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      act(
                        () => api(`${path}?invitationId=${i.id}`, { method: 'DELETE' }),
                        'Zurückziehen fehlgeschlagen',
                      )
                    }
                  >
                    Einladung zurückziehen
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>

        {owner && (
          <form
            onSubmit={onInvite}
            noValidate
            aria-label="Person einladen"
            className="grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
          >
            <Input
              label="E-Mail-Adresse"
              type="email"
              autoComplete="off"
              required
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
            <Select
              label="Rolle"
              hint={ROLE_HINTS[form.watch('role')]}
              {...form.register('role', { onChange: () => form.setValue('propertyIds', undefined) })}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
            <Button type="submit" loading={form.formState.isSubmitting} className="sm:mb-6">
              Einladen
            </Button>
            {form.watch('role') === 'reader' && (
              <div className="sm:col-span-3">
                <PropertyChoice
                  legend="Nur diese Immobilien zeigen (optional)"
                  properties={properties}
                  value={form.watch('propertyIds') ?? []}
                  onChange={(ids) => form.setValue('propertyIds', ids.length ? ids : undefined)}
                  error={form.formState.errors.propertyIds?.message}
                />
              </div>
            )}
          </form>
        )}

        <form
          aria-label="Neuer Arbeitsbereich"
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
            if (name) void create(name);
          }}
        >
          <Input
            label="Neuer Arbeitsbereich"
            name="name"
            maxLength={100}
            hint="Für einen weiteren Bestand, z. B. eine Erbengemeinschaft. Sie sind dort Eigentümer."
          />
          <Button type="submit" variant="secondary" className="sm:mb-6">
            Anlegen
          </Button>
        </form>
        <div>
          <Button variant="ghost" onClick={leave}>
            Arbeitsbereich verlassen
          </Button>
        </div>
      </div>
    </Card>
  );
}
