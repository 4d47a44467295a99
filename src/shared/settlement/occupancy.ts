// Who occupied which unit on which days of the period, in day numbers (see dates.ts).

import { fromDayNumber, toDayNumber } from '../dates';
import type { TenancyInput, UnitInput, UnitTimeline } from './types';

export interface Span {
  first: number;
  last: number;
}

/** A stretch of a tenancy with constant persons and prepayment, clipped to the period. */
export interface Stretch extends Span {
  persons: number;
  monthlyPrepaymentCents: number;
}

export const spanDays = (s: Span) => s.last - s.first + 1;

/** The tenancy's days within the period, or null when it has none. */
export function clipToPeriod(t: TenancyInput, period: Span): Span | null {
  const first = Math.max(toDayNumber(t.start), period.first);
  const last = Math.min(t.end === null ? period.last : toDayNumber(t.end), period.last);
  return first <= last ? { first, last } : null;
}

/** The occupied span cut where persons or prepayment change. */
export function stretches(t: TenancyInput, span: Span): Stretch[] {
  const changes = t.changes.map((c) => ({ ...c, day: toDayNumber(c.from) })).sort((a, b) => a.day - b.day);
  const out: Stretch[] = [];
  let persons = t.persons;
  let monthly = t.monthlyPrepaymentCents;
  let first = span.first;
  for (const change of changes) {
    if (change.day > span.last) break;
    if (change.day > first) {
      out.push({ first, last: change.day - 1, persons, monthlyPrepaymentCents: monthly });
      first = change.day;
    }
    persons = change.persons ?? persons;
    monthly = change.monthlyPrepaymentCents ?? monthly;
  }
  out.push({ first, last: span.last, persons, monthlyPrepaymentCents: monthly });
  return out;
}

export interface Occupancy {
  timelines: UnitTimeline[];
  /** Tenancy id → its span in the period. */
  spans: Map<string, Span>;
  /** Pairs of tenancies that cover the same unit-day. */
  overlaps: Array<[string, string]>;
}

/** Per unit: its tenancies in date order and the gaps between them as vacancy. */
export function occupancy(units: UnitInput[], tenancies: TenancyInput[], period: Span): Occupancy {
  const spans = new Map<string, Span>();
  const byUnit = new Map<string, Array<{ t: TenancyInput; span: Span }>>();
  for (const t of tenancies) {
    const span = clipToPeriod(t, period);
    if (!span) continue;
    spans.set(t.id, span);
    const list = byUnit.get(t.unitId) ?? [];
    list.push({ t, span });
    byUnit.set(t.unitId, list);
  }
  const overlaps: Array<[string, string]> = [];
  const timelines = units.map((unit): UnitTimeline => {
    const list = (byUnit.get(unit.id) ?? []).sort((a, b) => a.span.first - b.span.first);
    const segments: UnitTimeline['segments'] = [];
    let next = period.first;
    let vacantDays = 0;
    let previous: { t: TenancyInput; span: Span } | null = null;
    const vacancy = (first: number, last: number) => {
      segments.push({
        kind: 'vacancy',
        tenancyId: null,
        start: fromDayNumber(first),
        end: fromDayNumber(last),
        days: last - first + 1,
      });
      vacantDays += last - first + 1;
    };
    for (const item of list) {
      if (previous && item.span.first <= previous.span.last) overlaps.push([previous.t.id, item.t.id]);
      if (item.span.first > next) vacancy(next, item.span.first - 1);
      segments.push({
        kind: item.t.kind,
        tenancyId: item.t.id,
        start: fromDayNumber(item.span.first),
        end: fromDayNumber(item.span.last),
        days: spanDays(item.span),
      });
      next = Math.max(next, item.span.last + 1);
      if (!previous || item.span.last > previous.span.last) previous = item;
    }
    if (next <= period.last) vacancy(next, period.last);
    return { unitId: unit.id, segments, vacantDays };
  });
  return { timelines, spans, overlaps };
}
