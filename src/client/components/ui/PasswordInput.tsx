import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { cx } from './cx';
import { controlClasses, Field, type InputProps } from './Field';

export type PasswordInputProps = Omit<InputProps, 'type'>;

/** A password field with a show/hide toggle. */
export function PasswordInput({ label, required, hint, error, className, id, ...rest }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} required={required} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <input
            type={visible ? 'text' : 'password'}
            className={cx(controlClasses, 'h-10 pr-11')}
            {...control}
            {...rest}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? 'Passwort verbergen' : 'Passwort anzeigen'}
            aria-pressed={visible}
            aria-controls={control.id}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-700"
          >
            {visible ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      )}
    </Field>
  );
}
