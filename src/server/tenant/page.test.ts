import { describe, expect, it } from 'vitest';
import { type TenantPageView, tenantPageHtml } from './page';

const view = (changes: Partial<TenantPageView> = {}): TenantPageView => ({
  landlordName: 'Erika Vermieter',
  tenantName: 'Klaus Müller',
  property: { name: 'Lindenstraße 12', street: 'Lindenstraße 12', postalCode: '10969', city: 'Berlin' },
  periodStart: '2025-01-01',
  periodEnd: '2025-12-31',
  finalizedOn: '2026-03-01',
  correctedOn: null,
  seenScriptUrl: '/m/seen.js',
  totalCents: 100_000,
  prepaymentCents: 90_000,
  balanceCents: 10_000,
  statementUrl: '/api/tenant/x/statement.pdf',
  costs: [
    { name: 'Grundsteuer', receipts: [] },
    { name: 'Müllabfuhr', receipts: [] },
  ],
  contact: { email: null, address: 'Hauptstraße 1, 10115 Berlin' },
  ...changes,
});

describe('the tenant page', () => {
  it('says a property named after its street once', () => {
    expect(tenantPageHtml(view())).toContain('für Klaus Müller · Lindenstraße 12, 10969 Berlin</p>');
  });

  it('says once that no receipts are here instead of once per cost', () => {
    const html = tenantPageHtml(view());
    expect(html).toContain('Ihr Vermieter hat hier keine Belege hinterlegt.');
    expect(html).not.toContain('Grundsteuer');
  });

  it('tells how to reach the landlord, escaped', () => {
    const html = tenantPageHtml(view({ contact: { email: 'erika@example.test', address: 'Weg <1>' } }));
    expect(html).toContain(
      'Wenden Sie sich an Erika Vermieter: <a href="mailto:erika@example.test">erika@example.test</a> · Weg &#60;1&#62;',
    );
  });
});
