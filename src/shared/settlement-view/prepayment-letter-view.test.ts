import { describe, expect, it } from 'vitest';
import { prepaymentLetterSource as source } from '../../../tests/builders/building';
import { prepaymentLetterView } from './prepayment-letter-view';

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
