// Unit test files share their worker's modules (vitest.config.ts, ADR 0026), so none may mock a
// module, stub a global or the environment, fake the clock, or set process.env: what it changed would
// hold in the files after it. A test that needs one of these belongs in a project of its own.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(new URL(import.meta.url).pathname), '..');

const SHARED_STATE =
  /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|spyOn)\(|process\.env\.\w+\s*=[^=]|process\.env\[[^\]]+\]\s*=[^=]|delete process\.env|globalThis\.\w+\s*=[^=]/;

function unitTests(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return unitTests(path);
    return /\.test\.tsx?$/.test(name) && !/\.int\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe('unit tests that share a worker', () => {
  it('mock nothing and change no global state', () => {
    const self = new URL(import.meta.url).pathname;
    const offenders = [...unitTests(join(ROOT, 'src')), ...unitTests(join(ROOT, 'bench'))]
      .filter((file) => file !== self && SHARED_STATE.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });

  it('would see a mock, a stubbed global, a fake clock or a changed environment', () => {
    for (const line of [
      "vi.mock('../db/client')",
      "vi.stubGlobal('fetch', f)",
      'vi.useFakeTimers()',
      "process.env.TZ = 'UTC'",
      "process.env['DATA_DIR'] = dir",
      'delete process.env.DATA_DIR',
      'globalThis.fetch = f',
    ])
      expect(SHARED_STATE.test(line), line).toBe(true);
    expect(SHARED_STATE.test("if (process.env.CI === 'true')")).toBe(false);
  });
});
