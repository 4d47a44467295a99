import type { ReactNode } from 'react';
import { cx } from './cx';

interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or links shown next to the title. */
  actions?: ReactNode;
  /** Heading level of the title; defaults to h2. */
  headingLevel?: 'h2' | 'h3';
  className?: string;
  children?: ReactNode;
}

export function Card({
  title,
  description,
  actions,
  headingLevel: Heading = 'h2',
  className,
  children,
}: CardProps) {
  return (
    <section className={cx('rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6', className)}>
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            {title && <Heading className="text-base font-semibold text-slate-900">{title}</Heading>}
            {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
