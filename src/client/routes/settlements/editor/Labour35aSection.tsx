import { useFormContext, useWatch } from 'react-hook-form';
import { suggestLabour } from '../../../../shared/settlement/labour-35a';
import { LABOUR_CATEGORY_LABELS } from '../../../../shared/vocabulary';
import { Input, Select } from '../../../components/ui/Field';
import type { SettlementFormValues } from './formValues';

/** The small, optional "§ 35a" part of a cost card: category and labour part, with a suggestion by name. */
export function Labour35aSection({ index }: { index: number }) {
  const { register, setValue, control, formState } = useFormContext<SettlementFormValues>();
  const name = useWatch({ control, name: `costs.${index}.name` });
  const labour = useWatch({ control, name: `costs.${index}.labour35a` });
  const suggestion = suggestLabour(name ?? '');
  const error = formState.errors.costs?.[index]?.labour35a?.value?.message;
  const category = labour?.category ?? '';

  const takeSuggestion = () => {
    if (suggestion?.kind !== 'labour') return;
    setValue(`costs.${index}.labour35a`, {
      category: suggestion.category,
      mode: 'percent',
      value: suggestion.percent === null ? '' : String(suggestion.percent),
    });
  };

  return (
    <details className="mt-4 text-sm" open={category !== ''}>
      <summary className="cursor-pointer font-semibold text-slate-900">§ 35a EStG (optional)</summary>
      <p className="mt-1 text-slate-600">
        Nur der Arbeitsanteil zählt (laut Rechnung); Material und Gebühren wie Wasser, Müll, Grundsteuer oder
        Versicherung nie. Die Mieter erhalten dazu eine Bescheinigung als Anlage.
      </p>
      {suggestion?.kind === 'never' && category === '' && (
        <p className="mt-1 text-slate-600">
          „{name}“ enthält üblicherweise keine begünstigten Arbeitskosten.
        </p>
      )}
      {suggestion?.kind === 'labour' && category === '' && (
        // a text button: the long category name must wrap on a phone, which a Button never does
        <button
          type="button"
          className="mt-1 text-left font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900"
          onClick={takeSuggestion}
        >
          Vorschlag übernehmen: {LABOUR_CATEGORY_LABELS[suggestion.category]}
          {suggestion.percent === null ? '' : `, ${suggestion.percent} % Arbeitskosten`}
        </button>
      )}
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        <Select label="Art der Leistung" {...register(`costs.${index}.labour35a.category`)}>
          <option value="">Keine</option>
          <option value="household">Haushaltsnahe Dienstleistung</option>
          <option value="craftsman">Handwerkerleistung</option>
        </Select>
        {category !== '' && (
          <>
            <Select label="Arbeitsanteil als" {...register(`costs.${index}.labour35a.mode`)}>
              <option value="percent">Prozent der Position</option>
              <option value="amount">Betrag (€)</option>
            </Select>
            <Input
              label={labour?.mode === 'amount' ? 'Arbeitskosten (€)' : 'Arbeitskosten (%)'}
              inputMode="decimal"
              autoComplete="off"
              error={error}
              {...register(`costs.${index}.labour35a.value`)}
            />
          </>
        )}
      </div>
    </details>
  );
}
