// `npm run demo`: seeds a demo account on the configured installation (DATA_DIR / DATABASE_URL) through
// the app's own HTTP API, in process: two properties, statements in every status, receipts, credits
// bought with the test checkout and one final PDF. Refused under NODE_ENV=production; an existing demo
// account is left as it is.

import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/server/app';
import { LockedError } from '../src/server/db/lock';
import { ConfigError, loadConfig } from '../src/server/env';
import { openConfiguredDatabase } from '../src/server/start';
import { warningKey } from '../src/shared/settlement/checks';
import {
  DEMO_LOGIN,
  DEMO_NAME,
  DEMO_PROPERTIES,
  DEMO_RECEIPTS,
  DEMO_TENANCIES,
  DEMO_UNITS,
  demoSettlement,
  demoStatements,
} from './demo-data';
import { samplePdf, samplePng } from './sample-files';

type App = Awaited<ReturnType<typeof buildApp>>;

/** One request through the app; throws with the answer unless it is 2xx. */
async function call<T>(
  app: App,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: { cookie?: string; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<{ body: T; cookie: string }> {
  const res = await app.inject({
    method,
    url,
    headers: {
      origin: app.config.publicUrl,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: options.payload as string | Buffer | object | undefined,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies
    .filter((c) => c.maxAge !== 0)
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  const type = String(res.headers['content-type'] ?? '');
  return { body: (type.includes('json') ? res.json() : res.rawPayload) as T, cookie };
}

/** A multipart/form-data body with text fields and one file. */
function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `umlage-demo-${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function seed(app: App): Promise<'created' | 'exists'> {
  const auth = await app.auth.$context;
  if (await auth.internalAdapter.findUserByEmail(DEMO_LOGIN.email)) return 'exists';
  await call(app, 'POST', '/api/auth/sign-up/email', {
    payload: {
      name: DEMO_NAME,
      ...DEMO_LOGIN,
      passwordConfirm: DEMO_LOGIN.password,
      privacyConsent: true,
      termsConsent: true,
    },
  });
  const registered = await auth.internalAdapter.findUserByEmail(DEMO_LOGIN.email);
  if (!registered) throw new Error('the demo account was not created');
  // confirmed, as if the link in the mail had been followed; then signed in like a person would
  await auth.internalAdapter.updateUser(registered.user.id, { emailVerified: true });
  const { cookie } = await call(app, 'POST', '/api/auth/sign-in/email', { payload: DEMO_LOGIN });

  const property = async (input: object) =>
    (await call<{ id: string }>(app, 'POST', '/api/properties', { cookie, payload: input })).body.id;
  const ids = {
    berlin: await property(DEMO_PROPERTIES.berlin),
    leipzig: await property(DEMO_PROPERTIES.leipzig),
  };

  // the Berlin house as units and tenancies, and its Hausabrechnung 2025 as a draft
  const unitIds: Record<string, string> = {};
  for (const unit of DEMO_UNITS) {
    const path = `/api/properties/${ids.berlin}/units`;
    unitIds[unit.label] = (await call<{ id: string }>(app, 'POST', path, { cookie, payload: unit })).body.id;
  }
  const tenancyIds: Record<string, string> = {};
  for (const { unit, key, body } of DEMO_TENANCIES) {
    const path = `/api/units/${unitIds[unit]}/tenancies`;
    tenancyIds[key] = (await call<{ id: string }>(app, 'POST', path, { cookie, payload: body })).body.id;
  }
  await call(app, 'POST', `/api/properties/${ids.berlin}/settlements`, {
    cookie,
    payload: demoSettlement(tenancyIds),
  });

  for (const [i, receipt] of DEMO_RECEIPTS.entries()) {
    const bytes =
      receipt.kind === 'pdf' ? samplePdf(receipt.name) : samplePng(320, 240, [120 + i * 20, 140, 160]);
    const file = {
      name: `${receipt.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${receipt.kind}`,
      type: receipt.kind === 'pdf' ? 'application/pdf' : 'image/png',
      bytes,
    };
    const { property: key, kind: _kind, ...fields } = receipt;
    await call(app, 'POST', '/api/documents', {
      cookie,
      ...multipart({ ...fields, propertyId: ids[key] }, file),
    });
  }

  const { testCheckout, packages } = (
    await call<{ testCheckout: boolean; packages: { id: string; priceId: string }[] }>(
      app,
      'GET',
      '/api/billing/packages',
    )
  ).body;
  if (testCheckout) {
    const standard = packages.find((p) => p.id === 'standard') ?? packages[0];
    const { url } = (
      await call<{ url: string }>(app, 'POST', '/api/billing/checkout', {
        cookie,
        payload: { priceId: standard?.priceId },
      })
    ).body;
    const sessionId = url.split('/').pop() ?? '';
    await call(app, 'POST', `/api/billing/test-checkout/${sessionId}/pay`, { cookie });
  }

  for (const statement of demoStatements(ids)) {
    const { final, ...input } = { final: false, ...statement };
    type Created = { id: string; warnings: { code: string; path: string }[] };
    const { id, warnings } = (await call<Created>(app, 'POST', '/api/statements', { cookie, payload: input }))
      .body;
    if (!final) continue;
    if (testCheckout) {
      // one credit: the PDF is archived with the statement, which becomes Erstellt; the demo
      // landlord confirms the checks' warnings as the wizard asks
      await call(app, 'POST', '/api/statements/pdf', {
        cookie,
        payload: {
          formData: input.formData,
          isPreview: false,
          statementId: id,
          confirmedWarnings: warnings.map(warningKey),
        },
      });
    } else {
      await call(app, 'PATCH', `/api/statements/${id}`, { cookie, payload: { status: 'Erstellt' } });
    }
  }
  return 'created';
}

async function main() {
  // request logs would bury the login; LOG_LEVEL still wins when set
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  if (config.production) {
    console.error('npm run demo refuses to run with NODE_ENV=production: it would add a demo account.');
    process.exitCode = 1;
    return;
  }
  const opened = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database: opened.database });
  try {
    await app.ready();
    const outcome = await seed(app);
    const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `${config.DATA_DIR}/db`;
    console.log(
      outcome === 'created'
        ? `Demo account created in ${where}.`
        : `The demo account already exists in ${where}; left unchanged.`,
    );
    console.log(`Sign in at ${config.publicUrl}/login`);
    console.log(`  E-Mail:   ${DEMO_LOGIN.email}`);
    console.log(`  Passwort: ${DEMO_LOGIN.password}`);
  } finally {
    await app.close();
    await opened.close();
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof ConfigError || error instanceof LockedError) {
    console.error(`npm run demo: ${error.message}`);
  } else {
    console.error('npm run demo failed:', error);
  }
  process.exitCode = 1;
}
