import { describe, expect, it } from 'vitest';
import { loginSchema, passwordChangeSchema, profileNameSchema, registerSchema } from './auth';
import { contactSchema } from './contact';
import { checkUploadFile, documentMetadataSchema, parseTags } from './document';
import { formatPropertyAddress, propertyInputSchema, splitPropertyAddress } from './property';
import { statementColumns, statementInputSchema } from './statement';

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

const year = new Date().getFullYear();

describe('propertyInputSchema', () => {
  const valid = {
    name: 'Haus Nord',
    street: 'Hofweg 3',
    postalCode: '10115',
    city: 'Berlin',
    yearBuilt: '1990',
    totalArea: '450,5',
    unitCount: '6',
  };

  it('parses a valid property with the default type', () => {
    expect(propertyInputSchema.parse(valid)).toEqual({
      ...valid,
      type: 'mehrfamilienhaus',
      yearBuilt: 1990,
      totalArea: 450.5,
      unitCount: 6,
      notes: '',
    });
  });

  it('gives the spec messages for missing fields', () => {
    expect(issues(propertyInputSchema.safeParse({}))).toEqual({
      name: 'Name ist ein Pflichtfeld.',
      street: 'Adresse ist ein Pflichtfeld.',
      city: 'Adresse ist ein Pflichtfeld.',
      yearBuilt: 'Baujahr ist ein Pflichtfeld.',
      totalArea: 'Fläche ist ein Pflichtfeld.',
      unitCount: 'Anzahl Einheiten ist ein Pflichtfeld.',
    });
  });

  it('checks the ranges, with the current year as the upper bound', () => {
    const range = `Baujahr muss zwischen 1800 und ${year} liegen.`;
    expect(
      issues(propertyInputSchema.safeParse({ ...valid, yearBuilt: 1799, totalArea: 0, unitCount: 0 })),
    ).toEqual({
      yearBuilt: range,
      totalArea: 'Fläche muss größer als 0 sein.',
      unitCount: 'Mindestens eine Einheit erforderlich.',
    });
    expect(issues(propertyInputSchema.safeParse({ ...valid, unitCount: '2,5' }))).toEqual({
      unitCount: 'Bitte eine ganze Zahl eingeben.',
    });
    expect(issues(propertyInputSchema.safeParse({ ...valid, yearBuilt: year + 1 }))).toEqual({
      yearBuilt: range,
    });
    expect(propertyInputSchema.safeParse({ ...valid, yearBuilt: year }).success).toBe(true);
    expect(propertyInputSchema.safeParse({ ...valid, yearBuilt: 1800 }).success).toBe(true);
  });

  it('joins and splits the one-line address', () => {
    expect(formatPropertyAddress(valid)).toBe('Hofweg 3, 10115 Berlin');
    expect(splitPropertyAddress('Hofweg 3, 10115 Berlin')).toEqual({
      street: 'Hofweg 3',
      postalCode: '10115',
      city: 'Berlin',
    });
    expect(splitPropertyAddress('Berlin')).toEqual({ street: '', postalCode: '', city: 'Berlin' });
  });
});

describe('statementInputSchema', () => {
  it("defaults the title to 'Abrechnung für {tenant name}' and the status to Entwurf", () => {
    const s = statementInputSchema.parse({ propertyId: '', formData: { tenant: { name: 'Max Mieter' } } });
    expect(s).toMatchObject({ title: 'Abrechnung für Max Mieter', status: 'Entwurf', propertyId: null });
    expect(statementInputSchema.parse({ title: 'Eigene', status: 'Versendet', formData: {} })).toMatchObject({
      title: 'Eigene',
      status: 'Versendet',
    });
    expect(statementInputSchema.safeParse({ status: 'Bezahlt', formData: {} }).success).toBe(false);
  });

  it('derives the stored columns', () => {
    const s = statementInputSchema.parse({
      formData: {
        billingPeriod: { start: '2024-01-01', end: '' },
        costs: [{ amount: '10,50' }, { amount: 2 }],
      },
    });
    expect(statementColumns(s.formData)).toEqual({
      periodStart: '2024-01-01',
      periodEnd: null,
      totalCents: 1250,
    });
  });
});

