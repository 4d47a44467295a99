import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { formatIban } from '../../../shared/iban';
import { type LetterBody, letterSchema } from '../../../shared/schemas/settlement';
import type { z } from '../../../shared/schemas/zod';
import { SenderFields } from '../../components/SenderFields';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/formErrors';
import { queryClient } from '../../lib/queryClient';
import { type SenderAnswer, senderQuery } from '../../lib/sender';

type SenderValues = z.input<typeof letterSchema>;
const EMPTY: SenderValues = {
  landlord: { name: '', street: '', city: '', phone: '', email: '', signature: '' },
  bank: { holder: '', iban: '', bic: '', bank: '' },
};

/**
 * The sender and bank account every new Hausabrechnung starts with (typing them for each
 * house took most of a minute); each settlement may still change its own.
 */
export function SenderCard() {
  const kept = useQuery(senderQuery);
  const form = useForm<SenderValues, unknown, LetterBody>({
    resolver: zodResolver(letterSchema),
    defaultValues: EMPTY,
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  useEffect(() => {
    const letter = kept.data?.letter;
    // the IBAN in groups of four, as on a bank card
    if (letter) {
      reset({
        landlord: letter.landlord,
        bank: letter.bank ? { ...letter.bank, iban: formatIban(letter.bank.iban) } : EMPTY.bank,
      });
    }
  }, [kept.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      // an empty bank account is none
      const bank = values.bank && Object.values(values.bank).some((v) => v !== '') ? values.bank : null;
      const saved = await api<SenderAnswer>('/api/me/sender', { method: 'PUT', body: { ...values, bank } });
      queryClient.setQueryData(senderQuery.queryKey, saved);
      toast({
        title: 'Absender gespeichert',
        description: 'Neue Hausabrechnungen beginnen mit diesem Absender und dieser Bankverbindung.',
      });
    } catch (error) {
      if (applyFieldErrors(form, error)) return;
      toast({ title: 'Nicht gespeichert', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <Card
      title="Absender und Bankverbindung"
      description="Für neue Hausabrechnungen vorausgefüllt; in jeder Abrechnung änderbar."
    >
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Absender und Bankverbindung"
        className="grid gap-4 sm:grid-cols-2"
      >
        <SenderFields
          field={(key) => register(`landlord.${key}`)}
          error={(key) => errors.landlord?.[key]?.message}
        />
        <Input label="Kontoinhaber" error={errors.bank?.holder?.message} {...register('bank.holder')} />
        <Input label="Bank" error={errors.bank?.bank?.message} {...register('bank.bank')} />
        <Input
          label="IBAN"
          autoComplete="off"
          spellCheck={false}
          error={errors.bank?.iban?.message}
          {...register('bank.iban')}
        />
        <Input
          label="BIC"
          autoComplete="off"
          spellCheck={false}
          error={errors.bank?.bic?.message}
          {...register('bank.bic')}
        />
        <Button type="submit" loading={isSubmitting} disabled={!isDirty} className="self-start sm:col-span-2">
          Speichern
        </Button>
      </form>
    </Card>
  );
}
