import { cx } from '../../../components/ui/cx';
import type { Warning } from './heating/HeatingField';

/** Warnings (amber) and errors (red) shown as lines of text where no single field owns them. */
export function WarningLines({ warnings, className }: { warnings: Warning[]; className?: string }) {
  return warnings.map((w) => (
    <p
      key={w.code + w.path}
      className={cx('text-sm', w.severity === 'error' ? 'text-red-700' : 'text-amber-800', className)}
    >
      {w.message}
    </p>
  ));
}
