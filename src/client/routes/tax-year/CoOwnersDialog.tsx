// A property's co-owners and their shares (docs/domain/tax-year.md, "Co-owners"): each declares his part
// of the year; the shares add up to one whole. No one entered: the landlord owns it alone.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { CoOwnersBody } from '../../../shared/schemas/tax-year';
import { FormError } from '../../components/FormError';
import { LoadedDialog } from '../../components/LoadedDialog';
import { newRowId, RemovableRow } from '../../components/RemovableRow';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { useSave } from '../../components/useSave';
import { api } from '../../lib/api';
import { useCanEdit } from '../../lib/session';
import { coOwnersKey, coOwnersUrl, taxYearsKey } from './api';

type Owners = { owners: Array<{ name: string; numerator: number; denominator: number }> };
type Row = { id: string; name: string; share: string };

export function CoOwnersDialog({
  propertyId,
  open,
  onClose,
}: {
  propertyId: string;
  open: boolean;
  onClose: () => void;
}) {
  const owners = useQuery({
    queryKey: coOwnersKey(propertyId),
    queryFn: ({ signal }) => api<Owners>(coOwnersUrl(propertyId), { signal }),
    enabled: open,
  });
  return (
    <LoadedDialog
      open={open}
      onClose={onClose}
      title="Miteigentümer"
      description="Jeder erklärt seinen Anteil an Einnahmen und Werbungskosten. Die Anteile ergeben zusammen 1, z. B. 1/2 und 1/2."
      query={owners}
      loading="Miteigentümer werden geladen …"
    >
      {(data) => <CoOwnersForm propertyId={propertyId} owners={data} onSaved={onClose} />}
    </LoadedDialog>
  );
}

/** "1/2" → 1 and 2; null for anything else. */
function fraction(text: string): { numerator: number; denominator: number } | null {
  const match = text.trim().match(/^(\d{1,6})\s*\/\s*(\d{1,6})$/);
  if (!match) return null;
  const numerator = Number(match[1]);
  const denominator = Number(match[2]);
  return numerator > 0 && denominator >= numerator ? { numerator, denominator } : null;
}

function CoOwnersForm({
  propertyId,
  owners,
  onSaved,
}: {
  propertyId: string;
  owners: Owners;
  onSaved: () => void;
}) {
  const canEdit = useCanEdit();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>(
    owners.owners.map((o) => ({ id: newRowId(), name: o.name, share: `${o.numerator}/${o.denominator}` })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, refused, run } = useSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const body: CoOwnersBody = {
      owners: rows.map((r, i) => {
        const share = fraction(r.share);
        if (!r.name.trim()) found[`name-${i}`] = 'Bitte nennen Sie den Miteigentümer.';
        if (!share) found[`share-${i}`] = 'Bitte als Bruch, z. B. 1/2.';
        return {
          name: r.name.trim(),
          numerator: share?.numerator ?? 1,
          denominator: share?.denominator ?? 1,
        };
      }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      const saved = await api<Owners>(coOwnersUrl(propertyId), { method: 'PUT', body });
      queryClient.setQueryData(coOwnersKey(propertyId), saved);
      await queryClient.invalidateQueries({ queryKey: taxYearsKey(propertyId) });
      toast({ title: 'Miteigentümer gespeichert' });
      onSaved();
    });
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Miteigentümer"
      className="flex flex-col gap-3"
    >
      <FormError message={refused} />
      <fieldset disabled={!canEdit} className="contents">
        {rows.length === 0 && (
          <p className="text-sm text-slate-600">Kein Miteigentümer: Sie sind Alleineigentümer.</p>
        )}
        {rows.map((row, i) => (
          <RemovableRow
            key={row.id}
            removeLabel={`Miteigentümer ${i + 1} entfernen`}
            onRemove={() => setRows(rows.filter((_, k) => k !== i))}
          >
            <Input
              label={`Name, Miteigentümer ${i + 1}`}
              value={row.name}
              error={errors[`name-${i}`]}
              onChange={(event) =>
                setRows(rows.map((r, k) => (k === i ? { ...r, name: event.target.value } : r)))
              }
            />
            <Input
              label={`Anteil, Miteigentümer ${i + 1}`}
              placeholder="1/2"
              value={row.share}
              error={errors[`share-${i}`]}
              onChange={(event) =>
                setRows(rows.map((r, k) => (k === i ? { ...r, share: event.target.value } : r)))
              }
            />
          </RemovableRow>
        ))}
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() =>
            setRows(
              rows.length === 0
                ? [
                    { id: newRowId(), name: '', share: '1/2' },
                    { id: newRowId(), name: '', share: '1/2' },
                  ]
                : [...rows, { id: newRowId(), name: '', share: '' }],
            )
          }
        >
          <Plus aria-hidden="true" className="size-4" />
          Miteigentümer hinzufügen
        </Button>
        <Button type="submit" className="self-end" loading={saving}>
          Miteigentümer speichern
        </Button>
      </fieldset>
    </form>
  );
}
