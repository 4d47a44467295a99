import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankHouse, camt053, sampleYear } from '../../../tests/builders/bank-files';
import { createTestApp } from '../../../tests/setup/app';
import { bankUpload } from '../../../tests/setup/bank-upload';
import { signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';
import type { WorkspaceArrearsJson } from '../../shared/schemas/late-rent';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('late rent across a workspace', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('names who owes since when, with the interest to the bank files’ last day, and who paid late', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const { propertyId } = await bankHouse(api);
    const imported = await bankUpload(app)(who, 'umsaetze.xml', camt053(sampleYear(2025)), { propertyId });
    expect(imported.statusCode).toBe(201);
    const workspaceId = (await api('GET', '/api/me')).body.workspace as { id: string };
    const arrears = async (query = '') => {
      const res = await api('GET', `/api/workspaces/${workspaceId.id}/arrears${query}`);
      expect(res.status).toBe(200);
      return res.body as unknown as WorkspaceArrearsJson;
    };

    const answer = await arrears();
    expect(answer).toMatchObject({ asOf: '2025-12-12', graceDays: 3 });
    const byName = (name: string) => answer.tenancies.find((t) => t.tenantName === name);
    // Murat Yilmaz: March short, May twice: January is the oldest month open (due Mon 6 January)
    expect(byName('Murat Yilmaz')).toMatchObject({
      lateSince: '2025-01-06',
      noticeThreshold: true,
      propertyName: 'Haus Lindenstraße',
    });
    expect(byName('Murat Yilmaz')?.openCents).toBeGreaterThan(0);
    // Petra Krause pays in full on the 12th: nothing open, interest for the days late — January:
    // 7 to 11 January, 5 days on 640 € at 7.27 % = 0.64 €
    const krause = byName('Petra Krause');
    expect(krause).toMatchObject({ openCents: 0, lateSince: null, noticeThreshold: false });
    expect(krause?.months[0]).toEqual({
      month: '2025-01',
      dueDate: '2025-01-06',
      dueCents: 64_000,
      openCents: 0,
      interestCents: 64,
    });
    // Anna Berg pays on the 1st: not listed
    expect(byName('Anna Berg')).toBeUndefined();

    // ten grace days take the 12th as on time
    expect((await arrears('?graceDays=10')).tenancies.map((t) => t.tenantName)).not.toContain('Petra Krause');
    const wrong = await api('GET', `/api/workspaces/${workspaceId.id}/arrears?graceDays=30`);
    expect(wrong.status).toBe(400);
    // the landlord's own setting: ten days from now on, for the arrears and what they lead to
    const settings = `/api/workspaces/${workspaceId.id}/rent-settings`;
    expect((await api('GET', settings)).body).toEqual({ graceDays: 3 });
    expect((await api('PUT', settings, { graceDays: 11 })).status).toBe(400);
    expect((await api('PUT', settings, { graceDays: 10 })).body).toEqual({ graceDays: 10 });
    const lenient = await arrears();
    expect(lenient.graceDays).toBe(10);
    expect(lenient.tenancies.map((t) => t.tenantName)).not.toContain('Petra Krause');
    expect((await arrears('?graceDays=3')).tenancies.map((t) => t.tenantName)).toContain('Petra Krause');
    const stranger = injectApi(app, await signUp(app));
    expect((await stranger('GET', `/api/workspaces/${workspaceId.id}/arrears`)).status).toBe(404);
    expect((await stranger('PUT', settings, { graceDays: 0 })).status).toBe(404);
  });
});
