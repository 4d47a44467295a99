import { Plus } from 'lucide-react';
import { type CostPreset, USUAL_KEYS } from '../../../../shared/catalog';
import { KEY_LABELS } from '../../../../shared/vocabulary';
import { Button } from '../../../components/ui/Button';
import { costNameKey } from './costPaste';

const PRESETS = Object.entries(USUAL_KEYS) as Array<[CostPreset, 'area' | 'units' | 'persons']>;

/**
 * The BetrKV positions not yet in the list, each with its usual key: one press adds it and puts the
 * cursor in its amount (typing every name and picking every key took most of the time).
 */
export function CostChecklist({
  used,
  onAdd,
}: {
  used: readonly string[];
  onAdd: (name: CostPreset, key: 'area' | 'units' | 'persons') => void;
}) {
  const taken = new Set(used.map(costNameKey));
  const open = PRESETS.filter(([name]) => !taken.has(costNameKey(name)));
  if (open.length === 0) return null;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        Übliche Kostenarten (mit ihrem üblichen Schlüssel, änderbar)
      </legend>
      <div className="flex flex-wrap gap-2">
        {open.map(([name, key]) => (
          <Button
            key={name}
            size="sm"
            variant="secondary"
            aria-label={`${name} hinzufügen (${KEY_LABELS[key]})`}
            onClick={() => onAdd(name, key)}
          >
            <Plus aria-hidden="true" className="size-4" />
            {name}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
