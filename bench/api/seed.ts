// Seeds the benchmark account over HTTP: one user, one property, 50 complete statements.

import { STATEMENT_STATUS_VALUES } from '../../src/shared/catalog';

export const STATEMENTS = 50;

/** A statement's form data as the wizard sends it (amounts in German notation). */
export function statementForm(i: number, propertyId: string | null) {
  return {
    landlord: { name: 'Vera Vermieter', street: 'Hauptstraße 1', city: '10115 Berlin' },
    tenant: { name: `Mieter ${i + 1}`, street: 'Seestraße 4', city: '14467 Potsdam' },
    billingPeriod: { start: '2024-01-01', end: '2024-12-31' },
    selectedPropertyId: propertyId,
    costs: [
      { id: 'a', name: 'Grundsteuer', amount: '1.234,56', allocationKey: 'Pauschal' },
      {
        id: 'b',
        name: 'Müllabfuhr',
        amount: `${600 + i},00`,
        allocationKey: 'Wohnfläche in m2',
        totalArea: '400',
        tenantArea: '75,5',
      },
      {
        id: 'c',
        name: 'Wasser',
        amount: '99,99',
        allocationKey: 'Personen',
        totalPeople: 10,
        tenantPeople: 2,
      },
    ],
    prepayments: { monthly: '150,00', months: '12' },
  };
}

/** POST/PATCH JSON with the session cookie and our Origin; throws unless the status is 2xx. */
export async function call<T>(
  base: string,
  path: string,
  init: { method?: string; cookie?: string; body?: unknown; origin?: string } = {},
): Promise<{ body: T; response: Response }> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      origin: init.origin ?? base,
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return { body: (text ? JSON.parse(text) : null) as T, response };
}

/** `name=value; ...` of a response's Set-Cookie headers. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Registers a fresh user; answers the Cookie header of the session. */
export async function signUp(base: string, email: string, password = 'Sicheres-Passwort-1'): Promise<string> {
  const { response } = await call(base, '/api/auth/sign-up/email', {
    body: {
      name: 'Bench Vermieter',
      email,
      password,
      passwordConfirm: password,
      privacyConsent: true,
      termsConsent: true,
    },
  });
  const cookie = cookieOf(response);
  if (!cookie.includes('session_token')) throw new Error('sign-up set no session cookie');
  return cookie;
}

/** One user with a property and 50 statements in all statuses; answers the session cookie. */
export async function seedAccount(base: string): Promise<string> {
  const cookie = await signUp(base, `bench-${Date.now()}@example.test`);
  const { body: property } = await call<{ id: string }>(base, '/api/properties', {
    cookie,
    body: {
      name: 'Haus am See',
      street: 'Seestraße 4',
      postalCode: '14467',
      city: 'Potsdam',
      yearBuilt: 1990,
      totalArea: 400,
      unitCount: 6,
    },
  });
  for (let i = 0; i < STATEMENTS; i++) {
    await call(base, '/api/statements', {
      cookie,
      body: {
        status: STATEMENT_STATUS_VALUES[i % STATEMENT_STATUS_VALUES.length],
        formData: statementForm(i, i % 2 === 0 ? property.id : null),
      },
    });
  }
  const { body: list } = await call<unknown[]>(base, '/api/statements', { cookie });
  if (list.length !== STATEMENTS) throw new Error(`expected ${STATEMENTS} statements, got ${list.length}`);
  return cookie;
}
