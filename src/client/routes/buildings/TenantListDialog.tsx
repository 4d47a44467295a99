import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatCents, formatDateDe } from '../../../shared/money';
import type { UnitJson } from '../../../shared/schemas/settlement-json';
import { cx } from '../../components/ui/cx';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { controlClasses } from '../../components/ui/Field';
import { Table } from '../../components/ui/Table';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { createTenancies, settlementsKey, tenanciesKey } from './api';
import { readTenantList, TENANT_LIST_COLUMNS } from './tenantList';

export interface TenantListTarget {
  propertyId: string;
  units: UnitJson[];
}

/**
 * The house's tenancies pasted as a list from a spreadsheet (one dialog per tenancy took the longest
 * part of entering a house): read at once into a preview, every wrong line named, stored all or none.
 */
export function TenantListDialog({
  target,
  onClose,
}: {
  target: TenantListTarget | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Mieter als Liste einfügen"
      description={`Eine Zeile je Mietverhältnis, die Spalten in dieser Reihenfolge: ${TENANT_LIST_COLUMNS.join(', ')}. Einzug leer oder „seit vor …“, wenn der Tag nicht bekannt ist; Auszug leer, solange der Mieter wohnt.`}
      className="sm:max-w-3xl"
    >
      {target && <TenantListForm target={target} onDone={onClose} />}
    </Dialog>
  );
}

function TenantListForm({ target, onDone }: { target: TenantListTarget; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const read = text.trim() === '' ? null : readTenantList(text, target.units);
  const rows = read?.rows ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!read?.ok) {
      setRefused(
        read ? 'Bitte korrigieren Sie die genannten Zeilen.' : 'Bitte fügen Sie die Liste der Mieter ein.',
      );
      return;
    }
    setSaving(true);
    try {
      const { tenancies } = await createTenancies(
        target.propertyId,
        read.rows.map(({ unitLabel: _, ...row }) => row),
      );
      await queryClient.invalidateQueries({ queryKey: tenanciesKey(target.propertyId) });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
      toast({
        title: `${tenancies.length} ${tenancies.length === 1 ? 'Mietverhältnis' : 'Mietverhältnisse'} angelegt`,
      });
      onDone();
    } catch (error) {
      // the server names the line ("Zeile 3: …"): nothing was stored
      setRefused(errorMessage(error));
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-900">
        Liste
        <textarea
          className={cx(controlClasses, 'h-32 px-3 py-2 font-mono text-xs')}
          value={text}
          placeholder={'EG links\tAnna Berg\tseit vor 2020\t\t2\t650,00\t180,00'}
          onChange={(event) => {
            setText(event.target.value);
            setRefused(null);
          }}
        />
      </label>
      {rows.length > 0 && (
        <Table caption="Vorschau der Mietverhältnisse" className="min-w-[36rem]">
          <thead className="text-slate-700">
            <tr>
              {['Einheit', 'Name', 'Einzug', 'Auszug', 'Pers.', 'Kaltmiete', 'Vorauszahlung'].map((h) => (
                <th key={h} scope="col" className="px-2 py-1.5 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a pasted line has no identity but its place
              <tr key={i} className="border-t border-slate-100 [&>td]:px-2">
                <td className="py-1 pr-2">{r.unitLabel}</td>
                <td className="py-1 pr-2">{r.tenant.name}</td>
                <td className="py-1 pr-2">{r.start ? formatDateDe(r.start) : 'seit längerem'}</td>
                <td className="py-1 pr-2">{r.end ? formatDateDe(r.end) : '–'}</td>
                <td className="py-1 pr-2">{r.persons}</td>
                <td className="py-1 pr-2">
                  {r.monthlyRentCents === null ? '–' : formatCents(r.monthlyRentCents)}
                </td>
                <td className="py-1 pr-2">{formatCents(r.monthlyPrepaymentCents)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {((read && !read.ok) || refused) && (
        <div role="alert">
          <ul className="flex flex-col gap-1 text-sm text-red-700">
            {read &&
              !read.ok &&
              read.errors.map((e) => (
                <li key={`${e.line}-${e.message}`}>
                  {e.line > 0 ? `Zeile ${e.line}: ${e.message}` : e.message}
                </li>
              ))}
            {refused && <li>{refused}</li>}
          </ul>
        </div>
      )}
      <DialogFormActions
        submitting={saving}
        submitLabel={
          read?.ok
            ? `${rows.length} ${rows.length === 1 ? 'Mietverhältnis' : 'Mietverhältnisse'} anlegen`
            : 'Anlegen'
        }
      />
    </form>
  );
}
