import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PROPERTY } from '../../../tests/builders/building';
import { createTestApp } from '../../../tests/setup/app';
import {
  linkIn,
  mailsInFolder,
  type SignedUp,
  signUp,
  uploadReceipt,
  waitForMail,
} from '../../../tests/setup/factories';
import { houseSettlement } from '../../../tests/setup/house-settlement';
import { injectApi } from '../../../tests/setup/inject-api';
import { warningKey } from '../../shared/settlement/checks';
import { changeCredits } from '../credits/ledger';
import { creditLedger, properties, workspaces } from '../db/schema';

type App = Awaited<ReturnType<typeof createTestApp>>;

describe('workspaces: several people, one set of data', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());
  const mails = () => mailsInFolder(app.config.DATA_DIR);

  const currentWorkspace = async (who: SignedUp) =>
    (await app.inject({ url: '/api/me', headers: who.headers })).json().workspace.id as string;
  /** The error message of an answer. */
  const messageOf = (res: { body: Record<string, unknown> }) =>
    (res.body.error as { message: string }).message;

  /** A second, empty house of the person's workspace. */
  const secondHouse = (who: SignedUp) =>
    injectApi(app, who)('POST', '/api/properties', {
      ...SAMPLE_PROPERTY,
      name: 'Zweites Haus',
      unitCount: 1,
    });

  /** Invites `guest` into `owner`'s current workspace with `role` and accepts through the mailed link. */
  async function join(
    owner: SignedUp,
    guest: SignedUp,
    role: 'owner' | 'editor' | 'reader',
    propertyIds?: string[],
  ) {
    const workspaceId = await currentWorkspace(owner);
    const invited = await injectApi(app, owner)('POST', `/api/workspaces/${workspaceId}/members`, {
      email: guest.user.email,
      role,
      propertyIds,
    });
    expect(invited.status).toBe(201);
    const mail = await waitForMail(mails, guest.user.email, /Einladung/);
    const token = linkIn(mail).pathname.split('/').pop() ?? '';
    const accepted = await injectApi(app, guest)('POST', `/api/invitations/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: workspaceId, role, current: true });
    return { workspaceId, token };
  }

  it('gives every account a workspace of its own, shown by /api/me and listed', async () => {
    const who = await signUp(app, { fullName: 'Erika Eigen' });
    const api = injectApi(app, who);
    const me = await api('GET', '/api/me');
    expect(me.body).toMatchObject({ workspace: { name: 'Erika Eigen', role: 'owner' }, credits: 0 });
    const list = await api('GET', '/api/workspaces');
    expect(list.body).toEqual([
      expect.objectContaining({ name: 'Erika Eigen', role: 'owner', current: true }),
    ]);
  });

  it('lets an invited editor work on the owner’s house and a reader only look at it', async () => {
    const { who: owner, house, id } = await houseSettlement(app, { final: false });
    const editor = await signUp(app, { fullName: 'Carla Miteigentümerin' });
    const reader = await signUp(app, { fullName: 'Stefan Steuerberater' });
    const { workspaceId } = await join(owner, editor, 'editor');
    await join(owner, reader, 'reader');

    // the editor now works in the owner's workspace: same properties, and can change them
    const asEditor = injectApi(app, editor);
    const listed = await asEditor('GET', '/api/properties');
    expect(listed.body).toEqual([expect.objectContaining({ id: house.property.id })]);
    const renamed = await asEditor('PATCH', `/api/properties/${house.property.id}`, {
      name: 'Haus Lindenhof',
    });
    expect(renamed.status).toBe(200);

    // the reader sees the settlement but cannot change a cost, and is told why in German
    const asReader = injectApi(app, reader);
    expect((await asReader('GET', `/api/settlements/${id}`)).status).toBe(200);
    const refused = await asReader('PUT', `/api/settlements/${id}`, { costs: [] });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { message: expect.stringMatching(/nur Leserechte/) } });
    expect((await asReader('POST', '/api/properties', { name: 'X' })).status).toBe(403);

    // nobody but an owner invites or buys
    const invite = await asEditor('POST', `/api/workspaces/${workspaceId}/members`, {
      email: 'jemand@example.test',
      role: 'reader',
    });
    expect(invite.status).toBe(403);
    expect((await asEditor('POST', '/api/billing/checkout', { credits: 1, flow: 'dashboard' })).status).toBe(
      403,
    );

    // members see each other
    const members = await asReader('GET', `/api/workspaces/${workspaceId}/members`);
    const listedMembers = members.body.members as Array<{ fullName: string; role: string }>;
    expect(listedMembers.map((m) => [m.fullName, m.role])).toEqual([
      [expect.any(String), 'owner'],
      ['Carla Miteigentümerin', 'editor'],
      ['Stefan Steuerberater', 'reader'],
    ]);
  });

  it('limits a reader to chosen properties: those and what belongs to them, nothing else', async () => {
    const { who: owner, house, id } = await houseSettlement(app);
    const asOwner = injectApi(app, owner);
    const other = await secondHouse(owner);
    const receiptOfOther = await uploadReceipt(app, owner, 'anderes-haus.pdf');
    expect(
      (await asOwner('PATCH', `/api/documents/${receiptOfOther}`, { propertyId: other.body.id })).status,
    ).toBe(200);
    const workspaceId = await currentWorkspace(owner);
    const members = `/api/workspaces/${workspaceId}/members`;

    // a limit belongs to a reader, and to properties of this workspace
    const editorLimited = await asOwner('POST', members, {
      email: 'carla@example.test',
      role: 'editor',
      propertyIds: [house.property.id],
    });
    expect(editorLimited.status).toBe(400);
    expect(editorLimited.body).toMatchObject({
      error: { fields: { propertyIds: expect.stringMatching(/Nur lesen/) } },
    });
    const strange = await asOwner('POST', members, {
      email: 'carla@example.test',
      role: 'reader',
      propertyIds: [(await houseSettlement(app, { final: false })).house.property.id],
    });
    expect(strange.status).toBe(400);

    const adviser = await signUp(app, { fullName: 'Stefan Steuerberater' });
    await join(owner, adviser, 'reader', [house.property.id]);
    const mail = await waitForMail(mails, adviser.user.email, /Einladung/);
    expect(mail.text).toContain('Nur lesen (Haus');
    const asAdviser = injectApi(app, adviser);
    expect((await asAdviser('GET', '/api/me')).body.workspace).toMatchObject({
      role: 'reader',
      propertyIds: [house.property.id],
    });

    // the chosen house, its settlement, letters, tenancies and log
    const listed = await asAdviser('GET', '/api/properties');
    expect((listed.body as unknown as Array<{ id: string }>).map((p) => p.id)).toEqual([house.property.id]);
    expect((await asAdviser('GET', '/api/settlements')).body).toHaveLength(1);
    for (const path of [
      `/api/properties/${house.property.id}/tenancies`,
      `/api/settlements/${id}`,
      `/api/settlements/${id}/pdfs.zip`,
      `/api/tenancies/${house.tenancies.mueller.id}/account`,
      `/api/workspaces/${workspaceId}/changes?propertyId=${house.property.id}`,
      `/api/workspaces/${workspaceId}/changes?subjectId=${id}`,
    ])
      expect((await app.inject({ url: path, headers: adviser.headers })).statusCode, path).toBe(200);
    const deadlines = (await asAdviser('GET', '/api/deadlines')).body.items as Array<{ propertyId: string }>;
    expect(deadlines.every((d) => d.propertyId === house.property.id)).toBe(true);

    // the other house is not there, the rest of the workspace is closed, with a German reason
    for (const path of [
      `/api/properties/${other.body.id}`,
      `/api/documents/${receiptOfOther}`,
      `/api/workspaces/${workspaceId}/changes?propertyId=${other.body.id}`,
    ])
      expect((await asAdviser('GET', path)).status, path).toBe(404);
    expect((await asAdviser('GET', '/api/documents')).body).toEqual([]);
    for (const path of [
      '/api/bank/transactions',
      '/api/me/sender',
      `/api/workspaces/${workspaceId}/changes`,
    ]) {
      const refused = await asAdviser('GET', path);
      expect(refused.status, path).toBe(403);
      expect(messageOf(refused)).toMatch(/ausgewählte Immobilien/);
    }

    // an owner widens the limit; as an editor the member works in all of it
    const adviserId = adviser.user.id;
    const widened = await asOwner('PATCH', members, {
      userId: adviserId,
      role: 'reader',
      propertyIds: [house.property.id, other.body.id],
    });
    const limitOf = (body: unknown) =>
      (body as Array<{ userId: string; propertyIds: string[] | null }>).find((m) => m.userId === adviserId)
        ?.propertyIds;
    expect(limitOf(widened.body)).toHaveLength(2);
    expect((await asAdviser('GET', `/api/properties/${other.body.id}`)).status).toBe(200);
    await asOwner('PATCH', members, { userId: adviserId, role: 'editor' });
    expect((await asAdviser('GET', '/api/me')).body).toMatchObject({ workspace: { propertyIds: null } });
    expect((await asAdviser('GET', '/api/bank/transactions')).status).toBe(200);
  });

  it('answers another workspace’s ids and paths with 404, also when named by X-Workspace', async () => {
    const { who: owner, house } = await houseSettlement(app, { final: false });
    const stranger = await signUp(app);
    const mine = await currentWorkspace(owner);
    const asStranger = injectApi(app, stranger);
    expect((await asStranger('GET', `/api/properties/${house.property.id}`)).status).toBe(404);
    expect((await asStranger('GET', `/api/workspaces/${mine}/members`)).status).toBe(404);
    const named = await app.inject({
      method: 'GET',
      url: '/api/properties',
      headers: { ...stranger.headers, 'x-workspace': mine },
    });
    expect(named.statusCode).toBe(404);
  });

  it('switches between workspaces, by setting and by header, and keeps their data apart', async () => {
    const owner = await signUp(app, { fullName: 'Olga Owner' });
    const guest = await signUp(app, { fullName: 'Gustav Gast' });
    const asOwner = injectApi(app, owner);
    const asGuest = injectApi(app, guest);
    expect(
      (
        await asOwner('POST', '/api/properties', {
          name: 'Olgas Haus',
          street: 'A 1',
          postalCode: '10115',
          city: 'Berlin',
          yearBuilt: 1990,
          totalArea: 100,
          unitCount: 1,
        })
      ).status,
    ).toBe(201);
    const { workspaceId } = await join(owner, guest, 'editor');
    expect((await asGuest('GET', '/api/properties')).body).toHaveLength(1);

    await asGuest('PUT', '/api/workspaces/current', { workspaceId: guest.user.id });
    expect((await asGuest('GET', '/api/properties')).body).toHaveLength(0);
    const byHeader = await app.inject({
      url: '/api/properties',
      headers: { ...guest.headers, 'x-workspace': workspaceId },
    });
    expect(byHeader.json()).toHaveLength(1);
    const stranger = await signUp(app);
    const notMine = await asGuest('PUT', '/api/workspaces/current', { workspaceId: stranger.user.id });
    expect(notMine.status).toBe(404);
  });

  it('keeps an owner: the last one can neither leave nor be demoted; a removed member loses access at once', async () => {
    const owner = await signUp(app);
    const editor = await signUp(app);
    const { workspaceId } = await join(owner, editor, 'editor');
    const asOwner = injectApi(app, owner);
    const leave = await asOwner('DELETE', `/api/workspaces/${workspaceId}/members?userId=${owner.user.id}`);
    expect(leave.status).toBe(409);
    expect(messageOf(leave)).toMatch(/mindestens einen Eigentümer/);
    const demote = await asOwner('PATCH', `/api/workspaces/${workspaceId}/members`, {
      userId: owner.user.id,
      role: 'reader',
    });
    expect(demote.status).toBe(409);

    // handing over: the editor becomes owner, then the first owner may leave
    const promote = await asOwner('PATCH', `/api/workspaces/${workspaceId}/members`, {
      userId: editor.user.id,
      role: 'owner',
    });
    expect(promote.status).toBe(200);
    // two owners leaving at once: one of them stays
    const both = await Promise.all([
      asOwner('DELETE', `/api/workspaces/${workspaceId}/members?userId=${owner.user.id}`),
      injectApi(app, editor)('DELETE', `/api/workspaces/${workspaceId}/members?userId=${editor.user.id}`),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([204, 409]);

    // the one who left (or was refused) and a removed member: the next request no longer reaches it
    const gone = both[0]?.status === 204 ? owner : editor;
    const named = await app.inject({
      url: '/api/properties',
      headers: { ...gone.headers, 'x-workspace': workspaceId },
    });
    expect(named.statusCode).toBe(404);
  });

  it('refuses an invitation to another address, and a used or withdrawn link', async () => {
    const owner = await signUp(app);
    const invited = await signUp(app);
    const other = await signUp(app);
    const workspaceId = owner.user.id;
    await injectApi(app, owner)('POST', `/api/workspaces/${workspaceId}/members`, {
      email: invited.user.email,
      role: 'reader',
    });
    const token = linkIn(await waitForMail(mails, invited.user.email, /Einladung/))
      .pathname.split('/')
      .pop();
    const view = await app.inject({ url: `/api/invitations/${token}` });
    expect(view.json().invitation).toMatchObject({ email: invited.user.email, role: 'reader' });

    const wrong = await injectApi(app, other)('POST', `/api/invitations/${token}/accept`);
    expect(wrong.status).toBe(403);
    expect(messageOf(wrong)).toContain(invited.user.email);
    expect((await injectApi(app, invited)('POST', `/api/invitations/${token}/accept`)).status).toBe(200);
    expect((await injectApi(app, invited)('POST', `/api/invitations/${token}/accept`)).status).toBe(404);

    const again = await injectApi(app, owner)('POST', `/api/workspaces/${workspaceId}/members`, {
      email: other.user.email,
      role: 'editor',
    });
    const withdrawn = await injectApi(app, owner)(
      'DELETE',
      `/api/workspaces/${workspaceId}/members?invitationId=${again.body.id}`,
    );
    expect(withdrawn.status).toBe(204);
    const otherToken = linkIn(await waitForMail(mails, other.user.email, /Einladung/))
      .pathname.split('/')
      .pop();
    expect((await injectApi(app, other)('POST', `/api/invitations/${otherToken}/accept`)).status).toBe(404);
  });

  it('spends the workspace’s credits when a co-owner finalizes, names who did, and finalizes once when two try', async () => {
    const { who: owner, id } = await houseSettlement(app, { final: false });
    const editor = await signUp(app, { fullName: 'Carla Miteigentümerin' });
    const { workspaceId } = await join(owner, editor, 'editor');
    await changeCredits(app.database.db, {
      workspaceId,
      userId: owner.user.id,
      delta: 4,
      reason: 'adjustment',
    });
    const warnings = (await injectApi(app, editor)('GET', `/api/settlements/${id}`)).body.warnings as Array<{
      code: string;
      path: string;
      severity: string;
    }>;
    const body = { confirmedWarnings: warnings.filter((w) => w.severity === 'warning').map(warningKey) };
    const [a, b] = await Promise.all([
      injectApi(app, editor)('POST', `/api/settlements/${id}/finalize`, body),
      injectApi(app, owner)('POST', `/api/settlements/${id}/finalize`, body),
    ]);
    expect([a?.status, b?.status]).toEqual([200, 200]);
    const [workspace] = await app.database.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    const spent = await app.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reference, `settlement:${id}`));
    expect(spent).toHaveLength(1);
    expect(workspace?.credits).toBe(4 + (spent[0]?.delta ?? 0));
    expect([owner.user.id, editor.user.id]).toContain(spent[0]?.userId);
    expect((await injectApi(app, editor)('GET', '/api/me')).body.credits).toBe(workspace?.credits);
    // the final names who finalized it: the one whose spending it was
    const final = (await injectApi(app, owner)('GET', `/api/settlements/${id}`)).body;
    expect(final.finalizedBy).toBe(
      spent[0]?.userId === editor.user.id ? 'Carla Miteigentümerin' : owner.user.fullName,
    );
  });

  it('deletes with an account only the workspaces it was the last owner of', async () => {
    const owner = await signUp(app);
    const coOwner = await signUp(app);
    const { workspaceId: shared } = await join(owner, coOwner, 'owner');
    const asOwner = injectApi(app, owner);
    const house = {
      name: 'Gemeinsames Haus',
      street: 'B 2',
      postalCode: '10115',
      city: 'Berlin',
      yearBuilt: 1990,
      totalArea: 100,
      unitCount: 1,
    };
    expect((await asOwner('POST', '/api/properties', house)).status).toBe(201);
    const alone = await asOwner('POST', '/api/workspaces', { name: 'Nur meins' });
    expect(alone.status).toBe(201);
    expect((await asOwner('POST', '/api/properties', { ...house, name: 'Mein Haus' })).status).toBe(201);

    const res = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: owner.headers,
      payload: { password: owner.password },
    });
    expect(res.statusCode).toBe(204);
    const kept = await app.database.db.select().from(properties).where(eq(properties.workspaceId, shared));
    expect(kept.map((p) => p.name)).toEqual(['Gemeinsames Haus']);
    expect((await injectApi(app, coOwner)('GET', '/api/properties?x=1')).status).toBe(200);
    expect(await app.database.db.select().from(workspaces).where(eq(workspaces.id, alone.body.id))).toEqual(
      [],
    );
    expect(
      await app.database.db.select().from(properties).where(eq(properties.workspaceId, alone.body.id)),
    ).toEqual([]);
  });

  it('keeps a log of who did what, for the workspace, a property and a settlement, and as CSV', async () => {
    const { who: owner, house, id } = await houseSettlement(app, { final: false });
    const editor = await signUp(app, { fullName: 'Carla Miteigentümerin' });
    const { workspaceId } = await join(owner, editor, 'editor');
    const asEditor = injectApi(app, editor);
    expect(
      (await asEditor('PATCH', `/api/tenancies/${house.tenancies.mueller.id}`, { persons: 3 })).status,
    ).toBe(200);
    const other = await secondHouse(owner);
    type Line = { userName: string; action: string; label: string };
    const lines = async (query = '') =>
      (await asEditor('GET', `/api/workspaces/${workspaceId}/changes${query}`)).body.changes as Line[];

    const all = await lines();
    expect(all[0]).toMatchObject({ action: 'property.created', label: 'hat eine Immobilie angelegt' });
    expect(all.map((l) => `${l.userName} ${l.action}`)).toEqual(
      expect.arrayContaining([
        'Carla Miteigentümerin tenancy.changed',
        'Carla Miteigentümerin invitation.accepted',
        expect.stringMatching(/ member\.invited$/),
        expect.stringMatching(/ settlement\.created$/),
      ]),
    );
    const ofHouse = await lines(`?propertyId=${house.property.id}`);
    expect(ofHouse.map((l) => l.action)).toContain('tenancy.changed');
    // its own making, not the other house's
    expect(ofHouse.filter((l) => l.action === 'property.created')).toHaveLength(1);
    expect(ofHouse.length).toBeLessThan(all.length);
    expect((await lines(`?propertyId=${other.body.id}`)).map((l) => l.action)).toEqual(['property.created']);
    expect((await lines(`?subjectId=${id}`)).map((l) => l.action)).toEqual(['settlement.created']);

    const csv = await app.inject({
      url: `/api/workspaces/${workspaceId}/changes.csv`,
      headers: editor.headers,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('"Carla Miteigentümerin";"hat ein Mietverhältnis geändert"');
    // another workspace's log is not there for a stranger
    const stranger = await signUp(app);
    expect((await injectApi(app, stranger)('GET', `/api/workspaces/${workspaceId}/changes`)).status).toBe(
      404,
    );
  });
});
