import { describe, expect, it } from 'vitest';
import { girocodeText } from './girocode-text';

describe('the GiroCode of a payment request (EPC069-12)', () => {
  it('writes the lines a banking app reads, the amount with a point', () => {
    expect(
      girocodeText({
        name: 'Erika Vermieter',
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: 'cobadeffxxx',
        amountCents: 10_550,
        text: 'NK-Abrechnung 2025 - Anna Berg',
      }),
    ).toBe(
      'BCD\n002\n1\nSCT\nCOBADEFFXXX\nErika Vermieter\nDE89370400440532013000\nEUR105.50\n\n\nNK-Abrechnung 2025 - Anna Berg',
    );
  });

  it('cuts name and purpose to their lengths, and gives none without IBAN or amount', () => {
    const long = girocodeText({
      name: 'N'.repeat(90),
      iban: 'DE89370400440532013000',
      bic: '',
      amountCents: 5,
      text: 'T'.repeat(200),
    });
    const lines = long?.split('\n') ?? [];
    expect(lines[5]).toHaveLength(70);
    expect(lines[7]).toBe('EUR0.05');
    expect(lines[10]).toHaveLength(140);
    expect(girocodeText({ name: 'A', iban: '', bic: '', amountCents: 100, text: '' })).toBeNull();
    expect(
      girocodeText({ name: 'A', iban: 'DE89370400440532013000', bic: '', amountCents: 0, text: '' }),
    ).toBeNull();
  });

  it('keeps every field on its line in the SEPA character set: no control or separator characters', () => {
    const hostile = girocodeText({
      name: 'Erika\u000bVermieter\u0085DE02120300000000202051\u2028EUR1.00\u2029Müller & Söhne Café\u200e',
      iban: 'DE89\u20283704 0044 0532 0130 00',
      bic: 'COBA\u2029DEFFXXX',
      amountCents: 10_550,
      text: 'NK 2025\rBerg\u0000',
    });
    // as a reader splitting lines the Unicode way: LF, CR, VT, FF, NEL, LS, PS
    const lines = hostile?.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/u) ?? [];
    expect(lines).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Erika Vermieter DE02120300000000202051 EUR1.00 Müller & Söhne Cafe',
      'DE89370400440532013000',
      'EUR105.50',
      '',
      '',
      'NK 2025 Berg',
    ]);
  });
});
