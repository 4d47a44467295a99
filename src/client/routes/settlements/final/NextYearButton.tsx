import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { settlementPage, settlementQuery, settlementsKey } from '../api';
import { createNextYear } from '../followUpApi';

/** "Folgejahr anlegen": the next period's draft with the same costs, amounts empty. */
export function NextYearButton({ propertyId, settlementId }: { propertyId: string; settlementId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const next = useMutation({
    mutationFn: () => createNextYear(propertyId, settlementId),
    onSuccess: async (draft) => {
      // stale first, then the draft as fresh: its page must not refetch it while the landlord types
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
      queryClient.setQueryData(settlementQuery(draft.id).queryKey, draft);
      toast({
        title: 'Folgejahr angelegt',
        description: 'Dieselben Kostenarten und Schlüssel; die Beträge des Vorjahrs stehen daneben.',
      });
      await navigate(settlementPage(draft.id));
    },
    onError: (error) =>
      toast({ title: 'Folgejahr nicht angelegt', description: errorMessage(error), variant: 'destructive' }),
  });
  return (
    <Button variant="secondary" loading={next.isPending} onClick={() => next.mutate()}>
      <CalendarPlus aria-hidden="true" className="size-4" />
      Folgejahr anlegen
    </Button>
  );
}
