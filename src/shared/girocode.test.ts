import { describe, expect, it } from 'vitest';
import { girocodeText } from './girocode';

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
});
