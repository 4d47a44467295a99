import type { ReactNode } from 'react';
import { cx } from './cx';

// Text colours reach at least 4.5:1 on their backgrounds.
const TONES = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-300',
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  orange: 'bg-orange-50 text-orange-800 ring-orange-200',
  green: 'bg-green-50 text-green-800 ring-green-200',
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({
  tone = 'gray',
  className,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
