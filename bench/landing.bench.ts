// `npm run bench -- landing`: what the landing page `/` costs a visitor (targets: ≤ 70 KB
// gzip of JavaScript before interaction; Lighthouse mobile performance ≥ 98 with LCP ≤ 1.5 s, and
// accessibility, best practices and SEO 100).
//
// Builds the client as `npm run build` does (into a temporary folder, so dist/ stays untouched),
// serves it from the real app (precompressed assets, cache headers) and loads `/` in Debian's
// Chromium: the JS and CSS fetched before any interaction ("first view") and after scrolling to the
// bottom (wizard and contact form included), counted as gzip and as actually transferred (brotli).
// Then Lighthouse 12 (mobile and desktop presets) BENCH_LIGHTHOUSE_RUNS times each (default 3);
// its figures are medians. Lighthouse simulates a slow phone from the CPU time it observes, so a
// busy machine lowers the performance score; the load average is reported beside it.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { loadConfig } from '../src/server/env';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TARGET_JS_KB = 70;
const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  laptop: { width: 1280, height: 800 },
} as const;

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function buildClient(outDir: string) {
  execFileSync(process.execPath, [join(ROOT, 'scripts/build-client.mjs'), outDir], {
    cwd: ROOT,
    stdio: 'ignore',
  });
}

async function serve(clientDir: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'umlage-bench-landing-data-')),
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  });
  const database = await openDatabase({});
  await migrate(database);
  const app = await buildApp({ config, database, clientDir });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

interface Weight {
  jsGzip: number;
  cssGzip: number;
  transferred: number;
  requests: number;
}

/** JS and CSS of `/` before any interaction and after scrolling through the whole page. */
async function weigh(url: string, clientDir: string, viewport: { width: number; height: number }) {
  const gzipOf = (path: string, body: Buffer) => {
    const file = join(clientDir, `${path}.gz`);
    return existsSync(file) ? readFileSync(file).length : gzipSync(body, { level: 9 }).length;
  };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const page = await browser.newPage({ viewport });
  const phases = { first: newWeight(), all: newWeight() };
  let phase: 'first' | 'all' = 'first';
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!/\.(js|css)$/.test(path)) return;
    const current = phase;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        for (const weight of current === 'first' ? [phases.first, phases.all] : [phases.all]) {
          if (path.endsWith('.js')) weight.jsGzip += gzipOf(path, body);
          else weight.cssGzip += gzipOf(path, body);
          weight.transferred += sizes.responseBodySize;
          weight.requests += 1;
        }
      })(),
    );
  });
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  phase = 'all';
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 300) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.getByRole('button', { name: 'Nachricht senden' }).waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await browser.close();
  return phases;
}

function newWeight(): Weight {
  return { jsGzip: 0, cssGzip: 0, transferred: 0, requests: 0 };
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

async function audit(url: string, preset: 'mobile' | 'desktop'): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  try {
    const flags = {
      port: chrome.port,
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.message}`);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: Math.round(value('first-contentful-paint')),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    };
  } finally {
    chrome.kill();
  }
}

export async function run(): Promise<Record<string, number | string>> {
  const clientDir = mkdtempSync(join(tmpdir(), 'umlage-bench-landing-'));
  const out: Record<string, number | string> = {};
  try {
    buildClient(clientDir);
    const server = await serve(clientDir);
    try {
      for (const [name, viewport] of Object.entries(VIEWPORTS)) {
        const { first, all } = await weigh(`${server.url}/`, clientDir, viewport);
        out[`${name}: first view JS gzip KB`] = kb(first.jsGzip);
        out[`${name}: first view CSS gzip KB`] = kb(first.cssGzip);
        out[`${name}: first view transferred KB (br)`] = kb(first.transferred);
        out[`${name}: first view JS+CSS requests`] = first.requests;
        out[`${name}: whole page JS gzip KB`] = kb(all.jsGzip);
      }
      out['target: first view JS gzip KB ≤'] = TARGET_JS_KB;
      for (const preset of ['mobile', 'desktop'] as const) {
        const runs: LighthouseFigures[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.url}/`, preset));
        const pick = (key: keyof LighthouseFigures) => median(runs.map((r) => r[key]));
        out[`lighthouse ${preset}: performance`] = pick('performance');
        out[`lighthouse ${preset}: accessibility`] = pick('accessibility');
        out[`lighthouse ${preset}: best practices`] = pick('bestPractices');
        out[`lighthouse ${preset}: SEO`] = pick('seo');
        out[`lighthouse ${preset}: FCP ms`] = pick('fcpMs');
        out[`lighthouse ${preset}: LCP ms`] = pick('lcpMs');
        out[`lighthouse ${preset}: TBT ms`] = pick('tbtMs');
        out[`lighthouse ${preset}: CLS`] = pick('cls');
      }
      out['lighthouse runs per preset (median)'] = RUNS;
      out['load average (1 min) at the end'] = Math.round((loadavg()[0] ?? 0) * 10) / 10;
    } finally {
      await server.close();
    }
  } finally {
    rmSync(clientDir, { recursive: true, force: true });
  }
  return out;
}
