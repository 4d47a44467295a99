import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { Textarea } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api';
import { pastedBlock } from '../../lib/pastedBlock';
import { createUnits, settlementsKey, type UnitBatchRow, unitsKey } from './api';

/** The rows of a pasted table: label, m², MEA, floor; a header row (no number in m²) is skipped. */
export function unitRows(text: string): UnitBatchRow[] {
  const rows = pastedBlock(text) ?? (text.trim() ? [text.split(/\t|;/).map((c) => c.trim())] : []);
  return rows
    .filter(([, area]) => /\d/.test(area ?? ''))
    .map(([label = '', area = '', mea = '', floor = '']) => ({
      label,
      area,
      ...(mea ? { mea } : {}),
      floor,
    }));
}

/**
 * Units entered as a table (issue 31: one dialog per unit took over a minute for six): rows pasted
 * from a spreadsheet or typed, one per unit, created at once.
 */
export function UnitTableDialog({ propertyId, onClose }: { propertyId: string | null; onClose: () => void }) {
  return (
    <Dialog
      open={propertyId !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Einheiten als Tabelle einfügen"
      description="Eine Zeile je Einheit: Bezeichnung, Wohnfläche (m²), MEA, Geschoss – getrennt durch Tab (aus einer Tabelle kopiert) oder Semikolon."
      className="sm:max-w-2xl"
    >
      {propertyId && <UnitTableForm propertyId={propertyId} onDone={onClose} />}
    </Dialog>
  );
}

function UnitTableForm({ propertyId, onDone }: { propertyId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const rows = unitRows(text);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rows.length === 0) {
      setErrors(['Bitte fügen Sie mindestens eine Zeile mit Bezeichnung und Wohnfläche ein.']);
      return;
    }
    setSaving(true);
    try {
      const { units } = await createUnits(propertyId, rows);
      await queryClient.invalidateQueries({ queryKey: unitsKey(propertyId) });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
      toast({ title: `${units.length} ${units.length === 1 ? 'Einheit' : 'Einheiten'} hinzugefügt` });
      onDone();
    } catch (error) {
      // a row's message names the row, as the landlord counts them
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const named = Object.entries(fields).map(([path, message]) => {
        const row = /^units\.(\d+)\./.exec(path);
        return row ? `Zeile ${Number(row[1]) + 1}: ${message}` : message;
      });
      setErrors(named.length > 0 ? named : [errorMessage(error)]);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <Textarea
        label="Einheiten"
        rows={8}
        placeholder={'EG links\t62,5\t250\tEG\nEG rechts\t48\t190\tEG'}
        value={text}
        error={errors.length > 0 ? errors.join(' ') : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setErrors([]);
        }}
      />
      {rows.length > 0 && (
        <table className="w-full text-left text-sm" aria-label="Vorschau">
          <thead className="text-slate-600">
            <tr>
              <th className="py-1 font-medium">Bezeichnung</th>
              <th className="py-1 font-medium">m²</th>
              <th className="py-1 font-medium">MEA</th>
              <th className="py-1 font-medium">Geschoss</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a pasted row has no identity but its place
              <tr key={i}>
                <td className="py-1">{r.label}</td>
                <td className="py-1 tabular-nums">{r.area}</td>
                <td className="py-1 tabular-nums">{r.mea ?? ''}</td>
                <td className="py-1">{r.floor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <DialogFormActions
        submitting={saving}
        submitLabel={
          rows.length > 0
            ? `${rows.length} ${rows.length === 1 ? 'Einheit' : 'Einheiten'} anlegen`
            : 'Anlegen'
        }
      />
    </form>
  );
}
