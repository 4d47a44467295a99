import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './cx';

interface TableProps extends ComponentPropsWithRef<'table'> {
  /** Describes the table for screen readers; visually hidden unless showCaption. */
  caption?: ReactNode;
  showCaption?: boolean;
}

/** A data table that scrolls horizontally on narrow screens instead of breaking the layout (relative: keeps
 * visually hidden labels inside the scroll box, or they widen the page). */
export function Table({ caption, showCaption = false, className, children, ...rest }: TableProps) {
  return (
    <div className="relative w-full overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className={cx('w-full border-collapse text-left text-sm', className)} {...rest}>
        {caption && (
          <caption className={cx(showCaption ? 'px-4 py-3 text-left font-medium' : 'sr-only')}>
            {caption}
          </caption>
        )}
        {children}
      </table>
    </div>
  );
}

export function TableHead({ className, ...rest }: ComponentPropsWithRef<'thead'>) {
  return (
    <thead className={cx('border-b border-slate-200 bg-slate-50 text-slate-700', className)} {...rest} />
  );
}

export function TableBody({ className, ...rest }: ComponentPropsWithRef<'tbody'>) {
  return <tbody className={cx('divide-y divide-slate-200', className)} {...rest} />;
}

export function TableRow({ className, ...rest }: ComponentPropsWithRef<'tr'>) {
  return <tr className={cx('hover:bg-slate-50', className)} {...rest} />;
}

export function TableHeaderCell({ className, scope = 'col', ...rest }: ComponentPropsWithRef<'th'>) {
  return (
    <th scope={scope} className={cx('px-4 py-3 font-semibold whitespace-nowrap', className)} {...rest} />
  );
}

export function TableCell({ className, ...rest }: ComponentPropsWithRef<'td'>) {
  return <td className={cx('px-4 py-3 align-middle text-slate-800', className)} {...rest} />;
}
