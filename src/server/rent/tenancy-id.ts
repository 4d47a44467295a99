import { notFound } from '../errors';
import { isUuid } from '../http/ids';

/** A tenancy's id from a path; anything but a UUID names no tenancy (404, as another workspace's). */
export function tenancyId(id: string): string {
  if (!isUuid(id)) throw notFound('Mietverhältnis nicht gefunden.');
  return id;
}
