import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { cx } from './cx';

type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'required' | 'className'> & {
  /** The label may contain links (e.g. to the privacy policy). */
  label: ReactNode;
  required?: boolean;
  error?: string;
  className?: string;
};

export function Checkbox({ label, required, error, className, id, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-2.5">
        <input
          type="checkbox"
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          aria-required={required ? true : undefined}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-teal-700 aria-invalid:outline-2 aria-invalid:outline-red-700"
          {...rest}
        />
        <label htmlFor={inputId} className="text-sm text-slate-800">
          {label}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          )}
        </label>
      </div>
      {error && (
        <p id={errorId} className="pl-6.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
