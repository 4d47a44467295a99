import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BookmarkCheck } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { letterSchema } from '../../../../shared/schemas/settlement';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast';
import { api, errorMessage } from '../../../lib/api';
import { type SenderAnswer, senderQuery } from '../../../lib/sender';
import type { SettlementFormValues } from './formValues';

/**
 * "Als Standard speichern": the sender and bank account typed here become the ones every new
 * Hausabrechnung starts with (as in the settings), so a second house never asks for them again.
 */
export function KeepSenderButton() {
  const { getValues } = useFormContext<SettlementFormValues>();
  const queryClient = useQueryClient();
  const keep = useMutation({
    mutationFn: () => {
      const { landlord, bank } = getValues('letter');
      // an empty bank account is none
      const account = bank && Object.values(bank).some((v) => v.trim() !== '') ? bank : null;
      const letter = letterSchema.safeParse({ landlord, bank: account });
      if (!letter.success)
        throw new Error(letter.error.issues[0]?.message ?? 'Bitte prüfen Sie den Absender.');
      return api<SenderAnswer>('/api/me/sender', { method: 'PUT', body: letter.data });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(senderQuery.queryKey, saved);
      toast({
        title: 'Als Standard gespeichert',
        description: 'Neue Hausabrechnungen beginnen mit diesem Absender und dieser Bankverbindung.',
      });
    },
    onError: (error) =>
      toast({ title: 'Nicht gespeichert', description: errorMessage(error), variant: 'destructive' }),
  });
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      loading={keep.isPending}
      onClick={() => keep.mutate()}
    >
      <BookmarkCheck aria-hidden="true" className="size-4" />
      Als Standard speichern
    </Button>
  );
}
