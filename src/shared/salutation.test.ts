import { describe, expect, it } from 'vitest';
import { personalGreeting, salutationFor } from './salutation';

describe('greeting the tenant', () => {
  it('uses the name where the salutation is known', () => {
    expect(salutationFor('Frau Anna Schmidt')).toBe('Sehr geehrte Frau Schmidt,');
    expect(salutationFor(' Herr Dr. Max  Weber ')).toBe('Sehr geehrter Herr Dr. Weber,');
    expect(salutationFor('Familie Weber')).toBe('Sehr geehrte Familie Weber,');
  });

  it('greets a person named without salutation by name, neutrally', () => {
    expect(salutationFor('Anna  Schmidt')).toBe('Guten Tag Anna Schmidt,');
    expect(salutationFor('Dr. Jonas Weber')).toBe('Guten Tag Dr. Jonas Weber,');
  });

  it('keeps the general greeting for firms, single words and nothing', () => {
    for (const name of [
      'Frau',
      'Müller GmbH',
      'Bäckerei Korn GmbH',
      'Müller & Söhne',
      'Hausverein e. V.',
      'Anna',
      '',
    ]) {
      expect(salutationFor(name), name).toBe('Sehr geehrte Damen und Herren,');
    }
  });

  it('replaces only the general opening of a greeting text, not one the landlord wrote', () => {
    expect(personalGreeting('Sehr geehrte Damen und Herren,\n\nanbei …', 'Frau Anna Schmidt')).toBe(
      'Sehr geehrte Frau Schmidt,\n\nanbei …',
    );
    expect(personalGreeting('Liebe Anna,\n\nanbei …', 'Frau Anna Schmidt')).toBe('Liebe Anna,\n\nanbei …');
  });
});
