// Crash safety of the built server on the project's database (PGlite or PostgreSQL): SIGKILL in the
// middle of statement saves, receipt uploads, payments and final-PDF purchases; after a restart
// every acknowledged write is there, every row is whole, every file has its row (or the startup
// sweep reports it) and every balance equals its ledger.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { samplePdf, samplePng } from '../../scripts/sample-files';
import type { Database } from '../../src/server/db/client';
import {
  creditLedger,
  documents,
  payments,
  statementPdfs,
  statements,
  workspaces,
} from '../../src/server/db/schema';
import { createLocalStorage } from '../../src/server/storage/local-storage';
import { statementColumns } from '../../src/shared/schemas/statement';
import { readStoredFormData } from '../../src/shared/schemas/statement-form';
import { confirmAll } from '../setup/confirm-warnings';
import { type RunningServer, startBuiltServer } from './built-server';
import { Client, PROPERTY, payCheckout, signUp, startCheckout, statementForm } from './http';
import { freshInstallation, type Installation } from './installation';

type Kind = 'save' | 'upload' | 'pdf' | 'payment';

/** What the server acknowledged before it died, and which requests the kill interrupted. */
interface Journal {
  acked: Record<Kind, number>;
  /** Steps under way; the kill waits until every kind has one. */
  inFlight: Record<Kind, number>;
  /** The first unexpected failure of a loop, reported at once. */
  failure?: unknown;
  createdStatements: string[];
  uploadedDocuments: string[];
  pdfsPerStatement: Map<string, number>;
  paidSessions: string[];
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs `step` again and again until the server is gone; counts what it acknowledged. */
async function loop(journal: Journal, kind: Kind, dead: { value: boolean }, step: () => Promise<boolean>) {
  while (!dead.value && journal.failure === undefined) {
    journal.inFlight[kind]++;
    try {
      if (await step()) journal.acked[kind]++;
    } catch (error) {
      // after the kill a request fails with "fetch failed"; anything else before it is a finding
      if (!dead.value) journal.failure = error;
      return;
    } finally {
      journal.inFlight[kind]--;
    }
  }
}

describe('SIGKILL during writes, then restart', () => {
  let installation: Installation | undefined;
  let server: RunningServer | undefined;
  afterEach(async () => {
    if (server && server.child.exitCode === null) await server.kill();
    await installation?.dispose();
  });

  it('keeps every acknowledged write, whole rows, files with rows and credits equal to the ledger', async () => {
    installation = await freshInstallation();
    server = await startBuiltServer({ env: installation.env });
    const killed = server;
    const client = new Client(server.url);
    const user = await signUp(client, installation.dataDir);
    const property = await client.json<{ id: string }>('POST', '/api/properties', PROPERTY);
    const forPdf: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await client.json<{ id: string }>('POST', '/api/statements', {
        formData: statementForm(i, property.id),
      });
      forPdf.push(created.id);
    }
    await payCheckout(client, await startCheckout(client));

    const journal: Journal = {
      acked: { save: 0, upload: 0, pdf: 0, payment: 0 },
      inFlight: { save: 0, upload: 0, pdf: 0, payment: 0 },
      createdStatements: [],
      uploadedDocuments: [],
      pdfsPerStatement: new Map(),
      paidSessions: [],
    };
    const dead = { value: false };
    let n = 0;

    const save = async () => {
      const i = n++;
      const own = journal.createdStatements[i % Math.max(1, journal.createdStatements.length)];
      if (own && i % 2 === 1) {
        const res = await client.send('PATCH', `/api/statements/${own}`, { formData: statementForm(i) });
        expect(res.status, await res.clone().text()).toBe(200);
        return true;
      }
      const res = await client.send('POST', '/api/statements', { formData: statementForm(i) });
      expect(res.status, await res.clone().text()).toBe(201);
      journal.createdStatements.push(((await res.json()) as { id: string }).id);
      return true;
    };
    const upload = async () => {
      const i = n++;
      const form = new FormData();
      form.append('type', 'Rechnung');
      form.append('docDate', '2024-03-15');
      form.append('propertyId', property.id);
      const file =
        i % 2 === 0
          ? new Blob([new Uint8Array(samplePdf(`Rechnung ${i}`))], { type: 'application/pdf' })
          : new Blob([new Uint8Array(samplePng(64, 48, [i % 256, 120, 200]))], { type: 'image/png' });
      form.append('file', file, i % 2 === 0 ? `rechnung-${i}.pdf` : `foto-${i}.png`);
      const res = await client.send('POST', '/api/documents', form);
      if (res.status === 429) return false; // past the per-user upload limit until its window ends
      expect(res.status, await res.clone().text()).toBe(201);
      journal.uploadedDocuments.push(((await res.json()) as { id: string }).id);
      return true;
    };
    const pdf = async () => {
      const i = n++;
      const statementId = forPdf[i % forPdf.length] as string;
      const formData = statementForm(i, property.id);
      const res = await client.send('POST', '/api/statements/pdf', {
        formData,
        isPreview: false,
        statementId,
        confirmedWarnings: confirmAll(formData),
      });
      if (res.status === 402) return false; // out of credits until the next payment
      expect(res.status, await res.clone().text()).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      journal.pdfsPerStatement.set(statementId, (journal.pdfsPerStatement.get(statementId) ?? 0) + 1);
      return true;
    };
    const payment = async () => {
      const sessionId = await startCheckout(client);
      await payCheckout(client, sessionId);
      journal.paidSessions.push(sessionId);
      return true;
    };

    const loops = [
      loop(journal, 'save', dead, save),
      loop(journal, 'save', dead, save),
      loop(journal, 'upload', dead, upload),
      loop(journal, 'pdf', dead, pdf),
      loop(journal, 'payment', dead, payment),
    ];
    const progress = (ready: (j: Journal) => boolean) => () => {
      if (journal.failure !== undefined) throw journal.failure;
      return ready(journal) ? true : undefined;
    };
    await waitFor(
      'some writes of every kind',
      progress((j) => j.acked.save >= 4 && j.acked.upload >= 2 && j.acked.pdf >= 2 && j.acked.payment >= 1),
    );
    await waitFor(
      'a request of every kind in flight',
      progress((j) => Object.values(j.inFlight).every((count) => count > 0)),
    );
    // from here on a failed request is the kill's doing
    dead.value = true;
    const exit = await killed.kill();
    await Promise.all(loops);
    expect(exit.signal).toBe('SIGKILL');
    expect(journal.failure).toBeUndefined();

    if (installation.kind === 'pglite') {
      // the lock file still names the dead process; the next start takes it over
      const lock = join(installation.dataDir, 'db.lock');
      expect(readFileSync(lock, 'utf8').trim()).toBe(String(killed.pid));
      expect(isAlive(killed.pid)).toBe(false);
    }

    server = await startBuiltServer({ env: { ...installation.env, LOG_LEVEL: 'info' } });
    const restarted = server;
    const sweep = await waitFor('the startup sweep', () =>
      restarted.logs().find((l) => String(l.msg).startsWith('document sweep')),
    );
    // the session survived; reads work
    client.base = server.url;
    expect((await client.json<{ user: { id: string } }>('GET', '/api/me')).user.id).toBe(user.id);
    expect((await client.send('GET', '/api/statements')).status).toBe(200);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    if (installation.kind === 'pglite') expect(existsSync(join(installation.dataDir, 'db.lock'))).toBe(false);

    const database = await installation.open();
    try {
      await checkStatements(database, user.id, journal);
      await checkCredits(database, user.id, journal);
      const orphans = await checkDocuments(database, installation.dataDir, user.id, journal);
      expect(sweep.filesWithoutRows ?? 0).toBe(orphans);
      expect(sweep.rowsWithoutFiles ?? 0).toBe(0);
    } finally {
      await database.close();
    }
  }, 90_000);
});

