import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import { isoDateInBerlin } from '../../shared/dates';
import { daysUntil, deadlineState } from '../../shared/deadlines';
import type { DeadlineItemJson, DeadlinesJson } from '../../shared/schemas/deadlines-json';
import { warningKey } from '../../shared/settlement/checks';
import { changeCredits } from '../credits/ledger';
import { statements } from '../db/schema';

type App = Awaited<ReturnType<typeof createTestApp>>;

// relative to the day the test runs, so every state is known: the last calendar year's deadline is
// the end of this year (never passed), the year before's passed at the end of last year
const today = isoDateInBerlin(new Date());
const lastYear = Number(today.slice(0, 4)) - 1;
const yearBefore = lastYear - 1;

describe('GET /api/deadlines', () => {
  let app: App;
  let owner: SignedUp;
  let stranger: SignedUp;
  const ids: Record<string, string> = {};

  const call = async (who: SignedUp, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: who.headers, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const house = async (
    who: SignedUp,
    name: string,
    tenancyStart: string | null,
    tenancyEnd: string | null,
  ) => {
    const property = await call(who, 'POST', '/api/properties', {
      name,
      street: 'Lindenstraße 12',
      postalCode: '10115',
      city: 'Berlin',
      yearBuilt: 1962,
      totalArea: 100,
      unitCount: 1,
    });
    const unit = await call(who, 'POST', `/api/properties/${property.id}/units`, { label: 'EG', area: 100 });
    await call(who, 'POST', `/api/units/${unit.id}/tenancies`, {
      tenant: { name: 'Anna Müller', street: '', city: '' },
      start: tenancyStart,
      end: tenancyEnd,
      persons: 1,
      monthlyPrepaymentCents: 10_000,
    });
    return property.id as string;
  };
  const deadlines = async (who: SignedUp) => (await call(who, 'GET', '/api/deadlines')) as DeadlinesJson;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await signUp(app);
    stranger = await signUp(app);
    // let all of last year to a tenant of many years (no move-in day), nothing settled yet
    ids.linden = await house(owner, 'Haus Lindenstraße', null, null);
    // settled for last year (draft) and the year before (draft, late)
    ids.garten = await house(owner, 'Gartenhaus', `${yearBefore}-01-01`, null);
    for (const year of [yearBefore, lastYear]) {
      const s = await call(owner, 'POST', `/api/properties/${ids.garten}/settlements`, {
        periodStart: `${year}-01-01`,
        periodEnd: `${year}-12-31`,
      });
      ids[`garten${year}`] = s.id;
    }
    // the tenant moved out before last year: nothing to settle for it
    ids.alt = await house(owner, 'Altbau', `${yearBefore - 3}-01-01`, `${yearBefore}-06-30`);
    // a single statement of a shifted period, sent
    const sent = await call(owner, 'POST', '/api/statements', {
      title: 'Abrechnung Max Mieter',
      formData: {
        billingPeriod: { start: `${yearBefore}-05-01`, end: `${lastYear}-04-30` },
      },
    });
    ids.sent = sent.id;
    await app.database.db.update(statements).set({ status: 'Versendet' }).where(eq(statements.id, sent.id));
    // the stranger's own let house
    ids.stranger = await house(stranger, 'Fremdes Haus', `${yearBefore}-01-01`, null);
  });
  afterAll(() => app.close());

  it('answers 401 without a session', async () => {
    expect((await app.inject({ url: '/api/deadlines' })).statusCode).toBe(401);
  });

  it('lists every settlement and statement with its deadline and the years not yet settled', async () => {
    const { today: answered, items } = await deadlines(owner);
    expect(answered).toBe(today);
    const byId = (id: string) => items.find((i) => i.id === id);

    const late = byId(ids[`garten${yearBefore}`] as string);
    expect(late).toMatchObject({
      kind: 'settlement',
      propertyId: ids.garten,
      title: `Hausabrechnung ${yearBefore} – Gartenhaus`,
      deadline: `${lastYear}-12-31`,
      state: 'overdue',
      label: `Hausabrechnung ${yearBefore} – Gartenhaus: Frist am 31.12.${lastYear} abgelaufen`,
    });
    expect(late?.daysLeft).toBeLessThan(0);

    const current = byId(ids[`garten${lastYear}`] as string);
    const deadline = `${lastYear + 1}-12-31`;
    expect(current).toMatchObject({
      kind: 'settlement',
      deadline,
      daysLeft: daysUntil(deadline, today),
      state: deadlineState(deadline, today),
    });

    expect(byId(ids.sent as string)).toMatchObject({
      kind: 'statement',
      title: 'Abrechnung Max Mieter',
      periodStart: `${yearBefore}-05-01`,
      periodEnd: `${lastYear}-04-30`,
      deadline: `${lastYear + 1}-04-30`,
      state: 'done',
    });

    const missing = items.filter((i) => i.kind === 'missing');
    expect(missing).toEqual([
      {
        kind: 'missing',
        id: null,
        propertyId: ids.linden as string,
        title: `Abrechnung ${lastYear} für Haus Lindenstraße`,
        periodStart: `${lastYear}-01-01`,
        periodEnd: `${lastYear}-12-31`,
        deadline,
        daysLeft: daysUntil(deadline, today),
        state: deadlineState(deadline, today),
        label: `Abrechnung ${lastYear} für Haus Lindenstraße noch nicht erstellt — Frist 31.12.${lastYear + 1}`,
      } satisfies DeadlineItemJson,
    ]);
    // earliest first
    const order = items.map((i) => i.deadline);
    expect(order).toEqual([...order].sort());
  });

  it('calls a final settlement done only once every letter reached its tenant', async () => {
    const who = await signUp(app);
    const propertyId = await house(who, 'Kleines Haus', `${yearBefore}-01-01`, null);
    const draft = await call(who, 'POST', `/api/properties/${propertyId}/settlements`, {
      periodStart: `${lastYear}-01-01`,
      periodEnd: `${lastYear}-12-31`,
      costs: [{ name: 'Grundsteuer', amountCents: 40_000, key: 'area' }],
    });
    await changeCredits(app.database.db, {
      workspaceId: who.user.id,
      userId: null,
      delta: 1,
      reason: 'adjustment',
    });
    const view = await call(who, 'GET', `/api/settlements/${draft.id}`);
    const confirmedWarnings = (view.warnings as Array<{ severity: string; code: string; path: string }>)
      .filter((w) => w.severity === 'warning')
      .map(warningKey);
    await call(who, 'POST', `/api/settlements/${draft.id}/finalize`, { confirmedWarnings });
    const stateOf = async () => (await deadlines(who)).items.find((i) => i.id === draft.id);

    const sentOnly = await stateOf();
    expect(sentOnly?.state).not.toBe('done');
    expect(sentOnly?.label).toContain('(0 von 1 zugegangen)');

    const tenancyId = (view.statements as Array<{ tenancyId: string }>)[0]?.tenancyId;
    await call(who, 'POST', `/api/settlements/${draft.id}/statements/${tenancyId}/dispatch`, {
      channel: 'post',
      sentOn: today,
      receivedOn: today,
    });
    expect(await stateOf()).toMatchObject({ state: 'done', label: expect.stringContaining('erledigt') });
  });

  it('shows each user only their own', async () => {
    const { items } = await deadlines(stranger);
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'missing',
        propertyId: ids.stranger,
        title: `Abrechnung ${lastYear} für Fremdes Haus`,
      }),
    ]);
    const own = await deadlines(owner);
    expect(own.items.some((i) => i.propertyId === ids.stranger)).toBe(false);
  });
});
