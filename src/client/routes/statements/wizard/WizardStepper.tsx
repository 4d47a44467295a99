import { Check } from 'lucide-react';
import { cx } from '../../../components/ui/cx';

interface WizardStepperProps {
  labels: readonly string[];
  current: number;
  /** Going back is always allowed (spec §4); forward only through "Weiter". */
  onBack: (step: number) => void;
}

export function WizardStepper({ labels, current, onBack }: WizardStepperProps) {
  return (
    <nav aria-label="Fortschritt">
      <ol className="flex flex-wrap items-center gap-2 sm:gap-4">
        {labels.map((label, index) => {
          const done = index < current;
          const active = index === current;
          const content = (
            <>
              <span
                className={cx(
                  'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                  active && 'bg-teal-700 text-white',
                  done && 'bg-teal-100 text-teal-800',
                  !active && !done && 'bg-slate-200 text-slate-700',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : index + 1}
              </span>
              <span className={cx('text-sm font-medium', active ? 'text-slate-900' : 'text-slate-700')}>
                {label}
              </span>
            </>
          );
          return (
            <li key={label} className="flex items-center gap-2 sm:gap-4">
              {index > 0 && <span aria-hidden="true" className="hidden h-px w-8 bg-slate-300 sm:block" />}
              {done ? (
                <button
                  type="button"
                  onClick={() => onBack(index)}
                  className="flex items-center gap-2 rounded-md p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
                >
                  {content}
                  <span className="sr-only">(abgeschlossen, zurück zu diesem Schritt)</span>
                </button>
              ) : (
                <span className="flex items-center gap-2 p-1" aria-current={active ? 'step' : undefined}>
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
