// § 560 Abs. 4 BGB after a final settlement: the proposed monthly prepayment of every tenant
// statement, the free adjustment letter, and taking an accepted amount over into the tenancy as a
// change from the first day of the month after the letter's receipt.

import { isoDateInBerlin, toDayNumber } from '../../shared/dates';
import { formatDateDe } from '../../shared/money';
import type { ShortLetterView } from '../../shared/print-model/short-letter';
import { type TenancyInputBody, tenancyInputSchema } from '../../shared/schemas/house';
import type { PrepaymentProposal, ProposalTenancy } from '../../shared/schemas/prepayment-proposal-json';
import {
  effectiveFrom,
  expectedReceipt,
  monthlyPrepaymentOn,
  proposedMonthlyCents,
  yearDaysFrom,
} from '../../shared/settlement/prepayment-proposal';
import { hasStatement } from '../../shared/settlement/types';
import { prepaymentLetterView } from '../../shared/settlement-view/prepayment-letter-view';
import { presentTenancy } from '../buildings/present';
import { findTenancy } from '../buildings/queries';
import { updateTenancy } from '../buildings/write-tenancy';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { SettlementRow } from './queries';
import { readSnapshot, type Snapshot } from './stored';
import type { StoredResult } from './view';

const notFinal = () =>
  new AppError(
    'settlement_draft',
    409,
    'Eine Anpassung der Vorauszahlungen ist erst nach dem Finalisieren der Hausabrechnung möglich.',
  );
const noStatement = () =>
  new AppError(
    'not_found',
    404,
    'Für dieses Mietverhältnis gibt es in dieser Hausabrechnung keine Abrechnung.',
  );
const tenancyEnded = (from: string) =>
  new AppError(
    'tenancy_ended',
    409,
    `Das Mietverhältnis endet vor dem ${formatDateDe(from)}; eine Anpassung der Vorauszahlung ist nicht mehr nötig.`,
  );

function finalParts(row: SettlementRow): { snapshot: Snapshot; result: StoredResult } {
  if (row.status !== 'final') throw notFinal();
  return { snapshot: readSnapshot(row.snapshot), result: row.result as StoredResult };
}

export async function prepaymentProposal(
  db: Db,
  row: SettlementRow,
  now = new Date(),
): Promise<PrepaymentProposal> {
  const { snapshot, result } = finalParts(row);
  const today = isoDateInBerlin(now);
  const receipt = expectedReceipt(today);
  const entries: ProposalTenancy[] = [];
  for (const t of result.tenancies.filter(hasStatement)) {
    const frozen = snapshot.tenancies.find((x) => x.id === t.tenancyId);
    const liveRow = await findTenancy(db, row.workspaceId, t.tenancyId);
    const live = liveRow ? presentTenancy(liveRow) : frozen;
    entries.push({
      tenancyId: t.tenancyId,
      tenantName: frozen?.tenant.name ?? '',
      unitLabel: snapshot.units.find((u) => u.id === t.unitId)?.label ?? '',
      days: t.days,
      yearDays: yearDaysFrom(snapshot.periodStart),
      shareCents: t.totalCents,
      currentMonthlyCents: live ? monthlyPrepaymentOn(live, today) : 0,
      proposedMonthlyCents: proposedMonthlyCents({
        shareCents: t.totalCents,
        days: t.days,
        periodStart: snapshot.periodStart,
        heating: {
          cents: t.rows
            .filter((r) => result.costs[r.costIndex]?.key === 'heating')
            .reduce((s, r) => s + r.shareCents, 0),
          first: toDayNumber(t.start),
          last: toDayNumber(t.end),
        },
      }),
      ended: live?.end !== null && live?.end !== undefined && live.end < effectiveFrom(receipt),
    });
  }
  return {
    settlementId: row.id,
    today,
    expectedReceipt: receipt,
    effectiveFrom: effectiveFrom(receipt),
    tenancies: entries,
  };
}

export interface LetterRequest {
  monthlyCents: number;
  /** The expected receipt; by default a few days after today. */
  receivedOn?: string;
}

