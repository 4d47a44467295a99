import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testDatabase } from '../../../tests/setup/app';
import { type SignedUp, signUp } from '../../../tests/setup/factories';
import { type FilePart, multipart } from '../../../tests/setup/multipart';
import { buildApp } from '../app';
import { properties } from '../db/schema';
import { type FakeS3, startFakeS3 } from '../storage/fake-s3';
import type { Storage } from '../storage/storage';
import { sweepDocuments } from './sweep';

type App = Awaited<ReturnType<typeof buildApp>>;

const MB10 = 10 * 1024 * 1024;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// A real 1×1 PNG and the start of a JPEG (SOI + JFIF APP0).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0rest')]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

async function keysOf(storage: Storage, workspaceId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list(`${workspaceId}/`)) keys.push(key);
  return keys;
}

const stores: [string, () => Promise<FakeS3 | undefined>][] = [
  ['local folder', async () => undefined],
  ['S3 (s3rver)', () => startFakeS3()],
];

describe.each(stores)('/api/documents with %s', (_name, startStore) => {
  let app: App;
  let s3: FakeS3 | undefined;
  let owner: SignedUp;
  let stranger: SignedUp;
  let propertyId: string;
  let strangersPropertyId: string;

  async function addProperty(workspaceId: string, name: string): Promise<string> {
    const [row] = await app.database.db
      .insert(properties)
      .values({
        workspaceId,
        name,
        type: 'mehrfamilienhaus',
        street: 'Seestraße 1',
        postalCode: '14467',
        city: 'Potsdam',
        yearBuilt: 1998,
        totalArea: 412.5,
        unitCount: 6,
      })
      .returning({ id: properties.id });
    if (!row) throw new Error('no property');
    return row.id;
  }

  const upload = (
    who: SignedUp | undefined,
    fields: Record<string, string>,
    file?: FilePart,
    options: { fileFirst?: boolean; app?: App } = {},
  ) => {
    const body = multipart(fields, file, options.fileFirst);
    return (options.app ?? app).inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...(who?.headers ?? { origin: 'http://localhost:3000' }), 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    s3 = await startStore();
    const database = await testDatabase();
    app = await buildApp({ config: testConfig(s3?.env), database });
    await app.ready();
    expect(app.storage.kind).toBe(s3 ? 's3' : 'local');
    owner = await signUp(app);
    stranger = await signUp(app);
    propertyId = await addProperty(owner.user.id, 'Haus am See');
    strangersPropertyId = await addProperty(stranger.user.id, 'Fremdes Haus');
  });
  afterAll(async () => {
    await app.close();
    await s3?.close();
  });

  it.each([
    ['Rechnung März.pdf', 'application/pdf', PDF, 'pdf'],
    ['Foto.jpeg', 'image/jpeg', JPEG, 'jpg'],
    ['Zähler.png', 'image/png', PNG, 'png'],
  ])('uploads %s and serves it back only through its owner', async (name, type, content, ext) => {
    const res = await upload(
      owner,
      {
        propertyId,
        type: 'Rechnung',
        docDate: '2024-03-15',
        description: 'Wasser Q1',
        tags: ' Wasser, ,2024 ,',
      },
      { name, type, content },
    );
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      propertyId,
      name,
      type: 'Rechnung',
      description: 'Wasser Q1',
      docDate: '2024-03-15',
      fileType: type,
      size: content.length,
      tags: ['Wasser', '2024'],
      taxKind: null,
      taxSpreadYears: null,
      uploadDate: expect.any(String),
      recognition: null,
      booking: null,
      confirmedAt: null,
    });
    expect(Date.now() - Date.parse(doc.uploadDate)).toBeLessThan(60_000);
    const keys = await keysOf(app.storage, owner.user.id);
    expect(keys.some((k) => new RegExp(`^${owner.user.id}/\\d{13}-[0-9a-f]{8}\\.${ext}$`).test(k))).toBe(
      true,
    );

    const file = await app.inject({ url: `/api/documents/${doc.id}/file`, headers: owner.headers });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(content)).toBe(true);
    expect(file.headers['content-type']).toBe(type);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);

    const other = await app.inject({ url: `/api/documents/${doc.id}/file`, headers: stranger.headers });
    expect(other.statusCode).toBe(404);
    const anonymous = await app.inject({ url: `/api/documents/${doc.id}/file` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('fills the defaults, reads fields sent after the file and lists newest upload first', async () => {
    const first = await upload(
      owner,
      { docDate: '2024-01-01' },
      { name: 'a.pdf', type: 'application/octet-stream', content: PDF },
    );
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: 'a.pdf', type: 'Sonstiges', propertyId: null, tags: [] });
    const second = await upload(
      owner,
      { docDate: '2024-01-02', name: 'Umbenannt', tags: 'x', description: 'Null\u0000byte' },
      { name: 'b.png', type: 'image/png', content: PNG },
      { fileFirst: true },
    );
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({
      name: 'Umbenannt.png',
      fileType: 'image/png',
      tags: ['x'],
      description: 'Nullbyte',
    });

    const list = await app.inject({ url: '/api/documents', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((d: { id: string }) => d.id);
    expect(ids.indexOf(second.json().id)).toBeLessThan(ids.indexOf(first.json().id));
    const strangers = await app.inject({ url: '/api/documents', headers: stranger.headers });
    expect(strangers.json().map((d: { id: string }) => d.id)).not.toContain(first.json().id);
  });

  it('accepts exactly 10 MB and rejects 10 MB + 1 byte without storing anything', async () => {
    const user = await signUp(app);
    const big = Buffer.alloc(MB10 + 1, 0x20);
    PDF.copy(big);
    const tooBig = await upload(
      user,
      { docDate: '2024-01-01' },
      { name: 'gross.pdf', type: 'application/pdf', content: big },
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatchObject({
      code: 'file_too_large',
      message: '"gross.pdf" überschreitet das Limit von 10MB.',
    });
    expect(await keysOf(app.storage, user.user.id)).toEqual([]);

    const exact = await upload(
      user,
      { docDate: '2024-01-01' },
      { name: 'genau.pdf', type: 'application/pdf', content: big.subarray(0, MB10) },
    );
    expect(exact.statusCode).toBe(201);
    expect(exact.json().size).toBe(MB10);
    expect(await keysOf(app.storage, user.user.id)).toHaveLength(1);
  });

  it.each([
    ['an .exe renamed to .pdf', { name: 'rechnung.pdf', type: 'application/pdf', content: EXE }],
    ['a PNG declared as PDF', { name: 'scan.pdf', type: 'application/pdf', content: PNG }],
    ['a PNG sent with the PDF type', { name: 'scan.png', type: 'application/pdf', content: PNG }],
    ['an empty file', { name: 'leer.pdf', type: 'application/pdf', content: Buffer.alloc(0) }],
  ])('rejects %s by its content', async (_case, file) => {
    const user = await signUp(app);
    const res = await upload(user, { docDate: '2024-01-01' }, file);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({
      code: 'invalid_file_type',
      message: `"${file.name}" ist keine PDF-, JPG- oder PNG-Datei.`,
    });
    expect(await keysOf(app.storage, user.user.id)).toEqual([]);
    const list = await app.inject({ url: '/api/documents', headers: user.headers });
    expect(list.json()).toEqual([]);
  });

  it('asks for a file, and for a signed-in user', async () => {
    const none = await upload(owner, { docDate: '2024-01-01' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Bitte laden Sie zuerst Dateien hoch.');
    const anonymous = await upload(undefined, {}, { name: 'a.pdf', type: 'application/pdf', content: PDF });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('Nicht angemeldet');
    const json = await app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: owner.headers,
      payload: { docDate: '2024-01-01' },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('removes the stored file when the metadata is invalid or the row cannot be inserted', async () => {
    const user = await signUp(app);
    const badDate = await upload(
      user,
      { docDate: '2024-02-30' },
      { name: 'a.pdf', type: 'application/pdf', content: PDF },
    );
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.fields).toEqual({ docDate: 'Ungültiges Datum.' });

    // the composite foreign key refuses another user's property, after the file was stored
    const foreign = await upload(
      user,
      { docDate: '2024-01-01', propertyId: strangersPropertyId },
      { name: 'a.pdf', type: 'application/pdf', content: PDF },
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatchObject({
      code: 'document_save_failed',
      message: 'Fehler beim Speichern der Belegdaten: Immobilie nicht gefunden',
      fields: { propertyId: 'Immobilie nicht gefunden' },
    });
    expect(await keysOf(app.storage, user.user.id)).toEqual([]);
    const list = await app.inject({ url: '/api/documents', headers: user.headers });
    expect(list.json()).toEqual([]);
  });

  it("answers 404 for another user's document on read, file, edit and delete", async () => {
    const res = await upload(
      owner,
      { docDate: '2024-05-01' },
      { name: 'privat.pdf', type: 'application/pdf', content: PDF },
    );
    const id = res.json().id;
    const as = stranger.headers;
    expect((await app.inject({ url: `/api/documents/${id}`, headers: as })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/documents/${id}/file`, headers: as })).statusCode).toBe(404);
    const patch = await app.inject({
      method: 'PATCH',
      url: `/api/documents/${id}`,
      headers: as,
      payload: { name: 'gekapert' },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().error.message).toBe('Beleg nicht gefunden.');
    const del = await app.inject({ method: 'DELETE', url: `/api/documents/${id}`, headers: as });
    expect(del.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/documents/not-a-uuid', headers: as })).statusCode).toBe(404);

    const mine = await app.inject({ url: `/api/documents/${id}`, headers: owner.headers });
    expect(mine.json()).toMatchObject({ name: 'privat.pdf' });
    const file = await app.inject({ url: `/api/documents/${id}/file`, headers: owner.headers });
    expect(file.statusCode).toBe(200);
  });

  it('edits name, property, type, date, description and tags', async () => {
    const res = await upload(
      owner,
      { docDate: '2024-05-01' },
      { name: 'alt.pdf', type: 'application/pdf', content: PDF },
    );
    const id = res.json().id;
    const edit = (payload: Record<string, unknown>, who = owner) =>
      app.inject({ method: 'PATCH', url: `/api/documents/${id}`, headers: who.headers, payload });

    const changed = await edit({
      name: 'Wartung Heizung',
      propertyId,
      type: 'Reparatur',
      docDate: '2024-06-30',
      description: 'Brenner getauscht',
      tags: 'Heizung, 2024',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id,
      name: 'Wartung Heizung.pdf',
      propertyId,
      type: 'Reparatur',
      docDate: '2024-06-30',
      description: 'Brenner getauscht',
      tags: ['Heizung', '2024'],
      fileType: 'application/pdf',
    });
    const partial = await edit({ description: '' });
    expect(partial.json()).toMatchObject({ name: 'Wartung Heizung.pdf', type: 'Reparatur', description: '' });

    const invalid = await edit({ type: 'Quittung', name: '' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().error.fields).sort()).toEqual(['name', 'type']);
    const foreign = await edit({ propertyId: strangersPropertyId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ propertyId: 'Immobilie nicht gefunden' });
    const unlinked = await edit({ propertyId: null });
    expect(unlinked.json().propertyId).toBeNull();
  });

  it("keeps the file's extension in every name and refuses line breaks and control characters", async () => {
    const res = await upload(
      owner,
      { docDate: '2024-05-01', name: 'Scan.PDF' },
      { name: 'scan.pdf', type: 'application/pdf', content: PDF },
    );
    const id = res.json().id;
    expect(res.json().name).toBe('Scan.PDF');
    const edit = (name: string) =>
      app.inject({ method: 'PATCH', url: `/api/documents/${id}`, headers: owner.headers, payload: { name } });

    const renamed = await edit('evil.html');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('evil.html.pdf');
    const file = await app.inject({ url: `/api/documents/${id}/file`, headers: owner.headers });
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="evil.html.pdf"; filename*=UTF-8''evil.html.pdf`,
    );
    // at most 255 characters, the extension included
    expect((await edit('x'.repeat(255))).json().name).toBe(`${'x'.repeat(251)}.pdf`);

    for (const name of ['evil\r\nSet-Cookie: a=b', 'Tab\tName', 'Rechnung\u202Efdp.exe']) {
      const refused = await edit(name);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({
        name: 'Der Name darf keine Zeilenumbrüche oder Steuerzeichen enthalten.',
      });
    }
    const sent = await upload(
      owner,
      { docDate: '2024-05-01', name: 'a\nb.pdf' },
      { name: 'scan.pdf', type: 'application/pdf', content: PDF },
    );
    expect(sent.statusCode).toBe(400);
    // a file name with them is the browser's: cleaned, not refused
    const picked = await upload(
      owner,
      { docDate: '2024-05-01' },
      { name: 'Foto\u202Egnp.jpg', type: 'image/jpeg', content: JPEG },
    );
    expect(picked.json().name).toBe('Fotognp.jpg');
    expect((await app.inject({ url: `/api/documents/${id}`, headers: owner.headers })).json().name).toBe(
      `${'x'.repeat(251)}.pdf`,
    );
  });

  it("answers the user's storage use and quota", async () => {
    const user = await signUp(app);
    const usage = () => app.inject({ url: '/api/documents/usage', headers: user.headers });
    expect((await usage()).json()).toEqual({ usedBytes: 0, quotaBytes: 1024 * 1024 * 1024 });
    await upload(user, { docDate: '2024-05-01' }, { name: 'a.png', type: 'image/png', content: PNG });
    await upload(user, { docDate: '2024-05-01' }, { name: 'b.pdf', type: 'application/pdf', content: PDF });
    expect((await usage()).json().usedBytes).toBe(PNG.length + PDF.length);
    expect((await app.inject({ url: '/api/documents/usage' })).statusCode).toBe(401);
  });

  it('deletes the file and then the row', async () => {
    const user = await signUp(app);
    const res = await upload(
      user,
      { docDate: '2024-05-01' },
      { name: 'weg.pdf', type: 'application/pdf', content: PDF },
    );
    const id = res.json().id;
    const del = await app.inject({ method: 'DELETE', url: `/api/documents/${id}`, headers: user.headers });
    expect(del.statusCode).toBe(204);
    expect(await keysOf(app.storage, user.user.id)).toEqual([]);
    expect((await app.inject({ url: `/api/documents/${id}`, headers: user.headers })).statusCode).toBe(404);
    const again = await app.inject({ method: 'DELETE', url: `/api/documents/${id}`, headers: user.headers });
    expect(again.statusCode).toBe(404);
  });

  it('keeps the row when the store cannot delete the file', async () => {
    const failing: Storage = {
      ...app.storage,
      delete: async () => {
        throw new Error('store unreachable');
      },
    };
    const broken = await buildApp({
      config: testConfig(s3?.env),
      database: await testDatabase(),
      storage: failing,
    });
    try {
      const user = await signUp(broken);
      const res = await upload(
        user,
        { docDate: '2024-05-01' },
        { name: 'bleibt.pdf', type: 'application/pdf', content: PDF },
        { app: broken },
      );
      const id = res.json().id;
      const del = await broken.inject({
        method: 'DELETE',
        url: `/api/documents/${id}`,
        headers: user.headers,
      });
      expect(del.statusCode).toBe(500);
      expect(del.json().error).toEqual({
        code: 'file_delete_failed',
        message: 'Fehler beim Löschen der Datei',
      });
      const still = await broken.inject({ url: `/api/documents/${id}`, headers: user.headers });
      expect(still.statusCode).toBe(200);
      const file = await broken.inject({ url: `/api/documents/${id}/file`, headers: user.headers });
      expect(file.rawPayload.equals(PDF)).toBe(true);
    } finally {
      await broken.close();
    }
  });

  it('sweeps: reports files without rows and rows without files', async () => {
    const user = await signUp(app);
    const pdf = { name: 'a.pdf', type: 'application/pdf', content: PDF };
    const healthy = (await upload(user, { docDate: '2024-05-01' }, pdf)).json();
    const [healthyKey] = await keysOf(app.storage, user.user.id);
    const lost = (await upload(user, { docDate: '2024-05-01' }, pdf)).json();
    const lostKey = (await keysOf(app.storage, user.user.id)).find((k) => k !== healthyKey);
    if (!healthyKey || !lostKey) throw new Error('files not stored');
    // one file vanishes behind the app's back, another appears without a row
    await app.storage.delete(lostKey);
    const orphan = `${user.user.id}/1700000000000-deadbeef.pdf`;
    await app.storage.put(orphan, PDF, 'application/pdf');

    const report = await sweepDocuments(app.database.db, app.storage);
    expect(report.filesWithoutRows).toContain(orphan);
    expect(report.filesWithoutRows).not.toContain(healthyKey);
    const mine = report.rowsWithoutFiles.filter((r) => r.workspaceId === user.user.id);
    expect(mine).toEqual([{ id: lost.id, workspaceId: user.user.id, storageKey: lostKey }]);
    expect(healthy.id).not.toBe(lost.id);

    const gone = await app.inject({ url: `/api/documents/${lost.id}/file`, headers: user.headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('file_missing');
  });
});
