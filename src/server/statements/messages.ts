import { AppError } from '../errors';

/** Another workspace's statement, a deleted one and a malformed id all answer the same. */
export const statementNotFound = () => new AppError('not_found', 404, 'Abrechnung nicht gefunden.');
