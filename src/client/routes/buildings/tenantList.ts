// The house's tenancies as a table: typed row by row or a block pasted from a spreadsheet, read and
// checked before anything is sent.

import { isIsoDate } from '../../../shared/dates';
import { formatDateDe, parseMoney } from '../../../shared/money';
import type { UnitJson } from '../../../shared/schemas/settlement-json';

export const TENANT_COLUMNS = ['unit', 'name', 'moveIn', 'moveOut', 'persons', 'rent', 'prepayment'] as const;
export type TenantColumn = (typeof TENANT_COLUMNS)[number];
export type TenantTableRow = Record<TenantColumn, string>;

export const emptyTenantRow = (unit = ''): TenantTableRow => ({
  unit,
  name: '',
  moveIn: '',
  moveOut: '',
  persons: '',
  rent: '',
  prepayment: '',
});

/** The table as a block pasted into it sees it: a first line naming the unit column is its header. */
export const TENANT_TABLE = {
  columns: TENANT_COLUMNS,
  empty: () => emptyTenantRow(),
  isHeader: (line: Partial<TenantTableRow>) =>
    /^(einheit|wohnung)/i.test(line.unit ?? '') || /^name$/i.test(line.name?.trim() ?? ''),
};

export interface TenantListRow {
  unitId: string;
  unitLabel: string;
  /** "Eigennutzung" (or "selbst genutzt") as the name: the landlord's own use. */
  kind: 'tenant' | 'own-use';
  tenant: { name: string; street: ''; city: '' };
  /** null: there since before, the day not entered ("seit vor …", or left empty). */
  start: string | null;
  end: string | null;
  persons: number;
  monthlyRentCents: number | null;
  monthlyPrepaymentCents: number;
  /** A raise (or cut) from a day: "180 ab 01.07.2025 200" in the Kaltmiete or Vorauszahlung cell. */
  changes: Array<{ from: string; monthlyRentCents?: number; monthlyPrepaymentCents?: number }>;
}

export interface TenantTableError {
  /** The table's row (from 0); null for the table as a whole. */
  row: number | null;
  column?: TenantColumn;
  message: string;
}

export type TenantTableResult =
  | { ok: true; rows: Array<{ index: number; row: TenantListRow }> }
  | { ok: false; errors: TenantTableError[] };

/** "01.03.2021", "1.3.21" or "2021-03-01" → ISO; null where it is no date. */
function isoOf(text: string): string | null {
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(text);
  const iso = german
    ? `${german[3]?.length === 2 ? `20${german[3]}` : german[3]}-${german[2]?.padStart(2, '0')}-${german[1]?.padStart(2, '0')}`
    : text;
  return isIsoDate(iso) ? iso : null;
}

/**
 * An amount cell: the amount at the start, then any changes "ab TT.MM.JJJJ Betrag" ("180,00 ab
 * 01.07.2025 200,00"; typed, a comma or semicolon may stand before "ab" — pasted, a semicolon splits
 * cells). An empty cell is `empty`.
 */
function readAmounts(cell: string, empty: string) {
  const [first = '', ...later] = cell
    .replace(/€/g, '')
    .trim()
    .split(/\s*[;,]?\s*\bab\s+/i);
  const amount = parseMoney(first.trim() || empty);
  const changes = later.map((part) => {
    const [, day = '', value = ''] = /^(\S+?)\s*:?\s+(\S.*)$/.exec(part.trim()) ?? [];
    const from = isoOf(day);
    const cents = parseMoney(value.trim());
    return {
      from,
      cents: cents.ok ? cents.cents : null,
      message: !from
        ? `„ab ${day || part.trim()}“ ist kein Datum (TT.MM.JJJJ).`
        : cents.ok
          ? null
          : `ab ${day}: ${cents.message}`,
    };
  });
  return { amount, changes };
}

const normal = (label: string) => label.trim().toLocaleLowerCase('de-DE').replace(/\s+/g, ' ');

/** A name that says the landlord lives there himself. */
const OWN_USE = /^(eigennutzung|selbst ?genutzt|eigene wohnung)$/i;

/** A row the landlord typed into beyond its unit (the table starts with each free unit's label). */
export const typed = (r: TenantTableRow) => TENANT_COLUMNS.some((c) => c !== 'unit' && r[c].trim() !== '');