async function checkStatements({ db }: Database, userId: string, journal: Journal) {
  const rows = await db.select().from(statements).where(eq(statements.workspaceId, userId));
  const ids = new Set(rows.map((r) => r.id));
  for (const id of journal.createdStatements) expect(ids.has(id), `statement ${id} acknowledged`).toBe(true);
  for (const row of rows) {
    const form = readStoredFormData(row.formData);
    expect((row.formData as { version?: number }).version).toBe(1);
    expect(form.tenant.name).toMatch(/^Mieter \d+$/);
    expect(row.title).not.toBe('');
    const columns = statementColumns(form);
    expect({ periodStart: row.periodStart, periodEnd: row.periodEnd, totalCents: row.totalCents }).toEqual(
      columns,
    );
  }
}

async function checkCredits({ db }: Database, userId: string, journal: Journal) {
  const [balance] = await db
    .select({ credits: workspaces.credits })
    .from(workspaces)
    .where(eq(workspaces.id, userId));
  const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  expect(balance?.credits).toBe(ledger.reduce((sum, row) => sum + row.delta, 0));

  // one purchase row per paid checkout, none for an unpaid one; every acknowledged payment is paid
  const paid = await db
    .select({ sessionId: payments.sessionId, credits: payments.credits })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'paid')));
  const purchases = ledger.filter((row) => row.reason === 'purchase');
  expect(purchases.map((p) => [p.reference, p.delta]).sort()).toEqual(
    paid.map((p) => [p.sessionId, p.credits]).sort(),
  );
  for (const sessionId of journal.paidSessions) expect(paid.map((p) => p.sessionId)).toContain(sessionId);

  // one spent credit per archived final PDF, each PDF whole; acknowledged ones are all there
  const archived = await db
    .select({
      statementId: statementPdfs.statementId,
      head: sql<string>`encode(substring(${statementPdfs.content} from 1 for 5), 'escape')`,
      tail: sql<string>`encode(substring(${statementPdfs.content} from octet_length(${statementPdfs.content}) - 5), 'escape')`,
    })
    .from(statementPdfs)
    .where(eq(statementPdfs.workspaceId, userId));
  const spent = ledger.filter((row) => row.reason === 'pdf');
  expect(spent.every((row) => row.delta === -1)).toBe(true);
  expect(spent.map((row) => row.reference).sort()).toEqual(
    archived.map((row) => `statement:${row.statementId}`).sort(),
  );
  for (const row of archived) {
    expect(row.head).toBe('%PDF-');
    expect(row.tail).toContain('%%EOF');
  }
  for (const [statementId, count] of journal.pdfsPerStatement) {
    expect(archived.filter((row) => row.statementId === statementId).length).toBeGreaterThanOrEqual(count);
    const [statement] = await db
      .select({ status: statements.status })
      .from(statements)
      .where(eq(statements.id, statementId));
    expect(statement?.status).toBe('Erstellt');
  }
}

/** Every row has its whole file; answers the number of files without a row. */
async function checkDocuments({ db }: Database, dataDir: string, userId: string, journal: Journal) {
  const rows = await db.select().from(documents).where(eq(documents.workspaceId, userId));
  const ids = new Set(rows.map((r) => r.id));
  for (const id of journal.uploadedDocuments) expect(ids.has(id), `document ${id} acknowledged`).toBe(true);
  const storage = createLocalStorage(join(dataDir, 'files'));
  const keys = new Set<string>();
  for await (const key of storage.list()) keys.add(key);
  for (const row of rows) {
    expect(keys.has(row.storageKey), `file of document ${row.id}`).toBe(true);
    const bytes = readFileSync(join(dataDir, 'files', ...row.storageKey.split('/')));
    expect(bytes.length).toBe(row.size);
    expect(bytes.subarray(0, 4).toString('latin1')).toMatch(/^(%PDF|\x89PNG)$/);
  }
  const withRows = new Set(rows.map((r) => r.storageKey));
  return [...keys].filter((key) => !withRows.has(key)).length;
}
