import { describe, expect, it } from 'vitest';
import { letterSchema } from '../../shared/schemas/settlement';
import { prepaymentLetterView } from '../../shared/settlement-view/prepayment-letter-view';
import { renderPrepaymentLetterPdf } from './render-prepayment-letter';
import { pdfQrCodes } from './testing/poppler';

describe('the § 560 letter', { timeout: 20_000 }, () => {
  it('prints a GiroCode of the new monthly rent to the landlord’s account (issue 30)', async () => {
    const letter = letterSchema.parse({
      landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 5', city: '10115 Berlin' },
      bank: { holder: '', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bank: 'Commerzbank' },
    });
    const view = prepaymentLetterView({
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      property: { street: 'Lindenstraße 12', postalCode: '10115', city: 'Berlin' },
      units: [],
      tenancy: {
        id: 't1',
        unitId: 'u1',
        kind: 'tenant',
        tenant: { name: 'Anna Berg', street: '', city: '', email: null },
        start: null,
        end: null,
        persons: 2,
        monthlyPrepaymentCents: 18_000,
        monthlyRentCents: 60_000,
        changes: [{ from: '2026-01-01', monthlyRentCents: 62_000 }],
      },
      entries: { letter },
      shareCents: 240_000,
      days: 365,
      statementDate: '2026-03-01',
      currentMonthlyCents: 18_000,
      newMonthlyCents: 20_000,
      today: '2026-03-01',
      receivedOn: '2026-03-03',
    });
    const [code] = await pdfQrCodes(await renderPrepaymentLetterPdf(view));
    expect(code?.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Erika Vermieter',
      'DE89370400440532013000',
      'EUR820.00',
      '',
      '',
      'Miete ab 01.04.2026 - Anna Berg',
    ]);
    // the standing order pays the Warmmiete: the new prepayment with the Kaltmiete of then
    expect(view.girocode?.caption).toBe(
      'GiroCode: die neue Monatsmiete von 820,00 € (Kaltmiete 620,00 € und Vorauszahlung 200,00 €) mit der Banking-App überweisen oder als Dauerauftrag anlegen.',
    );
  });
});
