import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { StatementFormInput } from '../../../../shared/schemas/statement-form';
import { computeStatement, statementWarnings } from '../../../../shared/statement';
import { Section } from '../../../components/Section';
import { Checkbox } from '../../../components/ui/Checkbox';
import { cx } from '../../../components/ui/cx';
import { Input, Textarea } from '../../../components/ui/Field';
import { liveFormData, previewData, todayIso } from './formValues';
import { StatementPreview } from './StatementPreview';
import type { RenderPdfPanel } from './StatementWizard';

const PAGES = [
  { page: 1, label: 'Seite 1: Übersicht' },
  { page: 2, label: 'Seite 2: Details' },
] as const;

/** Step 3: optional greeting, bank details and signature beside the two-page preview and the PDF panel. */
export default function StepPreview({ renderPdfPanel }: { renderPdfPanel: RenderPdfPanel }) {
  const { register, formState, getValues, control, trigger, reset } = useFormContext<StatementFormInput>();
  const [page, setPage] = useState<1 | 2>(1);
  useWatch({ control }); // the preview follows every keystroke
  const data = liveFormData(getValues());
  const view = computeStatement(previewData(data), todayIso());
  const warnings = statementWarnings(data, todayIso());
  const errors = formState.errors;
  const includeGreeting = data.includeGreeting;
  const includeBank = data.includeBankDetails;

  return (
    <div className="flex flex-col gap-6">
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {renderPdfPanel(data, { markSaved: () => reset(getValues()) })}

        <Section title="Optionen" className="lg:order-first">
          <Checkbox
            label="Begrüßungstext einfügen"
            className="sm:col-span-2"
            {...register('includeGreeting')}
          />
          {includeGreeting && (
            <Textarea
              label="Begrüßungstext"
              className="sm:col-span-2"
              rows={6}
              error={errors.greetingText?.message}
              {...register('greetingText')}
            />
          )}
          <Checkbox
            label="Bankverbindung anzeigen"
            className="sm:col-span-2"
            {...register('includeBankDetails')}
          />
          {includeBank && (
            <>
              <Input
                label="Kontoinhaber"
                error={errors.bankDetails?.holder?.message}
                {...register('bankDetails.holder')}
              />
              <Input
                label="IBAN"
                hint="Ohne IBAN erscheint keine Bankverbindung in der Abrechnung."
                autoComplete="off"
                spellCheck={false}
                error={errors.bankDetails?.iban?.message}
                {...register('bankDetails.iban', { onBlur: () => void trigger('bankDetails.iban') })}
              />
              <Input
                label="BIC"
                autoComplete="off"
                spellCheck={false}
                error={errors.bankDetails?.bic?.message}
                {...register('bankDetails.bic', { onBlur: () => void trigger('bankDetails.bic') })}
              />
              <Input
                label="Bank"
                error={errors.bankDetails?.bank?.message}
                {...register('bankDetails.bank')}
              />
            </>
          )}
          <Checkbox
            label="Unterschriftszeile einfügen"
            className="sm:col-span-2"
            {...register('includeSignature')}
          />
        </Section>
      </div>

      <section aria-label="Vorschau" className="flex min-w-0 flex-col gap-4">
        <fieldset className="inline-flex self-start rounded-md bg-slate-100 p-1">
          <legend className="sr-only">Seite der Vorschau</legend>
          {PAGES.map((p) => (
            <button
              key={p.page}
              type="button"
              aria-pressed={page === p.page}
              onClick={() => setPage(p.page)}
              className={cx(
                'rounded px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-teal-700',
                page === p.page ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
              )}
            >
              {p.label}
            </button>
          ))}
        </fieldset>
        {warnings.length > 0 && (
          <ul className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            {warnings.map((w) => (
              <li key={w.code + w.path}>{w.message}</li>
            ))}
          </ul>
        )}
        <div className="mx-auto w-full max-w-[calc(210mm+3rem)] rounded-lg bg-slate-100 p-3 sm:p-6">
          <StatementPreview view={view} page={page} />
        </div>
      </section>
    </div>
  );
}