/** Reads one row against the house's units: the tenancy, and what is wrong with it by column. */
function readRow(r: TenantTableRow, byLabel: ReadonlyMap<string, UnitJson>) {
  const errors: Array<{ column: TenantColumn; message: string }> = [];
  const say = (column: TenantColumn, message: string) => errors.push({ column, message });
  const found = byLabel.get(normal(r.unit));
  if (!found) say('unit', `Die Einheit „${r.unit.trim()}“ gibt es in diesem Haus nicht.`);
  if (r.name.trim() === '') say('name', 'Bitte geben Sie den Namen an.');
  // "seit vor 2020", "vor Jahren" or nothing: there since before, the day not known
  const moveIn = r.moveIn.trim();
  const since = moveIn === '' || /^(seit\s+)?vor\b/i.test(moveIn);
  const start = since ? null : isoOf(moveIn);
  if (!since && !start) say('moveIn', `Das Einzugsdatum „${moveIn}“ ist kein Datum (TT.MM.JJJJ).`);
  const moveOut = r.moveOut.trim();
  const end = moveOut === '' ? null : isoOf(moveOut);
  if (moveOut !== '' && !end) say('moveOut', `Das Auszugsdatum „${moveOut}“ ist kein Datum (TT.MM.JJJJ).`);
  const people = r.persons.trim() === '' ? 1 : Number(r.persons.trim());
  if (!Number.isInteger(people) || people < 0 || people > 99)
    say('persons', 'Die Personenzahl ist keine ganze Zahl.');
  const rent = r.rent.trim() === '' ? null : readAmounts(r.rent, '');
  const kalt = rent?.amount ?? null;
  if (kalt && !kalt.ok) say('rent', `Kaltmiete: ${kalt.message}`);
  const prepayment = readAmounts(r.prepayment, '0');
  const vorauszahlung = prepayment.amount;
  if (!vorauszahlung.ok) say('prepayment', `Vorauszahlung: ${vorauszahlung.message}`);
  const changes = new Map<string, TenantListRow['changes'][number]>();
  for (const [column, label, key, read] of [
    ['rent', 'Kaltmiete', 'monthlyRentCents', rent?.changes ?? []],
    ['prepayment', 'Vorauszahlung', 'monthlyPrepaymentCents', prepayment.changes],
  ] as const) {
    for (const c of read) {
      if (c.message || !c.from || c.cents === null) {
        say(column, `${label}: ${c.message}`);
        continue;
      }
      if ((start !== null && c.from <= start) || (end !== null && c.from > end)) {
        say(
          column,
          `${label}: die Änderung ab ${formatDateDe(c.from)} liegt nicht nach dem Einzug und bis zum Auszug.`,
        );
        continue;
      }
      changes.set(c.from, { ...changes.get(c.from), from: c.from, [key]: c.cents });
    }
  }
  const ownUse = OWN_USE.test(r.name.trim());
  if (ownUse && ((kalt?.ok && kalt.cents > 0) || (vorauszahlung.ok && vorauszahlung.cents > 0)))
    say('prepayment', 'Bei Eigennutzung gibt es keine Miete und keine Vorauszahlung.');
  const row: TenantListRow = {
    unitId: found?.id ?? '',
    unitLabel: found?.label ?? r.unit.trim(),
    kind: ownUse ? 'own-use' : 'tenant',
    tenant: { name: r.name.trim(), street: '', city: '' },
    start,
    end,
    persons: Number.isInteger(people) ? people : 0,
    monthlyRentCents: kalt?.ok ? kalt.cents : null,
    monthlyPrepaymentCents: vorauszahlung.ok ? vorauszahlung.cents : 0,
    changes: [...changes.values()].sort((a, b) => a.from.localeCompare(b.from)),
  };
  return { row, errors };
}

/**
 * Reads the table against the house's units: every row typed into is a tenancy (rows with only their
 * unit are left out), each problem said with its row and column as the landlord sees them.
 */
export function readTenantTable(
  rows: readonly TenantTableRow[],
  units: readonly UnitJson[],
): TenantTableResult {
  const byLabel = new Map(units.map((u) => [normal(u.label), u]));
  const read = rows.flatMap((r, index) => (typed(r) ? [{ index, ...readRow(r, byLabel) }] : []));
  if (read.length === 0)
    return { ok: false, errors: [{ row: null, message: 'Bitte geben Sie mindestens einen Mieter ein.' }] };
  const errors = read.flatMap((r) => r.errors.map((e) => ({ row: r.index, ...e })));
  return errors.length > 0
    ? { ok: false, errors }
    : { ok: true, rows: read.map(({ index, row }) => ({ index, row })) };
}

/** The table's column of a field the server names in a row (`tenancies.2.start` → Einzug). */
export const COLUMN_OF_FIELD: Record<string, TenantColumn> = {
  unitId: 'unit',
  'tenant.name': 'name',
  start: 'moveIn',
  end: 'moveOut',
  persons: 'persons',
  monthlyRentCents: 'rent',
  monthlyPrepaymentCents: 'prepayment',
};
