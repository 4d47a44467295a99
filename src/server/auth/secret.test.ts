import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { resolveAuthSecret } from './secret';

describe('auth secret', () => {
  it('uses AUTH_SECRET when set', () => {
    const secret = 'x'.repeat(40);
    expect(
      resolveAuthSecret(
        loadConfig({ AUTH_SECRET: secret, DATA_DIR: mkdtempSync(join(tmpdir(), 'umlage-')) }),
      ),
    ).toBe(secret);
  });

  it('otherwise generates one once and keeps it in DATA_DIR/auth-secret (private to the owner)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'umlage-'));
    const first = resolveAuthSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dataDir, 'auth-secret')).mode & 0o077).toBe(0);
    expect(resolveAuthSecret(loadConfig({ DATA_DIR: dataDir }))).toBe(first);
    expect(resolveAuthSecret(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'umlage-')) }))).not.toBe(
      first,
    );
  });
});
