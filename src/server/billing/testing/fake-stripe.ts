import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeApiAddress } from '../stripe';

// A stand-in for the Stripe API in integration tests (Stripe cannot be reached from CI): it records
// every request the real SDK sends and answers the two calls billing makes.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body as Stripe's SDK sends it (`line_items[0][price]=...`). */
  form: URLSearchParams;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string | null;
  status: 'open' | 'complete';
  payment_status: 'paid' | 'unpaid';
  url: string;
  customer_email: string | null;
  client_reference_id: string | null;
  success_url: string | null;
  cancel_url: string | null;
  amount_total: number | null;
  metadata: Record<string, string>;
}

export interface FakeStripe {
  address: StripeApiAddress;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  /** Lets Stripe report the session as paid (what a customer paying on Stripe's page does). */
  pay(sessionId: string, amountTotal?: number): FakeSession;
  /** The next session creation fails like Stripe does for a price id it does not know. */
  failNextCreate(): void;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  let failNext = false;
  let counter = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_fake_${requests.length}`,
        });
        res.end(JSON.stringify(body));
      };

      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (failNext) {
          failNext = false;
          const price = form.get('line_items[0][price]');
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such price: '${price}'`,
            },
          });
        }
        counter += 1;
        const id = `cs_test_fake${counter}_${Date.now()}`;
        const metadata: Record<string, string> = {};
        for (const [key, value] of form) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match?.[1]) metadata[match[1]] = value;
        }
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          customer_email: form.get('customer_email'),
          client_reference_id: form.get('client_reference_id'),
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          amount_total: null,
          metadata,
        };
        sessions.set(id, session);
        return answer(200, session);
      }

      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && retrieve?.[1]) {
        const session = sessions.get(decodeURIComponent(retrieve[1]));
        if (session) return answer(200, session);
        return answer(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      }
      return answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL` } });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    address: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    sessions,
    pay(sessionId, amountTotal) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake stripe: no session ${sessionId}`);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        amount_total: amountTotal ?? null,
      });
      return session;
    },
    failNextCreate() {
      failNext = true;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
