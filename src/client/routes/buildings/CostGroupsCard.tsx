import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type CostGroupInputBody, costGroupInputSchema } from '../../../shared/schemas/house';
import type { CostGroupJson, UnitJson } from '../../../shared/schemas/settlement-json';
import type { z } from '../../../shared/schemas/zod';
import { ForEditors } from '../../components/ForEditors';
import { FormError, serverError } from '../../components/FormError';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { applyFieldErrors } from '../../lib/formErrors';
import { costGroupsKey, costGroupsQuery, deleteCostGroup, saveCostGroup, settlementsKey } from './api';

type Target = { group?: CostGroupJson } | null;

/**
 * Cost groups (Abrechnungskreise): the units that share a cost, such as the lift of the upper floors
 * or the lighting of the garages. A cost of a settlement names its group.
 */
export function CostGroupsCard({ propertyId, units }: { propertyId: string; units: UnitJson[] }) {
  const queryClient = useQueryClient();
  const groups = useQuery(costGroupsQuery(propertyId));
  const [target, setTarget] = useState<Target>(null);
  // in the order the house lists its units
  const labels = (g: CostGroupJson) =>
    units
      .filter((u) => g.unitIds.includes(u.id))
      .map((u) => u.label)
      .join(', ');
  const remove = useConfirmedDelete({
    remove: (g: CostGroupJson) => deleteCostGroup(g.id),
    question: (g) =>
      `Die Gruppe „${g.name}“ wird gelöscht. Kosten eines Entwurfs, die sie nennen, brauchen danach eine neue Auswahl.`,
    afterwards: async () => {
      await queryClient.invalidateQueries({ queryKey: costGroupsKey(propertyId) });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
    },
    done: (g) => ({ title: 'Gruppe gelöscht', description: `„${g.name}“ wurde gelöscht.` }),
    failed: 'Gruppe nicht gelöscht',
  });

  return (
    <Card
      title="Gruppen für Kosten"
      description="Kosten, die nur einige Einheiten betreffen (z. B. der Aufzug die Obergeschosse), verteilen Sie auf eine Gruppe. Leerstand in der Gruppe trägt der Vermieter."
      actions={
        <ForEditors>
          <Button variant="secondary" onClick={() => setTarget({})} disabled={units.length === 0}>
            <Plus aria-hidden="true" className="size-4" />
            Gruppe hinzufügen
          </Button>
        </ForEditors>
      }
    >
      {groups.data && groups.data.length > 0 ? (
        <ul aria-label="Gruppen" className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {groups.data.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{g.name}</p>
                <p className="text-sm text-slate-700">{labels(g)}</p>
              </div>
              <ForEditors>
                <div className="flex gap-1">
                  <Button variant="ghost" size="sm" onClick={() => setTarget({ group: g })}>
                    <Pencil aria-hidden="true" className="size-4" />
                    <span className="sr-only">„{g.name}“</span> bearbeiten
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void remove.ask(g)}
                    disabled={remove.isPending}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    <span className="sr-only">„{g.name}“</span> löschen
                  </Button>
                </div>
              </ForEditors>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">
          Noch keine Gruppe: jede Kostenart verteilt sich auf alle Einheiten.
        </p>
      )}
      <Dialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={target?.group ? 'Gruppe bearbeiten' : 'Gruppe hinzufügen'}
        description="Nur die gewählten Einheiten teilen sich die Kosten dieser Gruppe."
      >
        {target && (
          <CostGroupForm
            key={target.group?.id ?? 'new'}
            propertyId={propertyId}
            group={target.group}
            units={units}
            onDone={() => setTarget(null)}
          />
        )}
      </Dialog>
    </Card>
  );
}

type FormValues = z.input<typeof costGroupInputSchema>;

function CostGroupForm(props: {
  propertyId: string;
  group?: CostGroupJson;
  units: UnitJson[];
  onDone: () => void;
}) {
  const { propertyId, group, units, onDone } = props;
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, CostGroupInputBody>({
    resolver: zodResolver(costGroupInputSchema),
    defaultValues: { name: group?.name ?? '', unitIds: group?.unitIds ?? [] },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await saveCostGroup({ propertyId, groupId: group?.id }, values);
      await queryClient.invalidateQueries({ queryKey: costGroupsKey(propertyId) });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
      toast({ title: 'Gruppe gespeichert', description: `„${saved.name}“ wurde gespeichert.` });
      onDone();
    } catch (error) {
      if (!applyFieldErrors(form, error)) setError('root.server', serverError(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Gruppe" className="flex flex-col gap-4">
      <FormError message={errors.root?.server?.message} />
      <Input
        label="Name"
        required
        hint="z. B. „Aufzug“ oder „Garagen“"
        error={errors.name?.message}
        {...register('name')}
      />
      <fieldset aria-describedby={errors.unitIds ? 'group-units-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">Einheiten der Gruppe</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {units.map((u) => (
            <label key={u.id} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                value={u.id}
                className="size-4 accent-teal-700"
                {...register('unitIds')}
              />
              {u.label}
            </label>
          ))}
        </div>
        {errors.unitIds && (
          <p id="group-units-error" className="mt-1 text-sm text-red-700">
            {errors.unitIds.message}
          </p>
        )}
      </fieldset>
      <DialogFormActions submitting={isSubmitting} className="mt-2" />
    </form>
  );
}
