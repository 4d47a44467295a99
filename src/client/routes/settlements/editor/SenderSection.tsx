import { useFormContext } from 'react-hook-form';
import { Section } from '../../../components/Section';
import { SenderFields } from '../../../components/SenderFields';
import { Input } from '../../../components/ui/Field';
import type { SettlementFormValues } from './formValues';
import { KeepSenderButton } from './KeepSenderButton';

/** Who the letters come from and the account a Nachzahlung goes to. */
export function SenderSection() {
  const {
    register,
    formState: { errors },
  } = useFormContext<SettlementFormValues>();
  return (
    <>
      <Section title="Absender" description="Steht als Vermieter auf jedem Schreiben.">
        <SenderFields
          field={(key) => register(`letter.landlord.${key}`)}
          error={(key) => errors.letter?.landlord?.[key]?.message}
        />
      </Section>

      <Section
        title="Bankverbindung"
        description="Für Nachzahlungen; leer lassen, wenn keine angegeben werden soll."
      >
        <Input
          label="Kontoinhaber"
          error={errors.letter?.bank?.holder?.message}
          {...register('letter.bank.holder')}
        />
        <Input
          label="IBAN"
          autoComplete="off"
          spellCheck={false}
          error={errors.letter?.bank?.iban?.message}
          {...register('letter.bank.iban')}
        />
        <Input
          label="BIC"
          autoComplete="off"
          spellCheck={false}
          error={errors.letter?.bank?.bic?.message}
          {...register('letter.bank.bic')}
        />
        <Input label="Bank" error={errors.letter?.bank?.bank?.message} {...register('letter.bank.bank')} />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <KeepSenderButton />
          <p className="text-sm text-slate-600">Absender und Bankverbindung für neue Abrechnungen.</p>
        </div>
      </Section>
    </>
  );
}
