import { describe, expect, it } from 'vitest';
import { labourToForm, readLabour } from './labourForm';

describe('the § 35a part of a cost card', () => {
  it('round-trips a percentage and an amount as typed', () => {
    const percent = labourToForm({ category: 'household', percent: 80 });
    expect(percent).toEqual({ category: 'household', mode: 'percent', value: '80' });
    expect(readLabour(percent, 0, null)).toEqual({ labour35a: { category: 'household', percent: 80 } });
    const amount = labourToForm({ category: 'craftsman', amountCents: 12_050 });
    expect(amount).toEqual({ category: 'craftsman', mode: 'amount', value: '120,50' });
    expect(readLabour(amount, 0, null)).toEqual({
      labour35a: { category: 'craftsman', amountCents: 12_050 },
    });
  });

  it('sends nothing without a category and names an unreadable value when saving', () => {
    expect(readLabour({ category: '', mode: 'percent', value: '50' }, 0, null)).toEqual({});
    const fields: Record<string, string> = {};
    readLabour({ category: 'household', mode: 'percent', value: '120' }, 2, (p, m) => {
      fields[p] = m;
    });
    expect(fields).toEqual({
      'costs.2.labour35a.value': 'Bitte geben Sie einen Prozentsatz von 0 bis 100 ein.',
    });
  });

  it('reads a category chosen before its mode and value inputs appeared as no labour part yet', () => {
    expect(readLabour({ category: 'household' }, 0, null)).toEqual({});
    const fields: Record<string, string> = {};
    readLabour({ category: 'household' }, 1, (p, m) => {
      fields[p] = m;
    });
    expect(fields).toEqual({
      'costs.1.labour35a.value': 'Bitte geben Sie einen Prozentsatz von 0 bis 100 ein.',
    });
  });
});
