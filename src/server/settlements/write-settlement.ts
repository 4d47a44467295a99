import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { SettlementInputBody } from '../../shared/schemas/settlement';
import { listTenancies, listUnits } from '../buildings/queries';
import type { Db, Tx } from '../db/client';
import { documents, settlementCostDocuments, settlements } from '../db/schema';
import { AppError } from '../errors';
import { LIMITS, tooManySettlements } from '../limits';
import { propertyNotFound } from '../properties/not-found';
import { lockProperty } from '../properties/queries';
import { startingLetter } from '../sender-profile/queries';
import { settlementIsFinal, settlementNotFound } from './messages';
import { type SettlementRow, settlementForWrite } from './queries';
import { entryColumns } from './stored';
import { settlementView } from './view';

/**
 * Every tenancy and unit the entries name (costs, paid prepayments, heating readings and amounts)
 * must be one of the property's, and the metering company's statement one of the workspace's receipts;
 * anything else is a typing error or a probe.
 */
async function requireOwnTenancies(
  tx: Db | Tx,
  workspaceId: string,
  propertyId: string,
  input: SettlementInputBody,
) {
  const known = new Set((await listTenancies(tx, workspaceId, propertyId)).map((t) => t.id));
  const ownUnits = new Set((await listUnits(tx, workspaceId, propertyId)).map((u) => u.id));
  const fields: Record<string, string> = {};
  const check = (ids: Iterable<string>, path: string, own: Set<string>, message: string) => {
    for (const id of ids) if (!own.has(id)) fields[`${path}.${id}`] = message;
  };
  const heating = input.heating;
  const tenancyMissing = 'Mietverhältnis nicht gefunden.';
  const unitMissing = 'Einheit nicht gefunden.';
  check(Object.keys(heating?.service?.byTenancy ?? {}), 'heating.service.byTenancy', known, tenancyMissing);
  check(
    Object.keys(heating?.computed?.heat.byTenancy ?? {}),
    'heating.computed.heat.byTenancy',
    known,
    tenancyMissing,
  );
  check(
    Object.keys(heating?.computed?.heat.byUnit ?? {}),
    'heating.computed.heat.byUnit',
    ownUnits,
    unitMissing,
  );
  check(
    Object.keys(heating?.computed?.hotWater?.byTenancy ?? {}),
    'heating.computed.hotWater.byTenancy',
    known,
    tenancyMissing,
  );
  check(
    Object.keys(heating?.computed?.hotWater?.byUnit ?? {}),
    'heating.computed.hotWater.byUnit',
    ownUnits,
    unitMissing,
  );
  // an estimated reading is a tenancy's own or a whole flat's (§9b)
  const ownReadings = new Set([...known, ...ownUnits]);
  const readingMissing = 'Mietverhältnis oder Einheit nicht gefunden.';
  check(
    heating?.computed?.heat.estimated ?? [],
    'heating.computed.heat.estimated',
    ownReadings,
    readingMissing,
  );
  check(
    heating?.computed?.hotWater?.estimated ?? [],
    'heating.computed.hotWater.estimated',
    ownReadings,
    readingMissing,
  );
  input.costs.forEach((cost, i) => {
    if (cost.tenancyId && !known.has(cost.tenancyId))
      fields[`costs.${i}.tenancyId`] = 'Mietverhältnis nicht gefunden.';
    const typed = cost.consumption && 'byTenancy' in cost.consumption ? cost.consumption.byTenancy : {};
    for (const id of Object.keys(typed)) {
      if (!known.has(id)) fields[`costs.${i}.consumption.byTenancy.${id}`] = 'Mietverhältnis nicht gefunden.';
    }
  });
  for (const id of Object.keys(input.prepaymentsPaidCents ?? {})) {
    if (!known.has(id)) fields[`prepaymentsPaidCents.${id}`] = 'Mietverhältnis nicht gefunden.';
  }
  const statement = heating?.service?.documentId;
  if (statement) {
    const [own] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.id, statement), eq(documents.workspaceId, workspaceId)));
    if (!own) fields['heating.service.documentId'] = 'Beleg nicht gefunden.';
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation', 400, 'Bitte überprüfen Sie Ihre Eingaben.', fields);
  }
}

