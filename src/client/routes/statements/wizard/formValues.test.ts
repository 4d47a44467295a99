import { describe, expect, it } from 'vitest';
import {
  emptyStatementForm,
  type StatementFormInput,
  statementFormSchema,
  toFormInput,
} from '../../../../shared/schemas/statement-form';
import { computeStatement } from '../../../../shared/statement';
import { liveFormData, previewData, stepOfPath } from './formValues';

function input(changes: Partial<StatementFormInput>): StatementFormInput {
  return { ...toFormInput(emptyStatementForm()), ...changes };
}

const cost = (amount: string, extra: Partial<StatementFormInput['costs'][number]> = {}) => ({
  id: 'c1',
  name: 'Grundsteuer',
  amount,
  allocationKey: 'Pauschal' as const,
  totalArea: '',
  tenantArea: '',
  totalConsumption: '',
  tenantConsumption: '',
  totalPeople: '',
  tenantPeople: '',
  ...extra,
});

describe('liveFormData', () => {
  it('reads complete values exactly as the request schema does', () => {
    const values = input({
      tenant: { name: 'Max', street: 'Weg 1', city: 'Ort' },
      costs: [
        cost('1.234,56'),
        cost('600', { id: 'c2', allocationKey: 'Wohnfläche in m2', totalArea: '420', tenantArea: '75,5' }),
      ],
      prepayments: { monthly: '150,00', months: '12', total: '' },
    });
    expect(liveFormData(values)).toEqual(statementFormSchema.parse(values));
  });

  it('counts a half-typed or malformed amount as empty instead of failing', () => {
    const data = liveFormData(input({ costs: [cost('12,3x'), cost('7,', { id: 'c2' })] }));
    expect(data.costs.map((c) => c.amount)).toEqual([null, 700]);
  });

  it('recomputes the prepayment total from monthly × months', () => {
    const data = liveFormData(input({ prepayments: { monthly: '99,99', months: '12', total: '1,00' } }));
    expect(data.prepayments).toEqual({ monthly: 9_999, months: 12, total: 119_988 });
  });
});

describe('stepOfPath', () => {
  it.each([
    ['landlord.name', 0],
    ['billingPeriod.end', 0],
    ['propertyAddress.area', 0],
    ['costs', 1],
    ['costs.3.amount', 1],
    ['prepayments.months', 1],
    ['bankDetails.iban', 2],
    ['greetingText', 2],
  ])('%s is on step %i', (path, step) => {
    expect(stepOfPath(path)).toBe(step);
  });
});

describe('the preview’s bank details', () => {
  const withIban = (iban: string) =>
    liveFormData(
      input({
        includeBankDetails: true,
        bankDetails: { holder: 'Erika Vermieter', iban, bic: '', bank: 'Sparkasse' },
      }),
    );

  it('prints a valid IBAN and leaves out one the form flags as invalid', () => {
    expect(
      computeStatement(previewData(withIban('DE89 3704 0044 0532 0130 00')), '2025-03-01').bankDetails?.iban,
    ).toBe('DE89 3704 0044 0532 0130 00');
    expect(computeStatement(previewData(withIban('DE00 1234')), '2025-03-01').bankDetails).toBeNull();
  });
});
