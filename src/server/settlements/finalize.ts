// POST /api/settlements/{id}/finalize: freezes a draft. The letters are rendered from one snapshot
// outside the transaction once every error is fixed and every warning confirmed; then, in one transaction, the credits are spent (one per tenant statement
// that is not a free re-issue), the letters stored and the snapshot, its hash and the result written.
// Concurrent requests spend once: the loser finds the settlement final and spends nothing.

import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isoDateInBerlin } from '../../shared/dates';
import { ENGINE_VERSION } from '../../shared/settlement/calculate';
import { warningKey } from '../../shared/settlement/checks';
import { hasStatement, type SettlementResult } from '../../shared/settlement/types';
import { computeDraft } from '../../shared/settlement-view/draft';
import { settlementLetterView } from '../../shared/settlement-view/letter-view';
import { settlementOverviewView } from '../../shared/settlement-view/overview-view';
import { changeCredits, creditBalance, insufficientCredits } from '../credits/ledger';
import type { Db, Tx } from '../db/client';
import { settlementOverviews, settlementStatements, settlements } from '../db/schema';
import { AppError } from '../errors';
import type { PdfRenderer } from '../pdf/renderer';
import { releaseRetainedDeposits } from './deposit-release';
import { letterFileName } from './file-names';
import { settlementNotFound } from './messages';
import { overviewStatus } from './overview-pdf';
import { findSettlement, type SettlementRow, settlementForWrite } from './queries';
import { freeLetters } from './reissue';
import { type Snapshot, snapshotHash } from './stored';
import { type ConfirmedWarning, draftContext, liveSnapshot, type StoredResult } from './view';

export interface FinalizeDeps {
  db: Db;
  renderer: PdfRenderer;
  log: FastifyBaseLogger;
  /** Counts the documents about to be rendered against the account's budget (429 beyond it). */
  spendRenders: (renders: number) => Promise<void>;
  now?: Date;
}

/** Letters rendered at once: the pool's threads, so one finalize never floods the account's queue. */
const PARALLEL_LETTERS = 2;

const blocked = (result: SettlementResult) => {
  const errors = result.warnings.filter((w) => w.severity === 'error');
  return new AppError(
    'settlement_blocked',
    409,
    `Die Hausabrechnung kann so nicht finalisiert werden: ${errors.map((e) => e.message).join(' ')}`,
    Object.fromEntries(errors.map((e) => [e.path, e.message])),
  );
};

const unconfirmed = (open: ConfirmedWarning[]) =>
  new AppError(
    'settlement_unconfirmed',
    409,
    `Bitte bestätigen Sie vor dem Finalisieren, dass Sie diese Hinweise geprüft haben: ${open.map((w) => w.message).join(' ')}`,
    Object.fromEntries(open.map((w) => [warningKey(w), w.message])),
  );

const noStatements = () =>
  new AppError(
    'settlement_empty',
    409,
    'In diesem Zeitraum gibt es kein Mietverhältnis, für das eine Abrechnung erstellt werden kann.',
  );

const changedMeanwhile = () =>
  new AppError(
    'settlement_changed',
    409,
    'Die Hausabrechnung wurde während des Finalisierens geändert. Bitte prüfen Sie die Zahlen und finalisieren Sie erneut.',
  );

export async function correctedOn(db: Db | Tx, row: SettlementRow): Promise<{ finalizedOn: string } | null> {
  if (!row.correctsId) return null;
  const previous = await findSettlement(db, row.workspaceId, row.correctsId);
  return previous?.finalizedAt ? { finalizedOn: isoDateInBerlin(previous.finalizedAt) } : null;
}

export interface RenderedLetter {
  tenancyId: string;
  fileName: string;
  content: Uint8Array;
  charged: boolean;
  /** A correction's letter kept as the corrected settlement sent it. */
  unchanged: boolean;
}

async function renderLetters(
  deps: FinalizeDeps,
  row: SettlementRow,
  snapshot: Snapshot,
  result: SettlementResult,
  { free, kept }: Awaited<ReturnType<typeof freeLetters>>,
): Promise<RenderedLetter[]> {
  const today = isoDateInBerlin(deps.now ?? new Date());
  const corrects = await correctedOn(deps.db, row);
  // kept letters are the corrected settlement's, byte for byte
  const keptBytes = new Map(
    (row.correctsId && kept.size > 0
      ? await storedLetters(deps.db, row.workspaceId, row.correctsId, [...kept])
      : []
    ).map((l) => [l.tenancyId, l]),
  );
  const tenants = result.tenancies.filter(hasStatement);
  const letters: RenderedLetter[] = [];
  for (let i = 0; i < tenants.length; i += PARALLEL_LETTERS) {
    const batch = tenants.slice(i, i + PARALLEL_LETTERS);
    letters.push(
      ...(await Promise.all(
        batch.map(async (t) => {
          const same = keptBytes.get(t.tenancyId);
          if (same) {
            return {
              tenancyId: t.tenancyId,
              fileName: same.fileName,
              content: same.content,
              charged: false,
              unchanged: true,
            };
          }
          const view = settlementLetterView(snapshot, result, t.tenancyId, { today, corrects });
          const content = await deps.renderer.render(
            { kind: 'letter', view, preview: false },
            row.workspaceId,
          );
          return {
            tenancyId: t.tenancyId,
            fileName: letterFileName(snapshot, t.tenancyId, {
              preview: false,
              correction: corrects !== null,
            }),
            content,
            charged: !free.has(t.tenancyId),
            unchanged: false,
          };
        }),
      )),
    );
  }
  return letters;
}

