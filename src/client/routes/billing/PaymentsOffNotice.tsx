import { CircleAlert } from 'lucide-react';
import { cx } from '../../components/ui/cx';

/** Shown where credits are bought while the installation sells none (production without Stripe keys). */
export function PaymentsOffNotice({ className }: { className?: string }) {
  return (
    <p
      role="status"
      className={cx(
        'flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      Zahlungen sind auf dieser Installation noch nicht eingerichtet. Credits können derzeit nicht gekauft
      werden.
    </p>
  );
}
