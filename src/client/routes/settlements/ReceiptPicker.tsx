import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { documentsQuery } from '../documents/api';
import { costDocumentsQuery, setCostDocuments } from './deliveryApi';

/**
 * Belegeinsicht: the receipts of one cost position, chosen from the user's Belege. The tenant page
 * lists them for the tenants whose letter has this cost. Attaching changes no figure.
 */
export function ReceiptPicker({
  settlementId,
  costIndex,
  costName,
}: {
  settlementId: string;
  costIndex: number;
  costName: string;
}) {
  const queryClient = useQueryClient();
  const attachedQuery = useQuery(costDocumentsQuery(settlementId));
  const attached = attachedQuery.data?.find((c) => c.costIndex === costIndex)?.documents ?? [];
  const [open, setOpen] = useState(false);
  const documents = useQuery({ ...documentsQuery, enabled: open });
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const selected = chosen ?? new Set(attached.map((d) => d.id));

  const save = useMutation({
    mutationFn: () => setCostDocuments(settlementId, costIndex, [...selected]),
    onSuccess: (data) => {
      queryClient.setQueryData(costDocumentsQuery(settlementId).queryKey, data);
      setChosen(null);
      setOpen(false);
      toast({ title: 'Belege gespeichert' });
    },
    onError: (error) =>
      toast({ title: 'Belege nicht gespeichert', description: errorMessage(error), variant: 'destructive' }),
  });

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };

  return (
    <details
      className="w-full text-sm"
      open={open}
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer text-teal-800">
        Belege ({attached.length}){attached.length > 0 && `: ${attached.map((d) => d.name).join(', ')}`}
      </summary>
      <fieldset className="mt-2 flex flex-col gap-2" aria-label={`Belege für ${costName}`}>
        {documents.data?.length === 0 && (
          <p className="text-slate-600">Sie haben noch keine Belege hochgeladen.</p>
        )}
        {documents.data?.map((d) => (
          <Checkbox
            key={d.id}
            label={d.name}
            checked={selected.has(d.id)}
            onChange={(e) => toggle(d.id, e.target.checked)}
          />
        ))}
        {documents.data && documents.data.length > 0 && (
          <div>
            <Button size="sm" variant="secondary" loading={save.isPending} onClick={() => save.mutate()}>
              Belege speichern
            </Button>
          </div>
        )}
      </fieldset>
    </details>
  );
}
