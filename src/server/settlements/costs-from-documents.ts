// "Aus Belegen übernehmen": the confirmed lines of receipts become cost positions of a
// draft, in one transaction with the receipts attached (they then show on the tenant page, §556(4)).
// A line extends the position of its cost type or opens one with the type's usual key; a service
// period crossing the settlement period contributes its days' share. A receipt already attached to
// the position is not counted twice. Heating goes into the heating section and repairs are never
// allocatable: those lines are left out.

import { and, eq, inArray } from 'drizzle-orm';
import { type CostPreset, usualKey } from '../../shared/catalog';
import { shareOf, touchesPeriod } from '../../shared/receipts/share';
import type { ReceiptFields } from '../../shared/schemas/receipt';
import { type SettlementInputBody, settlementInputSchema } from '../../shared/schemas/settlement';
import type { LabourCategory } from '../../shared/vocabulary';
import type { Db, Tx } from '../db/client';
import { documentRecognitions, documents, settlementCostDocuments } from '../db/schema';
import { AppError } from '../errors';
import { documentsNotFound, settlementIsFinal, settlementNotFound } from './messages';
import { type SettlementRow, settlementForWrite } from './queries';
import { readEntries } from './stored';
import { replaceDraft } from './write-settlement';

/** Kept out of the cost positions: the heating section has them (HeizkostenV). */
const HEATING: ReadonlySet<CostPreset> = new Set(['Heizkosten', 'Warmwasser']);
/** §35a: a craftsman's work (Abs. 3); the others are household services (Abs. 2). */
const CRAFTSMEN: ReadonlySet<CostPreset> = new Set(['Schornsteinreinigung', 'Aufzug']);

const notRead = (name: string) =>
  new AppError(
    'receipt_not_read',
    409,
    `Der Beleg „${name}“ ist noch nicht erkannt. Bitte warten Sie, bis er gelesen ist, oder tragen Sie die Werte ein.`,
  );

const notInEuros = (name: string) =>
  new AppError(
    'receipt_not_in_euros',
    409,
    `Der Beleg „${name}“ ist nicht in Euro ausgestellt. Bitte bestätigen Sie zuerst seine Beträge in Euro.`,
  );

type Cost = SettlementInputBody['costs'][number];

const cannotBook = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, costs: Cost[]) => {
  const [first] = issues;
  const index = first?.path[0] === 'costs' ? Number(first.path[1]) : Number.NaN;
  const position = costs[index]?.name;
  return new AppError(
    'receipts_do_not_fit',
    400,
    `Die Belege lassen sich so nicht übernehmen${position ? ` („${position}“)` : ''}: ${first?.message ?? 'ungültige Werte.'}`,
  );
};

export async function costsFromDocuments(
  db: Db,
  workspaceId: string,
  settlementId: string,
  documentIds: readonly string[],
): Promise<SettlementRow> {
  return db.transaction(async (tx) => {
    const current = await settlementForWrite(tx, workspaceId, settlementId);
    if (!current) throw settlementNotFound();
    if (current.status === 'final') throw settlementIsFinal();
    return bookDocuments(tx, current, documentIds);
  });
}

/**
 * The next year's draft filled from that year's receipts: the property's confirmed ones whose
 * service period (or date) touches the new period (part of the caller's transaction).
 */
export async function bookReceiptsOfPeriod(tx: Tx, draft: SettlementRow): Promise<SettlementRow> {
  const period = { start: draft.periodStart, end: draft.periodEnd };
  const rows = await tx
    .select({ id: documents.id, booking: documentRecognitions.booking })
    .from(documents)
    .innerJoin(documentRecognitions, eq(documentRecognitions.documentId, documents.id))
    .where(and(eq(documents.workspaceId, draft.workspaceId), eq(documents.propertyId, draft.propertyId)));
  const ids = rows.flatMap((r) => (r.booking && touchesPeriod(r.booking, period) ? [r.id] : []));
  return ids.length === 0 ? draft : bookDocuments(tx, draft, ids);
}

