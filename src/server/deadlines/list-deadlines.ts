// Every statement's §556(3) deadline, and each let property's last calendar year that has neither a
// settlement nor a single statement yet (docs/domain/statement.md).

import { isoDateInBerlin } from '../../shared/dates';
import { daysUntil, deadlineState, depositDeadline, statementDeadline } from '../../shared/deadlines';
import { formatCents, formatDateDe } from '../../shared/money';
import type { DeadlineItemJson, DeadlinesJson } from '../../shared/schemas/deadlines-json';
import { REMINDER_TITLES } from '../../shared/schemas/late-rent';
import type { Db } from '../db/client';
import { workspaceArrears } from '../rent/workspace-arrears';
import {
  depositsToSettle,
  letterReceipts,
  propertiesLetBetween,
  settlementPeriods,
  statementPeriods,
} from './queries';

// a single statement is off the landlord's desk once sent
const SENT = new Set(['Versendet', 'Beglichen']);

const yearOrPeriod = (start: string, end: string) =>
  start.slice(5) === '01-01' && end.slice(5) === '12-31' && start.slice(0, 4) === end.slice(0, 4)
    ? end.slice(0, 4)
    : `${formatDateDe(start)} – ${formatDateDe(end)}`;

function stateLabel(state: DeadlineItemJson['state'], deadline: string, daysLeft: number): string {
  const date = formatDateDe(deadline);
  if (state === 'done') return `Frist ${date} – erledigt`;
  if (state === 'overdue') return `Frist am ${date} abgelaufen`;
  if (daysLeft === 0) return `Frist ${date} – endet heute`;
  return `Frist ${date} – noch ${daysLeft} ${daysLeft === 1 ? 'Tag' : 'Tage'}`;
}

export async function listDeadlines(db: Db, workspaceId: string, now = new Date()): Promise<DeadlinesJson> {
  const today = isoDateInBerlin(now);
  const item = (
    base: Pick<DeadlineItemJson, 'kind' | 'id' | 'propertyId' | 'title' | 'periodStart' | 'periodEnd'>,
    done: boolean,
  ): DeadlineItemJson => {
    const deadline = statementDeadline(base.periodEnd);
    const daysLeft = daysUntil(deadline, today);
    const state = done ? 'done' : deadlineState(deadline, today);
    return {
      ...base,
      deadline,
      daysLeft,
      state,
      label: `${base.title}: ${stateLabel(state, deadline, daysLeft)}`,
    };
  };

  const [settled, single, receipts, deposits, arrears] = await Promise.all([
    settlementPeriods(db, workspaceId),
    statementPeriods(db, workspaceId),
    letterReceipts(db, workspaceId),
    depositsToSettle(db, workspaceId, today),
    // the limited reader's view is filtered by property afterwards
    workspaceArrears(db, { workspaceId, propertyIds: null }),
  ]);
  const items: DeadlineItemJson[] = [
    ...settled.map((s) => {
      // a final settlement is done once every letter reached its tenant, not when it was frozen
      const letters = s.status === 'final' ? receipts.get(s.id) : undefined;
      const done = letters !== undefined && letters.received >= letters.letters;
      const entry = item(
        {
          kind: 'settlement',
          id: s.id,
          propertyId: s.propertyId,
          title: `Hausabrechnung ${yearOrPeriod(s.periodStart, s.periodEnd)} – ${s.propertyName}`,
          periodStart: s.periodStart,
          periodEnd: s.periodEnd,
        },
        done,
      );
      return letters && !done
        ? { ...entry, label: `${entry.label} (${letters.received} von ${letters.letters} zugegangen)` }
        : entry;
    }),
    ...single.flatMap((s) =>
      s.periodStart && s.periodEnd
        ? [
            item(
              {
                kind: 'statement',
                id: s.id,
                propertyId: s.propertyId,
                title: s.title,
                periodStart: s.periodStart,
                periodEnd: s.periodEnd,
              },
              SENT.has(s.status),
            ),
          ]
        : [],
    ),
  ];

  // the last calendar year: settled when any settlement or statement of the property covers a day of it
  const year = Number(today.slice(0, 4)) - 1;
  const start = `${year}-01-01`;
  const end = `${year}-12-31`;
  const covers = (p: { periodStart: string | null; periodEnd: string | null }) =>
    p.periodStart !== null && p.periodEnd !== null && p.periodStart <= end && p.periodEnd >= start;
  const covered = new Set(
    [...settled, ...single].filter((p) => p.propertyId !== null && covers(p)).map((p) => p.propertyId),
  );
  for (const property of await propertiesLetBetween(db, workspaceId, start, end)) {
    if (covered.has(property.id)) continue;
    const missing = item(
      {
        kind: 'missing',
        id: null,
        propertyId: property.id,
        title: `Abrechnung ${year} für ${property.name}`,
        periodStart: start,
        periodEnd: end,
      },
      false,
    );
    items.push({
      ...missing,
      label: `Abrechnung ${year} für ${property.name} noch nicht erstellt — Frist ${formatDateDe(missing.deadline)}`,
    });
  }
  // a moved-out tenant's deposit, to be settled within a reasonable time
  for (const d of deposits) {
    const moveOut = d.end as string;
    const deadline = depositDeadline(moveOut);
    const daysLeft = daysUntil(deadline, today);
    const state = deadlineState(deadline, today);
    const title = `Kaution ${d.tenantName} – ${d.propertyName}`;
    items.push({
      kind: 'deposit',
      id: d.tenancyId,
      propertyId: d.propertyId,
      title,
      periodStart: d.start ?? moveOut,
      periodEnd: moveOut,
      deadline,
      daysLeft,
      state,
      label: `${title}: nach dem Auszug am ${formatDateDe(moveOut)} abrechnen — ${stateLabel(state, deadline, daysLeft)}`,
    });
  }
  // a tenant with open rent who needs his next letter (docs/domain/late-rent.md)
  for (const t of arrears.tenancies) {
    const next = t.nextReminder;
    if (!next || !t.lateSince) continue;
    const title = `Miete ${t.tenantName} – ${t.propertyName}`;
    const open = `${formatCents(t.openCents)} offen seit ${formatDateDe(t.lateSince)}`;
    items.push({
      kind: 'rent',
      id: t.tenancyId,
      propertyId: t.propertyId,
      title,
      periodStart: t.lateSince,
      periodEnd: arrears.asOf ?? today,
      deadline: next.due,
      daysLeft: daysUntil(next.due, today),
      state: next.due <= today ? 'due' : 'open',
      label: next.afterLast
        ? `${title}: ${open}; die letzte Mahnung blieb unbezahlt — weitere Schritte prüfen`
        : `${title}: ${open} — ${REMINDER_TITLES[next.level]} fällig seit ${formatDateDe(next.due)}`,
    });
  }
  return {
    today,
    items: items.sort((a, b) => (a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : 0)),
  };
}
