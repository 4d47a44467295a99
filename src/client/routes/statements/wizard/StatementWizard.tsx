import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { FormProvider, type Path, useForm } from 'react-hook-form';
import { NO_COSTS } from '../../../../shared/schemas/messages';
import { type StatementFormInput, statementFormSchema } from '../../../../shared/schemas/statement-form';
import type { StatementFormData } from '../../../../shared/statement';
import { Button } from '../../../components/ui/Button';
import { PageSpinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { scrollBehavior } from '../../../lib/motion';
import type { Property } from '../../properties/api';
import { STEP_COUNT, stepOfPath } from './formValues';
import { stepResolver } from './resolver';
import { StepCosts } from './StepCosts';
import { StepParties } from './StepParties';
import { WizardStepper } from './WizardStepper';

// The preview (and the PDF panel) is its own chunk: the landing page loads it only on step 3.
const StepPreview = lazy(() => import('./StepPreview'));

export type WizardMode = 'dashboard' | 'landing';
export type RenderPdfPanel = (formData: StatementFormData, helpers: { markSaved: () => void }) => ReactNode;

export const STEP_LABELS: Record<WizardMode, readonly string[]> = {
  dashboard: ['Personendaten', 'Kosten', 'Vorschau & Export'],
  landing: ['Stammdaten', 'Kostenpositionen', 'Vorschau & Export'],
};

export interface StatementWizardProps {
  mode: WizardMode;
  initialValues: StatementFormInput;
  /** 0-2; e.g. to stay on the step after a new draft's page was replaced by its edit page. */
  initialStep?: number;
  /** The user's saved properties (dashboard); the picker is hidden without them. */
  properties?: readonly Property[];
  /**
   * Dashboard: saves the values as a draft; resolves when saved, throws (e.g. ApiError) otherwise.
   * The wizard validates the values first and shows field errors and the failure toast itself.
   */
  onSaveDraft?: (values: StatementFormInput, step: number) => Promise<void>;
  /** Landing: 'Speichern & Registrieren' on step 3 hands the values over. */
  onFinish?: (values: StatementFormInput) => void | Promise<void>;
  /** Dashboard: Zurück on step 1 leaves the wizard. */
  onCancel?: () => void;
  /** Called with the whole form on every change (e.g. to keep the landing draft in the browser). */
  onValuesChange?: (values: StatementFormInput) => void;
  /** Whether there are changes that were not saved. */
  onDirtyChange?: (dirty: boolean) => void;
  /**
   * Step 3's PDF panel, given the live form data. `markSaved` tells the wizard that the server now
   * holds these values (e.g. a final PDF stored them), so they no longer count as unsaved.
   */
  renderPdfPanel: RenderPdfPanel;
}

/**
 * The three-step statement wizard (spec §2 "Statement wizard", §4 "Wizard"), used by the dashboard
 * (save drafts) and by the landing page (hand over to registration).
 */
export function StatementWizard({
  mode,
  initialValues,
  initialStep = 0,
  properties = [],
  onSaveDraft,
  onFinish,
  onCancel,
  onValuesChange,
  onDirtyChange,
  renderPdfPanel,
}: StatementWizardProps) {
  const [step, setStep] = useState(Math.min(Math.max(initialStep, 0), STEP_COUNT - 1));
  const stepRef = useRef(step);
  stepRef.current = step;
  const [busy, setBusy] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movedRef = useRef(false);

  const form = useForm<StatementFormInput>({
    defaultValues: initialValues,
    resolver: stepResolver(() => stepRef.current),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { handleSubmit, getValues, setError, reset, watch, clearErrors } = form;
  const { isDirty } = form.formState;

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  useEffect(() => {
    if (!onValuesChange) return;
    const subscription = watch(() => onValuesChange(getValues()));
    return () => subscription.unsubscribe();
  }, [watch, getValues, onValuesChange]);

  // After a step change: bring the wizard's top into view and move focus to the step heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (!movedRef.current) return;
    topRef.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  const goTo = (next: number) => {
    movedRef.current = true;
    clearErrors();
    setStep(next);
  };

  const next = handleSubmit(
    () => goTo(step + 1),
    (errors) => {
      const costs = errors.costs;
      if (step === 1 && (costs?.root?.message || costs?.message)) {
        toast({ title: NO_COSTS.title, description: NO_COSTS.description, variant: 'destructive' });
      }
    },
  );

  const back = () => {
    if (step > 0) goTo(step - 1);
    else onCancel?.();
  };

  /** Puts errors at dotted paths onto the form and opens the step of the first one. */
  const showErrors = (fields: Record<string, string>) => {
    const entries = Object.entries(fields);
    const first = entries[0];
    if (!first) return;
    const target = stepOfPath(first[0]);
    if (target !== step) goTo(target);
    // after the step's fields have mounted
    setTimeout(() => {
      entries.forEach(([name, message], index) => {
        setError(name as Path<StatementFormInput>, { type: 'server', message }, { shouldFocus: index === 0 });
      });
    }, 0);
  };

  const save = async () => {
    if (!onSaveDraft) return;
    const values = getValues();
    // A draft may be incomplete, but what is entered must be readable (same rule as the server).
    const parsed = statementFormSchema.safeParse(values);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      showErrors(fields);
      toast({
        title: 'Fehler beim Speichern',
        description: 'Bitte überprüfen Sie Ihre Eingaben.',
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    try {
      await onSaveDraft(values, step);
      reset(values);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        const fields: Record<string, string> = {};
        for (const [name, message] of Object.entries(error.fields)) {
          fields[name.replace(/^formData\./, '')] = message;
        }
        showErrors(fields);
      }
      toast({ title: 'Fehler beim Speichern', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    if (!onFinish) return;
    setBusy(true);
    try {
      await onFinish(getValues());
    } finally {
      setBusy(false);
    }
  };

  const labels = STEP_LABELS[mode];
  const last = step === STEP_COUNT - 1;
  const backDisabled = busy || (step === 0 && (mode === 'landing' || !onCancel));

  return (
    <FormProvider {...form}>
      <div ref={topRef} className="scroll-mt-20">
        <WizardStepper labels={labels} current={step} onBack={goTo} />
      </div>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!last) void next();
        }}
        className="mt-6 flex flex-col gap-6"
        aria-labelledby="wizard-step-heading"
      >
        <h2
          id="wizard-step-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900 outline-none"
        >
          Schritt {step + 1} von {STEP_COUNT}: {labels[step]}
        </h2>

        {step === 0 && <StepParties properties={properties} />}
        {step === 1 && <StepCosts properties={properties} />}
        {step === 2 && (
          <Suspense fallback={<PageSpinner label="Vorschau wird geladen …" />}>
            <StepPreview renderPdfPanel={renderPdfPanel} />
          </Suspense>
        )}

        <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 bg-white/95 px-1 py-4 backdrop-blur">
          <Button variant="secondary" onClick={back} disabled={backDisabled}>
            Zurück
          </Button>
          <div className="flex flex-wrap gap-3">
            {mode === 'dashboard' && onSaveDraft && (
              <Button variant={last ? 'primary' : 'secondary'} onClick={save} loading={busy}>
                {last ? 'Änderungen speichern' : 'Als Entwurf speichern'}
              </Button>
            )}
            {!last && (
              <Button type="submit" disabled={busy}>
                Weiter
              </Button>
            )}
            {last && mode === 'landing' && (
              <Button onClick={finish} loading={busy}>
                Speichern &amp; Registrieren
              </Button>
            )}
          </div>
        </div>
      </form>
    </FormProvider>
  );
}
