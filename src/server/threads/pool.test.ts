import { describe, expect, it } from 'vitest';
import { createPool } from './pool';

describe('a pool', () => {
  it('runs as many tasks at once as it has items, the rest in the order they came', async () => {
    const pool = createPool(['a', 'b']);
    const started: string[] = [];
    const release: Array<() => void> = [];
    const task = (name: string) =>
      pool.use(async (item) => {
        started.push(`${name}:${item}`);
        await new Promise<void>((resolve) => release.push(resolve));
        return name;
      });
    const all = [task('1'), task('2'), task('3'), task('4')];
    await Promise.resolve();
    expect(started).toEqual(['1:b', '2:a']);
    release.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(['1:b', '2:a', '3:b']);
    for (;;) {
      const next = release.shift();
      if (!next) break;
      next();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await Promise.all(all)).toEqual(['1', '2', '3', '4']);
    expect(started).toHaveLength(4);
  });

  it('gives its item back when a task fails', async () => {
    const pool = createPool([1]);
    await expect(pool.use(async () => Promise.reject(new Error('kaputt')))).rejects.toThrow('kaputt');
    expect(await pool.use(async (item) => item)).toBe(1);
  });
});
