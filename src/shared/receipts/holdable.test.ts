import { describe, expect, it } from 'vitest';
import type { ReceiptFields } from '../schemas/receipt';
import { holdable } from './holdable';

const fields: ReceiptFields = {
  issuer: 'Stadtwerke Musterstadt GmbH',
  invoiceNumber: 'SW-1',
  invoiceDate: '2026-01-20',
  servicePeriod: { start: '2025-01-01', end: '2025-12-31' },
  totalCents: 80_000,
  iban: null,
  lines: [],
};

describe('what a reader found, made to fit the answer', () => {
  it('groups more lines than a receipt holds by cost type, amounts and labour added up', () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      category: i % 2 === 0 ? ('Wasserversorgung' as const) : ('Hauswart' as const),
      name: `Position ${i + 1}`,
      amountCents: 2_000,
      labourCents: i % 2 === 0 ? null : 500,
    }));
    const held = holdable({ ...fields, lines });
    expect(held.fields.lines).toEqual([
      { category: 'Wasserversorgung', name: 'Wasserversorgung', amountCents: 40_000, labourCents: null },
      { category: 'Hauswart', name: 'Hauswart', amountCents: 40_000, labourCents: 10_000 },
    ]);
    expect(held.warnings).toContainEqual({
      code: 'lines-grouped',
      message: 'Der Beleg hat 40 Positionen; sie sind nach Kostenart zusammengefasst.',
    });
  });

  it('leaves out what cannot be a receipt’s value, and says so', () => {
    const held = holdable({
      ...fields,
      invoiceDate: '2025-02-31',
      servicePeriod: { start: '2025-12-31', end: '2025-01-01' },
      totalCents: 1e20,
      iban: 'DE'.repeat(20),
    });
    expect(held.fields).toMatchObject({
      invoiceDate: null,
      servicePeriod: null,
      totalCents: null,
      iban: null,
    });
    expect(held.warnings.map((w) => w.code)).toEqual([
      'total-unreadable',
      'date-unreadable',
      'period-unreadable',
    ]);
    // what fits stays as it is
    expect(holdable(fields)).toEqual({ fields, warnings: [] });
  });
});