const columns = (input: SettlementInputBody) => ({
  periodStart: input.periodStart,
  periodEnd: input.periodEnd,
  ...entryColumns(input),
});

/** Refuses a new settlement beyond LIMITS.settlementsPerPropertyYear (the property is locked). */
export async function refuseTooManySettlements(
  tx: Tx,
  workspaceId: string,
  propertyId: string,
  periodStart: string,
) {
  const year = periodStart.slice(0, 4);
  const [held] = await tx
    .select({ n: count() })
    .from(settlements)
    .where(
      and(
        eq(settlements.propertyId, propertyId),
        eq(settlements.workspaceId, workspaceId),
        sql`extract(year from ${settlements.periodStart}) = ${Number(year)}`,
      ),
    );
  if ((held?.n ?? 0) >= LIMITS.settlementsPerPropertyYear) throw tooManySettlements(year);
}

export async function createSettlement(
  db: Db,
  workspaceId: string,
  propertyId: string,
  input: SettlementInputBody,
): Promise<SettlementRow> {
  return db.transaction(async (tx) => {
    if (!(await lockProperty(tx, workspaceId, propertyId, 'share'))) throw propertyNotFound();
    await refuseTooManySettlements(tx, workspaceId, propertyId, input.periodStart);
    await requireOwnTenancies(tx, workspaceId, propertyId, input);
    // a new settlement without a sender starts with the one kept, else with what the account knows
    const letter = input.letter ?? (await startingLetter(tx, workspaceId)) ?? undefined;
    const [row] = await tx
      .insert(settlements)
      .values({ workspaceId, propertyId, ...columns(letter ? { ...input, letter } : input) })
      .returning();
    if (!row) throw new Error('settlement insert returned no row');
    return row;
  });
}

/** Replaces a draft's period and entries; 409 once final. The receipts of removed positions go. */
export async function updateSettlement(
  db: Db,
  workspaceId: string,
  id: string,
  input: SettlementInputBody,
): Promise<SettlementRow> {
  return db.transaction(async (tx) => {
    const current = await settlementForWrite(tx, workspaceId, id);
    if (!current) throw settlementNotFound();
    if (current.status === 'final') throw settlementIsFinal();
    return replaceDraft(tx, current, input);
  });
}

/** Writes a locked draft's period and entries (part of a caller's transaction). */
export async function replaceDraft(
  tx: Tx,
  current: SettlementRow,
  input: SettlementInputBody,
): Promise<SettlementRow> {
  const { workspaceId, id } = current;
  await requireOwnTenancies(tx, workspaceId, current.propertyId, input);
  const [row] = await tx
    .update(settlements)
    .set({ ...columns(input), updatedAt: sql`now()` })
    .where(and(eq(settlements.id, id), eq(settlements.workspaceId, workspaceId)))
    .returning();
  if (!row) throw settlementNotFound();
  // receipts of positions that no longer exist would otherwise pass to a cost added later
  await tx
    .delete(settlementCostDocuments)
    .where(
      and(
        eq(settlementCostDocuments.settlementId, id),
        eq(settlementCostDocuments.workspaceId, workspaceId),
        gte(settlementCostDocuments.costIndex, input.costs.length),
      ),
    );
  return row;
}

/** Deletes a draft; a final settlement is kept (409). */
export async function deleteSettlement(db: Db, workspaceId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await settlementForWrite(tx, workspaceId, id);
    if (!current) throw settlementNotFound();
    if (current.status === 'final') throw settlementIsFinal();
    await tx.delete(settlements).where(and(eq(settlements.id, id), eq(settlements.workspaceId, workspaceId)));
  });
}

/** The draft with the prepayments the bank files say were paid, for each tenant they know. */
export async function takePrepaymentsFromBank(db: Db, row: SettlementRow): Promise<SettlementRow> {
  const { snapshot, bank } = await settlementView(db, row);
  const { entries } = snapshot;
  return updateSettlement(db, row.workspaceId, row.id, {
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    ...entries,
    prepaymentsPaidCents: { ...entries.prepaymentsPaidCents, ...Object.fromEntries(bank) },
  });
}
