import { randomUUID } from 'node:crypto';
import { createWriteStream, type Dirent } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, assertPrefix, type Storage, StoredFileNotFoundError } from './types';

// Bodies are written here first and renamed into place once complete, so a file under its key is
// always whole and an aborted upload leaves no file behind.
const TEMP_DIR = '.incoming';

/** Files in a folder (`${DATA_DIR}/files`); the content type lives in the database row. */
export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => join(root, ...key.split('/'));

  return {
    kind: 'local',

    async put(key, body) {
      assertKey(key);
      const target = pathOf(key);
      const temp = join(root, TEMP_DIR, `${randomUUID()}.part`);
      await mkdir(dirname(temp), { recursive: true });
      await mkdir(dirname(target), { recursive: true });
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        await pipeline(source, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      assertKey(key);
      // Open first so a missing file is reported here, not later as a stream error.
      const handle = await open(pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' || error.code === 'EISDIR' ? new StoredFileNotFoundError(key) : error;
      });
      return handle.createReadStream();
    },

    async delete(key) {
      assertKey(key);
      await rm(pathOf(key), { force: true });
    },

    async deletePrefix(prefix) {
      assertPrefix(prefix);
      await rm(join(root, ...prefix.slice(0, -1).split('/')), { recursive: true, force: true });
    },

    async *list(prefix = '') {
      if (prefix) assertPrefix(prefix);
      yield* walk(root, prefix ? join(root, ...prefix.slice(0, -1).split('/')) : root);
    },
  };
}

/**
 * Removes the bodies of uploads a crash cut off (`.incoming/*.part`) last written before `before`;
 * returns how many. An upload in flight keeps writing its body, so it is never old.
 */
export async function removeStaleParts(root: string, before: Date): Promise<number> {
  const dir = join(root, TEMP_DIR);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.part'))) {
    const path = join(dir, name);
    // another instance may finish (rename) or remove its own body meanwhile
    const written = await stat(path).then(
      (s) => s.mtime,
      () => undefined,
    );
    if (written && written < before) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}

async function* walk(root: string, dir: string): AsyncGenerator<string> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (dir === root && entry.name === TEMP_DIR) continue;
      yield* walk(root, path);
    } else if (entry.isFile()) {
      yield relative(root, path).split(sep).join('/');
    }
  }
}
