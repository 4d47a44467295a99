import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export class LockedError extends Error {}

/**
 * Takes an exclusive lock file for the embedded database: two processes opening one PGlite folder
 * corrupt it. A lock whose process is gone is taken over. Returns the release function.
 */
export function acquireLock(path: string): () => void {
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new LockedError(
          `The embedded database in ${dirname(path)} is already in use by process ${pid}. ` +
            'Stop that server first, or start this one with another DATA_DIR or a DATABASE_URL.',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new LockedError(`Could not take the lock ${path}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
