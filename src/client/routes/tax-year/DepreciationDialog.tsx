// The AfA basis of the building (docs/domain/tax-year.md, "AfA"): its cost, the completion year that
// decides the rate, the day it was acquired.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { centsToInput, formatPercentHundredths, parseMoney } from '../../../shared/money';
import type { DepreciationJson } from '../../../shared/schemas/tax-year';
import { depreciationRate } from '../../../shared/tax-year/depreciation';
import { FormError } from '../../components/FormError';
import { LoadedDialog } from '../../components/LoadedDialog';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { useSave } from '../../components/useSave';
import { api } from '../../lib/api';
import { useCanEdit } from '../../lib/session';
import { depreciationKey, depreciationUrl, taxYearsKey } from './api';

export function DepreciationDialog({
  propertyId,
  open,
  onClose,
}: {
  propertyId: string;
  open: boolean;
  onClose: () => void;
}) {
  const basis = useQuery({
    queryKey: depreciationKey(propertyId),
    queryFn: ({ signal }) => api<DepreciationJson | null>(depreciationUrl(propertyId), { signal }),
    enabled: open,
  });
  return (
    <LoadedDialog
      open={open}
      onClose={onClose}
      title="AfA des Gebäudes"
      description="Nur der Gebäudeanteil wird abgeschrieben, nicht der Grund und Boden (§ 7 Abs. 4 EStG)."
      query={basis}
      loading="AfA wird geladen …"
    >
      {(data) => <DepreciationForm propertyId={propertyId} basis={data} onSaved={onClose} />}
    </LoadedDialog>
  );
}

function DepreciationForm({
  propertyId,
  basis,
  onSaved,
}: {
  propertyId: string;
  basis: DepreciationJson | null;
  onSaved: () => void;
}) {
  const canEdit = useCanEdit();
  const queryClient = useQueryClient();
  const [cost, setCost] = useState(basis ? centsToInput(basis.buildingCostCents) : '');
  const [completion, setCompletion] = useState(basis ? String(basis.completionYear) : '');
  const [acquired, setAcquired] = useState(basis?.acquiredOn ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, refused, run } = useSave();
  const year = Number(completion);
  const rateHint =
    completion.length === 4 && Number.isInteger(year)
      ? `AfA-Satz ${formatPercentHundredths(depreciationRate(year))} im Jahr`
      : 'Entscheidet den Satz: vor 1925 2,5 %, bis 2022 2 %, ab 2023 3 %';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const cents = parseMoney(cost);
    if (!cents.ok) found.cost = cents.message;
    if (!/^\d{4}$/.test(completion)) found.completion = 'Bitte geben Sie das Baujahr als Jahreszahl an.';
    if (!acquired) found.acquired = 'Bitte geben Sie den Tag der Anschaffung an.';
    setErrors(found);
    if (Object.keys(found).length > 0 || !cents.ok) return;
    await run(async () => {
      const saved = await api<DepreciationJson>(depreciationUrl(propertyId), {
        method: 'PUT',
        body: { buildingCostCents: cents.cents, completionYear: year, acquiredOn: acquired },
      });
      queryClient.setQueryData(depreciationKey(propertyId), saved);
      await queryClient.invalidateQueries({ queryKey: taxYearsKey(propertyId) });
      toast({ title: 'AfA gespeichert' });
      onSaved();
    });
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="AfA"
      className="flex flex-col gap-4"
    >
      <FormError message={refused} />
      <fieldset disabled={!canEdit} className="contents">
        <Input
          label="Anschaffungskosten des Gebäudes (€)"
          required
          inputMode="decimal"
          value={cost}
          error={errors.cost}
          hint="Kaufpreisanteil des Gebäudes mit seinem Anteil an den Nebenkosten (Notar, Grunderwerbsteuer)"
          onChange={(event) => setCost(event.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Baujahr (Fertigstellung)"
            required
            inputMode="numeric"
            value={completion}
            error={errors.completion}
            hint={rateHint}
            onChange={(event) => setCompletion(event.target.value)}
          />
          <Input
            type="date"
            label="Angeschafft am"
            required
            value={acquired}
            error={errors.acquired}
            hint="Übergang von Besitz, Nutzen und Lasten"
            onChange={(event) => setAcquired(event.target.value)}
          />
        </div>
        <Button type="submit" className="self-end" loading={saving}>
          AfA speichern
        </Button>
      </fieldset>
    </form>
  );
}
