import { useQueryClient } from '@tanstack/react-query';
import type { Path, UseFormReturn } from 'react-hook-form';
import type { CostDocumentsJson } from '../../../../shared/schemas/delivery';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/formErrors';
import {
  type Settlement,
  type SettlementBody,
  saveSettlement,
  settlementQuery,
  settlementsKey,
} from '../api';
import { costDocumentsQuery, saveReceipts } from '../deliveryApi';
import {
  bodyToSave,
  changedReceipts,
  formPathOf,
  type SettlementFormValues,
  toFormValues,
} from './formValues';

/**
 * Saving a draft: the settlement, then the receipts of the costs whose receipts changed; the form
 * starts again from what the server answered, and a refused field is marked where it was typed.
 * `booked` does the same after receipts were booked into the draft on the server.
 */
export function useSettlementSave(
  form: UseFormReturn<SettlementFormValues>,
  settlement: Settlement,
  receipts: CostDocumentsJson,
) {
  const queryClient = useQueryClient();
  const { reset, setError, clearErrors, handleSubmit } = form;

  function showFieldErrors(messages: Record<string, string>) {
    const known = applyFieldErrors(
      { setError },
      new ApiError(400, 'validation', '', messages as Record<Path<SettlementFormValues>, string>),
    );
    toast({
      title: 'Bitte überprüfen Sie Ihre Eingaben.',
      description: known ? undefined : Object.values(messages).join(' '),
      variant: 'destructive',
    });
  }

  const save = handleSubmit(async (values) => {
    clearErrors();
    const checked = bodyToSave(values);
    if (!checked.ok) {
      showFieldErrors(checked.fields);
      return;
    }
    try {
      const saved = await saveSettlement(settlement.id, checked.body satisfies SettlementBody);
      // the receipts follow their costs: positions whose receipts changed or moved up
      const attached = await saveReceipts(saved.id, changedReceipts(values, receipts));
      const nowAttached = attached ?? receipts;
      // a refetch still under way would answer the version before this save and mark it unsaved
      await queryClient.cancelQueries({ queryKey: settlementQuery(saved.id).queryKey });
      queryClient.setQueryData(costDocumentsQuery(saved.id).queryKey, nowAttached);
      queryClient.setQueryData(settlementQuery(saved.id).queryKey, saved);
      // the "same receipt twice" check of the finalize panel reads the receipts saved just now
      if (attached) void queryClient.invalidateQueries({ queryKey: settlementQuery(saved.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: settlementsKey, exact: true });
      reset(toFormValues(saved, nowAttached));
      toast({ title: 'Hausabrechnung gespeichert' });
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const mapped = Object.fromEntries(Object.entries(error.fields).map(([p, m]) => [formPathOf(p), m]));
        showFieldErrors(mapped);
        return;
      }
      toast({ title: 'Nicht gespeichert', description: errorMessage(error), variant: 'destructive' });
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: settlementQuery(settlement.id).queryKey });
      }
    }
  });

  // receipts booked on the server: the form starts again from the draft they changed
  const booked = async (saved: Settlement) => {
    await queryClient.cancelQueries({ queryKey: settlementQuery(saved.id).queryKey });
    const attached = await queryClient.fetchQuery({ ...costDocumentsQuery(saved.id), staleTime: 0 });
    queryClient.setQueryData(settlementQuery(saved.id).queryKey, saved);
    reset(toFormValues(saved, attached));
  };

  return { save, booked };
}
