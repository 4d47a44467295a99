// Several app instances behind one address. On PostgreSQL two built servers share one database and
// one bucket, and nothing that matters lives in a process: a session, the login throttle, a test
// checkout and a receipt started on one instance carry over to the other, and both survive the
// database ending their connections. An embedded PGlite folder serves one process only: a second
// server on it refuses to start.

import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { samplePdf } from '../../scripts/sample-files';
import { LOGIN_PER_CLIENT } from '../../src/server/auth/login-throttle';
import { type FakeS3, startFakeS3 } from '../../src/server/storage/fake-s3';
import { freePort, type RunningServer, startBuiltServer } from './built-server';
import { Client, PASSWORD, payCheckout, signUp, startCheckout } from './http';
import { freshInstallation, type Installation } from './installation';

describe('two instances on one installation', () => {
  let installation: Installation | undefined;
  let bucket: FakeS3 | undefined;
  const servers: RunningServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => (s.child.exitCode === null ? s.kill() : s.exited)));
    await bucket?.close();
    await installation?.dispose();
  });

  if (process.env.TEST_DB === 'postgres') {
    it('share sessions, login throttle, test checkouts and receipts, and outlive lost connections (PostgreSQL)', async () => {
      installation = await freshInstallation();
      bucket = await startFakeS3();
      // both behind one public address, as behind a load balancer
      const env = { ...installation.env, ...bucket.env, PUBLIC_URL: `http://127.0.0.1:${await freePort()}` };
      const [a, b] = await Promise.all([startBuiltServer({ env }), startBuiltServer({ env })]);
      if (!a || !b) throw new Error('servers did not start');
      servers.push(a, b);
      const onA = new Client(a.url, env.PUBLIC_URL);
      const onB = new Client(b.url, env.PUBLIC_URL);

      // a session made on A works on B
      const user = await signUp(onA, installation.dataDir);
      onB.cookie = onA.cookie;
      expect((await onB.json<{ user: { id: string } }>('GET', '/api/me')).user.id).toBe(user.id);

      // a test checkout started on A is paid on B; A sees it paid and the credits
      const sessionId = await startCheckout(onA);
      await payCheckout(onB, sessionId);
      const status = await onA.json<{ status: string; credits: number }>(
        'GET',
        `/api/billing/sessions/${encodeURIComponent(sessionId)}`,
      );
      expect(status.status).toBe('paid');
      expect((await onA.json<{ credits: number }>('GET', '/api/me')).credits).toBe(status.credits);

      // a receipt uploaded through A is served by B from the shared bucket
      const pdf = samplePdf('Rechnung Hausmeister');
      const form = new FormData();
      form.append('docDate', '2024-05-01');
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'hausmeister.pdf');
      const uploaded = await onA.send('POST', '/api/documents', form);
      expect(uploaded.status).toBe(201);
      const { id } = (await uploaded.json()) as { id: string };
      const download = await onB.send('GET', `/api/documents/${id}/file`);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

      // failed sign-ins count across both instances
      const guesser = [new Client(a.url, env.PUBLIC_URL), new Client(b.url, env.PUBLIC_URL)];
      const attempt = (i: number, password: string) =>
        guesser[i % 2]?.send('POST', '/api/auth/sign-in/email', { email: user.email, password });
      for (let i = 0; i < LOGIN_PER_CLIENT.max; i++) {
        expect((await attempt(i, 'falsch-falsch'))?.status).toBe(401);
      }
      const locked = await attempt(LOGIN_PER_CLIENT.max, PASSWORD);
      expect(locked?.status).toBe(429);
      expect((await attempt(LOGIN_PER_CLIENT.max + 1, PASSWORD))?.status).toBe(429);

      // PostgreSQL ends every connection (restart, failover): both instances stay up and reconnect
      const admin = await installation.open();
      await admin.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await admin.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const client of [onA, onB]) expect((await client.send('GET', '/api/me')).status).toBe(200);
      expect([a.child.exitCode, b.child.exitCode]).toEqual([null, null]);
    }, 90_000);
  } else {
    it('refuses a second server on the same embedded database folder (PGlite)', async () => {
      installation = await freshInstallation();
      const first = await startBuiltServer({ env: installation.env });
      servers.push(first);
      const second = await startBuiltServer({ env: installation.env, expectExit: true });
      servers.push(second);
      expect(await second.exited).toEqual({ code: 1, signal: null });
      expect(second.output()).toContain(`already in use by process ${first.pid}`);
      // the first one is unharmed
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    }, 90_000);
  }
});
