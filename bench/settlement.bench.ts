// The Hausabrechnung (targets): computing a settlement of 50 units, 100 tenancies and 30
// costs ≤ 2 ms median; finalizing 20 tenant statements (PDFs, archive, ledger) ≤ 1.5 s on this 2-core
// machine with the event loop never blocked over 20 ms. Each figure has a baseline from the same run:
// - compute: the single-statement engine computing the same 100 tenants' statements one by one (what a
//   landlord had to type before), 30 positions each;
// - finalize: the same 20 letters rendered by the same worker pool without database work, and the
//   event loop's delay while idle.

import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createTenancy } from '../src/server/buildings/write-tenancy';
import { createUnit } from '../src/server/buildings/write-unit';
import { changeCredits } from '../src/server/credits/ledger';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { createPdfRenderer } from '../src/server/pdf/renderer';
import { createProperty } from '../src/server/properties/create-property';
import { finalizeSettlement } from '../src/server/settlements/finalize';
import { settlementView } from '../src/server/settlements/view';
import { createSettlement } from '../src/server/settlements/write-settlement';
import { calculateSettlement } from '../src/shared/settlement/calculate';
import { warningKey } from '../src/shared/settlement/checks';
import { settlementLetterView } from '../src/shared/settlement-view/letter-view';
import { computeStatement } from '../src/shared/statement';
import { largeBuilding } from '../tests/builders/building';
import { cost, form } from '../tests/builders/statement';
import { bundledWorker } from './bundled-worker';

const ITERATIONS = 1000;
const WARMUP = 200;
const LETTERS = 20;

const round = (ms: number) => Math.round(ms * 1000) / 1000;

