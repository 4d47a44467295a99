import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, ROOT } from '../../tests/ops/built-server';

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

/** Starts floor-server.ts (on node:http or a bare Fastify) as its own process on `env`'s database; resolves once it listens. */
export async function startFloor(
  env: Record<string, string>,
  framework: 'node' | 'fastify' = 'node',
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/api/floor-server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      ...env,
      FLOOR_PORT: String(port),
      FLOOR_FRAMEWORK: framework,
      AUTH_SECRET: BENCH_SECRET,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`floor server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
