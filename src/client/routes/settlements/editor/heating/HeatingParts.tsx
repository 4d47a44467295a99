// The building blocks the heating editor repeats: a pot's consumption share, an entry of a list with
// its remove button, a reading with its "estimated" tick (§9a), and the engine's notes on a whole pot.

import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { get, type Path, useFormContext } from 'react-hook-form';
import { Button } from '../../../../components/ui/Button';
import { Checkbox } from '../../../../components/ui/Checkbox';
import { Select } from '../../../../components/ui/Field';
import type { SettlementFormValues } from '../formValues';
import { WarningLines } from '../WarningLines';
import { HeatingField, type Warning } from './HeatingField';
import { heatingFormPath } from './heatingForm';

const PERCENTS = Array.from({ length: 21 }, (_, i) => String(50 + i));

/** The share of a pot split by consumption, 50–70 % (§§ 7, 8 HeizkostenV). */
export function PercentSelect({ path, label, hint }: { path: string; label: string; hint?: string }) {
  const { register, formState } = useFormContext<SettlementFormValues>();
  return (
    <Select
      label={label}
      hint={hint}
      error={(get(formState.errors, path) as { message?: string } | undefined)?.message}
      {...register(path as Path<SettlementFormValues>)}
    >
      {PERCENTS.map((p) => (
        <option key={p} value={p}>
          {p} %
        </option>
      ))}
    </Select>
  );
}

/** One entry of a list (a delivery, an operating cost): its fields in a row and a remove button. */
export function ListEntry({
  label,
  columns,
  onRemove,
  children,
}: {
  /** "Lieferung 2": names the entry and its remove button. */
  label: string;
  /** The grid's columns from the sm breakpoint on, the remove button's included. */
  columns: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <li
      aria-label={label}
      className={`grid gap-3 rounded-md border border-slate-200 p-3 sm:items-start ${columns}`}
    >
      {children}
      <Button
        variant="ghost"
        size="icon"
        className="justify-self-end text-red-700 hover:bg-red-50 sm:mt-6"
        onClick={onRemove}
        aria-label={`${label} entfernen`}
        title={`${label} entfernen`}
      >
        <Trash2 aria-hidden="true" className="size-5" />
      </Button>
    </li>
  );
}

/** Marks a reading as estimated (§ 9a HeizkostenV): `pot` is heat or hot water, `id` a tenancy or unit. */
export function EstimatedCheckbox({
  pot,
  id,
  label = 'Wert geschätzt (§ 9a HeizkostenV)',
}: {
  pot: 'heat' | 'hotWater';
  id: string;
  label?: string;
}) {
  const { register } = useFormContext<SettlementFormValues>();
  return <Checkbox label={label} {...register(`heating.computed.${pot}.estimated.${id}`)} />;
}

/** A single reading (m³ or units) with its "estimated" tick. */
export function ReadingField({
  pot,
  id,
  path,
  label,
  estimatedLabel,
  hint,
  warnings,
}: {
  pot: 'heat' | 'hotWater';
  id: string;
  path: string;
  label: string;
  estimatedLabel?: string;
  hint?: string;
  warnings: Warning[];
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <HeatingField path={path} label={label} kind="quantity" hint={hint} warnings={warnings} />
      <EstimatedCheckbox pot={pot} id={id} label={estimatedLabel} />
    </div>
  );
}

/** The engine's warnings about a pot as a whole (e.g. § 9a), whose path is none of its fields. */
export function PotNotes({ warnings, paths }: { warnings: Warning[]; paths: string[] }) {
  const here = warnings.filter((w) => paths.includes(heatingFormPath(w.path)));
  if (here.length === 0) return null;
  return (
    <div className="mt-3 flex flex-col gap-1">
      <WarningLines warnings={here} />
    </div>
  );
}
