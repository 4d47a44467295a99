// What one workspace may hold of the house: more than a private landlord plausibly has, and little
// enough that a settlement's figures are computed in tens of milliseconds (100 units with
// 400 tenancies and 100 costs take about 60 ms) and a final's stored result stays a few megabytes.

import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { enforceRateLimit } from './http/rate-limit';
import type { Throttle } from './http/throttle';
import { requireScope } from './workspaces/scope';

export const LIMITS = {
  unitsPerProperty: 100,
  tenanciesPerUnit: 20,
  tenanciesPerProperty: 400,
  /** Drafts, finals and corrections of one property whose period starts in the same year. */
  settlementsPerPropertyYear: 12,
  costGroupsPerProperty: 50,
  metersPerProperty: 300,
  readingsPerMeter: 100,
} as const;

export const limitReached = (message: string) => new AppError('limit_reached', 409, message);

export const tooManyUnits = () =>
  limitReached(`Eine Immobilie kann höchstens ${LIMITS.unitsPerProperty} Einheiten haben.`);

export const tooManyTenancies = (scope: 'unit' | 'property') =>
  limitReached(
    scope === 'unit'
      ? `Eine Einheit kann höchstens ${LIMITS.tenanciesPerUnit} Mietverhältnisse haben. Bitte löschen Sie alte Mietverhältnisse, die in keiner Abrechnung mehr gebraucht werden.`
      : `Eine Immobilie kann höchstens ${LIMITS.tenanciesPerProperty} Mietverhältnisse haben.`,
  );

export const tooManyCostGroups = () =>
  limitReached(`Eine Immobilie kann höchstens ${LIMITS.costGroupsPerProperty} Gruppen haben.`);

export const tooManySettlements = (year: string) =>
  limitReached(
    `Für eine Immobilie sind höchstens ${LIMITS.settlementsPerPropertyYear} Hausabrechnungen mit Beginn im Jahr ${year} möglich (Entwürfe und Korrekturen eingerechnet). Bitte löschen Sie nicht mehr benötigte Entwürfe.`,
  );

/**
 * Writes of the house (units, tenancies, settlements) per workspace and hour: entering a large house
 * and editing its settlement takes a few hundred; a script flooding the database is stopped.
 */
export const HOUSE_WRITES = { window: 60 * 60, max: 1200 } as const;

/** Counts every write request of the plugin's routes against HOUSE_WRITES of the request's workspace. */
export function countHouseWrites(app: FastifyInstance, throttle: Throttle): void {
  app.addHook('preValidation', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const { workspaceId } = await requireScope(request);
    await enforceRateLimit(throttle, reply, `house-writes:${workspaceId}`, HOUSE_WRITES);
  });
}
