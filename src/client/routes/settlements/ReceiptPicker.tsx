import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { documentsQuery } from '../documents/api';
import { costDocumentsQuery, setCostDocuments } from './deliveryApi';
import type { SettlementFormValues } from './editor/formValues';

/**
 * The user's Belege to tick for one cost position, folded into "Belege (n): names". The list is
 * fetched when it is first opened.
 */
function ReceiptChecklist({
  costName,
  names,
  selected,
  onToggle,
  footer,
}: {
  costName: string;
  /** The names of the receipts the cost carries. */
  names: string[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  footer?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const documents = useQuery({ ...documentsQuery, enabled: open });
  return (
    <details
      className="w-full text-sm"
      open={open}
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer text-teal-800">
        Belege ({names.length}){names.length > 0 && `: ${names.join(', ')}`}
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
            onChange={(e) => onToggle(d.id, e.target.checked)}
          />
        ))}
        {documents.data && documents.data.length > 0 && footer}
      </fieldset>
    </details>
  );
}

const toggled = (ids: Iterable<string>, id: string, on: boolean) => {
  const next = new Set(ids);
  if (on) next.add(id);
  else next.delete(id);
  return next;
};

/**
 * Belegeinsicht on a final settlement: the receipts of one cost position, saved at once. The tenant
 * page lists them for the tenants whose letter has this cost. Attaching changes no figure.
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
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const selected = chosen ?? new Set(attached.map((d) => d.id));

  const save = useMutation({
    mutationFn: () => setCostDocuments(settlementId, costIndex, [...selected]),
    onSuccess: (data) => {
      queryClient.setQueryData(costDocumentsQuery(settlementId).queryKey, data);
      setChosen(null);
      toast({ title: 'Belege gespeichert' });
    },
    onError: (error) =>
      toast({ title: 'Belege nicht gespeichert', description: errorMessage(error), variant: 'destructive' }),
  });

  return (
    <ReceiptChecklist
      costName={costName}
      names={attached.map((d) => d.name)}
      selected={selected}
      onToggle={(id, on) => setChosen(toggled(selected, id, on))}
      footer={
        <div>
          <Button size="sm" variant="secondary" loading={save.isPending} onClick={() => save.mutate()}>
            Belege speichern
          </Button>
        </div>
      }
    />
  );
}

/** The receipts of a draft's cost position: part of the form, saved with the draft. */
export function DraftReceiptPicker({ index, costName }: { index: number; costName: string }) {
  const { control } = useFormContext<SettlementFormValues>();
  const { field } = useController({ control, name: `costs.${index}.documentIds` });
  const ids = field.value ?? [];
  const documents = useQuery({ ...documentsQuery, enabled: ids.length > 0 });
  // a receipt deleted meanwhile is dropped from the cost on the server (cascade)
  const names = (documents.data ?? []).filter((d) => ids.includes(d.id)).map((d) => d.name);
  return (
    <ReceiptChecklist
      costName={costName}
      names={names}
      selected={new Set(ids)}
      onToggle={(id, on) => field.onChange([...toggled(ids, id, on)])}
    />
  );
}
