import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCheck } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { confirmSureReceipts, type DocumentItem, documentsKey } from './api';
import { sureToConfirm } from './recognition-state';

/**
 * "Alle sicher erkannten bestätigen": the receipts read as sure in every field are confirmed as read
 * in one click; what is unsure stays for the landlord's review.
 */
export function ConfirmSureBar({ documents }: { documents: readonly DocumentItem[] }) {
  const queryClient = useQueryClient();
  const count = sureToConfirm(documents);
  const confirm = useMutation({
    mutationFn: confirmSureReceipts,
    onSuccess: async ({ confirmed }) => {
      await queryClient.invalidateQueries({ queryKey: documentsKey });
      toast({
        title: confirmed === 1 ? '1 Beleg bestätigt' : `${confirmed} Belege bestätigt`,
        description: 'Sie stehen für die Hausabrechnung bereit.',
      });
    },
    onError: (error) =>
      toast({ title: 'Nicht bestätigt', description: errorMessage(error), variant: 'destructive' }),
  });
  if (count === 0) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <p className="text-sm text-emerald-900">
        {count === 1 ? '1 Beleg ist' : `${count} Belege sind`} in jedem Feld sicher erkannt. Bestätigen Sie
        sie auf einmal; die Belege mit „bitte prüfen“ sehen Sie sich einzeln an.
      </p>
      <Button loading={confirm.isPending} onClick={() => confirm.mutate()}>
        <CheckCheck aria-hidden="true" className="size-4" />
        Alle sicher erkannten bestätigen
      </Button>
    </div>
  );
}
