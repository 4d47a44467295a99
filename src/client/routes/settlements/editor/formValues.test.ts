import { describe, expect, it } from 'vitest';
import type { Settlement } from '../api';
import {
  bodyToSave,
  changedReceipts,
  differsFrom,
  emptyCost,
  emptySender,
  formPathOf,
  liveBody,
  type SettlementFormValues,
  toFormValues,
} from './formValues';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

function values(parts: Partial<SettlementFormValues> = {}): SettlementFormValues {
  return {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    costs: [],
    prepaymentsPaid: {},
    letter: {
      landlord: emptySender(),
      bank: { holder: '', iban: '', bic: '', bank: '' },
    },
    ...parts,
  };
}

describe('the settlement form', () => {
  it('reads German amounts and quantities exactly into cents and numbers', () => {
    const checked = bodyToSave(
      values({
        costs: [
          { ...emptyCost('Grundsteuer'), amount: '1.234,56' },
          {
            ...emptyCost('Wasser'),
            amount: '840',
            key: 'consumption',
            consumption: {
              totalUnits: '320',
              byTenancy: { [A]: '95,5', [B]: '' },
              unit: 'units',
              meterKind: '',
            },
          },
          { ...emptyCost('Schlüssel'), amount: '89,00', key: 'direct', tenancyId: B },
        ],
        prepaymentsPaid: { [A]: '2.100,00', [B]: '' },
      }),
    );
    expect(checked).toEqual({
      ok: true,
      body: {
        periodStart: '2025-01-01',
        periodEnd: '2025-12-31',
        costs: [
          { name: 'Grundsteuer', amountCents: 123_456, key: 'area' },
          {
            name: 'Wasser',
            amountCents: 84_000,
            key: 'consumption',
            // an empty reading is a missing one, left to the engine's warning
            consumption: { totalUnits: 320, byTenancy: { [A]: 95.5 } },
          },
          { name: 'Schlüssel', amountCents: 8_900, key: 'direct', tenancyId: B },
        ],
        prepaymentsPaidCents: { [A]: 210_000 },
        letter: { landlord: emptySender(), bank: null },
      },
    });
  });

  it('names every unreadable or missing field by its form path before saving', () => {
    const checked = bodyToSave(
      values({
        costs: [
          { ...emptyCost(''), amount: '12,345' },
          { ...emptyCost('Wasser'), amount: '1', key: 'consumption' },
          { ...emptyCost('Schlüssel'), amount: '1', key: 'direct' },
        ],
        prepaymentsPaid: { [A]: 'viel' },
        letter: {
          landlord: { ...emptySender(), name: 'Erika' },
          bank: { holder: 'Erika', iban: 'DE00 1234', bic: '', bank: '' },
        },
      }),
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.fields).toEqual({
      'costs.0.amount': 'Höchstens zwei Nachkommastellen erlaubt.',
      'costs.0.name': 'Bitte geben Sie die Kostenart ein.',
      'costs.1.consumption.totalUnits': 'Bitte geben Sie eine Zahl ein.',
      'costs.2.tenancyId': 'Beim Schlüssel Direkt bitte das Mietverhältnis wählen.',
      [`prepaymentsPaid.${A}`]: 'Ungültiger Betrag. Bitte im Format 1.234,56 eingeben.',
      'letter.bank.iban': 'Ungültige IBAN.',
    });
    const tooLong = bodyToSave(values({ periodEnd: '2026-03-31' }));
    expect(tooLong).toEqual({
      ok: false,
      fields: { periodEnd: 'Der Abrechnungszeitraum darf höchstens 12 Monate umfassen (§ 556 Abs. 3 BGB).' },
    });
  });

  it('follows typing without throwing: an unreadable amount counts as 0, an unreadable reading as missing', () => {
    const body = liveBody(
      values({
        costs: [
          { ...emptyCost('Grundsteuer'), amount: '12,3x' },
          {
            ...emptyCost('Wasser'),
            amount: '10',
            key: 'consumption',
            consumption: { totalUnits: '', byTenancy: { [A]: '3,' }, unit: 'units', meterKind: '' },
          },
        ],
      }),
    );
    expect(body.costs).toEqual([
      { name: 'Grundsteuer', amountCents: 0, key: 'area' },
      {
        name: 'Wasser',
        amountCents: 1_000,
        key: 'consumption',
        consumption: { totalUnits: 0, byTenancy: { [A]: 3 } },
      },
    ]);
  });

  it('puts a stored settlement back into the form as the landlord typed it', () => {
    const stored = {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs: [
        {
          name: 'Wasser',
          amountCents: 84_000,
          key: 'consumption',
          consumption: { totalUnits: 1234.5, byTenancy: { [A]: 95.5 } },
        },
      ],
      prepaymentsPaidCents: { [A]: 210_000 },
      letter: { landlord: { name: 'Erika', street: 'Weg 1', city: '10115 Berlin' }, bank: null },
    } as unknown as Settlement;
    const form = toFormValues(stored);
    expect(form.costs[0]).toEqual({
      name: 'Wasser',
      amount: '840,00',
      key: 'consumption',
      consumption: { totalUnits: '1.234,5', byTenancy: { [A]: '95,5' }, unit: 'units', meterKind: '' },
      tenancyId: '',
      costGroupId: '',
      unitIds: [],
      documentIds: [],
    });
    expect(form.prepaymentsPaid).toEqual({ [A]: '2.100,00' });
    const again = bodyToSave(form);
    expect(again.ok && again.body.costs).toEqual(stored.costs);
  });

  it('starts a copied cost of 0,00 empty, to be typed, not cleared', () => {
    const copied = {
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
      costs: [{ name: 'Grundsteuer', amountCents: 0, key: 'area' }],
    } as unknown as Settlement;
    const form = toFormValues(copied);
    expect(form.costs[0]?.amount).toBe('');
    const saved = bodyToSave(form);
    expect(saved.ok).toBe(false);
    expect(!saved.ok && saved.fields['costs.0.amount']).toBeTruthy();
  });

  it('maps the server’s field paths onto the form’s', () => {
    expect(formPathOf('costs.3.amountCents')).toBe('costs.3.amount');
    expect(formPathOf('costs.3.consumption')).toBe('costs.3.consumption.totalUnits');
    expect(formPathOf(`costs.0.consumption.byTenancy.${A}`)).toBe(`costs.0.consumption.byTenancy.${A}`);
    expect(formPathOf(`prepaymentsPaidCents.${A}`)).toBe(`prepaymentsPaid.${A}`);
    expect(formPathOf('letter.bank.iban')).toBe('letter.bank.iban');
  });
});

