import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, profileNameSchema, registerSchema } from './auth';

const registration = (name: string) => ({
  name,
  email: 'a@b.de',
  password: 'lang genug',
  passwordConfirm: 'lang genug',
  privacyConsent: true,
  termsConsent: true,
});

/** The message for the name, or null when it passes: registration and profile apply the same rules. */
function nameIssue(name: string): string | null {
  const registered = registerSchema.safeParse(registration(name));
  const profile = profileNameSchema.safeParse({ fullName: name });
  const first = (r: typeof profile | typeof registered) =>
    r.success ? null : (r.error.issues[0]?.message ?? null);
  expect(first(profile)).toBe(first(registered));
  return first(registered);
}

describe('names (registration and profile)', () => {
  it('accepts the names of people and firms', () => {
    for (const name of [
      'Erika Mustermann',
      'Dr. Jörg-Peter O’Neill',
      "Anne-Marie d'Arc",
      'Müller & Söhne GbR',
      'Hausverwaltung Nord 2, Co. KG',
      'Łukasz Żółć',
      'Zoë Ångström',
    ]) {
      expect(nameIssue(name), name).toBeNull();
    }
    expect(nameIssue('x'.repeat(100))).toBeNull();
  });

  it('refuses long names, several lines, markup and web addresses', () => {
    expect(nameIssue('x'.repeat(101))).toBe(AUTH_MESSAGES.nameTooLong);
    expect(nameIssue('Erika\nBitte hier bestätigen')).toBe(AUTH_MESSAGES.nameCharacters);
    expect(nameIssue('Erika\tMustermann')).toBe(AUTH_MESSAGES.nameCharacters);
    expect(nameIssue('Erika\u202eMustermann')).toBe(AUTH_MESSAGES.nameCharacters);
    expect(nameIssue('https://umlage-login.example/')).toBe(AUTH_MESSAGES.nameCharacters);
    expect(nameIssue('<b>Erika</b>')).toBe(AUTH_MESSAGES.nameCharacters);
    expect(nameIssue('Konto gesperrt, siehe umlage-hilfe.de')).toBe(AUTH_MESSAGES.nameWebAddress);
    expect(nameIssue('www.example.com')).toBe(AUTH_MESSAGES.nameWebAddress);
    expect(AUTH_MESSAGES.nameTooLong).toBe('Der Name darf höchstens 100 Zeichen lang sein.');
  });
});
