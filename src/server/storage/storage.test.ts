import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { type FakeS3, startFakeS3 } from './fake-s3';
import { createLocalStorage } from './local-storage';
import { createStorage, removeIncompleteUploads, type Storage, StoredFileNotFoundError } from './storage';

async function all(keys: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const key of keys) out.push(key);
  return out.sort();
}

function failingStream(): Readable {
  return new Readable({
    read() {
      this.push(Buffer.from('%PDF-1.7 part one'));
      this.destroy(new Error('connection reset'));
    },
  });
}

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

const stores: [string, () => Storage][] = [
  ['local folder', () => createLocalStorage(mkdtempSync(join(tmpdir(), 'umlage-files-')))],
  ['S3 (s3rver)', () => createStorage(loadConfig({ ...s3.env, DATA_DIR: tmpdir() }))],
];

describe.each(stores)('storage: %s', (_name, make) => {
  let storage: Storage;
  let user: string;
  beforeAll(() => {
    storage = make();
  });
  // Each test works below its own user prefix, so the S3 bucket can be shared.
  let n = 0;
  const nextUser = () => {
    n += 1;
    user = `user${n}${Date.now()}`;
    return user;
  };

  it('stores a buffer and a stream and reads them back', async () => {
    nextUser();
    await storage.put(`${user}/a.pdf`, Buffer.from('%PDF-1.7 a'), 'application/pdf');
    await storage.put(
      `${user}/b.png`,
      Readable.from([Buffer.from('png'), Buffer.from(' bytes')]),
      'image/png',
    );
    expect((await buffer(await storage.get(`${user}/a.pdf`))).toString()).toBe('%PDF-1.7 a');
    expect((await buffer(await storage.get(`${user}/b.png`))).toString()).toBe('png bytes');
    expect(await all(storage.list(`${user}/`))).toEqual([`${user}/a.pdf`, `${user}/b.png`]);
  });

  it('leaves nothing behind when the body stream fails', async () => {
    nextUser();
    await expect(storage.put(`${user}/broken.pdf`, failingStream(), 'application/pdf')).rejects.toThrow(
      'connection reset',
    );
    expect(await all(storage.list(`${user}/`))).toEqual([]);
    await expect(storage.get(`${user}/broken.pdf`)).rejects.toBeInstanceOf(StoredFileNotFoundError);
  });

  it('reports a missing file and treats deleting one as done', async () => {
    nextUser();
    await expect(storage.get(`${user}/missing.pdf`)).rejects.toBeInstanceOf(StoredFileNotFoundError);
    await expect(storage.delete(`${user}/missing.pdf`)).resolves.toBeUndefined();
  });

  it('deletes one file, and all files of one user by prefix without touching others', async () => {
    const first = nextUser();
    const second = nextUser();
    await storage.put(`${first}/1.pdf`, Buffer.from('1'), 'application/pdf');
    await storage.put(`${first}/2.pdf`, Buffer.from('2'), 'application/pdf');
    await storage.put(`${first}/3.pdf`, Buffer.from('3'), 'application/pdf');
    await storage.put(`${second}/1.pdf`, Buffer.from('other'), 'application/pdf');

    await storage.delete(`${first}/1.pdf`);
    expect(await all(storage.list(`${first}/`))).toEqual([`${first}/2.pdf`, `${first}/3.pdf`]);

    await storage.deletePrefix(`${first}/`);
    expect(await all(storage.list(`${first}/`))).toEqual([]);
    expect(await all(storage.list(`${second}/`))).toEqual([`${second}/1.pdf`]);
    expect(await all(storage.list())).toContain(`${second}/1.pdf`);
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const key of ['../etc/passwd', 'user/../../x', 'user//x', 'nokey', '/abs/x', 'user/..']) {
      await expect(storage.put(key, Buffer.from('x'), 'application/pdf')).rejects.toThrow(
        /invalid storage key/,
      );
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
    }
    await expect(storage.deletePrefix('user')).rejects.toThrow(/must end with/);
    await expect(storage.deletePrefix('../')).rejects.toThrow(/invalid storage prefix/);
  });
});

describe('local storage layout', () => {
  it('keeps files under DATA_DIR/files/{workspaceId}/ and half-written bodies out of the listing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'umlage-data-'));
    const storage = createStorage(loadConfig({ DATA_DIR: dataDir }));
    expect(storage.kind).toBe('local');
    await storage.put('u1/1.pdf', Buffer.from('%PDF'), 'application/pdf');
    await expect(storage.put('u1/2.pdf', failingStream(), 'application/pdf')).rejects.toThrow();
    expect(readdirSync(join(dataDir, 'files', 'u1'))).toEqual(['1.pdf']);
    expect(await all(storage.list())).toEqual(['u1/1.pdf']);
  });

  it('removes the partial bodies of uploads a crash cut off, last written before a given time', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'umlage-data-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(await removeIncompleteUploads(config, new Date())).toBe(0);
    const storage = createStorage(config);
    await storage.put('u1/1.pdf', Buffer.from('%PDF'), 'application/pdf');
    const incoming = join(dataDir, 'files', '.incoming');
    mkdirSync(incoming, { recursive: true });
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    for (const name of ['crashed.part', 'also-crashed.part']) {
      writeFileSync(join(incoming, name), '%PDF-1.4 half');
      utimesSync(join(incoming, name), hourAgo, hourAgo);
    }
    writeFileSync(join(incoming, 'in-flight.part'), '%PDF-1.4 still arriving');

    expect(await removeIncompleteUploads(config, new Date(Date.now() - 60_000))).toBe(2);
    expect(readdirSync(incoming)).toEqual(['in-flight.part']);
    expect(await all(storage.list())).toEqual(['u1/1.pdf']);
    // a bucket keeps no partial objects
    expect(await removeIncompleteUploads({ ...config, S3_BUCKET: 'receipts' }, new Date())).toBe(0);
  });

  it('chooses S3 when S3_BUCKET is set', () => {
    expect(createStorage(loadConfig({ ...s3.env })).kind).toBe('s3');
  });
});