export async function prepaymentLetter(
  db: Db,
  row: SettlementRow,
  tenancyId: string,
  request: LetterRequest,
  now = new Date(),
): Promise<{ view: ShortLetterView; fileName: string }> {
  const { snapshot, result } = finalParts(row);
  const outcome = result.tenancies.find((t) => t.tenancyId === tenancyId && hasStatement(t));
  const frozen = snapshot.tenancies.find((t) => t.id === tenancyId);
  if (!outcome || !frozen) throw noStatement();
  const today = isoDateInBerlin(now);
  const liveRow = await findTenancy(db, row.workspaceId, tenancyId);
  const tenancy = liveRow ? presentTenancy(liveRow) : frozen;
  const view = prepaymentLetterView({
    periodStart: snapshot.periodStart,
    periodEnd: snapshot.periodEnd,
    property: snapshot.property,
    units: snapshot.units,
    tenancy,
    entries: snapshot.entries,
    shareCents: outcome.totalCents,
    days: outcome.days,
    statementDate: row.finalizedAt ? isoDateInBerlin(row.finalizedAt) : today,
    currentMonthlyCents: monthlyPrepaymentOn(tenancy, today),
    newMonthlyCents: request.monthlyCents,
    today,
    receivedOn: request.receivedOn ?? expectedReceipt(today),
  });
  const name = tenancy.tenant.name.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_|_$/g, '') || 'Mieter';
  return {
    view,
    fileName: `Anpassung_Vorauszahlung_${name}_${effectiveFrom(request.receivedOn ?? expectedReceipt(today))}.pdf`,
  };
}

/**
 * Takes the new monthly prepayment over into the tenancy: a change from the first day of the month
 * after receipt (replacing the prepayment of a change on that very day), through the tenancy writes.
 */
const cannotAccept = (reason: string) =>
  new AppError(
    'tenancy_not_updated',
    409,
    `Die neue Vorauszahlung kann nicht beim Mietverhältnis eingetragen werden: ${reason} Bitte passen Sie das Mietverhältnis an und übernehmen Sie den Betrag dann erneut.`,
  );

export async function acceptProposal(
  db: Db,
  row: SettlementRow,
  tenancyId: string,
  request: LetterRequest,
  now = new Date(),
): Promise<{ tenancyId: string; from: string; monthlyCents: number }> {
  const { result } = finalParts(row);
  if (!result.tenancies.some((t) => t.tenancyId === tenancyId && hasStatement(t))) throw noStatement();
  const current = await findTenancy(db, row.workspaceId, tenancyId);
  if (!current) throw noStatement();
  const tenancy = presentTenancy(current);
  const from = effectiveFrom(request.receivedOn ?? expectedReceipt(isoDateInBerlin(now)));
  if (tenancy.end !== null && tenancy.end < from) throw tenancyEnded(from);
  const same = tenancy.changes.find((c) => c.from === from);
  const changes = same
    ? tenancy.changes.map((c) => (c === same ? { ...c, monthlyPrepaymentCents: request.monthlyCents } : c))
    : [...tenancy.changes, { from, monthlyPrepaymentCents: request.monthlyCents }].sort((a, b) =>
        a.from < b.from ? -1 : 1,
      );
  // a tenancy starting after `from` takes the amount as its own from the start
  const parsed =
    tenancy.start !== null && tenancy.start >= from
      ? tenancyInputSchema.safeParse({ ...body(tenancy), monthlyPrepaymentCents: request.monthlyCents })
      : tenancyInputSchema.safeParse({ ...body(tenancy), changes });
  // e.g. a 25th change of values, or a tenancy stored before its name had to be plain text
  if (!parsed.success) throw cannotAccept(parsed.error.issues[0]?.message ?? '');
  await updateTenancy(db, row.workspaceId, tenancyId, parsed.data);
  return { tenancyId, from, monthlyCents: request.monthlyCents };
}

function body(t: ReturnType<typeof presentTenancy>): TenancyInputBody {
  return {
    kind: t.kind,
    tenant: t.tenant,
    start: t.start,
    end: t.end,
    persons: t.persons,
    monthlyPrepaymentCents: t.monthlyPrepaymentCents,
    monthlyRentCents: t.monthlyRentCents,
    changes: t.changes,
    flatRate: t.flatRate ?? false,
  };
}
