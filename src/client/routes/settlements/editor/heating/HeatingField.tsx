import type { ReactNode } from 'react';
import { get, type Path, useFormContext } from 'react-hook-form';
import { centsToInput, formatQuantity, parseMoney, parseQuantity } from '../../../../../shared/money';
import { Input } from '../../../../components/ui/Field';
import type { Figures } from '../../results/figures';
import type { SettlementFormValues } from '../formValues';
import { heatingFormPath } from './heatingForm';

export type Warning = Figures['warnings'][number];
type FormPath = Path<SettlementFormValues>;

/** The engine's heating warnings whose field is `path` (engine paths mapped like the server's). */
export function warningsAt(warnings: Warning[], path: string): Warning[] {
  return warnings.filter((w) => heatingFormPath(w.path) === path);
}

/** A heating input: the form's error, else the engine's error in red; the engine's warning as its hint. */
export function HeatingField({
  path,
  label,
  kind,
  warnings,
  required,
  hint,
  className,
  type,
  list,
}: {
  path: string;
  label: string;
  kind: 'money' | 'quantity' | 'text';
  warnings: Warning[];
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  type?: 'date';
  list?: string;
}) {
  const { register, formState, setValue } = useFormContext<SettlementFormValues>();
  const name = path as FormPath;
  const here = warningsAt(warnings, path);
  const warning = here.find((w) => w.severity === 'warning')?.message;
  // "1234,5" becomes "1.234,50" (or "1.234,5") when left, so the landlord sees how it is read
  const onBlur = (event: { target: { value: string } }) => {
    const typed = event.target.value;
    if (kind === 'money') {
      const parsed = parseMoney(typed);
      if (parsed.ok && parsed.cents >= 0) setValue(name, centsToInput(parsed.cents));
    } else if (kind === 'quantity') {
      const parsed = parseQuantity(typed);
      if (parsed.ok && parsed.milli >= 0) setValue(name, formatQuantity(parsed.value));
    }
  };
  return (
    <Input
      label={label}
      required={required}
      className={className}
      type={type}
      list={list}
      inputMode={kind === 'text' || type ? undefined : 'decimal'}
      autoComplete="off"
      placeholder={kind === 'money' ? '0,00' : undefined}
      error={
        (get(formState.errors, path) as { message?: string } | undefined)?.message ??
        here.find((w) => w.severity === 'error')?.message
      }
      hint={warning ? <span className="text-amber-800">{warning}</span> : hint}
      {...register(name, { onBlur })}
    />
  );
}
