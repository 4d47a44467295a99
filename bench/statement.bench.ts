// Recomputing a 100-position statement (target: ≤ 1 ms median), plus the same with the
// request schema parsing the form input first, as the server's PDF route does.

import { ALLOCATION_KEY_VALUES, COST_PRESETS } from '../src/shared/catalog';
import { centsToInput } from '../src/shared/money';
import { statementFormSchema, toFormInput } from '../src/shared/schemas/statement-form';
import { computeStatement, type StatementFormData } from '../src/shared/statement';
import { cost, form } from '../tests/builders/statement';

const POSITIONS = 100;
const ITERATIONS = 2000;
const WARMUP = 300;

function hundredPositions(): StatementFormData {
  const costs = Array.from({ length: POSITIONS }, (_, i) => {
    const key = ALLOCATION_KEY_VALUES[i % ALLOCATION_KEY_VALUES.length] ?? 'Pauschal';
    const name = `${COST_PRESETS[i % COST_PRESETS.length]} ${i + 1}`;
    return cost(name, 10_000 + i * 1_237, key, {
      totalArea: 1234.5,
      tenantArea: 75.25 + i,
      totalConsumption: 5000.125,
      tenantConsumption: 123.456,
      totalPeople: 17,
      tenantPeople: 3,
    });
  });
  return form({ costs, prepayments: { monthly: 25_000, months: 12, total: 300_000 } });
}

function measure(fn: () => unknown): { medianMs: number; p95Ms: number; meanMs: number } {
  for (let i = 0; i < WARMUP; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    medianMs: round(at(0.5)),
    p95Ms: round(at(0.95)),
    meanMs: round(times.reduce((s, t) => s + t, 0) / times.length),
  };
}

export async function run(): Promise<Record<string, number | string>> {
  const data = hundredPositions();
  const input = toFormInput(data);
  const view = computeStatement(data, '2025-03-15');
  if (view.rows.length !== POSITIONS) throw new Error('unexpected row count');
  const compute = measure(() => computeStatement(data, '2025-03-15'));
  const parseAndCompute = measure(() => computeStatement(statementFormSchema.parse(input), '2025-03-15'));
  return {
    positions: POSITIONS,
    iterations: ITERATIONS,
    'compute median ms': compute.medianMs,
    'compute p95 ms': compute.p95Ms,
    'compute mean ms': compute.meanMs,
    'parse+compute median ms': parseAndCompute.medianMs,
    'parse+compute p95 ms': parseAndCompute.p95Ms,
    'target compute median ms': 1,
    'tenant total': centsToInput(view.tenantTotalCents),
  };
}
