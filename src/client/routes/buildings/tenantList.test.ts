import { describe, expect, it } from 'vitest';
import type { UnitJson } from '../../../shared/schemas/settlement-json';
import { pasteIntoTable } from '../../lib/pastedBlock';
import { emptyTenantRow, readTenantTable, TENANT_TABLE, type TenantTableRow } from './tenantList';

const units = [
  { id: 'u1', label: 'EG links' },
  { id: 'u2', label: 'EG rechts' },
] as UnitJson[];

const row = (cells: string): TenantTableRow => {
  const [unit = '', name = '', moveIn = '', moveOut = '', persons = '', rent = '', prepayment = ''] =
    cells.split('|');
  return { unit, name, moveIn, moveOut, persons, rent, prepayment };
};

describe('the tenant table', () => {
  it('reads German dates and amounts and "seit vor …", and leaves out rows with only their unit', () => {
    const rows = [
      row('EG links|Anna Berg|seit vor 2020||2|650,00|180,00'),
      emptyTenantRow('OG'),
      row('eg  rechts|Jonas Schmidt|01.03.2021|30.06.2025|1|1.020,50 €|120'),
    ];
    expect(readTenantTable(rows, units)).toEqual({
      ok: true,
      rows: [
        {
          index: 0,
          row: {
            unitId: 'u1',
            unitLabel: 'EG links',
            kind: 'tenant',
            tenant: { name: 'Anna Berg', street: '', city: '' },
            start: null,
            end: null,
            persons: 2,
            monthlyRentCents: 65_000,
            monthlyPrepaymentCents: 18_000,
            changes: [],
          },
        },
        {
          index: 2,
          row: {
            unitId: 'u2',
            unitLabel: 'EG rechts',
            kind: 'tenant',
            tenant: { name: 'Jonas Schmidt', street: '', city: '' },
            start: '2021-03-01',
            end: '2025-06-30',
            persons: 1,
            monthlyRentCents: 102_050,
            monthlyPrepaymentCents: 12_000,
            changes: [],
          },
        },
      ],
    });
  });

  it('reads a raise from a day in the Kaltmiete and the Vorauszahlung ("180 ab 01.07.2025 200")', () => {
    const read = readTenantTable(
      [row('EG links|Anna Berg|01.03.2021||2|650,00 ab 01.01.2025 680,00|180,00; ab 1.7.25: 200,50 €')],
      units,
    );
    expect(read.ok && read.rows[0]?.row).toMatchObject({
      monthlyRentCents: 65_000,
      monthlyPrepaymentCents: 18_000,
      changes: [
        { from: '2025-01-01', monthlyRentCents: 68_000 },
        { from: '2025-07-01', monthlyPrepaymentCents: 20_050 },
      ],
    });
    // the same day in both: one change
    const both = readTenantTable(
      [row('EG links|Anna Berg|||1|650 ab 01.01.2025 680|180 ab 01.01.2025 200')],
      units,
    );
    expect(both.ok && both.rows[0]?.row.changes).toEqual([
      { from: '2025-01-01', monthlyRentCents: 68_000, monthlyPrepaymentCents: 20_000 },
    ]);
    // a day that is none, an amount that is none, a change before the move-in: named at their cell
    const wrong = readTenantTable(
      [
        row('EG links|Anna Berg|01.03.2021||1|650|180 ab Juli 200'),
        row('EG rechts|Jonas Schmidt|01.03.2021||1|650 ab 01.01.2020 700|180 ab 01.07.2025 zwei'),
      ],
      units,
    );
    expect(wrong.ok ? [] : wrong.errors).toEqual([
      { row: 0, column: 'prepayment', message: 'Vorauszahlung: „ab Juli“ ist kein Datum (TT.MM.JJJJ).' },
      {
        row: 1,
        column: 'rent',
        message: 'Kaltmiete: die Änderung ab 01.01.2020 liegt nicht nach dem Einzug und bis zum Auszug.',
      },
      { row: 1, column: 'prepayment', message: expect.stringMatching(/^Vorauszahlung: ab 01\.07\.2025: /) },
    ]);
  });

  it('takes "Eigennutzung" as the name for the landlord’s own use, which has no rent', () => {
    const own = readTenantTable([row('EG links|Eigennutzung|||2||')], units);
    expect(own.ok && own.rows[0]?.row).toMatchObject({ kind: 'own-use', tenant: { name: 'Eigennutzung' } });
    expect(readTenantTable([row('EG links|selbst genutzt||||0|')], units)).toMatchObject({ ok: true });
    expect(readTenantTable([row('EG links|Eigennutzung||||650|')], units)).toEqual({
      ok: false,
      errors: [
        {
          row: 0,
          column: 'prepayment',
          message: 'Bei Eigennutzung gibt es keine Miete und keine Vorauszahlung.',
        },
      ],
    });
  });

  it('names each wrong cell by its row and column', () => {
    const rows = [
      row('Dachgeschoss|Petra Krause|31.02.2025||1||140'),
      emptyTenantRow(),
      row('EG links||01.01.2024||zwei||abc'),
    ];
    expect(readTenantTable(rows, units)).toEqual({
      ok: false,
      errors: [
        { row: 0, column: 'unit', message: 'Die Einheit „Dachgeschoss“ gibt es in diesem Haus nicht.' },
        { row: 0, column: 'moveIn', message: 'Das Einzugsdatum „31.02.2025“ ist kein Datum (TT.MM.JJJJ).' },
        { row: 2, column: 'name', message: 'Bitte geben Sie den Namen an.' },
        { row: 2, column: 'persons', message: 'Die Personenzahl ist keine ganze Zahl.' },
        { row: 2, column: 'prepayment', message: expect.stringMatching(/^Vorauszahlung: /) },
      ],
    });
    expect(readTenantTable([emptyTenantRow('EG links')], units)).toEqual({
      ok: false,
      errors: [{ row: null, message: 'Bitte geben Sie mindestens einen Mieter ein.' }],
    });
  });

  it('takes a spreadsheet block pasted into a row, its header skipped, from the pasted column on', () => {
    const pasted = pasteIntoTable(
      [emptyTenantRow('EG links'), emptyTenantRow('EG rechts')],
      TENANT_TABLE,
      { row: 0, column: 'unit' },
      'Einheit\tName\tEinzug\tAuszug\tPersonen\tKaltmiete\tVorauszahlung\nEG links\tAnna Berg\tseit vor 2020\t\t2\t650,00\t180,00\nEG rechts\tJonas Schmidt;01.03.2021;;1;600;150\nDG\tLena Fischer',
    );
    expect(pasted).toEqual([
      row('EG links|Anna Berg|seit vor 2020||2|650,00|180,00'),
      row('EG rechts|Jonas Schmidt|01.03.2021||1|600|150'),
      row('DG|Lena Fischer'),
    ]);
    // names only, into the name column of the prepared rows
    expect(
      pasteIntoTable(
        [emptyTenantRow('EG links'), emptyTenantRow('EG rechts')],
        TENANT_TABLE,
        { row: 0, column: 'name' },
        'Anna Berg\nJonas Schmidt',
      ),
    ).toEqual([row('EG links|Anna Berg'), row('EG rechts|Jonas Schmidt')]);
  });
});
