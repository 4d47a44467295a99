import type { ReactNode } from 'react';
import { cx } from './ui/cx';

/** A titled group of wizard fields; a fieldset, so screen readers announce its title with each field. */
export function Section({
  title,
  description,
  children,
  className,
  columns = 2,
}: {
  title: string;
  columns?: 1 | 2;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset
      className={cx('min-w-0 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6', className)}
    >
      <legend className="float-left mb-4 w-full text-base font-semibold text-slate-900">{title}</legend>
      {description && <p className="clear-left -mt-2 mb-4 text-sm text-slate-600">{description}</p>}
      <div className={cx('clear-left grid gap-4', columns === 2 && 'sm:grid-cols-2')}>{children}</div>
    </fieldset>
  );
}
