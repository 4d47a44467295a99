import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankHouse, camt053, IBANS, sampleYear } from '../../../tests/builders/bank-files';
import { houseCosts } from '../../../tests/builders/building';
import { createTestApp } from '../../../tests/setup/app';
import { bankUpload } from '../../../tests/setup/bank-upload';
import { signUp } from '../../../tests/setup/factories';
import { houseSettlement } from '../../../tests/setup/house-settlement';
import { injectApi } from '../../../tests/setup/inject-api';
import { formatCents } from '../../shared/money';
import { depositBalance, retainedProposal } from '../../shared/rent/deposit';
import type { TenancyAccountJson } from '../../shared/schemas/bank';
import type { DepositJson } from '../../shared/schemas/deposit';
import type { TaxYearJson } from '../../shared/schemas/tax-year';
import { warningKey } from '../../shared/settlement/checks';
import { changeCredits } from '../credits/ledger';
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
    // the yearly statement for the tenant: the year's payments, its interest, the balance at its end
    const yearly = await app.inject({ url: `${url}/statements/2025.pdf`, headers: who.headers });
    expect(yearly.statusCode).toBe(200);
    const yearText = flatten(await pdfText(yearly.rawPayload));
    const end2025 = depositBalance(payments, 50, '2025-12-31');
    expect(yearText).toContain('Ihre Mietkaution: Stand am 31.12.2025');
    expect(yearText).toContain(`Eingänge 2025 ${formatCents(150_000)}`);
    expect(yearText).toContain(`Zinsen 2025 (0,50 % im Jahr) ${formatCents(end2025.interestCents)}`);
    expect(yearText).toContain(`Stand am 31.12.2025 ${formatCents(end2025.balanceCents)}`);
    if (process.env.SHOTS_DIR) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(`${process.env.SHOTS_DIR}/deposit-year.pdf`, yearly.rawPayload);
    }
    expect((await app.inject({ url: `${url}/statements/2024.pdf`, headers: who.headers })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ url: `${url}/statements/1999.pdf`, headers: who.headers })).statusCode).toBe(
      400,
    );

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
      payoutIban: null,
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
    const badIban = await api('POST', `${url}/settlement`, {
      claims,
      retainedCents: 5_000,
      payoutIban: 'DE00 1',
    });
    expect(badIban.status).toBe(400);
    expect(JSON.stringify(badIban.body)).toContain('Ungültige IBAN');
    const settle = await api('POST', `${url}/settlement`, {
      claims,
      retainedCents: 5_000,
      payoutIban: 'DE02 5001 0517 0137 0750 30',
    });
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
    expect(text).toContain('auf Ihr Konto DE02 5001 0517 0137 0750 30');
    if (process.env.SHOTS_DIR) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(`${process.env.SHOTS_DIR}/deposit-letter.pdf`, letter.rawPayload);
    }

    // the part kept back waits for the 2026 settlement; once it is final, it is settled against it
    const releaseUrl = `/api/tenancies/${krause}/deposit/release.pdf`;
    expect((await app.inject({ url: releaseUrl, headers: who.headers })).statusCode).toBe(404);
    const year2026 = await api('POST', `/api/properties/${house.property.id}/settlements`, {
      periodStart: '2026-01-01',
      periodEnd: '2026-12-31',
      costs: houseCosts(house.tenancies),
      letter: { landlord: { name: 'Müller & Söhne GbR', street: 'Hauptstraße 1', city: '10115 Berlin' } },
    });
    expect(year2026.status).toBe(201);
    await changeCredits(app.database.db, {
      workspaceId: who.user.id,
      userId: who.user.id,
      delta: 4,
      reason: 'adjustment',
    });
    const warnings = (await api('GET', `/api/settlements/${year2026.body.id}`)).body.warnings as Array<{
      code: string;
      path: string;
      severity: string;
    }>;
    const finalized = await api('POST', `/api/settlements/${year2026.body.id}/finalize`, {
      confirmedWarnings: warnings.filter((w) => w.severity === 'warning').map(warningKey),
    });
    expect(finalized.status).toBe(200);
    const krause2026 = (
      (await api('GET', `/api/settlements/${year2026.body.id}`)).body.statements as Array<{
        tenancyId: string;
        balanceCents: number;
      }>
    ).find((t) => t.tenancyId === krause);
    if (!krause2026) throw new Error('Krause has a statement in 2026');
    const released = ((await api('GET', url)).body as unknown as DepositJson).settlement?.release;
    expect(released).toMatchObject({
      settlementId: year2026.body.id,
      balanceCents: krause2026.balanceCents,
      releasedCents: 5_000 - krause2026.balanceCents,
    });
    const releaseLetter = await app.inject({ url: releaseUrl, headers: who.headers });
    expect(releaseLetter.statusCode).toBe(200);
    const releaseText = flatten(await pdfText(releaseLetter.rawPayload));
    expect(releaseText).toContain('Abrechnung des Kautionseinbehalts');
    expect(releaseText).toContain(`Einbehalt aus der Kautionsabrechnung`);
    if (process.env.SHOTS_DIR) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(`${process.env.SHOTS_DIR}/deposit-release.pdf`, releaseLetter.rawPayload);
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

  it('takes its instalments from the bank file as the Kaution, apart from the rent, each counted once', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const { propertyId, tenancyIds } = await bankHouse(api);
    const berg = tenancyIds['Anna Berg'] as string;
    const paid = (day: string, reference: string) => ({
      bookingDate: day,
      valueDate: day,
      amountCents: 60_000,
      counterpartyName: 'Anna Berg',
      counterpartyIban: IBANS.berg,
      reference,
      bankReference: null,
    });
    const year = [
      ...sampleYear(2025),
      paid('2025-01-06', 'Kaution 1. Rate EG links'),
      paid('2025-02-05', 'Mietkaution 2. Rate'),
    ].sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
    expect((await bankUpload(app)(who, 'umsaetze.xml', camt053(year), { propertyId })).statusCode).toBe(201);

    const listed = (await api('GET', '/api/bank/transactions?limit=200')).body.transactions as Array<{
      id: string;
      reference: string;
      match: { kind: string; tenancyId?: string } | null;
    }>;
    const deposits = listed.filter((t) => t.match?.kind === 'deposit');
    expect(deposits.map((t) => t.match)).toEqual([
      { kind: 'deposit', tenancyId: berg },
      { kind: 'deposit', tenancyId: berg },
    ]);
    // the rent account does not take the deposit as rent paid ahead
    const account = (await api('GET', `/api/tenancies/${berg}/account?from=2025-01-01&to=2025-12-31`))
      .body as unknown as TenancyAccountJson;
    expect(account.creditCents).toBe(0);
    expect(account.months.flatMap((m) => m.lines).reduce((s, l) => s + l.cents, 0)).toBe(12 * 78_000);

    // the first instalment entered before the bank file came, the third paid in cash
    const url = `/api/tenancies/${berg}/deposit`;
    const payments = [
      { date: '2025-01-02', cents: 60_000 },
      { date: '2025-03-10', cents: 60_000 },
    ];
    const saved = await api('PUT', url, { agreedCents: 180_000, form: 'cash', payments });
    expect(saved.status).toBe(200);
    const deposit = saved.body as unknown as DepositJson;
    expect(deposit.received.map((p) => [p.date, p.source])).toEqual([
      ['2025-01-06', 'bank'],
      ['2025-02-05', 'bank'],
      ['2025-03-10', 'entered'],
    ]);
    expect(deposit.paidCents).toBe(180_000);

    // the tax year lists the deposit apart: the tenant's money, no income
    const tax = (await api('GET', `/api/properties/${propertyId}/tax-years/2025`))
      .body as unknown as TaxYearJson;
    expect(tax.depositsReceived.map((d) => d.cents)).toEqual([60_000, 60_000]);
    const incomeIds = tax.income.flatMap((f) => f.sources.map((s) => s.transactionId));
    expect(deposits.some((d) => incomeIds.includes(d.id))).toBe(false);

    // moved out: the payout is proposed to the account the deposit came from
    expect((await api('PATCH', `/api/tenancies/${berg}`, { end: '2025-12-31' })).status).toBe(200);
    expect(((await api('GET', url)).body as unknown as DepositJson).proposal?.payoutIban).toBe(IBANS.berg);

    // the landlord takes a booking back to rent: the deposit no longer counts it
    const second = deposits[1] as { id: string };
    const back = await api('PATCH', `/api/bank/transactions/${second.id}`, {
      match: { kind: 'tenant-payment', tenancyId: berg },
    });
    expect(back.status).toBe(200);
    expect(((await api('GET', url)).body as unknown as DepositJson).paidCents).toBe(120_000);
    // and to another workspace's tenancy it cannot be matched
    const stranger = injectApi(app, await signUp(app));
    const foreign = (await bankHouse(stranger)).tenancyIds['Anna Berg'];
    const refused = await api('PATCH', `/api/bank/transactions/${second.id}`, {
      match: { kind: 'deposit', tenancyId: foreign },
    });
    expect(refused.status).toBe(404);
  });
});
