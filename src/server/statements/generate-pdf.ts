// POST /api/statements/pdf: a free preview, or a final PDF for one credit. The credit, the archived
// PDF and the statement's new status commit in one transaction, so a credit is spent exactly once
// per delivered final PDF and concurrent requests never spend credits that do not exist. A saved
// statement that already has a final PDF for the same tenant and period gets a correction for free.
// A final PDF needs every warning of the checks confirmed; they are archived with it.

import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { canonicalJson } from '../../shared/canonical-json';
import { isoDateInBerlin } from '../../shared/dates';
import { statementColumns } from '../../shared/schemas/statement';
import { readStoredFormData } from '../../shared/schemas/statement-form';
import { warningKey } from '../../shared/settlement/checks';
import { type StatementFormData, statementFileName, statementWarnings } from '../../shared/statement';
import { changeCredits, creditBalance, insufficientCredits } from '../credits/ledger';
import type { Db } from '../db/client';
import { statements } from '../db/schema';
import { AppError } from '../errors';
import type { PdfRenderer } from '../pdf/renderer';
import { statementNotFound } from './messages';
import { archivePdf, hasFinalFor, ownsStatement } from './pdf-archive';
import { lockStatement } from './queries';
import { followingTitle } from './rules';

export interface GeneratePdfRequest {
  workspaceId: string;
  /** Who made it: named in the credit ledger when it costs a credit. */
  userId: string;
  formData: StatementFormData;
  isPreview: boolean;
  /** A saved statement: a final PDF is archived with it and sets its status to Erstellt. */
  statementId?: string;
  /** The keys (`code@path`, see warningKey) of the warnings the landlord has checked. */
  confirmedWarnings?: readonly string[];
}

export interface GeneratedPdf {
  pdf: Uint8Array;
  fileName: string;
  /** The balance after a final PDF. */
  credits?: number;
  /** A final PDF that corrected an earlier one of the same tenant and period, without a credit. */
  correction?: boolean;
}

const unconfirmed = (open: { code: string; path: string; message: string }[]) =>
  new AppError(
    'statement_unconfirmed',
    409,
    `Bitte bestätigen Sie vor der finalen PDF, dass Sie diese Hinweise geprüft haben: ${open.map((w) => w.message).join(' ')}`,
    Object.fromEntries(open.map((w) => [warningKey(w), w.message])),
  );

/**
 * Whom a statement is from and to, and about which flat: a later final PDF is a free correction only
 * when these are the same (the costs may differ, that is what a correction fixes).
 */
function partiesHash({ landlord, tenant, propertyAddress }: StatementFormData): string {
  const { street, postalCode, city, floor } = propertyAddress;
  const parties = { landlord, tenant, flat: { street, postalCode, city, floor } };
  return createHash('sha256').update(canonicalJson(parties)).digest('hex');
}

export async function generateStatementPdf(
  deps: { db: Db; renderer: PdfRenderer; now?: Date },
  request: GeneratePdfRequest,
): Promise<GeneratedPdf> {
  const { db, renderer } = deps;
  const { workspaceId, userId, formData, isPreview, statementId } = request;
  const today = isoDateInBerlin(deps.now ?? new Date());
  const fileName = statementFileName(formData, isPreview);
  const printed = {
    tenantName: formData.tenant.name,
    periodStart: formData.billingPeriod.start,
    periodEnd: formData.billingPeriod.end,
    partiesHash: partiesHash(formData),
  };

  let correction = false;
  const warnings = statementWarnings(formData, today);
  if (!isPreview) {
    // Early answers that spare the rendering; the transaction below is what guarantees them.
    if (statementId !== undefined && !(await ownsStatement(db, workspaceId, statementId)))
      throw statementNotFound();
    const confirmed = new Set(request.confirmedWarnings ?? []);
    const open = warnings.filter((w) => !confirmed.has(warningKey(w)));
    if (open.length > 0) throw unconfirmed(open);
    correction = statementId !== undefined && (await hasFinalFor(db, workspaceId, statementId, printed));
    if (!correction && (await creditBalance(db, workspaceId)) < 1) throw insufficientCredits();
  }

  const pdf = await renderer.render(
    { kind: 'statement', formData, today, preview: isPreview, correction },
    workspaceId,
  );
  if (isPreview) return { pdf, fileName };

  const credits = await db.transaction(async (tx) => {
    // Lock order statement → user everywhere, so concurrent final PDFs cannot deadlock.
    const current = statementId === undefined ? undefined : await lockStatement(tx, workspaceId, statementId);
    if (statementId !== undefined && !current) throw statementNotFound();
    // decided again under the lock: of racing first final PDFs, exactly one pays
    const free = current !== undefined && (await hasFinalFor(tx, workspaceId, current.id, printed));
    const left = free
      ? await creditBalance(tx, workspaceId)
      : await changeCredits(tx, {
          workspaceId,
          userId,
          delta: -1,
          reason: 'pdf',
          reference: statementId ? `statement:${statementId}` : fileName,
        });
    if (current) {
      await archivePdf(tx, {
        statementId: current.id,
        workspaceId,
        fileName,
        content: pdf,
        ...printed,
        charged: !free,
        confirmedWarnings: warnings,
      });
      // The statement keeps what was printed: its form data, and the status Erstellt.
      await tx
        .update(statements)
        .set({
          status: 'Erstellt',
          title: followingTitle(current.title, readStoredFormData(current.formData), formData),
          formData: { ...formData, selectedPropertyId: current.propertyId },
          ...statementColumns(formData),
          updatedAt: sql`now()`,
        })
        .where(and(eq(statements.id, current.id), eq(statements.workspaceId, workspaceId)));
    }
    return { left, free };
  });
  return { pdf, fileName, credits: credits.left, correction: credits.free };
}
