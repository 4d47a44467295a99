import { describe, expect, it } from 'vitest';
import { prepaymentLetterSource } from '../../../tests/builders/building';
import { letterSchema } from '../../shared/schemas/settlement';
import { prepaymentLetterView } from '../../shared/settlement-view/prepayment-letter-view';
import { renderShortLetterPdf } from './render-short-letter';
import { pdfQrCodes } from './testing/poppler';

describe('the § 560 letter', { timeout: 20_000 }, () => {
  it('prints a GiroCode of the new monthly rent to the landlord’s account', async () => {
    const letter = letterSchema.parse({
      landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 5', city: '10115 Berlin' },
      bank: { holder: '', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bank: 'Commerzbank' },
    });
    const base = prepaymentLetterSource('Anna Berg');
    const view = prepaymentLetterView({
      ...base,
      tenancy: {
        ...base.tenancy,
        start: null,
        monthlyRentCents: 60_000,
        changes: [{ from: '2026-01-01', monthlyRentCents: 62_000 }],
      },
      entries: { letter },
    });
    const [code] = await pdfQrCodes(await renderShortLetterPdf(view));
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
