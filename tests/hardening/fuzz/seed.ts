import type { FastifyInstance } from 'fastify';
import { type SignedUp, signUp } from '../../setup/factories';
import { multipartBody, PDF_BYTES } from './multipart';
import { XSS } from './values';

type App = Pick<FastifyInstance, 'inject' | 'config' | 'database' | 'authContext'>;

export interface Seeded {
  account: SignedUp;
  /** The user's id and the ids of every row made for them. */
  ids: string[];
}

export const PROPERTY = {
  name: `Haus ${XSS}`,
  street: 'Seestraße 1',
  postalCode: '14467',
  city: 'Potsdam',
  yearBuilt: 1998,
  totalArea: '412,5',
  unitCount: 6,
  notes: XSS,
};

export const FORM_DATA = {
  landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 5', city: '10115 Berlin' },
  tenant: { name: XSS, street: 'Seestraße 1', city: '14467 Potsdam' },
  billingPeriod: { start: '2024-01-01', end: '2024-12-31' },
  costs: [
    { id: 'a', name: `Grundsteuer ${XSS}`, amount: '1.234,56', allocationKey: 'Pauschal' },
    { id: 'b', name: 'Wasser', amount: 99.99, allocationKey: 'Personen', totalPeople: 10, tenantPeople: 2 },
  ],
  prepayments: { monthly: '150,00', months: '12' },
};

/**
 * A signed-up user with a row in every table the product writes to, made through the endpoints
 * that exist (each documented one is used; a failing step throws): property, statement, receipt,
 * an open and a paid checkout.
 */
export async function seedUser(app: App, documented: Set<string>): Promise<Seeded> {
  // names allow no markup (shared/schemas/auth.ts), but these two characters of HTML
  const account = await signUp(app, { fullName: "Opfer O'Brien & Söhne" });
  const ids = [account.user.id];
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, expected = [200, 201]) => {
    const res = await app.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });
    if (!expected.includes(res.statusCode))
      throw new Error(`seed ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  let propertyId: string | undefined;
  if (documented.has('POST /api/properties')) {
    propertyId = (await call('POST', '/api/properties', PROPERTY)).json().id;
    ids.push(String(propertyId));
  }
  if (documented.has('POST /api/statements')) {
    const res = await call('POST', '/api/statements', {
      propertyId,
      title: `Abrechnung ${XSS}`,
      formData: FORM_DATA,
    });
    ids.push(res.json().id);
  }
  if (documented.has('POST /api/documents')) {
    const boundary = '----seed';
    const fields = [
      ...(propertyId ? [{ name: 'propertyId', value: propertyId }] : []),
      { name: 'description', value: XSS },
      { name: 'docDate', value: '2024-03-01' },
      { name: 'type', value: 'Rechnung' },
      { name: 'file', value: PDF_BYTES, filename: `${XSS}.pdf`, type: 'application/pdf' },
    ];
    const res = await app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...account.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipartBody(fields, boundary),
    });
    if (res.statusCode !== 201) throw new Error(`seed upload: ${res.statusCode} ${res.body}`);
    ids.push(res.json().id);
  }
  if (documented.has('POST /api/billing/checkout') && documented.has('GET /api/billing/packages')) {
    const { packages } = (await call('GET', '/api/billing/packages')).json();
    const checkout = async () => {
      const { url } = (await call('POST', '/api/billing/checkout', { priceId: packages[0].priceId })).json();
      return decodeURIComponent(String(url).split('/').pop() ?? '');
    };
    ids.push(await checkout());
    const paid = await checkout();
    ids.push(paid);
    if (documented.has('POST /api/billing/test-checkout/{sessionId}/pay')) {
      await call('POST', `/api/billing/test-checkout/${encodeURIComponent(paid)}/pay`);
    }
  }
  return { account, ids };
}
