import { describe, expect, it } from 'vitest';
import type { UnitJson } from '../../../shared/schemas/settlement-json';
import { readTenantList } from './tenantList';

const units = [
  { id: 'u1', label: 'EG links' },
  { id: 'u2', label: 'EG rechts' },
] as UnitJson[];

describe('a pasted tenant list', () => {
  it('reads a spreadsheet block with its header, German dates and amounts, and "seit vor …"', () => {
    const text = [
      'Einheit\tName\tEinzug\tAuszug\tPersonen\tKaltmiete\tVorauszahlung',
      'EG links\tAnna Berg\tseit vor 2020\t\t2\t650,00\t180,00',
      'eg  rechts\tJonas Schmidt\t01.03.2021\t30.06.2025\t1\t1.020,50 €\t120',
    ].join('\n');
    expect(readTenantList(text, units)).toEqual({
      ok: true,
      rows: [
        {
          unitId: 'u1',
          unitLabel: 'EG links',
          tenant: { name: 'Anna Berg', street: '', city: '' },
          start: null,
          end: null,
          persons: 2,
          monthlyRentCents: 65_000,
          monthlyPrepaymentCents: 18_000,
        },
        {
          unitId: 'u2',
          unitLabel: 'EG rechts',
          tenant: { name: 'Jonas Schmidt', street: '', city: '' },
          start: '2021-03-01',
          end: '2025-06-30',
          persons: 1,
          monthlyRentCents: 102_050,
          monthlyPrepaymentCents: 12_000,
        },
      ],
    });
  });

  it('names each wrong line and what is wrong in it', () => {
    const text = 'Dachgeschoss;Petra Krause;31.02.2025;;1;;140\nEG links;;01.01.2024;;zwei;;abc';
    const read = readTenantList(text, units);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual([
      { line: 1, message: 'Die Einheit „Dachgeschoss“ gibt es in diesem Haus nicht.' },
      { line: 1, message: 'Das Einzugsdatum „31.02.2025“ ist kein Datum (TT.MM.JJJJ).' },
      { line: 2, message: 'Bitte geben Sie den Namen an.' },
      { line: 2, message: 'Die Personenzahl ist keine ganze Zahl.' },
      { line: 2, message: expect.stringMatching(/^Vorauszahlung: /) },
    ]);
  });
});
