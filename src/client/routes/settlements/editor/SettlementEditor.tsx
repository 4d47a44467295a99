import { useQueryClient } from '@tanstack/react-query';
import { FileText, Landmark, Plus, Save } from 'lucide-react';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { FormProvider, type Path, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { COST_PRESETS } from '../../../../shared/catalog';
import { centsToInput, formatCents, parseMoney } from '../../../../shared/money';
import type { CostDocumentsJson } from '../../../../shared/schemas/delivery';
import type {
  CostGroupJson,
  MeterJson,
  TenancyJson,
  UnitJson,
} from '../../../../shared/schemas/settlement-json';
import { tenanciesOfPeriod } from '../../../../shared/settlement-view/draft';
import { ProRataHint } from '../../../components/ProRataHint';
import { Section } from '../../../components/Section';
import { SenderFields } from '../../../components/SenderFields';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Field';
import { toast } from '../../../components/ui/toast';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard';
import { ApiError, errorMessage } from '../../../lib/api';
import { applyFieldErrors } from '../../../lib/formErrors';
import { AccountDialog } from '../../buildings/AccountDialog';
import {
  type Settlement,
  type SettlementBody,
  saveSettlement,
  settlementQuery,
  settlementsKey,
  statementPdfUrl,
} from '../api';
import { costDocumentsQuery, saveReceipts } from '../deliveryApi';
import { computeFigures, inUnitOrder } from '../results/figures';
import { OccupancyTimeline } from '../results/OccupancyTimeline';
import { ResultsSection } from '../results/ResultsSection';
import { CostCard, type PeriodTenancy, PRESETS_LIST_ID } from './CostCard';
import { CostChecklist } from './CostChecklist';
import { FromReceiptsButton } from './FromReceiptsDialog';
import {
  bodyToSave,
  changedReceipts,
  differsFrom,
  emptyCost,
  formPathOf,
  liveBody,
  type SettlementFormValues,
  toFormValues,
} from './formValues';
import { HeatingSection } from './heating/HeatingSection';
import { tenantChangeUnits } from './heating/heatingForm';
import { KeepSenderButton } from './KeepSenderButton';

/** A draft: costs entered once, the occupancy and every tenant's result recomputed in the browser. */
export function SettlementEditor({
  settlement,
  units,
  tenancies,
  costGroups,
  meters,
  receipts,
  footer,
}: {
  settlement: Settlement;
  units: UnitJson[];
  tenancies: TenancyJson[];
  /** The property's cost groups, which a cost may be shared by. */
  costGroups: CostGroupJson[];
  /** The property's meters with their readings, for costs by consumption from the meters. */
  meters: MeterJson[];
  /** The receipts attached to the saved costs. */
  receipts: CostDocumentsJson;
  /** The finalize panel; told whether the form holds unsaved changes. */
  footer: (dirty: boolean) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const form = useForm<SettlementFormValues>({ defaultValues: toFormValues(settlement, receipts) });
  const { control, register, formState, setValue, reset, setError, clearErrors, handleSubmit } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'costs' });
  // useWatch answers a fresh copy of every field (all have defaults) on each change; the figures
  // follow it deferred, so a large building never slows down typing
  const watched = useDeferredValue(useWatch({ control }) as SettlementFormValues);
  // compared by what saving would send: react-hook-form's isDirty also counts inputs that only appeared
  // (a reading per tenancy) as changes
  const unsaved = useMemo(
    () => differsFrom(watched, settlement) || changedReceipts(watched, receipts).length > 0,
    [watched, settlement, receipts],
  );
  const guard = useUnsavedChangesGuard();
  useEffect(() => {
    guard.current = unsaved;
  }, [guard, unsaved]);
  const body = useMemo(() => liveBody(watched), [watched]);
  const receiptCategories = useMemo(
    () => new Map(receipts.flatMap((c) => c.documents.map((d) => [d.id, d.categories] as const))),
    [receipts],
  );
  const previous = settlement.previousPeriod ?? null;
  const figures = useMemo(
    () =>
      computeFigures({
        period: body,
        entries: body,
        units,
        tenancies,
        previous,
        receipts: watched.costs.map((c) => c.documentIds),
        costGroups,
        meters,
        receiptCategories,
      }),
    [body, units, tenancies, previous, watched.costs, costGroups, meters, receiptCategories],
  );
  const unitIds = useMemo(() => units.map((u) => u.id), [units]);
  const periodTenancies: PeriodTenancy[] = useMemo(() => {
    const labels = new Map(units.map((u) => [u.id, u.label]));
    return inUnitOrder(tenanciesOfPeriod(tenancies, body), unitIds).map((t) => ({
      id: t.id,
      label: `${t.tenant.name} (${labels.get(t.unitId) ?? ''})`,
    }));
  }, [units, unitIds, tenancies, body]);

  const changeUnits = useMemo(() => tenantChangeUnits(units, tenancies, body), [units, tenancies, body]);

  const errors = formState.errors;
  const [accountOf, setAccountOf] = useState<TenancyJson | null>(null);
  // the prepayments the bank files say were paid, per tenancy they know
  const fromBank = new Map(
    settlement.statements.flatMap((s) =>
      s.prepaymentsFromBankCents === null ? [] : [[s.tenancyId, s.prepaymentsFromBankCents] as const],
    ),
  );
  const periodWarning = figures.warnings.find((w) => w.path === 'periodEnd')?.message;

  // receipts booked on the server: the form starts again from the draft they changed
  const booked = async (saved: Settlement) => {
    await queryClient.cancelQueries({ queryKey: settlementQuery(saved.id).queryKey });
    const attached = await queryClient.fetchQuery({ ...costDocumentsQuery(saved.id), staleTime: 0 });
    queryClient.setQueryData(settlementQuery(saved.id).queryKey, saved);
    reset(toFormValues(saved, attached));
  };

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

  const tenantsOfPeriod = inUnitOrder(figures.statements, unitIds);

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-6">
        <Section title="Abrechnungszeitraum" description="Höchstens 12 Monate (§ 556 Abs. 3 BGB).">
          <Input
            type="date"
            label="Von"
            required
            error={errors.periodStart?.message}
            {...register('periodStart')}
          />
          <Input
            type="date"
            label="Bis"
            required
            error={errors.periodEnd?.message ?? periodWarning}
            {...register('periodEnd')}
          />
        </Section>

        <OccupancyTimeline
          units={figures.units}
          periodDays={figures.periodDays}
          warnings={figures.warnings.filter((w) => w.path.startsWith('tenancies.'))}
        />

        <section aria-labelledby="costs-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="costs-heading" className="text-lg font-semibold text-slate-900">
                Kosten des Hauses
              </h2>
              <p className="text-sm text-slate-600">
                Jede Kostenart einmal für das ganze Haus; die Verteilung auf die Mieter rechnet Umlage.
              </p>
            </div>
          </div>
          <ProRataHint
            start={watched.periodStart}
            end={watched.periodEnd}
            costs={watched.costs}
            onApply={(amounts) => {
              for (const [i, amount] of amounts.entries()) {
                setValue(`costs.${i}.amount`, amount, { shouldDirty: true });
              }
            }}
          />
          <datalist id={PRESETS_LIST_ID}>
            {COST_PRESETS.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
          {fields.length > 0 ? (
            <ol aria-label="Kostenpositionen" className="flex flex-col gap-4">
              {fields.map((field, index) => (
                <CostCard
                  key={field.id}
                  index={index}
                  tenancies={periodTenancies}
                  groups={costGroups}
                  warnings={figures.warnings.filter((w) => w.path.startsWith(`costs.${index}.`))}
                  previousCents={previousAmount(previous, watched.costs[index]?.name ?? '')}
                  fresh={index >= settlement.costs.length}
                  onRemove={() => remove(index)}
                  onEnterNext={() =>
                    index === fields.length - 1
                      ? append(emptyCost(), { focusName: `costs.${fields.length}.name` })
                      : form.setFocus(`costs.${index + 1}.amount`)
                  }
                />
              ))}
            </ol>
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
              Noch keine Kostenpositionen. Wählen Sie unten die Kostenarten Ihres Hauses.
            </p>
          )}
          {/* below the list, where the next one goes: no scrolling back up for each cost */}
          <CostChecklist
            used={watched.costs.map((c) => c.name)}
            onAdd={(name, key) =>
              append({ ...emptyCost(name), key }, { focusName: `costs.${fields.length}.amount` })
            }
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => append(emptyCost(), { focusName: `costs.${fields.length}.name` })}
            >
              <Plus aria-hidden="true" className="size-4" />
              Kostenposition hinzufügen
            </Button>
            <FromReceiptsButton
              settlement={settlement}
              receipts={receipts}
              unsaved={unsaved}
              onBooked={booked}
            />
          </div>
        </section>

        <HeatingSection
          tenancies={periodTenancies}
          changeUnits={changeUnits}
          warnings={figures.warnings.filter((w) => w.path.startsWith('heating.'))}
        />

        <ResultsSection
          figures={figures}
          live
          statementActions={(s) => (
            <a
              href={statementPdfUrl(settlement.id, s.tenancyId)}
              target="_blank"
              rel="noopener"
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              aria-label={`Vorschau (PDF) für ${s.tenantName}`}
            >
              <FileText aria-hidden="true" className="size-4" />
              Vorschau (PDF)
            </a>
          )}
        />

        <Section
          title="Tatsächlich gezahlte Vorauszahlungen"
          description="Nur ausfüllen, wenn ein Mieter anders gezahlt hat als vereinbart. Leer: die vereinbarten Vorauszahlungen anteilig nach Tagen."
        >
          {tenantsOfPeriod.length === 0 && (
            <p className="text-sm text-slate-700">Keine Mieter im Zeitraum.</p>
          )}
          {fromBank.size > 0 && (
            <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
              <Button
                variant="secondary"
                onClick={() => {
                  for (const [tenancyId, cents] of fromBank) {
                    setValue(`prepaymentsPaid.${tenancyId}`, centsToInput(cents), { shouldDirty: true });
                  }
                }}
              >
                <Landmark aria-hidden="true" className="size-4" />
                Aus dem Kontoauszug übernehmen
              </Button>
              <Link to="/dashboard/zahlungen" className="text-sm font-medium text-teal-800 underline">
                Buchungen ansehen
              </Link>
            </div>
          )}
          {tenantsOfPeriod.map((s) => (
            <div key={s.tenancyId} className="flex flex-col gap-1">
              <Input
                label={`${s.tenantName} (${s.unitLabel}) in €`}
                inputMode="decimal"
                autoComplete="off"
                hint={
                  fromBank.has(s.tenancyId)
                    ? `Laut Kontoauszug gezahlt: ${formatCents(fromBank.get(s.tenancyId) ?? 0)}`
                    : undefined
                }
                placeholder={s.prepaymentEntered ? undefined : centsToInput(s.prepaymentCents)}
                error={errors.prepaymentsPaid?.[s.tenancyId]?.message}
                {...register(`prepaymentsPaid.${s.tenancyId}`, {
                  onBlur: (event: { target: { value: string } }) => {
                    const parsed = parseMoney(event.target.value);
                    if (parsed.ok && parsed.cents >= 0) {
                      setValue(`prepaymentsPaid.${s.tenancyId}`, centsToInput(parsed.cents));
                    }
                  },
                })}
              />
              {fromBank.has(s.tenancyId) && (
                <button
                  type="button"
                  className="self-start text-sm font-medium text-teal-800 underline"
                  onClick={() => setAccountOf(tenancies.find((t) => t.id === s.tenancyId) ?? null)}
                >
                  Buchungen<span className="sr-only"> von {s.tenantName}</span> ansehen
                </button>
              )}
            </div>
          ))}
          <AccountDialog
            tenancy={accountOf}
            covered={{ from: body.periodStart, to: body.periodEnd }}
            onClose={() => setAccountOf(null)}
          />
        </Section>

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

        <div className="flex flex-wrap items-center justify-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <p className="mr-auto text-sm text-slate-700" aria-live="polite">
            {unsaved ? 'Ungespeicherte Änderungen' : 'Alle Änderungen gespeichert'}
          </p>
          <Button type="submit" loading={formState.isSubmitting}>
            <Save aria-hidden="true" className="size-4" />
            Speichern
          </Button>
        </div>
      </form>
      {footer(unsaved)}
    </FormProvider>
  );
}

/** Last period's amount of the costs with this name (summed, as the ±25 % check compares them). */
function previousAmount(previous: Settlement['previousPeriod'], name: string): number | undefined {
  const key = name.trim().toLocaleLowerCase('de-DE');
  const same = (previous?.costs ?? []).filter((c) => c.name.trim().toLocaleLowerCase('de-DE') === key);
  return same.length === 0 ? undefined : same.reduce((sum, c) => sum + c.amountCents, 0);
}
