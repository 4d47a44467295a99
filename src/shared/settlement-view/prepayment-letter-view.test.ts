import { describe, expect, it } from 'vitest';
import { type PrepaymentLetterSource, prepaymentLetterView } from './prepayment-letter-view';

const source = (tenantName: string): PrepaymentLetterSource => ({
  periodStart: '2025-01-01',
  periodEnd: '2025-12-31',
  property: { street: 'Lindenstraße 12', postalCode: '10115', city: 'Berlin' },
  units: [],
  tenancy: {
    id: 't1',
    unitId: 'u1',
    kind: 'tenant',
    tenant: { name: tenantName, street: 'Lindenstraße 12', city: '10115 Berlin', email: null },
    start: '2020-01-01',
    end: null,
    persons: 2,
    monthlyPrepaymentCents: 18_000,
    changes: [],
  },
  entries: {},
  shareCents: 240_000,
  days: 365,
  statementDate: '2026-03-01',
  currentMonthlyCents: 18_000,
  newMonthlyCents: 20_000,
  today: '2026-03-01',
  receivedOn: '2026-03-03',
});

describe('prepaymentLetterView', () => {
  it('greets the tenant by name where the salutation is known, as the statement letter does', () => {
    expect(prepaymentLetterView(source('Frau Anna Schmidt')).greeting).toBe('Sehr geehrte Frau Schmidt,');
    expect(prepaymentLetterView(source('Herr Dr. Cem Yilmaz')).greeting).toBe(
      'Sehr geehrter Herr Dr. Yilmaz,',
    );
    expect(prepaymentLetterView(source('Anna Schmidt')).greeting).toBe('Guten Tag Anna Schmidt,');
    expect(prepaymentLetterView(source('Müller & Söhne GbR')).greeting).toBe(
      'Sehr geehrte Damen und Herren,',
    );
  });
});
