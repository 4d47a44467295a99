// Queries of the PDF routes: the archive of final PDFs and the statement's owner.
// Every query filters by the signed-in user in the query itself.

import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { type ConfirmedCheck, statementPdfs, statements } from '../db/schema';
import { isUuid } from '../http/ids';

export interface ArchivedPdfInfo {
  id: string;
  fileName: string;
  size: number;
  tenantName: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  charged: boolean;
  confirmedWarnings: ConfirmedCheck[];
  createdAt: Date;
}

/**
 * Whether the statement already has a final PDF for the same parties (landlord, tenant, flat) and
 * period: a new one is then a correction and costs no credit.
 */
export async function hasFinalFor(
  db: Db | Tx,
  workspaceId: string,
  statementId: string,
  printed: { tenantName: string; periodStart: string; periodEnd: string; partiesHash: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: statementPdfs.id })
    .from(statementPdfs)
    .where(
      and(
        own(workspaceId, statementId),
        eq(statementPdfs.tenantName, printed.tenantName),
        eq(statementPdfs.periodStart, printed.periodStart),
        eq(statementPdfs.periodEnd, printed.periodEnd),
        eq(statementPdfs.partiesHash, printed.partiesHash),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface ArchiveEntry {
  statementId: string;
  workspaceId: string;
  fileName: string;
  content: Uint8Array;
  tenantName: string;
  periodStart: string;
  periodEnd: string;
  partiesHash: string;
  charged: boolean;
  confirmedWarnings: ConfirmedCheck[];
}

export async function archivePdf(tx: Tx, entry: ArchiveEntry): Promise<string> {
  const [row] = await tx.insert(statementPdfs).values(entry).returning({ id: statementPdfs.id });
  if (!row) throw new Error('archiving the PDF returned no row');
  return row.id;
}

const own = (workspaceId: string, statementId: string) =>
  and(eq(statementPdfs.statementId, statementId), eq(statementPdfs.workspaceId, workspaceId));

/** The statement's archived final PDFs without their bytes, newest first. */
export function listArchivedPdfs(
  db: Db,
  workspaceId: string,
  statementId: string,
): Promise<ArchivedPdfInfo[]> {
  return db
    .select({
      id: statementPdfs.id,
      fileName: statementPdfs.fileName,
      size: sql<number>`octet_length(${statementPdfs.content})::int`,
      tenantName: statementPdfs.tenantName,
      periodStart: statementPdfs.periodStart,
      periodEnd: statementPdfs.periodEnd,
      charged: statementPdfs.charged,
      confirmedWarnings: statementPdfs.confirmedWarnings,
      createdAt: statementPdfs.createdAt,
    })
    .from(statementPdfs)
    .where(own(workspaceId, statementId))
    .orderBy(desc(statementPdfs.createdAt), desc(statementPdfs.id));
}

/** The newest archived final PDF of the workspace's statement, with its bytes. */
export async function latestArchivedPdf(
  db: Db,
  workspaceId: string,
  statementId: string,
): Promise<{ fileName: string; content: Uint8Array } | undefined> {
  const [row] = await db
    .select({ fileName: statementPdfs.fileName, content: statementPdfs.content })
    .from(statementPdfs)
    .where(own(workspaceId, statementId))
    .orderBy(desc(statementPdfs.createdAt), desc(statementPdfs.id))
    .limit(1);
  return row;
}

export async function ownsStatement(db: Db, workspaceId: string, statementId: string): Promise<boolean> {
  if (!isUuid(statementId)) return false;
  const [row] = await db
    .select({ id: statements.id })
    .from(statements)
    .where(and(eq(statements.id, statementId), eq(statements.workspaceId, workspaceId)));
  return row !== undefined;
}