describe('unsaved changes', () => {
  const saved = {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    costs: [
      {
        name: 'Wasser',
        amountCents: 84_000,
        key: 'consumption',
        consumption: { totalUnits: 320, byTenancy: { [A]: 95.5, [B]: 30 } },
      },
    ],
    letter: { landlord: { name: 'Erika', street: '', city: '' }, bank: null },
  } as unknown as Settlement;

  it('are what saving would send, not how it is typed or which inputs appeared', () => {
    const form = toFormValues(saved);
    expect(differsFrom(form, saved)).toBe(false);
    const cost = form.costs[0] ?? emptyCost();
    // typed differently, readings in another order, an empty input for a tenancy without a reading
    const retyped = {
      ...form,
      costs: [
        {
          ...cost,
          amount: '840',
          consumption: {
            totalUnits: '320,0',
            byTenancy: { [B]: '30', [A]: '95,50' },
            unit: 'units' as const,
            meterKind: '' as const,
          },
        },
      ],
      prepaymentsPaid: { [A]: '' },
    };
    expect(differsFrom(retyped, saved)).toBe(false);
    expect(differsFrom({ ...form, costs: [{ ...cost, amount: '841' }] }, saved)).toBe(true);
    expect(differsFrom({ ...form, costs: [{ ...cost, amount: '84x' }] }, saved)).toBe(true);
    expect(differsFrom({ ...form, prepaymentsPaid: { [A]: '100' } }, saved)).toBe(true);
  });

  it('saves the receipts of the positions that changed, following a cost moved up by a removal', () => {
    const doc = (id: string) => ({ id, name: `${id}.pdf`, fileType: 'application/pdf', categories: [] });
    const saved = [
      { costIndex: 0, documents: [doc('a')] },
      { costIndex: 2, documents: [doc('c1'), doc('c2')] },
    ];
    const costs = (...ids: string[][]) =>
      values({ costs: ids.map((documentIds, i) => ({ ...emptyCost(`K${i}`), documentIds })) });
    // as saved, in any order: nothing to send
    expect(changedReceipts(costs(['a'], [], ['c2', 'c1']), saved)).toEqual([]);
    // the second cost removed: the third's receipts move to index 1, index 2 is gone with its cost
    expect(changedReceipts(costs(['a'], ['c1', 'c2']), saved)).toEqual([
      { index: 1, documentIds: ['c1', 'c2'] },
    ]);
    // a receipt taken off the first cost
    expect(changedReceipts(costs([], [], ['c1', 'c2']), saved)).toEqual([{ index: 0, documentIds: [] }]);
  });
});
