import { type ComponentPropsWithRef, type ReactNode, useId, useRef } from 'react';
import { cx } from './cx';

/** Props a form control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

interface FieldProps {
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  /** Use an existing id instead of a generated one. */
  id?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * Label above, control, hint and red error text below. Required fields get an asterisk and
 * aria-required (not the native attribute, so the browser does not replace our German messages).
 */
export function Field({ label, required, hint, error, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Shared look of text-like controls; the border turns red when aria-invalid is set. */
export const controlClasses = cx(
  'block w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm',
  'placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
  'focus-visible:border-teal-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-teal-700/40',
  'aria-invalid:border-red-700 aria-invalid:focus-visible:outline-red-700/40',
);

interface LabelledProps {
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  /** Class of the wrapper (label + control + messages). */
  className?: string;
}

export type InputProps = LabelledProps & Omit<ComponentPropsWithRef<'input'>, 'required' | 'className'>;

export function Input({
  label,
  required,
  hint,
  error,
  className,
  id,
  onFocus,
  onMouseUp,
  ...rest
}: InputProps) {
  // a number field's content is selected when entered, so typing replaces a prefilled "1" or "0,00"
  // instead of making it "12"; the click's mouseup would undo the selection once
  const number = rest.inputMode === 'decimal' || rest.inputMode === 'numeric';
  const keep = useRef(false);
  return (
    <Field label={label} required={required} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <input
          className={cx(controlClasses, 'h-10')}
          {...control}
          {...rest}
          onFocus={(event) => {
            onFocus?.(event);
            if (!number) return;
            event.currentTarget.select();
            keep.current = true;
          }}
          onMouseUp={(event) => {
            onMouseUp?.(event);
            if (keep.current) event.preventDefault();
            keep.current = false;
          }}
        />
      )}
    </Field>
  );
}

export type TextareaProps = LabelledProps & Omit<ComponentPropsWithRef<'textarea'>, 'required' | 'className'>;

export function Textarea({ label, required, hint, error, className, id, rows = 4, ...rest }: TextareaProps) {
  return (
    <Field label={label} required={required} hint={hint} error={error} id={id} className={className}>
      {(control) => <textarea className={cx(controlClasses, 'py-2')} rows={rows} {...control} {...rest} />}
    </Field>
  );
}

export type SelectProps = LabelledProps & Omit<ComponentPropsWithRef<'select'>, 'required' | 'className'>;

/** A native select: keyboard, screen reader and mobile pickers work without extra code. */
export function Select({ label, required, hint, error, className, id, children, ...rest }: SelectProps) {
  return (
    <Field label={label} required={required} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <select className={cx(controlClasses, 'h-10 pr-8')} {...control} {...rest}>
          {children}
        </select>
      )}
    </Field>
  );
}
