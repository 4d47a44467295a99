import { describe, expect, it } from 'vitest';
import { form } from '../../../tests/builders/statement';
import { computeStatement } from './compute';
import { statementFileName } from './file-name';

describe('statementFileName', () => {
  it('names the file after the year of the period end and the tenant', () => {
    const data = form({
      tenant: { name: 'Max  Müller-Lüdenscheidt', street: '', city: '' },
      billingPeriod: { start: '2023-07-01', end: '2024-06-30' },
    });
    expect(statementFileName(data, false)).toBe('Betriebskostenabrechnung_2024_Max_Müller-Lüdenscheidt.pdf');
    expect(statementFileName(data, true)).toBe(
      'VORSCHAU_Betriebskostenabrechnung_2024_Max_Müller-Lüdenscheidt.pdf',
    );
    expect(statementFileName(computeStatement(data, '2025-01-01'), true)).toBe(
      'VORSCHAU_Betriebskostenabrechnung_2024_Max_Müller-Lüdenscheidt.pdf',
    );
  });

  it('drops characters that are unsafe in file names', () => {
    const data = form({ tenant: { name: ' A/B "C"\n ', street: '', city: '' } });
    expect(statementFileName(data, false)).toBe('Betriebskostenabrechnung_2024_AB_C.pdf');
  });

  it('leaves out missing parts', () => {
    const data = form({ tenant: { name: '', street: '', city: '' }, billingPeriod: { start: '', end: '' } });
    expect(statementFileName(data, false)).toBe('Betriebskostenabrechnung.pdf');
  });
});