function median(fn: () => unknown): number {
  for (let i = 0; i < WARMUP; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/** The old way: one single statement per tenant, each with the building's 30 costs typed in. */
function hundredSingleStatements() {
  const costs = Array.from({ length: 30 }, (_, i) =>
    cost(`Kosten ${i}`, 123_456 + i * 7_919, 'Wohnfläche in m2', { totalArea: 4_000, tenantArea: 75.5 }),
  );
  return Array.from({ length: 100 }, () => form({ costs }));
}

async function finalizeTwenty() {
  const database = await openDatabase({});
  await migrate(database);
  const { db } = database;
  const userId = 'bench-user';
  await db
    .insert(users)
    .values({ id: userId, name: 'Bench', email: 'bench@umlage.test', emailVerified: true });
  await changeCredits(db, { workspaceId: userId, userId, delta: 1000, reason: 'adjustment' });
  const property = await createProperty(db, userId, {
    name: 'Bench',
    type: 'mehrfamilienhaus',
    street: 'Teststraße 1',
    postalCode: '10115',
    city: 'Berlin',
    yearBuilt: 1990,
    totalArea: 2000,
    unitCount: LETTERS,
    notes: '',
  });
  const tenancyIds: string[] = [];
  for (let i = 0; i < LETTERS; i++) {
    const unit = await createUnit(db, userId, property.id, {
      label: `W ${i + 1}`,
      area: 50 + i,
      floor: '',
      note: '',
    });
    const tenancy = await createTenancy(db, userId, unit.id, {
      kind: 'tenant',
      tenant: { name: `Mieter ${i + 1}`, street: '', city: '', email: null },
      start: '2020-01-01',
      end: null,
      persons: 1 + (i % 4),
      monthlyPrepaymentCents: 15_000,
      monthlyRentCents: null,
      flatRate: false,
      changes: [],
    });
    tenancyIds.push(tenancy.id);
  }
  const costs = Array.from({ length: 12 }, (_, i) => ({
    name: `Kosten ${i + 1}`,
    amountCents: 100_000 + i * 3_331,
    key: (['area', 'units', 'persons'] as const)[i % 3] ?? 'area',
  }));
  const workerUrl = await bundledWorker();
  const renderer = createPdfRenderer({ workerUrl, maxQueuePerOwner: LETTERS });
  const log = { warn() {}, error() {}, info() {} } as unknown as Parameters<
    typeof finalizeSettlement
  >[0]['log'];
  // what the landlord ticks in the finalize panel: every warning the draft shows (the warm-up's
  // 2024 deadline has passed)
  const confirmations = async (row: Parameters<typeof settlementView>[1]) => {
    const { result, checks } = await settlementView(db, row);
    return [...result.warnings, ...checks].filter((w) => w.severity === 'warning').map(warningKey);
  };
  try {
    // warm the workers and the queries once
    const warm = await createSettlement(db, userId, property.id, {
      periodStart: '2024-01-01',
      periodEnd: '2024-12-31',
      costs,
    });
    await finalizeSettlement(
      { db, renderer, log, spendRenders: async () => {} },
      { workspaceId: userId, userId, userName: 'Bench' },
      warm.id,
      await confirmations(warm),
    );

    const draft = await createSettlement(db, userId, property.id, {
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      costs,
    });
    // baseline: the same 20 letters through the same pool, without the database
    const { snapshot, result } = await settlementView(db, draft);
    const views = tenancyIds.map((id) => settlementLetterView(snapshot, result, id, { today: '2026-03-01' }));
    const baseStart = performance.now();
    await Promise.all(views.map((view) => renderer.render({ kind: 'letter', view, preview: false }, userId)));
    const renderOnlyMs = performance.now() - baseStart;

    const idle = monitorEventLoopDelay({ resolution: 5 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    idle.disable();

    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const confirmed = await confirmations(draft);
    const start = performance.now();
    const final = await finalizeSettlement(
      { db, renderer, log, spendRenders: async () => {} },
      { workspaceId: userId, userId, userName: 'Bench' },
      draft.id,
      confirmed,
    );
    const finalizeMs = performance.now() - start;
    delay.disable();
    if (final.status !== 'final') throw new Error('not finalized');
    return {
      finalizeMs,
      renderOnlyMs,
      maxDelayMs: delay.max / 1e6,
      idleMaxDelayMs: idle.max / 1e6,
      threads: renderer.threads,
    };
  } finally {
    await renderer.close();
    await database.close();
  }
}

export async function run(): Promise<Record<string, number | string>> {
  const load = loadavg()[0] ?? 0;
  const building = largeBuilding(50, 30);
  const check = calculateSettlement(building);
  if (check.tenancies.length !== 100 || check.costs.length !== 30) throw new Error('unexpected building');
  const settlementMs = median(() => calculateSettlement(building));
  const singles = hundredSingleStatements();
  const singlesMs = median(() => {
    for (const data of singles) computeStatement(data, '2026-03-01');
  });
  const finalize = await finalizeTwenty();
  const missed = [
    settlementMs > 2 && 'compute > 2 ms',
    finalize.finalizeMs > 1500 && 'finalize 20 > 1.5 s',
    finalize.maxDelayMs > 20 && 'event-loop delay > 20 ms',
  ].filter(Boolean);
  return {
    'load average (1 min) at start': round(load),
    'compute 50 units / 100 tenancies / 30 costs, median ms': round(settlementMs),
    'baseline: 100 single statements × 30 costs, median ms': round(singlesMs),
    'ratio settlement ÷ baseline': round(settlementMs / singlesMs),
    'finalize 20 tenant statements (PDFs, archive, ledger), ms': Math.round(finalize.finalizeMs),
    'baseline: the same 20 letters rendered only, ms': Math.round(finalize.renderOnlyMs),
    'ratio finalize ÷ render only': round(finalize.finalizeMs / finalize.renderOnlyMs),
    'max event-loop delay while finalizing, ms': round(finalize.maxDelayMs),
    'max event-loop delay, 1 s idle before, ms': round(finalize.idleMaxDelayMs),
    'PDF worker threads': finalize.threads,
    targets: missed.length === 0 ? 'all met' : `missed: ${missed.join(', ')}`,
  };
}
