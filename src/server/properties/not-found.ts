import { AppError } from '../errors';

/** Spec §8: the text shown when a property cannot be loaded (also for another workspace's id). */
export const propertyNotFound = () => new AppError('not_found', 404, 'Immobilie nicht gefunden');
