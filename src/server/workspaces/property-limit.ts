// A reader limited to chosen properties (ADR 0028) reads those properties and what belongs to them:
// units, tenancies, settlements with their letters and receipts, single statements, deadlines.
// The rest of the workspace (the receipt inbox's other receipts, bank files, credits, the sender)
// answers 403: a route not named here stays closed to such a reader, so a new one cannot leak.

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { WORKSPACE_MESSAGES } from '../../shared/schemas/workspace';
import type { Database, Db, Tx } from '../db/client';
import { properties } from '../db/schema';
import { AppError } from '../errors';
import { isUuid } from '../http/ids';

/** What an id in a path belongs to, and so how it leads to a property. */
type Subject = 'property' | 'settlement' | 'statement' | 'tenancy' | 'document';

const BY_PATH: Array<[RegExp, Subject]> = [
  [/^\/api\/properties\/:id(\/|$)/, 'property'],
  [/^\/api\/settlements\/:id(\/|$)/, 'settlement'],
  [/^\/api\/statements\/:id(\/|$)/, 'statement'],
  [/^\/api\/tenancies\/:id(\/|$)/, 'tenancy'],
  [/^\/api\/documents\/:id(\/|$)/, 'document'],
];

/** Lists whose handler shows only the limited properties' rows (`withinLimit`). */
const FILTERED = new Set([
  '/api/properties',
  '/api/settlements',
  '/api/statements',
  '/api/documents',
  '/api/deadlines',
]);

const outsideLimit = () =>
  new AppError(
    'limited',
    403,
    'Ihr Zugang ist auf ausgewählte Immobilien beschränkt; dieser Bereich gehört nicht dazu.',
  );
const notFound = () => new AppError('not_found', 404, 'Nicht gefunden.');

/** Whether the subject belongs to one of the properties (a receipt also through a settlement's costs). */
async function belongs(
  database: Database,
  workspaceId: string,
  subject: Subject,
  id: string,
  limit: string[],
) {
  if (!isUuid(id)) return false;
  const allowed = `{${limit.join(',')}}`;
  const sql: Record<Subject, string> = {
    property: 'select 1 from properties where workspace_id = $1 and id = $2 and id = any($3::uuid[])',
    settlement:
      'select 1 from settlements where workspace_id = $1 and id = $2 and property_id = any($3::uuid[])',
    statement:
      'select 1 from statements where workspace_id = $1 and id = $2 and property_id = any($3::uuid[])',
    tenancy: `select 1 from tenancies t join units u on u.id = t.unit_id and u.workspace_id = t.workspace_id
      where t.workspace_id = $1 and t.id = $2 and u.property_id = any($3::uuid[])`,
    document: `select 1 from documents d where d.workspace_id = $1 and d.id = $2 and (d.property_id = any($3::uuid[])
      or exists (select 1 from settlement_cost_documents c join settlements s
        on s.id = c.settlement_id and s.workspace_id = c.workspace_id
        where c.workspace_id = $1 and c.document_id = d.id and s.property_id = any($3::uuid[])))`,
  };
  return (await database.read(`limit_${subject}`, sql[subject], [workspaceId, id, allowed])).length > 0;
}

/**
 * Lets a limited reader's request through when it reads one of their properties or a list the
 * handler filters; another property's subject answers 404 (as another workspace's id), anything else 403.
 */
export async function checkPropertyLimit(request: FastifyRequest, workspaceId: string, limit: string[]) {
  const url = request.routeOptions.url ?? '';
  if (request.method !== 'GET' && request.method !== 'HEAD') throw outsideLimit();
  if (FILTERED.has(url)) return;
  const subject = BY_PATH.find(([pattern]) => pattern.test(url))?.[1];
  if (!subject) throw outsideLimit();
  const { id } = request.params as { id: string };
  if (!(await belongs(request.server.database, workspaceId, subject, id, limit))) throw notFound();
}

/**
 * A limited reader's change log: that of one of their properties or of one of their settlements;
 * another one answers 404, the whole workspace's 403.
 */
export async function checkChangesLimit(
  database: Database,
  scope: { workspaceId: string; propertyIds: string[] | null },
  filter: { propertyId?: string; subjectId?: string },
) {
  const limit = scope.propertyIds;
  if (!limit) return;
  const [subject, id]: [Subject, string | undefined] = filter.propertyId
    ? ['property', filter.propertyId]
    : ['settlement', filter.subjectId];
  if (id === undefined) throw outsideLimit();
  if (!(await belongs(database, scope.workspaceId, subject, id, limit))) throw notFound();
}

/** The rows a member may see: all of them, or those of the properties a reader is limited to. */
export function withinLimit<T>(
  scope: { propertyIds: string[] | null },
  rows: T[],
  propertyOf: (row: T) => string | null,
): T[] {
  const limit = scope.propertyIds;
  if (!limit) return rows;
  return rows.filter((row) => {
    const property = propertyOf(row);
    return property !== null && limit.includes(property);
  });
}

/**
 * The properties an owner chose to limit a reader to, checked against the workspace: with their names
 * (for the invitation), or null for no limit. An id of another workspace is refused like an unknown one.
 */
export async function limitOf(
  db: Db | Tx,
  workspaceId: string,
  ids: string[] | null | undefined,
): Promise<{ ids: string[]; names: string[] } | null> {
  if (!ids) return null;
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: properties.id, name: properties.name })
    .from(properties)
    .where(and(eq(properties.workspaceId, workspaceId), inArray(properties.id, unique)))
    .orderBy(asc(properties.name));
  if (found.length !== unique.length)
    throw new AppError('validation', 400, WORKSPACE_MESSAGES.propertiesUnknown, {
      propertyIds: WORKSPACE_MESSAGES.propertiesUnknown,
    });
  return { ids: unique, names: found.map((p) => p.name) };
}