describe('documents', () => {
  it('splits tags on commas, trims and drops empties', () => {
    expect(parseTags(' Heizung, 2024,, ,Wartung ')).toEqual(['Heizung', '2024', 'Wartung']);
    expect(parseTags([' a', '', 'b '])).toEqual(['a', 'b']);
    const d = documentMetadataSchema.parse({ name: 'Rechnung.pdf', docDate: '2024-05-01', tags: 'a, b' });
    expect(d).toMatchObject({ type: 'Sonstiges', propertyId: null, tags: ['a', 'b'] });
    expect(issues(documentMetadataSchema.safeParse({ type: 'Foto' }))).toMatchObject({
      name: 'Name ist ein Pflichtfeld.',
      docDate: 'Pflichtfeld',
    });
  });

  it('checks size and type of an upload', () => {
    expect(checkUploadFile({ name: 'a.pdf', size: 10 * 1024 * 1024, type: 'application/pdf' })).toEqual({
      ok: true,
    });
    expect(checkUploadFile({ name: 'b.PNG', size: 1, type: '' })).toEqual({ ok: true });
    expect(checkUploadFile({ name: 'a.pdf', size: 10 * 1024 * 1024 + 1, type: 'application/pdf' })).toEqual({
      ok: false,
      title: 'Datei zu groß',
      message: '"a.pdf" überschreitet das Limit von 10MB.',
    });
    expect(checkUploadFile({ name: 'x.exe', size: 1, type: 'application/octet-stream' })).toMatchObject({
      ok: false,
      title: 'Ungültiger Dateityp',
    });
  });
});

describe('auth and contact', () => {
  it('validates login and registration with the spec messages', () => {
    expect(issues(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'E-Mail ist ein Pflichtfeld.',
      password: 'Passwort ist ein Pflichtfeld.',
    });
    expect(issues(loginSchema.safeParse({ email: 'keine-mail', password: 'x' }))).toEqual({
      email: 'Ungültige E-Mail-Adresse.',
    });
    expect(loginSchema.parse({ email: ' Max@Example.DE ', password: 'x' }).email).toBe('max@example.de');
    expect(
      issues(
        registerSchema.safeParse({
          name: '',
          email: 'a@b.de',
          password: 'kurz',
          passwordConfirm: 'anders',
          privacyConsent: false,
          termsConsent: false,
        }),
      ),
    ).toEqual({
      name: 'Name ist ein Pflichtfeld.',
      password: 'Passwort muss mindestens 8 Zeichen lang sein.',
      passwordConfirm: 'Die Passwörter stimmen nicht überein.',
      privacyConsent: 'Sie müssen der Datenschutzerklärung zustimmen.',
      termsConsent: 'Sie müssen den AGB zustimmen.',
    });
    expect(
      issues(
        registerSchema.safeParse({
          name: 'Max',
          email: 'a@b.de',
          password: 'lang genug',
          passwordConfirm: 'anders',
          privacyConsent: true,
          termsConsent: true,
        }),
      ),
    ).toEqual({ passwordConfirm: 'Die Passwörter stimmen nicht überein.' });
  });

  it('validates password change and profile name', () => {
    expect(
      issues(
        passwordChangeSchema.safeParse({
          currentPassword: '',
          newPassword: '12345',
          confirmPassword: '12345',
        }),
      ),
    ).toEqual({
      currentPassword: 'Bitte geben Sie Ihr aktuelles Passwort ein',
      newPassword: 'Das neue Passwort muss mindestens 6 Zeichen lang sein',
    });
    expect(
      issues(
        passwordChangeSchema.safeParse({
          currentPassword: 'a',
          newPassword: '123456',
          confirmPassword: '1234567',
        }),
      ),
    ).toEqual({
      confirmPassword: 'Die neuen Passwörter stimmen nicht überein',
    });
    expect(issues(profileNameSchema.safeParse({ fullName: '  ' }))).toEqual({
      fullName: 'Name darf nicht leer sein',
    });
  });

  it('validates the contact form', () => {
    expect(
      issues(contactSchema.safeParse({ name: '', email: '', message: '', privacyConsent: false })),
    ).toEqual({
      name: 'Name ist ein Pflichtfeld.',
      email: 'E-Mail ist ein Pflichtfeld.',
      message: 'Nachricht ist ein Pflichtfeld.',
      privacyConsent: 'Bitte stimmen Sie der Datenschutzerklärung zu.',
    });
  });
});
