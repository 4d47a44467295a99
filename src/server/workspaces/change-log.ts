// Who did what in a workspace (ADR 0028). Every successful change answered by a route of the table
// below is written to `workspace_changes` as its answer goes out: one place, so no feature can forget
// it, and a test fails for a changing endpoint without an entry. The subject is what the answer
// names (`id`), else what the path names.

import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeAction } from '../../shared/changes';
import { currentSession } from '../auth/require-user';
import type { Db } from '../db/client';
import {
  costGroups,
  meters,
  propertyLoans,
  settlements,
  tenancies,
  units,
  workspaceChanges,
} from '../db/schema';

type Route = `${'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`;

/** The change each changing route makes (null: it changes nothing worth a line, e.g. a preview). */
export const ROUTE_CHANGES: Record<Route, ChangeAction | null> = {
  'POST /api/properties': 'property.created',
  'PATCH /api/properties/:id': 'property.changed',
  'DELETE /api/properties/:id': 'property.deleted',
  'POST /api/properties/:id/units': 'unit.created',
  'POST /api/properties/:id/units/batch': 'units.created',
  'PATCH /api/units/:id': 'unit.changed',
  'DELETE /api/units/:id': 'unit.deleted',
  'POST /api/units/:id/tenancies': 'tenancy.created',
  'POST /api/properties/:id/tenancies/batch': 'tenancies.created',
  'PATCH /api/tenancies/:id': 'tenancy.changed',
  'DELETE /api/tenancies/:id': 'tenancy.deleted',
  'POST /api/tenancies/:id/reminders': 'reminder.created',
  'POST /api/reminders/:id/dispatch': 'reminder.dispatched',
  'PUT /api/tenancies/:id/reminder-pause': 'reminder-pause.set',
  'DELETE /api/tenancies/:id/reminder-pause': 'reminder-pause.lifted',
  'PUT /api/tenancies/:id/deposit': 'deposit.changed',
  'POST /api/tenancies/:id/deposit/settlement': 'deposit.settled',
  'POST /api/properties/:id/loans': 'loan.created',
  'PUT /api/properties/:id/loans/:loanId': 'loan.changed',
  'DELETE /api/properties/:id/loans/:loanId': 'loan.deleted',
  'PUT /api/properties/:id/depreciation': 'depreciation.changed',
  'PUT /api/properties/:id/co-owners': 'co-owners.changed',
  'POST /api/properties/:id/cost-groups': 'cost-group.created',
  'PATCH /api/cost-groups/:id': 'cost-group.changed',
  'DELETE /api/cost-groups/:id': 'cost-group.deleted',
  'POST /api/properties/:id/meters': 'meter.created',
  'POST /api/units/:id/meters': 'meter.created',
  'PATCH /api/meters/:id': 'meter.changed',
  'DELETE /api/meters/:id': 'meter.deleted',
  'POST /api/meters/:id/readings': 'meter.read',
  'POST /api/properties/:id/settlements': 'settlement.created',
  'POST /api/properties/:id/settlements/from/:sourceId': 'settlement.next-year',
  'PUT /api/settlements/:id': 'settlement.changed',
  'DELETE /api/settlements/:id': 'settlement.deleted',
  'POST /api/settlements/:id/prepayments-from-bank': 'settlement.prepayments-from-bank',
  'POST /api/settlements/:id/costs/from-documents': 'settlement.costs-from-documents',
  'PUT /api/settlements/:id/costs/:index/documents': 'settlement.documents-assigned',
  'POST /api/settlements/:id/finalize': 'settlement.finalized',
  'POST /api/settlements/:id/correction': 'settlement.correction',
  'POST /api/settlements/:id/prepayment-proposal/:tenancyId/accept': 'prepayment.accepted',
  'POST /api/settlements/:id/statements/:tenancyId/dispatch': 'letter.sent',
  'DELETE /api/settlements/:id/statements/:tenancyId/links': 'letter.link-removed',
  'POST /api/statements': 'statement.created',
  'PATCH /api/statements/:id': 'statement.changed',
  'DELETE /api/statements/:id': 'statement.deleted',
  'POST /api/statements/:id/copy': 'statement.copied',
  // a final PDF (a preview changes nothing: see below)
  'POST /api/statements/pdf': 'statement.final-pdf',
  'POST /api/documents': 'document.uploaded',
  'PATCH /api/documents/:id': 'document.changed',
  'DELETE /api/documents/:id': 'document.deleted',
  'POST /api/documents/:id/recognition': 'document.read-again',
  'PUT /api/documents/:id/booking': 'document.confirmed',
  'POST /api/documents/confirm-sure': 'documents.confirmed',
  'POST /api/bank/imports': 'bank.imported',
  'POST /api/bank/csv-columns': null,
  'DELETE /api/bank/imports/:id': 'bank.import-deleted',
  'DELETE /api/bank/refused-files/:id': 'bank.refused-deleted',
  'PATCH /api/bank/transactions/:id': 'booking.assigned',
  'POST /api/bank/recurring-payers/tenancies': 'tenancy.created',
  'POST /api/bank/recurring-payers/tenancies/batch': 'tenancies.created',
  'POST /api/bank/recurring-payers/assignments': 'booking.assigned',
  'PUT /api/me/sender': 'sender.changed',
  'POST /api/billing/checkout': null,
  'PATCH /api/workspaces/:id': 'workspace.renamed',
  'PUT /api/workspaces/:id/datev': 'datev.changed',
  'PUT /api/workspaces/:id/rent-settings': 'rent-settings.changed',
  'DELETE /api/workspaces/:id': null,
  'POST /api/workspaces/:id/members': 'member.invited',
  'PATCH /api/workspaces/:id/members': 'member.role-changed',
  'DELETE /api/workspaces/:id/members': 'member.removed',
  'POST /api/invitations/:token/accept': 'invitation.accepted',
};

