import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import { signUp } from '../../../tests/setup/factories';
import { houseSettlement } from '../../../tests/setup/house-settlement';
import { injectApi } from '../../../tests/setup/inject-api';
import { formatCents } from '../../shared/money';
import { depositBalance, retainedProposal } from '../../shared/rent/deposit';
import type { DepositJson } from '../../shared/schemas/deposit';
import { flatten, pdfText } from '../pdf/testing/poppler';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('a tenancy’s deposit', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('is kept within three Kaltmieten, grows by its interest and is settled once after the move-out', async () => {
    const { who, api, house, id } = await houseSettlement(app);
    const krause = house.tenancies.krause.id as string;
    const url = `/api/tenancies/${krause}/deposit`;
    expect((await api('GET', url)).body).toBeNull();
    expect((await api('PATCH', `/api/tenancies/${krause}`, { monthlyRentCents: 50_000 })).status).toBe(200);

    // over three Kaltmieten: refused at its field, nothing kept
    const tooMuch = await api('PUT', url, { agreedCents: 150_001, form: 'cash' });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.body)).toContain('Höchstens drei Nettokaltmieten');
    expect((await api('GET', url)).body).toBeNull();
    expect((await api('PUT', url, { agreedCents: 150_000, form: 'gold' })).status).toBe(400);

    const payments = [
      { date: '2025-04-01', cents: 50_000 },
      { date: '2025-05-06', cents: 50_000 },
      { date: '2025-06-04', cents: 50_000 },
    ];
    const saved = await api('PUT', url, { agreedCents: 150_000, form: 'cash', interestRateBp: 50, payments });
    expect(saved.status).toBe(200);
    const deposit = saved.body as unknown as DepositJson;
    expect(deposit).toMatchObject({
      capCents: 150_000,
      paidCents: 150_000,
      proposal: null,
      settlement: null,
    });
    expect(deposit.instalments.map((p) => p.cents)).toEqual([50_000, 50_000, 50_000]);
    expect(deposit.balanceCents).toBe(depositBalance(payments, 50, deposit.asOf).balanceCents);
    // not moved out: nothing to settle yet
    const early = await api('POST', `${url}/settlement`, { retainedCents: 0 });
    expect(early.status).toBe(409);
    expect((await api('GET', `${url}/settlement.pdf`)).status).toBe(404);

    // moved out on 30 June 2026: the 2025 settlement measures the part kept back for 2026's 181 days
    expect((await api('PATCH', `/api/tenancies/${krause}`, { end: '2026-06-30' })).status).toBe(200);
    const statement = (
      (await api('GET', `/api/settlements/${id}`)).body.statements as Array<{
        tenancyId: string;
        days: number;
        balanceCents: number;
      }>
    ).find((s) => s.tenancyId === krause);
    if (!statement) throw new Error('Krause has a statement in 2025');
    const ended = (await api('GET', url)).body as unknown as DepositJson;
    expect(ended.asOf).toBe('2026-06-30');
    expect(ended.proposal).toEqual({
      openRentCents: 0,
      openRentKnown: false,
      retainedCents: retainedProposal([statement], 181),
      unsettledDays: 181,
    });

    // the deadlines name the deposit to settle, six months after the move-out
    const deadlines = async () =>
      (
        (await api('GET', '/api/deadlines')).body.items as Array<{
          kind: string;
          id: string;
          deadline: string;
        }>
      ).filter((i) => i.kind === 'deposit');
    expect(await deadlines()).toEqual([expect.objectContaining({ id: krause, deadline: '2026-12-30' })]);

    const claims = [{ reason: 'Schlüssel nicht zurückgegeben', cents: 12_000 }];
    const settle = await api('POST', `${url}/settlement`, { claims, retainedCents: 5_000 });
    expect(settle.status).toBe(200);
    const balance = depositBalance(payments, 50, '2026-06-30').balanceCents;
    expect((settle.body as unknown as DepositJson).settlement).toMatchObject({
      asOf: '2026-06-30',
      balanceCents: balance,
      openRentCents: 0,
      claims,
      retainedCents: 5_000,
      payoutCents: balance - 12_000 - 5_000,
    });
    // the letter to the tenant: each deduction, the part kept back, the payout
    const letterUrl = `/api/tenancies/${krause}/deposit/settlement.pdf`;
    const letter = await app.inject({ url: letterUrl, headers: who.headers });
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    const text = flatten(await pdfText(letter.rawPayload));
    expect(text).toContain('Abrechnung der Mietkaution');
    expect(text).toContain('Schlüssel nicht zurückgegeben');
    expect(text).toContain(`Auszahlung an Sie ${formatCents(balance - 12_000 - 5_000)}`);
    if (process.env.SHOTS_DIR) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(`${process.env.SHOTS_DIR}/deposit-letter.pdf`, letter.rawPayload);
    }

    // settled once; the deposit stays as it was settled
    expect((await api('POST', `${url}/settlement`, { retainedCents: 0 })).status).toBe(409);
    expect(await deadlines()).toEqual([]);
    expect((await api('PUT', url, { agreedCents: 1, form: 'cash' })).status).toBe(409);
    // the landlord's export holds it
    const exported = await app.inject({ url: '/api/me/export', headers: who.headers });
    expect(exported.body).toContain('Schlüssel nicht zurückgegeben');

    // another workspace sees none of it
    const stranger = injectApi(app, await signUp(app));
    expect((await stranger('GET', url)).status).toBe(404);
    expect((await stranger('PUT', url, { agreedCents: 1, form: 'cash' })).status).toBe(404);
    expect((await stranger('GET', `/api/tenancies/${krause}/deposit/settlement.pdf`)).status).toBe(404);
  });
});
