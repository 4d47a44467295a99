import { Files, FileText, Save } from 'lucide-react';
import { type ReactNode, useDeferredValue, useEffect, useMemo } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import type { CostDocumentsJson } from '../../../../shared/schemas/delivery';
import type {
  CostGroupJson,
  MeterJson,
  TenancyJson,
  UnitJson,
} from '../../../../shared/schemas/settlement-json';
import { tenanciesOfPeriod } from '../../../../shared/settlement-view/draft';
import { LETTERS_PER_PREVIEW } from '../../../../shared/settlement-view/letter-view';
import { Section } from '../../../components/Section';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Field';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard';
import { useCanEdit } from '../../../lib/session';
import { lettersPreviewUrl, type Settlement, statementPdfUrl } from '../api';
import { computeFigures, inUnitOrder } from '../results/figures';
import { OccupancyTimeline } from '../results/OccupancyTimeline';
import { ResultsSection } from '../results/ResultsSection';
import type { PeriodTenancy } from './CostCard';
import { CostsSection } from './CostsSection';
import {
  changedReceipts,
  differsFrom,
  liveBody,
  type SettlementFormValues,
  toFormValues,
} from './formValues';
import { HeatingSection } from './heating/HeatingSection';
import { tenantChangeUnits } from './heating/heatingForm';
import { PrepaymentsSection } from './PrepaymentsSection';
import { SenderSection } from './SenderSection';
import { useSettlementSave } from './useSettlementSave';

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
  const canEdit = useCanEdit();
  const form = useForm<SettlementFormValues>({ defaultValues: toFormValues(settlement, receipts) });
  const { control, register, formState } = form;
  const { save, booked } = useSettlementSave(form, settlement, receipts);
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
  const periodWarning = figures.warnings.find((w) => w.path === 'periodEnd')?.message;

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-6">
        {/* a read-only member sees the draft as it stands: every field and action disabled, previews open */}
        <fieldset disabled={!canEdit} className="contents">
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

          <CostsSection
            settlement={settlement}
            costs={watched.costs}
            period={watched}
            tenancies={periodTenancies}
            costGroups={costGroups}
            warnings={figures.warnings}
            receipts={receipts}
            unsaved={unsaved}
            onBooked={booked}
          />

          <HeatingSection
            tenancies={periodTenancies}
            changeUnits={changeUnits}
            warnings={figures.warnings.filter((w) => w.path.startsWith('heating.'))}
          />

          <ResultsSection
            figures={figures}
            live
            actions={<AllLettersLinks settlementId={settlement.id} letters={figures.statements.length} />}
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

          <PrepaymentsSection
            settlement={settlement}
            statements={inUnitOrder(figures.statements, unitIds)}
            tenancies={tenancies}
            period={body}
          />

          <SenderSection />
        </fieldset>

        {canEdit ? (
          <div className="flex flex-wrap items-center justify-end gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <p className="mr-auto text-sm text-slate-700" aria-live="polite">
              {unsaved ? 'Ungespeicherte Änderungen' : 'Alle Änderungen gespeichert'}
            </p>
            <Button type="submit" loading={formState.isSubmitting}>
              <Save aria-hidden="true" className="size-4" />
              Speichern
            </Button>
          </div>
        ) : (
          <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
            Entwurf: Ändern und finalisieren können ihn Eigentümer und Bearbeiter des Arbeitsbereichs.
          </p>
        )}
      </form>
      {canEdit && footer(unsaved)}
    </FormProvider>
  );
}

/** A draft's letters read in one go: one preview of all of them (a large house: in parts). */
function AllLettersLinks({ settlementId, letters }: { settlementId: string; letters: number }) {
  const parts = Math.ceil(letters / LETTERS_PER_PREVIEW);
  return Array.from({ length: parts }, (_, i) => {
    const first = i * LETTERS_PER_PREVIEW + 1;
    const last = Math.min(letters, first + LETTERS_PER_PREVIEW - 1);
    return (
      <a
        key={first}
        href={lettersPreviewUrl(settlementId, i + 1)}
        target="_blank"
        rel="noopener"
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        <Files aria-hidden="true" className="size-4" />
        {parts === 1 ? 'Alle Briefe lesen (Vorschau)' : `Briefe ${first}–${last} lesen (Vorschau)`}
      </a>
    );
  });
}