const isPreview = (request: FastifyRequest) =>
  (request.body as { isPreview?: unknown } | undefined)?.isPreview === true;

/** The `id` an answer names, if it is a JSON object that has one. */
function answerId(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const id = (JSON.parse(payload) as { id?: unknown }).id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** Writes a line for every successful change of a route in ROUTE_CHANGES. */
export function recordChanges(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 300 || request.method === 'GET' || request.method === 'HEAD') return payload;
    const action = ROUTE_CHANGES[`${request.method} ${request.routeOptions.url}` as Route];
    if (!action || (action === 'statement.final-pdf' && isPreview(request))) return payload;
    try {
      const session = await currentSession(request);
      if (!session) return payload;
      const params = request.params as { id?: string };
      const named = request.routeOptions.url?.startsWith('/api/workspaces/:id') ? params.id : undefined;
      const joined = action === 'invitation.accepted' ? answerId(payload) : undefined;
      const workspaceId = named ?? joined ?? session.workspace?.id;
      if (!workspaceId) return payload;
      await app.database.db.insert(workspaceChanges).values({
        workspaceId,
        userId: session.user.id,
        userName: session.user.fullName || session.user.email,
        action,
        subjectId: named || joined ? null : (answerId(payload) ?? params.id ?? null),
      });
    } catch (err) {
      request.log.error({ err }, 'change not written to the workspace log');
    }
    return payload;
  });
}

/** What of a property the log can name: the property, its units, tenancies, groups, meters, settlements, loans. */
async function subjectsOf(db: Db, workspaceId: string, propertyId: string): Promise<string[]> {
  const owned = { workspace: workspaceId, property: propertyId };
  const [u, t, g, m, s, l] = await Promise.all([
    db
      .select({ id: units.id })
      .from(units)
      .where(and(eq(units.workspaceId, owned.workspace), eq(units.propertyId, owned.property))),
    db
      .select({ id: tenancies.id })
      .from(tenancies)
      .innerJoin(units, eq(units.id, tenancies.unitId))
      .where(and(eq(tenancies.workspaceId, owned.workspace), eq(units.propertyId, owned.property))),
    db
      .select({ id: costGroups.id })
      .from(costGroups)
      .where(and(eq(costGroups.workspaceId, owned.workspace), eq(costGroups.propertyId, owned.property))),
    db
      .select({ id: meters.id })
      .from(meters)
      .where(and(eq(meters.workspaceId, owned.workspace), eq(meters.propertyId, owned.property))),
    db
      .select({ id: settlements.id })
      .from(settlements)
      .where(and(eq(settlements.workspaceId, owned.workspace), eq(settlements.propertyId, owned.property))),
    db
      .select({ id: propertyLoans.id })
      .from(propertyLoans)
      .where(
        and(eq(propertyLoans.workspaceId, owned.workspace), eq(propertyLoans.propertyId, owned.property)),
      ),
  ]);
  return [propertyId, ...[u, t, g, m, s, l].flat().map((r) => r.id)];
}

/** The newest lines of a workspace, of one property (and what belongs to it) or one subject if given. */
export async function changesOf(
  db: Db,
  workspaceId: string,
  filter: { propertyId?: string; subjectId?: string },
  limit: number,
) {
  const subjects = filter.propertyId
    ? await subjectsOf(db, workspaceId, filter.propertyId)
    : filter.subjectId
      ? [filter.subjectId]
      : null;
  return db
    .select({
      id: workspaceChanges.id,
      at: workspaceChanges.at,
      userName: workspaceChanges.userName,
      action: workspaceChanges.action,
      subjectId: workspaceChanges.subjectId,
    })
    .from(workspaceChanges)
    .where(
      and(
        eq(workspaceChanges.workspaceId, workspaceId),
        subjects ? inArray(workspaceChanges.subjectId, subjects) : undefined,
      ),
    )
    .orderBy(desc(workspaceChanges.at), desc(workspaceChanges.id))
    .limit(limit);
}
