import { describe, expect, it } from 'vitest';
import { letterSchema } from '../schemas/settlement';
import { letterSender, signatureName } from './sender';

describe("a settlement's sender", () => {
  it('reads a letter kept before phone, e-mail and signature line existed, and signs with the name', () => {
    const kept = letterSchema.parse({ landlord: { name: 'Erika Vermieter', street: '', city: '' } });
    const sender = letterSender({ letter: kept });
    expect(sender).toEqual({
      name: 'Erika Vermieter',
      street: '',
      city: '',
      phone: '',
      email: '',
      signature: '',
    });
    expect(signatureName(sender)).toBe('Erika Vermieter');
    expect(signatureName({ ...sender, signature: 'E. Vermieter, Hausverwaltung' })).toBe(
      'E. Vermieter, Hausverwaltung',
    );
    expect(letterSender({}).name).toBe('');
  });

  it('checks the e-mail address', () => {
    const wrong = letterSchema.safeParse({ landlord: { name: 'Erika', email: 'erika@' } });
    expect(wrong.error?.issues[0]).toMatchObject({
      path: ['landlord', 'email'],
      message: expect.stringMatching(/E-Mail/),
    });
  });
});
