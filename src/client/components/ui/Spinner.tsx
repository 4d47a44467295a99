import { cx } from './cx';

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** Read by screen readers; pass null when a surrounding element already announces the state. */
  label?: string | null;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Wird geladen …', className }: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
        SIZES[size],
        className,
      )}
    />
  );
  if (label === null) return circle;
  return (
    <span role="status" className="inline-flex items-center">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner for whole pages or panels while data or code is loading. */
export function PageSpinner({ label = 'Wird geladen …' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-teal-700">
      <Spinner size="lg" label={label} />
    </div>
  );
}
