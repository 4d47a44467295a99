// Consumption from meter readings (docs/domain/house.md). A tenancy's consumption runs from the reading on
// its first day to the reading on the day the next one begins (or on the period's last day), so the
// spans of one flat add up to the flat's consumption without a gap. A reading taken the day before
// (a move-out reading) counts as that day's. Where none was taken, the value is interpolated by days
// between the readings around it, and marked. A meter exchanged within the period counts the old
// meter up to its last reading and the new one from its first.

import { toDayNumber } from '../dates';
import type { MeterKind } from '../vocabulary';
import type { Span } from './occupancy';

export interface MeterReadingInput {
  date: string;
  valueMilli: number;
  estimated: boolean;
}

export interface MeterInput {
  id: string;
  /** null: a main meter of the building. */
  unitId: string | null;
  kind: MeterKind;
  number: string;
  readings: MeterReadingInput[];
}

export interface SpanConsumption {
  /** Thousandths of the meter's unit. */
  milli: number;
  /** A reading of the span's first or last day was interpolated between readings. */
  interpolated: boolean;
  /** A day of the span lies outside every meter's readings: the consumption is incomplete. */
  missing: boolean;
  /** A reading of the span's first or last day is marked estimated (§ 9a HeizkostenV). */
  estimated: boolean;
}

interface Point {
  day: number;
  milli: number;
  estimated: boolean;
}

/** The meter's value on `day`: read, interpolated between readings, or null outside its readings. */
function valueOn(points: Point[], day: number): { milli: number; read: boolean; estimated?: boolean } | null {
  const exact = points.find((p) => p.day === day) ?? points.find((p) => p.day === day - 1);
  if (exact) return { milli: exact.milli, read: true, estimated: exact.estimated };
  const before = [...points].reverse().find((p) => p.day < day);
  const after = points.find((p) => p.day > day);
  if (!before || !after) return null;
  const share = (day - before.day) / (after.day - before.day);
  return { milli: Math.round(before.milli + (after.milli - before.milli) * share), read: false };
}

/**
 * The consumption of the meters (one place: a unit's, or the main meters) within `span` of the
 * period ending on `periodLast`.
 */
export function spanConsumption(
  meters: readonly MeterInput[],
  span: Span,
  periodLast: number,
): SpanConsumption {
  const endDay = span.last === periodLast ? span.last : span.last + 1;
  let milli = 0;
  let interpolated = false;
  let estimated = false;
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  for (const meter of meters) {
    const points = meter.readings
      .map((r) => ({ day: toDayNumber(r.date), milli: r.valueMilli, estimated: r.estimated }))
      .sort((a, b) => a.day - b.day);
    const first = points[0];
    const last = points.at(-1);
    if (!first || !last || first.day === last.day) continue;
    earliest = Math.min(earliest, first.day);
    latest = Math.max(latest, last.day);
    const from = Math.max(span.first, first.day);
    const to = Math.min(endDay, last.day);
    if (from >= to) continue;
    const start = valueOn(points, from);
    const end = valueOn(points, to);
    if (!start || !end) continue;
    milli += Math.max(0, end.milli - start.milli);
    interpolated ||= !start.read || !end.read;
    estimated ||= start.estimated === true || end.estimated === true;
  }
  // an exchanged meter's last and the new one's first reading join up; only the ends can be missing
  return { milli, interpolated, estimated, missing: earliest > span.first || latest < endDay - 1 };
}
