import { describe, expect, it } from 'vitest';
import { tenancyInputSchema } from '../../../shared/schemas/house';
import { SETTLEMENT_MESSAGES } from '../../../shared/schemas/settlement-fields';
import type { TenancyJson } from '../../../shared/schemas/settlement-json';
import { ApiError } from '../../lib/api';
import {
  nextTenancyStart,
  TENANCY_FORM_MESSAGES,
  type TenancyFormValues,
  tenancyFormSchema,
  tenancyFormValues,
  toFormFieldErrors,
} from './tenancyForm';

const form = (changes: Partial<TenancyFormValues> = {}): TenancyFormValues => ({
  ...tenancyFormValues(),
  tenant: { name: 'Max Mieter', street: '', city: '', email: '' },
  start: '2024-02-01',
  persons: '2',
  monthlyPrepayment: '1.234,56',
  ...changes,
});

const messages = (values: TenancyFormValues) => {
  const result = tenancyFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('tenancyFormSchema', () => {
  it('turns the typed euros into integer cents and an empty move-out into an open end', () => {
    expect(tenancyFormSchema.parse(form())).toEqual({
      kind: 'tenant',
      tenant: { name: 'Max Mieter', street: '', city: '', email: null },
      start: '2024-02-01',
      end: null,
      persons: 2,
      monthlyPrepaymentCents: 123456,
      monthlyRentCents: null,
      changes: [],
      flatRate: false,
    });
  });

  it('sends no start for a tenant of many years, whatever the hidden date field holds', () => {
    const parsed = tenancyFormSchema.parse(
      form({
        sinceBefore: true,
        start: '',
        changes: [{ from: '2025-03-01', persons: '', monthlyPrepayment: '180', monthlyRent: '' }],
      }),
    );
    expect(parsed.start).toBeNull();
    expect(parsed.changes).toEqual([{ from: '2025-03-01', monthlyPrepaymentCents: 18000 }]);
    expect(messages(form({ start: '' }))).toEqual({ start: SETTLEMENT_MESSAGES.startRequired });
    // the API asks for it too: null says "since before", nothing is a missing date
    expect(tenancyInputSchema.safeParse({ ...parsed, start: undefined }).success).toBe(false);
    const back = tenancyFormValues({
      ...parsed,
      id: 'a',
      unitId: 'u',
      tenant: { ...parsed.tenant },
      flatRate: false,
    });
    expect(back).toMatchObject({ sinceBefore: true, start: '' });
  });

  it('keeps only what a change row names', () => {
    const parsed = tenancyFormSchema.parse(
      form({
        end: '2025-06-30',
        changes: [
          { from: '2025-01-01', persons: '3', monthlyPrepayment: '', monthlyRent: '' },
          { from: '2025-03-01', persons: '', monthlyPrepayment: '180', monthlyRent: '' },
        ],
      }),
    );
    expect(parsed.changes).toEqual([
      { from: '2025-01-01', persons: 3 },
      { from: '2025-03-01', monthlyPrepaymentCents: 18000 },
    ]);
  });

  it('asks a tenant for the prepayment, but charges own use none', () => {
    expect(messages(form({ monthlyPrepayment: '', monthlyRent: '' }))).toEqual({
      monthlyPrepayment: TENANCY_FORM_MESSAGES.prepaymentRequired,
    });
    const ownUse = tenancyFormSchema.parse(
      form({
        kind: 'own-use',
        monthlyPrepayment: '99',
        changes: [{ from: '2025-01-01', persons: '1', monthlyPrepayment: '50', monthlyRent: '' }],
      }),
    );
    expect(ownUse.monthlyPrepaymentCents).toBe(0);
    expect(ownUse.changes).toEqual([{ from: '2025-01-01', persons: 1 }]);
  });

  it('answers wrong input with the German messages at the fields', () => {
    expect(messages(form({ persons: '2,5', monthlyPrepayment: '-3', monthlyRent: '' }))).toEqual({
      persons: SETTLEMENT_MESSAGES.persons,
      monthlyPrepayment: SETTLEMENT_MESSAGES.notNegative,
    });
    expect(
      messages(
        form({ changes: [{ from: '2025-01-01', persons: '', monthlyPrepayment: '', monthlyRent: '' }] }),
      ),
    ).toEqual({
      'changes.0.persons': TENANCY_FORM_MESSAGES.changeEmpty,
    });
    // the request schema's own rules apply once the numbers are read
    expect(
      messages(
        form({
          end: '2024-01-31',
          changes: [{ from: '2023-12-01', persons: '1', monthlyPrepayment: '', monthlyRent: '' }],
        }),
      ),
    ).toEqual({
      end: SETTLEMENT_MESSAGES.endBeforeStart,
      'changes.0.from': SETTLEMENT_MESSAGES.changeOutside,
    });
    expect(messages(form({ tenant: { name: ' ', street: '', city: '', email: 'x@' }, start: '' }))).toEqual({
      'tenant.name': SETTLEMENT_MESSAGES.tenantRequired,
      'tenant.email': expect.any(String),
      start: SETTLEMENT_MESSAGES.startRequired,
    });
    // own use left unnamed is not asked for "the tenant's" name
    expect(
      messages(form({ kind: 'own-use', tenant: { name: '', street: '', city: '', email: '' } })),
    ).toEqual({
      'tenant.name': SETTLEMENT_MESSAGES.ownUseNameRequired,
    });
  });
});

describe('tenancyFormValues', () => {
  it('puts a stored tenancy back into the fields as it was typed', () => {
    const stored: TenancyJson = {
      id: '00000000-0000-4000-8000-000000000001',
      unitId: '00000000-0000-4000-8000-000000000002',
      kind: 'tenant',
      tenant: { name: 'Max Mieter', street: 'Seestraße 1', city: '14467 Potsdam', email: null },
      start: '2024-02-01',
      end: null,
      persons: 2,
      monthlyPrepaymentCents: 123456,
      monthlyRentCents: 65_000,
      changes: [{ from: '2025-01-01', monthlyPrepaymentCents: 15000, monthlyRentCents: 67_500 }],
      flatRate: false,
    };
    const values = tenancyFormValues(stored);
    expect(values).toMatchObject({
      tenant: { email: '' },
      end: '',
      persons: '2',
      monthlyPrepayment: '1.234,56',
      monthlyRent: '650,00',
      changes: [{ from: '2025-01-01', persons: '', monthlyPrepayment: '150,00', monthlyRent: '675,00' }],
    });
    // the Kaltmiete and its change come back unchanged
    expect(tenancyFormSchema.parse(values)).toMatchObject({
      monthlyPrepaymentCents: 123456,
      monthlyRentCents: 65_000,
      changes: [{ from: '2025-01-01', monthlyPrepaymentCents: 15000, monthlyRentCents: 67_500 }],
    });
  });
});

describe('toFormFieldErrors', () => {
  it('names the server’s cent fields as the euro fields of the dialog', () => {
    const error = toFormFieldErrors(
      new ApiError(400, 'validation', 'Bitte prüfen Sie Ihre Eingaben.', {
        monthlyPrepaymentCents: 'a',
        'changes.1.monthlyPrepaymentCents': 'b',
        start: 'c',
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fields).toEqual({
      monthlyPrepayment: 'a',
      'changes.1.monthlyPrepayment': 'b',
      start: 'c',
    });
  });

  it('puts the whole overlap message, naming the other tenancy, at the move-in date', () => {
    const message =
      'Die Mietverhältnisse überschneiden sich: „Max Mieter“ wohnt vom 01.02.2020 ohne Ende in dieser Einheit.';
    const error = toFormFieldErrors(
      new ApiError(409, 'tenancy_overlap', message, { start: 'Die Mietverhältnisse überschneiden sich.' }),
    );
    expect((error as ApiError).fields).toEqual({ start: message });
  });
});

describe('a follow-up tenancy', () => {
  const ended = (end: string | null) => ({ end });
  it('starts the day after the unit’s last tenancy ended', () => {
    expect(nextTenancyStart([ended('2024-12-31'), ended('2025-08-31')])).toBe('2025-09-01');
  });

  it('starts open while someone lives there, or nobody did', () => {
    expect(nextTenancyStart([ended('2024-12-31'), ended(null)])).toBe('');
    expect(nextTenancyStart([])).toBe('');
  });
});

describe('the tenancy schema on anything a client sends', () => {
  it('answers null, a string or a tenant without a name with issues, never a throw', () => {
    for (const body of [null, 'x', 42, { tenant: null }, { tenant: { name: 7 } }, { kind: 'own-use' }]) {
      expect(tenancyInputSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});