/** Books the receipts into a locked draft and attaches them. */
async function bookDocuments(
  tx: Tx,
  current: SettlementRow,
  documentIds: readonly string[],
): Promise<SettlementRow> {
  const { workspaceId, id: settlementId } = current;
  const wanted = [...new Set(documentIds)];
  const rows = await tx
    .select({
      id: documents.id,
      name: documents.name,
      fields: documentRecognitions.fields,
      booking: documentRecognitions.booking,
      warnings: documentRecognitions.warnings,
    })
    .from(documents)
    .leftJoin(documentRecognitions, eq(documentRecognitions.documentId, documents.id))
    .where(and(eq(documents.workspaceId, workspaceId), inArray(documents.id, wanted)));
  if (rows.length !== wanted.length) throw documentsNotFound();

  const period = { start: current.periodStart, end: current.periodEnd };
  const entries = readEntries(current.input, { periodStart: period.start, periodEnd: period.end });
  const costs: Cost[] = [...entries.costs];
  const attached = await tx
    .select({ costIndex: settlementCostDocuments.costIndex, documentId: settlementCostDocuments.documentId })
    .from(settlementCostDocuments)
    .where(
      and(
        eq(settlementCostDocuments.settlementId, settlementId),
        eq(settlementCostDocuments.workspaceId, workspaceId),
      ),
    );
  // attached before this call: counted already. Every line of this call counts, two lines of one cost
  // type on one receipt as well (a water bill's supply and sewage lines of one position).
  const counted = new Set(attached.map((a) => `${a.costIndex}:${a.documentId}`));
  const newLinks = new Map<string, { costIndex: number; documentId: string }>();

  for (const id of wanted) {
    const row = rows.find((r) => r.id === id);
    const fields: ReceiptFields | null = row?.booking ?? row?.fields ?? null;
    if (!row || !fields) throw notRead(row?.name ?? id);
    // an invoice in another currency is booked once the landlord confirmed its euro amounts
    if (!row.booking && row.warnings?.some((w) => w.code === 'foreign-currency')) throw notInEuros(row.name);
    for (const line of fields.lines) {
      if (line.category === null || HEATING.has(line.category)) continue;
      const index = positionOf(costs, line.category);
      const link = `${index}:${id}`;
      if (counted.has(link)) continue;
      const share = shareOf(line.category, line.amountCents, fields.servicePeriod, period);
      const labour =
        line.labourCents === null ? null : shareOf('', line.labourCents, fields.servicePeriod, period).cents;
      costs[index] = extended(costs[index], line.category, share.cents, labour);
      newLinks.set(link, { costIndex: index, documentId: id });
    }
  }

  // what the receipts make must be a settlement the editor could save (a cost's maximum, a credit above
  // its costs): else a 400 that names the position, never a draft that breaks later reads
  const checked = settlementInputSchema.safeParse({
    periodStart: period.start,
    periodEnd: period.end,
    ...entries,
    costs,
  });
  if (!checked.success) throw cannotBook(checked.error.issues, costs);
  const row = await replaceDraft(tx, current, checked.data);
  if (newLinks.size > 0) {
    await tx
      .insert(settlementCostDocuments)
      .values([...newLinks.values()].map((l) => ({ ...l, settlementId, workspaceId })));
  }
  return row;
}

/** The index of the position named like the cost type; a new one at the end when there is none. */
function positionOf(costs: Cost[], category: CostPreset): number {
  const key = category.toLocaleLowerCase('de-DE');
  const index = costs.findIndex((c) => c.name.trim().toLocaleLowerCase('de-DE') === key);
  return index === -1 ? costs.length : index;
}

function extended(cost: Cost | undefined, category: CostPreset, cents: number, labour: number | null): Cost {
  const base: Cost = cost ?? { name: category, amountCents: 0, key: usualKey(category) ?? 'area' };
  const withAmount = { ...base, amountCents: base.amountCents + cents };
  if (labour === null || labour === 0) return withAmount;
  const labourCategory: LabourCategory = CRAFTSMEN.has(category) ? 'craftsman' : 'household';
  return {
    ...withAmount,
    labour35a: {
      category: base.labour35a?.category ?? labourCategory,
      amountCents: (base.labour35a?.amountCents ?? 0) + labour,
    },
  };
}
