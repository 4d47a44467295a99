import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../env';

/**
 * AUTH_SECRET when set (required in production, see env.ts). Otherwise a random secret generated
 * once and kept in `${DATA_DIR}/auth-secret`, so sessions survive restarts of a local install.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const dir = resolve(config.DATA_DIR);
  const file = join(dir, 'auth-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails if another process created it meanwhile; then that one's secret wins
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}
