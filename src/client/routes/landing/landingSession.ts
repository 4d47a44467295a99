import { api } from '../../lib/api';
import type { Me } from '../../lib/session';

/** Runs `load` once per page load; every later call shares its promise. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => {
    promise ??= load();
    return promise;
  };
}

/** The signed-in landlord, or null (logged out, or the server could not be asked). */
export const loadMe = once(() =>
  api<{ me: Me | null }>('/api/session').then(
    ({ me }) => me,
    () => null,
  ),
);
