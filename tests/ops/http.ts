// A browser-like HTTP client for a running server: keeps the session cookie and sends our Origin,
// plus the few account and billing steps the operations tests and the benchmark need.

import { randomUUID } from 'node:crypto';
import { linkIn, mailsInFolder, waitForMail } from '../setup/factories';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what}: ${status} ${body.slice(0, 300)}`);
  }
}

export class Client {
  cookie = '';

  /** `base` is where requests go, `origin` the PUBLIC_URL they claim to come from (a proxy's address). */
  constructor(
    public base: string,
    readonly origin = base,
  ) {}

  /** Sends a request; a JSON body for plain values, multipart for FormData. Keeps cookies it is given. */
  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const json = body !== undefined && !(body instanceof FormData);
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        // a connection of its own: a kept-alive socket the server closes after its idle time, just as a
        // busy machine's late timer reuses it, resets the request (ECONNRESET)
        connection: 'close',
        origin: this.origin,
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
    });
    const set = response.headers.getSetCookie().filter((c) => !/;\s*max-age=0/i.test(c));
    if (set.length > 0) this.cookie = set.map((c) => c.split(';')[0]).join('; ');
    return response;
  }

  /** Like `send`, but throws unless 2xx and answers the parsed JSON body. */
  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.send(method, path, body);
    const text = await response.text();
    if (!response.ok) throw new HttpError(response.status, text, `${method} ${path}`);
    return (text ? JSON.parse(text) : null) as T;
  }
}

export const PASSWORD = 'Sicheres-Passwort-1';

/**
 * Registers a fresh user through the real endpoints: the registration, then the link of the confirmation
 * mail the server wrote to `dataDir/mail`, which signs in. The client then holds the session.
 */
export async function signUp(client: Client, dataDir: string, email = `ops-${randomUUID()}@example.test`) {
  await client.json('POST', '/api/auth/sign-up/email', {
    name: 'Olga Operations',
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    privacyConsent: true,
    termsConsent: true,
  });
  const link = linkIn(await waitForMail(() => mailsInFolder(dataDir), email, /bestätigen/));
  // the answer is a redirect whose cookie a following fetch would drop
  const confirmed = await fetch(`${client.base}${link.pathname}${link.search}`, { redirect: 'manual' });
  client.cookie = confirmed.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!client.cookie.includes('session_token'))
    throw new Error('the confirmation link set no session cookie');
  const me = await client.json<{ user: { id: string; email: string } }>('GET', '/api/me');
  return me.user;
}

/** Starts a test checkout of the largest package; answers its session id. */
export async function startCheckout(client: Client): Promise<string> {
  const { packages } = await client.json<{ packages: { priceId: string; credits: number }[] }>(
    'GET',
    '/api/billing/packages',
  );
  const largest = [...packages].sort((a, b) => b.credits - a.credits)[0];
  if (!largest) throw new Error('no credit packages');
  const { url } = await client.json<{ url: string }>('POST', '/api/billing/checkout', {
    priceId: largest.priceId,
  });
  const sessionId = decodeURIComponent(url.split('/').pop() ?? '');
  if (!sessionId.startsWith('test_')) throw new Error(`not a test checkout: ${url}`);
  return sessionId;
}

export function payCheckout(client: Client, sessionId: string) {
  return client.json<{ url: string }>(
    'POST',
    `/api/billing/test-checkout/${encodeURIComponent(sessionId)}/pay`,
  );
}

/** A statement's form data as the wizard sends it (amounts in German notation), complete. */
export function statementForm(i: number, propertyId: string | null = null) {
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
    bankDetails: {
      bank: 'Musterbank',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      holder: 'Vera Vermieter',
    },
    prepayments: { monthly: '150,00', months: '12' },
  };
}

export const PROPERTY = {
  name: 'Haus am See',
  type: 'mehrfamilienhaus',
  street: 'Seestraße 4',
  postalCode: '14467',
  city: 'Potsdam',
  yearBuilt: 1990,
  totalArea: 400,
  unitCount: 6,
};
