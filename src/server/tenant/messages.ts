import { AppError } from '../errors';

/** Every failure of a tenant link answers the same, so nothing tells a valid token from a wrong one. */
export const tenantNotFound = () => new AppError('not_found', 404, 'Nicht gefunden.');
