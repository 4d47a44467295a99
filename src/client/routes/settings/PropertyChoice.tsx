import { Checkbox } from '../../components/ui/Checkbox';

/**
 * The properties a reader is limited to (ADR 0028): none ticked means all of the workspace, so the
 * choice can only narrow what the person sees.
 */
export function PropertyChoice({
  legend,
  properties,
  value,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  properties: Array<{ id: string; name: string }>;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  if (properties.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <p className="text-sm text-slate-600">Ohne Auswahl sieht die Person alle Immobilien.</p>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {properties.map((p) => (
          <Checkbox
            key={p.id}
            label={p.name}
            checked={value.includes(p.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...value, p.id] : value.filter((id) => id !== p.id))
            }
          />
        ))}
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}

/** How a limit reads in a member's line: „nur Haus A, Haus B“ (a property since deleted is left out). */
export function limitText(ids: string[] | null, properties: Array<{ id: string; name: string }>): string {
  if (!ids) return '';
  const names = properties.filter((p) => ids.includes(p.id)).map((p) => p.name);
  return names.length > 0 ? `nur ${names.join(', ')}` : 'keine Immobilie mehr';
}
