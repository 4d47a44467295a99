import { useState } from 'react';
import { warningKey } from '../../shared/settlement/checks';
import { Checkbox } from './ui/Checkbox';

interface Warning {
  code: string;
  path: string;
  message: string;
}

/**
 * The warnings of the checks before a statement goes out (docs/domain/checks.md): each must be ticked as
 * checked before finalizing; the server refuses any that is not (409) and records the rest.
 */
export function useCheckedWarnings(warnings: readonly Warning[]) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const tick = (key: string, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const keys = warnings.map(warningKey);
  return {
    checked,
    tick,
    /** The keys to send: only those of the warnings shown now. */
    confirmed: keys.filter((k) => checked.has(k)),
    unchecked: keys.filter((k) => !checked.has(k)).length,
  };
}

export function WarningChecklist({
  warnings,
  checked,
  onTick,
  before,
}: {
  warnings: readonly Warning[];
  checked: ReadonlySet<string>;
  onTick: (key: string, on: boolean) => void;
  /** What the check comes before: "dem Finalisieren". */
  before: string;
}) {
  if (warnings.length === 0) return null;
  return (
    <fieldset className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {/* floated, so a legend that wraps stays inside the box instead of on its border */}
      <legend className="float-left mb-2 w-full font-medium">
        Bitte prüfen Sie vor {before} {warnings.length === 1 ? 'diesen Hinweis' : 'diese Hinweise'}:
      </legend>
      <ul className="clear-both flex flex-col gap-3">
        {warnings.map((w) => {
          const key = warningKey(w);
          return (
            <li key={key}>
              <Checkbox
                label={
                  <>
                    <strong className="font-medium">Ich habe geprüft:</strong> {w.message}
                  </>
                }
                checked={checked.has(key)}
                onChange={(event) => onTick(key, event.target.checked)}
              />
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
