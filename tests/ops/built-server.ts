// Starts the built server (dist/server/main.js) as its own process, as production runs it, for the
// operations tests and the API benchmark.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const AUTH_SECRET = 'ops-secret-ops-secret-ops-secret-0123456789';

let built: Promise<void> | undefined;

/** Builds the server bundle once per process when a source is newer than it. */
export function ensureBuilt(): Promise<void> {
  built ??= new Promise((resolve, reject) => {
    try {
      execFileSync(
        'flock',
        ['/tmp/umlage-build-server.lock', process.execPath, join(ROOT, 'tests/ops/build-if-stale.mjs')],
        { cwd: ROOT, stdio: 'inherit' },
      );
      resolve();
    } catch (error) {
      reject(error);
    }
  });
  return built;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningServer {
  url: string;
  /** The origin state-changing requests must carry (PUBLIC_URL). */
  origin: string;
  pid: number;
  child: ChildProcess;
  exited: Promise<Exit>;
  /** Everything the process wrote so far (JSON log lines on stdout, errors on stderr). */
  output(): string;
  /** The JSON log lines written so far. */
  logs(): Record<string, unknown>[];
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<Exit>;
  /** SIGKILL: no shutdown code runs. */
  kill(): Promise<Exit>;
}

export interface StartOptions {
  /** DATA_DIR, DATABASE_URL, LOG_LEVEL and anything else the server reads. */
  env: Record<string, string>;
  port?: number;
  /** Resolve once the process exits instead of once it answers (for starts that must fail). */
  expectExit?: boolean;
  /** Write stdout (the logs) to this file instead of keeping it in memory (benchmarks). */
  logFile?: string;
  timeoutMs?: number;
}

/** Spawns `node dist/server/main.js` on a free port and waits until GET /api/health answers 200. */
export async function startBuiltServer(options: StartOptions): Promise<RunningServer> {
  await ensureBuilt();
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const logFd = options.logFile ? openSync(options.logFile, 'a') : undefined;
  const child = spawn(process.execPath, [join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    stdio: ['ignore', logFd ?? 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      AUTH_SECRET,
      LOG_LEVEL: 'warn',
      // the operations tests buy credits with the built-in test checkout, off in production by default
      TEST_CHECKOUT: 'true',
      ...options.env,
    },
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  if (logFd !== undefined) closeSync(logFd);
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const server: RunningServer = {
    url,
    origin: options.env.PUBLIC_URL ?? url,
    pid: child.pid ?? 0,
    child,
    exited,
    output: () => output,
    logs: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
    kill: () => {
      child.kill('SIGKILL');
      return exited;
    },
  };
  if (options.expectExit) return server;

  const until = Date.now() + (options.timeoutMs ?? 60_000);
  let gone: Exit | undefined;
  void exited.then((exit) => {
    gone = exit;
  });
  for (;;) {
    if (gone) throw new Error(`server exited (${JSON.stringify(gone)}) before answering:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within the timeout:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
