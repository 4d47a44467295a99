import { AppError } from '../errors';

/** Spec §8: the text shown when a property cannot be loaded (also for another user's id). */
export const propertyNotFound = () => new AppError('not_found', 404, 'Immobilie nicht gefunden');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot name a row, so it is answered like a missing one. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
