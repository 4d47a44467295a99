import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankHouse, camt053, IBANS, sampleYear } from '../../../tests/builders/bank-files';
import { createTestApp } from '../../../tests/setup/app';
import { bankUpload } from '../../../tests/setup/bank-upload';
import { linkIn, mailsInFolder, ORIGIN, signUp } from '../../../tests/setup/factories';
import { injectApi } from '../../../tests/setup/inject-api';
import { addDays } from '../../shared/dates';
import { formatCents } from '../../shared/money';
import type { ReminderJson, WorkspaceArrearsJson } from '../../shared/schemas/late-rent';
import { pdfQrCodes, pdfText } from '../pdf/testing/poppler';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('reminders of late rent', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('are made from what the bank files say is open, kept as made, and printed with a GiroCode of the total', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const { propertyId } = await bankHouse(api);
    await api('PUT', '/api/me/sender', {
      landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 5', city: '10115 Berlin' },
      bank: { holder: '', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bank: 'Commerzbank' },
    });
    expect(
      (await bankUpload(app)(who, 'umsaetze.xml', camt053(sampleYear(2025)), { propertyId })).statusCode,
    ).toBe(201);
    const workspace = (await api('GET', '/api/me')).body.workspace as { id: string };
    const arrears = (await api('GET', `/api/workspaces/${workspace.id}/arrears`))
      .body as unknown as WorkspaceArrearsJson;
    const yilmaz = arrears.tenancies.find((t) => t.tenantName === 'Murat Yilmaz');
    const krause = arrears.tenancies.find((t) => t.tenantName === 'Petra Krause');
    if (!yilmaz || !krause) throw new Error('the sample year has Yilmaz owing and Krause paying late');

    // what each needs next: a Zahlungserinnerung since the first month became late, on the deadlines too
    expect(yilmaz.nextReminder).toEqual({ level: 1, due: '2025-01-10', afterLast: false });
    const rentDeadline = async () =>
      (
        (await api('GET', '/api/deadlines')).body.items as Array<{
          kind: string;
          id: string;
          state: string;
          deadline: string;
          label: string;
        }>
      ).find((i) => i.kind === 'rent' && i.id === yilmaz.tenancyId);
    expect(await rentDeadline()).toMatchObject({
      state: 'due',
      deadline: '2025-01-10',
      label: expect.stringContaining('Zahlungserinnerung fällig seit 10.01.2025'),
    });

    // a fee above a letter's actual cost, an unknown level: refused, nothing kept
    const tooDear = await api('POST', `/api/tenancies/${yilmaz.tenancyId}/reminders`, {
      level: 1,
      feeCents: 2_500,
    });
    expect(tooDear.status).toBe(400);
    expect(JSON.stringify(tooDear.body)).toContain('tatsächlichen Kosten');
    expect((await api('POST', `/api/tenancies/${yilmaz.tenancyId}/reminders`, { level: 4 })).status).toBe(
      400,
    );
    // Krause paid everything (late): nothing to remind of
    const nothing = await api('POST', `/api/tenancies/${krause.tenancyId}/reminders`, { level: 1 });
    expect(nothing.status).toBe(409);
    expect((await api('GET', `/api/tenancies/${yilmaz.tenancyId}/reminders`)).body).toEqual([]);

    // a Mahnsperre (agreed instalments): shown with the arrears, no reminder until it ends or is lifted
    const pause = `/api/tenancies/${yilmaz.tenancyId}/reminder-pause`;
    expect((await api('PUT', pause, { until: '2099-02-30', reason: 'Raten' })).status).toBe(400);
    expect((await api('PUT', pause, { until: '2099-01-31', reason: ' ' })).status).toBe(400);
    expect((await api('PUT', pause, { until: '2099-01-31', reason: 'Ratenzahlung vereinbart' })).status).toBe(
      200,
    );
    const paused = (await api('GET', `/api/workspaces/${workspace.id}/arrears`))
      .body as unknown as WorkspaceArrearsJson;
    expect(paused.tenancies.find((t) => t.tenancyId === yilmaz.tenancyId)?.pause).toEqual({
      until: '2099-01-31',
      reason: 'Ratenzahlung vereinbart',
    });
    const refused = await api('POST', `/api/tenancies/${yilmaz.tenancyId}/reminders`, { level: 1 });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('Mahnsperre bis 31.01.2099: Ratenzahlung vereinbart');
    expect((await app.inject({ url: '/api/me/export', headers: who.headers })).body).toContain(
      'Ratenzahlung vereinbart',
    );
    expect((await api('DELETE', pause)).status).toBe(204);
    expect((await api('DELETE', pause)).status).toBe(404);

    const made = await api('POST', `/api/tenancies/${yilmaz.tenancyId}/reminders`, {
      level: 2,
      feeCents: 250,
    });
    expect(made.status).toBe(201);
    const reminder = made.body as unknown as ReminderJson;
    const open = yilmaz.months.filter((m) => m.openCents > 0);
    expect(reminder).toMatchObject({
      tenancyId: yilmaz.tenancyId,
      level: 2,
      title: 'Mahnung',
      asOf: '2025-12-12',
      months: open,
      openCents: yilmaz.openCents,
      interestCents: yilmaz.interestCents,
      feeCents: 250,
      totalCents: yilmaz.openCents + yilmaz.interestCents + 250,
      createdBy: who.user.fullName,
    });
    expect((await api('GET', `/api/tenancies/${yilmaz.tenancyId}/reminders`)).body).toEqual([reminder]);
    // after the Mahnung: the letzte Mahnung, once its day to pay has passed
    expect(await rentDeadline()).toMatchObject({ state: 'open', deadline: addDays(reminder.payBy, 1) });

    const pdf = await app.inject({ url: `/api/reminders/${reminder.id}/pdf`, headers: who.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Mahnung: offene Mieten Jan. 2025 bis Dez. 2025');
    expect(text).toContain('Verzugszinsen');
    expect(text).toContain('Mahnkosten');
    const [code] = await pdfQrCodes(pdf.rawPayload);
    expect(code?.split('\n')[7]).toBe(`EUR${(reminder.totalCents / 100).toFixed(2)}`);
    if (process.env.SHOTS_DIR) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(`${process.env.SHOTS_DIR}/reminder-letter.pdf`, pdf.rawPayload);
    }

    // the landlord's export holds it
    const exported = await app.inject({ url: '/api/me/export', headers: who.headers });
    expect(exported.body).toContain(reminder.id);

    // another workspace sees none of it
    const stranger = injectApi(app, await signUp(app));
    expect((await stranger('GET', `/api/tenancies/${yilmaz.tenancyId}/reminders`)).status).toBe(404);
    expect(
      (await stranger('POST', `/api/tenancies/${yilmaz.tenancyId}/reminders`, { level: 1 })).status,
    ).toBe(404);
    expect(
      (await app.inject({ url: `/api/reminders/${reminder.id}/pdf`, headers: (await signUp(app)).headers }))
        .statusCode,
    ).toBe(404);
  });

  it('go to the tenant by e-mail with a private page whose opening is the proof, never once paid', async () => {
    const who = await signUp(app);
    const api = injectApi(app, who);
    const { propertyId, tenancyIds } = await bankHouse(api);
    await api('PUT', '/api/me/sender', {
      landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 5', city: '10115 Berlin' },
      bank: { holder: '', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', bank: 'Commerzbank' },
    });
    const upload = bankUpload(app);
    expect((await upload(who, 'umsaetze.xml', camt053(sampleYear(2025)), { propertyId })).statusCode).toBe(
      201,
    );
    const yilmaz = tenancyIds['Murat Yilmaz'] as string;
    const made = (await api('POST', `/api/tenancies/${yilmaz}/reminders`, { level: 1 }))
      .body as unknown as ReminderJson;
    expect(made.delivery).toBeNull();
    const dispatch = (body: Record<string, unknown>) =>
      api('POST', `/api/reminders/${made.id}/dispatch`, body);

    // without an address: asked for one, nothing recorded
    const noAddress = await dispatch({ channel: 'email', sentOn: '2026-01-08', sendEmail: true });
    expect(noAddress.status).toBe(409);
    expect(JSON.stringify(noAddress.body)).toContain('keine E-Mail-Adresse');
    expect((await dispatch({ channel: 'post', sentOn: '2026-01-08', sendEmail: true })).status).toBe(400);
    const withAddress = await api('PATCH', `/api/tenancies/${yilmaz}`, {
      tenant: { name: 'Murat Yilmaz', street: '', city: '', email: 'murat.yilmaz@example.test' },
    });
    expect(withAddress.status).toBe(200);

    const sent = await dispatch({ channel: 'email', sentOn: '2026-01-08', sendEmail: true });
    expect(sent.status).toBe(200);
    expect((sent.body as unknown as ReminderJson).delivery).toMatchObject({
      channel: 'email',
      sentOn: '2026-01-08',
      email: 'murat.yilmaz@example.test',
      mail: 'sent',
      firstOpenedAt: null,
    });
    const mail = mailsInFolder(app.config.DATA_DIR)
      .filter((m) => m.to.includes('murat.yilmaz@example.test'))
      .at(-1);
    if (!mail) throw new Error('the reminder was mailed');
    expect(mail.subject).toContain('Zahlungserinnerung');
    expect(mail.text).toContain(formatCents(made.totalCents));
    const link = linkIn(mail);
    expect(link.pathname).toMatch(/^\/m\/r\//);
    const token = link.pathname.replace('/m/r/', '');

    // the tenant's page: what is open, by when, where to; opening it in a browser is the proof
    const page = await app.inject({ url: link.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Zahlungserinnerung');
    expect(page.body).toContain(formatCents(made.totalCents));
    expect(page.body).toContain('DE89 3704 0044 0532 0130 00');
    if (process.env.SHOTS_DIR) {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(`${process.env.SHOTS_DIR}/reminder-page.html`, page.body);
    }
    const listed = async () =>
      ((await api('GET', `/api/tenancies/${yilmaz}/reminders`)).body as unknown as ReminderJson[])[0];
    expect((await listed())?.delivery?.firstOpenedAt).toBeNull();
    expect(page.body).toContain('<script src="/m/seen.js" defer></script>');
    const seen = await app.inject({
      method: 'POST',
      url: `/api/tenant/r/${token}/opened`,
      headers: { origin: ORIGIN },
    });
    expect(seen.statusCode).toBe(204);
    expect((await listed())?.delivery?.firstOpenedAt).not.toBeNull();
    const letter = await app.inject({ url: `/api/tenant/r/${token}/letter.pdf` });
    expect(letter.statusCode).toBe(200);
    expect(await pdfText(letter.rawPayload)).toContain('Zahlungserinnerung');
    expect((await listed())?.delivery?.downloadedAt).not.toBeNull();
    expect((await app.inject({ url: '/m/r/not-a-token' })).statusCode).toBe(404);

    // money in since: the reminder is not mailed again (a new one says what is open), and once
    // everything is paid, January's rent too, not at all; posting it can still be recorded
    const arrears = (await api('GET', `/api/workspaces/${who.user.id}/arrears`))
      .body as unknown as WorkspaceArrearsJson;
    const open = arrears.tenancies.find((t) => t.tenancyId === yilmaz)?.openCents ?? 0;
    expect(open).toBe(made.openCents);
    const payIn = async (day: string, cents: number) => {
      const booking = {
        bookingDate: day,
        valueDate: day,
        amountCents: cents,
        counterpartyName: 'Murat Yilmaz',
        counterpartyIban: IBANS.yilmaz,
        reference: 'Rest Miete',
        bankReference: null,
      };
      expect((await upload(who, `${day}.xml`, camt053([booking]), { propertyId })).statusCode).toBe(201);
      // a sum that large is asked, not guessed: the landlord assigns it to Yilmaz
      const bookings = (await api('GET', '/api/bank/transactions?limit=200')).body.transactions as Array<{
        id: string;
        bookingDate: string;
      }>;
      const id = bookings.find((b) => b.bookingDate === day)?.id;
      const assigned = await api('PATCH', `/api/bank/transactions/${id}`, {
        match: { kind: 'tenant-payment', tenancyId: yilmaz },
      });
      expect(assigned.status).toBe(200);
    };
    await payIn('2026-01-12', 300_000);
    const outdated = await dispatch({ channel: 'email', sentOn: '2026-01-13', sendEmail: true });
    expect(outdated.status).toBe(409);
    expect(JSON.stringify(outdated.body)).toContain('Seit dieser Mahnung ist Geld eingegangen');
    await payIn('2026-01-14', open + 91_000 - 300_000);
    const again = await dispatch({ channel: 'email', sentOn: '2026-01-15', sendEmail: true });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain('inzwischen bezahlt');
    expect((await dispatch({ channel: 'registered', sentOn: '2026-01-09' })).status).toBe(200);

    // another workspace reaches none of it
    const stranger = injectApi(app, await signUp(app));
    expect(
      (
        await stranger('POST', `/api/reminders/${made.id}/dispatch`, {
          channel: 'post',
          sentOn: '2026-01-08',
        })
      ).status,
    ).toBe(404);
  });
});