/**
 * Finalizes the workspace's draft; a settlement that is already final is answered as it is.
 * `confirmedWarnings` holds the keys (`code@path`, see warningKey) of the warnings the landlord has
 * checked; every warning must be among them, and all are stored with the final version.
 */
export async function finalizeSettlement(
  deps: FinalizeDeps,
  by: { workspaceId: string; userId: string; userName: string },
  id: string,
  confirmedWarnings: readonly string[],
): Promise<SettlementRow> {
  const { db } = deps;
  const { workspaceId } = by;
  const row = await findSettlement(db, workspaceId, id);
  if (!row) throw settlementNotFound();
  if (row.status === 'final') return row;

  const snapshot = await liveSnapshot(db, row);
  const { result, checks } = computeDraft(snapshot, await draftContext(db, row, deps.now ?? new Date()));
  if (result.warnings.some((w) => w.severity === 'error')) throw blocked(result);
  const warnings: ConfirmedWarning[] = [
    // the errors were refused above: what remains of the engine's are warnings
    ...result.warnings.filter((w): w is ConfirmedWarning & typeof w => w.severity === 'warning'),
    ...checks,
  ];
  const confirmed = new Set(confirmedWarnings);
  const open = warnings.filter((w) => !confirmed.has(warningKey(w)));
  if (open.length > 0) throw unconfirmed(open);
  const stored: StoredResult = { ...result, checks, confirmedWarnings: warnings };
  if (!result.tenancies.some(hasStatement)) throw noStatements();
  const today = isoDateInBerlin(deps.now ?? new Date());
  const reissue = await freeLetters(db, row, snapshot, result, today);
  const { free } = reissue;
  const tenants = result.tenancies.filter(hasStatement);
  const needed = tenants.filter((t) => !free.has(t.tenancyId)).length;
  // an early answer that spares the rendering; the transaction below is what guarantees it
  if ((await creditBalance(db, workspaceId)) < needed) throw insufficientCredits();

  const finalizedAt = deps.now ?? new Date();
  const hash = snapshotHash(snapshot);
  await deps.spendRenders(tenants.length + 1);
  const letters = await renderLetters(deps, row, snapshot, result, reissue);
  const overview = await deps.renderer.render(
    {
      kind: 'overview',
      overview: settlementOverviewView(snapshot, result, overviewStatus({ finalizedAt, snapshotHash: hash })),
    },
    workspaceId,
  );

  return db.transaction(async (tx) => {
    // lock order property → settlement → user: the house's writes wait until this one commits
    const current = await settlementForWrite(tx, workspaceId, id, 'update');
    if (!current) throw settlementNotFound();
    if (current.status === 'final') return current;
    if (current.updatedAt.getTime() !== row.updatedAt.getTime()) throw changedMeanwhile();
    // a unit or tenancy changed or deleted while the letters were rendered: they show the old house
    if (snapshotHash(await liveSnapshot(tx, current)) !== hash) throw changedMeanwhile();
    if (needed > 0) {
      await changeCredits(tx, {
        workspaceId,
        userId: by.userId,
        delta: -needed,
        reason: 'pdf',
        reference: `settlement:${id}`,
      });
    }
    await tx.insert(settlementStatements).values(
      letters.map((l) => ({
        settlementId: id,
        workspaceId,
        tenancyId: l.tenancyId,
        fileName: l.fileName,
        content: l.content,
        charged: l.charged,
        unchanged: l.unchanged,
      })),
    );
    await tx.insert(settlementOverviews).values({ settlementId: id, workspaceId, content: overview });
    const [final] = await tx
      .update(settlements)
      .set({
        status: 'final',
        snapshot,
        snapshotHash: hash,
        engineVersion: ENGINE_VERSION,
        result: stored,
        finalizedAt,
        finalizedBy: by.userName,
      })
      .where(and(eq(settlements.id, id), eq(settlements.workspaceId, workspaceId)))
      .returning();
    if (!final) throw settlementNotFound();
    await releaseRetainedDeposits(tx, workspaceId, id, result.tenancies, finalizedAt);
    return final;
  });
}

/** The stored letters of a final settlement (all, or the given tenancies'). */
export function storedLetters(db: Db, workspaceId: string, settlementId: string, tenancyIds?: string[]) {
  return db
    .select({
      tenancyId: settlementStatements.tenancyId,
      fileName: settlementStatements.fileName,
      content: settlementStatements.content,
      charged: settlementStatements.charged,
    })
    .from(settlementStatements)
    .where(
      and(
        eq(settlementStatements.settlementId, settlementId),
        eq(settlementStatements.workspaceId, workspaceId),
        tenancyIds ? inArray(settlementStatements.tenancyId, tenancyIds) : undefined,
      ),
    );
}

/** The letters of a final settlement without their bytes. */
export function letterList(db: Db, workspaceId: string, settlementId: string) {
  return db
    .select({
      tenancyId: settlementStatements.tenancyId,
      fileName: settlementStatements.fileName,
      charged: settlementStatements.charged,
      unchanged: settlementStatements.unchanged,
    })
    .from(settlementStatements)
    .where(
      and(
        eq(settlementStatements.settlementId, settlementId),
        eq(settlementStatements.workspaceId, workspaceId),
      ),
    );
}
