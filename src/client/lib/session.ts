import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '../../shared/schemas/workspace';
import { api } from './api';
import { queryClient } from './queryClient';

export interface SessionUser {
  id: string;
  email: string;
  // Empty when the user has not given a name.
  fullName: string;
  emailVerified: boolean;
}

/** The answer of GET /api/me: the person, and the workspace (with their role) the dashboard shows. */
export interface Me {
  user: SessionUser;
  credits: number;
  /** propertyIds: a reader limited to these properties; null: the whole workspace. */
  workspace: { id: string; name: string; role: Role; propertyIds: string[] | null } | null;
}

export const meQueryKey = ['me'] as const;

/** The signed-in user, or null for a visitor (GET /api/session answers 200 either way: no console error). */
export const meQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: async ({ signal }): Promise<Me | null> =>
    (await api<{ me: Me | null }>('/api/session', { signal })).me,
  staleTime: 60_000,
});

/** `data` is the user, null when logged out, undefined while loading or after an error. */
export function useMe() {
  return useQuery(meQuery);
}

/** For route loaders: the cached or freshly fetched session; any failure counts as logged out. */
export async function loadMe(): Promise<Me | null> {
  try {
    return await queryClient.ensureQueryData(meQuery);
  } catch {
    return null;
  }
}

/**
 * Fetches /api/me now and stores it. Call it after sign-in, sign-up or a profile change, before
 * navigating: the route guards read the cached session and would otherwise still see null.
 */
export function refreshMe(): Promise<Me | null> {
  return queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
}

/** Whether the person may change the workspace's data (a read-only member may not: ADR 0028). */
export function useCanEdit(): boolean {
  const { data: me } = useMe();
  return me?.workspace?.role !== 'reader';
}

/** Whether the person is a reader limited to chosen properties (the rest of the workspace is closed). */
export function useLimited(): boolean {
  const { data: me } = useMe();
  return Boolean(me?.workspace?.propertyIds);
}

/** Full name if set, otherwise the e-mail address. */
export function displayName(user: SessionUser): string {
  return user.fullName.trim() || user.email;
}

// While a deliberate sign-out navigates to /login, the guard must not add its own redirect.
let signingOut = false;
export const isSigningOut = () => signingOut;
export const startSigningOut = () => {
  signingOut = true;
};
export const endSigningOut = () => {
  signingOut = false;
};
