// A tenant list pasted from a spreadsheet: one tenancy a line, read and checked before anything is sent.

import { isIsoDate } from '../../../shared/dates';
import { parseMoney } from '../../../shared/money';
import type { UnitJson } from '../../../shared/schemas/settlement-json';
import { pastedBlock } from '../../lib/pastedBlock';

/** The columns in their order, as the dialog names them. */
export const TENANT_LIST_COLUMNS = [
  'Einheit',
  'Name',
  'Einzug',
  'Auszug',
  'Personen',
  'Kaltmiete (€)',
  'Vorauszahlung (€)',
] as const;

export interface TenantListRow {
  unitId: string;
  unitLabel: string;
  tenant: { name: string; street: ''; city: '' };
  /** null: there since before, the day not entered ("seit vor …", or left empty). */
  start: string | null;
  end: string | null;
  persons: number;
  monthlyRentCents: number | null;
  monthlyPrepaymentCents: number;
}

export type TenantListResult =
  | { ok: true; rows: TenantListRow[] }
  | { ok: false; errors: Array<{ line: number; message: string }>; rows: TenantListRow[] };

/** "01.03.2021", "1.3.21" or "2021-03-01" → ISO; null where it is no date. */
function isoOf(text: string): string | null {
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  const iso = german
    ? `${german[3]?.length === 2 ? `20${german[3]}` : german[3]}-${german[2]?.padStart(2, '0')}-${german[1]?.padStart(2, '0')}`
    : text;
  return isIsoDate(iso) ? iso : null;
}

const normal = (label: string) => label.trim().toLocaleLowerCase('de-DE').replace(/\s+/g, ' ');

/**
 * Reads the pasted text against the house's units. A first line naming the columns is skipped; every
 * other line is a tenancy, and each problem is said with its line (counted as the landlord sees them).
 */
export function readTenantList(text: string, units: readonly UnitJson[]): TenantListResult {
  const lines = pastedBlock(text) ?? (text.trim() ? [text.trim().split(/\t|;/)] : []);
  const byLabel = new Map(units.map((u) => [normal(u.label), u]));
  const errors: Array<{ line: number; message: string }> = [];
  const rows: TenantListRow[] = [];
  lines.forEach((cells, i) => {
    const line = i + 1;
    const [unit = '', name = '', moveIn = '', moveOut = '', persons = '', rent = '', prepayment = ''] = cells;
    if (i === 0 && /^einheit|^wohnung/i.test(unit.trim()) && !/\d/.test(prepayment)) return;
    const say = (message: string) => errors.push({ line, message });
    const found = byLabel.get(normal(unit));
    if (!found) say(`Die Einheit „${unit.trim()}“ gibt es in diesem Haus nicht.`);
    if (name.trim() === '') say('Bitte geben Sie den Namen an.');
    // "seit vor 2020", "vor Jahren" or nothing: there since before, the day not known
    const since = moveIn.trim() === '' || /^(seit\s+)?vor\b/i.test(moveIn.trim());
    const start = since ? null : isoOf(moveIn.trim());
    if (!since && !start) say(`Das Einzugsdatum „${moveIn.trim()}“ ist kein Datum (TT.MM.JJJJ).`);
    const end = moveOut.trim() === '' ? null : isoOf(moveOut.trim());
    if (moveOut.trim() !== '' && !end)
      say(`Das Auszugsdatum „${moveOut.trim()}“ ist kein Datum (TT.MM.JJJJ).`);
    const people = persons.trim() === '' ? 1 : Number(persons.trim());
    if (!Number.isInteger(people) || people < 0 || people > 99) say('Die Personenzahl ist keine ganze Zahl.');
    const kalt = rent.trim() === '' ? null : parseMoney(rent.replace(/€/g, '').trim());
    if (kalt && !kalt.ok) say(`Kaltmiete: ${kalt.message}`);
    const vorauszahlung = parseMoney(prepayment.replace(/€/g, '').trim() || '0');
    if (!vorauszahlung.ok) say(`Vorauszahlung: ${vorauszahlung.message}`);
    rows.push({
      unitId: found?.id ?? '',
      unitLabel: found?.label ?? unit.trim(),
      tenant: { name: name.trim(), street: '', city: '' },
      start,
      end,
      persons: Number.isInteger(people) ? people : 0,
      monthlyRentCents: kalt?.ok ? kalt.cents : null,
      monthlyPrepaymentCents: vorauszahlung.ok ? vorauszahlung.cents : 0,
    });
  });
  if (lines.length === 0) errors.push({ line: 0, message: 'Bitte fügen Sie die Liste der Mieter ein.' });
  return errors.length > 0 ? { ok: false, errors, rows } : { ok: true, rows };
}
